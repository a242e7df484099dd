/*
 * test_format.c - JSON Schema format assertions (src/schema/format.c).
 *
 * Sources: RFC 3339 Appendix A (duration), RFC 5321 4.1.2-4.1.3 (email), RFC 1123 2.1 and
 * RFC 5890-5893 (hostnames, A-labels, Bidi), RFC 3492 7.1 sample strings (Punycode), RFC 4291
 * 2.2 (ipv6), RFC 3986 and 3987 (uri, iri), RFC 6570 (uri-template), RFC 6901 (json-pointer),
 * draft-bhutton-relative-json-pointer-00, and every string case of JSON-Schema-Test-Suite
 * draft2020-12 optional/format/NAME.json (replayed below; the date formats are tested by the
 * date module).
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
#include "core/utf8_int.h"
#include "schema/format_int.h"
#include "slurp.h"

static const struct fcase {
    const char *format, *s;
    size_t len; /* 0: strlen */
    int want;
} fcases[] = {
    /* duration: RFC 3339 Appendix A */
    {"duration", "P1Y2M3DT4H5M6S", 0, 1},
    {"duration", "PT0S", 0, 1},
    {"duration", "P1W", 0, 1},
    {"duration", "P1M2D", 0, 1},
    {"duration", "PT1M2S", 0, 1},
    {"duration", "P1Y2D", 0, 0},
    {"duration", "PT1H2S", 0, 0},
    {"duration", "P1Y1Y", 0, 0},
    {"duration", "P1DT", 0, 0},
    {"duration", "PT", 0, 0},
    {"duration", "P", 0, 0},
    {"duration", "P1W1D", 0, 0},
    {"duration", "PT1W", 0, 0},
    {"duration", "pT1S", 0, 0},
    {"duration", "PT1s", 0, 0},
    {"duration", "P1Y2M3D4H", 0, 0},
    {"duration", "P1D\0", 4, 0},
    /* ipv4 */
    {"ipv4", "0.0.0.0", 0, 1},
    {"ipv4", "255.255.255.255", 0, 1},
    {"ipv4", "1.2.3.04", 0, 0},
    {"ipv4", "1.2.3", 0, 0},
    {"ipv4", "1.2.3.4.", 0, 0},
    {"ipv4", "1.2.3.256", 0, 0},
    {"ipv4", "1.2.3.1000", 0, 0},
    {"ipv4", "1.2.3.4\0", 8, 0},
    /* ipv6: RFC 4291 2.2 examples */
    {"ipv6", "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", 0, 1},
    {"ipv6", "2001:DB8:0:0:8:800:200C:417A", 0, 1},
    {"ipv6", "2001:DB8::8:800:200C:417A", 0, 1},
    {"ipv6", "FF01::101", 0, 1},
    {"ipv6", "0:0:0:0:0:0:13.1.68.3", 0, 1},
    {"ipv6", "::FFFF:129.144.52.38", 0, 1},
    {"ipv6", "1:2:3:4:5:6:7::", 0, 1},
    {"ipv6", "::2:3:4:5:6:7:8", 0, 1},
    {"ipv6", "1:2:3:4:5:6:7:8::", 0, 0},
    {"ipv6", "::1:2:3:4:5:6:7:8", 0, 0},
    {"ipv6", "1:2:3:4:5:6:1.2.3.4:5", 0, 0},
    {"ipv6", "1.2.3.4::", 0, 0},
    {"ipv6", ":", 0, 0},
    /* duration: at most H, M, S after T */
    {"duration", "PT1H2M3S4H", 0, 0},
    {"duration", "PT1S1S", 0, 0},
    /* A-labels that are not the canonical encoding of a valid U-label */
    {"hostname", "xn--abc-", 0, 0},        /* decodes to ASCII only */
    {"hostname", "xn--ls8h", 0, 0},        /* U+1F4A9: DISALLOWED */
    {"hostname", "xn--9999999999a", 0, 0}, /* overflows */
    {"hostname", "xn--aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-", 0,
     0},
    {"idn-hostname", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-\xc3\xa9", 0,
     0},
    {"idn-hostname",
     "\xc3\xa9"
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
     0, 0},
    /* RFC 5892 Appendix A contexts */
    {"idn-hostname",
     "a\xe2\x80\x8c"
     "b",
     0, 0}, /* ZWNJ, no virama, no joining */
    {"idn-hostname", "\xe0\xa4\xb2\xe0\xa5\x8d\xe2\x80\x8c", 0, 1}, /* ZWNJ after a virama */
    {"idn-hostname", "a\xe2\x80\x8d", 0, 0},                        /* ZWJ, no virama */
    /* RFC 5893 rule 3: a right-to-left label may end in an Arabic-Indic digit (AN) */
    {"idn-hostname", "\xd8\xa8\xd9\xa0", 0, 1},                     /* U+0628 U+0660 */
    {"idn-hostname", "\xd8\xa8\xd9\xa0\xd9\x8e", 0, 1},             /* then a mark (NSM) */
    {"idn-hostname", "\xe0\xa4\xb2\xe0\xa5\x8d\xe2\x80\x8d", 0, 1}, /* ZWJ after a virama */
    {"idn-hostname", "l\xc2\xb7l", 0, 1},                           /* middle dot between l's */
    {"idn-hostname", "a\xc2\xb7l", 0, 0},
    {"idn-hostname", "\xcd\xb5\xce\xb1", 0, 1}, /* keraia before Greek */
    {"idn-hostname",
     "\xcd\xb5"
     "a",
     0, 0},
    {"idn-hostname", "\xd7\x90\xd7\xb3", 0, 1}, /* geresh after Hebrew */
    {"idn-hostname", "a\xd7\xb3", 0, 0},
    {"idn-hostname", "\xe3\x83\xbb\xe3\x81\x82", 0, 1}, /* katakana middle dot + kana */
    {"idn-hostname",
     "\xe3\x83\xbb"
     "a",
     0, 0},
    {"idn-hostname", "\xdb\xb0\xdb\xb1", 0, 1}, /* extended Arabic-Indic digits */
    {"idn-hostname", "\xd9\xa0\xdb\xb1", 0, 0}, /* mixed with Arabic-Indic */
    {"idn-hostname", "\xdb\xb0\xd9\xa1", 0, 0},
    /* RFC 5893 Bidi rule */
    {"idn-hostname",
     "\xd7\x90"
     "1",
     0, 1}, /* R then EN */
    {"idn-hostname",
     "\xd7\x90\xd9\xa1"
     "1",
     0, 0},                                     /* EN and AN together */
    {"idn-hostname", "a\xd7\x90", 0, 0},        /* L label with an R */
    {"idn-hostname", "\xd8\xa7\xcc\x81", 0, 1}, /* AL, trailing NSM */
    /* email: quoted local parts */
    {"email", "\"a\\", 0, 0},
    {"email", "\"a", 0, 0},
    {"email", "\"a\\\xc3\xa9\"@x", 0, 0},
    {"email", "\"a\xc3\xa9\"@x", 0, 0},
    {"email", "\"a\"b@x", 0, 0},
    {"email", "\"a\t\"@x", 0, 0},
    /* URIs: IP-literals, ports, characters outside their part */
    {"uri", "http://[v1.x]/", 0, 1},
    {"iri", "http://[v1.x]/", 0, 1},
    {"uri", "http://[v.x]/", 0, 0},
    {"uri", "http://[v1.]/", 0, 0},
    {"uri", "http://[v1x]/", 0, 0},
    {"uri", "http://[v1.x/]/", 0, 0},
    {"uri", "http://[::1/", 0, 0},
    {"uri", "http://[::g]/", 0, 0},
    {"uri", "http://h:8x/", 0, 0},
    {"uri", "http://h:/", 0, 1},
    {"uri", "http://hx/a b", 0, 0},
    {"uri", "http://h/?a b", 0, 0},
    {"uri", "http://h/#a b", 0, 0},
    {"uri", "http://h/#a#b", 0, 0},
    {"iri", "http://h/%zz", 0, 0},
    {"iri", "http://h/%4", 0, 0},
    {"iri", "http://h/\xef\xbf\xbe", 0, 0},  /* U+FFFE: no ucschar */
    {"iri", "http://h/?\xee\x80\x80", 0, 1}, /* private use: only in the query */
    {"iri", "http://h/\xee\x80\x80", 0, 0},
    {"uri-template", "{a", 0, 0},
    {"uri-template", "{a}x{", 0, 0},
    {"uri-template", "{%zz}", 0, 0},
    {"uri-template", "a}", 0, 0},
    {"json-pointer", "/a~2", 0, 0},
    {"relative-json-pointer", "01", 0, 0},
    {"relative-json-pointer", "1#", 0, 1},
    {"relative-json-pointer", "1/a~", 0, 0},
    {"regex", "(", 0, 0},
    {"regex", "\\\\", 0, 1},
    /* a group is 1 to 4 hex digits: never empty (":::"), never 5 digits */
    {"ipv6", "12345::", 0, 0},
    {"ipv6", "1:2:3:4:5:6:7:12345", 0, 0},
    {"ipv6", "1:2:3:4:5:6:7:1234", 0, 1},
    {"ipv6", ":::1", 0, 0},
    {"ipv6", "1:::2", 0, 0},
    {"ipv6", "", 0, 0},
    /* uuid */
    {"uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", 0, 1},
    {"uuid", "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}", 0, 0},
    /* hostname */
    {"hostname", "a", 0, 1},
    {"hostname", "a.b-c.d", 0, 1},
    {"hostname", "ab--cd.example", 0, 1},    /* R-LDH label: fine for RFC 1123 */
    {"hostname", "xn--mnchen-3ya.de", 0, 1}, /* muenchen with u-umlaut */
    {"hostname", "XN--MNCHEN-3YA.de", 0, 1},
    {"hostname", "xn--", 0, 0},
    {"hostname", "xn--abc", 0, 0},
    {"hostname", "xn--a-ecp.ru", 0, 0}, /* a U+2488: not PVALID */
    {"hostname", "xn--p1ag.xn--a-5tb", 0, 1},
    {"hostname", "xn--mnchen-3yA.de", 0, 1},
    {"hostname", "a..b", 0, 0},
    {"hostname", "a_b", 0, 0},
    {"hostname", "a.b\0", 4, 0},
    /* idn-hostname */
    {"idn-hostname", "m\xc3\xbcnchen.de", 0, 1},
    {"idn-hostname", "M\xc3\x9cNCHEN.de", 0, 0}, /* U+00DC is not PVALID (unstable) */
    {"idn-hostname", "ab--cd", 0, 0},            /* "--" at 3-4 outside an A-label */
    {"idn-hostname", "\xd7\x90.\xd7\x91", 0, 1}, /* Hebrew alef . bet */
    {"idn-hostname",
     "a\xe3\x80\x82"
     "b\xef\xbd\xa1",
     0, 0}, /* trailing U+FF61 */
    {"idn-hostname",
     "\xe2\x80\x8c"
     "a",
     0, 0}, /* ZWNJ with nothing before */
    /* email */
    {"email", "a@b", 0, 1},
    {"email", "\"a\\\"b\"@example.com", 0, 1},
    {"email", "\"a\"b\"@example.com", 0, 0},
    {"email", "\"\"@example.com", 0, 1},
    {"email", "a@[IPv6:1::2]", 0, 1},
    {"email", "a@[tag:content]", 0, 0},
    {"email", "a@[1.2.3.4", 0, 0},
    {"email", "a@b.", 0, 0},
    {"email", "a@xn--mnchen-3ya.de", 0, 1},
    {"email", "\xc3\xa9@example.com", 0, 0},
    {"email", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com", 0,
     0},
    {"idn-email", "\xc3\xa9@example.com", 0, 1},
    {"idn-email", "a@m\xc3\xbcnchen.de", 0, 1},
    /* uri / uri-reference / iri */
    {"uri", "a:", 0, 1},
    {"uri", "a+b-c.d:x", 0, 1},
    {"uri", "http://[v7.a:b]/", 0, 1},
    {"uri", "http://[v7.]/", 0, 0},
    {"uri", "http://[vz.a]/", 0, 0},
    {"uri", "http://a:/", 0, 1},
    {"uri", "http://a:80:90/", 0, 0},
    {"uri", "http://u:p@h:1/p?q=1/2?#f/?", 0, 1},
    {"uri", "http://h/#a#b", 0, 0},
    {"uri", "http://h/%7e", 0, 1},
    {"uri", "file:///etc/passwd", 0, 1},
    {"uri", "urn:x\0", 6, 0},
    {"uri-reference", "a/b:c", 0, 1},
    {"uri-reference", ":a", 0, 0},
    {"uri-reference", "//h:99999999/", 0, 1},
    {"iri", "http://\xe2\x82\xac.example/\xf0\x90\x8c\x80", 0, 1},
    {"iri", "http://h/\xee\x80\x80", 0, 0}, /* U+E000 (iprivate) outside the query */
    {"iri", "http://h/?\xee\x80\x80", 0, 1},
    {"iri", "http://h/\xef\xbf\xbe", 0, 0}, /* U+FFFE is no ucschar */
    /* uri-template */
    {"uri-template", "{=x}", 0, 0},
    {"uri-template", "{x,y*,z:3}", 0, 1},
    {"uri-template", "{", 0, 0},
    {"uri-template", "%4", 0, 0},
    /* literals (RFC 6570 2.1; an apostrophe allowed, as the suite says): each range and single
     * character, and the excluded ones around them */
    {"uri-template", "!#$&()*+,-./09:;=?@AZ[]_az~", 0, 1},
    {"uri-template", "a\"b", 0, 0},
    {"uri-template", "a<b", 0, 0},
    {"uri-template", "a\\b", 0, 0},
    {"uri-template", "a^b", 0, 0},
    {"uri-template", "a`b", 0, 0},
    {"uri-template", "a|b", 0, 0},
    /* json-pointer / relative-json-pointer */
    {"json-pointer", "/a\0b", 4, 1},
    {"json-pointer", "~0", 0, 0},
    {"relative-json-pointer", "0+1/a", 0, 1},
    {"relative-json-pointer", "3-2#", 0, 1},
    {"relative-json-pointer", "0+01", 0, 0},
    {"relative-json-pointer", "0+", 0, 0},
    /* regex */
    {"regex", "^a+$", 0, 1},
    {"regex", "a{2,1}", 0, 0},
    /* unknown */
    {"unknown", "x", 0, -1},
    {"", "x", 0, -1},
    {"Email", "x", 0, -1},
};

/* RFC 3987 2.2: ucschar (anywhere in an IRI) and iprivate (only in the query), at every range
 * boundary. */
static void test_iri_code_point_ranges(void **state)
{
    static const struct {
        uint32_t cp;
        int path, query;
    } cases[] = {
        {0x9F, 0, 0},     {0xA0, 1, 1},     {0xD7FF, 1, 1},   {0xE000, 0, 1},  {0xF8FF, 0, 1},
        {0xF900, 1, 1},   {0xFDCF, 1, 1},   {0xFDD0, 0, 0},   {0xFDEF, 0, 0},  {0xFDF0, 1, 1},
        {0xFFEF, 1, 1},   {0xFFF0, 0, 0},   {0x10000, 1, 1},  {0x1FFFD, 1, 1}, {0x1FFFE, 0, 0},
        {0x20000, 1, 1},  {0xDFFFD, 1, 1},  {0xE0000, 0, 0},  {0xE0FFF, 0, 0}, {0xE1000, 1, 1},
        {0xEFFFD, 1, 1},  {0xEFFFE, 0, 0},  {0xF0000, 0, 1},  {0xFFFFD, 0, 1}, {0xFFFFE, 0, 0},
        {0x100000, 0, 1}, {0x10FFFD, 0, 1}, {0x10FFFE, 0, 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char iri[32], enc[4];
        size_t k = amc_utf8_encode(cases[i].cp, enc), n = 0;
        n = (size_t)snprintf(iri, sizeof iri, "http://h/%.*s", (int)k, enc);
        if (amc_format_check("iri", iri, n) != cases[i].path)
            fail_msg("U+%04X in the path: want %d", (unsigned)cases[i].cp, cases[i].path);
        n = (size_t)snprintf(iri, sizeof iri, "http://h/?%.*s", (int)k, enc);
        if (amc_format_check("iri", iri, n) != cases[i].query)
            fail_msg("U+%04X in the query: want %d", (unsigned)cases[i].cp, cases[i].query);
    }
}

static void test_table(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof fcases / sizeof fcases[0]; i++) {
        const struct fcase *c = &fcases[i];
        int got = amc_format_check(c->format, c->s, c->len ? c->len : strlen(c->s));
        if (got != c->want)
            fail_msg("%s \"%s\": got %d want %d", c->format, c->s, got, c->want);
    }
    assert_int_equal(amc_format_check(NULL, "x", 1), -1);
    assert_int_equal(amc_format_check("json-pointer", NULL, 0), 1);
    assert_true(amc_format_known("uuid"));
    assert_true(amc_format_known("date-time"));
    assert_false(amc_format_known("unknown"));
    assert_false(amc_format_known(NULL));
}

/* RFC 3492 7.1 sample strings (A, B, L, M, S) decoded through idn-hostname */
static void test_punycode_samples(void **state)
{
    static const struct {
        const char *name, *alabel;
        int want;
    } cases[] = {
        /* (A) Arabic (Egyptian): ends with U+061F ARABIC QUESTION MARK, not PVALID */
        {"A arabic", "xn--egbpdaj6bu4bxfgehfvwxn", 0},
        /* the same without the question mark (encoded with Python idna 3.13) */
        {"A arabic without ?", "xn--mgbcah9ar9a4efegftvvn", 1},
        /* (B) Chinese (simplified) */
        {"B chinese", "xn--ihqwcrb4cv8a8dqg056pqjye", 1},
        /* (L) 3<nen>B<gumi><kinpachi><sensei>: A-labels are case-insensitive (DNS), so the
         * basic code points are lowercased before decoding, as Python's idna does */
        {"L 3B", "xn--3B-ww4c5e180e575a65lsy2b", 1},
        /* (S) -> $1.00 <- : basic code points only */
        {"S ascii only", "xn---> $1.00 <--", 0},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = amc_format_check("hostname", cases[i].alabel, strlen(cases[i].alabel));
        if (got != cases[i].want)
            fail_msg("%s: got %d want %d", cases[i].name, got, cases[i].want);
    }
}

/* ---------------------------------------------------------------- JSON-Schema-Test-Suite */

static amc_doc *load_suite(const char *rel)
{
    static const char *const roots[] = {
        /* committed in the repository (tests/external/JSON-Schema-Test-Suite/README.md) */
        AMC_SOURCE_DIR "/tests/external/JSON-Schema-Test-Suite/tests/draft2020-12/",
    };
    size_t r = 0;
    for (r = 0; r < sizeof roots / sizeof roots[0]; r++) {
        char path[1024];
        size_t len = 0;
        char *buf = NULL;
        amc_doc *doc = NULL;
        amc_diags *ds = amc_diags_new(10);
        snprintf(path, sizeof path, "%s%s", roots[r], rel);
        buf = slurp(path, &len);
        if (buf && amc_json_read(buf, len, NULL, ds, &doc) != AMC_OK)
            doc = NULL;
        free(buf);
        amc_diags_free(ds);
        if (doc)
            return doc;
    }
    return NULL;
}

static void test_suite(void **state)
{
    static const char *const names[] = {
        "duration",
        "email",
        "hostname",
        "idn-email",
        "idn-hostname",
        "ipv4",
        "ipv6",
        "iri",
        "iri-reference",
        "json-pointer",
        "regex",
        "ecmascript-regex",
        "relative-json-pointer",
        "uri",
        "uri-reference",
        "uri-template",
        "uuid",
        "unknown",
    };
    size_t f = 0, g = 0, k = 0;
    int ran = 0, failed = 0;
    (void)state;
    for (f = 0; f < sizeof names / sizeof names[0]; f++) {
        char rel[128];
        amc_doc *doc = NULL;
        const amc_value *root = NULL;
        snprintf(rel, sizeof rel, "optional/format/%s.json", names[f]);
        doc = load_suite(rel);
        if (!doc)
            fail_msg("JSON-Schema-Test-Suite file %s is missing or unreadable (the suite is part "
                     "of the repository)",
                     rel);
        root = amc_doc_root(doc);
        for (g = 0; g < root->u.arr.len; g++) {
            const amc_value *grp = root->u.arr.items[g];
            const amc_value *schema = amc_value_getz(grp, "schema");
            const amc_value *tests = amc_value_getz(grp, "tests");
            const amc_value *fmt = amc_value_getz(schema, "format");
            size_t m = 0;
            bool plain = fmt && fmt->type == AMC_T_STRING;
            for (m = 0; plain && m < schema->u.obj.len; m++)
                if (strcmp(schema->u.obj.members[m].key, "format") != 0 &&
                    strcmp(schema->u.obj.members[m].key, "$schema") != 0)
                    plain = false;
            if (!plain)
                continue;
            for (k = 0; k < tests->u.arr.len; k++) {
                const amc_value *t = tests->u.arr.items[k];
                const amc_value *data = amc_value_getz(t, "data");
                bool valid = amc_value_getz(t, "valid")->u.boolean;
                int got = 0;
                if (data->type != AMC_T_STRING)
                    continue; /* formats ignore non-strings */
                got = amc_format_check(fmt->u.str.ptr, data->u.str.ptr, data->u.str.len);
                if (got < 0)
                    got = 1; /* unknown formats are annotations */
                ran++;
                if (got != (int)valid) {
                    failed++;
                    print_error("%s: \"%s\" / \"%s\": got %s\n", rel,
                                amc_value_getz(grp, "description")->u.str.ptr,
                                amc_value_getz(t, "description")->u.str.ptr,
                                got ? "valid" : "invalid");
                }
            }
        }
        amc_doc_free(doc);
    }
    print_message("JSON-Schema-Test-Suite format cases: %d run, %d failed\n", ran, failed);
    assert_int_equal(failed, 0);
}

/* format "date-time" decides the common shape itself (format.c datetime_common) and leaves
 * everything else to amc_rfc3339_datetime(): the two must agree on every string. Variations of
 * a few templates: every digit position over 0-9 and a few other bytes, separators, fractions,
 * offsets, 29 February over leap and common years, truncations and appended bytes. */
static void test_datetime_fast_path(void **state)
{
    static const char *tpl[] = {
        "2025-11-08T04:49:47.934Z",    "2024-02-29T23:59:59Z",
        "1900-02-28t00:00:00z",        "2000-02-29T12:30:00+05:30",
        "2025-12-31T23:59:60Z",        "2025-06-30T23:59:60-00:00",
        "0000-01-01T00:00:00.1-23:59", "9999-12-31T23:59:59.123456789+23:59",
    };
    static const char bytes[] = "0123456789:-+.TtZz ";
    size_t t = 0, i = 0, b = 0, checked = 0;
    (void)state;
    for (t = 0; t < sizeof tpl / sizeof tpl[0]; t++) {
        size_t n = strlen(tpl[t]);
        char buf[64];
        for (i = 0; i <= n; i++) {
            for (b = 0; b < sizeof bytes - 1; b++) {
                int mode = 0;
                for (mode = 0; mode < 3; mode++) {
                    size_t m = n;
                    memcpy(buf, tpl[t], n);
                    if (mode == 0 && i < n) { /* replace */
                        buf[i] = bytes[b];
                    } else if (mode == 1) { /* insert */
                        memmove(buf + i + 1, buf + i, n - i);
                        buf[i] = bytes[b];
                        m = n + 1;
                    } else if (mode == 2) { /* cut */
                        m = i;
                    }
                    {
                        amc_datetime dt;
                        int want = amc_rfc3339_datetime(buf, m, &dt) == 0;
                        int got = amc_format_check("date-time", buf, m);
                        if (got != want)
                            fail_msg("\"%.*s\": format %d, RFC 3339 reader %d", (int)m, buf, got,
                                     want);
                        checked++;
                    }
                }
            }
        }
    }
    {
        int y = 0;
        for (y = 1896; y <= 2404; y++) {
            char d[32];
            amc_datetime dt;
            snprintf(d, sizeof d, "%04d-02-29T01:02:03Z", y);
            assert_int_equal(amc_format_check("date-time", d, strlen(d)),
                             amc_rfc3339_datetime(d, strlen(d), &dt) == 0);
            checked++;
        }
    }
    print_message("date-time: %zu strings, format check == RFC 3339 reader\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_iri_code_point_ranges),
        cmocka_unit_test(test_punycode_samples),
        cmocka_unit_test(test_suite),
        cmocka_unit_test(test_datetime_fast_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
