/*
 * arena.c - chunked bump allocator and the library's allocation entry points.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena_int.h"

/* Under AddressSanitizer the arena tells ASan which bytes are handed out: a chunk's free space
 * and a redzone of REDZONE bytes after every allocation stay poisoned, so reading past an
 * arena object (or reading space not yet allocated) is reported like a heap overflow. Without
 * it, ASan sees a chunk as one malloc block and an overread inside it passes unseen. */
#if defined(__SANITIZE_ADDRESS__)
#define AMC_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AMC_ARENA_ASAN 1
#endif
#endif
#ifdef AMC_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define REDZONE        16u
#define POISON(p, n)   ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define REDZONE        0u
#define POISON(p, n)   ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

struct amc_arena_chunk {
    amc_arena_chunk *prev;
    size_t size;
    /* data follows, 16-aligned */
};

#define CHUNK_HDR ((sizeof(amc_arena_chunk) + 15u) & ~(size_t)15u)
#define MAX_CHUNK ((size_t)1 << 24)
/* amc_arena_reset() keeps a chunk up to this size; a larger one goes back to the system */
#define ARENA_KEEP_MAX ((size_t)1 << 16)

#ifdef AMC_ALLOC_FAILPOINTS
#include <execinfo.h>
/* Test builds (cmake -DAMC_ALLOC_FAILPOINTS=ON): the allocation numbered fail_at (0-based, counted
 * from the last amc_test_alloc_fail_at call) returns NULL once. Not thread-safe: for the
 * single-threaded allocation-failure test only. */
static long fail_at = -1;
static unsigned long n_allocs;

void amc_test_alloc_fail_at(long n)
{
    fail_at = n;
    n_allocs = 0;
}

unsigned long amc_test_alloc_count(void)
{
    return n_allocs;
}

static int fail_now(void)
{
    if (fail_at >= 0 && n_allocs == (unsigned long)fail_at) {
        n_allocs++;
        fail_at = -1;
        if (getenv("AMC_ALLOC_FAIL_TRACE")) { /* where the failing allocation is, for debugging */
            void *frames[32];
            backtrace_symbols_fd(frames, backtrace(frames, 32), 2);
        }
        return 1;
    }
    n_allocs++;
    return 0;
}
#define FAIL_NOW() fail_now()
#else
#define FAIL_NOW() 0
#endif

void *amc_xmalloc(size_t n)
{
    if (FAIL_NOW())
        return NULL;
    return malloc(n ? n : 1);
}

void *amc_xcalloc(size_t n, size_t sz)
{
    if (FAIL_NOW())
        return NULL;
    return calloc(n ? n : 1, sz ? sz : 1);
}

void *amc_xrealloc(void *p, size_t n)
{
    if (FAIL_NOW())
        return NULL;
    return realloc(p, n ? n : 1);
}

void amc_xfree(void *p)
{
    free(p);
}

void amc_free(void *p)
{
    free(p);
}

void amc_arena_init(amc_arena *a, size_t first_chunk)
{
    a->head = NULL;
    a->cur = NULL;
    a->end = NULL;
    a->next_size = first_chunk < 256 ? 256 : first_chunk;
    a->total = 0;
}

void amc_arena_release(amc_arena *a)
{
    amc_arena_chunk *c = a->head;
    while (c) {
        amc_arena_chunk *prev = c->prev;
        UNPOISON((char *)c + CHUNK_HDR, c->size);
        amc_xfree(c);
        c = prev;
    }
    a->head = NULL;
    a->cur = a->end = NULL;
    a->total = 0;
}

void amc_arena_reset(amc_arena *a)
{
    amc_arena_chunk *c = a->head;
    if (!c || c->size > ARENA_KEEP_MAX) {
        size_t next = a->next_size;
        amc_arena_release(a);
        a->next_size = next;
        return;
    }
    while (c->prev) { /* free every older chunk, keep the newest (largest) */
        amc_arena_chunk *prev = c->prev->prev;
        a->total -= CHUNK_HDR + c->prev->size;
        UNPOISON((char *)c->prev + CHUNK_HDR, c->prev->size);
        amc_xfree(c->prev);
        c->prev = prev;
    }
    a->cur = (char *)c + CHUNK_HDR;
    a->end = a->cur + c->size;
    POISON(a->cur, c->size);
}

void amc_arena_recycle(amc_arena *a, size_t keep_max)
{
    amc_arena_chunk *c = a->head;
    size_t sum = 0;
    if (!c)
        return;
    if (!c->prev && c->size <= keep_max) {
        a->cur = (char *)c + CHUNK_HDR;
        POISON(a->cur, c->size);
        return;
    }
    for (; c; c = c->prev)
        sum += c->size;
    amc_arena_release(a);
    /* the next allocation takes one chunk of the whole size */
    a->next_size = sum <= keep_max ? sum : keep_max;
}

static void *arena_grow(amc_arena *a, size_t n)
{
    size_t size = a->next_size;
    amc_arena_chunk *c = NULL;
    if (n > SIZE_MAX - CHUNK_HDR - 16)
        return NULL;
    if (size < n + 16)
        size = n + 16;
    c = amc_xmalloc(CHUNK_HDR + size);
    if (!c)
        return NULL;
    c->prev = a->head;
    c->size = size;
    a->head = c;
    a->cur = (char *)c + CHUNK_HDR;
    a->end = a->cur + size;
    a->total += CHUNK_HDR + size;
    if (a->next_size < MAX_CHUNK)
        a->next_size *= 2;
    POISON(a->cur, size);
    {
        void *p = a->cur;
        a->cur += n;
        return p;
    }
}

void *amc_arena_alloc(amc_arena *a, size_t n)
{
    size_t need = (n + 7u + REDZONE) & ~(size_t)7u;
    void *p = NULL;
    if (need < n)
        return NULL;
    if (a->cur && (size_t)(a->end - a->cur) >= need) {
        p = a->cur;
        a->cur += need;
    } else {
        p = arena_grow(a, need);
    }
    if (p)
        UNPOISON(p, n);
    return p;
}

void *amc_arena_zalloc(amc_arena *a, size_t n)
{
    void *p = amc_arena_alloc(a, n);
    if (p)
        memset(p, 0, n);
    return p;
}

char *amc_arena_strndup(amc_arena *a, const char *s, size_t n)
{
    char *p = NULL;
    if (n == SIZE_MAX)
        return NULL;
    p = amc_arena_alloc(a, n + 1);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *amc_arena_sprintf(amc_arena *a, const char *fmt, ...)
{
    va_list ap;
    int n = 0;
    char *p = NULL;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    p = amc_arena_alloc(a, (size_t)n + 1);
    if (!p)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}
