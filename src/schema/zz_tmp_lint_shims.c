/*
 * zz_tmp_lint_shims.c - TEMPORARY: removed at merge.
 *
 * A stand-in for amc_regex_portability() (src/schema/regex.c on branch schemafmt) so the
 * linter links before that merge. It recognises the first constructs of the real check, with
 * the same reason strings, by scanning the pattern text; it disables itself once regex_int.h
 * exists.
 */
#include <string.h>
#include "zz_tmp_lint_shims.h"

#if !__has_include("regex_int.h")
const char *amc_regex_portability(const char *pat, size_t len)
{
    size_t i = 0;
    unsigned f = 0;
    for (i = 0; i < len; i++) {
        if (pat[i] == '\\' && i + 1 < len) {
            char c = pat[i + 1];
            if (c == 'p' || c == 'P')
                f |= 2;
            else if ((c >= '1' && c <= '9') || c == 'k')
                f |= 4;
            else if (c == 'u')
                f |= 16;
            i++;
        } else if (pat[i] == '(' && i + 3 < len && pat[i + 1] == '?' && pat[i + 2] == '<') {
            if (pat[i + 3] == '=' || pat[i + 3] == '!')
                f |= 1;
            else
                f |= 8;
        }
    }
    if (f & 1)
        return "lookbehind";
    if (f & 2)
        return "\\p{..} property escapes";
    if (f & 4)
        return "backreference";
    if (f & 8)
        return "named group (?<name>...) (Python needs (?P<name>...))";
    if (f & 16)
        return "\\u escape (PCRE needs \\x{...})";
    return NULL;
}
#endif
