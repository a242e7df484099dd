/*
 * test_mutlib3_mime.c - the MIME header reader (src/formats/mime_read.c) over whole byte ranges,
 * against references written here from RFC 5322 and the reader's documented rules (issue 22):
 *   - every byte 0x01-0xFF but CR and LF as the second character of a field name: an ftext byte
 * (33-126 but
 *     ':') is part of the name, anything else is MIME_FIELD_NAME_INVALID at that column naming
 *     the byte ("invalid byte 0xNN in header field name"); a ':' ends the name there;
 *   - every byte 0x00-0x7F inside a field value: a C0 control other than TAB, CR and NUL, or DEL,
 *     is one MIME_VALUE_CONTROL warning at its column naming the byte and the field; other bytes
 *     give no value diagnostic (bytes 0x80 and up are the UTF-8 check's);
 *   - each of the 16 fields that may occur at most once, given twice: MIME_DUPLICATE_FIELD at the
 *     second, citing RFC 5322 3.6 for the first 11 (Date .. Subject) and RFC 2045 for the MIME
 *     fields, "first at line 1".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/mime.h"

/* The diagnostics of one read, one line each: "CODE line:col message" (1-based). */
static amc_status read_text(const char *buf, size_t len, char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    amc_status st = AMC_OK;
    size_t i = 0, o = 0;
    assert_non_null(ds);
    st = amc_mime_read(buf, len, NULL, ds, &m);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int n = snprintf(out + o, cap - o, "%s %u:%u %s\n", amc_code_id(d->code), d->at.line + 1,
                         d->at.col + 1, d->message);
        assert_true(n > 0 && (size_t)n < cap - o);
        o += (size_t)n;
    }
    amc_mime_free(m);
    amc_diags_free(ds);
    return st;
}

static void test_name_bytes(void **state)
{
    char buf[64], got[2048], want[512];
    unsigned b = 0;
    (void)state;
    for (b = 1; b < 256; b++) { /* (NUL has its own rule) */
        size_t len = (size_t)snprintf(buf, sizeof buf, "X%cA: v\r\n\r\nbody", (char)b);
        amc_status st = AMC_OK;
        bool ftext = b >= 33 && b <= 126 && b != ':';
        if (b == '\n' || b == '\r')
            continue; /* line breaks: the line rules */
        st = read_text(buf, len, got, sizeof got);
        if (ftext || b == ':') {
            /* a name (X<b>A, or X with the value "A: v"): no diagnostic */
            if (st != AMC_OK || got[0])
                fail_msg("name byte 0x%02x: status %d, diagnostics:\n%s", b, (int)st, got);
        } else {
            snprintf(want, sizeof want,
                     "MIME_FIELD_NAME_INVALID 1:2 invalid byte 0x%02x in header field name\n", b);
            if (strncmp(got, want, strlen(want)) != 0)
                fail_msg("name byte 0x%02x: status %d, diagnostics:\n%swant first:\n%s", b, (int)st,
                         got, want);
        }
    }
}

static void test_value_bytes(void **state)
{
    char buf[64], got[2048], want[512];
    unsigned b = 0;
    (void)state;
    for (b = 0; b < 128; b++) {
        size_t len = 0;
        bool control = (b < 32 && b != '\t' && b != '\r' && b != '\n' && b != 0) || b == 127;
        if (b == '\n' || b == 0)
            continue; /* a line break; NUL has its own rule */
        len = (size_t)snprintf(buf, sizeof buf, "X-A: v%cw\r\n\r\nbody", (char)b);
        (void)read_text(buf, len, got, sizeof got);
        if (control) {
            snprintf(want, sizeof want,
                     "MIME_VALUE_CONTROL 1:7 control character 0x%02x in the value of X-A\n", b);
            if (strcmp(got, want) != 0)
                fail_msg("value byte 0x%02x: diagnostics:\n%swant:\n%s", b, got, want);
        } else if (b != '\r' && strstr(got, "MIME_VALUE_CONTROL")) {
            fail_msg("value byte 0x%02x: diagnostics:\n%s", b, got);
        }
    }
}

static void test_single_fields(void **state)
{
    static const char *const names[] = {"Date",         "From",
                                        "Sender",       "Reply-To",
                                        "To",           "Cc",
                                        "Bcc",          "Message-ID",
                                        "In-Reply-To",  "References",
                                        "Subject",      "MIME-Version",
                                        "Content-Type", "Content-Transfer-Encoding",
                                        "Content-ID",   "Content-Description"};
    char buf[256], got[2048], want[512];
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t len = (size_t)snprintf(buf, sizeof buf, "%s: a\r\nX-B: c\r\n%s: b\r\n\r\nbody",
                                      names[i], names[i]);
        amc_status st = read_text(buf, len, got, sizeof got);
        snprintf(want, sizeof want,
                 "MIME_DUPLICATE_FIELD 3:1 %s may occur at most once (RFC %s); first at line 1\n",
                 names[i], i < 11 ? "5322 3.6" : "2045");
        if (st != AMC_EINVALID || strcmp(got, want) != 0)
            fail_msg("%s twice: status %d, diagnostics:\n%swant:\n%s", names[i], (int)st, got,
                     want);
    }
    /* a field not in the list may repeat */
    assert_int_equal(read_text("Received: a\r\nReceived: b\r\n\r\nx", 29, got, sizeof got), AMC_OK);
    assert_string_equal(got, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name_bytes),
        cmocka_unit_test(test_value_bytes),
        cmocka_unit_test(test_single_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
