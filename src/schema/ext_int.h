/*
 * ext_int.h - the interfaces the schema engine uses from the regex, format and decimal modules
 * (regex_int.h, format_int.h, decimal_int.h). Before the schemafmt branch is merged, the
 * missing ones are declared by the temporary zz_tmp_shims.h.
 */
#ifndef AMC_EXT_INT_H
#define AMC_EXT_INT_H

#if __has_include("regex_int.h")
#include "regex_int.h"
#endif
#if __has_include("format_int.h")
#include "format_int.h"
#endif
#if __has_include("decimal_int.h")
#include "decimal_int.h"
#endif
#if !__has_include("regex_int.h") || !__has_include("format_int.h") ||                             \
                                                    !__has_include("decimal_int.h")
#include "zz_tmp_shims.h" /* TEMPORARY: removed at merge */
#endif
#endif
