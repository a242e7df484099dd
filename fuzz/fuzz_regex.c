/*
 * fuzz_regex.c - the schema engine's leaf checkers: ECMA-262 regex translation and search,
 * format assertions, exact multipleOf.
 *
 * Framing: data[0] % 3 selects the mode.
 *   0 regex:  data[1] sets the match limit (1000 + 200 * data[1]); the rest is
 *             pattern 0xFF subject (no 0xFF: empty subject). Properties: compile is
 *             deterministic, search answers -1/0/1 and the same twice, a pattern that compiles
 *             is never called "invalid ECMA-262 pattern" by the portability check.
 *   1 format: data[1] picks the format; the rest is the string (must be valid UTF-8, as every
 *             string the readers produce: otherwise the input is rejected with -1).
 *             Properties: 0/1 for known formats; uri => uri-reference and iri => iri-reference,
 *             ipv4 => hostname, json-pointer p => relative-json-pointer "0"p.
 *   2 multipleOf: x 0xFF m, each a JSON number (checked with amc_json_read; otherwise -1).
 *             Properties: answer -1/0/1; 0 is a multiple of m; x is a multiple of itself; the
 *             sign of x does not matter.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "amc/amc.h"
#include "schema/decimal_int.h"
#include "schema/format_int.h"
#include "schema/regex_int.h"
#include "core/utf8_int.h"

static const char *const formats[] = {
    "date",          "date-time",
    "duration",      "email",
    "hostname",      "idn-email",
    "idn-hostname",  "ipv4",
    "ipv6",          "iri",
    "iri-reference", "json-pointer",
    "regex",         "relative-json-pointer",
    "time",          "uri",
    "uri-reference", "uri-template",
    "uuid",          "no-such-format",
};

static void fuzz_regex(const uint8_t *d, size_t n)
{
    uint32_t limit = 1000;
    const uint8_t *sep = NULL;
    const char *pat = NULL, *subj = NULL;
    size_t plen = 0, slen = 0;
    amc_regex *re = NULL, *re2 = NULL;
    char err[128];
    const char *why = NULL;
    if (n < 1)
        return;
    limit += 200u * d[0];
    d++;
    n--;
    sep = memchr(d, 0xFF, n);
    pat = (const char *)d;
    plen = sep ? (size_t)(sep - d) : n;
    subj = sep ? (const char *)sep + 1 : "";
    slen = sep ? n - plen - 1 : 0;
    re = amc_regex_compile(pat, plen, limit, err, sizeof err);
    re2 = amc_regex_compile(pat, plen, limit, NULL, 0);
    if (!re != !re2)
        __builtin_trap();
    if (!re && (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL))
        __builtin_trap();
    why = amc_regex_portability(pat, plen, NULL);
    if (re && why && strcmp(why, "invalid ECMA-262 pattern") == 0)
        __builtin_trap();
    if (re && amc_utf8_validate(subj, slen) == slen) {
        int a = amc_regex_search(re, subj, slen);
        int b = amc_regex_search(re2, subj, slen);
        if (a < -1 || a > 1 || a != b)
            __builtin_trap();
        /* the empty subject and the pattern text itself exercise more paths */
        a = amc_regex_search(re, "", 0);
        if (a < -1 || a > 1)
            __builtin_trap();
    }
    amc_regex_free(re);
    amc_regex_free(re2);
}

static int fuzz_format(const uint8_t *d, size_t n)
{
    const char *f = NULL, *s = NULL;
    int r = 0;
    size_t nf = sizeof formats / sizeof formats[0];
    if (n < 1)
        return -1;
    f = formats[d[0] % nf];
    s = (const char *)d + 1;
    n--;
    if (amc_utf8_validate(s, n) != n)
        return -1;
    r = amc_format_check(f, s, n);
    if (strcmp(f, "no-such-format") == 0 ? r != -1 : (r != 0 && r != 1))
        __builtin_trap();
    if (r == 1 && strcmp(f, "uri") == 0 &&
        (amc_format_check("uri-reference", s, n) != 1 || amc_format_check("iri", s, n) != 1))
        __builtin_trap();
    if (r == 1 && strcmp(f, "iri") == 0 && amc_format_check("iri-reference", s, n) != 1)
        __builtin_trap();
    if (r == 1 && strcmp(f, "uri-reference") == 0 && amc_format_check("iri-reference", s, n) != 1)
        __builtin_trap();
    if (r == 1 && strcmp(f, "ipv4") == 0 && amc_format_check("hostname", s, n) != 1)
        __builtin_trap();
    if (r == 1 && strcmp(f, "json-pointer") == 0 && n < 4096) {
        char buf[4097];
        buf[0] = '0';
        memcpy(buf + 1, s, n);
        if (amc_format_check("relative-json-pointer", buf, n + 1) != 1)
            __builtin_trap();
    }
    return 0;
}

static bool is_json_number(const char *s, size_t n)
{
    amc_diags *ds = amc_diags_new(4);
    amc_doc *doc = NULL;
    bool ok = false;
    if (!ds)
        return false;
    if (n > 0 && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) &&
        amc_json_read(s, n, NULL, ds, &doc) == AMC_OK)
        ok = amc_doc_root(doc)->type == AMC_T_NUMBER;
    amc_doc_free(doc);
    amc_diags_free(ds);
    /* the reader may skip surrounding whitespace: insist on the bare number */
    if (ok && (s[n - 1] < '0' || s[n - 1] > '9'))
        ok = false;
    return ok;
}

static int fuzz_multiple_of(const uint8_t *d, size_t n)
{
    const uint8_t *sep = memchr(d, 0xFF, n);
    const char *x = (const char *)d, *m = NULL;
    size_t xl = 0, ml = 0;
    int r = 0, r2 = 0;
    if (!sep || n > 4096)
        return -1;
    xl = (size_t)(sep - d);
    m = (const char *)sep + 1;
    ml = n - xl - 1;
    if (!is_json_number(x, xl) || !is_json_number(m, ml) || m[0] == '-')
        return -1;
    r = amc_decimal_multiple_of(x, xl, m, ml);
    if (r < -1 || r > 1)
        __builtin_trap();
    if (amc_decimal_multiple_of("0", 1, m, ml) == 0)
        __builtin_trap(); /* 1, or -1 for m == 0 */
    r2 = amc_decimal_multiple_of(m, ml, m, ml);
    if (r2 == 0)
        __builtin_trap();
    if (x[0] == '-') {
        r2 = amc_decimal_multiple_of(x + 1, xl - 1, m, ml);
        if (r2 != r)
            __builtin_trap();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    switch (data[0] % 3) {
    case 0:
        fuzz_regex(data + 1, size - 1);
        return 0;
    case 1:
        return fuzz_format(data + 1, size - 1);
    default:
        return fuzz_multiple_of(data + 1, size - 1);
    }
}
