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

/* A reusable writer: its output buffer, stack and a cache of recent key orders live across calls,
 * so canonicalizing many similar messages costs no allocation and (mostly) no sorting. */
typedef struct amc_jcs_ctx amc_jcs_ctx;
amc_jcs_ctx *amc_jcs_ctx_new(void);
void amc_jcs_ctx_free(amc_jcs_ctx *c);
/* amc_jcs_write_ex() into c: *out (NUL-terminated, *out_len bytes) belongs to c and stays valid
 * until the next call with c or amc_jcs_ctx_free(). With trusted_utf8, strings flagged
 * AMC_STR_PLAIN are copied without an escape scan. */
amc_status amc_jcs_ctx_write(amc_jcs_ctx *c, const amc_value *v, amc_diags *diags,
                             bool trusted_utf8, const char **out, size_t *out_len);

#endif
