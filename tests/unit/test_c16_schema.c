/*
 * test_c16_schema.c - behaviours of src/schema that survivors of the 300-mutant runs (issue 22,
 * seeds 112905-112907) showed no test pinned:
 *   - amc_hash_bytes equals a reference written from its definition (8-byte words while at
 *     least 8 bytes are left, then the tail) for every length 0..40 and pseudo-random bytes: a
 *     length that is a multiple of 8 hashes its last 8 bytes as a word, not as a tail
 *   - amc_lint_osa_distance folds the case of every ASCII letter, 'A' and 'Z' included: a letter
 *     and its other case are at distance 0, a letter and any other byte at distance 1
 *   - a "propertyNames" that fails where errors are not recorded (under "not", in an "if"
 *     condition, in an "anyOf" branch that another branch makes pass) reports nothing: its
 *     branch details are not evaluated there either (validate.c details(): !c->rec)
 *   - a subschema whose "$id" is not a string is one SCHEMA_ID_INVALID and nothing inside it is
 *     looked at (its "$anchor" is not checked, no resource is made from the number's text)
 *   - max_errors M stops after exactly M errors with one SCHEMA_ERRORS_LIMIT (none when the
 *     instance has fewer than M errors), and branch_details B shows exactly B failures of a
 *     failing anyOf branch (every one when it has fewer)
 *   - the value quoted in a message: a string's first 60 bytes ("..." when cut, a UTF-8 lead
 *     byte left alone at the cut dropped), '"' and '\\' escaped, control characters as \\u00XX,
 *     within the 96-byte buffer (44 escaped quotes, 15 control characters), never past it (a
 *     quote and 15 control characters overflowed it by two bytes: fixed); a number's first 40
 *     characters
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
#include "schema/hash_int.h"
#include "schema/lint_int.h"

static uint64_t ref_mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/* The definition: h0 from the length; each whole 8-byte word w: h = (h ^ w) * K1, h ^= h >> 31;
 * the 1..7 bytes left (if any) as one zero-padded word: h = (h ^ w) * K2; then the finaliser. */
static uint64_t ref_hash(const unsigned char *s, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0xff51afd7ed558ccdULL);
    size_t whole = n / 8, i = 0, rest = n % 8;
    for (i = 0; i < whole; i++) {
        uint64_t w = 0;
        memcpy(&w, s + 8 * i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    if (rest) {
        uint64_t w = 0;
        memcpy(&w, s + 8 * whole, rest);
        h = (h ^ w) * 0x94d049bb133111ebULL;
    }
    return ref_mix64(h);
}

static void test_hash_bytes_reference(void **state)
{
    unsigned char buf[40];
    uint32_t x = 12345u;
    size_t n = 0, round = 0, i = 0;
    (void)state;
    for (round = 0; round < 200; round++) {
        for (i = 0; i < sizeof buf; i++) {
            x = x * 1103515245u + 12345u;
            buf[i] = (unsigned char)(x >> 16);
        }
        for (n = 0; n <= sizeof buf; n++)
            if (amc_hash_bytes(buf, n) != ref_hash(buf, n))
                fail_msg("round %zu, %zu bytes: hash differs from the reference", round, n);
    }
    /* the boundary itself, with plain text: "abcdefgh" is one word, no tail */
    assert_true(amc_hash_bytes("abcdefgh", 8) == ref_hash((const unsigned char *)"abcdefgh", 8));
    assert_true(amc_hash_bytes("abcdefghabcdefgh", 16) ==
                ref_hash((const unsigned char *)"abcdefghabcdefgh", 16));
}

static void test_osa_folds_every_letter(void **state)
{
    int c = 0, d = 0;
    (void)state;
    for (c = 0; c < 128; c++) {
        for (d = 1; d < 128; d++) {
            char a[2] = {(char)c, 'x'}, b[2] = {(char)d, 'x'};
            size_t want = 1;
            size_t got = amc_lint_osa_distance(a, 2, b, 2);
            bool same = c == d || (c >= 'A' && c <= 'Z' && d == c + 32) ||
                        (c >= 'a' && c <= 'z' && d == c - 32);
            if (same)
                want = 0;
            if (got != want)
                fail_msg("0x%02x vs 0x%02x: distance %zu, want %zu", c, d, got, want);
        }
    }
    assert_int_equal(amc_lint_osa_distance("Z", 1, "z", 1), 0);
    assert_int_equal(amc_lint_osa_distance("maxLengthZ", 10, "MAXLENGTHz", 10), 0);
    assert_int_equal(amc_lint_osa_distance("A", 1, "a", 1), 0);
}

/* The verdict of inst against sch ("$id": "urn:v"), every error; the diagnostics as
 * "CODE keyword_ptr" lines into out */
static bool verdict(const char *sch, const char *inst, amc_status want_st, char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = false;
    size_t i = 0, len = 0;
    assert_non_null(ds);
    assert_non_null(set);
    o.all_errors = true;
    assert_int_equal(amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:v", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, strlen(inst), NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), want_st);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && len < cap; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        len += (size_t)snprintf(out + len, cap - len, "%s%s %s", i ? "; " : "",
                                amc_code_id(d->code), d->keyword_ptr ? d->keyword_ptr : "-");
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return valid;
}

static void test_property_names_unrecorded(void **state)
{
    static const struct {
        const char *sch, *inst;
        bool valid;
        const char *diags;
    } cases[] = {
        /* not: the name fails, so "not" holds: valid, and nothing is reported */
        {"{\"$id\":\"urn:v\",\"not\":{\"propertyNames\":{\"maxLength\":1}}}", "{\"ab\":1}", true,
         ""},
        /* the same name passes: "not" fails, reported once */
        {"{\"$id\":\"urn:v\",\"not\":{\"propertyNames\":{\"maxLength\":1}}}", "{\"a\":1}", false,
         "SCHEMA_NOT /not"},
        /* an "if" condition that fails: else applies, the condition's failure is not reported */
        {"{\"$id\":\"urn:v\",\"if\":{\"propertyNames\":{\"maxLength\":1}},\"then\":false,"
         "\"else\":true}",
         "{\"ab\":1,\"cd\":2}", true, ""},
        {"{\"$id\":\"urn:v\",\"if\":{\"propertyNames\":{\"maxLength\":1}},\"then\":true,"
         "\"else\":{\"required\":[\"x\"]}}",
         "{\"ab\":1}", false, "SCHEMA_REQUIRED /else/required"},
        /* an anyOf whose first branch fails on a name and whose second passes */
        {"{\"$id\":\"urn:v\",\"anyOf\":[{\"propertyNames\":{\"pattern\":\"^x\"}},{"
         "\"minProperties\":1}]}",
         "{\"ab\":1}", true, ""},
        /* recorded: the name is reported, with its branch details below it */
        {"{\"$id\":\"urn:v\",\"propertyNames\":{\"maxLength\":1}}", "{\"ab\":1}", false,
         "SCHEMA_PROPERTY_NAMES /propertyNames; SCHEMA_MAX_LENGTH /propertyNames/maxLength"},
    };
    char got[1024];
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool v = verdict(cases[i].sch, cases[i].inst, AMC_OK, got, sizeof got);
        if (v != cases[i].valid || strcmp(got, cases[i].diags) != 0)
            fail_msg("case %zu: valid %d [%s], want %d [%s]", i, v, got, cases[i].valid,
                     cases[i].diags);
    }
}

/* The diagnostics of adding sch to a new set, as "CODE" words */
static amc_status add_codes(const char *sch, char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_status st = AMC_OK;
    size_t i = 0, len = 0;
    assert_non_null(ds);
    assert_non_null(set);
    st = amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "",
                                amc_code_id(amc_diags_get(ds, i)->code));
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st;
}

static void test_subschema_id_not_string(void **state)
{
    static const char *const ids[] = {"5", "12.5", "true", "null", "[\"urn:x\"]", "{\"a\":1}"};
    char sch[512], got[512];
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        amc_status st = AMC_OK;
        snprintf(sch, sizeof sch,
                 "{\"$id\":\"urn:r\",\"$defs\":{\"a\":{\"$id\":%s,\"$anchor\":\"1bad\","
                 "\"$defs\":{\"b\":{\"$anchor\":\"2bad\"}}}}}",
                 ids[i]);
        st = add_codes(sch, got, sizeof got);
        if (st != AMC_EINVALID || strcmp(got, "SCHEMA_ID_INVALID") != 0)
            fail_msg("\"$id\": %s: status %d [%s], want AMC_EINVALID [SCHEMA_ID_INVALID]", ids[i],
                     (int)st, got);
    }
    /* the same with a string "$id": the anchor is checked */
    assert_int_equal(add_codes("{\"$id\":\"urn:r\",\"$defs\":{\"a\":{\"$id\":\"urn:a\","
                               "\"$anchor\":\"1bad\"}}}",
                               got, sizeof got),
                     AMC_EINVALID);
    assert_string_equal(got, "SCHEMA_ANCHOR_INVALID");
}

/* [1,2,...,nitems] against sch with the given options: the codes, space-separated */
static void run_opts(const char *sch, size_t nitems, uint32_t max_errors, uint32_t branch_details,
                     char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    char inst[256];
    bool valid = true;
    size_t i = 0, len = 0, il = 0;
    assert_non_null(ds);
    assert_non_null(set);
    il += (size_t)snprintf(inst + il, sizeof inst - il, "[");
    for (i = 0; i < nitems; i++)
        il += (size_t)snprintf(inst + il, sizeof inst - il, "%s%zu", i ? "," : "", i + 1);
    il += (size_t)snprintf(inst + il, sizeof inst - il, "]");
    o.all_errors = true;
    o.max_errors = max_errors;
    o.branch_details = branch_details;
    assert_int_equal(amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:v", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, il, NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
    assert_false(valid);
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "",
                                amc_code_id(amc_diags_get(ds, i)->code));
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
}

static void test_error_and_detail_limits(void **state)
{
    static const char items[] = "{\"$id\":\"urn:v\",\"items\":{\"type\":\"string\"}}";
    static const char any[] = "{\"$id\":\"urn:v\",\"anyOf\":[{\"items\":{\"type\":\"string\"}},"
                              "{\"type\":\"string\"}]}";
    char got[1024], want[1024];
    uint32_t m = 0, b = 0;
    size_t j = 0, wl = 0;
    (void)state;
    /* 5 items, each a type error; max_errors 1..7 */
    for (m = 1; m <= 7; m++) {
        run_opts(items, 5, m, 0, got, sizeof got);
        wl = 0;
        want[0] = '\0';
        for (j = 0; j < (m < 5 ? m : 5); j++)
            wl += (size_t)snprintf(want + wl, sizeof want - wl, "%sSCHEMA_TYPE", j ? " " : "");
        if (m <= 5)
            snprintf(want + wl, sizeof want - wl, " SCHEMA_ERRORS_LIMIT");
        if (strcmp(got, want) != 0)
            fail_msg("max_errors %u: [%s], want [%s]", m, got, want);
    }
    /* the anyOf fails: its error, then up to B type errors of branch 0, then branch 1's one */
    for (b = 1; b <= 7; b++) {
        run_opts(any, 5, 0, b, got, sizeof got);
        wl = (size_t)snprintf(want, sizeof want, "SCHEMA_ANY_OF");
        for (j = 0; j < (b < 5 ? b : 5); j++)
            wl += (size_t)snprintf(want + wl, sizeof want - wl, " SCHEMA_TYPE");
        snprintf(want + wl, sizeof want - wl, " SCHEMA_TYPE");
        if (strcmp(got, want) != 0)
            fail_msg("branch_details %u: [%s], want [%s]", b, got, want);
    }
    /* details do not count toward max_errors, and the error that reaches the limit keeps its
     * details (after the limit's diagnostic): 5 of branch 0, 1 of branch 1 */
    run_opts(any, 5, 1, 10, got, sizeof got);
    assert_string_equal(got,
                        "SCHEMA_ANY_OF SCHEMA_ERRORS_LIMIT SCHEMA_TYPE SCHEMA_TYPE SCHEMA_TYPE "
                        "SCHEMA_TYPE SCHEMA_TYPE SCHEMA_TYPE");
    run_opts(any, 5, 2, 10, got, sizeof got);
    assert_string_equal(got, "SCHEMA_ANY_OF SCHEMA_TYPE SCHEMA_TYPE SCHEMA_TYPE SCHEMA_TYPE "
                             "SCHEMA_TYPE SCHEMA_TYPE");
}

/* The message of the one error of inst (JSON text) against sch */
static void message_of(const char *sch, const char *inst, char *out, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    bool valid = true;
    assert_non_null(ds);
    assert_non_null(set);
    assert_int_equal(amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:v", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, strlen(inst), NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
    assert_false(valid);
    assert_int_equal(amc_diags_count(ds), 1);
    snprintf(out, cap, "%s", amc_diags_get(ds, 0)->message);
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
}

static void rep(char *out, const char *unit, size_t n)
{
    size_t i = 0;
    out[0] = '\0';
    for (i = 0; i < n; i++)
        strcat(out, unit);
}

static void test_message_previews(void **state)
{
    static const char minlen[] = "{\"$id\":\"urn:v\",\"minLength\":200}";
    static const char maxnum[] = "{\"$id\":\"urn:v\",\"maximum\":0}";
    char inst[1024], want[1024], got[1024], body[512], tail[64];
    size_t n = 0;
    (void)state;
    for (n = 55; n <= 66; n++) { /* plain letters: 60 shown */
        rep(body, "a", n);
        snprintf(inst, sizeof inst, "\"%s\"", body);
        rep(body, "a", n < 60 ? n : 60);
        snprintf(want, sizeof want, "\"%s%s\" is too short (%zu characters; at least 200 required)",
                 body, n > 60 ? "..." : "", n);
        message_of(minlen, inst, got, sizeof got);
        if (strcmp(got, want) != 0)
            fail_msg("%zu letters: [%s], want [%s]", n, got, want);
    }
    for (n = 40; n <= 48; n++) { /* quotes: 44 shown (2 bytes each) */
        rep(body, "\\\"", n);
        snprintf(inst, sizeof inst, "\"%s\"", body);
        rep(body, "\\\"", n < 44 ? n : 44);
        snprintf(want, sizeof want, "\"%s%s\" is too short (%zu characters; at least 200 required)",
                 body, n > 44 ? "..." : "", n);
        message_of(minlen, inst, got, sizeof got);
        if (strcmp(got, want) != 0)
            fail_msg("%zu quotes: [%s], want [%s]", n, got, want);
    }
    for (n = 12; n <= 18; n++) { /* U+0001: 15 shown (6 bytes each) */
        rep(body, "\\u0001", n);
        snprintf(inst, sizeof inst, "\"%s\"", body);
        rep(body, "\\u0001", n < 15 ? n : 15);
        snprintf(want, sizeof want, "\"%s%s\" is too short (%zu characters; at least 200 required)",
                 body, n > 15 ? "..." : "", n);
        message_of(minlen, inst, got, sizeof got);
        if (strcmp(got, want) != 0)
            fail_msg("%zu control characters: [%s], want [%s]", n, got, want);
    }
    /* 59 letters, then e-acute (2 bytes) and b: the cut after 60 bytes leaves a lead byte alone,
     * which is dropped */
    rep(body, "a", 59);
    snprintf(inst, sizeof inst,
             "\"%s\xc3\xa9"
             "b\"",
             body);
    snprintf(want, sizeof want, "\"%s...\" is too short (61 characters; at least 200 required)",
             body);
    message_of(minlen, inst, got, sizeof got);
    assert_string_equal(got, want);
    /* a quote, then 15 U+0001 and more: after the quote and 14 of them (87 bytes), the 15th
     * (6 bytes), "...", the quote and the NUL would not fit in the 96 bytes: it is left out (it
     * was written, and the closing quote and NUL past the buffer's end) */
    rep(body, "\\u0001", 15);
    snprintf(inst, sizeof inst, "\"\\\"%saaaa\"", body);
    rep(body, "\\u0001", 14);
    snprintf(want, sizeof want, "\"\\\"%s...\" is too short (20 characters; at least 200 required)",
             body);
    message_of(minlen, inst, got, sizeof got);
    assert_string_equal(got, want);
    /* two quotes then 14 U+0001 and more: 89 bytes, "...", the quote and the NUL fit: all 14 */
    rep(body, "\\u0001", 14);
    snprintf(inst, sizeof inst, "\"\\\"\\\"%saaaa\"", body);
    rep(body, "\\u0001", 14);
    snprintf(want, sizeof want,
             "\"\\\"\\\"%s...\" is too short (20 characters; at least 200 required)", body);
    message_of(minlen, inst, got, sizeof got);
    assert_string_equal(got, want);
    for (n = 38; n <= 43; n++) { /* numbers: 40 characters shown */
        rep(body, "7", n);
        snprintf(inst, sizeof inst, "%s", body);
        rep(body, "7", n < 40 ? n : 40);
        snprintf(tail, sizeof tail, "%s", n > 40 ? "..." : "");
        snprintf(want, sizeof want, "%s%s is ", body, tail);
        message_of(maxnum, inst, got, sizeof got);
        if (strncmp(got, want, strlen(want)) != 0)
            fail_msg("%zu digits: [%s], want [%s...]", n, got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash_bytes_reference),
        cmocka_unit_test(test_osa_folds_every_letter),
        cmocka_unit_test(test_property_names_unrecorded),
        cmocka_unit_test(test_subschema_id_not_string),
        cmocka_unit_test(test_error_and_detail_limits),
        cmocka_unit_test(test_message_previews),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
