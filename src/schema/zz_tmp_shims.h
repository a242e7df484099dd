/*
 * zz_tmp_shims.h - TEMPORARY: removed at merge (with zz_tmp_shims.c).
 *
 * Declarations of the internal interfaces the schemafmt branch provides in regex_int.h,
 * format_int.h and decimal_int.h, for building the schema branch before the merge.
 * schema_int.h includes the real headers whenever they exist (__has_include), so this file
 * is unused once they are merged.
 */
#ifndef AMC_ZZ_TMP_SHIMS_H
#define AMC_ZZ_TMP_SHIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if !__has_include("regex_int.h")
typedef struct amc_regex amc_regex;
amc_regex *amc_regex_compile(const char *pat, size_t len, uint32_t match_limit, char *err,
                             size_t errlen);
int amc_regex_search(const amc_regex *re, const char *s, size_t n);
void amc_regex_free(amc_regex *re);
#endif

#if !__has_include("format_int.h")
int amc_format_check(const char *format, const char *s, size_t n);
bool amc_format_known(const char *format);
#endif

#if !__has_include("decimal_int.h")
int amc_decimal_multiple_of(const char *x, size_t xlen, const char *m, size_t mlen);
#endif
#endif
