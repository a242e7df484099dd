/*
 * jcs_int.h - internal entry points of the RFC 8785 writer (jcs.c).
 */
#ifndef AMC_JCS_INT_H
#define AMC_JCS_INT_H

#include <stdbool.h>
#include "amc/jcs.h"

/* amc_jcs_write() with trusted_utf8: the caller guarantees every string and key of v is valid
 * UTF-8 (documents of amc's readers are), so the writer does not validate them again. */
amc_status amc_jcs_write_ex(const amc_value *v, amc_diags *diags, bool trusted_utf8, char **out,
                            size_t *out_len);

#endif
