/*
 * hash_int.h - small open-addressing hash tables for the schema engine (linear probing,
 * power-of-two capacity, load factor <= 1/2) and a JSON data-model hash of values.
 */
#ifndef AMC_HASH_INT_H
#define AMC_HASH_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "amc/common.h"
#include "amc/doc.h"

/* Hash of a byte string (word-at-a-time multiply-xor, then a 64-bit finaliser). */
uint64_t amc_hash_bytes(const void *p, size_t n);

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
