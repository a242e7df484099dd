/*
 * utf8_int.h - UTF-8 validation and decoding (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF).
 */
#ifndef AMC_UTF8_INT_H
#define AMC_UTF8_INT_H

#include <stddef.h>
#include <stdint.h>

/* Decodes one code point at s[0..n). Returns its length in bytes (1-4) and sets *cp, or 0 if
 * the sequence is invalid or truncated (then *cp is undefined). n must be > 0. */
size_t amc_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);
/* Returns n if s[0..n) is valid UTF-8, else the offset of the first invalid byte. */
size_t amc_utf8_validate(const char *s, size_t n);
/* Encodes cp (must be a valid scalar value) into out (4 bytes); returns the length. */
size_t amc_utf8_encode(uint32_t cp, char *out);
/* Number of code points in valid UTF-8 s[0..n) (invalid bytes count one each). */
size_t amc_utf8_count(const char *s, size_t n);
#endif
