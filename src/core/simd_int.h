/*
 * simd_int.h - which SIMD code paths the library uses (runtime dispatch).
 *
 * x86-64 always has SSE2, so SSE2 code is compiled in unconditionally there; AVX2 code is
 * compiled per function (target attribute) and used only when the CPU reports AVX2. Elsewhere
 * the portable scalar code (8-byte SWAR steps) runs. The level is detected once (a benign race:
 * every thread computes the same value); the environment variable AMC_SIMD=scalar|sse2|avx2
 * lowers it (never raises it past what the CPU has), and tests force each level in turn to check
 * that every path gives the same results.
 */
#ifndef AMC_SIMD_INT_H
#define AMC_SIMD_INT_H

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define AMC_HAVE_SSE2 1
#define AMC_HAVE_AVX2 1 /* compiled with a target attribute; used only after the CPU check */
#else
#define AMC_HAVE_SSE2 0
#define AMC_HAVE_AVX2 0
#endif

enum { AMC_SIMD_SCALAR = 0, AMC_SIMD_SSE2 = 1, AMC_SIMD_AVX2 = 2 };

/* The level in use (detected on first call). */
int amc_simd_level(void);
/* The highest level this CPU and build support. */
int amc_simd_max_level(void);
/* Tests: use at most `level` from now on (clamped to amc_simd_max_level()); returns the level in
 * use. Not for concurrent use with readers running in other threads. */
int amc_simd_set_level(int level);
#endif
