/*
 * amc/mime.h - RFC 5322 / RFC 2045 header block reader. The body is kept as bytes.
 */
#ifndef AMC_MIME_H
#define AMC_MIME_H

#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup mime MIME header reader
 *  @{ */

/** One header field, in source order. Strings are NUL-terminated and owned by the amc_mime. */
typedef struct amc_mime_field {
    const char *name; /**< field name as written */
    size_t name_len;
    const char *value; /**< unfolded value: CRLF/LF before WSP removed, outer WSP trimmed */
    size_t value_len;
    size_t offset;       /**< byte offset of the field's first line */
    size_t value_offset; /**< byte offset of the first value byte in the source */
} amc_mime_field;

typedef enum amc_mime_eol {
    AMC_EOL_NONE = 0, /**< no line end seen */
    AMC_EOL_LF = 1,
    AMC_EOL_CRLF = 2,
    AMC_EOL_MIXED = 3
} amc_mime_eol;

typedef struct amc_mime amc_mime;

/**
 * Reads a header block and locates the body. See src/formats/mime_read.c for the grammar and
 * decisions. *out: free with amc_mime_free(). Same status contract as amc_json_read().
 */
AMC_API amc_status amc_mime_read(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_mime **out) AMC_WARN_UNUSED_RESULT;
/** Frees the message. NULL: no-op. */
AMC_API void amc_mime_free(amc_mime *m);
/** Number of header fields. */
AMC_API size_t amc_mime_field_count(const amc_mime *m);
/** The i-th field, or NULL. */
AMC_API const amc_mime_field *amc_mime_field_at(const amc_mime *m, size_t i);
/** First field with this name (ASCII case-insensitive), or NULL. */
AMC_API const amc_mime_field *amc_mime_find(const amc_mime *m, const char *name);
/** Number of fields with this name (ASCII case-insensitive). */
AMC_API size_t amc_mime_count(const amc_mime *m, const char *name);
/** The body bytes (after the blank line; may be empty) and their offset in the source. */
AMC_API const char *amc_mime_body(const amc_mime *m, size_t *len, size_t *offset);
/** Line-ending style of the header block. */
AMC_API amc_mime_eol amc_mime_line_ending(const amc_mime *m);
/** Position of a source offset (line/col computed from the copy of the source it keeps). */
AMC_API amc_pos amc_mime_pos(const amc_mime *m, size_t offset);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
