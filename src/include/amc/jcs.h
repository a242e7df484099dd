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
 * Diagnostics carry the JSON Pointer of the value (instance_ptr) and at.offset = its source
 * offset with line = col = 0: map the offset with amc_doc_pos() for line:col. A number whose
 * canonical text denotes another decimal value (12345678901234567890) gets an INFO
 * JCS_NUMBER_PRECISION and is written anyway. See docs/jcs.md.
 * @param[in]  v     the value (not modified)
 * @param[in,out] diags diagnostics sink, or NULL to report nothing
 * @param[out] out  new NUL-terminated string, free with amc_free(); NULL on failure
 * @param[out] out_len its length (optional, may be NULL)
 * @returns AMC_OK; AMC_EINVALID if a number is outside double range (JCS_NUMBER_RANGE) or a
 *          string/key of a built tree is not UTF-8 (UTF8_INVALID); AMC_EUSAGE if v or out is
 *          NULL; AMC_ENOMEM.
 */
AMC_API amc_status amc_jcs_write(const amc_value *v, amc_diags *diags, char **out,
                                 size_t *out_len) AMC_WARN_UNUSED_RESULT;

/**
 * ECMAScript Number::toString(d) (shortest round-trip digits) into buf (at least 32 bytes).
 * -0 gives "0"; non-finite d gives "NaN", "Infinity" or "-Infinity" (ECMAScript's text; JCS
 * itself rejects them). Locale independent. Returns the length written (buf is NUL-terminated).
 */
AMC_API size_t amc_number_format_es(double d, char buf[32]);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
