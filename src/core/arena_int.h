/*
 * arena_int.h - chunked bump allocator. Everything allocated from an arena is freed at once.
 * Not thread-safe per arena (each document/result owns its own). See docs/internals.md.
 */
#ifndef AMC_ARENA_INT_H
#define AMC_ARENA_INT_H

#include <stddef.h>
#include "amc/common.h"

typedef struct amc_arena_chunk amc_arena_chunk;
typedef struct amc_arena {
    amc_arena_chunk *head; /* current chunk */
    char *cur;             /* next free byte in head */
    char *end;             /* end of head */
    size_t next_size;      /* size of the next chunk to allocate */
    size_t total;          /* bytes obtained from the system */
} amc_arena;

void amc_arena_init(amc_arena *a, size_t first_chunk);
void amc_arena_release(amc_arena *a);
/* Frees everything allocated but keeps the newest chunk (up to 64 KiB) for reuse: for arenas
 * emptied and refilled in a loop. */
void amc_arena_reset(amc_arena *a);
/* Empties the arena for refilling with about as much as it holds now: several chunks are replaced
 * by one as large as all of them (when that is at most keep_max bytes; else everything goes back
 * to the system), so a loop that refills it with similar amounts stops allocating after the first
 * rounds. */
void amc_arena_recycle(amc_arena *a, size_t keep_max);
/* 8-aligned, uninitialised. NULL on ENOMEM or size overflow. */
void *amc_arena_alloc(amc_arena *a, size_t n) AMC_WARN_UNUSED_RESULT;
void *amc_arena_zalloc(amc_arena *a, size_t n) AMC_WARN_UNUSED_RESULT;
/* copies n bytes and NUL-terminates */
char *amc_arena_strndup(amc_arena *a, const char *s, size_t n) AMC_WARN_UNUSED_RESULT;
char *amc_arena_sprintf(amc_arena *a, const char *fmt, ...) AMC_PRINTF(2, 3);

/* The only allocation entry points of the library (ci/check-style.sh bans raw malloc/free). */
void *amc_xmalloc(size_t n);
void *amc_xcalloc(size_t n, size_t sz);
void *amc_xrealloc(void *p, size_t n);
void amc_xfree(void *p);

#ifdef AMC_ALLOC_FAILPOINTS
/* Test builds only: make the n-th allocation from now (0-based) fail once; n < 0: never. */
void amc_test_alloc_fail_at(long n);
/* Allocations made since the last amc_test_alloc_fail_at(). */
unsigned long amc_test_alloc_count(void);
#endif
#endif
