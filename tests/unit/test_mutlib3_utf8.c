/*
 * test_mutlib3_utf8.c - UTF-8 decoding, encoding, counting and validation (src/core/utf8.c;
 * issue 22) over whole input spaces, against a reference written here from RFC 3629 section 4
 * in another form: a sequence is read by its bit patterns (0xxxxxxx, 110xxxxx 10xxxxxx, ...) and
 * then refused when its value needs fewer bytes (overlong), is a surrogate or passes U+10FFFF.
 *   - every 1-, 2- and 3-byte sequence (2^24 of the last), and every 4-byte sequence with a lead
 *     byte 0xF0-0xF7 whose other bytes are at the edges of the continuation range: the length
 *     amc_utf8_decode returns (0: invalid) and the code point; each valid one also with one
 *     byte too few;
 *   - every code point but the surrogates: amc_utf8_encode's bytes are the reference's, decode
 *     gives it back;
 *   - amc_utf8_validate on each of those strings (the offset of the first invalid byte), and
 *     amc_utf8_count and amc_utf8_validate on strings of 2048 encoded code points.
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

/* The reference: the length of the valid sequence at s[0..n), 0 if none; *cp its value. */
static size_t ref_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    size_t len = 0, i = 0;
    uint32_t v = 0, min = 0;
    if ((s[0] >> 7) == 0)
        len = 1, v = s[0], min = 0;
    else if ((s[0] >> 5) == 6)
        len = 2, v = s[0] & 0x1F, min = 0x80;
    else if ((s[0] >> 4) == 14)
        len = 3, v = s[0] & 0x0F, min = 0x800;
    else if ((s[0] >> 3) == 30)
        len = 4, v = s[0] & 0x07, min = 0x10000;
    else
        return 0;
    if (n < len)
        return 0;
    for (i = 1; i < len; i++) {
        if ((s[i] >> 6) != 2)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if (v < min || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF)
        return 0;
    *cp = v;
    return len;
}

static unsigned long checked;

/* The offset of the first byte no valid sequence starts at, n if none. */
static size_t ref_validate(const unsigned char *s, size_t n)
{
    size_t i = 0, l = 0;
    uint32_t cp = 0;
    while (i < n) {
        l = ref_decode(s + i, n - i, &cp);
        if (!l)
            return i;
        i += l;
    }
    return n;
}

static void one(const unsigned char *s, size_t n)
{
    uint32_t a = 0xFFFFFFFF, b = 0xFFFFFFFF;
    size_t la = amc_utf8_decode(s, n, &a), lb = ref_decode(s, n, &b);
    if (la != lb || (lb && a != b))
        fail_msg("decode %02x %02x %02x %02x (n %zu): %zu U+%04X, want %zu U+%04X", s[0],
                 n > 1 ? s[1] : 0, n > 2 ? s[2] : 0, n > 3 ? s[3] : 0, n, la, (unsigned)a, lb,
                 (unsigned)b);
    checked++;
    /* the string's validation: the offset of its first invalid byte, n if none */
    if (amc_utf8_validate((const char *)s, n) != ref_validate(s, n))
        fail_msg("validate %02x %02x %02x %02x (n %zu): %zu, want %zu", s[0], n > 1 ? s[1] : 0,
                 n > 2 ? s[2] : 0, n > 3 ? s[3] : 0, n, amc_utf8_validate((const char *)s, n),
                 ref_validate(s, n));
}

static void test_decode_all(void **state)
{
    static const unsigned char edge[] = {0x00, 0x7F, 0x80, 0x81, 0x8F, 0x90,
                                         0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
    unsigned char s[4];
    unsigned a = 0, b = 0, c = 0, d = 0;
    (void)state;
    for (a = 0; a < 256; a++) {
        s[0] = (unsigned char)a;
        one(s, 1);
        for (b = 0; b < 256; b++) {
            s[1] = (unsigned char)b;
            one(s, 2);
            for (c = 0; c < 256; c++) {
                s[2] = (unsigned char)c;
                one(s, 3);
            }
        }
    }
    for (a = 0xF0; a <= 0xF7; a++)
        for (b = 0; b < sizeof edge; b++)
            for (c = 0; c < sizeof edge; c++)
                for (d = 0; d < sizeof edge; d++) {
                    s[0] = (unsigned char)a;
                    s[1] = edge[b];
                    s[2] = edge[c];
                    s[3] = edge[d];
                    one(s, 4);
                    one(s, 3);
                }
    print_message("%lu sequences decoded\n", checked);
}

static void test_encode_all(void **state)
{
    uint32_t cp = 0, back = 0;
    char out[4];
    unsigned char want[4];
    static char str[4 * 0x800];
    size_t len = 0, n = 0, k = 0, ncp = 0;
    (void)state;
    for (cp = 0; cp <= 0x10FFFF; cp++) {
        size_t wl = 0;
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        wl = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        for (k = wl; k-- > 1;)
            want[k] = (unsigned char)(0x80 | ((cp >> (6 * (wl - 1 - k))) & 0x3F));
        want[0] = (unsigned char)(wl == 1 ? cp : (0xF00u >> wl) | (cp >> (6 * (wl - 1))));
        n = amc_utf8_encode(cp, out);
        if (n != wl || memcmp(out, want, wl) != 0)
            fail_msg("encode U+%04X: %zu bytes", (unsigned)cp, n);
        if (amc_utf8_decode((const unsigned char *)out, n, &back) != n || back != cp)
            fail_msg("decode(encode(U+%04X))", (unsigned)cp);
        /* strings of up to 2048 code points: count and validate */
        memcpy(str + len, out, n);
        len += n;
        ncp++;
        if ((cp & 0x7FF) == 0x7FF || cp == 0x10FFFF) {
            if (amc_utf8_validate(str, len) != len)
                fail_msg("validate the block ending at U+%04X", (unsigned)cp);
            if (amc_utf8_count(str, len) != ncp)
                fail_msg("count the block ending at U+%04X: %zu, want %zu", (unsigned)cp,
                         amc_utf8_count(str, len), ncp);
            len = 0;
            ncp = 0;
        }
    }
}

/* amc_utf8_count counts an invalid byte as one code point and a valid sequence as one. */
static void test_count_mixed(void **state)
{
    static const char s[] = "abcdefgh\xC3\xA9ijklmnop\xFF\xE2\x82\xAC\xF0\x9F\x98\x80q\x80";
    (void)state;
    assert_int_equal(amc_utf8_count(s, sizeof s - 1), 8 + 1 + 8 + 1 + 1 + 1 + 1 + 1);
    assert_int_equal(amc_utf8_count(s, 8), 8);
    assert_int_equal(amc_utf8_count(s, 9), 9);   /* a cut sequence: one */
    assert_int_equal(amc_utf8_count(s, 7), 7);   /* fewer than 8 ASCII bytes */
    assert_int_equal(amc_utf8_count(s, 16), 15); /* 8, e9, 6 more */
    assert_int_equal(amc_utf8_count("", 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decode_all),
        cmocka_unit_test(test_encode_all),
        cmocka_unit_test(test_count_mixed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
