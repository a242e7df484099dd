/*
 * hash_int.h - small open-addressing hash tables for the schema engine (linear probing,
 * power-of-two capacity, load factor <= 1/2) and a JSON data-model hash of values.
 */
#ifndef AMC_HASH_INT_H
#define AMC_HASH_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "amc/common.h"
#include "amc/doc.h"

/* Hash of a byte string (word-at-a-time multiply-xor, then a 64-bit finaliser). */
uint64_t amc_hash_bytes(const void *p, size_t n);

/*
 * Hash of a property name for the schema's name tables (ptab), O(1) whatever the length: it
 * reads the length and at most three 8-byte words (the first, the last and, above 16 bytes, one
 * in the middle), so every name of up to 16 bytes is hashed whole. Validation looks up every
 * member name of every instance object in one or more tables, and hashing whole names
 * (amc_hash_bytes) was the largest single cost of validating typical messages. Names that differ
 * only outside the words read collide; a collision costs one more probe and a length+memcmp
 * check, never a wrong answer, and the tables are built from schema names only (an instance
 * cannot fill them).
 */
static inline uint64_t amc_hash_name(const char *k, size_t n)
{
    uint64_t a = 0, b = 0, h = 0;
    if (n >= 8) {
        memcpy(&a, k, 8);
        memcpy(&b, k + n - 8, 8);
        if (n > 16) {
            uint64_t m = 0;
            memcpy(&m, k + n / 2 - 4, 8);
            a ^= (m << 23) | (m >> 41);
        }
    } else if (n >= 4) {
        uint32_t x = 0, y = 0;
        memcpy(&x, k, 4);
        memcpy(&y, k + n - 4, 4);
        a = x;
        b = y;
    } else if (n > 0) {
        a = (uint64_t)(unsigned char)k[0] | (uint64_t)(unsigned char)k[n / 2] << 8 |
            (uint64_t)(unsigned char)k[n - 1] << 16;
    }
    h = (a ^ (uint64_t)n) * 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 32) ^ b) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
}

/* Hash consistent with amc_value_equal(): equal values hash equal (1 and 1.0 and 1e0 too;
 * object member order does not matter). */
uint64_t amc_value_hash(const amc_value *v);

/* String-keyed map. Keys are borrowed (must outlive the map). */
typedef struct amc_smap_slot {
    const char *key; /* NULL: empty slot */
    size_t klen;
    uint64_t hash;
    void *val;
} amc_smap_slot;

typedef struct amc_smap {
    amc_smap_slot *slots;
    size_t cap, len;
} amc_smap;

void amc_smap_init(amc_smap *m);
void amc_smap_release(amc_smap *m);
void *amc_smap_get(const amc_smap *m, const char *key, size_t klen);
/* Inserts or replaces. AMC_OK or AMC_ENOMEM. */
amc_status amc_smap_put(amc_smap *m, const char *key, size_t klen,
                        void *val) AMC_WARN_UNUSED_RESULT;

/* Pointer-keyed map. */
typedef struct amc_pmap_slot {
    const void *key; /* NULL: empty slot */
    void *val;
} amc_pmap_slot;

typedef struct amc_pmap {
    amc_pmap_slot *slots;
    size_t cap, len;
} amc_pmap;

void amc_pmap_init(amc_pmap *m);
void amc_pmap_release(amc_pmap *m);
void *amc_pmap_get(const amc_pmap *m, const void *key);
amc_status amc_pmap_put(amc_pmap *m, const void *key, void *val) AMC_WARN_UNUSED_RESULT;
#endif
