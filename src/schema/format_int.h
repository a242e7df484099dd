/*
 * format_int.h - JSON Schema "format" assertions (2020-12 format-assertion vocabulary).
 */
#ifndef AMC_FORMAT_INT_H
#define AMC_FORMAT_INT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Checks s[0..n) (valid UTF-8, not NUL-terminated; may contain U+0000) against the format
 * named by the NUL-terminated `format`. Returns 1 valid, 0 invalid, -1 unknown format name
 * (the caller treats the keyword as an annotation), -2 undecided for lack of memory ("regex"
 * compiles the pattern; no other format allocates). See src/schema/format.c for the grammar
 * and every decision per format.
 */
int amc_format_check(const char *format, const char *s, size_t n);

/* true if amc_format_check() asserts this format (NULL: false). */
bool amc_format_known(const char *format);

#endif
