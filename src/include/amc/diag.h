/*
 * amc/diag.h - diagnostic codes, diagnostics and the diagnostics list (the sink).
 *
 * Every code is declared once in src/core/codes.def (an X-macro table). The enum, the names,
 * the default severities, the messages, `amc rules` and docs/codes.md all come from it.
 */
#ifndef AMC_DIAG_H
#define AMC_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include "amc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup diag Diagnostics
 *  @{ */

typedef enum amc_severity { AMC_SEV_ERROR = 0, AMC_SEV_WARNING = 1, AMC_SEV_INFO = 2 } amc_severity;

/** Every diagnostic code. Numbers are explicit and append-only. */
typedef enum amc_code {
#define AMC_CODE(id, num, sev, name, msg) AMC_C_##id = num,
#include "amc/codes.def"
#undef AMC_CODE
    AMC_C__END_UNUSED = 0x7fffffff
} amc_code;

/** Number of codes in the table. */
enum {
    AMC_CODE_COUNT = 0
#define AMC_CODE(id, num, sev, name, msg) +1
#include "amc/codes.def"
#undef AMC_CODE
};

/** Static dotted name of a code ("json.duplicate-key"), or NULL if unknown. */
AMC_API const char *amc_code_name(amc_code code);
/** Static identifier of a code ("JSON_DUP_KEY"), or NULL if unknown. */
AMC_API const char *amc_code_id(amc_code code);
/** Static default message of a code, or NULL if unknown. */
AMC_API const char *amc_code_message(amc_code code);
/** Default severity of a code (AMC_SEV_ERROR if unknown). */
AMC_API amc_severity amc_code_severity(amc_code code);
/** Looks a code up by identifier or dotted name; returns 0 if unknown. */
AMC_API amc_code amc_code_lookup(const char *name);
/** The i-th code in table order (0 <= i < AMC_CODE_COUNT). */
AMC_API amc_code amc_code_at(size_t i);
/** "error", "warning" or "info". */
AMC_API const char *amc_severity_str(amc_severity sev);

/**
 * One diagnostic. All strings are owned by the amc_diags list that holds the diagnostic and are
 * NULL when absent. Positions with offset == AMC_NO_OFFSET are unknown.
 */
typedef struct amc_diag {
    amc_code code;
    amc_severity sev;
    const char *message;      /**< full message (never NULL) */
    const char *instance_ptr; /**< JSON Pointer into the instance, or a header name */
    const char *keyword_ptr;  /**< schema keywordLocation (JSON Pointer), if from a schema */
    const char *schema_uri;   /**< absoluteKeywordLocation, if from a schema */
    amc_pos at;               /**< where the problem is */
    const char *context;      /**< optional context ("first defined here", ...) */
    amc_pos context_at;       /**< position the context refers to */
    const char *rule_id;      /**< catalog rule id (profiles), or NULL */
    amc_code also_code;       /**< 0, or a second code of this same finding: the reader code a
                                   profile rule restates (IGNITE_MSG_MALFORMED also
                                   MIME_NO_COLON), or another rule's code that reports the same
                                   thing at the same place. A finding is reported once. */
} amc_diag;

/** An ordered list of diagnostics; also the sink every reader and validator reports into. */
typedef struct amc_diags amc_diags;

/** Callback invoked on every diagnostic as it is added (optional). */
typedef void (*amc_diag_cb)(const amc_diag *d, void *userdata);

/** New empty list keeping at most max_diags diagnostics (0: default 1000). NULL on ENOMEM. */
AMC_API amc_diags *amc_diags_new(uint32_t max_diags);
/** Frees the list and every string of its diagnostics. NULL: no-op. */
AMC_API void amc_diags_free(amc_diags *ds);
/** Removes all diagnostics (keeps the callback). */
AMC_API void amc_diags_clear(amc_diags *ds);
/** Filter: called on a copy of every diagnostic before it is kept or counted; it may change the
 *  copy's severity; returning false drops the diagnostic (not kept, not counted). */
typedef bool (*amc_diag_filter)(amc_diag *d, void *userdata);
/** Sets the filter for every diagnostic added from now on (NULL to remove); kept by clear. The
 *  CLI's per-rule settings (--disable, --config, .amc.yaml) are one. */
AMC_API void amc_diags_set_filter(amc_diags *ds, amc_diag_filter filter, void *userdata);
/** Sets a callback called for every diagnostic added from now on (NULL to remove). */
AMC_API void amc_diags_set_callback(amc_diags *ds, amc_diag_cb cb, void *userdata);
/** Number of diagnostics kept. */
AMC_API size_t amc_diags_count(const amc_diags *ds);
/** The i-th diagnostic, or NULL if out of range. Valid until the list is cleared or freed. */
AMC_API const amc_diag *amc_diags_get(const amc_diags *ds, size_t i);
/** Counts of errors/warnings/infos added, including ones dropped past max_diags. */
AMC_API size_t amc_diags_errors(const amc_diags *ds);
AMC_API size_t amc_diags_warnings(const amc_diags *ds);
AMC_API size_t amc_diags_infos(const amc_diags *ds);
/** Number of diagnostics dropped because max_diags was reached. */
AMC_API size_t amc_diags_dropped(const amc_diags *ds);

/**
 * Adds a diagnostic. fmt may be NULL: the code's default message is used. Strings are copied.
 * Returns AMC_OK, or AMC_ENOMEM (the diagnostic is then counted but not kept).
 */
AMC_API amc_status amc_diags_add(amc_diags *ds, const amc_diag *d);
/** Convenience: adds code with its default severity at pos, message from printf-style fmt. */
AMC_API amc_status amc_diags_addf(amc_diags *ds, amc_code code, amc_pos at, const char *fmt, ...)
    AMC_PRINTF(4, 5);
/** Appends copies of every diagnostic of src to dst. */
AMC_API amc_status amc_diags_append(amc_diags *dst, const amc_diags *src);
/**
 * Shifts the positions of diagnostics [first, count) that were reported against a sub-buffer
 * (for example a MIME body) so they refer to the enclosing buffer, where the sub-buffer starts
 * at base: offset += base.offset; line += base.line; col += base.col only on line 0.
 */
AMC_API void amc_diags_rebase(amc_diags *ds, size_t first, amc_pos base);
/** Sorts diagnostics by offset (stable; unknown offsets last). */
AMC_API void amc_diags_sort(amc_diags *ds);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
