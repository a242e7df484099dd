/*
 * jsonptr.c - RFC 6901 JSON Pointer building and resolution.
 */
#include <stdio.h>
#include <string.h>
#include "amc/doc.h"
#include "jsonptr_int.h"

amc_status amc_ptr_push_key(amc_buf *b, const char *key, size_t len)
{
    size_t i = 0, run = 0;
    amc_status st = amc_buf_putc(b, '/');
    for (i = 0; i < len && st == AMC_OK; i++) {
        if (key[i] != '~' && key[i] != '/')
            continue;
        st = amc_buf_append(b, key + run, i - run);
        if (st == AMC_OK)
            st = amc_buf_append(b, key[i] == '~' ? "~0" : "~1", 2);
        run = i + 1;
    }
    if (st == AMC_OK)
        st = amc_buf_append(b, key + run, len - run);
    return st;
}

amc_status amc_ptr_push_index(amc_buf *b, size_t index)
{
    return amc_buf_printf(b, "/%zu", index);
}

void amc_ptr_pop(amc_buf *b, size_t old_len)
{
    if (old_len <= b->len) {
        b->len = old_len;
        if (b->data)
            b->data[old_len] = '\0';
    }
}

/* Compares the pointer token tok[0..n) (with ~0/~1 escapes) to key[0..klen). */
static int token_eq(const char *tok, size_t n, const char *key, size_t klen)
{
    size_t i = 0, k = 0;
    while (i < n) {
        char c = tok[i];
        if (c == '~') {
            if (i + 1 >= n)
                return 0;
            if (tok[i + 1] == '0')
                c = '~';
            else if (tok[i + 1] == '1')
                c = '/';
            else
                return 0;
            i += 2;
        } else {
            i++;
        }
        if (k >= klen || key[k] != c)
            return 0;
        k++;
    }
    return k == klen;
}

const amc_value *amc_value_at_pointer(const amc_value *root, const char *ptr, size_t ptr_len)
{
    const amc_value *v = root;
    size_t i = 0;
    if (!v)
        return NULL;
    if (ptr_len == 0)
        return v;
    if (ptr[0] != '/')
        return NULL;
    i = 1;
    for (;;) {
        size_t start = i, n = 0;
        while (i < ptr_len && ptr[i] != '/')
            i++;
        n = i - start;
        if (v->type == AMC_T_OBJECT) {
            size_t m = 0;
            const amc_value *next = NULL;
            for (m = 0; m < v->u.obj.len; m++) {
                const amc_member *mem = &v->u.obj.members[m];
                if (token_eq(ptr + start, n, mem->key, mem->key_len)) {
                    next = mem->value;
                    break;
                }
            }
            if (!next)
                return NULL;
            v = next;
        } else if (v->type == AMC_T_ARRAY) {
            size_t idx = 0, k = 0;
            if (n == 0 || (n > 1 && ptr[start] == '0'))
                return NULL;
            for (k = 0; k < n; k++) {
                char c = ptr[start + k];
                if (c < '0' || c > '9' || idx > (SIZE_MAX - 9) / 10)
                    return NULL;
                idx = idx * 10 + (size_t)(c - '0');
            }
            if (idx >= v->u.arr.len)
                return NULL;
            v = v->u.arr.items[idx];
        } else {
            return NULL;
        }
        if (i >= ptr_len)
            return v;
        i++; /* skip '/' */
    }
}
