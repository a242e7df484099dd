/*
 * test_mutidn_dialect.c - src/schema/dialect.c's tables and their lookups, pinned whole: which
 * URIs name a dialect (amc_sdialect_of_uri) or an obsolete draft (amc_sdialect_obsolete_uri)
 * with http and https, with and without the trailing '#', and every near miss (one character
 * short or long, another 7- or 8-character prefix, upper case scheme, a second '#', a length
 * that stops before what follows in the buffer); each dialect's name and URI and the values
 * that are none; which formats each dialect defines (amc_sdialect_formats at every cap,
 * amc_sdialect_format_defined) against the drafts' format lists.
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
#include "schema/schema_int.h"

/* the meta-schema URIs after the scheme, with the dialect they name (0: an obsolete draft) */
static const struct {
    const char *rest;
    int d;
} known[] = {
    {"json-schema.org/draft/2020-12/schema", AMC_DIALECT_2020_12},
    {"json-schema.org/draft/2020-12/hyper-schema", AMC_DIALECT_2020_12},
    {"json-schema.org/draft/2019-09/schema", AMC_DIALECT_2019_09},
    {"json-schema.org/draft/2019-09/hyper-schema", AMC_DIALECT_2019_09},
    {"json-schema.org/draft-07/schema", AMC_DIALECT_DRAFT7},
    {"json-schema.org/draft-07/hyper-schema", AMC_DIALECT_DRAFT7},
    {"json-schema.org/draft-06/schema", AMC_DIALECT_DRAFT6},
    {"json-schema.org/draft-06/hyper-schema", AMC_DIALECT_DRAFT6},
    {"json-schema.org/draft-04/schema", AMC_DIALECT_DRAFT4},
    {"json-schema.org/draft-04/hyper-schema", AMC_DIALECT_DRAFT4},
    {"json-schema.org/schema", 0},
    {"json-schema.org/hyper-schema", 0},
    {"json-schema.org/draft-03/schema", 0},
    {"json-schema.org/draft-03/hyper-schema", 0},
    {"json-schema.org/draft-02/schema", 0},
    {"json-schema.org/draft-01/schema", 0},
    {"json-schema.org/draft-00/schema", 0},
    {"json-schema.org/draft-02/hyper-schema", 0},
    {"json-schema.org/draft-01/hyper-schema", 0},
    {"json-schema.org/draft-00/hyper-schema", 0},
};

/* what the two lookups say about s[0..n): the dialect, or -1 for obsolete, or 0 */
static int lookup(const char *s, size_t n)
{
    int d = amc_sdialect_of_uri(s, n);
    bool old = amc_sdialect_obsolete_uri(s, n);
    assert_false(d != 0 && old);
    return old ? -1 : d;
}

static void test_uris(void **state)
{
    static const char *const prefixes[] = {"http://", "https://"};
    static const char *const misses[] = {"ftp://x",  "http:/x", "https:/",  "HTTP://",
                                         "HTTPS://", "httpsx/", "http:///", "https://x"};
    size_t i = 0, p = 0;
    char buf[160];
    (void)state;
    for (i = 0; i < sizeof known / sizeof known[0]; i++) {
        const char *r = known[i].rest;
        size_t rl = strlen(r);
        int want = known[i].d ? known[i].d : -1;
        for (p = 0; p < 2; p++) {
            size_t pl = strlen(prefixes[p]), n = pl + rl;
            snprintf(buf, sizeof buf, "%s%s#/x", prefixes[p], r);
            assert_int_equal(lookup(buf, n), want);     /* as published */
            assert_int_equal(lookup(buf, n + 1), want); /* with the '#' */
            assert_int_equal(lookup(buf, n + 2), 0);    /* "#/" */
            assert_int_equal(lookup(buf, n - 1), 0);    /* one character short */
            assert_int_equal(lookup(buf, pl), 0);       /* the scheme alone */
            assert_int_equal(lookup(buf, pl - 1), 0);
            snprintf(buf, sizeof buf, "%s%s##", prefixes[p], r);
            assert_int_equal(lookup(buf, n + 2), 0); /* only one '#' comes off */
            snprintf(buf, sizeof buf, "%s%sa", prefixes[p], r);
            assert_int_equal(lookup(buf, n + 1), 0); /* one character long */
            assert_int_equal(lookup(buf, n), want);  /* the length, not the NUL, ends it */
            snprintf(buf, sizeof buf, "%s%s", prefixes[p], r);
            buf[n - 1] ^= 0x20; /* the last letter's case */
            assert_int_equal(lookup(buf, n), 0);
        }
        for (p = 0; p < sizeof misses / sizeof misses[0]; p++) {
            size_t n = (size_t)snprintf(buf, sizeof buf, "%s%s", misses[p], r);
            assert_int_equal(lookup(buf, n), 0);
            assert_int_equal(lookup(buf, n - strlen(r)), 0);
        }
    }
    assert_int_equal(lookup("", 0), 0);
    assert_int_equal(lookup("#", 1), 0);
    assert_int_equal(lookup("https://#", 9), 0);
    assert_int_equal(lookup("http://#", 8), 0);
    assert_int_equal(lookup("https://x", 9), 0);
    assert_int_equal(lookup("http://x#", 9), 0);
}

static void test_names(void **state)
{
    static const char *const names[] = {NULL, "2020-12", "2019-09", "draft7", "draft6", "draft4"};
    static const char *const uris[] = {NULL,
                                       "https://json-schema.org/draft/2020-12/schema",
                                       "https://json-schema.org/draft/2019-09/schema",
                                       "http://json-schema.org/draft-07/schema#",
                                       "http://json-schema.org/draft-06/schema#",
                                       "http://json-schema.org/draft-04/schema#"};
    int d = 0;
    (void)state;
    for (d = 1; d <= 5; d++) {
        amc_schema_dialect back = (amc_schema_dialect)0;
        assert_string_equal(amc_schema_dialect_name((amc_schema_dialect)d), names[d]);
        assert_string_equal(amc_schema_dialect_uri((amc_schema_dialect)d), uris[d]);
        assert_int_equal(amc_sdialect_of_uri(uris[d], strlen(uris[d])), d);
        assert_int_equal(amc_schema_dialect_parse(names[d], &back), AMC_OK);
        assert_int_equal(back, d);
        back = (amc_schema_dialect)0;
        assert_int_equal(amc_schema_dialect_parse(uris[d], &back), AMC_OK);
        assert_int_equal(back, d);
    }
    for (d = -2; d <= 9; d++) {
        if (d >= 1 && d <= 5)
            continue;
        assert_null(amc_schema_dialect_name((amc_schema_dialect)d));
        assert_null(amc_schema_dialect_uri((amc_schema_dialect)d));
    }
}

/* the formats each draft's validation spec lists, oldest draft first */
static const struct {
    const char *name;
    int since; /* the oldest dialect (largest number) that defines it */
} defined[] = {
    {"date-time", 5},    {"email", 5},    {"hostname", 5},      {"ipv4", 5},
    {"ipv6", 5},         {"uri", 5},      {"uri-reference", 4}, {"uri-template", 4},
    {"json-pointer", 4}, {"date", 3},     {"time", 3},          {"idn-email", 3},
    {"idn-hostname", 3}, {"iri", 3},      {"iri-reference", 3}, {"relative-json-pointer", 3},
    {"regex", 3},        {"duration", 2}, {"uuid", 2},
};

static void test_formats(void **state)
{
    const size_t nf = sizeof defined / sizeof defined[0];
    size_t cap = 0, i = 0, k = 0;
    int d = 0;
    char buf[64];
    (void)state;
    for (d = 1; d <= 5; d++) {
        size_t all = 0;
        for (i = 0; i < nf; i++)
            all += d <= defined[i].since;
        assert_int_equal(all, d <= 2 ? 19 : d == 3 ? 17 : d == 4 ? 9 : 6);
        for (cap = 0; cap <= nf + 2; cap++) {
            const char *out[32];
            size_t n = 0;
            memset(out, 0, sizeof out);
            n = amc_sdialect_formats((amc_schema_dialect)d, out, cap);
            assert_int_equal(n, cap < all ? cap : all);
            for (i = 0, k = 0; i < nf && k < n; i++)
                if (d <= defined[i].since)
                    assert_string_equal(out[k++], defined[i].name);
            assert_null(out[n]); /* nothing written past what it returns */
        }
        for (i = 0; i < nf; i++) {
            const char *nm = defined[i].name;
            size_t l = strlen(nm);
            assert_int_equal(amc_sdialect_format_defined((amc_schema_dialect)d, nm, l),
                             d <= defined[i].since);
            snprintf(buf, sizeof buf, "%sx", nm);
            assert_false(amc_sdialect_format_defined((amc_schema_dialect)d, buf, l + 1));
            assert_int_equal(amc_sdialect_format_defined((amc_schema_dialect)d, buf, l),
                             d <= defined[i].since);
            assert_false(amc_sdialect_format_defined((amc_schema_dialect)d, nm, l - 1));
        }
        assert_false(amc_sdialect_format_defined((amc_schema_dialect)d, "", 0));
        assert_false(amc_sdialect_format_defined((amc_schema_dialect)d, "int32", 5));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uris),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
