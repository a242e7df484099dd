/*
 * amc/common.h - export macro, status codes, positions and limits shared by every amc header.
 *
 * Ownership rule (applies to the whole API; exceptions say so on the function):
 *   - Inputs are borrowed and const. amc never modifies what it is given.
 *   - Outputs are owned by the caller and freed with the matching amc_*_free(), which accepts NULL.
 *   - Strings and nodes inside a result live exactly as long as that result.
 */
#ifndef AMC_COMMON_H
#define AMC_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup common Common definitions
 *  @{ */

#if defined(AMC_BUILDING_LIBRARY) && defined(__GNUC__)
#define AMC_API __attribute__((visibility("default")))
#else
#define AMC_API
#endif

#if defined(__GNUC__)
#define AMC_WARN_UNUSED_RESULT __attribute__((warn_unused_result))
#define AMC_PRINTF(f, a)       __attribute__((format(printf, f, a)))
#else
#define AMC_WARN_UNUSED_RESULT
#define AMC_PRINTF(f, a)
#endif

#define AMC_VERSION_MAJOR  0
#define AMC_VERSION_MINOR  1
#define AMC_VERSION_PATCH  0
#define AMC_VERSION_STRING "0.1.0"

/** Result of every fallible public function. 0 is success. */
typedef enum amc_status {
    AMC_OK = 0,       /**< success (the result may still carry warnings) */
    AMC_EINVALID = 1, /**< the input is malformed or invalid; diagnostics say why */
    AMC_ELIMIT = 2,   /**< a configured limit was hit; diagnostics say which */
    AMC_ENOMEM = 3,   /**< an allocation failed */
    AMC_EIO = 4,      /**< an I/O operation failed (only functions that do I/O) */
    AMC_EUSAGE = 5,   /**< the caller passed invalid arguments */
    AMC_EINTERNAL = 6 /**< a bug in amc; please report it */
} amc_status;

/** Returns a static, human-readable name for a status ("ok", "invalid", ...). */
AMC_API const char *amc_status_str(amc_status st);

/**
 * A position in an input buffer. All fields are zero-based; the CLI prints line and col + 1.
 * col counts Unicode code points from the start of the line (a UTF-8 continuation byte does
 * not advance it); invalid bytes count one each.
 */
typedef struct amc_pos {
    size_t offset; /**< byte offset from the start of the input */
    uint32_t line; /**< zero-based line (LF, CRLF and lone CR each end a line) */
    uint32_t col;  /**< zero-based column in code points */
} amc_pos;

/** Marker for "no position known". */
#define AMC_NO_OFFSET ((size_t)-1)

/**
 * Limits applied by readers and validators. Always start from AMC_LIMITS_DEFAULT and change
 * single fields; a zero field means "use the default" so that new fields stay safe.
 */
typedef struct amc_limits {
    size_t max_input_bytes;     /**< whole input; default 64 MiB */
    uint32_t max_depth;         /**< nesting of arrays/objects; default 128 */
    size_t max_string_bytes;    /**< one string or scalar; default 16 MiB */
    size_t max_nodes;           /**< values in one document; default 8 Mi */
    size_t max_alias_nodes;     /**< YAML: nodes produced through aliases; default 10000 */
    size_t max_header_bytes;    /**< MIME: header block size; default 64 KiB */
    uint32_t max_header_fields; /**< MIME: number of header fields; default 256 */
    uint32_t max_diags;         /**< diagnostics kept per result; default 1000 */
    uint32_t regex_match_limit; /**< PCRE2 match limit; default 1000000 */
} amc_limits;

#define AMC_LIMITS_DEFAULT                                                                         \
    {                                                                                              \
        (size_t)64 << 20, 128, (size_t)16 << 20, (size_t)8 << 20, 10000, 65536, 256, 1000, 1000000 \
    }

/** Fills zero fields of *lim with the defaults. */
AMC_API void amc_limits_normalize(amc_limits *lim);

/** Returns the library version string ("0.1.0"); equals AMC_VERSION_STRING. */
AMC_API const char *amc_version(void);

/** Frees memory that an amc function documented as "free with amc_free()". NULL: no-op. */
AMC_API void amc_free(void *p);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
