/*
 * json_read.c - the strict RFC 8259 JSON reader.
 *
 * Grammar accepted (RFC 8259 sections 2-8, ABNF abridged):
 *
 *   JSON-text = [BOM] ws value ws
 *   value     = false / null / true / object / array / number / string
 *   object    = '{' ws [ member *( ws ',' ws member ) ] ws '}'
 *   member    = string ws ':' ws value
 *   array     = '[' ws [ value *( ws ',' ws value ) ] ws ']'
 *   number    = [ '-' ] int [ frac ] [ exp ]
 *   int       = '0' / ( %x31-39 *DIGIT )
 *   frac      = '.' 1*DIGIT
 *   exp       = ( 'e' / 'E' ) [ '-' / '+' ] 1*DIGIT
 *   string    = '"' *char '"'
 *   char      = unescaped / '\' ( '"' / '\' / '/' / 'b' / 'f' / 'n' / 'r' / 't' / 'u' 4HEXDIG )
 *   unescaped = any Unicode scalar value except '"', '\' and U+0000..U+001F, as UTF-8
 *   ws        = *( %x20 / %x09 / %x0A / %x0D )
 *
 * Decisions (each is tested in tests/unit/test_json.c):
 *   - Any value is allowed at the top level (RFC 8259, not RFC 4627's object-or-array).
 *   - The whole input must be valid UTF-8 (RFC 3629: no overlong forms, no encoded surrogates,
 *     nothing above U+10FFFF, no truncated sequences): AMC_C_UTF8_INVALID at the first bad byte.
 *     Outside strings only ASCII can appear anyway, so a non-ASCII byte there is either invalid
 *     UTF-8 (UTF8_INVALID) or a misplaced character (JSON_SYNTAX and friends).
 *   - A leading UTF-8 byte order mark (EF BB BF) is skipped with the warning JSON_BOM: RFC 8259
 *     section 8.1 lets parsers ignore it. It is not allowed anywhere else. Offsets still count
 *     the BOM's three bytes (they are offsets into the caller's buffer).
 *   - Empty input, and input of only whitespace (or only a BOM), is AMC_C_EMPTY_INPUT.
 *   - A NUL byte anywhere outside a \u0000 escape is AMC_C_NUL_BYTE. \u0000 is allowed and
 *     decodes to U+0000 (strings and keys are length-counted).
 *   - Escapes: only the eight RFC escapes and \uXXXX. Surrogate escapes must form a pair
 *     (\uD800-\uDBFF immediately followed by \uDC00-\uDFFF); a lone high surrogate, a lone low
 *     surrogate, or a high one followed by anything else is JSON_LONE_SURROGATE at the first
 *     backslash (RFC 8259 section 8.2 leaves this undefined; we reject it).
 *   - Duplicate object keys are errors (JSON_DUP_KEY), compared byte-exactly after unescaping
 *     ("a" and "\u0061" are duplicates). Unlike syntax errors they do not stop the reader: every
 *     later duplicate is reported (at its key, with context "first defined here" at the first
 *     one), the first member is the one kept while reading, and the document is then rejected
 *     (AMC_EINVALID, *out = NULL). Objects with more than 32 members switch from a linear scan to
 *     a per-object hash set (seeded per call from heap/stack addresses, not cryptographic), so
 *     100 000 keys cost linear time.
 *   - Syntax errors stop the reader at the first one, with a specific code and the position of
 *     the offending byte (details in the code table, codes_json.def): comments, trailing commas,
 *     single quotes, NaN/Infinity, bare words, leading zeros ("01", "-01": at the '0'), a '+'
 *     sign, ".5", "1.", "1.e3", "1e", "-" (at the byte where a digit was expected), characters
 *     glued to a number ("0x1F", "1.5.3"), raw control characters in strings, trailing data.
 *   - Numbers of any length are kept exactly as their source text (amc_value.num.text); flags
 *     and the correctly rounded double follow doc.h. Numbers beyond double range are accepted with
 *     AMC_NUM_OVERFLOW (num.d = +-inf); the schema layer decides what to make of them.
 *   - Limits (amc_limits): max_input_bytes (LIMIT_SIZE, checked first), max_depth (LIMIT_DEPTH at
 *     the bracket that would exceed it: max_depth nested containers are allowed), max_nodes
 *     (LIMIT_NODES at the value that exceeds it), max_string_bytes (LIMIT_STRING for a decoded
 *     string, key or number text longer than that). A limit stops the reader with AMC_ELIMIT.
 *
 * Implementation: one pass over the doc's NUL-terminated source copy (the sentinel NUL ends every
 * inner loop without a bounds check; a NUL before the end is an input NUL byte), an explicit
 * stack of open containers (no recursion: max_depth may be set to 10^5), children gathered on
 * temporary stacks and copied into exact-size arena arrays when their container closes, nodes
 * allocated in slabs from the doc arena, and all strings, keys and number texts decoded into one
 * arena "text heap" sized to the input (decoded text plus terminators never exceeds it).
 * Speed (docs/performance.md): the whole input's UTF-8 is checked first in one SIMD pass
 * (amc_utf8_validate); when it is valid, string scans look only for '"', '\' and control bytes,
 * 16 bytes at a time with SSE2 (8 with SWAR where SSE2 is absent or AMC_SIMD=scalar), reading
 * into the padding after the source copy's NUL (AMC_DOC_PAD); when it is not, they also stop at
 * every byte >= 0x80 and check its sequence, as before, so the first error and every diagnostic
 * are the same (tests/unit/test_json_diff.c compares the reader with a frozen copy of its earlier
 * self, tests/ref/json_read_ref.inc, at every SIMD level). Duplicate keys: objects of up to 32
 * members compare 64-bit key summaries behind a 128-bit Bloom filter, larger ones hash.
 * amc_json_read_reuse() reads into a kept document (no allocation per JSON Lines record).
 * Positions (line/col) are computed only when a diagnostic is emitted.
 */
#include <float.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "amc/json.h"
#include "../core/arena_int.h"
#include "../core/diag_int.h"
#include "../core/doc_int.h"
#include "../core/num_int.h"
#include "../core/simd_int.h"
#include "../core/utf8_int.h"
#if AMC_HAVE_SSE2
#include <emmintrin.h>
#endif

#if defined(__GNUC__)
#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LIKELY(x)   (x)
#define UNLIKELY(x) (x)
#endif

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define USE_SWAR 1
#else
#define USE_SWAR 0
#endif

/* ---- character classes ---- */

enum {
    C_WS = 1,     /* JSON whitespace */
    C_DIGIT = 2,  /* 0-9 */
    C_WORD = 4,   /* [A-Za-z0-9_$]: continues a bare word */
    C_STRSP = 8,  /* needs attention inside a string: '"', '\', < 0x20, >= 0x80 */
    C_NUMEND = 16 /* must not follow a number directly: [A-Za-z0-9_.] */
};

static const unsigned char cclass[256] = {
#define W  (C_WORD | C_NUMEND)
#define D  (C_DIGIT | C_WORD | C_NUMEND)
#define S  C_STRSP
#define SW (C_STRSP | C_WS)
    /* 0x00 */ S,    S, S, S, S,      S, S, S, S, SW, SW, S, S, SW, S,        S,
    /* 0x10 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0x20 */ C_WS, 0, S, 0, C_WORD, 0, 0, 0, 0, 0,  0,  0, 0, 0,  C_NUMEND, 0,
    /* 0x30 */ D,    D, D, D, D,      D, D, D, D, D,  0,  0, 0, 0,  0,        0,
    /* 0x40 */ 0,    W, W, W, W,      W, W, W, W, W,  W,  W, W, W,  W,        W,
    /* 0x50 */ W,    W, W, W, W,      W, W, W, W, W,  W,  0, S, 0,  0,        W,
    /* 0x60 */ 0,    W, W, W, W,      W, W, W, W, W,  W,  W, W, W,  W,        W,
    /* 0x70 */ W,    W, W, W, W,      W, W, W, W, W,  W,  0, 0, 0,  0,        0,
    /* 0x80 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0x90 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xA0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xB0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xC0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xD0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xE0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
    /* 0xF0 */ S,    S, S, S, S,      S, S, S, S, S,  S,  S, S, S,  S,        S,
#undef W
#undef D
#undef S
#undef SW
};

#define CC(c) cclass[(unsigned char)(c)]

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c |= 0x20;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Length of the valid UTF-8 sequence at s (n > 0 bytes available), 0 if invalid or truncated.
 * Same rules as amc_utf8_decode (Unicode Table 3-7), inlined for the string hot path. */
static inline size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0)
        return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c < 0xF0) {
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
        return n >= 3 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (c < 0xF5) {
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
        return n >= 4 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 && (s[3] & 0xC0) == 0x80
                   ? 4
                   : 0;
    }
    return 0;
}

/* ---- growable stacks with a small inline buffer ---- */

typedef struct vec {
    void *data;
    size_t n, cap; /* in elements */
    void *local;   /* the initial inline buffer (not freed) */
} vec;

static void vec_init(vec *v, void *local, size_t cap)
{
    v->data = local;
    v->local = local;
    v->n = 0;
    v->cap = cap;
}

static void vec_release(vec *v)
{
    if (v->data != v->local)
        amc_xfree(v->data);
    v->data = NULL;
}

static bool vec_grow(vec *v, size_t esize)
{
    size_t cap = v->cap * 2;
    void *p = NULL;
    if (cap < v->cap || cap > SIZE_MAX / esize)
        return false;
    if (v->data == v->local) {
        p = amc_xmalloc(cap * esize);
        if (!p)
            return false;
        memcpy(p, v->data, v->cap * esize); /* all slots: frames keep tab buffers past n */
    } else {
        p = amc_xrealloc(v->data, cap * esize);
        if (!p)
            return false;
    }
    v->data = p;
    v->cap = cap;
    return true;
}

/* ---- parser state ---- */

typedef struct frame {
    amc_value *node;
    size_t base; /* first child's index in items (arrays) or members (objects) */
    bool is_obj;
    bool key_dup; /* the pending key is a duplicate: its member is dropped */
    const char *key;
    size_t key_len, key_off;
    uint64_t key_sig; /* key_sig() of the pending key */
    uint64_t seen[2]; /* a 128-bit Bloom filter of the key summaries of the members so far */
    /* duplicate-key hash set, used once an object has more than DUP_LINEAR members. Entries are
     * (hash32 << 32) | (member index - base + 1); 0 is empty. tab is either the parser's inline
     * table (tab_local; one object at a time may use it) or own, a heap buffer that stays with
     * the frame slot for reuse by later objects at the same depth. */
    uint64_t *tab, *own;
    size_t tabcap, tabn, owncap;
    bool tab_on, tab_local;
} frame;

#define DUP_LINEAR 32

typedef struct posc { /* position cursor: diagnostics are emitted mostly in offset order */
    size_t off;
    uint32_t line, col;
} posc;

typedef struct jp {
    const char *src; /* NUL-terminated copy owned by doc */
    const char *end; /* src + len; *end == '\0' */
    size_t len;
    amc_doc *doc;
    amc_diags *ds;
    amc_limits lim;
    char *out; /* next free byte of the text heap */
    amc_value *slab;
    size_t slab_left, slab_next;
    size_t nodes;
    size_t dups;
    uint64_t seed;
    bool utf8_ok; /* the whole input is valid UTF-8: string scans need not stop at bytes >= 0x80 */
    bool simd;    /* SSE2 string scans (else 8-byte SWAR steps) */
    vec frames, items, members;
    uint64_t *sigs; /* key_sig() of each entry of members (same indexes, capacity sigcap) */
    size_t sigcap;
    uint64_t *sigs_local;
    size_t frames_used; /* high-water mark of frame slots (their own buffers are freed at end) */
    bool ltab_busy;
    posc pc_at, pc_ctx;
    /* inline hash set for the first big object open at a time: 128 slots hold the 33 to 63
     * members of an object past DUP_LINEAR at load 1/2 without an allocation (last: not zeroed
     * with the rest, tab_reserve() clears it when it takes it) */
    uint64_t ltab[128];
} jp;

/* Doubles the member stack and its parallel key summaries. */
static bool grow_members(jp *P)
{
    uint64_t *ns = NULL;
    if (!vec_grow(&P->members, sizeof(amc_member)))
        return false;
    if (P->sigcap >= P->members.cap)
        return true;
    if (P->sigs == P->sigs_local) {
        ns = amc_xmalloc(P->members.cap * sizeof *ns);
        if (ns)
            memcpy(ns, P->sigs, P->sigcap * sizeof *ns);
    } else {
        ns = amc_xrealloc(P->sigs, P->members.cap * sizeof *ns);
    }
    if (!ns)
        return false;
    P->sigs = ns;
    P->sigcap = P->members.cap;
    return true;
}

/* ---- positions and diagnostics ---- */

static amc_pos pos_at(const jp *P, posc *c, size_t off)
{
    amc_pos r;
    const char *s = P->src;
    size_t i = 0, seg = 0;
    uint32_t line = 0, col = 0;
    if (off > P->len)
        off = P->len;
    if (off < c->off) {
        c->off = 0;
        c->line = 0;
        c->col = 0;
    }
    i = seg = c->off;
    line = c->line;
    col = c->col;
    while (i < off) {
        size_t e = i;
        while (e < off && s[e] != '\n' && s[e] != '\r')
            e++;
        if (e >= off)
            break;
        if (s[e] == '\r' && e + 1 < P->len && s[e + 1] == '\n') {
            if (e + 1 >= off)
                break; /* off is the LF of a CRLF: still the CR's line */
            i = e + 2;
        } else {
            i = e + 1;
        }
        line++;
        col = 0;
        seg = i;
    }
    col += (uint32_t)amc_utf8_count(s + seg, off - seg);
    c->off = off;
    c->line = line;
    c->col = col;
    r.offset = off;
    r.line = line;
    r.col = col;
    return r;
}

/* The status for a code emit() reports: a limit or a syntax error. (Out of memory goes through
 * nomem() and the input-size limit is checked before parsing: neither reaches emit().) */
static amc_status status_of(amc_code code)
{
    switch ((int)code) {
    case AMC_C_LIMIT_DEPTH:
    case AMC_C_LIMIT_STRING:
    case AMC_C_LIMIT_NODES:
        return AMC_ELIMIT;
    default:
        return AMC_EINVALID;
    }
}

/* Emits a diagnostic at byte offset off (with an optional context at ctx_off) and returns the
 * status the reader ends with for that code. */
static amc_status emit(jp *P, amc_code code, size_t off, const char *ctx, size_t ctx_off,
                       const char *fmt, ...) AMC_PRINTF(6, 7);
static amc_status emit(jp *P, amc_code code, size_t off, const char *ctx, size_t ctx_off,
                       const char *fmt, ...)
{
    amc_diag d;
    char msg[512];
    va_list ap;
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = amc_code_severity(code);
    d.at = pos_at(P, &P->pc_at, off);
    d.context_at.offset = AMC_NO_OFFSET;
    if (ctx) {
        d.context = ctx;
        d.context_at = pos_at(P, &P->pc_ctx, ctx_off);
    }
    if (fmt) {
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        d.message = msg;
    }
    if (amc_diags_add(P->ds, &d) != AMC_OK)
        return AMC_ENOMEM;
    return status_of(code);
}

static amc_status nomem(jp *P)
{
    amc_pos none = {AMC_NO_OFFSET, 0, 0};
    (void)amc_diags_addf(P->ds, AMC_C_NOMEM, none, NULL);
    return AMC_ENOMEM;
}

#define OFF(P, p) ((size_t)((p) - (P)->src))

/* Describes the byte at p for "found ..." messages. */
static const char *describe(const jp *P, const char *p, char *buf, size_t n)
{
    unsigned char c = 0;
    uint32_t cp = 0;
    size_t k = 0;
    if (p >= P->end)
        return "end of input";
    c = (unsigned char)*p;
    if (c == '\'')
        snprintf(buf, n, "\"'\"");
    else if (c >= 0x20 && c < 0x7f)
        snprintf(buf, n, "'%c'", c);
    else if (c < 0x80)
        snprintf(buf, n, "U+%04X", c);
    else {
        k = amc_utf8_decode((const unsigned char *)p, (size_t)(P->end - p), &cp);
        if (k)
            snprintf(buf, n, "U+%04X '%.*s'", (unsigned)cp, (int)k, p);
        else
            snprintf(buf, n, "byte 0x%02X", c);
    }
    return buf;
}

/* Renders a key for a message: escaped, cut after about 60 bytes on a code point boundary. */
static const char *show_key(const char *k, size_t n, char *buf, size_t cap)
{
    size_t i = 0, o = 0;
    while (i < n && o + 8 < cap) {
        unsigned char c = (unsigned char)k[i];
        if (o >= 60 && (c & 0xC0) != 0x80) {
            memcpy(buf + o, "...", 3);
            o += 3;
            break;
        }
        if (c < 0x20 || c == 0x7f) {
            o += (size_t)snprintf(buf + o, cap - o, "\\u%04x", c);
        } else if (c == '"' || c == '\\') {
            buf[o++] = '\\';
            buf[o++] = (char)c;
        } else {
            buf[o++] = (char)c;
        }
        i++;
    }
    buf[o] = '\0';
    return buf;
}

/* The innermost open container, for "unexpected end of input" context. */
static amc_status err_eof(jp *P, const char *p, const char *what)
{
    const frame *F = NULL;
    if (P->frames.n) {
        F = (const frame *)P->frames.data + P->frames.n - 1;
        return emit(P, AMC_C_JSON_UNEXPECTED_END, OFF(P, p),
                    F->is_obj ? "object starts here" : "array starts here", F->node->offset,
                    "unexpected end of input, %s", what);
    }
    return emit(P, AMC_C_JSON_UNEXPECTED_END, OFF(P, p), NULL, 0, "unexpected end of input, %s",
                what);
}

/* The byte at p is not what the grammar wants (`what`: "expected ..."). Classifies end of input,
 * NUL bytes, invalid UTF-8 and comments, else reports `code`. */
static amc_status err_unexpected(jp *P, const char *p, amc_code code, const char *what)
{
    char d[64];
    uint32_t cp = 0;
    if (p >= P->end)
        return err_eof(P, p, what);
    if (*p == '\0')
        return emit(P, AMC_C_NUL_BYTE, OFF(P, p), NULL, 0, "NUL byte in input (%s)", what);
    if ((unsigned char)*p >= 0x80 &&
        !amc_utf8_decode((const unsigned char *)p, (size_t)(P->end - p), &cp))
        return emit(P, AMC_C_UTF8_INVALID, OFF(P, p), NULL, 0, "invalid UTF-8 byte 0x%02X",
                    (unsigned char)*p);
    if (*p == '/' && (p[1] == '/' || p[1] == '*'))
        return emit(P, AMC_C_JSON_COMMENT, OFF(P, p), NULL, 0, "comments are not allowed in JSON");
    return emit(P, code, OFF(P, p), NULL, 0, "%s, found %s", what, describe(P, p, d, sizeof d));
}

static bool is_nonfinite(const char *p, size_t n)
{
    return (n == 3 && (!memcmp(p, "NaN", 3) || !memcmp(p, "nan", 3) || !memcmp(p, "Inf", 3) ||
                       !memcmp(p, "inf", 3))) ||
           (n == 8 && (!memcmp(p, "Infinity", 8) || !memcmp(p, "infinity", 8)));
}

static bool nonfinite_word(const char *p)
{
    const char *e = p;
    while (CC(*e) & C_WORD)
        e++;
    return is_nonfinite(p, (size_t)(e - p));
}

/* A bare word where a value is expected (p at its first byte). */
static amc_status err_word(jp *P, const char *p, const char *start)
{
    const char *e = p;
    size_t n = 0;
    while (CC(*e) & C_WORD)
        e++;
    n = (size_t)(e - p);
    if (is_nonfinite(p, n))
        return emit(P, AMC_C_JSON_NONFINITE, OFF(P, start), NULL, 0,
                    "'%.*s%.*s' is not a JSON number (NaN and Infinity are not allowed)",
                    (int)(p - start), start, (int)n, p);
    if (e == P->end && n < 5 &&
        (!memcmp("true", p, n) || !memcmp("false", p, n) || !memcmp("null", p, n)))
        return emit(P, AMC_C_JSON_UNEXPECTED_END, OFF(P, e), NULL, 0,
                    "unexpected end of input in literal '%.*s'", (int)n, p);
    if (n > 40)
        return emit(P, AMC_C_JSON_BAD_LITERAL, OFF(P, p), NULL, 0,
                    "invalid literal '%.40s...' (only true, false and null are allowed)", p);
    if ((n == 4 && (!strncmp(p, "True", 4) || !strncmp(p, "TRUE", 4) || !strncmp(p, "Null", 4) ||
                    !strncmp(p, "NULL", 4) || !strncmp(p, "None", 4))) ||
        (n == 5 && (!strncmp(p, "False", 5) || !strncmp(p, "FALSE", 5))))
        return emit(P, AMC_C_JSON_BAD_LITERAL, OFF(P, p), NULL, 0,
                    "invalid literal '%.*s' (JSON literals are lowercase: true, false, null)",
                    (int)n, p);
    return emit(P, AMC_C_JSON_BAD_LITERAL, OFF(P, p), NULL, 0,
                "invalid literal '%.*s' (only true, false and null are allowed)", (int)n, p);
}

/* Nothing valid can start a value at p. */
static amc_status err_value(jp *P, const char *p)
{
    unsigned char c = (unsigned char)*p;
    if (p < P->end) {
        if (c == '\'')
            return emit(P, AMC_C_JSON_SINGLE_QUOTE, OFF(P, p), NULL, 0,
                        "strings must use double quotes, found \"'\"");
        if (c == '+')
            return emit(P, AMC_C_JSON_NUM_PLUS, OFF(P, p), NULL, 0,
                        "a leading '+' is not allowed in numbers");
        if (c == '.')
            return emit(P, AMC_C_JSON_NUM_NO_INT, OFF(P, p), NULL, 0,
                        "a number needs a digit before its decimal point");
        if (CC(c) & C_WORD)
            return err_word(P, p, p);
    }
    return err_unexpected(P, p, AMC_C_JSON_SYNTAX, "expected a value");
}

/* ---- nodes and text heap ---- */

/* A new node, counted against max_nodes. NULL: limit hit (P->nodes > max) or ENOMEM; see
 * node_fail(). */
static inline amc_value *new_node(jp *P, amc_type t, size_t off)
{
    amc_value *v = NULL;
    if (UNLIKELY(++P->nodes > P->lim.max_nodes))
        return NULL;
    if (UNLIKELY(P->slab_left == 0)) {
        P->slab = amc_doc_alloc(P->doc, P->slab_next * sizeof(amc_value));
        if (!P->slab)
            return NULL;
        P->slab_left = P->slab_next;
        if (P->slab_next < 1024)
            P->slab_next *= 2;
    }
    v = P->slab++;
    P->slab_left--;
    v->type = t;
    v->flags = 0;
    v->offset = off;
    return v;
}

static amc_status node_fail(jp *P, size_t off)
{
    if (P->nodes > P->lim.max_nodes)
        return emit(P, AMC_C_LIMIT_NODES, off, NULL, 0,
                    "document has more than %zu values (node limit)", P->lim.max_nodes);
    return nomem(P);
}

/* ---- strings ---- */

#if USE_SWAR
#define ONES  0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL
/* High bit set in each byte of w that is '"', '\', < 0x20 or >= 0x80. Only the lowest set byte is
 * guaranteed exact (borrows may flag bytes above a true hit), which is all the scanner uses. */
static inline uint64_t str_special(uint64_t w, bool utf8_ok)
{
    uint64_t q = w ^ (ONES * '"');
    uint64_t b = w ^ (ONES * '\\');
    uint64_t zq = (q - ONES) & ~q;
    uint64_t zb = (b - ONES) & ~b;
    uint64_t ctl = (w - ONES * 0x20) & ~w;
    return (zq | zb | ctl | (utf8_ok ? 0 : w)) & HIGHS;
}
#endif

/*
 * String scanning: copies the bytes at p to o up to the first byte that needs attention ('"',
 * '\', a control byte, and a byte >= 0x80 unless the whole input is known to be valid UTF-8)
 * and returns how many were copied. Loads and stores run past that byte: the source copy has
 * AMC_DOC_PAD bytes after its NUL (which ends every scan) and the text heap as much slack.
 */
#if AMC_HAVE_SSE2
static inline size_t scan_sse2(const char *p, char *o, bool utf8_ok)
{
    const __m128i vq = _mm_set1_epi8('"'), vb = _mm_set1_epi8('\\'), v1f = _mm_set1_epi8(0x1f);
    size_t n = 0;
    for (;;) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + n));
        __m128i sp = _mm_or_si128(_mm_cmpeq_epi8(w, vq), _mm_cmpeq_epi8(w, vb));
        unsigned m = 0;
        _mm_storeu_si128((__m128i *)(void *)(o + n), w);
        sp = _mm_or_si128(sp, _mm_cmpeq_epi8(_mm_max_epu8(w, v1f), v1f)); /* <= 0x1f */
        m = (unsigned)_mm_movemask_epi8(sp);
        if (!utf8_ok)
            m |= (unsigned)_mm_movemask_epi8(w);
        if (m)
            return n + (size_t)__builtin_ctz(m);
        n += 16;
    }
}
#endif

static inline size_t scan_swar(const char *p, char *o, bool utf8_ok)
{
    const char *s = p;
#if USE_SWAR
    for (;;) { /* ends at the source's NUL at the latest (a control byte) */
        uint64_t w = 0, m = 0;
        memcpy(&w, p, 8);
        memcpy(o, &w, 8);
        m = str_special(w, utf8_ok);
        if (m)
            return (size_t)(p - s) + ((size_t)__builtin_ctzll(m) >> 3);
        p += 8;
        o += 8;
    }
#else
    while (!(CC(*p) & C_STRSP) || (utf8_ok && (unsigned char)*p >= 0x80))
        *o++ = *p++;
    return (size_t)(p - s);
#endif
}

static inline size_t scan_plain(const jp *P, const char *p, char *o)
{
#if AMC_HAVE_SSE2
    if (LIKELY(P->simd))
        return scan_sse2(p, o, P->utf8_ok);
#endif
    return scan_swar(p, o, P->utf8_ok);
}

/* Reads 4 hex digits at p (stops at the first non-hex byte; the source's NUL sentinel is one).
 * Returns the value, or -1 with *bad set to the offending byte. */
static long hex4(const char *p, const char **bad)
{
    long v = 0;
    int i = 0;
    for (i = 0; i < 4; i++) {
        int h = hexval((unsigned char)p[i]);
        if (h < 0) {
            *bad = p + i;
            return -1;
        }
        v = v * 16 + h;
    }
    return v;
}

/* The rest of a string whose plain prefix is copied: p is at the first byte that needs attention
 * (q: the opening quote), o where its decoded form goes. Returns as parse_string(). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static const char *
string_rest(jp *P, const char *q, const char *p, char *o, const char **sp, size_t *np,
            amc_status *st)
{
    const char *end = P->end;
    char *const start = P->out;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (LIKELY(c == '"')) {
            *o = '\0';
            *sp = start;
            *np = (size_t)(o - start);
            P->out = o + 1;
            if (UNLIKELY(*np > P->lim.max_string_bytes)) {
                *st = emit(P, AMC_C_LIMIT_STRING, OFF(P, q), NULL, 0,
                           "string of %zu bytes exceeds the limit of %zu bytes", *np,
                           P->lim.max_string_bytes);
                return NULL;
            }
            return p + 1;
        }
        if (c >= 0x80) {
            do {
                size_t k = utf8_seq((const unsigned char *)p, (size_t)(end - p));
                if (UNLIKELY(!k)) {
                    *st = emit(P, AMC_C_UTF8_INVALID, OFF(P, p), NULL, 0,
                               "invalid UTF-8 byte 0x%02X in string", (unsigned char)*p);
                    return NULL;
                }
                o[0] = p[0];
                o[1] = p[1];
                if (k > 2)
                    o[2] = p[2];
                if (k > 3)
                    o[3] = p[3];
                o += k;
                p += k;
            } while ((unsigned char)*p >= 0x80);
            goto rescan;
        }
        if (c == '\\') {
            const char *bad = NULL;
            long cp = 0, lo = 0;
            char d[64];
            switch (p[1]) {
            case '"':
                *o++ = '"';
                break;
            case '\\':
                *o++ = '\\';
                break;
            case '/':
                *o++ = '/';
                break;
            case 'b':
                *o++ = '\b';
                break;
            case 'f':
                *o++ = '\f';
                break;
            case 'n':
                *o++ = '\n';
                break;
            case 'r':
                *o++ = '\r';
                break;
            case 't':
                *o++ = '\t';
                break;
            case 'u':
                cp = hex4(p + 2, &bad);
                if (cp < 0)
                    goto bad_hex;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (p[6] != '\\' || p[7] != 'u') {
                        if (p + 6 >= end || (p[6] == '\\' && p + 7 >= end))
                            goto eof;
                        goto lone;
                    }
                    lo = hex4(p + 8, &bad);
                    if (lo < 0)
                        goto bad_hex;
                    if (lo < 0xDC00 || lo > 0xDFFF)
                        goto lone;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    p += 6;
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    goto lone;
                }
                o += amc_utf8_encode((uint32_t)cp, o);
                p += 4;
                break;
            default:
                if (p + 1 >= end)
                    goto eof;
                if (p[1] == '\0') {
                    *st = emit(P, AMC_C_NUL_BYTE, OFF(P, p + 1), NULL, 0, "NUL byte in string");
                    return NULL;
                }
                if ((unsigned char)p[1] >= 0x80 &&
                    !utf8_seq((const unsigned char *)p + 1, (size_t)(end - p - 1))) {
                    *st = emit(P, AMC_C_UTF8_INVALID, OFF(P, p + 1), NULL, 0,
                               "invalid UTF-8 byte 0x%02X in string", (unsigned char)p[1]);
                    return NULL;
                }
                if ((unsigned char)p[1] >= 0x20 && (unsigned char)p[1] < 0x7f)
                    *st = emit(P, AMC_C_JSON_BAD_ESCAPE, OFF(P, p), NULL, 0,
                               "invalid escape '\\%c' (allowed: \\\" \\\\ \\/ \\b \\f \\n "
                               "\\r \\t \\uXXXX)",
                               p[1]);
                else
                    *st = emit(P, AMC_C_JSON_BAD_ESCAPE, OFF(P, p), NULL, 0,
                               "invalid escape: backslash followed by %s",
                               describe(P, p + 1, d, sizeof d));
                return NULL;
            }
            p += 2;
            goto rescan;
        bad_hex:
            if (bad >= end)
                goto eof;
            /* at the backslash of the \u escape that is cut short (the 1st or the 2nd of a pair) */
            *st = emit(P, AMC_C_JSON_BAD_UNICODE_ESCAPE, OFF(P, bad >= p + 6 ? p + 6 : p), NULL, 0,
                       "\\u must be followed by four hex digits, found %s",
                       describe(P, bad, d, sizeof d));
            return NULL;
        lone:
            *st = emit(P, AMC_C_JSON_LONE_SURROGATE, OFF(P, p), NULL, 0,
                       "unpaired UTF-16 surrogate escape \\u%.4s", p + 2);
            return NULL;
        }
        /* c < 0x20 */
        if (p >= end)
            goto eof;
        if (c == 0) {
            *st = emit(P, AMC_C_NUL_BYTE, OFF(P, p), NULL, 0, "NUL byte in string");
            return NULL;
        }
        *st = emit(P, AMC_C_JSON_CONTROL_CHAR, OFF(P, p), NULL, 0,
                   "unescaped control character U+%04X in string (use an escape such as "
                   "\\n or \\u%04x)",
                   c, c);
        return NULL;
    rescan : {
        size_t k = scan_plain(P, p, o);
        p += k;
        o += k;
    }
    }
eof:
    *st = emit(P, AMC_C_JSON_UNTERMINATED_STRING, P->len, "string starts here", OFF(P, q),
               "unterminated string: end of input before the closing '\"'");
    return NULL;
}

/* q points at the opening quote. Decodes the string into the text heap. On success returns the
 * byte after the closing quote and sets *sp and *np; on error reports and returns NULL (*st set).
 * Inline: most strings are plain (no escape, and ASCII or checked UTF-8), found by one scan. */
static inline const char *parse_string(jp *P, const char *q, const char **sp, size_t *np,
                                       amc_status *st)
{
    const char *p = q + 1;
    char *o = P->out;
    size_t k = scan_plain(P, p, o);
    p += k;
    o += k;
    if (LIKELY(*p == '"')) {
        *o = '\0';
        *sp = P->out;
        *np = k;
        P->out = o + 1;
        if (UNLIKELY(k > P->lim.max_string_bytes)) {
            *st = emit(P, AMC_C_LIMIT_STRING, OFF(P, q), NULL, 0,
                       "string of %zu bytes exceeds the limit of %zu bytes", k,
                       P->lim.max_string_bytes);
            return NULL;
        }
        return p + 1;
    }
    return string_rest(P, q, p, o, sp, np, st);
}

/* ---- numbers ---- */

static const double pow10_tab[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Flags, i and d of a non-plain number (fraction, exponent or >= 19 digits). Same semantics as
 * number_fill() in core/doc.c; m/e10/exact describe the value as m * 10^e10 when exact. */
static void number_fill_general(amc_value *v, const char *t, size_t len, uint64_t m, int64_t e10,
                                bool exact)
{
    amc_decnum dn;
    double d = 0;
    amc_decnum_parse(t, len, &dn);
    v->flags = 0;
    if (amc_decnum_is_integer(&dn)) {
        v->flags |= AMC_NUM_INTEGER;
        if (dn.ndigits == 0) {
            v->flags |= AMC_NUM_INT64;
            v->u.num.i = 0;
        } else if (dn.exp <= 19) {
            uint64_t acc = 0;
            int64_t k = 0;
            bool ok = true;
            for (k = 0; k < dn.exp; k++) {
                int dg = (size_t)k < dn.ndigits ? amc_decnum_digit(&dn, (size_t)k) : 0;
                if (acc > (UINT64_MAX - (uint64_t)dg) / 10) {
                    ok = false;
                    break;
                }
                acc = acc * 10 + (uint64_t)dg;
            }
            if (ok && (dn.neg ? acc <= (uint64_t)INT64_MAX + 1 : acc <= (uint64_t)INT64_MAX)) {
                v->flags |= AMC_NUM_INT64;
                v->u.num.i = dn.neg ? (int64_t)(0 - acc) : (int64_t)acc;
            }
        }
    }
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    /* Clinger's fast path: m and 10^|e10| are exact doubles, so one IEEE operation rounds
     * correctly. */
    if (exact && m <= ((uint64_t)1 << 53) && e10 >= -22 && e10 <= 22) {
        d = (double)m;
        d = e10 >= 0 ? d * pow10_tab[e10] : d / pow10_tab[-e10];
        v->u.num.d = t[0] == '-' ? -d : d;
        return;
    }
#else
    (void)m;
    (void)e10;
    (void)exact;
    (void)pow10_tab;
#endif
    d = amc_json_strtod(t, len);
    v->u.num.d = d;
    if (d > DBL_MAX || d < -DBL_MAX)
        v->flags |= AMC_NUM_OVERFLOW;
}

/* p at '-' or a digit. Returns the byte after the number, or NULL (error reported, *st set). */
static const char *parse_number(jp *P, const char *p, amc_value **vp, amc_status *st)
{
    const char *s = p, *ds = NULL;
    uint64_t m = 0;
    size_t nd = 0, fd = 0;
    int64_t e = 0, e10 = 0;
    bool plain = true, eneg = false;
    size_t n = 0;
    amc_value *v = NULL;
    char *t = NULL;
    if (*p == '-')
        p++;
    ds = p;
    if (*p == '0') {
        p++;
        if (UNLIKELY(CC(*p) & C_DIGIT)) {
            *st = emit(P, AMC_C_JSON_NUM_LEADING_ZERO, OFF(P, ds), NULL, 0,
                       "leading zeros are not allowed in numbers");
            return NULL;
        }
    } else if (CC(*p) & C_DIGIT) {
        do {
            m = m * 10 + (uint64_t)(*p - '0');
            p++;
        } while (CC(*p) & C_DIGIT);
    } else {
        if (nonfinite_word(p))
            *st = err_word(P, p, s);
        else if (p >= P->end)
            *st = err_eof(P, p, "expected a digit after '-'");
        else if (*p == '.')
            *st = emit(P, AMC_C_JSON_NUM_NO_INT, OFF(P, p), NULL, 0,
                       "a number needs a digit before its decimal point");
        else
            *st = err_unexpected(P, p, AMC_C_JSON_NUM_NO_INT, "expected a digit after '-'");
        return NULL;
    }
    nd = (size_t)(p - ds);
    if (*p == '.') {
        const char *f = ++p;
        plain = false;
        if (UNLIKELY(!(CC(*p) & C_DIGIT))) {
            if (p >= P->end)
                *st = err_eof(P, p, "expected a digit after the decimal point");
            else
                *st = emit(P, AMC_C_JSON_NUM_NO_FRAC, OFF(P, p), NULL, 0,
                           "a digit must follow the decimal point");
            return NULL;
        }
        do {
            if (nd + fd < 19)
                m = m * 10 + (uint64_t)(*p - '0');
            fd++;
            p++;
        } while (CC(*p) & C_DIGIT);
        (void)f;
    }
    if ((*p | 0x20) == 'e') {
        plain = false;
        p++;
        if (*p == '+' || *p == '-') {
            eneg = *p == '-';
            p++;
        }
        if (UNLIKELY(!(CC(*p) & C_DIGIT))) {
            if (p >= P->end)
                *st = err_eof(P, p, "expected a digit in the exponent");
            else
                *st = emit(P, AMC_C_JSON_NUM_NO_EXP, OFF(P, p), NULL, 0,
                           "a digit must follow the exponent marker");
            return NULL;
        }
        do {
            if (e < 100000)
                e = e * 10 + (*p - '0');
            p++;
        } while (CC(*p) & C_DIGIT);
    }
    if (UNLIKELY(CC(*p) & C_NUMEND)) {
        char d[64];
        *st = emit(P, AMC_C_JSON_NUM_JUNK, OFF(P, p), NULL, 0, "invalid character %s in number",
                   describe(P, p, d, sizeof d));
        return NULL;
    }
    n = (size_t)(p - s);
    if (UNLIKELY(n > P->lim.max_string_bytes)) {
        *st = emit(P, AMC_C_LIMIT_STRING, OFF(P, s), NULL, 0,
                   "number of %zu characters exceeds the limit of %zu bytes", n,
                   P->lim.max_string_bytes);
        return NULL;
    }
    v = new_node(P, AMC_T_NUMBER, OFF(P, s));
    if (!v) {
        *st = node_fail(P, OFF(P, s));
        return NULL;
    }
    t = P->out;
    memcpy(t, s, n);
    t[n] = '\0';
    P->out = t + n + 1;
    v->u.num.text = t;
    v->u.num.len = n;
    if (LIKELY(plain && nd <= 18)) {
        v->flags = AMC_NUM_INT64 | AMC_NUM_INTEGER;
        v->u.num.i = *s == '-' ? -(int64_t)m : (int64_t)m;
        v->u.num.d = *s == '-' ? -(double)m : (double)m;
        if (m > ((uint64_t)1 << 53))
            v->u.num.d = amc_json_strtod(t, n);
    } else {
        e10 = (eneg ? -e : e) - (int64_t)fd;
        number_fill_general(v, t, n, m, e10, nd + fd <= 19);
    }
    *vp = v;
    return p;
}

/* ---- duplicate keys ---- */

static inline uint32_t key_hash(const char *s, size_t n, uint64_t seed)
{
    uint64_t h = seed ^ ((uint64_t)n * 0x9E3779B97F4A7C15ULL);
    while (n >= 8) {
        uint64_t w = 0;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w = 0;
        memcpy(&w, s, n);
        h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (uint32_t)h;
}

static bool tab_insert_raw(uint64_t *tab, size_t cap, uint32_t h, size_t idx1)
{
    size_t i = h & (cap - 1);
    while (tab[i])
        i = (i + 1) & (cap - 1);
    tab[i] = ((uint64_t)h << 32) | (uint64_t)idx1;
    return true;
}

/* Makes room in F's table for one more entry (load <= 1/2), starting a table if needed. */
static bool tab_reserve(jp *P, frame *F)
{
    size_t cap = 0, i = 0;
    uint64_t *nt = NULL;
    if (F->tab_on && (F->tabn + 1) * 2 <= F->tabcap)
        return true;
    if (!F->tab_on) {
        if (!P->ltab_busy) {
            P->ltab_busy = true;
            F->tab_local = true;
            F->tab = P->ltab;
            F->tabcap = sizeof P->ltab / sizeof P->ltab[0];
        } else {
            if (!F->own || F->owncap > 1024) {
                amc_xfree(F->own);
                F->owncap = 0;
                F->own = amc_xcalloc(32, sizeof *F->own);
                if (!F->own)
                    return false;
                F->owncap = 32;
            }
            F->tab = F->own;
            F->tabcap = F->owncap;
        }
        memset(F->tab, 0, F->tabcap * sizeof *F->tab);
        F->tab_on = true;
        F->tabn = 0;
        return true;
    }
    cap = F->tabcap * 2;
    nt = amc_xcalloc(cap, sizeof *nt);
    if (!nt)
        return false;
    for (i = 0; i < F->tabcap; i++)
        if (F->tab[i])
            tab_insert_raw(nt, cap, (uint32_t)(F->tab[i] >> 32), (size_t)(F->tab[i] & 0xffffffffu));
    if (F->tab_local) {
        F->tab_local = false;
        P->ltab_busy = false;
    }
    amc_xfree(F->own); /* the table itself, or an unused buffer kept by this frame slot */
    F->own = F->tab = nt;
    F->owncap = F->tabcap = cap;
    return true;
}

/* A 64-bit summary of a key (its length, first and last 8 bytes): equal keys have equal
 * summaries, so the linear duplicate scan compares bytes only when the summaries agree. k is in
 * the text heap, whose slack makes the 8-byte load safe; bytes past a short key are masked off. */
static inline uint64_t key_sig(const char *k, size_t kn)
{
    uint64_t a = 0, b = 0;
    memcpy(&a, k, 8);
    if (kn < 8)
        a &= ((uint64_t)1 << (kn * 8)) - 1;
    else
        memcpy(&b, k + kn - 8, 8);
    return (a ^ (b * 0x9E3779B97F4A7C15ULL)) + kn;
}

/* Checks the key just read for object frame F (whose members so far are members[base..n)).
 * Returns the index of an earlier member with the same key, or SIZE_MAX. On ENOMEM returns
 * SIZE_MAX - 1. Registers a new key in the hash set. */
static size_t dup_check(jp *P, frame *F, const char *k, size_t kn, uint64_t sig)
{
    const amc_member *mem = (const amc_member *)P->members.data;
    size_t cnt = P->members.n - F->base, i = 0, slot = 0;
    uint32_t h = 0;
    if (!F->tab_on && cnt < DUP_LINEAR) {
        const uint64_t *sg = P->sigs;
        unsigned b = (unsigned)((sig * 0xff51afd7ed558ccdULL) >> 57);
        uint64_t bit = (uint64_t)1 << (b & 63);
        if (!(F->seen[b >> 6] & bit)) { /* no earlier key has this summary */
            F->seen[b >> 6] |= bit;
            return SIZE_MAX;
        }
        for (i = F->base; i < P->members.n; i++)
            if (sg[i] == sig && mem[i].key_len == kn && memcmp(mem[i].key, k, kn) == 0)
                return i;
        return SIZE_MAX;
    }
    if (cnt >= 0xfffffffeu)
        return SIZE_MAX; /* cannot happen within max_nodes defaults; no index space left */
    if (!F->tab_on) {
        /* switch to hashing: index the members so far */
        if (!tab_reserve(P, F))
            return SIZE_MAX - 1;
        for (i = 0; i < cnt; i++) {
            const amc_member *m = &mem[F->base + i];
            if (!tab_reserve(P, F))
                return SIZE_MAX - 1;
            tab_insert_raw(F->tab, F->tabcap, key_hash(m->key, m->key_len, P->seed), i + 1);
            F->tabn++;
        }
    }
    h = key_hash(k, kn, P->seed);
    slot = h & (F->tabcap - 1);
    while (F->tab[slot]) {
        uint64_t e = F->tab[slot];
        if ((uint32_t)(e >> 32) == h) {
            const amc_member *m = &mem[F->base + (size_t)(e & 0xffffffffu) - 1];
            if (m->key_len == kn && memcmp(m->key, k, kn) == 0)
                return F->base + (size_t)(e & 0xffffffffu) - 1;
        }
        slot = (slot + 1) & (F->tabcap - 1);
    }
    if (!tab_reserve(P, F))
        return SIZE_MAX - 1;
    tab_insert_raw(F->tab, F->tabcap, h, cnt + 1);
    F->tabn++;
    return SIZE_MAX;
}

/* ---- the parser ---- */

static amc_status open_container(jp *P, const char *p, bool is_obj, frame **Fp)
{
    frame *F = NULL;
    amc_value *v = NULL;
    if (UNLIKELY(P->frames.n >= P->lim.max_depth))
        return emit(P, AMC_C_LIMIT_DEPTH, OFF(P, p), NULL, 0,
                    "nesting exceeds the depth limit of %u", (unsigned)P->lim.max_depth);
    if (UNLIKELY(P->frames.n == P->frames.cap)) {
        if (!vec_grow(&P->frames, sizeof(frame)))
            return nomem(P);
        /* new slots beyond frames_used are initialised as they are first used */
    }
    v = new_node(P, is_obj ? AMC_T_OBJECT : AMC_T_ARRAY, OFF(P, p));
    if (!v)
        return node_fail(P, OFF(P, p));
    F = (frame *)P->frames.data + P->frames.n;
    if (P->frames.n >= P->frames_used) {
        F->own = NULL;
        F->owncap = 0;
        P->frames_used = P->frames.n + 1;
    }
    F->node = v;
    F->is_obj = is_obj;
    F->base = is_obj ? P->members.n : P->items.n;
    F->key_dup = false;
    F->seen[0] = F->seen[1] = 0;
    F->tab_on = false;
    F->tab_local = false;
    F->tabn = 0;
    P->frames.n++;
    *Fp = F;
    return AMC_OK;
}

/* Closes the top frame: copies its children into the arena. Returns the container node. */
static amc_value *close_container(jp *P, frame **Fp)
{
    frame *F = *Fp;
    amc_value *v = F->node;
    size_t n = 0;
    if (F->is_obj) {
        if (F->tab_local) {
            F->tab_local = false;
            P->ltab_busy = false;
        }
        n = P->members.n - F->base;
        v->u.obj.members = amc_doc_alloc(P->doc, (n ? n : 1) * sizeof(amc_member));
        if (!v->u.obj.members)
            return NULL;
        memcpy(v->u.obj.members, (amc_member *)P->members.data + F->base, n * sizeof(amc_member));
        v->u.obj.len = n;
        P->members.n = F->base;
    } else {
        n = P->items.n - F->base;
        v->u.arr.items = amc_doc_alloc(P->doc, (n ? n : 1) * sizeof(amc_value *));
        if (!v->u.arr.items)
            return NULL;
        memcpy(v->u.arr.items, (amc_value **)P->items.data + F->base, n * sizeof(amc_value *));
        v->u.arr.len = n;
        P->items.n = F->base;
    }
    P->frames.n--;
    *Fp = P->frames.n ? (frame *)P->frames.data + P->frames.n - 1 : NULL;
    return v;
}

#define SKIP_WS(p)                                                                                 \
    do {                                                                                           \
        while (CC(*(p)) & C_WS)                                                                    \
            (p)++;                                                                                 \
    } while (0)

#define FAIL(expr)                                                                                 \
    do {                                                                                           \
        st = (expr);                                                                               \
        goto out;                                                                                  \
    } while (0)

/* Parses one value at p (first non-whitespace byte) and everything nested in it. On success
 * *rootp is the value and *endp the byte after it. */
static amc_status parse_value(jp *P, const char *p, amc_value **rootp, const char **endp)
{
    amc_status st = AMC_OK;
    frame *F = NULL;
    amc_value *v = NULL;
    const char *comma = NULL;
    const char *k = NULL, *sq = NULL;
    size_t kn = 0;

value:
    switch (*p) {
    case '"':
        v = new_node(P, AMC_T_STRING, OFF(P, p));
        if (!v)
            FAIL(node_fail(P, OFF(P, p)));
        sq = p; /* the opening quote */
        p = parse_string(P, p, &v->u.str.ptr, &v->u.str.len, &st);
        if (!p)
            goto out;
        /* every escape is longer than what it decodes to: equal lengths mean no escape */
        if ((size_t)(p - sq) == v->u.str.len + 2)
            v->flags = AMC_STR_PLAIN;
        break;
    case '{':
        st = open_container(P, p, true, &F);
        if (st != AMC_OK)
            goto out;
        p++;
        SKIP_WS(p);
        if (*p == '}') {
            p++;
            v = close_container(P, &F);
            if (!v)
                FAIL(nomem(P));
            break;
        }
        goto key;
    case '[':
        st = open_container(P, p, false, &F);
        if (st != AMC_OK)
            goto out;
        p++;
        SKIP_WS(p);
        if (*p == ']') {
            p++;
            v = close_container(P, &F);
            if (!v)
                FAIL(nomem(P));
            break;
        }
        goto value;
    case 't':
        if (P->end - p >= 4 && !memcmp(p, "true", 4) && !(CC(p[4]) & C_WORD)) {
            v = new_node(P, AMC_T_BOOL, OFF(P, p));
            if (!v)
                FAIL(node_fail(P, OFF(P, p)));
            memset(&v->u, 0, sizeof v->u);
            v->u.boolean = true;
            p += 4;
            break;
        }
        FAIL(err_word(P, p, p));
    case 'f':
        if (P->end - p >= 5 && !memcmp(p, "false", 5) && !(CC(p[5]) & C_WORD)) {
            v = new_node(P, AMC_T_BOOL, OFF(P, p));
            if (!v)
                FAIL(node_fail(P, OFF(P, p)));
            memset(&v->u, 0, sizeof v->u);
            p += 5;
            break;
        }
        FAIL(err_word(P, p, p));
    case 'n':
        if (P->end - p >= 4 && !memcmp(p, "null", 4) && !(CC(p[4]) & C_WORD)) {
            v = new_node(P, AMC_T_NULL, OFF(P, p));
            if (!v)
                FAIL(node_fail(P, OFF(P, p)));
            memset(&v->u, 0, sizeof v->u);
            p += 4;
            break;
        }
        FAIL(err_word(P, p, p));
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        p = parse_number(P, p, &v, &st);
        if (!p)
            goto out;
        break;
    default:
        FAIL(err_value(P, p));
    }
after_value:
    /* a value v is complete; p is just after it */
    if (!F) {
        *rootp = v;
        *endp = p;
        return AMC_OK;
    }
    SKIP_WS(p);
    if (F->is_obj) {
        if (LIKELY(!F->key_dup)) {
            amc_member *m = NULL;
            if (UNLIKELY(P->members.n == P->members.cap) && !grow_members(P))
                FAIL(nomem(P));
            P->sigs[P->members.n] = F->key_sig;
            m = (amc_member *)P->members.data + P->members.n++;
            m->key = F->key;
            m->key_len = F->key_len;
            m->key_offset = F->key_off;
            m->value = v;
        }
        if (LIKELY(*p == ',')) {
            comma = p++;
            SKIP_WS(p);
            goto key;
        }
        if (*p == '}') {
            p++;
            v = close_container(P, &F);
            if (!v)
                FAIL(nomem(P));
            goto after_value;
        }
        FAIL(err_unexpected(P, p, AMC_C_JSON_SYNTAX, "expected ',' or '}' after object member"));
    } else {
        if (UNLIKELY(P->items.n == P->items.cap) && !vec_grow(&P->items, sizeof(amc_value *)))
            FAIL(nomem(P));
        ((amc_value **)P->items.data)[P->items.n++] = v;
        if (LIKELY(*p == ',')) {
            comma = p++;
            SKIP_WS(p);
            if (UNLIKELY(*p == ']'))
                FAIL(emit(P, AMC_C_JSON_TRAILING_COMMA, OFF(P, comma), NULL, 0,
                          "trailing comma before ']'"));
            goto value;
        }
        if (*p == ']') {
            p++;
            v = close_container(P, &F);
            if (!v)
                FAIL(nomem(P));
            goto after_value;
        }
        FAIL(err_unexpected(P, p, AMC_C_JSON_SYNTAX, "expected ',' or ']' after array element"));
    }

key:
    /* p at the first non-whitespace byte where an object key must start */
    if (UNLIKELY(*p != '"')) {
        if (*p == '}' && p < P->end)
            FAIL(emit(P, AMC_C_JSON_TRAILING_COMMA, OFF(P, comma), NULL, 0,
                      "trailing comma before '}'"));
        if (*p == '\'' && p < P->end)
            FAIL(emit(P, AMC_C_JSON_SINGLE_QUOTE, OFF(P, p), NULL, 0,
                      "object keys must use double quotes, found \"'\""));
        FAIL(err_unexpected(P, p, AMC_C_JSON_KEY_NOT_STRING,
                            "expected a string (an object key in double quotes)"));
    }
    {
        const char *q = p;
        size_t at = 0;
        p = parse_string(P, p, &k, &kn, &st);
        if (!p)
            goto out;
        F->key_sig = key_sig(k, kn);
        at = dup_check(P, F, k, kn, F->key_sig);
        F->key = k;
        F->key_len = kn;
        F->key_off = OFF(P, q);
        F->key_dup = false;
        if (UNLIKELY(at != SIZE_MAX)) {
            const amc_member *first = NULL;
            char kb[128];
            if (at == SIZE_MAX - 1)
                FAIL(nomem(P));
            first = (const amc_member *)P->members.data + at;
            F->key_dup = true;
            P->dups++;
            st = emit(P, AMC_C_JSON_DUP_KEY, OFF(P, q), "first defined here", first->key_offset,
                      "duplicate object key \"%s\"", show_key(k, kn, kb, sizeof kb));
            if (st == AMC_ENOMEM)
                goto out;
            st = AMC_OK;
        }
    }
    SKIP_WS(p);
    if (UNLIKELY(*p != ':'))
        FAIL(err_unexpected(P, p, AMC_C_JSON_SYNTAX, "expected ':' after object key"));
    p++;
    SKIP_WS(p);
    goto value;

out:
    return st;
}

static void jp_release(jp *P)
{
    size_t i = 0;
    for (i = 0; i < P->frames_used; i++)
        amc_xfree(((frame *)P->frames.data)[i].own);
    vec_release(&P->frames);
    vec_release(&P->items);
    vec_release(&P->members);
    if (P->sigs != P->sigs_local)
        amc_xfree(P->sigs);
    P->sigs = NULL;
}

/* Reads into a new document, or into `reuse` (emptied first) when not NULL; on failure a new
 * document is freed, a reused one is left without a root. */
static amc_status json_read_impl(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_doc **out, amc_doc *reuse)
{
    amc_limits L = AMC_LIMITS_DEFAULT;
    jp P;
    frame frames_local[16];
    amc_value *items_local[128];
    amc_member members_local[64];
    uint64_t sigs_local[64];
    amc_doc *doc = NULL;
    amc_value *root = NULL;
    const char *p = NULL;
    amc_status st = AMC_OK;

    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if (!diags || (!buf && len))
        return AMC_EUSAGE;
    if (reuse)
        amc_doc_set_root(reuse, NULL);
    if (lim)
        L = *lim;
    amc_limits_normalize(&L);
    if (len > L.max_input_bytes) {
        (void)amc_diags_addf(diags, AMC_C_LIMIT_SIZE, amc_pos_of(buf, len, L.max_input_bytes),
                             "input of %zu bytes exceeds the limit of %zu bytes", len,
                             L.max_input_bytes);
        return AMC_ELIMIT;
    }

    memset(&P, 0, offsetof(jp, ltab));
    P.ds = diags;
    if (len > SIZE_MAX / 4) /* the source copy and the text heap could not be allocated */
        return nomem(&P);
    P.lim = L;
    vec_init(&P.frames, frames_local, sizeof frames_local / sizeof frames_local[0]);
    vec_init(&P.items, items_local, sizeof items_local / sizeof items_local[0]);
    vec_init(&P.members, members_local, sizeof members_local / sizeof members_local[0]);
    P.sigs = P.sigs_local = sigs_local;
    P.sigcap = sizeof sigs_local / sizeof sigs_local[0];

    if (reuse) {
        if (!amc_doc_reuse(reuse, buf, len))
            return nomem(&P);
        doc = reuse;
    } else {
        doc = amc_doc_new(buf ? buf : "", len);
    }
    if (!doc) {
        st = nomem(&P);
        goto out;
    }
    P.doc = doc;
    P.src = amc_doc_source(doc, NULL);
    P.len = len;
    P.end = P.src + len;
    /* Text heap: every string/key decodes to at most its raw length (quotes included) and every
     * number text takes its length + 1, so len + 1 bytes suffice; + AMC_DOC_PAD leaves room for
     * the scanners' speculative 16-byte stores and the 8-byte loads of key_sig(). */
    P.out = amc_doc_alloc(doc, len + AMC_DOC_PAD);
    if (!P.out) {
        st = nomem(&P);
        goto out;
    }
    P.slab_next = len < 4096 ? 16 : 64;
    P.seed = ((uint64_t)(uintptr_t)doc * 0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)&P) +
             (uint64_t)(uintptr_t)buf + len;
    /* One pass checks the whole input's UTF-8 (SIMD, mostly skipping ASCII): when it is valid the
     * string scans treat bytes >= 0x80 as plain. When not, they check every sequence as before,
     * so the first error found (and reported) is the same either way. */
    P.utf8_ok = amc_utf8_validate(P.src, len) == len;
    P.simd = amc_simd_level() >= AMC_SIMD_SSE2;

    p = P.src;
    if (len >= 3 && (unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB &&
        (unsigned char)p[2] == 0xBF) {
        st = emit(&P, AMC_C_JSON_BOM, 0, NULL, 0,
                  "UTF-8 byte order mark ignored (RFC 8259 section 8.1)");
        if (st == AMC_ENOMEM)
            goto out;
        st = AMC_OK;
        p += 3;
    }
    SKIP_WS(p);
    if (p == P.end) {
        st = emit(&P, AMC_C_EMPTY_INPUT, 0, NULL, 0,
                  len ? "no JSON value: the input holds only whitespace" : "input is empty");
        goto out;
    }
    st = parse_value(&P, p, &root, &p);
    if (st != AMC_OK)
        goto out;
    SKIP_WS(p);
    if (p != P.end) {
        st = err_unexpected(&P, p, AMC_C_JSON_TRAILING_GARBAGE,
                            "expected end of input after the JSON value");
        goto out;
    }
    if (P.dups) {
        st = AMC_EINVALID;
        goto out;
    }
    amc_doc_set_root(doc, root);
    *out = doc;
    doc = NULL;
out:
    jp_release(&P);
    if (doc != reuse)
        amc_doc_free(doc);
    return st;
}

/* A diagnostic that could not be stored for lack of memory makes the read AMC_ENOMEM: a caller
 * must not take an incomplete list for the whole story. */
static amc_status json_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                            amc_doc **out, amc_doc *reuse)
{
    size_t nomem0 = amc_diags_nomem(diags);
    amc_status st = json_read_impl(buf, len, lim, diags, out, reuse);
    if (st != AMC_ENOMEM && st != AMC_EUSAGE && amc_diags_nomem(diags) > nomem0) {
        if (out && *out) {
            if (*out != reuse)
                amc_doc_free(*out);
            else
                amc_doc_set_root(reuse, NULL);
            *out = NULL;
        }
        st = AMC_ENOMEM;
    }
    return st;
}

amc_status amc_json_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_doc **out)
{
    return json_read(buf, len, lim, diags, out, NULL);
}

amc_status amc_json_read_reuse(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                               amc_doc **doc)
{
    amc_doc *out = NULL;
    amc_status st = AMC_OK;
    if (!doc)
        return AMC_EUSAGE;
    st = json_read(buf, len, lim, diags, &out, *doc);
    if (!*doc)
        *doc = out; /* a new document (or NULL on failure) */
    return st;
}
