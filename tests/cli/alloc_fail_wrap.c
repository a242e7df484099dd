/*
 * alloc_fail_wrap.c - allocation failure injection for the amc executable (test builds only:
 * cmake -DAMC_ALLOC_FAILPOINTS=ON links amc with -Wl,--wrap=malloc,... and this file; a Release
 * build has neither). Every allocation amc's own statically linked code makes (the CLI and the
 * static library; not json-c's, libyaml's or libc's own) goes through the __wrap_* functions
 * below, which count it.
 *
 *   AMC_FAIL_ALLOC=N         the allocation numbered N (0-based) returns NULL (errno ENOMEM), once
 *   AMC_FAIL_ALLOC_COUNT=F   at exit, the number of allocations made is written to file F
 *   AMC_FAIL_ALLOC_TRACE=1   the failed allocation's call stack is printed on stderr (debugging)
 *
 * Both are read, and removed from the environment, before main() runs, so that a process amc
 * starts (an adapter, a shell) does not inherit them. The count stops at exit (the coverage
 * runtime's allocations at exit are neither counted nor failed). tests/cli/alloc_fail.py sweeps
 * N over every allocation of a set of commands (docs/testing.md).
 */
#include <errno.h>
#include <execinfo.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t sz);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t sz);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static atomic_long fail_at = -1; /* -1: fail nothing */
static atomic_long n_allocs;
static atomic_int armed;
static atomic_int trace;
static char count_file[4096];

/* Whether this allocation is the one to fail (each call counts one allocation). */
static int fail_now(void)
{
    long k = 0;
    if (!atomic_load(&armed))
        return 0;
    k = atomic_fetch_add(&n_allocs, 1);
    if (k != atomic_load(&fail_at))
        return 0;
    if (atomic_load(&trace)) {
        void *frames[32];
        backtrace_symbols_fd(frames, backtrace(frames, 32), 2);
    }
    errno = ENOMEM;
    return 1;
}

static void at_exit(void)
{
    FILE *f = NULL;
    long n = 0;
    atomic_store(&armed, 0);
    n = atomic_load(&n_allocs);
    if (count_file[0] && (f = fopen(count_file, "w")) != NULL) {
        fprintf(f, "%ld\n", n);
        fclose(f);
    }
}

__attribute__((constructor)) static void init(void)
{
    const char *at = getenv("AMC_FAIL_ALLOC");
    const char *cf = getenv("AMC_FAIL_ALLOC_COUNT");
    if (at && *at) {
        char *end = NULL;
        long v = strtol(at, &end, 10);
        if (*end == '\0' && v >= 0)
            atomic_store(&fail_at, v);
    }
    if (cf && strlen(cf) < sizeof count_file)
        memcpy(count_file, cf, strlen(cf) + 1);
    atomic_store(&trace, getenv("AMC_FAIL_ALLOC_TRACE") != NULL);
    unsetenv("AMC_FAIL_ALLOC_TRACE");
    unsetenv("AMC_FAIL_ALLOC");
    unsetenv("AMC_FAIL_ALLOC_COUNT");
    if (atomic_load(&fail_at) >= 0 || count_file[0]) {
        atexit(at_exit);
        atomic_store(&armed, 1);
    }
}

void *__wrap_malloc(size_t n)
{
    return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t sz)
{
    return fail_now() ? NULL : __real_calloc(n, sz);
}

void *__wrap_realloc(void *p, size_t n)
{
    return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return fail_now() ? NULL : __real_strndup(s, n);
}
