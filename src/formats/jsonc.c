/*
 * jsonc.c - conversion between amc documents and json-c trees, for programs that embed amc and
 * already hold json-c objects. json-c is not used to read input (it is not strict enough).
 */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>
#include "amc/json.h"

struct json_object *amc_value_to_json_c(const amc_value *v)
{
    struct json_object *o = NULL;
    size_t i = 0;
    switch (v->type) {
    case AMC_T_NULL:
        return NULL; /* json-c represents null as NULL */
    case AMC_T_BOOL:
        return json_object_new_boolean(v->u.boolean);
    case AMC_T_NUMBER:
        if (v->flags & AMC_NUM_INT64)
            return json_object_new_int64(v->u.num.i);
        /* keep the exact text for serialization */
        return json_object_new_double_s(v->u.num.d, v->u.num.text);
    case AMC_T_STRING:
        return json_object_new_string_len(v->u.str.ptr, (int)v->u.str.len);
    case AMC_T_ARRAY:
        o = json_object_new_array_ext((int)v->u.arr.len);
        if (!o)
            return NULL;
        for (i = 0; i < v->u.arr.len; i++) {
            struct json_object *item = amc_value_to_json_c(v->u.arr.items[i]);
            if (!item && v->u.arr.items[i]->type != AMC_T_NULL) {
                json_object_put(o);
                return NULL;
            }
            if (json_object_array_add(o, item) != 0) {
                json_object_put(item);
                json_object_put(o);
                return NULL;
            }
        }
        return o;
    case AMC_T_OBJECT:
        o = json_object_new_object();
        if (!o)
            return NULL;
        for (i = 0; i < v->u.obj.len; i++) {
            const amc_member *m = &v->u.obj.members[i];
            struct json_object *item = amc_value_to_json_c(m->value);
            if (!item && m->value->type != AMC_T_NULL) {
                json_object_put(o);
                return NULL;
            }
            /* json-c keys are NUL-terminated: a key containing U+0000 is truncated there */
            if (json_object_object_add(o, m->key, item) != 0) {
                json_object_put(item);
                json_object_put(o);
                return NULL;
            }
        }
        return o;
    }
    return NULL;
}

/* The value of jo in doc, or NULL: *nonfinite set for a NaN or an infinity (no JSON form), else
 * out of memory. */
static amc_value *from_jc(amc_doc *doc, struct json_object *jo, bool *nonfinite)
{
    amc_value *v = NULL;
    char num[64];
    size_t i = 0, n = 0;
    switch (json_object_get_type(jo)) {
    case json_type_null:
        return amc_doc_new_value(doc, AMC_T_NULL, AMC_NO_OFFSET);
    case json_type_boolean:
        v = amc_doc_new_value(doc, AMC_T_BOOL, AMC_NO_OFFSET);
        if (v)
            v->u.boolean = json_object_get_boolean(jo) != 0;
        return v;
    case json_type_int:
        if (json_object_get_int64(jo) == INT64_MAX && json_object_get_uint64(jo) > INT64_MAX)
            snprintf(num, sizeof num, "%llu", (unsigned long long)json_object_get_uint64(jo));
        else
            snprintf(num, sizeof num, "%lld", (long long)json_object_get_int64(jo));
        return amc_doc_new_number(doc, num, strlen(num), AMC_NO_OFFSET);
    case json_type_double: {
        double d = json_object_get_double(jo);
        if (d != d || d > 1.7976931348623157e308 || d < -1.7976931348623157e308) {
            *nonfinite = true; /* NaN/Infinity have no JSON form */
            return NULL;
        }
        snprintf(num, sizeof num, "%.17g", d);
        if (strchr(num, ',')) /* a decimal comma from the locale */
            *strchr(num, ',') = '.';
        return amc_doc_new_number(doc, num, strlen(num), AMC_NO_OFFSET);
    }
    case json_type_string:
        return amc_doc_new_string(doc, json_object_get_string(jo),
                                  (size_t)json_object_get_string_len(jo), AMC_NO_OFFSET);
    case json_type_array:
        v = amc_doc_new_value(doc, AMC_T_ARRAY, AMC_NO_OFFSET);
        if (!v)
            return NULL;
        n = json_object_array_length(jo);
        v->u.arr.len = n;
        v->u.arr.items = amc_doc_alloc(doc, (n ? n : 1) * sizeof(amc_value *));
        if (!v->u.arr.items)
            return NULL;
        for (i = 0; i < n; i++) {
            v->u.arr.items[i] = from_jc(doc, json_object_array_get_idx(jo, i), nonfinite);
            if (!v->u.arr.items[i])
                return NULL;
        }
        return v;
    case json_type_object: {
        struct json_object_iterator it, end;
        v = amc_doc_new_value(doc, AMC_T_OBJECT, AMC_NO_OFFSET);
        if (!v)
            return NULL;
        n = (size_t)json_object_object_length(jo);
        v->u.obj.members = amc_doc_alloc(doc, (n ? n : 1) * sizeof(amc_member));
        if (!v->u.obj.members)
            return NULL;
        it = json_object_iter_begin(jo);
        end = json_object_iter_end(jo);
        while (!json_object_iter_equal(&it, &end)) {
            amc_member *m = &v->u.obj.members[v->u.obj.len];
            const char *k = json_object_iter_peek_name(&it);
            m->key_len = strlen(k);
            m->key = amc_doc_strdup(doc, k, m->key_len);
            m->key_offset = AMC_NO_OFFSET;
            m->value = from_jc(doc, json_object_iter_peek_value(&it), nonfinite);
            if (!m->key || !m->value)
                return NULL;
            v->u.obj.len++;
            json_object_iter_next(&it);
        }
        return v;
    }
    }
    return NULL;
}

amc_status amc_doc_from_json_c(struct json_object *jo, amc_doc **out)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *root = NULL;
    bool nonfinite = false;
    *out = NULL;
    if (!doc)
        return AMC_ENOMEM;
    root = from_jc(doc, jo, &nonfinite);
    if (!root) {
        amc_doc_free(doc);
        return nonfinite ? AMC_EINVALID : AMC_ENOMEM;
    }
    amc_doc_set_root(doc, root);
    *out = doc;
    return AMC_OK;
}
