/*
 * jcs.c - RFC 8785 JSON Canonicalization Scheme (JCS): the canonical text of a value tree.
 *
 * What is written (RFC 8785 section numbers):
 *   3.2.1   no whitespace between tokens; the literals null, true, false.
 *   3.2.2.2 strings: '"' and '\' escaped as \" and \\; U+0008, U+0009, U+000A, U+000C, U+000D
 *           as \b \t \n \f \r; the other controls U+0000..U+001F as \u00xx with lowercase hex.
 *           Everything else ('/', U+007F, U+2028, U+2029, all non-ASCII) is literal UTF-8.
 *   3.2.2.3 numbers: ECMAScript Number::toString (ECMA-262, radix 10) of the nearest IEEE-754
 *           double, i.e. amc_value.u.num.d (the readers round it correctly).
 *   3.2.3   object members sorted by the UTF-16 code units of their keys; array order is kept;
 *           both applied at every level.
 *
 * Decisions:
 *   - Keys stay UTF-8. The comparison finds the first differing code point and maps it to a
 *     weight in UTF-16 code unit order: U+10000..U+10FFFF (a surrogate pair, first unit
 *     D800..DBFF) sorts below U+E000..U+FFFF. That is where UTF-16 order and UTF-8 byte order
 *     (= code point order) disagree; everywhere else they agree.
 *   - The sort is stable. The readers reject duplicate keys, but a built tree may hold equal
 *     keys: they keep their source order (the output is then deterministic but not I-JSON; the
 *     readers, not this writer, report duplicates).
 *   - A number outside double range (AMC_NUM_OVERFLOW, e.g. 1e400) or a non-finite num.d (a
 *     built tree) is an error JCS_NUMBER_RANGE: I-JSON, hence RFC 8785, has no form for it.
 *   - A number whose canonical form denotes another decimal value than its source text
 *     (12345678901234567890 -> 12345678901234567000, 0.10000000000000001 -> 0.1, 1e-400 -> 0)
 *     is NOT an error: RFC 8785 defines numbers through the double. One INFO
 *     JCS_NUMBER_PRECISION per such number tells the user. The test compares decimal values of
 *     the source text and the canonical text, so 9223372036854775808 (exactly 2^63, written
 *     9223372036854776000) is reported too: a big-integer consumer of the canonical text reads
 *     another value. "1.0" -> "1" and "-0" -> "0" keep the value and are not reported.
 *   - Strings and keys must be valid UTF-8 (3.2.2.2 works on code points; the readers
 *     guarantee it): invalid UTF-8 in a built tree is an error UTF8_INVALID.
 *   - Every error is reported (the walk goes on), then the call fails with AMC_EINVALID and no
 *     output.
 *   - Positions: the API receives a value, not its document, so a diagnostic carries
 *     at.offset = the source offset of the value (of the key, for keys) and line = col = 0.
 *     Callers holding the document map the offset with amc_doc_pos(). Every diagnostic also
 *     carries the JSON Pointer of the value (instance_ptr), which needs no source. A key that
 *     contains U+0000 truncates that pointer (diagnostic strings are C strings).
 *   - diags may be NULL: nothing is reported; the status still tells what happened.
 *   - No recursion: an explicit stack walks the tree, so depth is bounded only by memory (a
 *     caller may raise the reader's depth limit, or build a deep tree by hand).
 *
 * Number formatting (amc_number_format_es): the shortest digit count p is searched over 1..17
 * (a binary search: if p digits round-trip, so do p + 1). For a given p the candidate is the
 * correctly rounded p-digit decimal from snprintf("%.*e") (glibc rounds exactly, ties to even),
 * checked by converting it back with the locale-independent amc_json_strtod. At a power of two
 * the rounding interval of a double is asymmetric, and the nearest p-digit decimal can miss
 * while its p-digit neighbour on the other side hits: 2^-24 = 5.9604644775390625e-8, nearest
 * 16 digits ...062 (tie to even) does not round-trip, ...063 does. So the neighbour across the
 * value is tried too. No other p-digit decimal can round-trip when these two do not (the set
 * of decimals that round to x is an interval), and when the nearest does it is the closest:
 * this is exactly ECMA-262's "k as small as possible, then s closest to x, then s even".
 * Integers below 2^53 take a direct path (their digits are already the shortest).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "amc/jcs.h"
#include "jcs_int.h"
#include "../core/arena_int.h"
#include "../core/buf_int.h"
#include "../core/diag_int.h"
#include "../core/jsonptr_int.h"
#include "../core/num_int.h"
#include "../core/utf8_int.h"

/* ------------------------------------------------------------------------------------------ */
/* ECMAScript Number::toString                                                                 */
/* ------------------------------------------------------------------------------------------ */

#define ES_MAXDIG 17 /* 17 significant digits always identify a double */

/* Parses snprintf "%.*e" output: significant digits into dig (no point), returns their count;
 * *e10 is the exponent (value = d1.d2d3... x 10^e10). The decimal-point character of the
 * locale, whatever it is, is skipped. */
static int parse_e(const char *s, char *dig, int *e10)
{
    int nd = 0, e = 0, neg = 0;
    while (*s && *s != 'e' && *s != 'E') {
        if (*s >= '0' && *s <= '9' && nd < ES_MAXDIG)
            dig[nd++] = *s;
        s++;
    }
    if (*s)
        s++;
    if (*s == '-') {
        neg = 1;
        s++;
    } else if (*s == '+') {
        s++;
    }
    while (*s >= '0' && *s <= '9' && e < 100000) {
        e = e * 10 + (*s - '0');
        s++;
    }
    *e10 = neg ? -e : e;
    return nd;
}

/* The double nearest to d1.d2..dnd x 10^e (locale independent). */
static double digits_value(const char *dig, int nd, int e)
{
    char t[48];
    int len = 0, w = 0;
    t[len++] = dig[0];
    if (nd > 1) {
        t[len++] = '.';
        memcpy(t + len, dig + 1, (size_t)(nd - 1));
        len += nd - 1;
    }
    w = snprintf(t + len, sizeof t - (size_t)len, "e%d", e);
    if (w > 0)
        len += w;
    return amc_json_strtod(t, (size_t)len);
}

/* Moves d1.d2..dnd x 10^e to the next nd-digit decimal above (up) or below (!up). */
static void digits_step(char *dig, int nd, int *e, int up)
{
    int i = nd - 1;
    if (up) {
        while (i >= 0 && dig[i] == '9')
            dig[i--] = '0';
        if (i >= 0) {
            dig[i]++;
        } else { /* 9.99 + 0.01 = 10.0: one decade up */
            dig[0] = '1';
            (*e)++;
        }
        return;
    }
    while (i >= 0 && dig[i] == '0')
        dig[i--] = '9';
    if (i >= 0)
        dig[i]--;
    if (dig[0] == '0') { /* 1.00 - 0.01 = 0.99: the nd-digit neighbour is 9.99 a decade down */
        for (i = 0; i < nd; i++)
            dig[i] = '9';
        (*e)--;
    }
}

/* Tries p significant digits for x > 0: on success dig/nd/e hold the candidate. */
static int try_digits(double x, int p, char *dig, int *nd, int *e)
{
    char tmp[64];
    double back = 0;
    snprintf(tmp, sizeof tmp, "%.*e", p - 1, x);
    *nd = parse_e(tmp, dig, e);
    if (*nd < 1)
        return 0;
    back = digits_value(dig, *nd, *e);
    if (back == x)
        return 1;
    /* the nearest p-digit decimal misses: try its neighbour on the other side of x */
    digits_step(dig, *nd, e, back < x);
    return digits_value(dig, *nd, *e) == x;
}

/* Shortest round-trip digits of finite x > 0: returns k, fills dig[0..k) and sets *n so that
 * x = 0.d1..dk x 10^n (ECMA-262's n). */
static int shortest_digits(double x, char *dig, int *n)
{
    char cand[ES_MAXDIG];
    int lo = 1, hi = ES_MAXDIG, have = 0, nd = 0, e = 0, cnd = 0, ce = 0;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (try_digits(x, mid, cand, &cnd, &ce)) {
            hi = mid;
            memcpy(dig, cand, (size_t)cnd);
            nd = cnd;
            e = ce;
            have = mid;
        } else {
            lo = mid + 1;
        }
    }
    if (have != lo) {
        /* lo == 17 was never tried: the nearest 17-digit decimal always round-trips */
        (void)try_digits(x, lo, cand, &cnd, &ce);
        memcpy(dig, cand, (size_t)cnd);
        nd = cnd;
        e = ce;
    }
    while (nd > 1 && dig[nd - 1] == '0')
        nd--;
    *n = e + 1;
    return nd;
}

static size_t put_uint(char *out, uint64_t v)
{
    char tmp[24];
    size_t n = 0, i = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}

size_t amc_number_format_es(double d, char buf[32])
{
    char dig[ES_MAXDIG]; /* digits only, copied by count: no terminator */
    int k = 0, n = 0, i = 0;
    size_t len = 0;
    if (d != d) {
        memcpy(buf, "NaN", 4);
        return 3;
    }
    if (d == 0) { /* +0 and -0 */
        memcpy(buf, "0", 2);
        return 1;
    }
    if (d < 0) {
        buf[len++] = '-';
        d = -d;
    }
    if (isinf(d)) {
        memcpy(buf + len, "Infinity", 9);
        return len + 8;
    }
    if (d < 9007199254740992.0 && d == floor(d)) {
        /* an integer below 2^53: its own digits are the shortest, and n <= 16 <= 21 */
        len += put_uint(buf + len, (uint64_t)d);
        buf[len] = '\0';
        return len;
    }
    k = shortest_digits(d, dig, &n);
    if (k <= n && n <= 21) { /* integer: digits then n - k zeros */
        memcpy(buf + len, dig, (size_t)k);
        len += (size_t)k;
        for (i = k; i < n; i++)
            buf[len++] = '0';
    } else if (0 < n && n <= 21) { /* point inside the digits */
        memcpy(buf + len, dig, (size_t)n);
        len += (size_t)n;
        buf[len++] = '.';
        memcpy(buf + len, dig + n, (size_t)(k - n));
        len += (size_t)(k - n);
    } else if (-6 < n && n <= 0) { /* 0.000ddd */
        buf[len++] = '0';
        buf[len++] = '.';
        for (i = 0; i < -n; i++)
            buf[len++] = '0';
        memcpy(buf + len, dig, (size_t)k);
        len += (size_t)k;
    } else { /* exponent form: d[.ddd]e+x / e-x */
        buf[len++] = dig[0];
        if (k > 1) {
            buf[len++] = '.';
            memcpy(buf + len, dig + 1, (size_t)(k - 1));
            len += (size_t)(k - 1);
        }
        buf[len++] = 'e';
        buf[len++] = n - 1 >= 0 ? '+' : '-';
        len += put_uint(buf + len, (uint64_t)(n - 1 >= 0 ? n - 1 : 1 - n));
    }
    buf[len] = '\0';
    return len;
}

/* ------------------------------------------------------------------------------------------ */
/* Key order: UTF-16 code units                                                                 */
/* ------------------------------------------------------------------------------------------ */

/* Weight of a code point such that comparing weights compares UTF-16 code unit sequences. */
static uint32_t utf16_weight(uint32_t cp)
{
    if (cp >= 0x10000)
        return 0xD800 + (cp - 0x10000); /* high surrogate first: [0xD800, 0x10D7FF] */
    if (cp >= 0xE000)
        return cp + 0x100000; /* above every surrogate pair: [0x10E000, 0x10FFFF] */
    return cp;
}

/* Compares two UTF-8 strings by UTF-16 code units: < 0, 0, > 0. */
static int utf16_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
    const unsigned char *ua = (const unsigned char *)a, *ub = (const unsigned char *)b;
    size_t n = alen < blen ? alen : blen, i = 0, d = 0, la = 0, lb = 0;
    uint32_t ca = 0, cb = 0, wa = 0, wb = 0;
    while (i < n && ua[i] == ub[i])
        i++;
    if (i == n)
        return alen < blen ? -1 : alen > blen ? 1 : 0;
    if (ua[i] < 0x80 && ub[i] < 0x80) /* two ASCII characters: one code unit each */
        return ua[i] < ub[i] ? -1 : 1;
    d = i;
    /* the shared prefix ends inside or before the first differing code point: back up to its
     * lead byte (the same position in both strings, as the prefix is shared) */
    while (i > 0 && (ua[i] & 0xC0) == 0x80 && (ub[i] & 0xC0) == 0x80)
        i--;
    la = amc_utf8_decode(ua + i, alen - i, &ca);
    lb = amc_utf8_decode(ub + i, blen - i, &cb);
    if (la == 0 || lb == 0) /* invalid UTF-8 (reported; no output): byte order will do */
        return ua[d] < ub[d] ? -1 : 1;
    wa = utf16_weight(ca);
    wb = utf16_weight(cb);
    if (wa != wb)
        return wa < wb ? -1 : 1;
    return 0; /* unreachable for valid UTF-8: different bytes at a code point start */
}

static int member_cmp(const amc_member *ms, size_t x, size_t y)
{
    return utf16_cmp(ms[x].key, ms[x].key_len, ms[y].key, ms[y].key_len);
}

/* Stable sort of the member indices idx[0..n) (bottom-up merge sort; insertion sort for small
 * runs). tmp has room for n indices. */
static void sort_members(const amc_member *ms, size_t *idx, size_t *tmp, size_t n)
{
    const size_t run = 8;
    size_t i = 0, j = 0, width = 0;
    size_t *src = idx, *dst = tmp;
    for (i = 0; i < n; i += run) {
        size_t end = i + run < n ? i + run : n;
        for (j = i + 1; j < end; j++) {
            size_t v = idx[j], k = j;
            while (k > i && member_cmp(ms, idx[k - 1], v) > 0) {
                idx[k] = idx[k - 1];
                k--;
            }
            idx[k] = v;
        }
    }
    for (width = run; width < n; width *= 2) {
        for (i = 0; i < n; i += 2 * width) {
            size_t mid = i + width < n ? i + width : n;
            size_t end = i + 2 * width < n ? i + 2 * width : n;
            size_t l = i, r = mid, o = i;
            while (l < mid && r < end)
                dst[o++] = member_cmp(ms, src[r], src[l]) < 0 ? src[r++] : src[l++];
            while (l < mid)
                dst[o++] = src[l++];
            while (r < end)
                dst[o++] = src[r++];
        }
        {
            size_t *t = src;
            src = dst;
            dst = t;
        }
    }
    if (src != idx)
        memcpy(idx, src, n * sizeof *idx);
}

/* ------------------------------------------------------------------------------------------ */
/* The writer                                                                                   */
/* ------------------------------------------------------------------------------------------ */

typedef struct frame {
    const amc_value *v; /* array or object */
    size_t next;        /* index of the next child to write */
    size_t order_at;    /* objects: member indices in canonical order at pool[order_at..+n) */
} frame;

/* Key orders of recently written objects. An object whose member count matches an entry tries
 * that entry's permutation: it is taken only if it puts the keys in strictly increasing order,
 * which makes it the (unique) sorted order, so a cache hit can never change the output. Messages
 * of one kind share key sets, so a hit costs n - 1 comparisons instead of a sort. */
#define ORDER_CACHE_WAYS 8
#define ORDER_CACHE_MAX  32 /* objects with more members are always sorted */
typedef struct order_cache {
    size_t n; /* 0: empty */
    size_t order[ORDER_CACHE_MAX];
} order_cache;

struct amc_jcs_ctx {
    amc_buf out;
    amc_diags *diags;
    frame *stack;
    size_t depth, cap;
    size_t *pool; /* member orders of the open objects, LIFO: 2n entries each (order + tmp) */
    size_t pool_len, pool_cap;
    order_cache cache[ORDER_CACHE_WAYS];
    unsigned cache_next;
    int invalid;      /* an error was reported */
    int trusted_utf8; /* strings and keys are known valid UTF-8 (amc's readers): not re-checked */
};
typedef struct amc_jcs_ctx jcs_writer;

#define ORDER(w, f) ((w)->pool + (f)->order_at)

/* JSON Pointer of the child currently being written (the last one started in every frame),
 * plus key if the diagnostic is about a key of the top frame. NULL on ENOMEM. */
static char *current_pointer(const jcs_writer *w)
{
    amc_buf p;
    size_t i = 0;
    amc_status st = AMC_OK;
    amc_buf_init(&p, 0);
    st = amc_buf_append(&p, "", 0);
    for (i = 0; i < w->depth && st == AMC_OK; i++) {
        const frame *f = &w->stack[i];
        size_t child = f->next - 1;
        if (f->v->type == AMC_T_OBJECT) {
            const amc_member *m = &f->v->u.obj.members[ORDER(w, f)[child]];
            st = amc_ptr_push_key(&p, m->key, m->key_len);
        } else {
            st = amc_ptr_push_index(&p, child);
        }
    }
    if (st != AMC_OK) {
        amc_buf_release(&p);
        return NULL;
    }
    return amc_buf_take(&p, NULL);
}

static amc_pos offset_pos(size_t offset)
{
    amc_pos p;
    p.offset = offset;
    p.line = 0;
    p.col = 0;
    return p;
}

/* Reports code at offset for the value being written, with its JSON Pointer. Returns AMC_OK or
 * AMC_ENOMEM. */
static amc_status report(jcs_writer *w, amc_code code, size_t offset, const char *fmt, ...)
    AMC_PRINTF(4, 5);
static amc_status report(jcs_writer *w, amc_code code, size_t offset, const char *fmt, ...)
{
    char *ptr = NULL;
    amc_status st = AMC_OK;
    va_list ap;
    if (amc_code_severity(code) == AMC_SEV_ERROR)
        w->invalid = 1;
    if (!w->diags)
        return AMC_OK;
    ptr = current_pointer(w);
    if (!ptr)
        return AMC_ENOMEM;
    va_start(ap, fmt);
    st = amc_diag_vemit(w->diags, code, amc_code_severity(code), offset_pos(offset), ptr, fmt, ap);
    va_end(ap);
    amc_xfree(ptr);
    return st;
}

/* Number text shown in a message: at most 64 bytes. */
#define SHOWN_LEN(n)  ((int)((n) > 64 ? 64 : (n)))
#define SHOWN_MORE(n) ((n) > 64 ? "..." : "")

/* Appends a string with the escapes of RFC 8785 3.2.2.2. The caller validated the UTF-8. */
static amc_status put_string(amc_buf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, run = 0;
    amc_status st = amc_buf_putc(b, '"');
    for (i = 0; i < n && st == AMC_OK; i++) {
        unsigned char c = 0;
        /* skip 8 plain bytes at a time (SWAR: no byte < 0x20, no '"', no '\\') */
        while (i + 8 <= n) {
            const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
            uint64_t x = 0, q = 0, bs = 0;
            memcpy(&x, s + i, 8);
            q = x ^ (ones * '"');
            bs = x ^ (ones * '\\');
            if ((((x - ones * 0x20) & ~x) | ((q - ones) & ~q) | ((bs - ones) & ~bs)) & highs)
                break;
            i += 8;
        }
        if (i >= n)
            break;
        c = (unsigned char)s[i];
        char esc[6];
        size_t elen = 2;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        esc[0] = '\\';
        switch (c) {
        case '"':
            esc[1] = '"';
            break;
        case '\\':
            esc[1] = '\\';
            break;
        case '\b':
            esc[1] = 'b';
            break;
        case '\t':
            esc[1] = 't';
            break;
        case '\n':
            esc[1] = 'n';
            break;
        case '\f':
            esc[1] = 'f';
            break;
        case '\r':
            esc[1] = 'r';
            break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            elen = 6;
        }
        st = amc_buf_append(b, s + run, i - run);
        if (st == AMC_OK)
            st = amc_buf_append(b, esc, elen);
        run = i + 1;
    }
    if (st == AMC_OK)
        st = amc_buf_append(b, s + run, n - run);
    if (st == AMC_OK)
        st = amc_buf_putc(b, '"');
    return st;
}

/* Writes a string or key, reporting invalid UTF-8. plain: the reader saw no escape in the
 * source text (AMC_STR_PLAIN), so nothing needs escaping; trusted only with trusted_utf8. */
static amc_status write_text(jcs_writer *w, const char *s, size_t n, size_t offset,
                             const char *what, bool plain)
{
    size_t bad = 0;
    if (plain && w->trusted_utf8) {
        amc_buf *b = &w->out;
        amc_status st = amc_buf_reserve(b, n + 2);
        if (st != AMC_OK)
            return st;
        b->data[b->len] = '"';
        memcpy(b->data + b->len + 1, s, n);
        b->data[b->len + 1 + n] = '"';
        b->len += n + 2;
        b->data[b->len] = '\0';
        return AMC_OK;
    }
    bad = w->trusted_utf8 ? n : amc_utf8_validate(s, n);
    if (bad != n) {
        amc_status st = report(w, AMC_C_UTF8_INVALID, offset,
                               "invalid UTF-8 in a %s (byte 0x%02x at index %zu)", what,
                               (unsigned)(unsigned char)s[bad], bad);
        if (st != AMC_OK)
            return st;
        /* keep going to find more problems; the output is discarded */
    }
    return put_string(&w->out, s, n);
}

static amc_status write_number(jcs_writer *w, const amc_value *v)
{
    char text[32];
    size_t len = 0;
    const char *src = v->u.num.text;
    size_t src_len = src ? v->u.num.len : 0;
    amc_status st = AMC_OK;
    if ((v->flags & AMC_NUM_OVERFLOW) || !isfinite(v->u.num.d))
        return report(w, AMC_C_JCS_NUMBER_RANGE, v->offset,
                      "number %.*s%s is outside the IEEE-754 double range; RFC 8785 cannot "
                      "represent it",
                      SHOWN_LEN(src_len), src ? src : "", SHOWN_MORE(src_len));
    len = amc_number_format_es(v->u.num.d, text);
    st = amc_buf_append(&w->out, text, len);
    if (st != AMC_OK || !src)
        return st;
    /* exact integers up to 2^53 cannot lose anything: skip the decimal comparison */
    if (!((v->flags & AMC_NUM_INT64) && v->u.num.i <= ((int64_t)1 << 53) &&
          v->u.num.i >= -((int64_t)1 << 53))) {
        amc_decnum a, b;
        amc_decnum_parse(src, src_len, &a);
        amc_decnum_parse(text, len, &b);
        if (amc_decnum_cmp(&a, &b) != 0)
            st = report(w, AMC_C_JCS_NUMBER_PRECISION, v->offset,
                        "number %.*s%s is not exactly representable as an IEEE-754 double; its "
                        "canonical form is %s",
                        SHOWN_LEN(src_len), src, SHOWN_MORE(src_len), text);
    }
    return st;
}

/* Puts a cached key order of the n members ms into order, if one sorts them. */
static bool cached_order(const jcs_writer *w, const amc_member *ms, size_t *order, size_t n)
{
    size_t k = 0, i = 0;
    for (k = 0; k < ORDER_CACHE_WAYS; k++) {
        const order_cache *c = &w->cache[k];
        if (c->n != n)
            continue;
        for (i = 1; i < n; i++) {
            const amc_member *x = &ms[c->order[i - 1]], *y = &ms[c->order[i]];
            /* different ASCII first bytes decide at once; anything else takes utf16_cmp */
            if (x->key_len && y->key_len && (unsigned char)x->key[0] < (unsigned char)y->key[0] &&
                (unsigned char)y->key[0] < 0x80)
                continue;
            if (utf16_cmp(x->key, x->key_len, y->key, y->key_len) >= 0)
                break;
        }
        if (i == n) {
            memcpy(order, c->order, n * sizeof *order);
            return true;
        }
    }
    return false;
}

static void cache_order(jcs_writer *w, const size_t *order, size_t n)
{
    order_cache *c = &w->cache[w->cache_next++ % ORDER_CACHE_WAYS];
    c->n = n;
    memcpy(c->order, order, n * sizeof *order);
}

/* Writes a scalar, or opens a container and pushes its frame. */
static amc_status write_value(jcs_writer *w, const amc_value *v)
{
    frame *f = NULL;
    size_t n = 0, i = 0;
    size_t *order = NULL;
    switch (v->type) {
    case AMC_T_NULL:
        return amc_buf_append(&w->out, "null", 4);
    case AMC_T_BOOL:
        return v->u.boolean ? amc_buf_append(&w->out, "true", 4)
                            : amc_buf_append(&w->out, "false", 5);
    case AMC_T_NUMBER:
        return write_number(w, v);
    case AMC_T_STRING:
        return write_text(w, v->u.str.ptr, v->u.str.len, v->offset, "string",
                          (v->flags & AMC_STR_PLAIN) != 0);
    case AMC_T_ARRAY:
    case AMC_T_OBJECT:
        break;
    }
    if (v->type != AMC_T_ARRAY && v->type != AMC_T_OBJECT)
        return AMC_EUSAGE; /* not a value type */
    if (w->depth == w->cap) {
        size_t ncap = w->cap ? w->cap * 2 : 32;
        frame *ns = amc_xrealloc(w->stack, ncap * sizeof *ns);
        if (!ns)
            return AMC_ENOMEM;
        w->stack = ns;
        w->cap = ncap;
    }
    f = &w->stack[w->depth];
    f->v = v;
    f->next = 0;
    f->order_at = w->pool_len;
    if (v->type == AMC_T_ARRAY) {
        w->depth++;
        return amc_buf_putc(&w->out, '[');
    }
    n = v->u.obj.len;
    if (n) {
        if (n > (SIZE_MAX / sizeof(size_t) - w->pool_len) / 2)
            return AMC_ENOMEM;
        if (w->pool_len + 2 * n > w->pool_cap) {
            size_t ncap = w->pool_cap ? w->pool_cap : 64;
            size_t *np = NULL;
            while (ncap < w->pool_len + 2 * n)
                ncap = ncap > SIZE_MAX / (4 * sizeof(size_t)) ? w->pool_len + 2 * n : ncap * 2;
            np = amc_xrealloc(w->pool, ncap * sizeof *np);
            if (!np)
                return AMC_ENOMEM;
            w->pool = np;
            w->pool_cap = ncap;
        }
        order = w->pool + w->pool_len;
        w->pool_len += 2 * n;
        if (n == 1) {
            order[0] = 0;
        } else if (n > ORDER_CACHE_MAX || !cached_order(w, v->u.obj.members, order, n)) {
            for (i = 0; i < n; i++)
                order[i] = i;
            sort_members(v->u.obj.members, order, order + n, n);
            if (n <= ORDER_CACHE_MAX)
                cache_order(w, order, n);
        }
    }
    w->depth++;
    return amc_buf_putc(&w->out, '{');
}

static amc_status walk(jcs_writer *w, const amc_value *root)
{
    amc_status st = write_value(w, root);
    while (st == AMC_OK && w->depth > 0) {
        frame *f = &w->stack[w->depth - 1];
        const amc_value *v = f->v;
        int is_obj = v->type == AMC_T_OBJECT;
        size_t len = is_obj ? v->u.obj.len : v->u.arr.len;
        const amc_value *child = NULL;
        if (f->next == len) {
            st = amc_buf_putc(&w->out, is_obj ? '}' : ']');
            w->pool_len = f->order_at;
            w->depth--;
            continue;
        }
        if (f->next > 0)
            st = amc_buf_putc(&w->out, ',');
        f->next++;
        if (st != AMC_OK)
            break;
        if (is_obj) {
            const amc_member *m = &v->u.obj.members[ORDER(w, f)[f->next - 1]];
            size_t off = m->key_offset;
            st = write_text(w, m->key, m->key_len, off, "key", false);
            if (st == AMC_OK)
                st = amc_buf_putc(&w->out, ':');
            child = m->value;
        } else {
            child = v->u.arr.items[f->next - 1];
        }
        if (st == AMC_OK)
            st = child ? write_value(w, child) : AMC_EUSAGE;
    }
    return st;
}

/* ---- fast path: documents of amc's readers (trusted UTF-8) ----
 * The same output as walk() for the common case, with the output cursor kept in registers. It
 * gives up (FAST_FALLBACK; the caller starts over with walk()) on anything that may need a
 * diagnostic or is unusual: a number other than an integer within +-2^53, nesting deeper than
 * FAST_DEPTH, an object with more than ORDER_CACHE_MAX members. */
#define FAST_DEPTH    16
#define FAST_OK       0
#define FAST_FALLBACK 1
#define FAST_FAIL     2 /* w->out could not grow */

/* Non-zero if one of the 8 bytes of x is below 0x20, '"' or '\\' (exact as a yes/no answer). */
static inline uint64_t word_special(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t q = x ^ (ones * '"'), bs = x ^ (ones * '\\');
    return (((x - ones * 0x20) & ~x) | ((q - ones) & ~q) | ((bs - ones) & ~bs)) & highs;
}

/* True if no byte of s[0..n) needs an escape; whole words, the tail as an overlapping word. */
static inline bool plain_bytes(const char *s, size_t n)
{
    uint64_t x = 0;
    size_t i = 0;
    if (n >= 8) {
        for (i = 0; i + 8 <= n; i += 8) {
            memcpy(&x, s + i, 8);
            if (word_special(x))
                return false;
        }
        if (i < n)
            memcpy(&x, s + n - 8, 8);
        return i == n || !word_special(x);
    }
    if (n >= 4) {
        uint32_t lo = 0, hi = 0;
        memcpy(&lo, s, 4);
        memcpy(&hi, s + n - 4, 4);
        return !word_special((uint64_t)lo | ((uint64_t)hi << 32));
    }
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == '"' || s[i] == '\\')
            return false;
    return true;
}

/* Copies n bytes to d; short strings (most keys and values) with two overlapping word copies
 * instead of a call to memcpy. Returns d + n. */
static inline char *copy_bytes(char *d, const char *s, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t x = 0, y = 0;
        memcpy(&x, s, 8);
        memcpy(&y, s + n - 8, 8);
        memcpy(d, &x, 8);
        memcpy(d + n - 8, &y, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t x = 0, y = 0;
        memcpy(&x, s, 4);
        memcpy(&y, s + n - 4, 4);
        memcpy(d, &x, 4);
        memcpy(d + n - 4, &y, 4);
    } else if (n < 4) {
        size_t i = 0;
        for (i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        memcpy(d, s, n);
    }
    return d + n;
}

typedef struct fast_frame {
    const amc_value *v;
    size_t i, n; /* the child being written, the number of children */
    size_t order[ORDER_CACHE_MAX];
} fast_frame;

static int fast_walk(jcs_writer *w, const amc_value *v)
{
    amc_buf *b = &w->out;
    fast_frame st[FAST_DEPTH];
    size_t depth = 0;
    char *o = NULL, *end = NULL;
    fast_frame *f = NULL;
/* at least k free bytes before end (end keeps one byte for the NUL) */
#define ROOM(k)                                                                                    \
    do {                                                                                           \
        if ((size_t)(end - o) < (size_t)(k)) {                                                     \
            b->len = (size_t)(o - b->data);                                                        \
            if (amc_buf_reserve(b, (size_t)(k) + 64) != AMC_OK)                                    \
                return FAST_FAIL;                                                                  \
            o = b->data + b->len;                                                                  \
            end = b->data + b->cap - 1;                                                            \
        }                                                                                          \
    } while (0)
/* a key or string: "s" (plain: known to need no escape) */
#define TEXT(s, n, plain)                                                                          \
    do {                                                                                           \
        if ((plain) || plain_bytes((s), (n))) {                                                    \
            ROOM((n) + 2);                                                                         \
            *o++ = '"';                                                                            \
            o = copy_bytes(o, (s), (n));                                                           \
            *o++ = '"';                                                                            \
        } else {                                                                                   \
            b->len = (size_t)(o - b->data);                                                        \
            if (put_string(b, (s), (n)) != AMC_OK)                                                 \
                return FAST_FAIL;                                                                  \
            o = b->data + b->len;                                                                  \
            end = b->data + b->cap - 1;                                                            \
        }                                                                                          \
    } while (0)
    if (amc_buf_reserve(b, 256) != AMC_OK)
        return FAST_FAIL;
    o = b->data + b->len;
    end = b->data + b->cap - 1;
    for (;;) {
        /* write v: a scalar, or open a container and descend to its first child */
        switch (v->type) {
        case AMC_T_NULL:
            ROOM(4);
            memcpy(o, "null", 4);
            o += 4;
            break;
        case AMC_T_BOOL:
            ROOM(5);
            if (v->u.boolean) {
                memcpy(o, "true", 4);
                o += 4;
            } else {
                memcpy(o, "false", 5);
                o += 5;
            }
            break;
        case AMC_T_NUMBER: {
            char t[24];
            uint64_t m = 0;
            size_t k = sizeof t;
            if (!(v->flags & AMC_NUM_INT64) || v->u.num.i > ((int64_t)1 << 53) ||
                v->u.num.i < -((int64_t)1 << 53))
                return FAST_FALLBACK;
            /* an exact integer below 2^53 in magnitude: ECMAScript prints its decimal digits */
            m = v->u.num.i < 0 ? (uint64_t)(-v->u.num.i) : (uint64_t)v->u.num.i;
            do {
                t[--k] = (char)('0' + m % 10);
                m /= 10;
            } while (m);
            if (v->u.num.i < 0)
                t[--k] = '-';
            ROOM(sizeof t - k);
            memcpy(o, t + k, sizeof t - k);
            o += sizeof t - k;
            break;
        }
        case AMC_T_STRING:
            TEXT(v->u.str.ptr, v->u.str.len, (v->flags & AMC_STR_PLAIN) != 0);
            break;
        case AMC_T_ARRAY:
        case AMC_T_OBJECT: {
            bool obj = v->type == AMC_T_OBJECT;
            size_t n = obj ? v->u.obj.len : v->u.arr.len, i = 0;
            if (depth == FAST_DEPTH || (obj && n > ORDER_CACHE_MAX))
                return FAST_FALLBACK;
            ROOM(2);
            *o++ = obj ? '{' : '[';
            if (n == 0) {
                *o++ = obj ? '}' : ']';
                break;
            }
            f = &st[depth++];
            f->v = v;
            f->i = 0;
            f->n = n;
            if (obj) {
                const amc_member *ms = v->u.obj.members, *m = NULL;
                if (n == 1) {
                    f->order[0] = 0;
                } else if (!cached_order(w, ms, f->order, n)) {
                    size_t tmp[ORDER_CACHE_MAX];
                    for (i = 0; i < n; i++)
                        f->order[i] = i;
                    sort_members(ms, f->order, tmp, n);
                    cache_order(w, f->order, n);
                }
                m = &ms[f->order[0]];
                TEXT(m->key, m->key_len, false);
                ROOM(1);
                *o++ = ':';
                v = m->value;
            } else {
                v = v->u.arr.items[0];
            }
            if (!v)
                return FAST_FALLBACK;
            continue;
        }
        default:
            return FAST_FALLBACK; /* not a value type: walk() reports it */
        }
        /* v is written: close finished containers, then move to the next sibling */
        for (;;) {
            if (depth == 0) {
                b->len = (size_t)(o - b->data);
                b->data[b->len] = '\0';
                return FAST_OK;
            }
            f = &st[depth - 1];
            if (++f->i < f->n)
                break;
            ROOM(1);
            *o++ = f->v->type == AMC_T_OBJECT ? '}' : ']';
            depth--;
        }
        ROOM(1);
        *o++ = ',';
        if (f->v->type == AMC_T_OBJECT) {
            const amc_member *m = &f->v->u.obj.members[f->order[f->i]];
            TEXT(m->key, m->key_len, false);
            ROOM(1);
            *o++ = ':';
            v = m->value;
        } else {
            v = f->v->u.arr.items[f->i];
        }
        if (!v)
            return FAST_FALLBACK;
    }
#undef TEXT
#undef ROOM
}

/* One canonicalization with w (fresh or reused): the output is left in w->out. */
static amc_status run(jcs_writer *w, const amc_value *v, amc_diags *diags, bool trusted_utf8)
{
    amc_status st = AMC_OK;
    amc_buf_reset(&w->out);
    w->depth = 0;
    w->pool_len = 0;
    w->invalid = 0;
    w->diags = diags;
    w->trusted_utf8 = trusted_utf8;
    if (trusted_utf8) {
        int r = fast_walk(w, v);
        if (r == FAST_OK) {
            w->diags = NULL;
            return AMC_OK;
        }
        if (r == FAST_FAIL) { /* the buffer could not grow (its limit is SIZE_MAX / 2) */
            w->diags = NULL;
            return AMC_ENOMEM;
        }
        amc_buf_reset(&w->out); /* start over with the general writer */
    }
    st = walk(w, v);
    w->depth = 0;
    w->pool_len = 0;
    w->diags = NULL;
    if (st == AMC_OK && w->invalid)
        st = AMC_EINVALID;
    if (st == AMC_OK && !w->out.data) /* an empty output cannot happen, but keep *out valid */
        st = amc_buf_append(&w->out, "", 0);
    return st;
}

static void writer_release(jcs_writer *w)
{
    amc_buf_release(&w->out);
    amc_xfree(w->stack);
    amc_xfree(w->pool);
}

amc_status amc_jcs_write(const amc_value *v, amc_diags *diags, char **out, size_t *out_len)
{
    return amc_jcs_write_ex(v, diags, false, out, out_len);
}

amc_status amc_jcs_write_ex(const amc_value *v, amc_diags *diags, bool trusted_utf8, char **out,
                            size_t *out_len)
{
    jcs_writer *w = NULL;
    amc_status st = AMC_OK;
    if (out)
        *out = NULL;
    if (out_len)
        *out_len = 0;
    if (!v || !out)
        return AMC_EUSAGE;
    w = amc_jcs_ctx_new();
    if (!w)
        return AMC_ENOMEM;
    st = run(w, v, diags, trusted_utf8);
    if (st == AMC_OK) {
        *out = amc_buf_take(&w->out, out_len);
        if (!*out)
            st = AMC_ENOMEM;
    }
    amc_jcs_ctx_free(w);
    return st;
}

amc_jcs_ctx *amc_jcs_ctx_new(void)
{
    jcs_writer *w = amc_xmalloc(sizeof *w);
    if (!w)
        return NULL;
    memset(w, 0, sizeof *w);
    amc_buf_init(&w->out, 0);
    return w;
}

void amc_jcs_ctx_free(amc_jcs_ctx *w)
{
    if (!w)
        return;
    writer_release(w);
    amc_xfree(w);
}

amc_status amc_jcs_ctx_write(amc_jcs_ctx *w, const amc_value *v, amc_diags *diags,
                             bool trusted_utf8, const char **out, size_t *out_len)
{
    amc_status st = AMC_OK;
    if (out)
        *out = NULL;
    if (out_len)
        *out_len = 0;
    if (!w || !v || !out)
        return AMC_EUSAGE;
    st = run(w, v, diags, trusted_utf8);
    if (st != AMC_OK)
        return st;
    *out = w->out.data;
    if (out_len)
        *out_len = w->out.len;
    return AMC_OK;
}
