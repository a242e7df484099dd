/*
 * regex_int.h - ECMA-262 (u flag) regular expressions for JSON Schema "pattern",
 * "patternProperties" and format "regex", translated to PCRE2. See src/schema/regex.c for the
 * translation and docs/regex.md for the ECMA-262 / PCRE2 mapping and what is not supported.
 */
#ifndef AMC_REGEX_INT_H
#define AMC_REGEX_INT_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/* Match limit used when amc_regex_compile() is given 0. */
#define AMC_REGEX_DEFAULT_MATCH_LIMIT 1000000u

typedef struct amc_regex amc_regex;

/*
 * Compiles pat[0..len) (UTF-8, ECMA-262 Pattern[+UnicodeMode] syntax as used by
 * `new RegExp(pat, "u")`). match_limit bounds the backtracking work of one search (PCRE2 match
 * limit; 0: AMC_REGEX_DEFAULT_MATCH_LIMIT). Returns a new regex (free with amc_regex_free()),
 * or NULL with a NUL-terminated message in err[0..errlen) (err may be NULL when errlen is 0).
 * NULL is also returned on out-of-memory, with the message AMC_REGEX_ENOMEM_MSG exactly.
 */
#define AMC_REGEX_ENOMEM_MSG "out of memory"
amc_regex *amc_regex_compile(const char *pat, size_t len, uint32_t match_limit, char *err,
                             size_t errlen);

/*
 * Unanchored search (RegExp.prototype.test): 1 if the pattern matches somewhere in s[0..n),
 * 0 if not, -1 if the match, depth or heap limit was reached (undecided), -2 if an allocation
 * failed (undecided). s must be valid
 * UTF-8 (not checked: the readers validate every string). Thread-safe: one compiled regex may be
 * searched from many threads at once.
 */
int amc_regex_search(const amc_regex *re, const char *s, size_t n);

/* Tests: whether re has the simple form that is searched without PCRE2 (regex.c), and the PCRE2
 * search of re even when it has. */
bool amc_regex_is_simple(const amc_regex *re);
int amc_regex_search_pcre2(const amc_regex *re, const char *s, size_t n);

/* Frees a regex. NULL: no-op. */
void amc_regex_free(amc_regex *re);

/*
 * For the schema linter: NULL if pat is a valid ECMA-262 pattern that means the same in
 * ECMA-262, PCRE and Python `re`, else a static string naming the first construct that is not
 * portable ("lookbehind", "\\p{..} property escapes", "backreference", "possessive quantifier",
 * ...). An invalid ECMA-262 pattern gets a reason too (the construct, when one is recognised).
 * NULL is also returned when memory ran out: then *nomem is set (nomem may be NULL).
 */
const char *amc_regex_portability(const char *pat, size_t len, bool *nomem);

#endif
