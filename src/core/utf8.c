/*
 * utf8.c - UTF-8 per RFC 3629 (Table 3-7 of the Unicode standard): rejects overlong forms,
 * encoded surrogates (U+D800..U+DFFF) and code points above U+10FFFF.
 */
#include <stdint.h>
#include <string.h>
#include "simd_int.h"
#include "utf8_int.h"
#if AMC_HAVE_SSE2
#include <immintrin.h>
#endif

size_t amc_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c < 0xC2)
        return 0; /* continuation byte or overlong 2-byte lead */
    if (c < 0xE0) {
        if (n < 2 || (s[1] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(c & 0x1F) << 6) | (s[1] & 0x3F);
        return 2;
    }
    if (c < 0xF0) {
        unsigned char lo = 0x80, hi = 0xBF;
        if (c == 0xE0)
            lo = 0xA0; /* overlong */
        else if (c == 0xED)
            hi = 0x9F; /* surrogates */
        if (n < 3 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
        return 3;
    }
    if (c < 0xF5) {
        unsigned char lo = 0x80, hi = 0xBF;
        if (c == 0xF0)
            lo = 0x90; /* overlong */
        else if (c == 0xF4)
            hi = 0x8F; /* > U+10FFFF */
        if (n < 4 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) |
              ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
        return 4;
    }
    return 0;
}

/* From i on: n if p[i..n) is valid, else the offset of the first invalid byte. ASCII is skipped
 * 8 bytes at a time. */
static size_t validate_scalar(const unsigned char *p, size_t i, size_t n)
{
    while (i < n) {
        uint32_t cp = 0;
        size_t k = 0;
        while (i + 8 <= n) {
            uint64_t w = 0;
            memcpy(&w, p + i, 8);
            if (w & 0x8080808080808080ull)
                break;
            i += 8;
        }
        if (i >= n)
            break;
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        k = amc_utf8_decode(p + i, n - i, &cp);
        if (!k)
            return i;
        i += k;
    }
    return n;
}

/* Decodes the non-ASCII sequences of one block [i, stop) (a sequence may run past stop); returns
 * where it ended, or SIZE_MAX with *bad set at an invalid byte. */
static inline size_t validate_block(const unsigned char *p, size_t i, size_t stop, size_t n,
                                    size_t *bad)
{
    while (i < stop) {
        uint32_t cp = 0;
        size_t k = 0;
        if (p[i] < 0x80) {
            i++;
            continue;
        }
        k = amc_utf8_decode(p + i, n - i, &cp);
        if (!k) {
            *bad = i;
            return SIZE_MAX;
        }
        i += k;
    }
    return i;
}

#if AMC_HAVE_SSE2
/* Blocks of 16 ASCII bytes are skipped with one test; a block with a high bit is decoded. */
static size_t validate_sse2(const unsigned char *p, size_t n)
{
    size_t i = 0, bad = 0;
    while (i < n) {
        while (i + 16 <= n && !_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(p + i))))
            i += 16;
        i = validate_block(p, i, i + 16 < n ? i + 16 : n, n, &bad);
        if (i == SIZE_MAX)
            return bad;
    }
    return n;
}

/* The same with 64 bytes (two 32-byte loads) per step. */
__attribute__((target("avx2"))) static size_t validate_avx2(const unsigned char *p, size_t n)
{
    size_t i = 0, bad = 0;
    while (i < n) {
        while (i + 64 <= n) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
            __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
            if (_mm256_movemask_epi8(_mm256_or_si256(a, b)))
                break;
            i += 64;
        }
        while (i + 32 <= n && !_mm256_movemask_epi8(_mm256_loadu_si256((const __m256i *)(p + i))))
            i += 32;
        i = validate_block(p, i, i + 32 < n ? i + 32 : n, n, &bad);
        if (i == SIZE_MAX)
            return bad;
    }
    return n;
}
#endif

size_t amc_utf8_validate(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
#if AMC_HAVE_SSE2
    int level = amc_simd_level();
    if (level >= AMC_SIMD_AVX2)
        return validate_avx2(p, n);
    if (level >= AMC_SIMD_SSE2)
        return validate_sse2(p, n);
#endif
    return validate_scalar(p, 0, n);
}

size_t amc_utf8_encode(uint32_t cp, char *out)
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | (cp >> 18));
    o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

size_t amc_utf8_count(const char *s, size_t n)
{
    size_t i = 0, count = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (i < n) {
        /* 8 ASCII bytes at a time: 8 code points */
        while (i + 8 <= n) {
            uint64_t w = 0;
            memcpy(&w, p + i, 8);
            if (w & 0x8080808080808080ull)
                break;
            i += 8;
            count += 8;
        }
        if (i >= n)
            break;
        uint32_t cp = 0;
        size_t k = p[i] < 0x80 ? 1 : amc_utf8_decode(p + i, n - i, &cp);
        i += k ? k : 1;
        count++;
    }
    return count;
}
