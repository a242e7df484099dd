/*
 * fuzz_mime_read.c - the MIME header block reader.
 *
 * Framing: the first byte selects the limits (bit 7 set: small limits taken from its low
 * bits, so the limit paths are reached); the rest is the message. Properties checked:
 *   - the status contract: AMC_OK iff a result; no errors on AMC_OK, errors otherwise;
 *   - every diagnostic position equals amc_pos_of() of its offset (line/col bookkeeping);
 *   - every field: a non-empty ftext name equal to the source bytes at its offset; a value
 *     with no CR, LF or NUL, not starting or ending with SP/HTAB; offsets in order and in
 *     range; amc_mime_find/amc_mime_count agree with the field list; fields RFC 5322/2045
 *     allow once occur once;
 *   - body offset + body length == input length, and the body is the input's tail;
 *   - amc_mime_pos agrees with amc_pos_of.
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c + 32 : c;
}

static int same_name(const char *a, size_t an, const char *b, size_t bn)
{
    size_t i = 0;
    if (an != bn)
        return 0;
    for (i = 0; i < an; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

static void check_pos(const char *buf, size_t len, amc_pos p)
{
    amc_pos q;
    if (p.offset == AMC_NO_OFFSET)
        return;
    if (p.offset > len)
        __builtin_trap();
    q = amc_pos_of(buf, len, p.offset);
    if (q.line != p.line || q.col != p.col)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const single[] = {
        "Date",         "From",
        "Sender",       "Reply-To",
        "To",           "Cc",
        "Bcc",          "Message-ID",
        "In-Reply-To",  "References",
        "Subject",      "MIME-Version",
        "Content-Type", "Content-Transfer-Encoding",
        "Content-ID",   "Content-Description",
    };
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = NULL;
    amc_mime *m = NULL;
    amc_status st = AMC_OK;
    const char *buf = NULL;
    size_t len = 0, i = 0, j = 0;
    if (size < 1)
        return 0;
    if (data[0] & 0x80) {
        lim.max_header_bytes = 16 + (size_t)(data[0] & 0x3f) * 4;
        lim.max_header_fields = 1 + (data[0] & 0x07);
        lim.max_string_bytes = 8 + (size_t)(data[0] & 0x1f);
        if (data[0] & 0x40)
            lim.max_input_bytes = 64;
    }
    buf = (const char *)data + 1;
    len = size - 1;
    ds = amc_diags_new(0);
    if (!ds)
        return 0;
    st = amc_mime_read(buf, len, &lim, ds, &m);
    if ((st == AMC_OK) != (m != NULL))
        __builtin_trap();
    if (st != AMC_OK && st != AMC_EINVALID && st != AMC_ELIMIT && st != AMC_ENOMEM)
        __builtin_trap();
    if ((st == AMC_OK) != (amc_diags_errors(ds) == 0) && st != AMC_ENOMEM)
        __builtin_trap();
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        check_pos(buf, len, d->at);
        check_pos(buf, len, d->context_at);
        if (d->code == AMC_C_MIME_DUPLICATE_FIELD && d->context_at.offset >= d->at.offset)
            __builtin_trap();
    }
    if (m) {
        size_t n = amc_mime_field_count(m), blen = 0, boff = 0, prev = 0;
        const char *body = NULL;
        for (i = 0; i < n; i++) {
            const amc_mime_field *f = amc_mime_field_at(m, i);
            const amc_mime_field *g = NULL;
            if (!f || f->name_len == 0 || strlen(f->name) != f->name_len ||
                strlen(f->value) != f->value_len)
                __builtin_trap();
            if (f->offset + f->name_len > len || memcmp(buf + f->offset, f->name, f->name_len))
                __builtin_trap();
            for (j = 0; j < f->name_len; j++) {
                unsigned char c = (unsigned char)f->name[j];
                if (c < 33 || c > 126 || c == ':')
                    __builtin_trap();
            }
            if (memchr(f->value, '\r', f->value_len) || memchr(f->value, '\n', f->value_len))
                __builtin_trap();
            if (f->value_len &&
                (f->value[0] == ' ' || f->value[0] == '\t' || f->value[f->value_len - 1] == ' ' ||
                 f->value[f->value_len - 1] == '\t'))
                __builtin_trap();
            if (f->value_offset <= f->offset + f->name_len || f->value_offset > len)
                __builtin_trap();
            if (f->value_len && buf[f->value_offset] != f->value[0])
                __builtin_trap();
            if (i > 0 && f->offset <= prev)
                __builtin_trap();
            prev = f->offset;
            g = amc_mime_find(m, f->name);
            if (!g || !same_name(g->name, g->name_len, f->name, f->name_len) ||
                g->offset > f->offset || amc_mime_count(m, f->name) < 1)
                __builtin_trap();
            check_pos(buf, len, amc_mime_pos(m, f->value_offset));
        }
        if (amc_mime_field_at(m, n))
            __builtin_trap();
        for (i = 0; i < sizeof single / sizeof single[0]; i++)
            if (amc_mime_count(m, single[i]) > 1)
                __builtin_trap();
        body = amc_mime_body(m, &blen, &boff);
        if (boff + blen != len || (blen && memcmp(body, buf + boff, blen)))
            __builtin_trap();
        if (boff < len) {
            amc_pos p = amc_mime_pos(m, boff);
            check_pos(buf, len, p);
        }
        if (amc_mime_line_ending(m) > AMC_EOL_MIXED)
            __builtin_trap();
    }
    amc_mime_free(m);
    amc_diags_free(ds);
    return 0;
}
