/*
 * hash.c - open-addressing hash tables and the JSON data-model value hash.
 */
#include <string.h>
#include "core/arena_int.h"
#include "core/num_int.h"
#include "hash_int.h"

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/* Word-at-a-time multiply-xor hash: keys are short (property names), so the cost is a few
 * multiplications; the finaliser spreads the bits for the power-of-two tables. */
uint64_t amc_hash_bytes(const void *p, size_t n)
{
    const unsigned char *s = p;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0xff51afd7ed558ccdULL);
    uint64_t w = 0;
    while (n >= 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
        s += 8;
        n -= 8;
    }
    if (n) {
        w = 0;
        memcpy(&w, s, n);
        h = (h ^ w) * 0x94d049bb133111ebULL;
    }
    return mix64(h);
}

static uint64_t num_hash(const amc_value *v)
{
    amc_decnum d;
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    size_t k = 0;
    amc_decnum_parse(v->u.num.text, v->u.num.len, &d);
    if (d.ndigits == 0)
        return 0x5bd1e995ULL; /* zero, -0, 0.0, 0e5 */
    for (k = 0; k < d.ndigits; k++)
        h = (h ^ (uint64_t)amc_decnum_digit(&d, k)) * 0x100000001b3ULL;
    h ^= (uint64_t)d.exp * 0x9e3779b97f4a7c15ULL;
    h ^= d.neg ? 0xabcdefULL : 0;
    return mix64(h);
}

uint64_t amc_value_hash(const amc_value *v)
{
    uint64_t h = 0;
    size_t i = 0;
    switch (v->type) {
    case AMC_T_NULL:
        return 0x1234567ULL;
    case AMC_T_BOOL:
        return v->u.boolean ? 0x2345678ULL : 0x3456789ULL;
    case AMC_T_NUMBER:
        return num_hash(v);
    case AMC_T_STRING:
        return amc_hash_bytes(v->u.str.ptr, v->u.str.len);
    case AMC_T_ARRAY:
        h = 0xa5a5a5a5ULL + v->u.arr.len;
        for (i = 0; i < v->u.arr.len; i++)
            h = mix64(h ^ amc_value_hash(v->u.arr.items[i]));
        return h;
    case AMC_T_OBJECT:
        h = 0x5a5a5a5aULL + v->u.obj.len;
        for (i = 0; i < v->u.obj.len; i++) {
            const amc_member *m = &v->u.obj.members[i];
            /* commutative combination: member order does not matter */
            h += mix64(amc_hash_bytes(m->key, m->key_len) * 31 + amc_value_hash(m->value));
        }
        return mix64(h);
    }
    return 0;
}

void amc_smap_init(amc_smap *m)
{
    m->slots = NULL;
    m->cap = m->len = 0;
}

void amc_smap_release(amc_smap *m)
{
    amc_xfree(m->slots);
    amc_smap_init(m);
}

static amc_smap_slot *smap_find(const amc_smap *m, const char *key, size_t klen, uint64_t h)
{
    size_t mask = m->cap - 1, i = (size_t)h & mask;
    for (;;) {
        amc_smap_slot *s = &m->slots[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->klen == klen && memcmp(s->key, key, klen) == 0)
            return s;
        i = (i + 1) & mask;
    }
}

void *amc_smap_get(const amc_smap *m, const char *key, size_t klen)
{
    amc_smap_slot *s = NULL;
    if (!m->len)
        return NULL;
    s = smap_find(m, key, klen, amc_hash_bytes(key, klen));
    return s->key ? s->val : NULL;
}

static amc_status smap_grow(amc_smap *m)
{
    size_t ncap = m->cap ? m->cap * 2 : 8, i = 0;
    amc_smap old = *m;
    amc_smap_slot *ns = amc_xcalloc(ncap, sizeof *ns);
    if (!ns)
        return AMC_ENOMEM;
    m->slots = ns;
    m->cap = ncap;
    for (i = 0; i < old.cap; i++) {
        if (old.slots[i].key)
            *smap_find(m, old.slots[i].key, old.slots[i].klen, old.slots[i].hash) = old.slots[i];
    }
    amc_xfree(old.slots);
    return AMC_OK;
}

amc_status amc_smap_put(amc_smap *m, const char *key, size_t klen, void *val)
{
    uint64_t h = amc_hash_bytes(key, klen);
    amc_smap_slot *s = NULL;
    if ((m->len + 1) * 2 > m->cap) {
        amc_status st = smap_grow(m);
        if (st != AMC_OK)
            return st;
    }
    s = smap_find(m, key, klen, h);
    if (!s->key) {
        s->key = key;
        s->klen = klen;
        s->hash = h;
        m->len++;
    }
    s->val = val;
    return AMC_OK;
}

void amc_pmap_init(amc_pmap *m)
{
    m->slots = NULL;
    m->cap = m->len = 0;
}

void amc_pmap_release(amc_pmap *m)
{
    amc_xfree(m->slots);
    amc_pmap_init(m);
}

static amc_pmap_slot *pmap_find(const amc_pmap *m, const void *key)
{
    size_t mask = m->cap - 1, i = (size_t)mix64((uint64_t)(uintptr_t)key) & mask;
    for (;;) {
        amc_pmap_slot *s = &m->slots[i];
        if (!s->key || s->key == key)
            return s;
        i = (i + 1) & mask;
    }
}

void *amc_pmap_get(const amc_pmap *m, const void *key)
{
    amc_pmap_slot *s = NULL;
    if (!m->len)
        return NULL;
    s = pmap_find(m, key);
    return s->key ? s->val : NULL;
}

amc_status amc_pmap_put(amc_pmap *m, const void *key, void *val)
{
    amc_pmap_slot *s = NULL;
    if ((m->len + 1) * 2 > m->cap) {
        size_t ncap = m->cap ? m->cap * 2 : 16, i = 0;
        amc_pmap old = *m;
        amc_pmap_slot *ns = amc_xcalloc(ncap, sizeof *ns);
        if (!ns)
            return AMC_ENOMEM;
        m->slots = ns;
        m->cap = ncap;
        for (i = 0; i < old.cap; i++)
            if (old.slots[i].key)
                *pmap_find(m, old.slots[i].key) = old.slots[i];
        amc_xfree(old.slots);
    }
    s = pmap_find(m, key);
    if (!s->key) {
        s->key = key;
        m->len++;
    }
    s->val = val;
    return AMC_OK;
}
