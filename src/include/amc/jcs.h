/*
 * amc/jcs.h - RFC 8785 JSON Canonicalization Scheme.
 */
#ifndef AMC_JCS_H
#define AMC_JCS_H

#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup jcs Canonical JSON (RFC 8785)
 *  @{ */

/**
 * Writes the RFC 8785 canonical form of v: members sorted by UTF-16 code units, no whitespace,
 * numbers in ECMAScript Number-to-String form of their nearest double, strings with the minimal
 * escapes of RFC 8785 3.2.2.2.
 * @param[out] out  new NUL-terminated string, free with amc_free()
 * @returns AMC_OK; AMC_EINVALID if a number is outside double range (diagnostic added);
 *          AMC_ENOMEM.
 */
AMC_API amc_status amc_jcs_write(const amc_value *v, amc_diags *diags, char **out,
                                 size_t *out_len) AMC_WARN_UNUSED_RESULT;

/**
 * ECMAScript Number::toString(d) (shortest round-trip digits) into buf (at least 32 bytes).
 * d must be finite. Returns the length written (buf is NUL-terminated).
 */
AMC_API size_t amc_number_format_es(double d, char buf[32]);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
