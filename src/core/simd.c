/*
 * simd.c - SIMD level detection and override (see simd_int.h).
 */
#include <stdlib.h>
#include <string.h>
#include "simd_int.h"

static int level = -1; /* -1: not detected yet */

int amc_simd_max_level(void)
{
#if AMC_HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        return AMC_SIMD_AVX2;
#endif
#if AMC_HAVE_SSE2
    return AMC_SIMD_SSE2;
#else
    return AMC_SIMD_SCALAR;
#endif
}

int amc_simd_level(void)
{
    int l = __atomic_load_n(&level, __ATOMIC_RELAXED);
    if (l < 0) {
        const char *env = getenv("AMC_SIMD");
        l = amc_simd_max_level();
        if (env && !strcmp(env, "scalar"))
            l = AMC_SIMD_SCALAR;
        else if (env && !strcmp(env, "sse2") && l > AMC_SIMD_SSE2)
            l = AMC_SIMD_SSE2;
        __atomic_store_n(&level, l, __ATOMIC_RELAXED);
    }
    return l;
}

int amc_simd_set_level(int l)
{
    int max = amc_simd_max_level();
    if (l > max)
        l = max;
    if (l < AMC_SIMD_SCALAR)
        l = AMC_SIMD_SCALAR;
    __atomic_store_n(&level, l, __ATOMIC_RELAXED);
    return l;
}
