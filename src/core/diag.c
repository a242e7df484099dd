/*
 * diag.c - the code table (generated from codes.def) and the diagnostics list.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "amc/diag.h"
#include "arena_int.h"
#include "diag_int.h"

typedef struct code_row {
    amc_code code;
    amc_severity sev;
    const char *id;
    const char *name;
    const char *msg;
} code_row;

#define SEV_ERROR   AMC_SEV_ERROR
#define SEV_WARNING AMC_SEV_WARNING
#define SEV_INFO    AMC_SEV_INFO
static const code_row code_table[] = {
#define AMC_CODE(id, num, sev, name, msg) {AMC_C_##id, SEV_##sev, #id, name, msg},
#include "amc/codes.def"
#undef AMC_CODE
};
#define N_CODES (sizeof code_table / sizeof code_table[0])

/* The table is in ascending number order (tests/unit/test_diag.c checks it). */
static const code_row *find_row(amc_code code)
{
    size_t lo = 0, hi = N_CODES;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (code_table[mid].code == code)
            return &code_table[mid];
        if ((int)code_table[mid].code < (int)code)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const char *amc_code_name(amc_code code)
{
    const code_row *r = find_row(code);
    return r ? r->name : NULL;
}

const char *amc_code_id(amc_code code)
{
    const code_row *r = find_row(code);
    return r ? r->id : NULL;
}

const char *amc_code_message(amc_code code)
{
    const code_row *r = find_row(code);
    return r ? r->msg : NULL;
}

amc_severity amc_code_severity(amc_code code)
{
    const code_row *r = find_row(code);
    return r ? r->sev : AMC_SEV_ERROR;
}

amc_code amc_code_lookup(const char *name)
{
    size_t i = 0;
    if (!name)
        return (amc_code)0;
    for (i = 0; i < N_CODES; i++)
        if (!strcmp(code_table[i].id, name) || !strcmp(code_table[i].name, name))
            return code_table[i].code;
    return (amc_code)0;
}

amc_code amc_code_at(size_t i)
{
    return i < N_CODES ? code_table[i].code : (amc_code)0;
}

const char *amc_severity_str(amc_severity sev)
{
    switch (sev) {
    case AMC_SEV_ERROR:
        return "error";
    case AMC_SEV_WARNING:
        return "warning";
    case AMC_SEV_INFO:
        return "info";
    }
    return "error";
}

const char *amc_status_str(amc_status st)
{
    switch (st) {
    case AMC_OK:
        return "ok";
    case AMC_EINVALID:
        return "invalid";
    case AMC_ELIMIT:
        return "limit exceeded";
    case AMC_ENOMEM:
        return "out of memory";
    case AMC_EIO:
        return "I/O error";
    case AMC_EUSAGE:
        return "usage error";
    case AMC_EINTERNAL:
        return "internal error";
    }
    return "unknown status";
}

const char *amc_version(void)
{
    return AMC_VERSION_STRING;
}

void amc_limits_normalize(amc_limits *lim)
{
    const amc_limits d = AMC_LIMITS_DEFAULT;
    if (!lim->max_input_bytes)
        lim->max_input_bytes = d.max_input_bytes;
    if (!lim->max_depth)
        lim->max_depth = d.max_depth;
    if (!lim->max_string_bytes)
        lim->max_string_bytes = d.max_string_bytes;
    if (!lim->max_nodes)
        lim->max_nodes = d.max_nodes;
    if (!lim->max_alias_nodes)
        lim->max_alias_nodes = d.max_alias_nodes;
    if (!lim->max_header_bytes)
        lim->max_header_bytes = d.max_header_bytes;
    if (!lim->max_header_fields)
        lim->max_header_fields = d.max_header_fields;
    if (!lim->max_diags)
        lim->max_diags = d.max_diags;
    if (!lim->regex_match_limit)
        lim->regex_match_limit = d.regex_match_limit;
}

/* ---- the list ---- */

struct amc_diags {
    amc_diag *items;
    size_t len, cap;
    uint32_t max;
    size_t n_err, n_warn, n_info, dropped;
    size_t nomem; /* diagnostics lost to a failed allocation (amc_diags_nomem) */
    amc_arena arena;
    amc_diag_cb cb;
    void *ud;
    amc_diag_filter filter; /* amc_diags_set_filter */
    void *fud;
};

amc_diags *amc_diags_new(uint32_t max_diags)
{
    amc_diags *ds = amc_xcalloc(1, sizeof *ds);
    if (!ds)
        return NULL;
    ds->max = max_diags ? max_diags : 1000;
    amc_arena_init(&ds->arena, 1024);
    return ds;
}

void amc_diags_free(amc_diags *ds)
{
    if (!ds)
        return;
    amc_arena_release(&ds->arena);
    amc_xfree(ds->items);
    amc_xfree(ds);
}

void amc_diags_clear(amc_diags *ds)
{
    amc_arena_reset(&ds->arena); /* lists are cleared per message: keep the memory */
    ds->len = 0;
    ds->n_err = ds->n_warn = ds->n_info = ds->dropped = ds->nomem = 0;
}

void amc_diags_set_filter(amc_diags *ds, amc_diag_filter filter, void *userdata)
{
    ds->filter = filter;
    ds->fud = userdata;
}

void amc_diags_set_callback(amc_diags *ds, amc_diag_cb cb, void *userdata)
{
    ds->cb = cb;
    ds->ud = userdata;
}

size_t amc_diags_count(const amc_diags *ds)
{
    return ds ? ds->len : 0;
}

const amc_diag *amc_diags_get(const amc_diags *ds, size_t i)
{
    return ds && i < ds->len ? &ds->items[i] : NULL;
}

size_t amc_diags_errors(const amc_diags *ds)
{
    return ds ? ds->n_err : 0;
}

size_t amc_diags_warnings(const amc_diags *ds)
{
    return ds ? ds->n_warn : 0;
}

size_t amc_diags_infos(const amc_diags *ds)
{
    return ds ? ds->n_info : 0;
}

size_t amc_diags_nomem(const amc_diags *ds)
{
    return ds ? ds->nomem : 0;
}

size_t amc_diags_dropped(const amc_diags *ds)
{
    return ds ? ds->dropped : 0;
}

static const char *dup_opt(amc_arena *a, const char *s, int *fail)
{
    const char *r = NULL;
    if (!s)
        return NULL;
    r = amc_arena_strndup(a, s, strlen(s));
    if (!r)
        *fail = 1;
    return r;
}

amc_status amc_diags_add(amc_diags *ds, const amc_diag *d)
{
    amc_diag copy, filtered;
    int fail = 0;
    if (ds->filter) {
        filtered = *d;
        if (!ds->filter(&filtered, ds->fud))
            return AMC_OK; /* dropped by the filter: not counted */
        d = &filtered;
    }
    switch (d->sev) {
    case AMC_SEV_ERROR:
        ds->n_err++;
        break;
    case AMC_SEV_WARNING:
        ds->n_warn++;
        break;
    case AMC_SEV_INFO:
        ds->n_info++;
        break;
    }
    if (ds->len >= ds->max) {
        ds->dropped++;
        return AMC_OK;
    }
    if (ds->len == ds->cap) {
        size_t cap = ds->cap ? ds->cap * 2 : 8;
        amc_diag *p = amc_xrealloc(ds->items, cap * sizeof *p);
        if (!p) {
            ds->nomem++;
            return AMC_ENOMEM;
        }
        ds->items = p;
        ds->cap = cap;
    }
    copy = *d;
    copy.message = dup_opt(&ds->arena, d->message ? d->message : amc_code_message(d->code), &fail);
    if (!copy.message && !fail)
        copy.message = "unknown diagnostic";
    copy.instance_ptr = dup_opt(&ds->arena, d->instance_ptr, &fail);
    copy.keyword_ptr = dup_opt(&ds->arena, d->keyword_ptr, &fail);
    copy.schema_uri = dup_opt(&ds->arena, d->schema_uri, &fail);
    copy.context = dup_opt(&ds->arena, d->context, &fail);
    copy.rule_id = dup_opt(&ds->arena, d->rule_id, &fail);
    if (fail) {
        ds->nomem++;
        return AMC_ENOMEM;
    }
    ds->items[ds->len++] = copy;
    if (ds->cb)
        ds->cb(&ds->items[ds->len - 1], ds->ud);
    return AMC_OK;
}

amc_status amc_diag_vemit(amc_diags *ds, amc_code code, amc_severity sev, amc_pos at,
                          const char *instance_ptr, const char *fmt, va_list ap)
{
    amc_diag d;
    char small[512];
    char *msg = NULL;
    amc_status st = AMC_OK;
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = sev;
    d.at = at;
    d.context_at.offset = AMC_NO_OFFSET;
    d.instance_ptr = instance_ptr;
    if (fmt) {
        va_list ap2;
        int n = 0;
        va_copy(ap2, ap);
        n = vsnprintf(small, sizeof small, fmt, ap2);
        va_end(ap2);
        if (n < 0) {
            d.message = NULL;
        } else if ((size_t)n < sizeof small) {
            d.message = small;
        } else {
            msg = amc_xmalloc((size_t)n + 1);
            if (msg)
                vsnprintf(msg, (size_t)n + 1, fmt, ap);
            d.message = msg ? msg : small; /* no memory for all of it: the first 511 bytes */
        }
    }
    st = amc_diags_add(ds, &d);
    amc_xfree(msg);
    return st;
}

amc_status amc_diag_emit(amc_diags *ds, amc_code code, amc_severity sev, amc_pos at,
                         const char *instance_ptr, const char *fmt, ...)
{
    va_list ap;
    amc_status st;
    va_start(ap, fmt);
    st = amc_diag_vemit(ds, code, sev, at, instance_ptr, fmt, ap);
    va_end(ap);
    return st;
}

amc_status amc_diags_addf(amc_diags *ds, amc_code code, amc_pos at, const char *fmt, ...)
{
    va_list ap;
    amc_status st;
    va_start(ap, fmt);
    st = amc_diag_vemit(ds, code, amc_code_severity(code), at, NULL, fmt, ap);
    va_end(ap);
    return st;
}

amc_status amc_diags_append(amc_diags *dst, const amc_diags *src)
{
    size_t i = 0;
    for (i = 0; i < src->len; i++) {
        amc_status st = amc_diags_add(dst, &src->items[i]);
        if (st != AMC_OK)
            return st;
    }
    return AMC_OK;
}

static bool streq_opt(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* The same finding: position, severity, message and instance location. */
static bool same_finding(const amc_diag *a, const amc_diag *b)
{
    return a->at.offset == b->at.offset && a->sev == b->sev && streq_opt(a->message, b->message) &&
           streq_opt(a->instance_ptr, b->instance_ptr);
}

void amc_diags_compact(amc_diags *ds, size_t first)
{
    size_t i = 0, j = 0, out = first;
    for (i = first; i < ds->len; i++) {
        amc_diag *d = &ds->items[i];
        bool keep = true;
        for (j = first; j < out && keep; j++) {
            amc_diag *e = &ds->items[j];
            if (!same_finding(e, d))
                continue;
            if (e->code == d->code && streq_opt(e->rule_id, d->rule_id)) {
                keep = false;
            } else if (e->rule_id && d->rule_id && e->code != d->code &&
                       (e->also_code == 0 || e->also_code == d->code) && d->also_code == 0) {
                e->also_code = d->code;
                keep = false;
            }
        }
        if (!keep) {
            if (d->sev == AMC_SEV_ERROR)
                ds->n_err--;
            else if (d->sev == AMC_SEV_WARNING)
                ds->n_warn--;
            else
                ds->n_info--;
            continue;
        }
        if (out != i)
            ds->items[out] = *d;
        out++;
    }
    ds->len = out;
}

static void rebase_pos(amc_pos *p, amc_pos base)
{
    if (p->offset == AMC_NO_OFFSET)
        return;
    if (p->line == 0)
        p->col += base.col;
    p->line += base.line;
    p->offset += base.offset;
}

void amc_diags_rebase(amc_diags *ds, size_t first, amc_pos base)
{
    size_t i = 0;
    for (i = first; i < ds->len; i++) {
        rebase_pos(&ds->items[i].at, base);
        rebase_pos(&ds->items[i].context_at, base);
    }
}

void amc_diags_sort(amc_diags *ds)
{
    /* Insertion sort: stable, and lists are bounded by max_diags. Unknown offsets are
     * AMC_NO_OFFSET (SIZE_MAX) and so sort last. */
    size_t i = 0;
    if (ds->len < 2)
        return;
    for (i = 1; i < ds->len; i++) {
        amc_diag cur = ds->items[i];
        size_t j = i;
        while (j > 0 && ds->items[j - 1].at.offset > cur.at.offset) {
            ds->items[j] = ds->items[j - 1];
            j--;
        }
        ds->items[j] = cur;
    }
}
