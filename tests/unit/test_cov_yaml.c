/*
 * test_cov_yaml.c - the YAML reader's readings the coverage report showed untested
 * (src/formats/yaml_read.c): plain scalars that YAML 1.2's core schema and YAML 1.1 readers
 * (PyYAML's resolver, https://yaml.org/type/int.html, float.html, bool.html) read differently, at
 * the edges of each form (signs, '_', base-60 groups, exponents without a sign), scalars both
 * read alike (no warning), version directives and UTF-32 input. Each case asserts every
 * diagnostic: code, line:col and a piece of its message.
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

#define AMB AMC_C_YAML_11_AMBIGUOUS
#define PY  "YAML 1.1 readers such as PyYAML read "

static const struct ycase {
    const char *name, *in;
    size_t len;         /* 0: strlen(in) */
    amc_status st;      /* the reading's status */
    amc_code code;      /* the one diagnostic (0: none) */
    unsigned line, col; /* 1-based */
    const char *msg;
} cases[] = {
    /* 1.2 numbers that PyYAML reads as strings */
    {"a signed fraction without an integer part", "a: +.5\n", 0, AMC_OK, AMB, 1, 4,
     "plain scalar '+.5' is the number 0.5 in YAML 1.2 (core schema), but " PY "a string"},
    {"an exponent without a sign", "a: -1.5e3\n", 0, AMC_OK, AMB, 1, 4,
     "plain scalar '-1.5e3' is the number -1.5e3 in YAML 1.2 (core schema), but " PY "a string"},
    {"0o octal", "a: 0o17\n", 0, AMC_OK, AMB, 1, 4,
     "plain scalar '0o17' is the number 15 in YAML 1.2 (core schema), but " PY "a string"},
    /* 1.2 strings that PyYAML reads as numbers */
    {"signed binary", "a: +0b11\n", 0, AMC_OK, AMB, 1, 4,
     "plain scalar '+0b11' is a string in YAML 1.2 (core schema), but " PY "the binary integer 3"},
    {"binary with '_'", "a: 0b_1\n", 0, AMC_OK, AMB, 1, 4, PY "the binary integer 1"},
    {"negative hexadecimal in capitals", "a: -0x1F\n", 0, AMC_OK, AMB, 1, 4,
     PY "the hexadecimal integer -31"},
    {"base 60 with '_' in the first group", "a: 1_0:30\n", 0, AMC_OK, AMB, 1, 4,
     PY "the base-60 integer 630"},
    {"base 60, three groups", "a: 190:20:30\n", 0, AMC_OK, AMB, 1, 4,
     PY "the base-60 integer 685230"},
    {"signed base-60 float", "a: +1_0:30.5\n", 0, AMC_OK, AMB, 1, 4, PY "a base-60 float"},
    {"decimal with '__'", "a: 1__2\n", 0, AMC_OK, AMB, 1, 4, PY "the decimal integer 12"},
    /* read alike: no warning */
    {"1. is a float in both", "a: 1.\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"+12 is 12 in both", "a: +12\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"-0 is 0 in both", "a: -0\n", 0, AMC_OK, 0, 0, 0, NULL},
    {".5e+3 is 500 in both", "a: .5e+3\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"0:30 is a string in both (base 60 starts with 1-9)", "a: 0:30\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"1:60 is a string in both (a group is 0-59)", "a: 1:60\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"1.5e is a string in both", "a: 1.5e\n", 0, AMC_OK, 0, 0, 0, NULL},
    /* directives and encodings */
    {"%YAML 1.2", "%YAML 1.2\n---\na: 1\n", 0, AMC_OK, 0, 0, 0, NULL},
    {"%YAML 1.3", "%YAML 1.3\n---\na: 1\n", 0, AMC_EINVALID, AMC_C_YAML_SYNTAX, 1, 1,
     "found incompatible YAML document"},
    {"UTF-32BE with a byte order mark", "\0\0\xfe\xff\0\0\0a", 8, AMC_EINVALID, AMC_C_YAML_ENCODING,
     1, 1, "input looks like UTF-32BE (byte order mark); only UTF-8 YAML is accepted"},
    {"a control character", "a: \x01\n", 0, AMC_EINVALID, AMC_C_YAML_CONTROL_CHAR, 1, 4,
     "character U+0001 is not allowed in YAML (control characters are not allowed)"},
};

static void test_cases(void **state)
{
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct ycase *c = &cases[i];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        size_t len = c->len ? c->len : strlen(c->in);
        amc_status st = amc_yaml_read(c->in, len, NULL, ds, &doc);
        const amc_diag *d = amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
        if (st != c->st || amc_diags_count(ds) != (c->code ? 1u : 0u) ||
            (c->code && (d->code != c->code || d->at.line + 1 != c->line ||
                         d->at.col + 1 != c->col || !strstr(d->message, c->msg)))) {
            for (k = 0; k < amc_diags_count(ds); k++)
                print_message("  got %s %u:%u %s\n", amc_code_id(amc_diags_get(ds, k)->code),
                              amc_diags_get(ds, k)->at.line + 1, amc_diags_get(ds, k)->at.col + 1,
                              amc_diags_get(ds, k)->message);
            fail_msg("%s: status %s, %zu diagnostics; want %s, %s at %u:%u '%s'", c->name,
                     amc_status_str(st), amc_diags_count(ds), amc_status_str(c->st),
                     c->code ? amc_code_id(c->code) : "none", c->line, c->col,
                     c->msg ? c->msg : "");
        }
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
