/*
 * lint_int.h - internals of the schema linter (src/schema/lint.c) exposed for unit tests.
 */
#ifndef AMC_LINT_INT_H
#define AMC_LINT_INT_H

#include <stddef.h>

/* Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between
 * a[0..alen) and b[0..blen), ASCII case folded. Strings longer than 64 bytes: (size_t)-1. */
size_t amc_lint_osa_distance(const char *a, size_t alen, const char *b, size_t blen);

/* true if fmt[0..len) is one of the formats JSON Schema 2020-12 defines (section 7.3 of the
 * validation vocabulary). */
int amc_lint_format_known(const char *fmt, size_t len);

#endif
