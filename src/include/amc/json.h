/*
 * amc/json.h - the strict RFC 8259 JSON reader, and json-c interop.
 */
#ifndef AMC_JSON_H
#define AMC_JSON_H

#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup json JSON reader
 *  @{ */

/**
 * Reads one JSON text (RFC 8259, strict; see src/formats/json_read.c for the exact grammar and
 * every decision: duplicate keys are errors, lone surrogate escapes are errors, a leading UTF-8
 * BOM is skipped with a warning).
 * @param[in]  buf    input bytes (need not be NUL-terminated)
 * @param[in]  len    length of buf
 * @param[in]  lim    limits (NULL: defaults)
 * @param[in,out] diags diagnostics sink (must not be NULL)
 * @param[out] out    the document on AMC_OK (free with amc_doc_free()), NULL otherwise
 * @returns AMC_OK (warnings possible), AMC_EINVALID, AMC_ELIMIT or AMC_ENOMEM.
 */
AMC_API amc_status amc_json_read(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_doc **out) AMC_WARN_UNUSED_RESULT;

/**
 * amc_json_read() into a document kept from an earlier call, for reading many documents one
 * after the other (JSON Lines): its memory is reused, so once it has grown to the size of the
 * inputs a read allocates nothing. The result is the same as amc_json_read()'s (status,
 * diagnostics, tree).
 * @param[in,out] doc  *doc: a document from an earlier call (emptied first: its tree and every
 *                     value taken from it are gone) or NULL (a new document is made). On AMC_OK
 *                     *doc holds the new tree; otherwise *doc has no root (amc_doc_root() returns
 *                     NULL) and may be passed again. Free it with amc_doc_free() when done.
 * @returns as amc_json_read(); AMC_EUSAGE if doc is NULL.
 */
AMC_API amc_status amc_json_read_reuse(const char *buf, size_t len, const amc_limits *lim,
                                       amc_diags *diags, amc_doc **doc) AMC_WARN_UNUSED_RESULT;

struct json_object;

/** Converts a value to a new json-c object (numbers keep their exact text where json-c allows).
 *  Returns a new reference (release with json_object_put()), or NULL on ENOMEM. */
AMC_API struct json_object *amc_value_to_json_c(const amc_value *v);

/** Builds a document from a json-c tree (borrowed). *out: free with amc_doc_free().
 *  Returns AMC_OK; AMC_EINVALID if the tree holds a NaN or an infinity (no JSON form);
 *  AMC_ENOMEM. */
AMC_API amc_status amc_doc_from_json_c(struct json_object *jo,
                                       amc_doc **out) AMC_WARN_UNUSED_RESULT;

/** @} */

#ifdef __cplusplus
}
#endif
#endif
