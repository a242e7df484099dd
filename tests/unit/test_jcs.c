/*
 * test_jcs.c - RFC 8785 canonical JSON: number formatting, key order, escapes, diagnostics,
 * round-trip and idempotence properties.
 *
 * Sources of the catalogues:
 *   - RFC 8785 Appendix B (number serialization samples), section 3.2.2 (the
 *     "numbers"/"string"/"literals" example) and section 3.2.3 (the sorting example).
 *   - cyberphone/json-canonicalization testdata/input + testdata/output (the RFC authors' test
 *     files: arrays, french, structures, unicode, values, weird), transcribed byte for byte
 *     (checked against testdata/outhex).
 *   - cyberphone/json-canonicalization testdata/README.md + numgen.go: the deterministic
 *     es6testfile generator and the published SHA-256 of its first 1000/10000/100000 lines.
 *     Set AMC_JCS_ES6_LINES=1000000 (or 10000000) to check the larger published prefixes.
 *   - Extra number rows: their expected text comes from Python's repr() (David Gay's shortest
 *     round-trip, closest-to-x digits) laid out by the ECMA-262 Number::toString rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <openssl/evp.h>
#include "amc/amc.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "formats/jcs_int.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static double from_bits(uint64_t b)
{
    double d = 0;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* Reads canonical text back. A newline is appended: whitespace after the value is valid JSON, and
 * the provisional json-c based reader needs a delimiter to finish a bare top-level scalar. */
static amc_status read_back(const char *text, size_t len, amc_diags *ds, amc_doc **out)
{
    char *copy = malloc(len + 1);
    amc_status st = AMC_ENOMEM;
    *out = NULL;
    if (!copy)
        return st;
    memcpy(copy, text, len);
    copy[len] = '\n';
    st = amc_json_read(copy, len + 1, NULL, ds, out);
    free(copy);
    return st;
}

/* Reads json (amc_json_read) and canonicalizes it. Returns the jcs status; *doc_out (optional)
 * receives the document. */
/* The reusable writer, shared by every test so its key-order cache sees many shapes. */
static amc_jcs_ctx *shared_ctx;

/* amc_jcs_ctx_write with trusted UTF-8 (the fast path for reader documents, the key-order
 * cache) must agree with amc_jcs_write: status, bytes and diagnostic codes. */
static void check_ctx_agrees(const amc_value *root, amc_status st, const char *out, size_t olen,
                             const amc_diags *ds, size_t first_diag)
{
    amc_diags *ds2 = amc_diags_new(0);
    const char *o2 = NULL;
    size_t n2 = 0, i = 0;
    amc_status st2 = AMC_OK;
    if (!shared_ctx)
        shared_ctx = amc_jcs_ctx_new();
    assert_non_null(shared_ctx);
    st2 = amc_jcs_ctx_write(shared_ctx, root, ds2, true, &o2, &n2);
    assert_int_equal(st2, st);
    if (st == AMC_OK) {
        assert_int_equal(n2, olen);
        assert_memory_equal(o2, out, olen);
        assert_int_equal(o2[n2], '\0');
    }
    assert_int_equal(amc_diags_count(ds2), amc_diags_count(ds) - first_diag);
    for (i = 0; i < amc_diags_count(ds2); i++)
        assert_int_equal(amc_diags_get(ds2, i)->code, amc_diags_get(ds, first_diag + i)->code);
    amc_diags_free(ds2);
}

static amc_status jcs_of(const char *json, size_t len, amc_diags *ds, char **out, size_t *olen,
                         amc_doc **doc_out)
{
    amc_doc *doc = NULL;
    amc_status st = amc_json_read(json, len, NULL, ds, &doc);
    size_t first = amc_diags_count(ds);
    *out = NULL;
    if (st != AMC_OK)
        return st;
    st = amc_jcs_write(amc_doc_root(doc), ds, out, olen);
    check_ctx_agrees(amc_doc_root(doc), st, *out, olen ? *olen : 0, ds, first);
    if (doc_out)
        *doc_out = doc;
    else
        amc_doc_free(doc);
    return st;
}

static void expect_jcs(const char *name, const char *in, size_t in_len, const char *want,
                       size_t want_len)
{
    amc_diags *ds = amc_diags_new(0);
    char *out = NULL;
    size_t olen = 0;
    amc_status st = jcs_of(in, in_len, ds, &out, &olen, NULL);
    if (st != AMC_OK)
        fail_msg("%s: status %d (%s)", name, (int)st,
                 amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "-");
    if (olen != want_len || memcmp(out, want, want_len) != 0 || out[olen] != '\0')
        fail_msg("%s:\n got  %s\n want %s", name, out, want);
    amc_free(out);
    amc_diags_free(ds);
}

#define S(lit) lit, sizeof(lit) - 1

/* ---- numbers ---- */

static const struct numcase {
    const char *name;
    uint64_t bits;
    const char *want;
} rfc8785_appendix_b[] =
    {
        /* RFC 8785 Appendix B, every finite row (NaN and Infinity rows: test_number_nonfinite) */
        {"zero", 0x0000000000000000u, "0"},
        {"minus zero", 0x8000000000000000u, "0"},
        {"min pos number", 0x0000000000000001u, "5e-324"},
        {"min neg number", 0x8000000000000001u, "-5e-324"},
        {"max pos number", 0x7fefffffffffffffu, "1.7976931348623157e+308"},
        {"max neg number", 0xffefffffffffffffu, "-1.7976931348623157e+308"},
        {"max pos int", 0x4340000000000000u, "9007199254740992"},
        {"max neg int", 0xc340000000000000u, "-9007199254740992"},
        {"~2**68", 0x4430000000000000u, "295147905179352830000"},
        {"44b52d02c7e14af5", 0x44b52d02c7e14af5u, "9.999999999999997e+22"},
        {"44b52d02c7e14af6", 0x44b52d02c7e14af6u, "1e+23"},
        {"44b52d02c7e14af7", 0x44b52d02c7e14af7u, "1.0000000000000001e+23"},
        {"444b1ae4d6e2ef4e", 0x444b1ae4d6e2ef4eu, "999999999999999700000"},
        {"444b1ae4d6e2ef4f", 0x444b1ae4d6e2ef4fu, "999999999999999900000"},
        {"444b1ae4d6e2ef50", 0x444b1ae4d6e2ef50u, "1e+21"},
        {"3eb0c6f7a0b5ed8c", 0x3eb0c6f7a0b5ed8cu, "9.999999999999997e-7"},
        {"3eb0c6f7a0b5ed8d", 0x3eb0c6f7a0b5ed8du, "0.000001"},
        {"41b3de4355555553", 0x41b3de4355555553u, "333333333.3333332"},
        {"41b3de4355555554", 0x41b3de4355555554u, "333333333.33333325"},
        {"41b3de4355555555", 0x41b3de4355555555u, "333333333.3333333"},
        {"41b3de4355555556", 0x41b3de4355555556u, "333333333.3333334"},
        {"41b3de4355555557", 0x41b3de4355555557u, "333333333.33333343"},
        {"becbf647612f3696", 0xbecbf647612f3696u, "-0.0000033333333333333333"},
        {"round to even", 0x43143ff3c1cb0959u, "1424953923781206.2"},
},
  extra_numbers[] = {
      /* powers of two: asymmetric rounding interval, the nearest p-digit decimal misses */
      {"2^-24", 0x3e70000000000000u, "5.960464477539063e-8"},
      {"2^89", 0x4580000000000000u, "6.189700196426902e+26"},
      {"2^-1017", 0x0060000000000000u, "7.120236347223045e-307"},
      {"2^-44", 0x3d30000000000000u, "5.684341886080802e-14"},
      {"2^1023", 0x7fe0000000000000u, "8.98846567431158e+307"},
      {"min normal", 0x0010000000000000u, "2.2250738585072014e-308"},
      {"max subnormal", 0x000fffffffffffffu, "2.225073858507201e-308"},
      {"1", 0x3ff0000000000000u, "1"},
      {"-1", 0xbff0000000000000u, "-1"},
      {"0.1", 0x3fb999999999999au, "0.1"},
      {"0.5", 0x3fe0000000000000u, "0.5"},
      {"1e-7", 0x3e7ad7f29abcaf48u, "1e-7"},
      {"-1e-7", 0xbe7ad7f29abcaf48u, "-1e-7"},
      {"2e-7", 0x3e8ad7f29abcaf48u, "2e-7"},
      {"1.5e-7", 0x3e8421f5f40d8376u, "1.5e-7"},
      {"1e20", 0x4415af1d78b58c40u, "100000000000000000000"},
      {"1.2345678901234568e20", 0x441ac53a7e04bcdau, "123456789012345680000"},
      {"2^63", 0x43e0000000000000u, "9223372036854776000"},
      {"2^53+2", 0x4340000000000001u, "9007199254740994"},
      {"1e300", 0x7e37e43c8800759cu, "1e+300"},
      {"123.456", 0x405edd2f1a9fbe77u, "123.456"},
      {"4.35", 0x4011666666666666u, "4.35"},
      {"0.3", 0x3fd3333333333333u, "0.3"},
      {"1-7ulp", 0x3feffffffffffffau, "0.9999999999999993"},
      /* just below 1e-20: the nearest p-digit decimal is 9.99..9 and misses, so its neighbour
       * above carries into a new leading digit (10.0..0, one decade up); or it is 1.00..0 and
       * misses, so the neighbour below borrows down to 9.99..9 a decade lower */
      {"carry 9.99..9 up", 0x3bc79ca10c924220u, "9.999999999999995e-21"},
      {"carry, then 3 digits fewer", 0x3bc79ca10c924202u, "9.99999999999995e-21"},
      {"borrow 1.00..0 down", 0x3bc79ca10c924222u, "9.999999999999998e-21"},
      {"carry and borrow", 0x3bc79ca10c92421fu, "9.999999999999993e-21"},
};

static void check_numcases(const struct numcase *cs, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++) {
        char buf[32];
        size_t len = amc_number_format_es(from_bits(cs[i].bits), buf);
        if (len != strlen(cs[i].want) || strcmp(buf, cs[i].want) != 0)
            fail_msg("%s (0x%016llx): got \"%s\" (len %zu) want \"%s\"", cs[i].name,
                     (unsigned long long)cs[i].bits, buf, len, cs[i].want);
    }
}

static void test_number_rfc8785_appendix_b(void **state)
{
    (void)state;
    check_numcases(rfc8785_appendix_b, N_ELEMS(rfc8785_appendix_b));
}

static void test_number_extra(void **state)
{
    (void)state;
    check_numcases(extra_numbers, N_ELEMS(extra_numbers));
}

static void test_number_nonfinite(void **state)
{
    /* RFC 8785 Appendix B: NaN (7fffffffffffffff) and Infinity (7ff0000000000000) are errors
     * for JCS; amc_number_format_es itself follows ECMAScript Number::toString. */
    char buf[32];
    (void)state;
    assert_int_equal(amc_number_format_es(from_bits(0x7fffffffffffffffu), buf), 3);
    assert_string_equal(buf, "NaN");
    assert_int_equal(amc_number_format_es(from_bits(0x7ff0000000000000u), buf), 8);
    assert_string_equal(buf, "Infinity");
    assert_int_equal(amc_number_format_es(from_bits(0xfff0000000000000u), buf), 9);
    assert_string_equal(buf, "-Infinity");
}

static void test_number_locale_independent(void **state)
{
    /* snprintf("%e") writes the locale's decimal point; the digits must not depend on it.
     * Skipped when no decimal-comma locale is installed. */
    static const char *const names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8",
                                        "fr_FR.utf8",  "de_DE",      "fr_FR"};
    size_t i = 0;
    const char *got = NULL;
    char *saved = NULL;
    (void)state;
    saved = strdup(setlocale(LC_NUMERIC, NULL));
    for (i = 0; i < N_ELEMS(names) && !got; i++)
        got = setlocale(LC_NUMERIC, names[i]);
    if (!got) {
        free(saved);
        skip();
    }
    check_numcases(rfc8785_appendix_b, N_ELEMS(rfc8785_appendix_b));
    check_numcases(extra_numbers, N_ELEMS(extra_numbers));
    setlocale(LC_NUMERIC, saved);
    free(saved);
}

/* The es6testfile generator of cyberphone/json-canonicalization testdata/numgen.go. */
static const uint64_t es6_static[] = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
    0xc46696695dbd1cc3, 0xc43211ede4974a35, 0xc3fce97ca0f21056, 0xc3c7213080c1a6ac,
    0xc39280f39a348556, 0xc35d9b1f5d20d557, 0xc327af4c4a80aaac, 0xc2f2f2a36ecd5556,
    0xc2be51057e155558, 0xc28840d131aaaaac, 0xc253670dc1555557, 0xc21f0b4935555557,
    0xc1e8d5d42aaaaaac, 0xc1b3de4355555556, 0xc17fca0555555556, 0xc1496e6aaaaaaaab,
    0xc114585555555555, 0xc0e046aaaaaaaaab, 0xc0aa0aaaaaaaaaaa, 0xc074d55555555555,
    0xc040aaaaaaaaaaab, 0xc00aaaaaaaaaaaab, 0xbfd5555555555555, 0xbfa1111111111111,
    0xbf6b4e81b4e81b4f, 0xbf35d867c3ece2a5, 0xbf0179ec9cbd821e, 0xbecbf647612f3696,
    0xbe965e9f80f29212, 0xbe61e54c672874db, 0xbe2ca213d840baf8, 0xbdf6e80fe033c8c6,
    0xbdc2533fe68fd3d2, 0xbd8d51ffd74c861c, 0xbd5774ccac3d3817, 0xbd22c3d6f030f9ac,
    0xbcee0624b3818f79, 0xbcb804ea293472c7, 0xbc833721ba905bd3, 0xbc4ebe9c5db3c61e,
    0xbc18987d17c304e5, 0xbbe3ad30dfcf371d, 0xbbaf7b816618582f, 0xbb792f9ab81379bf,
    0xbb442615600f9499, 0xbb101e77800c76e1, 0xbad9ca58cce0be35, 0xbaa4a1e0a3e6fe90,
    0xba708180831f320d, 0xba3a68cd9e985016, 0x446696695dbd1cc3, 0x443211ede4974a35,
    0x43fce97ca0f21056, 0x43c7213080c1a6ac, 0x439280f39a348556, 0x435d9b1f5d20d557,
    0x4327af4c4a80aaac, 0x42f2f2a36ecd5556, 0x42be51057e155558, 0x428840d131aaaaac,
    0x4253670dc1555557, 0x421f0b4935555557, 0x41e8d5d42aaaaaac, 0x41b3de4355555556,
    0x417fca0555555556, 0x41496e6aaaaaaaab, 0x4114585555555555, 0x40e046aaaaaaaaab,
    0x40aa0aaaaaaaaaaa, 0x4074d55555555555, 0x4040aaaaaaaaaaab, 0x400aaaaaaaaaaaab,
    0x3fd5555555555555, 0x3fa1111111111111, 0x3f6b4e81b4e81b4f, 0x3f35d867c3ece2a5,
    0x3f0179ec9cbd821e, 0x3ecbf647612f3696, 0x3e965e9f80f29212, 0x3e61e54c672874db,
    0x3e2ca213d840baf8, 0x3df6e80fe033c8c6, 0x3dc2533fe68fd3d2, 0x3d8d51ffd74c861c,
    0x3d5774ccac3d3817, 0x3d22c3d6f030f9ac, 0x3cee0624b3818f79, 0x3cb804ea293472c7,
    0x3c833721ba905bd3, 0x3c4ebe9c5db3c61e, 0x3c18987d17c304e5, 0x3be3ad30dfcf371d,
    0x3baf7b816618582f, 0x3b792f9ab81379bf, 0x3b442615600f9499, 0x3b101e77800c76e1,
    0x3ad9ca58cce0be35, 0x3aa4a1e0a3e6fe90, 0x3a708180831f320d, 0x3a3a68cd9e985016,
    0x4024000000000000, 0x4014000000000000, 0x3fe0000000000000, 0x3fa999999999999a,
    0x3f747ae147ae147b, 0x3f40624dd2f1a9fc, 0x3f0a36e2eb1c432d, 0x3ed4f8b588e368f1,
    0x3ea0c6f7a0b5ed8d, 0x3e6ad7f29abcaf48, 0x3e35798ee2308c3a, 0x3ed539223589fa95,
    0x3ed4ff26cd5a7781, 0x3ed4f95a762283ff, 0x3ed4f8c60703520c, 0x3ed4f8b72f19cd0d,
    0x3ed4f8b5b31c0c8d, 0x3ed4f8b58d1c461a, 0x3ed4f8b5894f7f0e, 0x3ed4f8b588ee37f3,
    0x3ed4f8b588e47da4, 0x3ed4f8b588e3849c, 0x3ed4f8b588e36bb5, 0x3ed4f8b588e36937,
    0x3ed4f8b588e368f8, 0x3ed4f8b588e368f1, 0x3ff0000000000000, 0xbff0000000000000,
    0xbfeffffffffffffa, 0xbfeffffffffffffb, 0x3feffffffffffffa, 0x3feffffffffffffb,
    0x3feffffffffffffc, 0x3feffffffffffffe, 0xbfefffffffffffff, 0xbfefffffffffffff,
    0x3fefffffffffffff, 0x3fefffffffffffff, 0x3fd3333333333332, 0x3fd3333333333333,
    0x3fd3333333333334, 0x0010000000000000, 0x000ffffffffffffd, 0x000fffffffffffff,
    0x7fefffffffffffff, 0xffefffffffffffff, 0x4340000000000000, 0xc340000000000000,
    0x4430000000000000, 0x44b52d02c7e14af5, 0x44b52d02c7e14af6, 0x44b52d02c7e14af7,
    0x444b1ae4d6e2ef4e, 0x444b1ae4d6e2ef4f, 0x444b1ae4d6e2ef50, 0x3eb0c6f7a0b5ed8c,
    0x3eb0c6f7a0b5ed8d, 0x41b3de4355555553, 0x41b3de4355555554, 0x41b3de4355555555,
    0x41b3de4355555556, 0x41b3de4355555557, 0xbecbf647612f3696, 0x43143ff3c1cb0959,
};

typedef struct es6gen {
    size_t idx;
    unsigned char block[32];
    size_t used; /* bytes of block consumed */
} es6gen;

static uint64_t es6_next(es6gen *g)
{
    const size_t n_static = N_ELEMS(es6_static), n_serial = 2000;
    uint64_t bits = 0;
    if (g->idx < n_static) {
        bits = es6_static[g->idx];
    } else if (g->idx < n_static + n_serial) {
        bits = 0x0010000000000000u + (uint64_t)(g->idx - n_static);
    } else {
        for (;;) {
            double f = 0;
            size_t k = 0;
            if (g->used == 32) {
                unsigned char next[32];
                unsigned int dl = 0;
                assert_int_equal(EVP_Digest(g->block, 32, next, &dl, EVP_sha256(), NULL), 1);
                memcpy(g->block, next, 32);
                g->used = 0;
            }
            bits = 0;
            for (k = 0; k < 8; k++) /* little endian */
                bits |= (uint64_t)g->block[g->used + k] << (8 * k);
            g->used += 8;
            f = from_bits(bits);
            if (f != 0 && f == f && f - f == 0) /* non-zero and finite */
                break;
        }
    }
    g->idx++;
    return bits;
}

static void test_number_es6testfile(void **state)
{
    static const struct {
        size_t lines;
        const char *sha256;
    } published[] = {
        {1000, "be18b62b6f69cdab33a7e0dae0d9cfa869fda80ddc712221570f9f40a5878687"},
        {10000, "b9f7a8e75ef22a835685a52ccba7f7d6bdc99e34b010992cbc5864cd12be6892"},
        {100000, "22776e6d4b49fa294a0d0f349268e5c28808fe7e0cb2bcbe28f63894e494d4c7"},
        {1000000, "49415fee2c56c77864931bd3624faad425c3c577d6d74e89a83bc725506dad16"},
        {10000000, "b9f8a44a91d46813b21b9602e72f112613c91408db0b8341fb94603d9db135e0"},
    };
    es6gen g;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *snap = EVP_MD_CTX_new();
    size_t max_lines = 100000, line = 0, next_check = 0;
    const char *env = getenv("AMC_JCS_ES6_LINES");
    (void)state;
    if (env)
        max_lines = (size_t)strtoull(env, NULL, 10);
    memset(&g, 0, sizeof g);
    g.used = 32;
    assert_non_null(ctx);
    assert_non_null(snap);
    assert_int_equal(EVP_DigestInit_ex(ctx, EVP_sha256(), NULL), 1);
    for (line = 1; line <= max_lines; line++) {
        char text[80], num[32];
        uint64_t bits = es6_next(&g);
        int n = 0;
        amc_number_format_es(from_bits(bits), num);
        n = snprintf(text, sizeof text, "%llx,%s\n", (unsigned long long)bits, num);
        assert_int_equal(EVP_DigestUpdate(ctx, text, (size_t)n), 1);
        if (next_check < N_ELEMS(published) && line == published[next_check].lines) {
            unsigned char md[32];
            char hex[65];
            unsigned int mdl = 0, k = 0;
            assert_int_equal(EVP_MD_CTX_copy_ex(snap, ctx), 1);
            assert_int_equal(EVP_DigestFinal_ex(snap, md, &mdl), 1);
            for (k = 0; k < 32; k++)
                snprintf(hex + 2 * k, 3, "%02x", md[k]);
            if (strcmp(hex, published[next_check].sha256) != 0)
                fail_msg("es6testfile first %zu lines: sha256 %s want %s", line, hex,
                         published[next_check].sha256);
            next_check++;
        }
    }
    assert_true(next_check >= 3 || max_lines < 100000);
    EVP_MD_CTX_free(ctx);
    EVP_MD_CTX_free(snap);
}

/* Numbers as they appear in documents. */
static void test_numbers_in_documents(void **state)
{
    static const struct {
        const char *name, *in, *want;
    } cases[] = {
        {"1.0", "[1.0]", "[1]"},
        {"1e0", "[1e0]", "[1]"},
        {"1E+2", "[1E+2]", "[100]"},
        {"-0", "[-0]", "[0]"},
        {"-0.0", "[-0.0]", "[0]"},
        {"0.000001", "[0.000001]", "[0.000001]"},
        {"1e-6", "[1e-6]", "[0.000001]"},
        {"1e-7", "[1e-7]", "[1e-7]"},
        {"0.0000001", "[0.0000001]", "[1e-7]"},
        {"1e21", "[1e21]", "[1e+21]"},
        {"1e20", "[1e20]", "[100000000000000000000]"},
        {"4.50", "[4.50]", "[4.5]"},
        {"2e-3", "[2e-3]", "[0.002]"},
        {"1E30", "[1E30]", "[1e+30]"},
        {"-1.5e-7", "[-1.5e-7]", "[-1.5e-7]"},
        {"int64 max", "[9223372036854775807]", "[9223372036854776000]"},
        {"2^53+1", "[9007199254740993]", "[9007199254740992]"},
        {"1e-400 underflows", "[1e-400]", "[0]"},
        {"5e-324", "[5e-324]", "[5e-324]"},
        {"max double", "[1.7976931348623157e308]", "[1.7976931348623157e+308]"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++)
        expect_jcs(cases[i].name, cases[i].in, strlen(cases[i].in), cases[i].want,
                   strlen(cases[i].want));
}

/* ---- RFC and cyberphone examples ---- */

static void test_rfc8785_example_3_2_2(void **state)
{
    /* RFC 8785 section 3.2.2 (also cyberphone testdata values.json) */
    static const char in[] =
        "{\n"
        "  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
        "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
        "  \"literals\": [null, true, false]\n"
        "}";
    static const char want[] =
        "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
        "\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
    (void)state;
    expect_jcs("rfc8785 3.2.2", S(in), S(want));
}

static void test_rfc8785_sorting_3_2_3(void **state)
{
    /* RFC 8785 section 3.2.3 */
    static const char in[] = "{\n"
                             "  \"\\u20ac\": \"Euro Sign\",\n"
                             "  \"\\r\": \"Carriage Return\",\n"
                             "  \"\\ufb33\": \"Hebrew Letter Dalet With Dagesh\",\n"
                             "  \"1\": \"One\",\n"
                             "  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n"
                             "  \"\\u0080\": \"Control\",\n"
                             "  \"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n"
                             "}";
    static const char want[] = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":"
                               "\"Control\",\"\xc3\xb6\":\"Latin Small Letter O With "
                               "Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\",\"\xf0\x9f\x98\x80\":"
                               "\"Emoji: Grinning Face\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet "
                               "With Dagesh\"}";
    (void)state;
    expect_jcs("rfc8785 3.2.3", S(in), S(want));
}

static void test_cyberphone_testdata(void **state)
{
    /* cyberphone/json-canonicalization testdata/input/X.json -> testdata/output/X.json */
    static const struct {
        const char *name, *in, *want;
    } cases[] = {
        {"arrays", "[\n  56,\n  {\n    \"d\": true,\n    \"10\": null,\n    \"1\": [ ]\n  }\n]\n",
         "[56,{\"1\":[],\"10\":null,\"d\":true}]"},
        {"french",
         "{\n  \"peach\": \"This sorting order\",\n  \"p\xc3\xa9"
         "ch\xc3\xa9\": \"is wrong "
         "according to French\",\n  \"p\xc3\xaa"
         "che\": \"but canonicalization MUST\",\n  "
         "\"sin\":   \"ignore locale\"\n}\n",
         "{\"peach\":\"This sorting order\",\"p\xc3\xa9"
         "ch\xc3\xa9\":\"is wrong according to "
         "French\",\"p\xc3\xaa"
         "che\":\"but canonicalization MUST\",\"sin\":\"ignore locale\"}"},
        {"structures",
         "{\n  \"1\": {\"f\": {\"f\": \"hi\",\"F\": 5} ,\"\\n\": 56.0},\n  \"10\": { },\n  \"\": "
         "\"empty\",\n  \"a\": { },\n  \"111\": [ {\"e\": \"yes\",\"E\": \"no\" } ],\n  \"A\": { "
         "}\n}",
         "{\"\":\"empty\",\"1\":{\"\\n\":56,\"f\":{\"F\":5,\"f\":\"hi\"}},\"10\":{},\"111\":[{"
         "\"E\":\"no\",\"e\":\"yes\"}],\"A\":{},\"a\":{}}"},
        {"unicode", "{\n  \"Unnormalized Unicode\":\"A\\u030a\"\n}\n",
         "{\"Unnormalized Unicode\":\"A\xcc\x8a\"}"},
        {"weird",
         "{\n  \"\\u20ac\": \"Euro Sign\",\n  \"\\r\": \"Carriage Return\",\n  \"\\u000a\": "
         "\"Newline\",\n  \"1\": \"One\",\n  \"\\u0080\": \"Control\\u007f\",\n  "
         "\"\\ud83d\\ude02\": \"Smiley\",\n  \"\\u00f6\": \"Latin Small Letter O With "
         "Diaeresis\",\n  \"\\ufb33\": \"Hebrew Letter Dalet With Dagesh\",\n  \"</script>\": "
         "\"Browser Challenge\"\n}\n",
         "{\"\\n\":\"Newline\",\"\\r\":\"Carriage Return\",\"1\":\"One\",\"</script>\":\"Browser "
         "Challenge\",\"\xc2\x80\":\"Control\x7f\",\"\xc3\xb6\":\"Latin Small Letter O With "
         "Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\",\"\xf0\x9f\x98\x82\":\"Smiley\",\"\xef\xac"
         "\xb3\":\"Hebrew Letter Dalet With Dagesh\"}"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++)
        expect_jcs(cases[i].name, cases[i].in, strlen(cases[i].in), cases[i].want,
                   strlen(cases[i].want));
}

/* ---- building documents by hand (for what the readers would reject or positions) ---- */

static amc_value *mk_num(amc_doc *doc, const char *text, size_t offset)
{
    amc_value *v = amc_doc_new_number(doc, text, strlen(text), offset);
    assert_non_null(v);
    return v;
}

static amc_value *mk_str(amc_doc *doc, const char *s, size_t len, size_t offset)
{
    amc_value *v = amc_doc_new_string(doc, s, len, offset);
    assert_non_null(v);
    return v;
}

static amc_value *mk_arr(amc_doc *doc, size_t n, amc_value **items, size_t offset)
{
    amc_value *v = amc_doc_new_value(doc, AMC_T_ARRAY, offset);
    assert_non_null(v);
    v->u.arr.items = amc_doc_alloc(doc, (n ? n : 1) * sizeof(amc_value *));
    assert_non_null(v->u.arr.items);
    if (n)
        memcpy(v->u.arr.items, items, n * sizeof(amc_value *));
    v->u.arr.len = n;
    return v;
}

/* keys[i] with lengths klen[i] (or strlen when klen is NULL) */
static amc_value *mk_obj(amc_doc *doc, size_t n, const char *const *keys, const size_t *klen,
                         amc_value **vals, size_t offset)
{
    amc_value *v = amc_doc_new_value(doc, AMC_T_OBJECT, offset);
    size_t i = 0;
    assert_non_null(v);
    v->u.obj.members = amc_doc_alloc(doc, (n ? n : 1) * sizeof(amc_member));
    assert_non_null(v->u.obj.members);
    for (i = 0; i < n; i++) {
        amc_member *m = &v->u.obj.members[i];
        m->key_len = klen ? klen[i] : strlen(keys[i]);
        m->key = amc_doc_strdup(doc, keys[i], m->key_len);
        assert_non_null(m->key);
        m->key_offset = offset + 1 + i;
        m->value = vals[i];
    }
    v->u.obj.len = n;
    return v;
}

static void check_value(const char *name, const amc_value *v, const char *want, size_t want_len)
{
    char *out = NULL;
    size_t olen = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = amc_jcs_write(v, ds, &out, &olen);
    if (st != AMC_OK)
        fail_msg("%s: status %d", name, (int)st);
    if (olen != want_len || memcmp(out, want, olen) != 0)
        fail_msg("%s:\n got  %s\n want %s", name, out, want);
    if (amc_diags_count(ds) != 0)
        fail_msg("%s: unexpected diagnostic %s", name, amc_diags_get(ds, 0)->message);
    amc_free(out);
    amc_diags_free(ds);
}

/* ---- strings ---- */

static void test_string_escapes(void **state)
{
    /* RFC 8785 3.2.2.2: only " \ and U+0000..U+001F are escaped, with the short forms where
     * JSON has them and lowercase \u00xx otherwise. */
    static const struct {
        const char *name;
        const char *in;
        size_t len;
        const char *want;
    } cases[] = {
        {"empty", "", 0, "\"\""},
        {"plain", S("abc"), "\"abc\""},
        {"quote", S("\""), "\"\\\"\""},
        {"backslash", S("\\"), "\"\\\\\""},
        {"solidus literal", S("/"), "\"/\""},
        {"NUL", "\0", 1, "\"\\u0000\""},
        {"U+0001", S("\x01"), "\"\\u0001\""},
        {"BS", S("\b"), "\"\\b\""},
        {"TAB", S("\t"), "\"\\t\""},
        {"LF", S("\n"), "\"\\n\""},
        {"VT", S("\x0b"), "\"\\u000b\""},
        {"FF", S("\f"), "\"\\f\""},
        {"CR", S("\r"), "\"\\r\""},
        {"U+000E", S("\x0e"), "\"\\u000e\""},
        {"U+001F", S("\x1f"), "\"\\u001f\""},
        {"space", S(" "), "\" \""},
        {"DEL literal", S("\x7f"), "\"\x7f\""},
        {"U+0080 literal", S("\xc2\x80"), "\"\xc2\x80\""},
        {"U+2028 literal", S("\xe2\x80\xa8"), "\"\xe2\x80\xa8\""},
        {"U+2029 literal", S("\xe2\x80\xa9"), "\"\xe2\x80\xa9\""},
        {"U+FEFF literal", S("\xef\xbb\xbf"), "\"\xef\xbb\xbf\""},
        {"U+FFFF literal", S("\xef\xbf\xbf"), "\"\xef\xbf\xbf\""},
        {"emoji literal", S("\xf0\x9f\x98\x80"), "\"\xf0\x9f\x98\x80\""},
        {"mixed",
         S("a\"b\\c\x01"
           "d\ne"),
         "\"a\\\"b\\\\c\\u0001d\\ne\""},
        {"NUL inside", "a\0b", 3, "\"a\\u0000b\""},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++) {
        amc_doc *doc = amc_doc_new(NULL, 0);
        amc_value *v = NULL;
        assert_non_null(doc);
        v = mk_str(doc, cases[i].in, cases[i].len, AMC_NO_OFFSET);
        check_value(cases[i].name, v, cases[i].want, strlen(cases[i].want));
        amc_doc_free(doc);
    }
}

static void test_string_escapes_from_json(void **state)
{
    static const struct {
        const char *name, *in, *want;
    } cases[] = {
        {"escaped solidus", "[\"\\/\"]", "[\"/\"]"},
        {"u escapes become literal", "[\"\\u00e9\\u4e2d\"]", "[\"\xc3\xa9\xe4\xb8\xad\"]"},
        {"uppercase hex control", "[\"\\u001F\"]", "[\"\\u001f\"]"},
        {"\\u0008 short form", "[\"\\u0008\\u000C\"]", "[\"\\b\\f\"]"},
        {"surrogate pair", "[\"\\uD83D\\uDE00\"]", "[\"\xf0\x9f\x98\x80\"]"},
        {"U+2028 escaped in", "[\"\\u2028\"]", "[\"\xe2\x80\xa8\"]"},
        {"DEL escaped in", "[\"\\u007f\"]", "[\"\x7f\"]"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++)
        expect_jcs(cases[i].name, cases[i].in, strlen(cases[i].in), cases[i].want,
                   strlen(cases[i].want));
}

/* ---- key order ---- */

static void test_utf16_order_pairs(void **state)
{
    /* Each row: key a must sort before key b. The object is built as {b:0, a:1}. */
    static const struct {
        const char *name;
        const char *a;
        size_t alen;
        const char *b;
        size_t blen;
    } cases[] = {
        {"empty first", "", 0, S("a")},
        {"prefix first", S("a"), S("ab")},
        {"ASCII order", S("A"), S("a")},
        {"digits before letters", S("10"), S("d")},
        {"NUL key first", "\0", 1, S("\x01")},
        {"NUL inside", "a\0", 2, S("a\x01")},
        {"U+007F < U+0080", S("\x7f"), S("\xc2\x80")},
        {"U+00F6 < U+0434", S("\xc3\xb6"), S("\xd0\xb4")},
        {"U+0434 < U+20AC", S("\xd0\xb4"), S("\xe2\x82\xac")},
        {"U+D7FF < U+10000", S("\xed\x9f\xbf"), S("\xf0\x90\x80\x80")},
        {"U+10000 < U+E000 (surrogates)", S("\xf0\x90\x80\x80"), S("\xee\x80\x80")},
        {"U+1F600 < U+FB33", S("\xf0\x9f\x98\x80"), S("\xef\xac\xb3")},
        {"U+10FFFF < U+E000", S("\xf4\x8f\xbf\xbf"), S("\xee\x80\x80")},
        {"U+10FFFF < U+FFFF", S("\xf4\x8f\xbf\xbf"), S("\xef\xbf\xbf")},
        {"U+1F600 < U+1F601", S("\xf0\x9f\x98\x80"), S("\xf0\x9f\x98\x81")},
        {"U+10400 < U+1F600 (same order in pairs)", S("\xf0\x90\x90\x80"), S("\xf0\x9f\x98\x80")},
        {"shared prefix then surrogate", S("x\xf0\x9f\x98\x80"), S("x\xef\xbc\x81")},
        {"U+FFFD < U+FFFE", S("\xef\xbf\xbd"), S("\xef\xbf\xbe")},
        {"one shared lead byte", S("\xc3\xa9"), S("\xc3\xaa")},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++) {
        amc_doc *doc = amc_doc_new(NULL, 0);
        const char *keys[2];
        size_t klen[2];
        amc_value *vals[2];
        char *out = NULL;
        size_t olen = 0;
        char want[64];
        size_t wl = 0;
        assert_non_null(doc);
        keys[0] = cases[i].b;
        klen[0] = cases[i].blen;
        keys[1] = cases[i].a;
        klen[1] = cases[i].alen;
        vals[0] = mk_num(doc, "0", AMC_NO_OFFSET);
        vals[1] = mk_num(doc, "1", AMC_NO_OFFSET);
        if (amc_jcs_write(mk_obj(doc, 2, keys, klen, vals, 0), NULL, &out, &olen) != AMC_OK)
            fail_msg("%s: write failed", cases[i].name);
        /* expected: {"a":1,"b":0} with the keys' canonical escapes (only NUL/0x01 here) */
        {
            char ka[32], kb[32];
            size_t la = 0, lb = 0, k = 0;
            for (k = 0; k < cases[i].alen; k++) {
                unsigned char c = (unsigned char)cases[i].a[k];
                if (c < 0x20)
                    la += (size_t)snprintf(ka + la, sizeof ka - la, "\\u%04x", c);
                else
                    ka[la++] = (char)c;
            }
            for (k = 0; k < cases[i].blen; k++) {
                unsigned char c = (unsigned char)cases[i].b[k];
                if (c < 0x20)
                    lb += (size_t)snprintf(kb + lb, sizeof kb - lb, "\\u%04x", c);
                else
                    kb[lb++] = (char)c;
            }
            wl = (size_t)snprintf(want, sizeof want, "{\"%.*s\":1,\"%.*s\":0}", (int)la, ka,
                                  (int)lb, kb);
        }
        if (olen != wl || memcmp(out, want, wl) != 0)
            fail_msg("%s:\n got  %s\n want %s", cases[i].name, out, want);
        amc_free(out);
        amc_doc_free(doc);
    }
}

static void test_duplicate_keys_keep_source_order(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    static const char *const keys[] = {"b", "a", "b", "a", "c", "a"};
    amc_value *vals[6];
    size_t i = 0;
    char txt[4];
    (void)state;
    assert_non_null(doc);
    for (i = 0; i < 6; i++) {
        snprintf(txt, sizeof txt, "%zu", i);
        vals[i] = mk_num(doc, txt, AMC_NO_OFFSET);
    }
    check_value("dups stable", mk_obj(doc, 6, keys, NULL, vals, 0),
                S("{\"a\":1,\"a\":3,\"a\":5,\"b\":0,\"b\":2,\"c\":4}"));
    amc_doc_free(doc);
}

/* Independent UTF-16 comparison for the checks below: decode to UTF-16 units, compare. */
static size_t to_utf16(const char *s, size_t n, uint16_t *u, size_t cap)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, k = 0;
    while (i < n && k + 2 <= cap) {
        uint32_t cp = p[i];
        size_t len = 1;
        if (cp >= 0xF0) {
            cp = ((cp & 7u) << 18) | ((p[i + 1] & 63u) << 12) | ((p[i + 2] & 63u) << 6) |
                 (p[i + 3] & 63u);
            len = 4;
        } else if (cp >= 0xE0) {
            cp = ((cp & 15u) << 12) | ((p[i + 1] & 63u) << 6) | (p[i + 2] & 63u);
            len = 3;
        } else if (cp >= 0xC0) {
            cp = ((cp & 31u) << 6) | (p[i + 1] & 63u);
            len = 2;
        }
        if (cp >= 0x10000) {
            u[k++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            u[k++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            u[k++] = (uint16_t)cp;
        }
        i += len;
    }
    return k;
}

static int ref_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
    uint16_t ua[256], ub[256];
    size_t na = to_utf16(a, alen, ua, 256), nb = to_utf16(b, blen, ub, 256), i = 0;
    for (i = 0; i < na && i < nb; i++)
        if (ua[i] != ub[i])
            return ua[i] < ub[i] ? -1 : 1;
    return na < nb ? -1 : na > nb ? 1 : 0;
}

/* Checks that every object in v has strictly increasing keys in reference UTF-16 order. */
static void check_sorted(const char *name, const amc_value *v)
{
    size_t i = 0;
    if (v->type == AMC_T_ARRAY)
        for (i = 0; i < v->u.arr.len; i++)
            check_sorted(name, v->u.arr.items[i]);
    if (v->type != AMC_T_OBJECT)
        return;
    for (i = 0; i < v->u.obj.len; i++) {
        const amc_member *m = &v->u.obj.members[i];
        if (i > 0) {
            const amc_member *p = &v->u.obj.members[i - 1];
            if (ref_cmp(p->key, p->key_len, m->key, m->key_len) >= 0)
                fail_msg("%s: keys out of order: \"%s\" before \"%s\"", name, p->key, m->key);
        }
        check_sorted(name, m->value);
    }
}

static uint64_t rng_next(uint64_t *s)
{
    /* xorshift64* (fixed seed: reproducible) */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717u;
}

static void test_utf16_order_random(void **state)
{
    /* Random keys over code points where UTF-16 and UTF-8 order disagree, sorted by the writer,
     * checked against the reference UTF-16 comparison. */
    static const uint32_t pool[] = {0x41,    0x61,    0x7f,    0x80,    0xff,    0x434,
                                    0x20ac,  0xd7ff,  0xe000,  0xfb33,  0xfffd,  0xffff,
                                    0x10000, 0x103ff, 0x10400, 0x1f600, 0x1f602, 0x10ffff};
    uint64_t seed = 0x9e3779b97f4a7c15u;
    int round = 0;
    (void)state;
    for (round = 0; round < 200; round++) {
        amc_doc *doc = amc_doc_new(NULL, 0), *back = NULL;
        char keybuf[40][16];
        const char *keys[40];
        size_t klen[40];
        amc_value *vals[40];
        size_t n = 1 + (size_t)(rng_next(&seed) % 40), i = 0, j = 0;
        char *out = NULL;
        size_t olen = 0;
        char name[32];
        amc_diags *ds = amc_diags_new(0);
        snprintf(name, sizeof name, "random round %d", round);
        for (i = 0; i < n; i++) {
            size_t cps = 1 + (size_t)(rng_next(&seed) % 3), k = 0, len = 0;
            int dup = 0;
            for (k = 0; k < cps; k++) {
                uint32_t cp = pool[rng_next(&seed) % N_ELEMS(pool)];
                if (cp < 0x80) {
                    keybuf[i][len++] = (char)cp;
                } else if (cp < 0x800) {
                    keybuf[i][len++] = (char)(0xC0 | (cp >> 6));
                    keybuf[i][len++] = (char)(0x80 | (cp & 63));
                } else if (cp < 0x10000) {
                    keybuf[i][len++] = (char)(0xE0 | (cp >> 12));
                    keybuf[i][len++] = (char)(0x80 | ((cp >> 6) & 63));
                    keybuf[i][len++] = (char)(0x80 | (cp & 63));
                } else {
                    keybuf[i][len++] = (char)(0xF0 | (cp >> 18));
                    keybuf[i][len++] = (char)(0x80 | ((cp >> 12) & 63));
                    keybuf[i][len++] = (char)(0x80 | ((cp >> 6) & 63));
                    keybuf[i][len++] = (char)(0x80 | (cp & 63));
                }
            }
            for (j = 0; j < i && !dup; j++)
                dup = klen[j] == len && memcmp(keybuf[j], keybuf[i], len) == 0;
            if (dup) { /* keep keys unique: retry this slot */
                i--;
                continue;
            }
            keys[i] = keybuf[i];
            klen[i] = len;
            vals[i] = mk_num(doc, "1", AMC_NO_OFFSET);
        }
        assert_int_equal(amc_jcs_write(mk_obj(doc, n, keys, klen, vals, 0), ds, &out, &olen),
                         AMC_OK);
        assert_int_equal(read_back(out, olen, ds, &back), AMC_OK);
        assert_int_equal(amc_doc_root(back)->u.obj.len, n);
        check_sorted(name, amc_doc_root(back));
        amc_doc_free(back);
        amc_free(out);
        amc_diags_free(ds);
        amc_doc_free(doc);
    }
}

/* ---- structure ---- */

static void test_nested_structures(void **state)
{
    static const struct {
        const char *name, *in, *want;
    } cases[] = {
        {"scalar null", "null\n", "null"},
        {"scalar true", " true ", "true"},
        {"scalar false", "false\n", "false"},
        {"scalar number", "  -12.50 ", "-12.5"},
        {"scalar string", "\"x\"", "\"x\""},
        {"empty array", "[ ]", "[]"},
        {"empty object", "{ }", "{}"},
        {"nested empties", "[[],{},[{}],{\"a\":[]}]", "[[],{},[{}],{\"a\":[]}]"},
        {"array order kept", "[3, 1, 2]", "[3,1,2]"},
        {"sorted at every level",
         "{\"b\": {\"z\": 1, \"y\": [ {\"d\": 1, \"c\": 2} ]}, \"a\": null}",
         "{\"a\":null,\"b\":{\"y\":[{\"c\":2,\"d\":1}],\"z\":1}}"},
        {"whitespace everywhere", "\r\n\t{ \"a\" :\n[ 1 ,\t2 ] , \"b\" : { } }\n",
         "{\"a\":[1,2],\"b\":{}}"},
        {"deep mix", "[[[[{\"k\":[[[{\"j\":{\"i\":[]}}]]]}]]]]",
         "[[[[{\"k\":[[[{\"j\":{\"i\":[]}}]]]}]]]]"},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++)
        expect_jcs(cases[i].name, cases[i].in, strlen(cases[i].in), cases[i].want,
                   strlen(cases[i].want));
}

static void test_deep_nesting_no_recursion(void **state)
{
    /* 200000 levels of alternating arrays and objects, built by hand (no reader limits): the
     * writer uses an explicit stack, so this must not overflow the C stack. */
    const size_t depth = 200000;
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *v = NULL;
    static const char *const key[] = {"k"};
    char *out = NULL;
    size_t olen = 0, i = 0;
    (void)state;
    assert_non_null(doc);
    v = mk_num(doc, "1.50", AMC_NO_OFFSET);
    for (i = 0; i < depth; i++)
        v = (i % 2) ? mk_obj(doc, 1, key, NULL, &v, AMC_NO_OFFSET)
                    : mk_arr(doc, 1, &v, AMC_NO_OFFSET);
    assert_int_equal(amc_jcs_write(v, NULL, &out, &olen), AMC_OK);
    /* per level: "[" + "]" or "{\"k\":" + "}" */
    assert_int_equal(olen, depth / 2 * 2 + depth / 2 * 6 + 3);
    assert_memory_equal(out, "{\"k\":[{\"k\":[", 12);
    assert_memory_equal(out + depth / 2 * 6, "1.5]}", 5);
    amc_free(out);
    amc_doc_free(doc);
}

/* ---- diagnostics ---- */

static void test_number_range_error(void **state)
{
    /* source: [1e400, 2, {"x": -1e999}] ; offsets of the numbers: 1, 8, 17 */
    static const char src[] = "[1e400, 2, {\"x\": -1e999}]";
    amc_doc *doc = amc_doc_new(src, sizeof src - 1);
    amc_value *items[3], *inner = NULL;
    static const char *const keys[] = {"x"};
    amc_diags *ds = amc_diags_new(0);
    static char sentinel[] = "sentinel";
    char *out = sentinel;
    size_t olen = 99;
    const amc_diag *d = NULL;
    amc_pos p;
    (void)state;
    assert_non_null(doc);
    items[0] = mk_num(doc, "1e400", 1);
    items[1] = mk_num(doc, "2", 8);
    inner = mk_num(doc, "-1e999", 17);
    items[2] = mk_obj(doc, 1, keys, NULL, &inner, 11);
    assert_true(items[0]->flags & AMC_NUM_OVERFLOW);
    assert_int_equal(amc_jcs_write(mk_arr(doc, 3, items, 0), ds, &out, &olen), AMC_EINVALID);
    assert_null(out);
    assert_int_equal(olen, 0);
    assert_int_equal(amc_diags_count(ds), 2);
    d = amc_diags_get(ds, 0);
    assert_int_equal(d->code, AMC_C_JCS_NUMBER_RANGE);
    assert_int_equal(d->sev, AMC_SEV_ERROR);
    assert_int_equal(d->at.offset, 1);
    assert_int_equal(d->at.line, 0);
    assert_int_equal(d->at.col, 0);
    assert_string_equal(d->instance_ptr, "/0");
    assert_non_null(strstr(d->message, "1e400"));
    d = amc_diags_get(ds, 1);
    assert_int_equal(d->code, AMC_C_JCS_NUMBER_RANGE);
    assert_int_equal(d->at.offset, 17);
    assert_string_equal(d->instance_ptr, "/2/x");
    /* the documented way to get line/col: map the offset through the document */
    p = amc_doc_pos(doc, d->at.offset);
    assert_int_equal(p.line, 0);
    assert_int_equal(p.col, 17);
    amc_diags_free(ds);
    amc_doc_free(doc);
}

static void test_number_range_multiline_position(void **state)
{
    static const char src[] = "{\n  \"a\": [\n    1e400\n  ]\n}";
    amc_doc *doc = amc_doc_new(src, sizeof src - 1);
    static const char *const keys[] = {"a"};
    amc_value *num = NULL, *arr = NULL;
    amc_diags *ds = amc_diags_new(0);
    char *out = NULL;
    amc_pos p;
    size_t off = (size_t)(strstr(src, "1e400") - src);
    (void)state;
    assert_non_null(doc);
    num = mk_num(doc, "1e400", off);
    arr = mk_arr(doc, 1, &num, 9);
    assert_int_equal(amc_jcs_write(mk_obj(doc, 1, keys, NULL, &arr, 0), ds, &out, NULL),
                     AMC_EINVALID);
    assert_null(out);
    assert_int_equal(amc_diags_count(ds), 1);
    assert_string_equal(amc_diags_get(ds, 0)->instance_ptr, "/a/0");
    p = amc_doc_pos(doc, amc_diags_get(ds, 0)->at.offset);
    assert_int_equal(p.line, 2);
    assert_int_equal(p.col, 4);
    amc_diags_free(ds);
    amc_doc_free(doc);
}

static void test_number_precision_info(void **state)
{
    static const struct {
        const char *name, *text, *want;
        int info;
    } cases[] = {
        {"beyond 2^64", "12345678901234567890", "12345678901234567000", 1},
        {"2^53+1", "9007199254740993", "9007199254740992", 1},
        {"int64 max", "9223372036854775807", "9223372036854776000", 1},
        {"2^53 exact", "9007199254740992", "9007199254740992", 0},
        /* the double is exactly 2^63, but the canonical text denotes another decimal value */
        {"2^63 exact double", "9223372036854775808", "9223372036854776000", 1},
        {"2^63 as JCS writes it", "9223372036854776000", "9223372036854776000", 0},
        {"17 digits to 0.1", "0.10000000000000001", "0.1", 1},
        {"underflow to 0", "1e-400", "0", 1},
        {"0.1 is its own shortest", "0.1", "0.1", 0},
        {"1.0 same value", "1.0", "1", 0},
        {"-0 same value", "-0", "0", 0},
        {"-0.0e5 same value", "-0.0e5", "0", 0},
        {"1E+2", "1E+2", "100", 0},
        {"long exact decimal", "1.50000000000000000000000000000", "1.5", 0},
        {"333333333.33333329", "333333333.33333329", "333333333.3333333", 1},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < N_ELEMS(cases); i++) {
        char src[80];
        amc_doc *doc = NULL;
        amc_value *num = NULL, *root = NULL;
        static const char *const keys[] = {"n"};
        amc_diags *ds = amc_diags_new(0);
        char *out = NULL;
        size_t olen = 0;
        char want[64];
        snprintf(src, sizeof src, "{\"n\":%s}", cases[i].text);
        doc = amc_doc_new(src, strlen(src));
        assert_non_null(doc);
        num = mk_num(doc, cases[i].text, 5);
        root = mk_obj(doc, 1, keys, NULL, &num, 0);
        if (amc_jcs_write(root, ds, &out, &olen) != AMC_OK)
            fail_msg("%s: write failed", cases[i].name);
        snprintf(want, sizeof want, "{\"n\":%s}", cases[i].want);
        if (strcmp(out, want) != 0)
            fail_msg("%s: got %s want %s", cases[i].name, out, want);
        if (amc_diags_count(ds) != (size_t)cases[i].info)
            fail_msg("%s: %zu diagnostics, want %d", cases[i].name, amc_diags_count(ds),
                     cases[i].info);
        if (cases[i].info) {
            const amc_diag *d = amc_diags_get(ds, 0);
            if (d->code != AMC_C_JCS_NUMBER_PRECISION || d->sev != AMC_SEV_INFO ||
                d->at.offset != 5 || strcmp(d->instance_ptr, "/n") != 0)
                fail_msg("%s: wrong diagnostic %d sev %d off %zu ptr %s", cases[i].name,
                         (int)d->code, (int)d->sev, d->at.offset, d->instance_ptr);
            if (!strstr(d->message, cases[i].want))
                fail_msg("%s: message lacks the canonical form: %s", cases[i].name, d->message);
        }
        amc_free(out);
        amc_diags_free(ds);
        amc_doc_free(doc);
    }
}

static void test_precision_info_once_per_number(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *items[4];
    amc_diags *ds = amc_diags_new(0);
    char *out = NULL;
    (void)state;
    assert_non_null(doc);
    items[0] = mk_num(doc, "12345678901234567890", 1);
    items[1] = mk_num(doc, "12345678901234567890", 22);
    items[2] = mk_num(doc, "7", 43);
    items[3] = mk_num(doc, "1e-400", 45);
    assert_int_equal(amc_jcs_write(mk_arr(doc, 4, items, 0), ds, &out, NULL), AMC_OK);
    assert_string_equal(out, "[12345678901234567000,12345678901234567000,7,0]");
    assert_int_equal(amc_diags_count(ds), 3);
    assert_int_equal(amc_diags_infos(ds), 3);
    assert_int_equal(amc_diags_errors(ds), 0);
    assert_string_equal(amc_diags_get(ds, 0)->instance_ptr, "/0");
    assert_string_equal(amc_diags_get(ds, 1)->instance_ptr, "/1");
    assert_string_equal(amc_diags_get(ds, 2)->instance_ptr, "/3");
    assert_int_equal(amc_diags_get(ds, 2)->at.offset, 45);
    amc_free(out);
    amc_diags_free(ds);
    amc_doc_free(doc);
}

static void test_nonfinite_built_value(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *v = NULL;
    amc_diags *ds = amc_diags_new(0);
    char *out = NULL;
    (void)state;
    assert_non_null(doc);
    v = mk_num(doc, "0", AMC_NO_OFFSET);
    v->u.num.d = from_bits(0x7ff8000000000000u); /* NaN planted in a built tree */
    assert_int_equal(amc_jcs_write(v, ds, &out, NULL), AMC_EINVALID);
    assert_null(out);
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_JCS_NUMBER_RANGE);
    assert_int_equal(amc_diags_get(ds, 0)->at.offset, AMC_NO_OFFSET);
    assert_string_equal(amc_diags_get(ds, 0)->instance_ptr, "");
    amc_diags_free(ds);
    amc_doc_free(doc);
}

static void test_invalid_utf8_built_value(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    amc_value *vals[2];
    const char *keys[2] = {"ok", "bad\xc3"};
    amc_diags *ds = amc_diags_new(0);
    char *out = NULL;
    (void)state;
    assert_non_null(doc);
    vals[0] = mk_str(doc, S("\xed\xa0\x80"), 7); /* an encoded surrogate: not UTF-8 */
    vals[1] = mk_num(doc, "1", 20);
    assert_int_equal(amc_jcs_write(mk_obj(doc, 2, keys, NULL, vals, 2), ds, &out, NULL),
                     AMC_EINVALID);
    assert_null(out);
    assert_int_equal(amc_diags_count(ds), 2);
    /* canonical order: "bad\xc3" (0x62) before "ok" */
    assert_int_equal(amc_diags_get(ds, 0)->code, AMC_C_UTF8_INVALID);
    assert_int_equal(amc_diags_get(ds, 0)->at.offset, 4); /* key_offset = 2 + 1 + index 1 */
    assert_string_equal(amc_diags_get(ds, 0)->instance_ptr, "/bad\xc3");
    assert_int_equal(amc_diags_get(ds, 1)->code, AMC_C_UTF8_INVALID);
    assert_int_equal(amc_diags_get(ds, 1)->at.offset, 7);
    assert_string_equal(amc_diags_get(ds, 1)->instance_ptr, "/ok");
    amc_diags_free(ds);
    amc_doc_free(doc);
}

static void test_null_diags_and_usage(void **state)
{
    amc_doc *doc = amc_doc_new(NULL, 0);
    static char sentinel[] = "x";
    char *out = sentinel;
    size_t olen = 5;
    (void)state;
    assert_non_null(doc);
    assert_int_equal(amc_jcs_write(mk_num(doc, "1e400", 0), NULL, &out, &olen), AMC_EINVALID);
    assert_null(out);
    assert_int_equal(olen, 0);
    assert_int_equal(amc_jcs_write(NULL, NULL, &out, &olen), AMC_EUSAGE);
    assert_null(out);
    assert_int_equal(amc_jcs_write(mk_num(doc, "1", 0), NULL, NULL, &olen), AMC_EUSAGE);
    /* out_len is optional */
    assert_int_equal(amc_jcs_write(mk_num(doc, "1.0", 0), NULL, &out, NULL), AMC_OK);
    assert_string_equal(out, "1");
    amc_free(out);
    amc_doc_free(doc);
}

/* ---- properties over a table of documents ---- */

/* Top-level scalars end with a newline: a trailing delimiter is valid JSON, and the provisional
 * json-c based reader needs one to finish a bare scalar. */
static const char *const property_docs[] = {
    "null\n",
    "true\n",
    "false\n",
    "0\n",
    "-0\n",
    "-0.0\n",
    "1.0\n",
    "1e0\n",
    "1E+2\n",
    "0.000001\n",
    "1e-7\n",
    "1e21\n",
    "1e-400\n",
    "12345678901234567890\n",
    "9007199254740993\n",
    "0.10000000000000001\n",
    "333333333.33333329\n",
    "-1.7976931348623157e308\n",
    "5e-324\n",
    "4.9e-324\n",
    "2.5e-324\n",
    "\"\"",
    "\"\\u0000\\u001f\\\"\\\\/\\u007f\\u2028\"",
    "[]",
    "{}",
    "[1, 2.0, -3e2, 4.5e-10, 123456789.123456789]",
    "{\"b\": 1, \"a\": 2, \"c\": {\"z\": [], \"y\": {}}}",
    "{\"\\u20ac\": 1, \"\\r\": 2, \"\\ufb33\": 3, \"1\": 4, \"\\ud83d\\ude00\": 5, \"\\u0080\": "
    "6, \"\\u00f6\": 7, \"\\u0434\": 8}",
    "{\"\\ue000\": 1, \"\\ud800\\udc00\": 2, \"\\uffff\": 3, \"\\udbff\\udfff\": 4}",
    "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]",
    "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{}}}}}}}",
    "[{\"x\": 1, \"X\": 2}, {\"xx\": 1, \"x\": 2}]",
    "{\"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "
    "\"literals\": [null, true, false]}",
    "{\"peach\": 1, \"p\\u00e9ch\\u00e9\": 2, \"p\\u00eache\": 3, \"sin\": 4}",
    "[\"\\ud83d\\ude02\", \"\\u00e9\", \"A\\u030a\"]",
    "{\"\": \"empty\", \" \": \"space\", \"\\t\": \"tab\"}",
    "[1e300, 1e-300, 1.5e300, -2.5e-300]",
    "[0.1, 0.2, 0.30000000000000004, 0.3]",
    "[9007199254740992, 9007199254740994, 18014398509481984, 295147905179352830000]",
    /* 1e19, not 1e20: the provisional json-c reader clamps integer text >= 2^64 (its canonical
     * form 100000000000000000000) to UINT64_MAX; the strict reader keeps it */
    "[100, 1000000, 1e15, 1e16, 1e17, 1e19, 1e22, 1e23]",
    "[0.5, 0.25, 0.125, 0.0625, 0.03125, 1.9073486328125e-6, 5.960464477539063e-8]",
    "{\"msg_id\": \"m-1\", \"from\": \"a\", \"to\": [\"b\", \"c\"], \"payload\": {\"score\": "
    "0.95, \"ok\": true, \"n\": null}, \"signature\": \"\"}",
    "[true, false, null, \"true\", \"null\"]",
    "{\"a\": [{\"b\": [{\"c\": [1, {\"d\": 2}]}]}]}",
    "\"\\u00e9\\u00e8\\u00ea\\u4e2d\\u6587\\ud834\\udd1e\"",
    "[-1, -0.5, -1e-7, -1e21, -123.456]",
    "{\"z\": 1, \"y\": 2, \"x\": 3, \"w\": 4, \"v\": 5, \"u\": 6, \"t\": 7, \"s\": 8, \"r\": 9, "
    "\"q\": 10, \"p\": 11, \"o\": 12}",
    "[1.7976931348623157e308, 2.2250738585072014e-308, 2.225073858507201e-308]",
    "{\"k\\u0000\": 1, \"k\": 2}",
    "[0e10, -0e-10, 0.0e+0]",
    "[1.23456789012345678901234567890e5]",
};

/* Value equality with numbers compared as doubles (JCS changes number text, not the double). */
static int equal_as_doubles(const amc_value *a, const amc_value *b)
{
    size_t i = 0;
    if (a->type != b->type)
        return 0;
    switch (a->type) {
    case AMC_T_NULL:
        return 1;
    case AMC_T_BOOL:
        return a->u.boolean == b->u.boolean;
    case AMC_T_NUMBER:
        return a->u.num.d == b->u.num.d; /* -0 == 0 */
    case AMC_T_STRING:
        return a->u.str.len == b->u.str.len &&
               memcmp(a->u.str.ptr, b->u.str.ptr, a->u.str.len) == 0;
    case AMC_T_ARRAY:
        if (a->u.arr.len != b->u.arr.len)
            return 0;
        for (i = 0; i < a->u.arr.len; i++)
            if (!equal_as_doubles(a->u.arr.items[i], b->u.arr.items[i]))
                return 0;
        return 1;
    case AMC_T_OBJECT:
        if (a->u.obj.len != b->u.obj.len)
            return 0;
        for (i = 0; i < a->u.obj.len; i++) {
            const amc_member *m = &a->u.obj.members[i];
            const amc_value *o = amc_value_get(b, m->key, m->key_len);
            if (!o || !equal_as_doubles(m->value, o))
                return 0;
        }
        return 1;
    }
    return 0;
}

static void test_properties_roundtrip_idempotent(void **state)
{
    size_t i = 0;
    (void)state;
    assert_true(N_ELEMS(property_docs) >= 50);
    for (i = 0; i < N_ELEMS(property_docs); i++) {
        const char *in = property_docs[i];
        amc_diags *ds = amc_diags_new(0);
        amc_doc *orig = NULL, *back = NULL;
        char *once = NULL, *twice = NULL;
        size_t l1 = 0, l2 = 0, k = 0;
        int in_str = 0;
        if (jcs_of(in, strlen(in), ds, &once, &l1, &orig) != AMC_OK)
            fail_msg("doc %zu %s: jcs failed", i, in);
        if (read_back(once, l1, ds, &back) != AMC_OK)
            fail_msg("doc %zu %s: canonical text %s does not read back", i, in, once);
        /* (1) JSON -> JCS -> JSON keeps the value (numbers as doubles) */
        if (!equal_as_doubles(amc_doc_root(orig), amc_doc_root(back)))
            fail_msg("doc %zu %s: value changed: %s", i, in, once);
        /* (2) idempotence, byte for byte */
        if (amc_jcs_write(amc_doc_root(back), ds, &twice, &l2) != AMC_OK)
            fail_msg("doc %zu %s: second jcs failed", i, in);
        if (l1 != l2 || memcmp(once, twice, l1) != 0)
            fail_msg("doc %zu %s: not idempotent:\n %s\n %s", i, in, once, twice);
        /* (3) keys sorted in UTF-16 order, (4) no whitespace or raw control outside strings */
        check_sorted(in, amc_doc_root(back));
        for (k = 0; k < l1; k++) {
            unsigned char c = (unsigned char)once[k];
            if (c < 0x20 || (!in_str && c == ' '))
                fail_msg("doc %zu %s: byte 0x%02x at %zu in %s", i, in, c, k, once);
            if (in_str && c == '\\')
                k++;
            else if (c == '"')
                in_str = !in_str;
        }
        amc_free(once);
        amc_free(twice);
        amc_doc_free(orig);
        amc_doc_free(back);
        amc_diags_free(ds);
    }
}

/* The reusable writer's fast path and its fallbacks, each document written twice (the second
 * time through the key-order cache) and compared with amc_jcs_write by jcs_of(). */
static void test_ctx_fast_path_edges(void **state)
{
    static const char *const docs[] = {
        "{}",
        "[]",
        "[[]]",
        "{\"a\":{}}",
        "\"\"",
        "0",
        "-0",
        "true",
        "null",
        /* integers around the fast path's 2^53 limit, integral values in other spellings */
        "[9007199254740992,9007199254740993,-9007199254740992,-9007199254740993]",
        "[1.0,1e2,1E5,1e15,1e16,-0.0,100e-2,12345678901234567890]",
        "[0.5,1e-7,1e21,123.456,-1.5e300]",
        /* strings: escapes in the source, controls, non-ASCII, the solidus */
        "[\"a\\\"b\",\"c\\\\d\",\"\\n\\t\\u0001\",\"\\u00e9\\ud83d\\ude00\",\"\\/\",\"plain\"]",
        "[\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\"12345678\",\"1234567\",\"123\","
        "\"0123456789abcdefg\"]",
        /* keys: escapes, controls, non-ASCII in UTF-16 order, the empty key, shared prefixes */
        "{\"\\u20ac\":1,\"\\ud83d\\ude00\":2,\"\":3,\"a\\\"\":4,\"a\\n\":5,\"ab\":6,\"a\":7}",
        "{\"sender_id\":1,\"sender_instance_id\":2,\"s\":3,\"se\":4,\"signature\":5}",
        /* same member count, different key sets, one after the other (cache ways) */
        "[{\"b\":1,\"a\":2,\"c\":3},{\"z\":1,\"y\":2,\"x\":3},{\"a\":1,\"c\":2,\"b\":3},"
        "{\"c\":1,\"b\":2,\"a\":3},{\"\\u00e9\":1,\"e\":2,\"f\":3}]",
        /* same key set in different source orders */
        "[{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4},{\"k4\":4,\"k3\":3,\"k2\":2,\"k1\":1},"
        "{\"k2\":2,\"k4\":4,\"k1\":1,\"k3\":3}]",
        /* nesting at and past the fast path's depth (16) */
        "[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]",
        "[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]",
        "[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]",
        "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{"
        "\"a\":{"
        "\"a\":{\"a\":{\"a\":{\"a\":{\"b\":2,\"a\":1}}}}}}}}}}}}}}}}}}",
        "{\"x\":[1,{\"y\":[2,{\"z\":[3,{}]}]}],\"w\":[]}",
    };
    char big[4096];
    size_t i = 0, pass = 0, n = 0, k = 0;
    (void)state;
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < N_ELEMS(docs); i++) {
            amc_diags *ds = amc_diags_new(0);
            char *out = NULL;
            size_t olen = 0;
            amc_status st = jcs_of(docs[i], strlen(docs[i]), ds, &out, &olen, NULL);
            if (st != AMC_OK)
                fail_msg("doc %zu %s: status %d", i, docs[i], (int)st);
            amc_free(out);
            amc_diags_free(ds);
        }
        /* objects with 31, 32, 33 and 40 members (the cache and fast path take up to 32) */
        for (k = 31; k <= 40; k += (k < 33 ? 1 : 7)) {
            amc_diags *ds = amc_diags_new(0);
            char *out = NULL;
            size_t olen = 0;
            n = (size_t)snprintf(big, sizeof big, "{");
            for (i = 0; i < k; i++)
                n += (size_t)snprintf(big + n, sizeof big - n, "%s\"m%02zu\":%zu", i ? "," : "",
                                      (k - i) * 7 % k, i);
            n += (size_t)snprintf(big + n, sizeof big - n, "}");
            assert_int_equal(jcs_of(big, n, ds, &out, &olen, NULL), AMC_OK);
            amc_free(out);
            amc_diags_free(ds);
        }
    }
    /* a number beyond the double range: both writers fail with the same diagnostics */
    {
        amc_diags *ds = amc_diags_new(0);
        char *out = NULL;
        size_t olen = 0;
        assert_int_equal(jcs_of("{\"b\":[1e400],\"a\":\"x\"}", 21, ds, &out, &olen, NULL),
                         AMC_EINVALID);
        assert_null(out);
        amc_diags_free(ds);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_number_rfc8785_appendix_b),
        cmocka_unit_test(test_number_extra),
        cmocka_unit_test(test_number_nonfinite),
        cmocka_unit_test(test_number_locale_independent),
        cmocka_unit_test(test_number_es6testfile),
        cmocka_unit_test(test_numbers_in_documents),
        cmocka_unit_test(test_rfc8785_example_3_2_2),
        cmocka_unit_test(test_rfc8785_sorting_3_2_3),
        cmocka_unit_test(test_cyberphone_testdata),
        cmocka_unit_test(test_string_escapes),
        cmocka_unit_test(test_string_escapes_from_json),
        cmocka_unit_test(test_utf16_order_pairs),
        cmocka_unit_test(test_duplicate_keys_keep_source_order),
        cmocka_unit_test(test_utf16_order_random),
        cmocka_unit_test(test_nested_structures),
        cmocka_unit_test(test_deep_nesting_no_recursion),
        cmocka_unit_test(test_number_range_error),
        cmocka_unit_test(test_number_range_multiline_position),
        cmocka_unit_test(test_number_precision_info),
        cmocka_unit_test(test_precision_info_once_per_number),
        cmocka_unit_test(test_nonfinite_built_value),
        cmocka_unit_test(test_invalid_utf8_built_value),
        cmocka_unit_test(test_null_diags_and_usage),
        cmocka_unit_test(test_properties_roundtrip_idempotent),
        cmocka_unit_test(test_ctx_fast_path_edges),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    amc_jcs_ctx_free(shared_ctx);
    return rc;
}
