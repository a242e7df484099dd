/*
 * test_mime.c - the MIME header block reader: fields, unfolding, line endings, header
 * injection bytes, duplicates, limits, exact codes and positions.
 *
 * Sources of the cases: RFC 5322 sections 2.1.1, 2.2, 2.2.3, 3.5, 3.6 (the "at most once"
 * table), 4.2 (obs-FWS), 4.5 (obs-optional "Name :"), Appendix A.6.3 ("Date     : Thu,"
 * folded over six lines); RFC 2045 section 3 (MIME fields at most once); RFC 6532 (UTF-8
 * values); the IGNITE seed's task_assignment example and scripts/lib/ignite_mime.py
 * (build_message joins "Name: value" lines with LF, then "", then the body).
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

#define NONE ((amc_code)0)
/* the rest of a case whose read fails */
#define NOFIELDS                                                                                   \
    0, AMC_EOL_NONE, 0,                                                                            \
    {                                                                                              \
        {                                                                                          \
            NULL, NULL, 0, 0                                                                       \
        }                                                                                          \
    }

typedef struct wd {
    amc_code code; /* 0 ends the list */
    uint32_t line, col;
    int ctx_line; /* -1: no context */
} wd;

typedef struct wf {
    const char *name; /* NULL ends the list */
    const char *value;
    size_t offset, value_offset;
} wf;

static const struct tcase {
    const char *name;
    const char *in;
    size_t len; /* 0: strlen(in) */
    amc_status st;
    wd d[4];
    /* checked when st == AMC_OK */
    size_t nfields;
    amc_mime_eol eol;
    size_t body_off;
    wf f[3];
} cases[] = {
    /* ---- what IGNITE writes ---- */
    {"IGNITE build_message (LF)",
     "MIME-Version: 1.0\nFrom: coordinator\nTo: ignitian_1, ignitian_2\n"
     "Date: Sun, 22 Nov 2026 15:50:43 +0900\nX-IGNITE-Type: task_assignment\n\n"
     "task_id: \"task_001\"\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     5,
     AMC_EOL_LF,
     133,
     {{"MIME-Version", "1.0", 0, 14},
      {"To", "ignitian_1, ignitian_2", 36, 40},
      {"Date", "Sun, 22 Nov 2026 15:50:43 +0900", 63, 69}}},
    {"CRLF",
     "From: a\r\nTo: b\r\n\r\nbody\r\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     2,
     AMC_EOL_CRLF,
     18,
     {{"From", "a", 0, 6}, {"To", "b", 9, 13}}},
    {"empty body (IGNITE with body \"\")",
     "From: a\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     9,
     {{"From", "a", 0, 6}}},
    {"no fields: starts with the blank line",
     "\nbody",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     0,
     AMC_EOL_LF,
     1,
     {{NULL, NULL, 0, 0}}},
    {"body kept as is (blank lines, CR, NUL)",
     "A: 1\n\n\n\r\x00x",
     10,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     6,
     {{"A", "1", 0, 3}}},
    /* ---- line endings ---- */
    {"mixed CRLF then LF",
     "A: 1\r\nB: 2\n\nbody",
     0,
     AMC_OK,
     {{AMC_C_MIME_MIXED_EOL, 1, 4, -1}, {NONE, 0, 0, -1}},
     2,
     AMC_EOL_MIXED,
     12,
     {{"B", "2", 6, 9}}},
    {"LF headers, CRLF blank line",
     "A: 1\nB: 2\n\r\nbody",
     0,
     AMC_OK,
     {{AMC_C_MIME_MIXED_EOL, 2, 0, -1}, {NONE, 0, 0, -1}},
     2,
     AMC_EOL_MIXED,
     12,
     {{NULL, NULL, 0, 0}}},
    {"bare CR in a value (header injection)",
     "Subject: a\rb\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 0, 10, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"bare CR: later positions count it as a line end (amc_pos_of)",
     "A: a\rb\nfoo\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 0, 4, -1}, {AMC_C_MIME_NO_COLON, 2, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"bare CR at the end of the input: the next position is on a new line",
     "A: 1\r",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 0, 4, -1}, {AMC_C_MIME_NO_BODY_SEPARATOR, 1, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"several bare CRs and NULs in a line: first of each kind reported",
     "A: \r\r\0\0\r\nB:\0\n\n",
     14,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 0, 3, -1},
      {AMC_C_NUL_BYTE, 2, 0, -1},
      {AMC_C_NUL_BYTE, 3, 2, -1},
      {AMC_C_MIME_MIXED_EOL, 3, 3, -1}},
     NOFIELDS},
    {"CR CR LF",
     "A: 1\r\r\n\r\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 0, 4, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"bare CR line start: one error for the line",
     "A: 1\n\rx\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BARE_CR, 1, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"NUL in a value",
     "Subject: a\0b\n\n",
     15,
     AMC_EINVALID,
     {{AMC_C_NUL_BYTE, 0, 10, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    /* ---- folding and values ---- */
    {"fold with SP (line break removed only)",
     "Subject: a\n b\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     15,
     {{"Subject", "a b", 0, 9}}},
    {"fold with HTAB and CRLF",
     "Subject: a\r\n\tb\r\n  c\r\n\r\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_CRLF,
     23,
     {{"Subject", "a\tb  c", 0, 9}}},
    {"value trimmed of WSP",
     "Subject: \t x y \t\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     18,
     {{"Subject", "x y", 0, 11}}},
    {"empty value",
     "Subject:\nX: \n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     2,
     AMC_EOL_LF,
     14,
     {{"Subject", "", 0, 8}, {"X", "", 9, 12}}},
    {"value starts on the continuation line",
     "Subject:\n  hello\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     18,
     {{"Subject", "hello", 0, 11}}},
    {"no space after colon",
     "Subject:x\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     11,
     {{"Subject", "x", 0, 8}}},
    {"colon inside the value",
     "X-Time: 10:20:30\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     18,
     {{"X-Time", "10:20:30", 0, 8}}},
    {"white-space-only line (obs-FWS)",
     "Subject: a\n \n b\n\n",
     0,
     AMC_OK,
     {{AMC_C_MIME_WHITESPACE_LINE, 1, 0, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     17,
     {{"Subject", "a  b", 0, 9}}},
    {"RFC 5322 A.6.3 obsolete Date",
     "Date     : Thu,\n      13\n        Feb\n          1969\n      23:32\n"
     "               -0330 (Newfoundland Time)\n\n",
     0,
     AMC_OK,
     {{AMC_C_MIME_SPACE_BEFORE_COLON, 0, 4, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     106,
     {{"Date",
       "Thu,      13        Feb          1969      23:32               -0330 (Newfoundland "
       "Time)",
       0, 11}}},
    {"UTF-8 value (RFC 6532)",
     "Subject: \xe6\x97\xa5\xe6\x9c\xac\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     17,
     {{"Subject", "\xe6\x97\xa5\xe6\x9c\xac", 0, 9}}},
    {"invalid UTF-8 value",
     "A: 1\nSubject: \xe6\x97\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_UTF8_INVALID, 1, 9, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"invalid UTF-8 after UTF-8: column in code points",
     "Subject: \xc3\xa9\xff\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_UTF8_INVALID, 0, 10, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"control character (obs-NO-WS-CTL), once per field",
     "Subject: a\x01\x1b b\n\n",
     0,
     AMC_OK,
     {{AMC_C_MIME_VALUE_CONTROL, 0, 10, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     16,
     {{"Subject", "a\x01\x1b b", 0, 9}}},
    /* ---- field names ---- */
    {"space before colon (obs-optional)",
     "Subject : x\n\n",
     0,
     AMC_OK,
     {{AMC_C_MIME_SPACE_BEFORE_COLON, 0, 7, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     13,
     {{"Subject", "x", 0, 10}}},
    {"line without colon",
     "A: 1\nfoo\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_NO_COLON, 1, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"empty field name",
     "A: 1\n: x\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_FIELD_NAME_EMPTY, 1, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"space inside a field name",
     "X Foo: bar\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_FIELD_NAME_INVALID, 0, 1, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"8-bit byte in a field name",
     "S\xc3\xbc"
     "bject: x\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_FIELD_NAME_INVALID, 0, 1, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"mbox From_ line",
     "From x@y Sat Jan  3 01:05:34 1996\nA: 1\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_FIELD_NAME_INVALID, 0, 4, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"continuation line first",
     " x: y\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_CONTINUATION_FIRST, 0, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"white-space-only first line",
     "\t\nA: 1\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_CONTINUATION_FIRST, 0, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"continuations of a rejected line are ignored; reading goes on",
     "bad\n cont\nA: 1\nbad2\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_NO_COLON, 0, 0, -1}, {AMC_C_MIME_NO_COLON, 3, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"byte order mark",
     "\xef\xbb\xbf"
     "A: 1\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_BOM, 0, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
    /* ---- duplicates ---- */
    {"duplicate From, case-insensitive",
     "From: a\nTo: b\nfrom: c\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_DUPLICATE_FIELD, 2, 0, 0}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"three Message-IDs: both later ones point at the first",
     "Message-ID: <1@x>\nA: 1\nMessage-ID: <2@x>\nMESSAGE-ID: <3@x>\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_DUPLICATE_FIELD, 2, 0, 0},
      {AMC_C_MIME_DUPLICATE_FIELD, 3, 0, 0},
      {NONE, 0, 0, -1}},
     NOFIELDS},
    {"duplicate Content-Transfer-Encoding (RFC 2045)",
     "Content-Transfer-Encoding: 8bit\nContent-Transfer-Encoding: 7bit\n\n",
     0,
     AMC_EINVALID,
     {{AMC_C_MIME_DUPLICATE_FIELD, 1, 0, 0}, {NONE, 0, 0, -1}},
     NOFIELDS},
    {"repeatable fields",
     "Received: a\nReceived: b\nX-IGNITE-Status: x\nX-IGNITE-Status: y\nResent-To: z\n"
     "Resent-To: w\n\n",
     0,
     AMC_OK,
     {{NONE, 0, 0, -1}},
     6,
     AMC_EOL_LF,
     89,
     {{"Received", "b", 12, 22}}},
    /* ---- end of the header block ---- */
    {"no blank line, final LF",
     "A: 1\nB: 2\n",
     0,
     AMC_OK,
     {{AMC_C_MIME_NO_BODY_SEPARATOR, 2, 0, -1}, {NONE, 0, 0, -1}},
     2,
     AMC_EOL_LF,
     10,
     {{"B", "2", 5, 8}}},
    {"no blank line, no final line end",
     "A: 1",
     0,
     AMC_OK,
     {{AMC_C_MIME_NO_BODY_SEPARATOR, 0, 4, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_NONE,
     4,
     {{"A", "1", 0, 3}}},
    {"continuation at the end without blank line",
     "A: 1\n 2",
     0,
     AMC_OK,
     {{AMC_C_MIME_NO_BODY_SEPARATOR, 1, 2, -1}, {NONE, 0, 0, -1}},
     1,
     AMC_EOL_LF,
     7,
     {{"A", "1 2", 0, 3}}},
    {"empty input",
     "",
     0,
     AMC_EINVALID,
     {{AMC_C_EMPTY_INPUT, 0, 0, -1}, {NONE, 0, 0, -1}},
     NOFIELDS},
};

static void check_diags(const char *name, const amc_diags *ds, const wd *w)
{
    size_t n = 0, i = 0;
    while (n < 4 && w[n].code)
        n++;
    if (amc_diags_count(ds) != n) {
        for (i = 0; i < amc_diags_count(ds); i++) {
            const amc_diag *d = amc_diags_get(ds, i);
            print_message("  %s at %u:%u: %s\n", amc_code_id(d->code), d->at.line, d->at.col,
                          d->message);
        }
        fail_msg("%s: %zu diagnostics, want %zu", name, amc_diags_count(ds), n);
    }
    for (i = 0; i < n; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code != w[i].code || d->at.line != w[i].line || d->at.col != w[i].col)
            fail_msg("%s: diag %zu is %s at %u:%u, want %s at %u:%u", name, i, amc_code_id(d->code),
                     d->at.line, d->at.col, amc_code_id(w[i].code), w[i].line, w[i].col);
        if (d->sev != amc_code_severity(d->code))
            fail_msg("%s: diag %zu severity", name, i);
        if (w[i].ctx_line < 0 && d->context_at.offset != AMC_NO_OFFSET)
            fail_msg("%s: diag %zu has an unexpected context", name, i);
        if (w[i].ctx_line >= 0 && (d->context_at.offset == AMC_NO_OFFSET ||
                                   d->context_at.line != (uint32_t)w[i].ctx_line ||
                                   d->context_at.col != 0 || !d->context))
            fail_msg("%s: diag %zu context at %u:%u, want %d:0", name, i, d->context_at.line,
                     d->context_at.col, w[i].ctx_line);
    }
}

static void test_table(void **state)
{
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct tcase *c = &cases[i];
        size_t len = c->len ? c->len : strlen(c->in);
        amc_diags *ds = amc_diags_new(0);
        amc_mime *m = (amc_mime *)&k; /* must be reset to NULL on failure */
        amc_status st = AMC_OK;
        assert_non_null(ds);
        st = amc_mime_read(c->in, len, NULL, ds, &m);
        if (st != c->st)
            fail_msg("%s: status %s want %s", c->name, amc_status_str(st), amc_status_str(c->st));
        check_diags(c->name, ds, c->d);
        if (st != AMC_OK) {
            if (m)
                fail_msg("%s: *out not NULL on failure", c->name);
            amc_diags_free(ds);
            continue;
        }
        if (amc_mime_field_count(m) != c->nfields)
            fail_msg("%s: %zu fields want %zu", c->name, amc_mime_field_count(m), c->nfields);
        if (amc_mime_line_ending(m) != c->eol)
            fail_msg("%s: eol %d want %d", c->name, (int)amc_mime_line_ending(m), (int)c->eol);
        {
            size_t blen = 0, boff = 0;
            const char *b = amc_mime_body(m, &blen, &boff);
            if (boff != c->body_off || blen != len - c->body_off ||
                memcmp(b, c->in + c->body_off, blen) != 0)
                fail_msg("%s: body at %zu len %zu, want at %zu", c->name, boff, blen, c->body_off);
        }
        for (k = 0; k < 3 && c->f[k].name; k++) {
            const amc_mime_field *f = amc_mime_find(m, c->f[k].name);
            size_t j = 0;
            if (!f)
                fail_msg("%s: field %s not found", c->name, c->f[k].name);
            /* the expected one may be a later occurrence: match on offset */
            for (j = 0; j < amc_mime_field_count(m); j++)
                if (amc_mime_field_at(m, j)->offset == c->f[k].offset)
                    f = amc_mime_field_at(m, j);
            if (f->offset != c->f[k].offset || strcmp(f->name, c->f[k].name) != 0 ||
                f->name_len != strlen(c->f[k].name))
                fail_msg("%s: field %s at %zu, want %s at %zu", c->name, f->name, f->offset,
                         c->f[k].name, c->f[k].offset);
            if (f->value_len != strlen(c->f[k].value) || strcmp(f->value, c->f[k].value) != 0)
                fail_msg("%s: %s value \"%s\", want \"%s\"", c->name, f->name, f->value,
                         c->f[k].value);
            if (f->value_offset != c->f[k].value_offset)
                fail_msg("%s: %s value_offset %zu, want %zu", c->name, f->name, f->value_offset,
                         c->f[k].value_offset);
        }
        amc_mime_free(m);
        amc_diags_free(ds);
    }
}

/* The full task_assignment example of the IGNITE seed, and the fields IGNITE reads from it. */
static void test_ignite_seed_example(void **state)
{
    static const char msg[] = "MIME-Version: 1.0\n"
                              "Message-ID: <1770263544.12345.abcdef@ignite.local>\n"
                              "From: coordinator\n"
                              "To: ignitian_1\n"
                              "Date: Mon, 10 Feb 2026 12:00:00 +0900\n"
                              "X-IGNITE-Type: task_assignment\n"
                              "X-IGNITE-Priority: high\n"
                              "X-IGNITE-Repository: owner/repo\n"
                              "X-IGNITE-Issue: 42\n"
                              "Content-Type: text/x-yaml; charset=utf-8\n"
                              "Content-Transfer-Encoding: 8bit\n"
                              "\n"
                              "task_id: \"task_001\"\n"
                              "title: \"\xe3\x82\xbf\xe3\x82\xb9\xe3\x82\xaf\"\n";
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    const amc_mime_field *f = NULL;
    size_t blen = 0, boff = 0;
    const char *body = NULL;
    amc_datetime dt;
    amc_code warn = NONE;
    (void)state;
    assert_int_equal(amc_mime_read(msg, sizeof msg - 1, NULL, ds, &m), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 0);
    assert_int_equal(amc_mime_field_count(m), 11);
    assert_int_equal(amc_mime_line_ending(m), AMC_EOL_LF);
    f = amc_mime_find(m, "message-id");
    assert_non_null(f);
    assert_string_equal(f->name, "Message-ID");
    assert_string_equal(f->value, "<1770263544.12345.abcdef@ignite.local>");
    assert_int_equal(amc_mime_count(m, "x-ignite-type"), 1);
    assert_int_equal(amc_mime_count(m, "Cc"), 0);
    assert_null(amc_mime_find(m, "Cc"));
    f = amc_mime_find(m, "Date");
    assert_non_null(f);
    assert_int_equal(amc_rfc5322_date(f->value, f->value_len, &dt, &warn), 0);
    assert_int_equal(warn, AMC_C_DATE_WEEKDAY_MISMATCH); /* Feb 10 2026 is a Tuesday */
    body = amc_mime_body(m, &blen, &boff);
    assert_int_equal(boff, (size_t)(strstr(msg, "\n\n") - msg) + 2);
    assert_int_equal(blen, sizeof msg - 1 - boff);
    assert_memory_equal(body, "task_id:", 8);
    /* positions come from the reader's own copy */
    {
        amc_pos p = amc_mime_pos(m, amc_mime_field_at(m, 2)->value_offset);
        assert_int_equal(p.line, 2);
        assert_int_equal(p.col, 6);
        p = amc_mime_pos(m, boff);
        assert_int_equal(p.line, 12);
        assert_int_equal(p.col, 0);
    }
    /* every value is NUL-terminated and free of CR/LF/NUL */
    {
        size_t i = 0;
        for (i = 0; i < amc_mime_field_count(m); i++) {
            f = amc_mime_field_at(m, i);
            assert_int_equal(strlen(f->value), f->value_len);
            assert_int_equal(strlen(f->name), f->name_len);
            assert_null(memchr(f->value, '\n', f->value_len));
        }
        assert_null(amc_mime_field_at(m, i));
    }
    amc_mime_free(m);
    amc_diags_free(ds);
}

/* Lines over 998 octets warn (RFC 5322 2.1.1), once per line, at octet 998. */
static void test_long_line(void **state)
{
    char *buf = malloc(3000);
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    size_t n = 0;
    (void)state;
    assert_non_null(buf);
    /* line 0: exactly 998 octets: fine. line 1: 999 octets: warning at 1:998 */
    memcpy(buf, "A: ", 3);
    memset(buf + 3, 'x', 995);
    buf[998] = '\n';
    memcpy(buf + 999, "B: ", 3);
    memset(buf + 1002, 'y', 996);
    buf[1998] = '\n';
    buf[1999] = '\n';
    n = 2000;
    assert_int_equal(amc_mime_read(buf, n, NULL, ds, &m), AMC_OK);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_MIME_LINE_TOO_LONG);
    assert_int_equal(amc_diags_get(ds, 0)->at.line, 1);
    assert_int_equal(amc_diags_get(ds, 0)->at.col, 998);
    assert_int_equal(amc_mime_field_at(m, 1)->value_len, 996);
    amc_mime_free(m);
    amc_diags_free(ds);
    free(buf);
}

/* A 1 MiB line of NUL and bare CR bytes: one diagnostic per kind per line, so the reader stays
 * linear (each position costs O(line length)). */
static void test_pathological_line(void **state)
{
    size_t n = (size_t)1 << 20, i = 0;
    char *buf = malloc(n + 2);
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    (void)state;
    assert_non_null(buf);
    for (i = 0; i < n; i++)
        buf[i] = (i % 2) ? '\0' : '\r';
    buf[n] = '\n';
    buf[n + 1] = '\n';
    lim.max_header_bytes = n + 2;
    assert_int_equal(amc_mime_read(buf, n + 2, &lim, ds, &m), AMC_EINVALID);
    assert_null(m);
    assert_int_equal(amc_diags_count(ds), 3); /* bare CR, NUL, line too long */
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_MIME_BARE_CR);
    assert_int_equal(amc_diags_get(ds, 1)->code, AMC_C_NUL_BYTE);
    assert_int_equal(amc_diags_get(ds, 1)->at.line, 1);
    assert_int_equal(amc_diags_get(ds, 2)->code, AMC_C_MIME_LINE_TOO_LONG);
    amc_diags_free(ds);
    free(buf);
}

static void test_limits(void **state)
{
    static const struct {
        const char *name, *in;
        size_t max_input, max_header, max_fields, max_string;
        amc_status st;
        amc_code code;
        uint32_t line, col;
    } lcases[] = {
        {"header block exactly at the limit", "A: 1\nB: 2\n\nbody", 0, 10, 0, 0, AMC_OK, NONE, 0,
         0},
        {"header block one byte over", "A: 1\nB: 2\n\nbody", 0, 9, 0, 0, AMC_ELIMIT,
         AMC_C_MIME_LIMIT_HEADER_BYTES, 1, 4},
        {"header limit inside the first line", "Subject: hello\n\n", 0, 4, 0, 0, AMC_ELIMIT,
         AMC_C_MIME_LIMIT_HEADER_BYTES, 0, 4},
        {"header limit without blank line", "A: 1\nB: 2", 0, 8, 0, 0, AMC_ELIMIT,
         AMC_C_MIME_LIMIT_HEADER_BYTES, 1, 3},
        {"body does not count", "A: 1\n\nbodybodybodybody", 0, 5, 0, 0, AMC_OK, NONE, 0, 0},
        {"fields at the limit", "A: 1\nB: 2\n\n", 0, 0, 2, 0, AMC_OK, NONE, 0, 0},
        {"one field too many", "A: 1\nB: 2\nC: 3\n\n", 0, 0, 2, 0, AMC_ELIMIT,
         AMC_C_MIME_LIMIT_FIELDS, 2, 0},
        {"input too large", "A: 1\n\nbody", 8, 0, 0, 0, AMC_ELIMIT, AMC_C_LIMIT_SIZE, 2, 2},
        {"input at the size limit", "A: 1\n\nbody", 10, 0, 0, 0, AMC_OK, NONE, 0, 0},
        {"value over the string limit", "A: 1\nB: 12345\n\n", 0, 0, 0, 4, AMC_ELIMIT,
         AMC_C_LIMIT_STRING, 1, 3},
        {"value at the string limit", "A: 1\nB: 1234\n\n", 0, 0, 0, 4, AMC_OK, NONE, 0, 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof lcases / sizeof lcases[0]; i++) {
        amc_limits lim = AMC_LIMITS_DEFAULT;
        amc_diags *ds = amc_diags_new(0);
        amc_mime *m = NULL;
        amc_status st = AMC_OK;
        if (lcases[i].max_input)
            lim.max_input_bytes = lcases[i].max_input;
        if (lcases[i].max_header)
            lim.max_header_bytes = lcases[i].max_header;
        if (lcases[i].max_fields)
            lim.max_header_fields = (uint32_t)lcases[i].max_fields;
        if (lcases[i].max_string)
            lim.max_string_bytes = lcases[i].max_string;
        st = amc_mime_read(lcases[i].in, strlen(lcases[i].in), &lim, ds, &m);
        if (st != lcases[i].st)
            fail_msg("%s: status %s", lcases[i].name, amc_status_str(st));
        if (lcases[i].code) {
            const amc_diag *d = amc_diags_get(ds, amc_diags_count(ds) - 1);
            if (!d || d->code != lcases[i].code || d->at.line != lcases[i].line ||
                d->at.col != lcases[i].col)
                fail_msg("%s: got %s at %u:%u", lcases[i].name, d ? amc_code_id(d->code) : "-",
                         d ? d->at.line : 0, d ? d->at.col : 0);
            if (m)
                fail_msg("%s: *out set", lcases[i].name);
        } else if (amc_diags_count(ds) != 0 || !m) {
            fail_msg("%s: unexpected diagnostics", lcases[i].name);
        }
        amc_mime_free(m);
        amc_diags_free(ds);
    }
}

/* NULL handling of the accessors. */
static void test_null_accessors(void **state)
{
    size_t len = 7, off = 7;
    (void)state;
    amc_mime_free(NULL);
    assert_int_equal(amc_mime_field_count(NULL), 0);
    assert_null(amc_mime_field_at(NULL, 0));
    assert_null(amc_mime_find(NULL, "A"));
    assert_int_equal(amc_mime_count(NULL, "A"), 0);
    assert_null(amc_mime_body(NULL, &len, &off));
    assert_int_equal(len, 0);
    assert_int_equal(off, 0);
    assert_int_equal(amc_mime_line_ending(NULL), AMC_EOL_NONE);
}

/* The reader never reads past len: a message cut at every length reads without crashing and
 * with the documented status. */
static void test_every_prefix(void **state)
{
    static const char msg[] = "From: a\r\nSubject: x\r\n y\r\n\r\nbody";
    size_t n = 0;
    (void)state;
    for (n = 0; n <= sizeof msg - 1; n++) {
        char *copy = malloc(n ? n : 1);
        amc_diags *ds = amc_diags_new(0);
        amc_mime *m = NULL;
        amc_status st = AMC_OK;
        memcpy(copy, msg, n);
        st = amc_mime_read(copy, n, NULL, ds, &m);
        if ((st != AMC_OK && st != AMC_EINVALID) || (st == AMC_OK) != (m != NULL))
            fail_msg("prefix %zu: status %s", n, amc_status_str(st));
        /* a cut between CR and LF leaves a bare CR: an error */
        if (n > 0 && copy[n - 1] == '\r' && st != AMC_EINVALID)
            fail_msg("prefix %zu: bare CR accepted", n);
        if (n == sizeof msg - 1 && (st != AMC_OK || amc_diags_count(ds) != 0))
            fail_msg("whole message: status %s", amc_status_str(st));
        amc_mime_free(m);
        amc_diags_free(ds);
        free(copy);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),        cmocka_unit_test(test_ignite_seed_example),
        cmocka_unit_test(test_long_line),    cmocka_unit_test(test_pathological_line),
        cmocka_unit_test(test_limits),       cmocka_unit_test(test_null_accessors),
        cmocka_unit_test(test_every_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
