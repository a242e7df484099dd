/*
 * ext_int.h - the interfaces the schema engine uses from the regex, format and decimal modules
 * (regex_int.h, format_int.h, decimal_int.h), in one include.
 */
#ifndef AMC_EXT_INT_H
#define AMC_EXT_INT_H

#include "decimal_int.h"
#include "format_int.h"
#include "regex_int.h"

#endif
