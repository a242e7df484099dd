/*
 * buf_int.h - growable byte buffer (curl dynbuf style): every buffer has a hard size limit.
 */
#ifndef AMC_BUF_INT_H
#define AMC_BUF_INT_H

#include <stddef.h>
#include <stdarg.h>
#include "amc/common.h"

typedef struct amc_buf {
    char *data; /* NUL-terminated when non-NULL */
    size_t len;
    size_t cap;
    size_t limit; /* max len; appends past it fail with AMC_ELIMIT */
    int failed;   /* sticky: an append failed */
} amc_buf;

void amc_buf_init(amc_buf *b, size_t limit);
void amc_buf_release(amc_buf *b);
void amc_buf_reset(amc_buf *b);
amc_status amc_buf_reserve(amc_buf *b, size_t extra);
amc_status amc_buf_append(amc_buf *b, const void *p, size_t n);
/* One byte; inline: the same checks as amc_buf_reserve(b, 1) when no growth is needed. */
static inline amc_status amc_buf_putc(amc_buf *b, char c)
{
    if (!b->failed && b->len + 2 <= b->cap && b->len < b->limit) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return AMC_OK;
    }
    return amc_buf_append(b, &c, 1);
}
amc_status amc_buf_puts(amc_buf *b, const char *s);
amc_status amc_buf_printf(amc_buf *b, const char *fmt, ...) AMC_PRINTF(2, 3);
amc_status amc_buf_vprintf(amc_buf *b, const char *fmt, va_list ap) AMC_PRINTF(2, 0);
/* Appends s as the contents of a JSON string (without quotes), escaping minimally. */
amc_status amc_buf_json_escape(amc_buf *b, const char *s, size_t n);
/* Transfers ownership of the data to the caller (free with amc_free); the buffer is reset. */
char *amc_buf_take(amc_buf *b, size_t *len);
#endif
