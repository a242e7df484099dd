/*
 * uri.c - RFC 3986 URI references for the schema registry.
 *
 * Accepted: URI-reference (RFC 3986 section 4.1), split with the regular expression of
 * appendix B, plus these checks: the scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." );
 * no control characters, no space, none of '"' '<' '>' '\' '^' '`' '{' '|' '}' (RFC 3986 does
 * not allow them anywhere); every '%' starts a pct-encoded triplet; in a relative reference
 * without authority the first path segment has no ':' (section 4.2). '#' may appear once.
 * Decisions:
 *   - Non-ASCII bytes are accepted as they are (IRIs, RFC 3987): schema authors write them and
 *     the registry compares bytes.
 *   - Resolution is exactly section 5.2.2 with remove_dot_segments (5.2.4); the base's
 *     fragment is ignored.
 *   - The result is normalised (6.2.2): scheme and host in lower case, percent-encoding hex in
 *     upper case, pct-encoded unreserved characters decoded, dot segments removed; and (6.2.3)
 *     an empty path after an authority becomes "/" for http, https, ws, wss and file. Two URIs
 *     that differ only in those ways name the same schema resource.
 *   - A result without authority whose path begins with "//" gets a "/." prefix (as the WHATWG
 *     URL serializer does), so that it does not read back as an authority.
 *   - A URN ("urn:example:foo") is an absolute URI with a rootless path; resolving "#x" or
 *     "#/a" against it works as for any other base.
 */
#include <string.h>
#include "core/arena_int.h"
#include "core/buf_int.h"
#include "uri_int.h"

static bool is_alpha(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool is_unreserved(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

static bool bad_char(unsigned char c)
{
    return c <= 0x20 || c == 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' ||
           c == '`' || c == '{' || c == '|' || c == '}';
}

bool amc_uri_parse(const char *s, size_t n, amc_uri_parts *out)
{
    size_t i = 0, p = 0;
    amc_uri_span none = {AMC_URI_ABSENT, 0};
    out->scheme = out->authority = out->path = out->query = out->fragment = none;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (bad_char(c))
            return false;
        if (c == '%' && (i + 2 >= n || hexval((unsigned char)s[i + 1]) < 0 ||
                         hexval((unsigned char)s[i + 2]) < 0))
            return false;
    }
    /* scheme: chars up to the first ':' that come before any '/', '?', '#' */
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (c == ':' || c == '/' || c == '?' || c == '#')
            break;
    }
    if (i < n && s[i] == ':' && i > 0) {
        size_t k = 0;
        if (!is_alpha((unsigned char)s[0]))
            return false;
        for (k = 1; k < i; k++) {
            unsigned char c = (unsigned char)s[k];
            if (!is_alpha(c) && !is_digit(c) && c != '+' && c != '-' && c != '.')
                return false;
        }
        out->scheme.off = 0;
        out->scheme.len = i;
        p = i + 1;
    } else if (i < n && s[i] == ':') {
        return false; /* ":foo" */
    }
    if (p + 1 < n && s[p] == '/' && s[p + 1] == '/') {
        size_t a = p + 2;
        i = a;
        while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#')
            i++;
        out->authority.off = a;
        out->authority.len = i - a;
        p = i;
    }
    i = p;
    while (i < n && s[i] != '?' && s[i] != '#')
        i++;
    out->path.off = p;
    out->path.len = i - p;
    /* A relative-path reference whose first segment contains ':' never gets here: that ':'
     * comes before any '/', '?' and '#', so the scheme scan above stopped at it and either took
     * what precedes it as the scheme or refused the reference. */
    p = i;
    if (p < n && s[p] == '?') {
        i = p + 1;
        while (i < n && s[i] != '#')
            i++;
        out->query.off = p + 1;
        out->query.len = i - p - 1;
        p = i;
    }
    if (p < n && s[p] == '#') {
        out->fragment.off = p + 1;
        out->fragment.len = n - p - 1;
        if (memchr(s + p + 1, '#', n - p - 1))
            return false;
    }
    return true;
}

size_t amc_uri_fragment_at(const char *s)
{
    const char *h = strchr(s, '#');
    return h ? (size_t)(h - s) : strlen(s);
}

size_t amc_uri_pct_decode(const char *s, size_t n, char *out)
{
    size_t i = 0, o = 0;
    for (i = 0; i < n; i++) {
        if (s[i] == '%') {
            int h = 0, l = 0;
            if (i + 2 >= n)
                return (size_t)-1;
            h = hexval((unsigned char)s[i + 1]);
            l = hexval((unsigned char)s[i + 2]);
            if (h < 0 || l < 0)
                return (size_t)-1;
            out[o++] = (char)(h * 16 + l);
            i += 2;
        } else {
            out[o++] = s[i];
        }
    }
    return o;
}

/* Appends s[0..n) normalising percent-encoding (6.2.2.1 and 6.2.2.2); lower_case folds ASCII
 * letters (for scheme and host). */
static amc_status put_norm(amc_buf *b, const char *s, size_t n, bool lower_case)
{
    size_t i = 0;
    amc_status st = AMC_OK;
    for (i = 0; i < n && st == AMC_OK; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '%' && i + 2 < n) {
            int h = hexval((unsigned char)s[i + 1]);
            int l = hexval((unsigned char)s[i + 2]);
            if (h >= 0 && l >= 0) {
                unsigned char d = (unsigned char)(h * 16 + l);
                if (is_unreserved(d)) {
                    st = amc_buf_putc(b, (char)d);
                } else {
                    static const char hx[] = "0123456789ABCDEF";
                    char t[3] = {'%', hx[h], hx[l]};
                    st = amc_buf_append(b, t, 3);
                }
                i += 2;
                continue;
            }
        }
        if (lower_case && c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        st = amc_buf_putc(b, (char)c);
    }
    return st;
}

/* RFC 3986 5.2.4 remove_dot_segments, appending the result to out. */
static amc_status remove_dots(amc_buf *out, const char *in, size_t n)
{
    size_t start = out->len, i = 0;
    amc_status st = AMC_OK;
    while (i < n && st == AMC_OK) {
        const char *p = in + i;
        size_t rest = n - i;
        if (rest >= 3 && !memcmp(p, "../", 3)) {
            i += 3;
        } else if (rest >= 2 && !memcmp(p, "./", 2)) {
            i += 2;
        } else if (rest >= 3 && !memcmp(p, "/./", 3)) {
            i += 2; /* replace "/./" by "/" */
        } else if (rest == 2 && !memcmp(p, "/.", 2)) {
            /* replace "/." by "/" at the end */
            st = amc_buf_putc(out, '/');
            i += 2;
        } else if ((rest >= 4 && !memcmp(p, "/../", 4)) || (rest == 3 && !memcmp(p, "/..", 3))) {
            /* remove the last segment of the output */
            size_t k = out->len;
            while (k > start && out->data[k - 1] != '/')
                k--;
            if (k > start)
                k--;
            out->len = k;
            if (out->data)
                out->data[k] = '\0';
            if (rest == 3) {
                st = amc_buf_putc(out, '/');
                i += 3;
            } else {
                i += 3; /* leaves the "/" of "/../" as the start of the next input */
            }
        } else if ((rest == 1 && p[0] == '.') || (rest == 2 && !memcmp(p, "..", 2))) {
            i = n;
        } else {
            size_t k = 1;
            while (k < rest && p[k] != '/')
                k++;
            if (p[0] != '/') {
                k = 0;
                while (k < rest && p[k] != '/')
                    k++;
            }
            st = amc_buf_append(out, p, k);
            i += k;
        }
    }
    return st;
}

static bool span_has(amc_uri_span s)
{
    return s.off != AMC_URI_ABSENT;
}

static bool scheme_is(const char *s, amc_uri_span sp, const char *name)
{
    size_t k = 0, n = strlen(name);
    if (sp.len != n)
        return false;
    for (k = 0; k < n; k++) {
        char c = s[sp.off + k];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != name[k])
            return false;
    }
    return true;
}

/* Host part of an authority: after the last '@'. Only the host is case-folded. */
static amc_status put_authority(amc_buf *b, const char *s, amc_uri_span a)
{
    const char *p = s + a.off;
    size_t at = a.len;
    amc_status st = AMC_OK;
    while (at > 0 && p[at - 1] != '@')
        at--;
    st = put_norm(b, p, at, false);
    if (st == AMC_OK)
        st = put_norm(b, p + at, a.len - at, true);
    return st;
}

amc_status amc_uri_resolve(const char *base, const char *ref, size_t reflen, char **out)
{
    amc_uri_parts r, bp;
    amc_buf b, path;
    amc_status st = AMC_OK;
    const char *src_scheme = NULL, *src_auth = NULL, *src_query = NULL;
    amc_uri_span sch = {AMC_URI_ABSENT, 0}, auth = {AMC_URI_ABSENT, 0}, query = {AMC_URI_ABSENT, 0};
    size_t blen = base ? strlen(base) : 0;
    *out = NULL;
    if (!amc_uri_parse(ref, reflen, &r))
        return AMC_EINVALID;
    if (!span_has(r.scheme)) {
        if (!base || !amc_uri_parse(base, blen, &bp) || !span_has(bp.scheme))
            return AMC_EINVALID;
    }
    amc_buf_init(&b, (size_t)1 << 20);
    amc_buf_init(&path, (size_t)1 << 20);
    if (span_has(r.scheme)) {
        src_scheme = src_auth = src_query = ref;
        sch = r.scheme;
        auth = r.authority;
        query = r.query;
        st = remove_dots(&path, ref + r.path.off, r.path.len);
    } else {
        src_scheme = base;
        sch = bp.scheme;
        if (span_has(r.authority)) {
            src_auth = src_query = ref;
            auth = r.authority;
            query = r.query;
            st = remove_dots(&path, ref + r.path.off, r.path.len);
        } else {
            src_auth = base;
            auth = bp.authority;
            if (r.path.len == 0) {
                st = amc_buf_append(&path, base + bp.path.off, bp.path.len);
                if (span_has(r.query)) {
                    src_query = ref;
                    query = r.query;
                } else {
                    src_query = base;
                    query = bp.query;
                }
            } else {
                src_query = ref;
                query = r.query;
                if (ref[r.path.off] == '/') {
                    st = remove_dots(&path, ref + r.path.off, r.path.len);
                } else {
                    amc_buf merged;
                    amc_buf_init(&merged, (size_t)1 << 20);
                    if (span_has(bp.authority) && bp.path.len == 0) {
                        st = amc_buf_putc(&merged, '/');
                    } else {
                        size_t k = bp.path.len;
                        while (k > 0 && base[bp.path.off + k - 1] != '/')
                            k--;
                        st = amc_buf_append(&merged, base + bp.path.off, k);
                    }
                    if (st == AMC_OK)
                        st = amc_buf_append(&merged, ref + r.path.off, r.path.len);
                    if (st == AMC_OK)
                        st = remove_dots(&path, merged.data ? merged.data : "", merged.len);
                    amc_buf_release(&merged);
                }
            }
        }
    }
    /* assemble, normalising */
    if (st == AMC_OK)
        st = put_norm(&b, src_scheme + sch.off, sch.len, true);
    if (st == AMC_OK)
        st = amc_buf_putc(&b, ':');
    if (st == AMC_OK && span_has(auth)) {
        st = amc_buf_append(&b, "//", 2);
        if (st == AMC_OK)
            st = put_authority(&b, src_auth, auth);
        if (st == AMC_OK && path.len == 0 &&
            (scheme_is(src_scheme, sch, "http") || scheme_is(src_scheme, sch, "https") ||
             scheme_is(src_scheme, sch, "ws") || scheme_is(src_scheme, sch, "wss") ||
             scheme_is(src_scheme, sch, "file")))
            st = amc_buf_putc(&b, '/');
    }
    /* Without an authority a path may not begin with "//" (section 3.3): written out as it is,
     * it would read back as an authority ("https:/a/..//h" -> "https://h", another resource,
     * and resolving the result again would not give the result). Like the WHATWG URL
     * serializer, keep it a path with a "/." prefix; remove_dot_segments takes the prefix off
     * again, so the result resolves to itself. */
    if (st == AMC_OK && !span_has(auth) && path.len >= 2 && path.data[0] == '/' &&
        path.data[1] == '/')
        st = amc_buf_append(&b, "/.", 2);
    if (st == AMC_OK)
        st = put_norm(&b, path.data ? path.data : "", path.len, false);
    if (st == AMC_OK && span_has(query)) {
        st = amc_buf_putc(&b, '?');
        if (st == AMC_OK)
            st = put_norm(&b, src_query + query.off, query.len, false);
    }
    if (st == AMC_OK && span_has(r.fragment)) {
        st = amc_buf_putc(&b, '#');
        if (st == AMC_OK)
            st = put_norm(&b, ref + r.fragment.off, r.fragment.len, false);
    }
    amc_buf_release(&path);
    if (st != AMC_OK) {
        amc_buf_release(&b);
        return st == AMC_ELIMIT ? AMC_EINVALID : st;
    }
    *out = amc_buf_take(&b, NULL);
    return *out ? AMC_OK : AMC_ENOMEM;
}
