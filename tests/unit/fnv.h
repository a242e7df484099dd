/*
 * fnv.h - the unit tests' FNV-1a 64 hash (one copy for every test that pins answers by hash;
 * the scripts in tests/tools compute the same).
 */
#ifndef AMC_TEST_FNV_H
#define AMC_TEST_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV_INIT 0xcbf29ce484222325ull

/* h extended with the n bytes at p */
static inline uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    size_t i = 0;
    for (i = 0; i < n; i++)
        h = (h ^ s[i]) * 0x100000001b3ull;
    return h;
}

/* h extended with the n bytes at p, then a 0xff byte: a field of a record, so that "ab","c"
 * and "a","bc" hash apart (0xff never occurs in UTF-8 text) */
static inline uint64_t fnv1a_field(uint64_t h, const void *p, size_t n)
{
    return fnv1a(fnv1a(h, p, n), "\xff", 1);
}

#endif
