/*
 * buf.c - growable byte buffer with a hard limit.
 */
#include <stdio.h>
#include <string.h>
#include "arena_int.h"
#include "buf_int.h"

void amc_buf_init(amc_buf *b, size_t limit)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->limit = limit ? limit : SIZE_MAX / 2;
    b->failed = 0;
}

void amc_buf_release(amc_buf *b)
{
    amc_xfree(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}

void amc_buf_reset(amc_buf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->data)
        b->data[0] = '\0';
}

amc_status amc_buf_reserve(amc_buf *b, size_t extra)
{
    size_t need = 0, cap = 0;
    char *p = NULL;
    if (b->failed)
        return AMC_ENOMEM;
    if (extra > b->limit || b->len > b->limit - extra) {
        b->failed = 1;
        return AMC_ELIMIT;
    }
    need = b->len + extra + 1;
    if (need <= b->cap)
        return AMC_OK;
    cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    p = amc_xrealloc(b->data, cap);
    if (!p) {
        b->failed = 1;
        return AMC_ENOMEM;
    }
    b->data = p;
    b->cap = cap;
    return AMC_OK;
}

amc_status amc_buf_append(amc_buf *b, const void *p, size_t n)
{
    amc_status st = amc_buf_reserve(b, n);
    if (st != AMC_OK)
        return st;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
    return AMC_OK;
}

amc_status amc_buf_puts(amc_buf *b, const char *s)
{
    return amc_buf_append(b, s, strlen(s));
}

amc_status amc_buf_vprintf(amc_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    int n = 0;
    amc_status st = AMC_OK;
    va_copy(ap2, ap);
    n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return AMC_EINTERNAL;
    st = amc_buf_reserve(b, (size_t)n);
    if (st != AMC_OK)
        return st;
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
    return AMC_OK;
}

amc_status amc_buf_printf(amc_buf *b, const char *fmt, ...)
{
    va_list ap;
    amc_status st;
    va_start(ap, fmt);
    st = amc_buf_vprintf(b, fmt, ap);
    va_end(ap);
    return st;
}

amc_status amc_buf_json_escape(amc_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, run = 0;
    amc_status st = AMC_OK;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        char u[6];
        size_t elen = 2;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        switch (c) {
        case '"':
            esc = "\\\"";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\f':
            esc = "\\f";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        default:
            u[0] = '\\';
            u[1] = 'u';
            u[2] = '0';
            u[3] = '0';
            u[4] = hex[c >> 4];
            u[5] = hex[c & 15];
            esc = u;
            elen = 6;
        }
        if ((st = amc_buf_append(b, s + run, i - run)) != AMC_OK)
            return st;
        if ((st = amc_buf_append(b, esc, elen)) != AMC_OK)
            return st;
        run = i + 1;
    }
    return amc_buf_append(b, s + run, n - run);
}

char *amc_buf_take(amc_buf *b, size_t *len)
{
    char *p = b->data;
    if (!p && !b->failed) {
        p = amc_xmalloc(1);
        if (p)
            p[0] = '\0';
    }
    if (len)
        *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}
