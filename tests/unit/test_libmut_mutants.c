/*
 * test_libmut_mutants.c - tests for mutants that survived fresh issue-22 samples (seeds 22, 8128,
 * 31337; docs/testing.md "Mutation testing"), each asserting the exact answer, message or
 * diagnostic the mutant changes:
 *   - src/formats/yaml_read.c radix_to_dec: the hexadecimal digit 'a' (0xa is 10), and the
 *     INT_RANGE message names the base that was written (octal / hexadecimal);
 *   - src/schema/regex.c: the fast path's {n} counts with the digit 9, a surrogate pair
 *     \uD800\uDC00 (the lowest high surrogate) is one code point, and an invalid group name met
 *     by the prepass does not hide an earlier error;
 *   - src/schema/registry.c wdiag: a problem at the root of a resource points at "uri#";
 *   - src/schema/validate.c: oneOf keeps the annotations of its one valid branch only, and the
 *     small "properties" scan looks at each declared name once;
 *   - src/profiles/acp.c acp_detect: each of the monitoring members alone detects ACP;
 *   - src/lifecycle/model.c lc_step: an event kind past the model's events is AMC_EUSAGE before
 *     the model's step runs, and an event without declared transitions moves no entity.
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
#include "amc/json.h"
#include "amc/yaml.h"
#include "core/arena_int.h"
#include "lifecycle/model.h"
#include "schema/regex_int.h"

/* ---- YAML 1.2 integers in base 8 and 16 ---- */

static const amc_value *yaml_root(const char *in, amc_doc **doc, amc_diags *ds)
{
    assert_int_equal(amc_yaml_read(in, strlen(in), NULL, ds, doc), AMC_OK);
    return amc_doc_root(*doc);
}

/* Each hex digit value: 0xa (the digit 'a' alone, then with others) is 10, not 'a' - 'A' + 10. */
static void test_yaml_hex_digits(void **state)
{
    static const struct {
        const char *in, *text;
        int64_t v;
    } cases[] = {
        {"v: 0xa\n", "10", 10},    {"v: 0xA\n", "10", 10},
        {"v: 0xaf\n", "175", 175}, {"v: 0xfa\n", "250", 250},
        {"v: 0x9a\n", "154", 154}, {"v: 0xabcdef\n", "11259375", 11259375},
        {"v: 0o17\n", "15", 15},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        const amc_value *v = amc_value_getz(yaml_root(cases[i].in, &doc, ds), "v");
        assert_non_null(v);
        assert_int_equal(v->type, AMC_T_NUMBER);
        if (strcmp(v->u.num.text, cases[i].text) != 0 || v->u.num.i != cases[i].v)
            fail_msg("%s: got %s (%lld)", cases[i].in, v->u.num.text, (long long)v->u.num.i);
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
}

/* An integer over 4096 bits: the message says which base it was written in; one digit fewer is
 * read (the bound). */
static void test_yaml_radix_range_message(void **state)
{
    static const struct {
        char digit, letter;
        size_t ndig; /* digits that need more than 4096 bits */
        const char *base;
    } cases[] = {
        /* the bound counts digits: up to 4096 bits plus what a first digit may lack */
        {'7', 'o', 1367, "octal"},       /* 1367 x 3 = 4101 > 4096 + 2 */
        {'f', 'x', 1025, "hexadecimal"}, /* 1025 x 4 = 4100 > 4096 + 3 */
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *in = malloc(cases[i].ndig + 16);
        char want[128];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        const amc_diag *d = NULL;
        size_t n = 0;
        assert_non_null(in);
        memcpy(in, "v: 0", 4);
        in[4] = cases[i].letter;
        memset(in + 5, cases[i].digit, cases[i].ndig);
        n = 5 + cases[i].ndig;
        in[n++] = '\n';
        assert_int_equal(amc_yaml_read(in, n, NULL, ds, &doc), AMC_EINVALID);
        amc_doc_free(doc);
        doc = NULL;
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        assert_int_equal(d->code, AMC_C_YAML_INT_RANGE);
        assert_int_equal(d->at.line, 0);
        assert_int_equal(d->at.col, 3);
        snprintf(want, sizeof want, "%s integer '0%c%c%c%c", cases[i].base, cases[i].letter,
                 cases[i].digit, cases[i].digit, cases[i].digit);
        if (strncmp(d->message, want, strlen(want)) != 0 ||
            !strstr(d->message, "' has more than 4096 bits"))
            fail_msg("got: %s", d->message);
        amc_diags_clear(ds);
        memmove(in + 5, in + 6, n - 6); /* one digit fewer */
        assert_int_equal(amc_yaml_read(in, n - 1, NULL, ds, &doc), AMC_OK);
        assert_int_equal(amc_diags_errors(ds), 0); /* 0o: a YAML 1.1 warning only */
        assert_int_equal(amc_value_getz(amc_doc_root(doc), "v")->type, AMC_T_NUMBER);
        amc_doc_free(doc);
        amc_diags_free(ds);
        free(in);
    }
}

/* ---- regex ---- */

/* {n}, {n,} and {n,m} counts with the digit 9 keep the fast path, with PCRE2's answers. */
static void test_regex_simple_counts_with_9(void **state)
{
    static const struct {
        const char *pat, *yes, *no;
    } cases[] = {
        {"^a{9}$", "aaaaaaaaa", "aaaaaaaa"},
        {"^a{9,}$", "aaaaaaaaaa", "aaaaaaaa"},
        {"^a{0,9}$", "aaaaaaaaa", "aaaaaaaaaa"},
        {"^[0-9]{19}$", "1234567890123456789", "123456789012345678"},
        {"^x{1,99}y", "xxy", "y"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256];
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, err, sizeof err);
        if (!re)
            fail_msg("/%s/: %s", cases[i].pat, err);
        if (!amc_regex_is_simple(re))
            fail_msg("/%s/ does not take the fast path", cases[i].pat);
        assert_int_equal(amc_regex_search(re, cases[i].yes, strlen(cases[i].yes)), 1);
        assert_int_equal(amc_regex_search(re, cases[i].no, strlen(cases[i].no)), 0);
        assert_int_equal(amc_regex_search_pcre2(re, cases[i].yes, strlen(cases[i].yes)), 1);
        assert_int_equal(amc_regex_search_pcre2(re, cases[i].no, strlen(cases[i].no)), 0);
        amc_regex_free(re);
    }
}

/* \uD800\uDC00 (the lowest pair) is U+10000, \uDBFF\uDFFF U+10FFFF: one code point each. */
static void test_regex_surrogate_pairs(void **state)
{
    static const struct {
        const char *pat, *yes, *no;
    } cases[] = {
        {"^\\uD800\\uDC00$", "\xf0\x90\x80\x80", "\xf0\x90\x80\x81"},
        {"^[\\uD800\\uDC00-\\uD800\\uDC05]$", "\xf0\x90\x80\x85", "\xf0\x90\x80\x86"},
        {"^\\uDBFF\\uDFFF$", "\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbe"},
        {"^.\\uD800\\uDC00$", "a\xf0\x90\x80\x80", "\xf0\x90\x80\x80"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256];
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, err, sizeof err);
        if (!re)
            fail_msg("/%s/: %s", cases[i].pat, err);
        if (amc_regex_search(re, cases[i].yes, strlen(cases[i].yes)) != 1 ||
            amc_regex_search(re, cases[i].no, strlen(cases[i].no)) != 0)
            fail_msg("/%s/: wrong answer", cases[i].pat);
        amc_regex_free(re);
    }
}

/* The prepass that collects group names meets a bad name first; the error reported is still the
 * first one in the pattern (the main pass's), and a bad name alone is reported at the name. */
static void test_regex_group_name_errors(void **state)
{
    static const struct {
        const char *pat, *err;
    } cases[] = {
        {"(?<a-b>x)", "offset 3: invalid character in group name"},
        {"(?<a>x)(?<1b>y)", "offset 10: invalid character in group name"},
        {"a**(?<a-b>x)", "offset 2: nothing to repeat before '*'"},
        {")(?<a-b>x)", "offset 0: unmatched )"},
        {"(?<b>(?<a-b>x))", "offset 8: invalid character in group name"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[256];
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, err, sizeof err);
        assert_null(re);
        if (strcmp(err, cases[i].err) != 0)
            fail_msg("/%s/: %s", cases[i].pat, err);
    }
}

/* Group names (RegExpIdentifierName, at most 256 bytes of UTF-8): U+200C / U+200D continue a
 * name but do not start one; spaces (U+00A0, U+2000-U+200A, U+202F) are no part of one. */
static void test_regex_group_names(void **state)
{
    static const struct {
        const char *name; /* between (?< and > */
        size_t rep;       /* the name is `name` repeated rep times */
        const char *err;  /* NULL: compiles */
    } cases[] = {
        {"a", 256, NULL},
        {"a", 257, "offset 3: group name too long"},
        {"\xc3\xa9", 128, NULL}, /* 256 bytes */
        {"\xc3\xa9", 129, "offset 3: group name too long"},
        {"a\xe2\x80\x8c"
         "b",
         1, NULL},
        {"\xe2\x80\x8c"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\xe2\x80\x8d"
         "b",
         1, NULL},
        {"\xe2\x80\x8d"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\xe2\x80\x80"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\xe2\x80\x8a"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\xe2\x80\xaf"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\xc2\xa0"
         "b",
         1, "offset 3: invalid character in group name"},
        {"a\\u0062", 1, NULL},
        {"a\\u{62}", 1, NULL},
        {"1a", 1, "offset 3: invalid character in group name"},
        {"a1", 1, NULL},
        {"$_", 1, NULL},
    };
    size_t i = 0, k = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char pat[1200], err[256];
        size_t n = 0;
        amc_regex *re = NULL;
        memcpy(pat, "(?<", 3);
        n = 3;
        for (k = 0; k < cases[i].rep; k++) {
            memcpy(pat + n, cases[i].name, strlen(cases[i].name));
            n += strlen(cases[i].name);
        }
        memcpy(pat + n, ">x)", 3);
        n += 3;
        err[0] = '\0';
        re = amc_regex_compile(pat, n, 0, err, sizeof err);
        if (cases[i].err ? re != NULL || strcmp(err, cases[i].err) != 0 : re == NULL)
            fail_msg("case %zu (%s x %zu): %s", i, cases[i].name, cases[i].rep,
                     re ? "compiled" : err);
        if (re)
            assert_int_equal(amc_regex_search(re, "x", 1), 1);
        amc_regex_free(re);
    }
}

/* ---- schema registry and validation ---- */

#define S2020 "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
#define SELF  "https://t.invalid/s.json"

/* Where a problem found while adding a schema is (schema_uri): the document's URI before its
 * root resource exists (a root "$id" that is not usable: it had none until this test), "uri#"
 * at the root of a resource (the walker's pointer is still empty), "uri#/pointer" below. */
static void test_registry_root_schema_uri(void **state)
{
    static const struct {
        const char *schema;
        amc_code code;
        const char *uri, *at, *msg; /* at: the diagnostic points at its first occurrence */
    } cases[] = {
        /* before the root resource exists: the document's URI */
        {"{\"$schema\":5}", AMC_C_SCHEMA_KEYWORD_INVALID, SELF, "5",
         "$schema must be a string (a URI)"},
        {S2020 "\"$id\":5}", AMC_C_SCHEMA_ID_INVALID, SELF, "5}", "$id must be a string"},
        {S2020 "\"$id\":\"https://t.invalid/x#f\"}", AMC_C_SCHEMA_ID_INVALID, SELF, "\"https://t.",
         "$id \"https://t.invalid/x#f\" must not have a fragment"},
        {S2020 "\"$id\":\"x%zz\"}", AMC_C_SCHEMA_ID_INVALID, SELF, "\"x%",
         "$id \"x%zz\" is not a valid URI reference"},
        /* in the root resource, at its root: "uri#" (the empty pointer) */
        {S2020 "\"$anchor\":\"1x\"}", AMC_C_SCHEMA_ANCHOR_INVALID, SELF "#", "\"1x",
         "invalid $anchor: must be a string matching ^[A-Za-z_][-A-Za-z0-9._]*$"},
        /* below it: "uri#/pointer" */
        {S2020 "\"properties\":{\"a\":{\"$id\":7}}}", AMC_C_SCHEMA_ID_INVALID,
         SELF "#/properties/a", "7", "$id must be a string"},
        {S2020 "\"$anchor\":\"x\",\"$defs\":{\"d\":{\"$anchor\":\"x\"}}}",
         AMC_C_SCHEMA_ANCHOR_DUPLICATE, SELF "#/$defs/d", "\"x\"}",
         "anchor \"x\" is already defined in resource " SELF},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *ds = amc_diags_new(0);
        const char *uri = NULL;
        const amc_diag *d = NULL;
        size_t off = (size_t)(strstr(cases[i].schema, cases[i].at) - cases[i].schema);
        amc_status st =
            amc_schema_set_add(set, SELF, cases[i].schema, strlen(cases[i].schema), ds, &uri);
        const amc_schema *sc = NULL;
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &sc);
        assert_int_equal(st, AMC_EINVALID);
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        if (d->code != cases[i].code || !d->schema_uri || strcmp(d->schema_uri, cases[i].uri) ||
            strcmp(d->message, cases[i].msg) || d->at.offset != off)
            fail_msg("%s: got %s %s @%zu: %s", cases[i].schema, amc_code_id(d->code),
                     d->schema_uri ? d->schema_uri : "(none)", d->at.offset, d->message);
        amc_diags_free(ds);
        amc_schema_set_free(set);
    }
}

#ifdef AMC_ALLOC_FAILPOINTS
/* A root "$id" that is not usable, with each allocation failing in turn: AMC_ENOMEM, or the
 * diagnostic whole (code, schema_uri, message); never a diagnostic without its schema_uri. */
static void test_registry_root_id_nomem(void **state)
{
    static const char *const schemas[] = {
        S2020 "\"$id\":5}",
        S2020 "\"$id\":\"https://t.invalid/x#f\"}",
        S2020 "\"$id\":\"x%zz\"}",
    };
    size_t i = 0;
    long k = 0;
    (void)state;
    for (i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
        bool clean = false;
        size_t nomem = 0; /* runs that ended in AMC_ENOMEM */
        for (k = 0; !clean && k < 10000; k++) {
            amc_schema_set *set = NULL;
            amc_diags *ds = amc_diags_new(0);
            const char *uri = NULL;
            amc_status st = AMC_ENOMEM;
            unsigned long used = 0;
            assert_non_null(ds);
            amc_test_alloc_fail_at(k);
            set = amc_schema_set_new(NULL);
            if (set)
                st = amc_schema_set_add(set, SELF, schemas[i], strlen(schemas[i]), ds, &uri);
            used = amc_test_alloc_count();
            amc_test_alloc_fail_at(-1);
            if (st == AMC_EINVALID) {
                const amc_diag *d = amc_diags_get(ds, amc_diags_count(ds) - 1);
                assert_int_equal(d->code, AMC_C_SCHEMA_ID_INVALID);
                assert_non_null(d->schema_uri);
                assert_string_equal(d->schema_uri, SELF);
                clean = used <= (unsigned long)k; /* allocation k never came */
            } else if (st == AMC_ENOMEM) {
                nomem++;
            } else {
                fail_msg("%s, allocation %ld failing: status %d", schemas[i], k, (int)st);
            }
            amc_diags_free(ds);
            amc_schema_set_free(set);
        }
        assert_true(clean);
        assert_true(nomem > 0);
    }
}
#endif

typedef struct vwant {
    bool valid;
    const char *diags; /* "CODE instance_ptr message\n" per diagnostic */
} vwant;

static void check_validation(const char *schema, const char *inst, const vwant *w)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    const char *uri = NULL;
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    bool valid = !w->valid;
    char got[2048];
    size_t i = 0, n = 0;
    assert_int_equal(amc_schema_set_add(set, SELF, schema, strlen(schema), ds, &uri), AMC_OK);
    assert_int_equal(amc_schema_compile(set, uri, ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, strlen(inst), NULL, ds, &doc), AMC_OK);
    /* the verdict alone (no diagnostics list), then with every error */
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, NULL, &valid), AMC_OK);
    if (valid != w->valid)
        fail_msg("%s on %s: verdict %d without diagnostics", schema, inst, (int)valid);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
    got[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && n < sizeof got; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        n += (size_t)snprintf(got + n, sizeof got - n, "%s %s %s\n", amc_code_id(d->code),
                              d->instance_ptr ? d->instance_ptr : "-", d->message);
    }
    if (valid != w->valid || strcmp(got, w->diags) != 0)
        fail_msg("%s on %s: verdict %d, got:\n%swant:\n%s", schema, inst, (int)valid, got,
                 w->diags);
    amc_doc_free(doc);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* oneOf passes on the annotations of its one valid branch only: a member that only a failing
 * branch evaluated (its "properties" ran before its "additionalProperties" failed) is still
 * unevaluated; with the member evaluated by the valid branch, nothing is left. */
static void test_one_of_annotations(void **state)
{
    static const vwant bad = {false,
                              "SCHEMA_UNEVALUATED_PROPERTIES /a unevaluated property \"a\" is not "
                              "allowed\n"
                              "SCHEMA_UNEVALUATED_PROPERTIES /b unevaluated property \"b\" is not "
                              "allowed\n"};
    static const vwant good = {true, ""};
    (void)state;
    check_validation(S2020
                     "\"oneOf\":[{\"properties\":{\"a\":true},\"additionalProperties\":false},"
                     "{\"required\":[\"b\"]}],\"unevaluatedProperties\":false}",
                     "{\"a\":1,\"b\":2}", &bad);
    check_validation(S2020
                     "\"oneOf\":[{\"properties\":{\"a\":true},\"additionalProperties\":false},"
                     "{\"required\":[\"b\"],\"properties\":{\"a\":true,\"b\":true}}],"
                     "\"unevaluatedProperties\":false}",
                     "{\"a\":1,\"b\":2}", &good);
}

/* The small "properties" scan (at most 4 names) matches each declared name, and nothing past
 * them: a member named "" (length 0) is additional. */
static void test_small_properties_scan(void **state)
{
    static const vwant extra_empty = {false, "SCHEMA_ADDITIONAL_PROPERTIES / "
                                             "additional property \"\" is not "
                                             "allowed\n"};
    static const vwant ok = {true, ""};
    (void)state;
    check_validation(S2020 "\"properties\":{\"a\":{}},\"additionalProperties\":false}", "{\"\":1}",
                     &extra_empty);
    check_validation(S2020 "\"properties\":{\"a\":{},\"bb\":{}},\"additionalProperties\":false}",
                     "{\"\":1}", &extra_empty);
    check_validation(S2020 "\"properties\":{\"a\":{},\"bb\":{},\"ccc\":{},\"dddd\":{}},"
                           "\"additionalProperties\":false}",
                     "{\"dddd\":1,\"a\":2}", &ok);
}

/* ---- profiles ---- */

/* Each monitoring member alone is enough to detect ACP (60 points). */
static void test_acp_detect_members(void **state)
{
    static const char *const msgs[] = {
        "{\"recovery_strategy\":\"retry\"}",
        "{\"metric_type\":\"latency\"}",
        "{\"audit_event\":\"x\"}",
        "{\"global_metrics\":{}}",
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof msgs / sizeof msgs[0]; i++) {
        amc_validator *v = NULL;
        amc_diags *ds = amc_diags_new(0);
        const char *used = NULL;
        assert_int_equal(amc_validator_new(NULL, ds, &v), AMC_OK);
        (void)amc_validator_check(v, NULL, msgs[i], strlen(msgs[i]), ds, &used);
        if (!used || strcmp(used, "acp") != 0)
            fail_msg("%s: detected as %s", msgs[i], used ? used : "nothing");
        amc_validator_free(v);
        amc_diags_free(ds);
    }
}

/* ---- lifecycle models: lc_step on a model of its own ---- */

typedef struct t_event {
    int kind;
    int64_t t;
    size_t obj;
} t_event;

typedef struct t_core {
    int steps;
} t_core;

static int state_calls;

static int t_state_of(const void *core, size_t idx)
{
    (void)core;
    (void)idx;
    state_calls++;
    return 0;
}

static amc_status t_step(void *core, const void *ev, lc_out *out)
{
    (void)ev;
    (void)out;
    ((t_core *)core)->steps++;
    return AMC_OK;
}

static const char *const t_events[] = {"go", "note"};
static const char *const t_states[] = {"none"};
static const lc_entity t_entities[] = {
    {.name = "thing",
     .member = NULL,
     .noun = "things",
     LC_STATES(t_states),
     .state_of = t_state_of},
    {.name = "other",
     .member = NULL,
     .noun = "others",
     LC_STATES(t_states),
     .state_of = t_state_of},
};
/* the model declares the first row only: "note" has no transition (the second row, past
 * n_transitions, must never be read) */
static const lc_transition t_rows[] = {{0, 0, LC_ANY, LC_SAME}, {1, 1, LC_ANY, LC_SAME}};

static void test_lc_step_kinds(void **state)
{
    lc_model md;
    t_core core;
    t_event ev;
    lc_out out;
    (void)state;
    memset(&md, 0, sizeof md);
    md.profile = "test";
    md.entities = t_entities;
    md.n_entities = 2;
    md.events = t_events;
    md.n_events = 2;
    md.event_size = sizeof(t_event);
    md.kind_off = offsetof(t_event, kind);
    md.kind_size = sizeof(int);
    md.t_off = offsetof(t_event, t);
    md.transitions = t_rows;
    md.n_transitions = 1;
    md.core_size = sizeof(t_core);
    md.step = t_step;
    memset(&core, 0, sizeof core);
    memset(&ev, 0, sizeof ev);
    /* "go": the declared row, entity "thing" read before and after */
    state_calls = 0;
    lc_out_init(&out);
    assert_int_equal(lc_step(&md, &core, &ev, &out), AMC_OK);
    assert_int_equal(core.steps, 1);
    assert_int_equal(out.transition, 0);
    assert_false(out.undeclared);
    assert_int_equal(state_calls, 2);
    /* "note": no declared transition, no entity read; the step is undeclared */
    ev.kind = 1;
    state_calls = 0;
    lc_out_init(&out);
    assert_int_equal(lc_step(&md, &core, &ev, &out), AMC_OK);
    assert_int_equal(core.steps, 2);
    assert_int_equal(out.transition, -1);
    assert_int_equal(state_calls, 0);
    /* kinds out of range: AMC_EUSAGE, the model's step not run */
    ev.kind = 2; /* == n_events */
    lc_out_init(&out);
    assert_int_equal(lc_step(&md, &core, &ev, &out), AMC_EUSAGE);
    ev.kind = -1;
    assert_int_equal(lc_step(&md, &core, &ev, &out), AMC_EUSAGE);
    assert_int_equal(core.steps, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yaml_hex_digits),
        cmocka_unit_test(test_yaml_radix_range_message),
        cmocka_unit_test(test_regex_simple_counts_with_9),
        cmocka_unit_test(test_regex_surrogate_pairs),
        cmocka_unit_test(test_regex_group_name_errors),
        cmocka_unit_test(test_regex_group_names),
        cmocka_unit_test(test_registry_root_schema_uri),
#ifdef AMC_ALLOC_FAILPOINTS
        cmocka_unit_test(test_registry_root_id_nomem),
#endif
        cmocka_unit_test(test_one_of_annotations),
        cmocka_unit_test(test_small_properties_scan),
        cmocka_unit_test(test_acp_detect_members),
        cmocka_unit_test(test_lc_step_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
