/*
 * test_libmut_yaml.c - how src/formats/yaml_read.c quotes a tag or a scalar in a message (show):
 * printable ASCII as is, a backslash, DEL and control characters as \xHH, UTF-8 from U+00A0 as
 * is but U+0085 (below U+00A0), U+2028 and U+2029 as \xHH bytes; at most 48 bytes of the text, then
 * "..." (48 escaped bytes and more lost their "..." until this test). Each case asserts the one
 * diagnostic: code, line:col and the whole message.
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
#include "amc/yaml.h"

#define TAGMSG(t) "local tag '" t "' is not supported (only the YAML 1.2 core tags are)"
#define X01_8     "\\x01\\x01\\x01\\x01\\x01\\x01\\x01\\x01"
#define X01_48    X01_8 X01_8 X01_8 X01_8 X01_8 X01_8 /* YAML escapes and shown bytes alike */
#define A8        "aaaaaaaa"
#define A47       A8 A8 A8 A8 A8 "aaaaaaa"

static const struct ycase {
    const char *name, *in;
    amc_code code;
    const char *msg;
} cases[] = {
    {"printable ASCII and a space", "a: !t%20x v\n", AMC_C_YAML_TAG, TAGMSG("!t x")},
    {"a control character, DEL and a backslash", "a: !t%1f%7f%5c v\n", AMC_C_YAML_TAG,
     TAGMSG("!t\\x1f\\x7f\\x5c")},
    {"U+00A0 and U+00E9 as is", "a: !t%C2%A0%C3%A9 v\n", AMC_C_YAML_TAG,
     TAGMSG("!t\xc2\xa0\xc3\xa9")},
    {"U+0085 (below U+00A0) as bytes", "a: !t%C2%85 v\n", AMC_C_YAML_TAG, TAGMSG("!t\\xc2\\x85")},
    {"U+2028 and U+2029 as bytes, U+2027 as is", "a: !t%E2%80%A8%E2%80%A9%E2%80%A7 v\n",
     AMC_C_YAML_TAG, TAGMSG("!t\\xe2\\x80\\xa8\\xe2\\x80\\xa9\xe2\x80\xa7")},
    {"a 4-byte character as is", "a: !t%F0%9F%98%80 v\n", AMC_C_YAML_TAG,
     TAGMSG("!t\xf0\x9f\x98\x80")},
    /* 48 bytes at most */
    {"48 ASCII bytes whole", "a: !" A47 " v\n", AMC_C_YAML_TAG, TAGMSG("!" A47)},
    {"49 ASCII bytes cut", "a: !" A47 "b v\n", AMC_C_YAML_TAG, TAGMSG("!" A47 "...")},
    {"48 escaped bytes whole", "a: !!int \"" X01_48 "\"\n", AMC_C_YAML_TAG_VALUE,
     "'" X01_48 "' is not a valid !!int value"},
    {"49 escaped bytes cut", "a: !!int \"" X01_48 "\\x01\"\n", AMC_C_YAML_TAG_VALUE,
     "'" X01_48 "...' is not a valid !!int value"},
};

static void test_show(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct ycase *c = &cases[i];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = amc_yaml_read(c->in, strlen(c->in), NULL, ds, &doc);
        const amc_diag *d = amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
        if (st != AMC_EINVALID || amc_diags_count(ds) != 1 || d->code != c->code ||
            d->at.line != 0 || d->at.col != 3 || strcmp(d->message, c->msg) != 0)
            fail_msg("%s: status %d, %zu diagnostics, first: %s %u:%u %s", c->name, (int)st,
                     amc_diags_count(ds), d ? amc_code_id(d->code) : "-", d ? d->at.line + 1 : 0,
                     d ? d->at.col + 1 : 0, d ? d->message : "-");
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_show),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
