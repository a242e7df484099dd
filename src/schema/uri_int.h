/*
 * uri_int.h - RFC 3986 URI references: parsing, reference resolution (section 5.2) and the
 * normalisation the schema registry uses for its keys (section 6.2.2: case of scheme, host and
 * percent-encoding hex digits, decoding of percent-encoded unreserved characters, dot segments;
 * section 6.2.3: an empty path with an authority is "/" for http, https, ws, wss and file).
 */
#ifndef AMC_URI_INT_H
#define AMC_URI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include "amc/common.h"

/* Components of a URI reference as spans into the text. A component that is absent has
 * off == (size_t)-1 (which differs from present-but-empty: "http://a?" has an empty query). */
typedef struct amc_uri_span {
    size_t off, len;
} amc_uri_span;

typedef struct amc_uri_parts {
    amc_uri_span scheme, authority, path, query, fragment;
} amc_uri_parts;

#define AMC_URI_ABSENT ((size_t)-1)

/* Splits s[0..n) into components (RFC 3986 appendix B) and checks the characters: returns false
 * for a malformed scheme, control characters, spaces, or characters RFC 3986 forbids anywhere
 * ('"', '<', '>', '\\', '^', '`', '{', '|', '}'), a '%' not followed by two hex digits, or a
 * relative reference whose first path segment contains ':'. Non-ASCII bytes (IRIs) are
 * accepted. */
bool amc_uri_parse(const char *s, size_t n, amc_uri_parts *out);

/*
 * Resolves the reference ref[0..reflen) against base (an absolute URI, NUL-terminated; NULL
 * when there is none) per RFC 3986 section 5.2.2 and normalises the result. *out is a new
 * NUL-terminated string (free with amc_xfree). Returns AMC_OK, AMC_EINVALID (malformed ref or
 * base, or a relative ref without a base), AMC_ENOMEM.
 */
amc_status amc_uri_resolve(const char *base, const char *ref, size_t reflen,
                           char **out) AMC_WARN_UNUSED_RESULT;

/* Offset of the '#' that starts the fragment of the NUL-terminated URI s, or strlen(s). */
size_t amc_uri_fragment_at(const char *s);

/* Percent-decodes s[0..n) into out (at least n bytes); returns the decoded length, or
 * (size_t)-1 if a '%' is not followed by two hex digits. */
size_t amc_uri_pct_decode(const char *s, size_t n, char *out);
#endif
