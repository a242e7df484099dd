/*
 * zz_tmp_lint_shims.h - TEMPORARY: removed at merge (with zz_tmp_lint_shims.c).
 * Declares amc_regex_portability() until regex_int.h (branch schemafmt) is merged.
 */
#ifndef AMC_ZZ_TMP_LINT_SHIMS_H
#define AMC_ZZ_TMP_LINT_SHIMS_H

#include <stddef.h>

#if !__has_include("regex_int.h")
const char *amc_regex_portability(const char *pat, size_t len);
#endif
#endif
