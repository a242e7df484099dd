/*
 * test_libcov_yaml.c - the YAML reader (src/formats/yaml_read.c) on odd YAML the coverage report
 * showed untested: core tags on the wrong node kind or with values they do not take (!!int 1.5,
 * !!float x, !!bool yes, !!null x, empty tagged scalars), tags amc refuses (!!binary, local,
 * !!timestamp, !!set, !!omap), verbatim tags, octal and hexadecimal integers past 64 bits,
 * scalars YAML 1.1 and 1.2 read differently (0NN octals, '_' digits, base 60, timestamps, merge
 * and value keys, y/n/on/off), non-finite floats in every spelling, anchors and aliases (an
 * alias of a collection used twice, an undefined one), duplicate and complex keys, two
 * documents, %YAML 1.1, empty streams, escapes and control characters, block scalars and
 * syntax errors. Each case asserts the status, every diagnostic (code, 0-based line:col, the
 * whole message) and the JSON of the document read.
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

typedef struct ydiag {
    amc_code code;
    unsigned line, col; /* 0-based */
    const char *msg;
} ydiag;

static const struct ycase {
    const char *in;
    amc_status st;
    const char *json; /* the document as compact JSON (NULL: none) */
    size_t n;
    ydiag d[3];
} cases[] = {
    {"a: !!map x\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "tag !!map on a scalar"}}},
    {"a: !!seq x\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "tag !!seq on a scalar"}}},
    {"a: !!int 0o17\n", AMC_OK, "{\"a\":15}", 0, {{0}}},
    {"a: !!int 0x1F\n", AMC_OK, "{\"a\":31}", 0, {{0}}},
    {"a: !!int 1.5\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "'1.5' is not a valid !!int value"}}},
    {"a: !!float 1\n", AMC_OK, "{\"a\":1}", 0, {{0}}},
    {"a: !!float .inf\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'.inf' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: !!float .nan\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'.nan' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: !!float x\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "'x' is not a valid !!float value"}}},
    {"a: !!bool yes\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "'yes' is not a valid !!bool value"}}},
    {"a: !!bool true\n", AMC_OK, "{\"a\":true}", 0, {{0}}},
    {"a: !!null ~\n", AMC_OK, "{\"a\":null}", 0, {{0}}},
    {"a: !!null x\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "'x' is not a valid !!null value"}}},
    {"a: !!str 12\n", AMC_OK, "{\"a\":\"12\"}", 0, {{0}}},
    {"a: ! 12\n", AMC_OK, "{\"a\":\"12\"}", 0, {{0}}},
    {"a: !!binary aGk=\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG, 0, 3,
       "tag !!binary is not supported: JSON has no binary type (use a base64 string)"}}},
    {"a: !foo 1\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG, 0, 3,
       "local tag '!foo' is not supported (only the YAML 1.2 core tags are)"}}},
    {"a: !<tag:yaml.org,2002:int> 7\n", AMC_OK, "{\"a\":7}", 0, {{0}}},
    {"a: !!int "
     "0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
     "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
     "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\n",
     AMC_OK,
     "{\"a\":"
     "498960077383679952914093178259209641516862815108864385375636810609302972967241016446239491373"
     "158925272335611711048123810993109497098398415184792949571207855080001418237771419129384430361"
     "090746795663339186135980998332702613780217597222213817112011039376780226718939010410589623807"
     "5860024819711}",
     0,
     {{0}}},
    {"a: "
     "0o7777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777"
     "777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777777"
     "777\n",
     AMC_OK,
     "{\"a\":"
     "754792484964308270448310916197653778183384244083288085675241260049124832478429770417225345035"
     "5317535082936750061527689799541169259849585265122868502865392087298790653951}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '0o7777777777777777777777777777777777777777777777...' is the number "
       "754792484964308270448310916197653778183384244083... in YAML 1.2 (core schema), but YAML "
       "1.1 readers such as PyYAML read a string (PyYAML resolver.py: no YAML 1.1 int/float form "
       "matches); quote or tag it to be unambiguous"}}},
    {"a: 0x1F\n", AMC_OK, "{\"a\":31}", 0, {{0}}},
    {"a: 0o\n", AMC_OK, "{\"a\":\"0o\"}", 0, {{0}}},
    {"a: 0x\n", AMC_OK, "{\"a\":\"0x\"}", 0, {{0}}},
    {"a: 0xg\n", AMC_OK, "{\"a\":\"0xg\"}", 0, {{0}}},
    {"a: 0o8\n", AMC_OK, "{\"a\":\"0o8\"}", 0, {{0}}},
    {"a: 010\n",
     AMC_OK,
     "{\"a\":10}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '010' is the number 10 in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read the octal integer 8 (https://yaml.org/type/int.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: 07\n", AMC_OK, "{\"a\":7}", 0, {{0}}},
    {"a: -010\n",
     AMC_OK,
     "{\"a\":-10}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '-010' is the number -10 in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read the octal integer -8 (https://yaml.org/type/int.html); quote or tag it to "
       "be unambiguous"}}},
    {"a: 0777777777777777777777777777\n",
     AMC_OK,
     "{\"a\":777777777777777777777777777}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '0777777777777777777777777777' is the number 777777777777777777777777777 in "
       "YAML 1.2 (core schema), but YAML 1.1 readers such as PyYAML read the octal integer (beyond "
       "64 bits) (https://yaml.org/type/int.html); quote or tag it to be unambiguous"}}},
    {"a: -09\n",
     AMC_OK,
     "{\"a\":-9}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '-09' is the number -9 in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read a string (PyYAML resolver.py: no YAML 1.1 int/float form matches); quote or "
       "tag it to be unambiguous"}}},
    {"a: 08\n",
     AMC_OK,
     "{\"a\":8}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '08' is the number 8 in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read a string (PyYAML resolver.py: no YAML 1.1 int/float form matches); quote or "
       "tag it to be unambiguous"}}},
    {"a: 1_000\n",
     AMC_OK,
     "{\"a\":\"1_000\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '1_000' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read the decimal integer 1000 (https://yaml.org/type/int.html); quote or tag it to "
       "be unambiguous"}}},
    {"a: +0x1F\n",
     AMC_OK,
     "{\"a\":\"+0x1F\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '+0x1F' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read the hexadecimal integer 31 (https://yaml.org/type/int.html); quote or tag it "
       "to be unambiguous"}}},
    {"a: 0b2\n", AMC_OK, "{\"a\":\"0b2\"}", 0, {{0}}},
    {"a: 190:20:30.15\n",
     AMC_OK,
     "{\"a\":\"190:20:30.15\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '190:20:30.15' is a string in YAML 1.2 (core schema), but YAML 1.1 readers "
       "such as PyYAML read a base-60 float (https://yaml.org/type/float.html); quote or tag it to "
       "be unambiguous"}}},
    {"a: 1:2\n",
     AMC_OK,
     "{\"a\":\"1:2\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '1:2' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read the base-60 integer 62 (https://yaml.org/type/int.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: 2001-12-14\n",
     AMC_OK,
     "{\"a\":\"2001-12-14\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '2001-12-14' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read a timestamp (PyYAML: datetime.date or datetime.datetime) "
       "(https://yaml.org/type/timestamp.html); quote or tag it to be unambiguous"}}},
    {"a: 2001-12-14t21:59:43.10-05:00\n",
     AMC_OK,
     "{\"a\":\"2001-12-14t21:59:43.10-05:00\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '2001-12-14t21:59:43.10-05:00' is a string in YAML 1.2 (core schema), but "
       "YAML 1.1 readers such as PyYAML read a timestamp (PyYAML: datetime.date or "
       "datetime.datetime) (https://yaml.org/type/timestamp.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: <<\n",
     AMC_OK,
     "{\"a\":\"<<\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '<<' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read a merge key (the mapping it refers to is merged in) "
       "(https://yaml.org/type/merge.html); quote or tag it to be unambiguous"}}},
    {"a: =\n",
     AMC_OK,
     "{\"a\":\"=\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '=' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read the 'value' key type (https://yaml.org/type/value.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: y\n",
     AMC_OK,
     "{\"a\":\"y\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar 'y' is a string in YAML 1.2 (core schema), but YAML 1.1 readers that follow "
       "the type repository (PyYAML does not) read boolean true (https://yaml.org/type/bool.html); "
       "quote or tag it to be unambiguous"}}},
    {"a: N\n",
     AMC_OK,
     "{\"a\":\"N\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar 'N' is a string in YAML 1.2 (core schema), but YAML 1.1 readers that follow "
       "the type repository (PyYAML does not) read boolean false "
       "(https://yaml.org/type/bool.html); quote or tag it to be unambiguous"}}},
    {"a: on\n",
     AMC_OK,
     "{\"a\":\"on\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar 'on' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read boolean true (https://yaml.org/type/bool.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: Off\n",
     AMC_OK,
     "{\"a\":\"Off\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar 'Off' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read boolean false (https://yaml.org/type/bool.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: YES\n",
     AMC_OK,
     "{\"a\":\"YES\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar 'YES' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read boolean true (https://yaml.org/type/bool.html); quote or tag it to be "
       "unambiguous"}}},
    {"a: .Inf\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'.Inf' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: -.inf\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'-.inf' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: +.inf\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'+.inf' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {".nan: 1\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 0,
       "'.nan' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: .NaN\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_NONFINITE, 0, 3,
       "'.NaN' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it"}}},
    {"a: 1e3\n",
     AMC_OK,
     "{\"a\":1e3}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '1e3' is the number 1e3 in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read a string (PyYAML resolver.py: no YAML 1.1 int/float form matches); quote or "
       "tag it to be unambiguous"}}},
    {"a: 1.0e+3\n", AMC_OK, "{\"a\":1.0e+3}", 0, {{0}}},
    {"a: 6.8523015e+5\n", AMC_OK, "{\"a\":6.8523015e+5}", 0, {{0}}},
    {"a: 685.230_15e+03\n",
     AMC_OK,
     "{\"a\":\"685.230_15e+03\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '685.230_15e+03' is a string in YAML 1.2 (core schema), but YAML 1.1 readers "
       "such as PyYAML read a float ('_' ignored) (https://yaml.org/type/float.html); quote or tag "
       "it to be unambiguous"}}},
    {"a: 685_230.15\n",
     AMC_OK,
     "{\"a\":\"685_230.15\"}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '685_230.15' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read a float ('_' ignored) (https://yaml.org/type/float.html); quote or tag it "
       "to be unambiguous"}}},
    {"a: -.5\n",
     AMC_OK,
     "{\"a\":-0.5}",
     1,
     {{AMC_C_YAML_11_AMBIGUOUS, 0, 3,
       "plain scalar '-.5' is the number -0.5 in YAML 1.2 (core schema), but YAML 1.1 readers such "
       "as PyYAML read a string (PyYAML resolver.py: no YAML 1.1 int/float form matches); quote or "
       "tag it to be unambiguous"}}},
    {"a: 1.5E-3\n", AMC_OK, "{\"a\":1.5E-3}", 0, {{0}}},
    {"a: &x 1\nb: *x\n", AMC_OK, "{\"a\":1,\"b\":1}", 0, {{0}}},
    {"a: &x [1, 2]\nb: *x\nc: *x\n", AMC_OK, "{\"a\":[1,2],\"b\":[1,2],\"c\":[1,2]}", 0, {{0}}},
    {"a: *nope\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_ALIAS_UNDEFINED, 0, 3, "alias *nope refers to no anchor"}}},
    {"a: 1\na: 2\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_DUP_KEY, 1, 0, "duplicate mapping key 'a'"}}},
    {"? [1]\n: 2\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_KEY_COMPLEX, 0, 2,
       "mapping key is a sequence; only scalar keys have a JSON form"}}},
    {"? {a: 1}\n: 2\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_KEY_COMPLEX, 0, 2,
       "mapping key is a mapping; only scalar keys have a JSON form"}}},
    {"1: a\n1.0: b\n", AMC_OK, "{\"1\":\"a\",\"1.0\":\"b\"}", 0, {{0}}},
    {"null: 1\n~: 2\n", AMC_OK, "{\"null\":1,\"~\":2}", 0, {{0}}},
    {"true: 1\n", AMC_OK, "{\"true\":1}", 0, {{0}}},
    {"---\na: 1\n---\nb: 2\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_MULTI_DOC, 2, 0, "a second YAML document starts here; exactly one is allowed"}}},
    {"%YAML 1.1\n---\na: yes\n",
     AMC_OK,
     "{\"a\":\"yes\"}",
     2,
     {{AMC_C_YAML_VERSION_11, 0, 0,
       "%YAML 1.1 directive: the document is read with YAML 1.2 core schema rules (see the "
       "yaml.yaml11-ambiguous warnings)"},
      {AMC_C_YAML_11_AMBIGUOUS, 2, 3,
       "plain scalar 'yes' is a string in YAML 1.2 (core schema), but YAML 1.1 readers such as "
       "PyYAML read boolean true (https://yaml.org/type/bool.html); quote or tag it to be "
       "unambiguous"}}},
    {"\n# only a comment\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_EMPTY_INPUT, 0, 0,
       "YAML input holds no document (only comments, blank lines or markers)"}}},
    {"---\n...\n", AMC_OK, "null", 0, {{0}}},
    {"a: [1, [2, [3, [4]]]]\n", AMC_OK, "{\"a\":[1,[2,[3,[4]]]]}", 0, {{0}}},
    {"a: \"\\xff\"\n", AMC_OK, "{\"a\":\"ÿ\"}", 0, {{0}}},
    {"a: \"\\u0000\"\n", AMC_OK, "{\"a\":\"\\u0000\"}", 0, {{0}}},
    {"a: '\x01"
     "'\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_CONTROL_CHAR, 0, 4,
       "character U+0001 is not allowed in YAML (control characters are not allowed)"}}},
    {"a: b: c\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_SYNTAX, 0, 4, "mapping values are not allowed in this context"}}},
    {"a:\n  - 1\n - 2\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_SYNTAX, 2, 1, "did not find expected key"}}},
    {"\t- 1\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_SYNTAX, 0, 0, "found character that cannot start any token"}}},
    {"a: |\n  x\n  y\n", AMC_OK, "{\"a\":\"x\\ny\\n\"}", 0, {{0}}},
    {"a: >-\n  x\n  y\n", AMC_OK, "{\"a\":\"x y\"}", 0, {{0}}},
    {"a: !!str\n", AMC_OK, "{\"a\":\"\"}", 0, {{0}}},
    {"a: !!null\n", AMC_OK, "{\"a\":null}", 0, {{0}}},
    {"a: !!int\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 3, "'' is not a valid !!int value"}}},
    {"a: !!timestamp 2001-12-14\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG, 0, 3,
       "tag 'tag:yaml.org,2002:timestamp' is not supported (only the YAML 1.2 core tags are)"}}},
    {"- !!map {a: 1}\n- !!seq [1]\n- !!map [1]\n- !!seq {a: 1}\n",
     AMC_EINVALID,
     NULL,
     2,
     {{AMC_C_YAML_TAG_VALUE, 2, 2, "tag !!map on a sequence"},
      {AMC_C_YAML_TAG_VALUE, 3, 2, "tag !!seq on a mapping"}}},
    {"- !!str [1]\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG_VALUE, 0, 2, "tag !!str on a sequence"}}},
    {"- !!set {a: null}\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG, 0, 2,
       "tag 'tag:yaml.org,2002:set' is not supported (only the YAML 1.2 core tags are)"}}},
    {"- !!omap [a: 1]\n",
     AMC_EINVALID,
     NULL,
     1,
     {{AMC_C_YAML_TAG, 0, 2,
       "tag 'tag:yaml.org,2002:omap' is not supported (only the YAML 1.2 core tags are)"}}},
};

static void test_cases(void **state)
{
    size_t i = 0, k = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct ycase *c = &cases[i];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        amc_status st = amc_yaml_read(c->in, strlen(c->in), NULL, ds, &doc);
        char *js = doc && amc_doc_root(doc) ? amc_value_to_json(amc_doc_root(doc), -1, NULL) : NULL;
        int wrong = st != c->st || amc_diags_count(ds) != c->n ||
                    (c->json ? !js || strcmp(js, c->json) != 0 : js != NULL);
        for (k = 0; !wrong && k < c->n; k++) {
            const amc_diag *d = amc_diags_get(ds, k);
            wrong = d->code != c->d[k].code || d->at.line != c->d[k].line ||
                    d->at.col != c->d[k].col || strcmp(d->message, c->d[k].msg) != 0;
        }
        if (wrong) {
            printf("FAIL case %zu '%s': status %d, json %s\n", i, c->in, (int)st, js ? js : "-");
            for (k = 0; k < amc_diags_count(ds); k++)
                printf("  got %s %u:%u %s\n", amc_code_id(amc_diags_get(ds, k)->code),
                       amc_diags_get(ds, k)->at.line, amc_diags_get(ds, k)->at.col,
                       amc_diags_get(ds, k)->message);
            bad++;
        }
        amc_free(js);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
