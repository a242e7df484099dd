/*
 * test_yaml_edges.c - YAML reader (src/formats/yaml_read.c) branches the decision table of
 * test_yaml.c reaches without looking at the message: which encoding a non-UTF-8 input is named
 * (YAML 1.2.2 section 5.2, the BOM and NUL patterns, in the order the reader tries them), how a
 * key or tag with bytes that cannot be shown as they are is quoted in a message, and tags on
 * the wrong kind of node. Each case asserts the code, the position and the message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/yaml.h"

static const struct ycase {
    const char *name;
    const char *in;
    size_t len;         /* 0: strlen(in) */
    amc_status want;    /* status of amc_yaml_read */
    amc_code code;      /* the first diagnostic's code */
    uint32_t line, col; /* its zero-based position */
    const char *msg;    /* its whole message */
} cases[] = {
    /* D1: the encoding is named; the patterns overlap, so the order decides */
    {"UTF-32BE BOM", "\0\0\xfe\xff\0\0\0a", 8, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-32BE (byte order mark); only UTF-8 YAML is accepted"},
    {"UTF-32LE BOM (also a UTF-16LE BOM)", "\xff\xfe\0\0a\0\0\0", 8, AMC_EINVALID,
     AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-32LE (byte order mark); only UTF-8 YAML is accepted"},
    {"UTF-16BE BOM", "\xfe\xff\0a", 4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-16BE (byte order mark); only UTF-8 YAML is accepted"},
    {"UTF-16LE BOM",
     "\xff\xfe"
     "a\0",
     4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-16LE (byte order mark); only UTF-8 YAML is accepted"},
    {"UTF-32BE without BOM", "\0\0\0a", 4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-32BE (leading NUL bytes); only UTF-8 YAML is accepted"},
    {"UTF-32LE without BOM", "a\0\0\0", 4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-32LE (NUL bytes after the first character); only UTF-8 YAML is "
     "accepted"},
    {"UTF-16BE without BOM", "\0a\0:", 4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-16BE (leading NUL byte); only UTF-8 YAML is accepted"},
    {"UTF-16LE without BOM", "a\0:\0", 4, AMC_EINVALID, AMC_C_YAML_ENCODING, 0, 0,
     "input looks like UTF-16LE (NUL byte after the first character); only UTF-8 YAML is "
     "accepted"},
    /* a message shows a key's backslash and control characters as \xHH, other text as is */
    {"duplicate key with a backslash", "\"a\\\\b\": 1\n\"a\\\\b\": 2\n", 0, AMC_EINVALID,
     AMC_C_YAML_DUP_KEY, 1, 0, "duplicate mapping key 'a\\x5cb'"},
    {"duplicate key with a tab and an e acute", "\"\\t\xc3\xa9\": 1\n\"\\t\xc3\xa9\": 2\n", 0,
     AMC_EINVALID, AMC_C_YAML_DUP_KEY, 1, 0, "duplicate mapping key '\\x09\xc3\xa9'"},
    /* tags */
    {"!!binary on a scalar", "a: !!binary aGVsbG8=\n", 0, AMC_EINVALID, AMC_C_YAML_TAG, 0, 3,
     "tag !!binary is not supported: JSON has no binary type (use a base64 string)"},
    {"a local tag", "a: !thing x\n", 0, AMC_EINVALID, AMC_C_YAML_TAG, 0, 3,
     "local tag '!thing' is not supported (only the YAML 1.2 core tags are)"},
    {"a global tag", "a: !<tag:example.com,2000:x> x\n", 0, AMC_EINVALID, AMC_C_YAML_TAG, 0, 3,
     "tag 'tag:example.com,2000:x' is not supported (only the YAML 1.2 core tags are)"},
    {"!!map on a scalar", "a: !!map x\n", 0, AMC_EINVALID, AMC_C_YAML_TAG_VALUE, 0, 3,
     "tag !!map on a scalar"},
    {"!!seq on a scalar", "a: !!seq x\n", 0, AMC_EINVALID, AMC_C_YAML_TAG_VALUE, 0, 3,
     "tag !!seq on a scalar"},
    {"!!null on a word", "a: !!null x\n", 0, AMC_EINVALID, AMC_C_YAML_TAG_VALUE, 0, 3,
     "'x' is not a valid !!null value"},
    {"!!bool on a number", "a: !!bool 1\n", 0, AMC_EINVALID, AMC_C_YAML_TAG_VALUE, 0, 3,
     "'1' is not a valid !!bool value"},
};

static void test_cases(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct ycase *c = &cases[i];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        const amc_diag *d = NULL;
        amc_status st = AMC_OK;
        assert_non_null(ds);
        st = amc_yaml_read(c->in, c->len ? c->len : strlen(c->in), NULL, ds, &doc);
        if (st != c->want || amc_diags_count(ds) == 0)
            fail_msg("%s: status %d (want %d), %zu diagnostics", c->name, (int)st, (int)c->want,
                     amc_diags_count(ds));
        d = amc_diags_get(ds, 0);
        if (d->code != c->code || d->at.line != c->line || d->at.col != c->col ||
            strcmp(d->message, c->msg) != 0)
            fail_msg("%s: got %s at %u:%u \"%s\"\n  want %s at %u:%u \"%s\"", c->name,
                     amc_code_id(d->code), d->at.line, d->at.col, d->message, amc_code_id(c->code),
                     c->line, c->col, c->msg);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_cases)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
