/*
 * test_mutschema_edges.c - behaviours of src/schema that mutants of a fresh sample (issue 22,
 * seed 7202) showed no test pinned, each asserted over the whole function's input space where
 * that is small:
 *   - amc_uri_parse: what a URI reference's first character may be (every byte, exactly: the
 *     ASCII letters start a scheme, '/', '?' and '#' start a scheme-less reference, nothing else
 *     parses), and the scheme characters after it (every byte)
 *   - format "iri" / "iri-reference": an authority whose reg-name holds a code point outside
 *     ucschar (U+0080..U+009F, U+FFFE, U+FFFF) is invalid, also when it is the last character of
 *     the host or is followed by a port; the same authorities with valid code points are valid
 *   - hostname / idn-hostname: the letters of an A-label may be upper case (every position)
 *   - "$anchor" names in 2020-12 and 2019-09: every ASCII character first and second
 *   - amc_lint_osa_distance equals a full-matrix reference on 30000 pseudo-random pairs
 *   - the simple form of a pattern (regex.c) reads quantifier counts with the digit 9
 *   - multipleOf past the exact test's work limit falls back to the doubles (a finite, whole
 *     quotient); below it the exact answer wins over the doubles
 *   - the depth limit reached inside "if" stops there: neither "then" nor "else" is evaluated
 *   - which allOf of if/then branches is a discriminator (one property, the same name in all)
 *   - schema compilation that runs out of memory after it reported a schema error returns
 *     AMC_ENOMEM (a fatal status wins over AMC_EINVALID), with the error still reported
 *     (failpoint builds only)
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
#include "core/arena_int.h"
#include "schema/format_int.h"
#include "schema/lint_int.h"
#include "schema/regex_int.h"
#include "schema/uri_int.h"

static bool is_letter(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* "<c>:x" for every byte c: a letter is a one-letter scheme; '/', '?' and '#' begin a
 * reference without a scheme (a path, a query, a fragment); anything else is refused: a digit
 * or '+', '-', '.' cannot start a scheme, ':' leaves the scheme empty, '%' is not followed by two
 * hex digits, and the rest are not allowed before a ':' that ends the first segment */
static void test_uri_first_char(void **state)
{
    int c = 0;
    (void)state;
    for (c = 0; c < 256; c++) {
        char s[3] = {(char)c, ':', 'x'};
        amc_uri_parts u;
        bool ok = amc_uri_parse(s, 3, &u);
        if (is_letter(c)) {
            if (!ok || u.scheme.off != 0 || u.scheme.len != 1 || u.path.off != 2 ||
                u.path.len != 1 || u.authority.off != AMC_URI_ABSENT)
                fail_msg("\"%c:x\": want the scheme \"%c\" and the path \"x\"", c, c);
        } else if (c == '/' || c == '?' || c == '#') {
            if (!ok || u.scheme.off != AMC_URI_ABSENT)
                fail_msg("\"%c:x\": want a reference without a scheme", c);
            if (c == '/')
                assert_true(u.path.off == 0 && u.path.len == 3);
            if (c == '?')
                assert_true(u.path.len == 0 && u.query.off == 1 && u.query.len == 2);
            if (c == '#')
                assert_true(u.path.len == 0 && u.fragment.off == 1 && u.fragment.len == 2);
        } else if (ok) {
            fail_msg("byte 0x%02x then \":x\" parsed", c);
        }
    }
}

/* "a<c>:x" for every byte c: letters, digits, '+', '-' and '.' continue the scheme; '/', '?' and
 * '#' end the first segment before the ':' (a path "a" then more); the rest are refused */
static void test_uri_scheme_chars(void **state)
{
    int c = 0;
    (void)state;
    for (c = 0; c < 256; c++) {
        char s[4] = {'a', (char)c, ':', 'x'};
        amc_uri_parts u;
        bool ok = amc_uri_parse(s, 4, &u);
        if (is_letter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') {
            if (!ok || u.scheme.len != 2 || u.path.off != 3)
                fail_msg("\"a%c:x\": want the scheme \"a%c\"", c, c);
        } else if (c == '/' || c == '?' || c == '#') {
            if (!ok || u.scheme.off != AMC_URI_ABSENT || u.path.off != 0 || u.path.len == 0)
                fail_msg("\"a%c:x\": want the path to begin with \"a\"", c);
        } else if (c == ':') {
            /* "a::x": the scheme "a", the path ":x" */
            if (!ok || u.scheme.len != 1 || u.path.off != 2 || u.path.len != 2)
                fail_msg("\"a::x\": want the scheme \"a\" and the path \":x\"");
        } else if (ok) {
            fail_msg("\"a\" byte 0x%02x \":x\" parsed", c);
        }
    }
}

typedef struct fcase {
    const char *s;
    int iri, iri_ref, uri; /* amc_format_check: 1 valid, 0 invalid */
} fcase;

static const fcase authorities[] = {
    /* a code point outside ucschar in the host: last, before a port, before more of the host */
    {"http://a\xc2\x80/x", 0, 0, 0},
    {"http://\xc2\x80", 0, 0, 0},
    {"http://a\xc2\x9f:80/", 0, 0, 0},
    {"http://a\xef\xbf\xbf", 0, 0, 0},
    {"http://a\xef\xbf\xbe:1", 0, 0, 0},
    {"http://a\xc2\x80"
     "b/",
     0, 0, 0},
    {"//a\xc2\x80", 0, 0, 0},
    {"//a\xc2\x80:80", 0, 0, 0},
    /* ucschar there: an IRI, not a URI */
    {"http://a\xc2\xa0/x", 1, 1, 0},
    {"http://\xc3\xa9:80/", 1, 1, 0},
    {"http://a\xef\xbf\xaf", 1, 1, 0},
    {"//\xc3\xa9:8", 0, 1, 0},
    /* the same in the user information */
    {"http://\xc2\x80@a/", 0, 0, 0},
    {"http://\xc3\xa9@a/", 1, 1, 0},
    /* ASCII hosts and ports */
    {"http://a:80/", 1, 1, 1},
    {"http://a:/", 1, 1, 1},
    {"http://a:8x/", 0, 0, 0},
    {"http://a%41:1", 1, 1, 1},
    {"http://a%4:1", 0, 0, 0},
    {"http://a b/", 0, 0, 0},
    {"http://[::1]:80/", 1, 1, 1},
    {"http://[::1]x/", 0, 0, 0},
    {"http://[v1.x]/", 1, 1, 1},
    {"http://[::1/", 0, 0, 0},
};

static void test_iri_authority(void **state)
{
    size_t i = 0;
    int bad = 0;
    (void)state;
    for (i = 0; i < sizeof authorities / sizeof authorities[0]; i++) {
        const fcase *c = &authorities[i];
        size_t n = strlen(c->s);
        int iri = amc_format_check("iri", c->s, n);
        int ref = amc_format_check("iri-reference", c->s, n);
        int uri = amc_format_check("uri-reference", c->s, n);
        if (iri != c->iri || ref != c->iri_ref || uri != c->uri) {
            printf("FAIL \"%s\": iri %d iri-reference %d uri-reference %d, want %d %d %d\n", c->s,
                   iri, ref, uri, c->iri, c->iri_ref, c->uri);
            bad++;
        }
    }
    assert_int_equal(bad, 0);
}

/* Quantifier counts with the digit 9 take the simple form too (the other digits are in
 * test_libcov_regex.c), and the fast path counts exactly: every length from 0 to 40 gets the
 * answer PCRE2 gives and the expected one */
static void test_simple_counts_with_nine(void **state)
{
    static const struct {
        const char *pat;
        size_t lo, hi; /* lengths of a run of 'a' that match */
    } cases[] = {{"^a{9}$", 9, 9}, {"^a{1,9}$", 1, 9}, {"^a{19,29}$", 19, 29}, {"^a{9,}$", 9, 40}};
    char s[40];
    size_t i = 0, len = 0;
    (void)state;
    memset(s, 'a', sizeof s);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_regex *re = amc_regex_compile(cases[i].pat, strlen(cases[i].pat), 0, NULL, 0);
        assert_non_null(re);
        if (!amc_regex_is_simple(re))
            fail_msg("/%s/ did not take the simple form", cases[i].pat);
        for (len = 0; len <= sizeof s; len++) {
            int want = len >= cases[i].lo && len <= cases[i].hi;
            if (amc_regex_search(re, s, len) != want || amc_regex_search_pcre2(re, s, len) != want)
                fail_msg("/%s/ on %zu a's: %d (PCRE2 %d), want %d", cases[i].pat, len,
                         amc_regex_search(re, s, len), amc_regex_search_pcre2(re, s, len), want);
        }
        amc_regex_free(re);
    }
}

/* A-labels are case-insensitive: every letter of these (a and z among them, in the basic part and
 * in the deltas) may be upper case, one at a time or all at once, in hostname and idn-hostname,
 * alone or as the middle label; without its last character each is invalid */
static void test_a_label_case(void **state)
{
    static const char *labels[] = {"xn--zrich-kva", "xn--a-zfa", "xn--mnchen-3ya", "xn--bcher-kva",
                                   "xn--zz-ry2c"};
    static const char *fmts[] = {"hostname", "idn-hostname"};
    size_t i = 0, k = 0, f = 0;
    char s[64], h[80];
    (void)state;
    for (i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        size_t n = strlen(labels[i]);
        for (f = 0; f < 2; f++) {
            for (k = 0; k <= n; k++) {
                size_t j = 0;
                memcpy(s, labels[i], n + 1);
                if (k == n) {
                    for (j = 0; j < n; j++)
                        if (s[j] >= 'a' && s[j] <= 'z')
                            s[j] = (char)(s[j] - 32);
                } else if (s[k] >= 'a' && s[k] <= 'z') {
                    s[k] = (char)(s[k] - 32);
                } else {
                    continue;
                }
                snprintf(h, sizeof h, "a.%s.b", s);
                if (amc_format_check(fmts[f], s, n) != 1 ||
                    amc_format_check(fmts[f], h, strlen(h)) != 1)
                    fail_msg("%s: \"%s\" is not valid", fmts[f], s);
            }
            /* without its last character the delta is cut short: not Punycode */
            if (amc_format_check(fmts[f], labels[i], n - 1) != 0)
                fail_msg("%s: \"%.*s\" is valid", fmts[f], (int)(n - 1), labels[i]);
        }
    }
}

/* Optimal string alignment distance, the textbook full matrix (the reference) */
static size_t osa_ref(const char *a, size_t alen, const char *b, size_t blen)
{
    static size_t d[65][65];
    size_t i = 0, j = 0;
    for (i = 0; i <= alen; i++)
        d[i][0] = i;
    for (j = 0; j <= blen; j++)
        d[0][j] = j;
    for (i = 1; i <= alen; i++) {
        for (j = 1; j <= blen; j++) {
            int ca = a[i - 1] | 0x20, cb = b[j - 1] | 0x20; /* letters only: ASCII case fold */
            size_t best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + (ca != cb) < best)
                best = d[i - 1][j - 1] + (ca != cb);
            if (i > 1 && j > 1 && ca == (b[j - 2] | 0x20) && (a[i - 2] | 0x20) == cb &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[alen][blen];
}

/* amc_lint_osa_distance (the "did you mean" of lint-schema) equals the full-matrix reference on
 * 30000 pseudo-random pairs of 0-64 letters of {a, b, A, B} (lengths biased to the ends), each
 * string a slice of a longer buffer whose bytes around it are letters too; over 64: (size_t)-1 */
static void test_osa_distance(void **state)
{
    static char abuf[80], bbuf[80];
    unsigned long x = 12345;
    size_t k = 0, i = 0;
    (void)state;
    for (k = 0; k < 30000; k++) {
        size_t alen = 0, blen = 0, want = 0, got = 0;
        for (i = 0; i < sizeof abuf; i++) {
            x = x * 6364136223846793005ul + 1442695040888963407ul;
            abuf[i] = "abAB"[(x >> 33) & 3];
            bbuf[i] = "abAB"[(x >> 40) & 3];
        }
        x = x * 6364136223846793005ul + 1442695040888963407ul;
        alen = (x >> 33) % 3 == 0 ? 64 - (x >> 40) % 4 : (x >> 40) % 65;
        blen = (x >> 35) % 3 == 0 ? 64 - (x >> 45) % 4 : (x >> 45) % 65;
        want = osa_ref(abuf + 8, alen, bbuf + 8, blen);
        got = amc_lint_osa_distance(abuf + 8, alen, bbuf + 8, blen);
        if (got != want)
            fail_msg("pair %zu (%zu, %zu letters): %zu, want %zu", k, alen, blen, got, want);
    }
    assert_int_equal(amc_lint_osa_distance(abuf, 65, bbuf, 3), (size_t)-1);
    assert_int_equal(amc_lint_osa_distance(abuf, 3, bbuf, 65), (size_t)-1);
    assert_int_equal(amc_lint_osa_distance("ab", 2, "BA", 2), 1);
    assert_int_equal(amc_lint_osa_distance("abc", 3, "ca", 2), 3);
}

/* 1: the schema text is accepted; 0: refused with exactly one schema.anchor-invalid */
static int anchor_accepted(const char *sch)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_status st = AMC_OK;
    int r = -1;
    assert_non_null(ds);
    assert_non_null(set);
    st = amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL);
    if (st == AMC_OK && amc_diags_count(ds) == 0)
        r = 1;
    else if (st == AMC_EINVALID && amc_diags_count(ds) == 1 &&
             amc_diags_get(ds, 0)->code == AMC_C_SCHEMA_ANCHOR_INVALID)
        r = 0;
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return r;
}

/* "$anchor" names, every ASCII character (as a \u escape) first and second: 2020-12 allows
 * ^[A-Za-z_][-A-Za-z0-9._]*$, 2019-09 ^[A-Za-z][-A-Za-z0-9.:_]*$ */
static void test_anchor_names(void **state)
{
    static const char *dialects[] = {"https://json-schema.org/draft/2020-12/schema",
                                     "https://json-schema.org/draft/2019-09/schema"};
    char sch[256];
    int c = 0, d = 0;
    (void)state;
    for (d = 0; d < 2; d++) {
        for (c = 1; c < 128; c++) {
            bool letter = is_letter(c), digit = c >= '0' && c <= '9';
            int want_first = letter || (d == 0 && c == '_');
            int want_second =
                letter || digit || c == '-' || c == '.' || c == '_' || (d == 1 && c == ':');
            snprintf(sch, sizeof sch, "{\"$schema\":\"%s\",\"$anchor\":\"\\u%04xb\"}", dialects[d],
                     (unsigned)c);
            if (anchor_accepted(sch) != want_first)
                fail_msg("%s: anchor beginning with 0x%02x: %d, want %d", dialects[d], c,
                         anchor_accepted(sch), want_first);
            snprintf(sch, sizeof sch, "{\"$schema\":\"%s\",\"$anchor\":\"a\\u%04x\"}", dialects[d],
                     (unsigned)c);
            if (anchor_accepted(sch) != want_second)
                fail_msg("%s: anchor with 0x%02x second: %d, want %d", dialects[d], c,
                         anchor_accepted(sch), want_second);
        }
    }
    assert_int_equal(anchor_accepted("{\"$anchor\":\"\"}"), 0);
}

/* Validates the JSON text inst against the schema text sch (its "$id" is id): the verdict, and
 * the message of the only diagnostic (or "" when valid) into msg */
static bool validate_one(const char *sch, const char *id, const char *inst, char *msg, size_t cap)
{
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    bool valid = false;
    assert_non_null(ds);
    assert_non_null(set);
    assert_int_equal(amc_schema_set_add(set, NULL, sch, strlen(sch), ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, id, ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, strlen(inst), NULL, ds, &doc), AMC_OK);
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, NULL, ds, &valid), AMC_OK);
    msg[0] = '\0';
    if (!valid) {
        assert_int_equal(amc_diags_count(ds), 1);
        assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_SCHEMA_MULTIPLE_OF);
        snprintf(msg, cap, "%s", amc_diags_get(ds, 0)->message);
    } else {
        assert_int_equal(amc_diags_count(ds), 0);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return valid;
}

/* multipleOf whose exact decimal test would take too long (a divisor of 14001 significant
 * digits: more limb operations than the decimal code's work limit) falls back to the quotient
 * of the doubles, which must be finite and whole: 0.35 / 0.1000...0001 is about 3.5, so not a
 * multiple; 0.2 / 0.1000...0001 is 2 in doubles (the documented approximation); a divisor of a
 * few digits is decided exactly (0.3 is a multiple of 0.1, though 0.3 / 0.1 is not 3 in
 * doubles) */
static void test_multiple_of_fallback(void **state)
{
    static char sch[15000];
    char msg[512];
    size_t o = 0;
    (void)state;
    o += (size_t)snprintf(sch, sizeof sch, "{\"$id\":\"urn:m\",\"multipleOf\":0.1");
    memset(sch + o, '0', 13999);
    o += 13999;
    snprintf(sch + o, sizeof sch - o, "1}");
    assert_false(validate_one(sch, "urn:m", "0.35", msg, sizeof msg));
    /* the divisor is cut at 60 characters in the message */
    assert_string_equal(msg, "0.35 is not a multiple of 0.1000000000000000000000000000"
                             "000000000000000000000000000000");
    assert_true(validate_one(sch, "urn:m", "0.2", msg, sizeof msg));
    assert_true(
        validate_one("{\"$id\":\"urn:s\",\"multipleOf\":0.1}", "urn:s", "0.3", msg, sizeof msg));
    assert_false(
        validate_one("{\"$id\":\"urn:s\",\"multipleOf\":0.1}", "urn:s", "0.35", msg, sizeof msg));
    assert_string_equal(msg, "0.35 is not a multiple of 0.1");
    /* decided exactly, not by the doubles (4 / 2 in doubles) */
    assert_false(validate_one("{\"$id\":\"urn:t\",\"multipleOf\":2}", "urn:t",
                              "4.00000000000000001", msg, sizeof msg));
    assert_string_equal(msg, "4.00000000000000001 is not a multiple of 2");
}

/* A fatal condition inside "if" (the depth limit, reached while the condition evaluates) ends the
 * evaluation there: "then" and "else" are not evaluated, so an "else": false adds no
 * schema.false finding; the one diagnostic is the limit's, at the innermost level */
static void test_if_halts_on_fatal(void **state)
{
    static const char sch[] =
        "{\"$id\":\"urn:if\",\"if\":{\"properties\":{\"a\":{\"properties\":{\"b\":"
        "{\"properties\":{\"c\":{\"type\":\"string\"}}}}}}},\"then\":false,\"else\":false}";
    static const char inst[] = "{\"a\":{\"b\":{\"c\":1}}}";
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    bool valid = true;
    uint32_t depth = 0;
    (void)state;
    assert_non_null(ds);
    assert_non_null(set);
    assert_int_equal(amc_schema_set_add(set, NULL, sch, sizeof sch - 1, ds, NULL), AMC_OK);
    assert_int_equal(amc_schema_compile(set, "urn:if", ds, &sc), AMC_OK);
    assert_int_equal(amc_json_read(inst, sizeof inst - 1, NULL, ds, &doc), AMC_OK);
    for (depth = 2; depth <= 6; depth++) {
        const amc_diag *d = NULL;
        amc_status want = depth <= 4 ? AMC_ELIMIT : AMC_OK;
        amc_diags_clear(ds);
        o.max_depth = depth;
        for (o.all_errors = false;; o.all_errors = true) {
            amc_diags_clear(ds);
            assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), want);
            assert_false(valid);
            assert_int_equal(amc_diags_count(ds), 1);
            d = amc_diags_get(ds, 0);
            if (depth <= 4) {
                assert_int_equal(d->code, AMC_C_SCHEMA_EVAL_DEPTH);
            } else { /* deep enough: the condition fails ("c" is not a string): else is false */
                assert_int_equal(d->code, AMC_C_SCHEMA_FALSE);
                assert_string_equal(d->keyword_ptr, "/else");
            }
            if (o.all_errors)
                break;
        }
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
}

/* The verdict of the JSON text inst against the schema text sch ("$id": "urn:v"), with every
 * error; the codes of the diagnostics, space-separated, into codes */
static bool verdict(const char *sch, const char *inst, char *codes, size_t cap)
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
    assert_int_equal(amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid), AMC_OK);
    codes[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && len < cap; i++)
        len += (size_t)snprintf(codes + len, cap - len, "%s%s", i ? " " : "",
                                amc_code_id(amc_diags_get(ds, i)->code));
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return valid;
}

/* An allOf of if/then branches is a discriminator (one name's "const" picks the branch) only
 * when every "if" is {"properties": {NAME: {"const": C}}} with one NAME, the same in all: an
 * "if" that also tests another property, or another name, is evaluated in full */
static void test_discriminator_shapes(void **state)
{
    static const struct {
        const char *sch, *inst;
        bool valid;
        const char *codes;
    } cases[] = {
        /* the first "if" tests k and z: {k: 1, z: 3} does not match it */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1},"
         "\"z\":{\"const\":2}}},\"then\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}}},"
         "\"then\":false}]}",
         "{\"k\":1,\"z\":3}", true, ""},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1},"
         "\"z\":{\"const\":2}}},\"then\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}}},"
         "\"then\":false}]}",
         "{\"k\":1,\"z\":2}", false, "SCHEMA_FALSE"},
        /* ... and its "else" applies: k alone must not decide it */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1},"
         "\"z\":{\"const\":2}}},\"else\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}}},"
         "\"else\":true}]}",
         "{\"k\":1,\"z\":3}", false, "SCHEMA_FALSE"},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":2}}},"
         "\"else\":true},{\"if\":{\"properties\":{\"k\":{\"const\":1},\"z\":{\"const\":2}}},"
         "\"else\":false}]}",
         "{\"k\":1,\"z\":3}", false, "SCHEMA_FALSE"},
        /* every "if" tests two properties */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1},"
         "\"z\":{\"const\":2}}},\"else\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2},"
         "\"z\":{\"const\":2}}},\"else\":true}]}",
         "{\"k\":1,\"z\":3}", false, "SCHEMA_FALSE"},
        /* names of the same length, k and j: the "else" of k's branch applies */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}}},"
         "\"else\":false},{\"if\":{\"properties\":{\"j\":{\"const\":1}}},\"else\":true}]}",
         "{\"k\":2,\"j\":1}", false, "SCHEMA_FALSE"},
        /* k's subschema is more than a "const" (and one "if" more than "properties") */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1,"
         "\"not\":{\"const\":1}}}},\"else\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2,"
         "\"not\":{\"const\":1}}}},\"else\":true}]}",
         "{\"k\":1}", false, "SCHEMA_FALSE"},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}},"
         "\"required\":[\"z\"]},\"else\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}},"
         "\"required\":[\"z\"]},\"else\":true}]}",
         "{\"k\":1}", false, "SCHEMA_FALSE"},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}},"
         "\"propertyNames\":{\"maxLength\":0}},\"else\":false},{\"if\":{\"properties\":{\"k\":"
         "{\"const\":2}},\"propertyNames\":{\"maxLength\":0}},\"else\":true}]}",
         "{\"k\":1}", false, "SCHEMA_FALSE"},
        /* k's subschema is not a "const" */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"exclusiveMinimum\":1}}},"
         "\"else\":false},{\"if\":{\"properties\":{\"k\":{\"exclusiveMinimum\":5}}},"
         "\"else\":true}]}",
         "{\"k\":1}", false, "SCHEMA_FALSE"},
        /* the same shape, one name each: a discriminator */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}}},"
         "\"then\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}}},\"then\":false}]}",
         "{\"k\":1,\"z\":3}", false, "SCHEMA_FALSE"},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}}},"
         "\"then\":false},{\"if\":{\"properties\":{\"k\":{\"const\":2}}},\"then\":false}]}",
         "{\"k\":3}", true, ""},
        /* two names: the second branch tests j ({"j": 1} lacks k, so the first "if" holds too) */
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}}},"
         "\"then\":false},{\"if\":{\"properties\":{\"j\":{\"const\":1}}},\"then\":false}]}",
         "{\"j\":1}", false, "SCHEMA_FALSE SCHEMA_FALSE"},
        {"{\"$id\":\"urn:v\",\"allOf\":[{\"if\":{\"properties\":{\"k\":{\"const\":1}}},"
         "\"then\":false},{\"if\":{\"properties\":{\"j\":{\"const\":1}}},\"then\":false}]}",
         "{\"k\":2,\"j\":2}", true, ""},
    };
    char codes[256];
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool v = verdict(cases[i].sch, cases[i].inst, codes, sizeof codes);
        if (v != cases[i].valid || strcmp(codes, cases[i].codes) != 0)
            fail_msg("case %zu: valid %d [%s], want %d [%s]", i, v, codes, cases[i].valid,
                     cases[i].codes);
    }
}

#ifdef AMC_ALLOC_FAILPOINTS
/* An invalid keyword at the root, then 120 subschemas compiled after it (their nodes fill new
 * arena chunks): every allocation of this run is needed, so failing any one of them must give
 * AMC_ENOMEM, also one made after the error was reported (a fatal status wins over
 * AMC_EINVALID, which would claim that the schema is merely wrong). */
static void test_compile_enomem_after_error(void **state)
{
    char sch[8192];
    size_t o = 0, i = 0;
    unsigned long n = 0, k = 0, after_error = 0;
    (void)state;
    o += (size_t)snprintf(sch + o, sizeof sch - o,
                          "{\"$id\":\"urn:e\",\"minLength\":\"x\",\"properties\":{");
    for (i = 0; i < 120; i++)
        o += (size_t)snprintf(sch + o, sizeof sch - o,
                              "%s\"p%zu\":{\"type\":\"string\",\"maxLength\":%zu}", i ? "," : "", i,
                              i);
    o += (size_t)snprintf(sch + o, sizeof sch - o, "}}");
    assert_true(o < sizeof sch - 1);
    for (k = 0;; k++) {
        amc_diags *ds = NULL;
        amc_schema_set *set = NULL;
        const amc_schema *sc = NULL;
        amc_status st = AMC_OK;
        bool has_error = false;
        size_t j = 0;
        amc_test_alloc_fail_at(k == 0 ? -1 : (long)(k - 1));
        ds = amc_diags_new(0);
        set = ds ? amc_schema_set_new(NULL) : NULL;
        if (set) {
            st = amc_schema_set_add(set, NULL, sch, o, ds, NULL);
            if (st == AMC_OK)
                st = amc_schema_compile(set, "urn:e", ds, &sc);
        } else {
            st = AMC_ENOMEM;
        }
        for (j = 0; ds && j < amc_diags_count(ds); j++)
            if (amc_diags_get(ds, j)->code == AMC_C_SCHEMA_KEYWORD_INVALID)
                has_error = true;
        if (k == 0) {
            n = amc_test_alloc_count();
            assert_int_equal(st, AMC_EINVALID);
            assert_true(has_error);
            assert_int_equal(amc_diags_count(ds), 1);
        } else {
            if (st != AMC_ENOMEM)
                fail_msg("allocation %lu of %lu failing: status %d, not AMC_ENOMEM", k - 1, n,
                         (int)st);
            after_error += has_error;
        }
        amc_test_alloc_fail_at(-1);
        amc_schema_set_free(set);
        amc_diags_free(ds);
        if (k > 0 && k >= n)
            break;
    }
    print_message("%lu allocations, each failed once: AMC_ENOMEM (%lu after the error)\n", n,
                  after_error);
    assert_true(after_error > 0);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uri_first_char),
        cmocka_unit_test(test_uri_scheme_chars),
        cmocka_unit_test(test_iri_authority),
        cmocka_unit_test(test_a_label_case),
        cmocka_unit_test(test_anchor_names),
        cmocka_unit_test(test_osa_distance),
        cmocka_unit_test(test_simple_counts_with_nine),
        cmocka_unit_test(test_multiple_of_fallback),
        cmocka_unit_test(test_if_halts_on_fatal),
        cmocka_unit_test(test_discriminator_shapes),
#ifdef AMC_ALLOC_FAILPOINTS
        cmocka_unit_test(test_compile_enomem_after_error),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
