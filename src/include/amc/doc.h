/*
 * amc/doc.h - the document model: an arena-allocated, read-only JSON value tree.
 *
 * Every reader (JSON, YAML, MIME+YAML) produces an amc_doc. The doc owns a copy of the source
 * bytes and every node, string and key; all are freed at once by amc_doc_free(). Nodes are
 * plain public structs for fast traversal; treat them as read-only.
 *
 * Strings are length-counted UTF-8 and may contain U+0000. For convenience every string and key
 * is also NUL-terminated (the terminator is not counted in len).
 */
#ifndef AMC_DOC_H
#define AMC_DOC_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup doc Document model
 *  @{ */

typedef enum amc_type {
    AMC_T_NULL = 0,
    AMC_T_BOOL = 1,
    AMC_T_NUMBER = 2,
    AMC_T_STRING = 3,
    AMC_T_ARRAY = 4,
    AMC_T_OBJECT = 5
} amc_type;

/** Number flags. */
enum {
    AMC_NUM_INT64 = 1u << 0,   /**< the value is an integer that fits int64: num.i is exact */
    AMC_NUM_INTEGER = 1u << 1, /**< the value is mathematically an integer (1.0, 1e3, 2e400) */
    AMC_NUM_OVERFLOW = 1u << 2 /**< the magnitude exceeds double range (num.d is +-inf) */
};

/** String flags. */
enum {
    /** The JSON reader found no escape sequence in the string's source text, so the string holds
     *  no '"', '\\' or control character. A hint for writers; 0 means "not known". */
    AMC_STR_PLAIN = 1u << 3
};

typedef struct amc_value amc_value;

/** One object member. Keys are unique within an object (readers reject duplicates). */
typedef struct amc_member {
    const char *key; /**< NUL-terminated; may contain U+0000 before key_len */
    size_t key_len;
    size_t key_offset; /**< source byte offset of the key (AMC_NO_OFFSET if none) */
    amc_value *value;
} amc_member;

struct amc_value {
    amc_type type;
    uint32_t flags; /**< AMC_NUM_* for numbers; AMC_STR_* for strings; 0 otherwise */
    size_t offset;  /**< source byte offset where the value starts (AMC_NO_OFFSET if none) */
    union {
        bool boolean;
        struct {
            const char *text; /**< exact number text in JSON syntax (NUL-terminated) */
            size_t len;
            int64_t i; /**< valid iff flags & AMC_NUM_INT64 */
            double d;  /**< nearest double (correctly rounded), +-inf on overflow */
        } num;
        struct {
            const char *ptr; /**< NUL-terminated UTF-8 */
            size_t len;
        } str;
        struct {
            amc_value **items;
            size_t len;
        } arr;
        struct {
            amc_member *members; /**< in source order */
            size_t len;
        } obj;
    } u;
};

/** A document: the root value plus the arena that owns everything. */
typedef struct amc_doc amc_doc;

/** Frees the document and everything in it. NULL: no-op. */
AMC_API void amc_doc_free(amc_doc *doc);
/** The root value (never NULL for a successfully read document). */
AMC_API const amc_value *amc_doc_root(const amc_doc *doc);
/** The copy of the source bytes the document was read from (may be NULL for built docs). */
AMC_API const char *amc_doc_source(const amc_doc *doc, size_t *len);
/** Converts a byte offset in the source to a position (line/col computed from the source). */
AMC_API amc_pos amc_doc_pos(const amc_doc *doc, size_t offset);
/** Converts a byte offset in buf to a position. O(offset). Offsets past len clamp to len. */
AMC_API amc_pos amc_pos_of(const char *buf, size_t len, size_t offset);

/** Looks up a member by key (exact bytes). NULL if absent or obj is not an object. */
AMC_API const amc_value *amc_value_get(const amc_value *obj, const char *key, size_t key_len);
/** Same, with a NUL-terminated key. */
AMC_API const amc_value *amc_value_getz(const amc_value *obj, const char *key);
/** Resolves an RFC 6901 JSON Pointer ("" is the root). NULL if it does not resolve. */
AMC_API const amc_value *amc_value_at_pointer(const amc_value *root, const char *ptr,
                                              size_t ptr_len);
/**
 * JSON data-model equality: numbers compare by mathematical value (1 == 1.0 == 1e0), objects
 * ignore member order, strings compare by bytes.
 */
AMC_API bool amc_value_equal(const amc_value *a, const amc_value *b);
/** Static name of a type: "null", "boolean", "number", "string", "array", "object". */
AMC_API const char *amc_type_name(amc_type t);

/**
 * Serializes a value as JSON (UTF-8, strings escaped minimally, numbers as their exact source
 * text). indent < 0: compact; otherwise pretty with that many spaces.
 * Returns a new NUL-terminated string (free with amc_free()), or NULL on ENOMEM.
 */
AMC_API char *amc_value_to_json(const amc_value *v, int indent, size_t *out_len);

/* ---- Building documents (used by readers; also public for embedders) ---- */

/** New empty document with a copy of src (src may be NULL). NULL on ENOMEM. */
AMC_API amc_doc *amc_doc_new(const char *src, size_t src_len);
/** Sets the root value (a node allocated from this doc). */
AMC_API void amc_doc_set_root(amc_doc *doc, amc_value *root);
/** Allocates n bytes (8-aligned) in the doc's arena. NULL on ENOMEM. */
AMC_API void *amc_doc_alloc(amc_doc *doc, size_t n);
/** Copies len bytes into the arena and NUL-terminates. NULL on ENOMEM. */
AMC_API char *amc_doc_strdup(amc_doc *doc, const char *s, size_t len);
/** Allocates a zeroed value of type t. NULL on ENOMEM. */
AMC_API amc_value *amc_doc_new_value(amc_doc *doc, amc_type t, size_t offset);
/**
 * Allocates a number node from JSON number text (must match the RFC 8259 number grammar; the
 * caller checks). Computes flags, i and d. NULL on ENOMEM.
 */
AMC_API amc_value *amc_doc_new_number(amc_doc *doc, const char *text, size_t len, size_t offset);
/** Allocates a string node, copying s. NULL on ENOMEM. */
AMC_API amc_value *amc_doc_new_string(amc_doc *doc, const char *s, size_t len, size_t offset);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
