/*
 * yaml_read.c - the YAML reader: libyaml's event parser -> the amc document (JSON data model).
 *
 * What is accepted
 * ----------------
 * The YAML syntax libyaml 0.2.x accepts (YAML 1.1 syntax, with the 1.2 additions libyaml knows:
 * "%YAML 1.2", the \/ escape, JSON-like flow keys "a":1), restricted to what has a JSON meaning,
 * read as exactly ONE document. Scalars are typed by the YAML 1.2 core schema (YAML 1.2.2
 * spec, 10.3 "Core Schema"); the tree is the same amc_value tree the JSON reader builds.
 *
 * Decisions (each one deliberate; tests/unit/test_yaml.c has a row for each)
 * -------------------------------------------------------------------------
 * Input
 *  D1  Only UTF-8. A UTF-16/UTF-32 byte order mark, or the NUL patterns YAML 1.2 section 5.2
 *      uses to detect UTF-16/32 without a BOM, is YAML_ENCODING. libyaml is told the encoding
 *      (no auto-detection). A UTF-8 BOM at the start is accepted silently (YAML allows it).
 *  D2  Invalid UTF-8 is AMC_C_UTF8_INVALID and a NUL byte is AMC_C_NUL_BYTE, both found by a
 *      pre-scan so the position is exact. Other characters libyaml's reader rejects (C0
 *      controls but TAB/LF/CR, DEL, C1 controls but NEL, U+FFFE, U+FFFF) are YAML_CONTROL_CHAR.
 *  D3  Input longer than lim->max_input_bytes: AMC_C_LIMIT_SIZE before anything is parsed.
 *  D4  libyaml scanner/parser errors are YAML_SYNTAX: message = libyaml's problem, position =
 *      problem_mark, context = libyaml's context ("while parsing a block mapping") at
 *      context_mark. Parsing stops at the first such error.
 * Positions
 *  D5  libyaml marks count characters (code points; CRLF counts 2), not bytes, and libyaml
 *      also breaks lines at NEL/LS/PS. So a mark's line/column are NOT used: its character
 *      index is converted to a byte offset by walking the (validated) UTF-8, and line/col are
 *      computed with amc_pos semantics (LF, CRLF, lone CR; columns in code points) - the same
 *      values amc_pos_of() gives. The walk is incremental (event marks only move forward).
 *  D6  A node's offset is the start of the node including its properties (&anchor, !tag). An
 *      alias shares the anchored node, so that node keeps the anchor's offset; a member's
 *      key_offset is where its key (or the key's alias) starts.
 * Documents
 *  D7  Exactly one document. An empty stream (nothing, or only comments/"...") is
 *      AMC_C_EMPTY_INPUT; a second document is YAML_MULTI_DOC at its start and reading stops.
 *      An explicit "---" with no content is a document whose root is null.
 *  D8  "%YAML 1.1" is a warning (YAML_VERSION_11): the document is still read with 1.2 core
 *      rules. %TAG directives are honoured (by libyaml); other directives are libyaml errors.
 * Scalars (YAML 1.2 core schema, PLAIN untagged scalars only)
 *  D9  null: null|Null|NULL|~ and the empty scalar. bool: true|True|TRUE|false|False|FALSE.
 *      int: [-+]?[0-9]+ (decimal), 0o[0-7]+ (octal), 0x[0-9a-fA-F]+ (hex). float:
 *      [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?. Everything else is a string.
 *      Quoted and block (| >) scalars are always strings.
 *  D10 Numbers get valid JSON number text: '+' dropped, leading zeros dropped (007 -> 7,
 *      -00 -> -0), "1." -> "1.0", ".5" -> "0.5", "1.e3" -> "1.0e3"; the exponent is kept as
 *      written. Octal and hex are converted to decimal text, exactly (up to 4096 bits;
 *      larger is YAML_INT_RANGE). Decimal integers of any length are kept exactly.
 *  D11 .inf/.Inf/.INF (signed or not) and .nan/.NaN/.NAN are YAML_NONFINITE: JSON cannot
 *      represent them.
 * YAML 1.1 interop (warning YAML_11_AMBIGUOUS)
 *  D12 A plain untagged scalar (value or key) gets a warning when a YAML 1.1 reader would type
 *      it differently. The 1.1 reading is PyYAML's implicit resolvers (resolver.py), the de
 *      facto 1.1 reader, plus y/Y/n/N which the 1.1 type repository calls booleans though
 *      PyYAML does not. See y11_rules[] below for the cases and their sources: yes/no/on/off,
 *      y/n, 0777 (octal), 08 (string in 1.1), 0b101, 1_000, -0x1F/0x_1F, 1:20 and 1:20.5 (base
 *      60), 1_0.5, timestamps (2024-01-01), "<<" (merge) and "=" (value), and the other way
 *      round 1.2 numbers that PyYAML reads as strings (1e3, 1.0e3, -.5, .5e3, 0o17).
 * Tags
 *  D13 Allowed: no tag, the non-specific "!" (a scalar with it is a string, YAML 1.2 6.9.1),
 *      and tag:yaml.org,2002: str, int, float, bool, null (on scalars), map (on mappings),
 *      seq (on sequences), however spelled (!!str, !<tag:yaml.org,2002:str>). A core tag on
 *      the wrong kind of node is YAML_TAG_VALUE. !!binary (JSON has no binary type) and every
 *      other tag (!local, !!set, !!timestamp, ...) are YAML_TAG.
 *  D14 A tagged scalar must match its tag by the core schema, whatever its style: !!int needs
 *      an int form, !!float an int or float form (.inf/.nan -> YAML_NONFINITE), !!bool a bool
 *      form, !!null a null form; otherwise YAML_TAG_VALUE. !!str forces a string. Tagged
 *      scalars get no 1.1 warning (the tag settles the type).
 * Mappings
 *  D15 Keys must be scalars (or aliases of scalars); a mapping or sequence key is
 *      YAML_KEY_COMPLEX. The JSON key is the scalar's text as written (after YAML escapes and
 *      folding), not its typed value: "1: a" gives key "1", "true: a" key "true", "007: a" key
 *      "007", "~: a" key "~" (PyYAML+json.dumps would give "7" and "null"; noted deviation).
 *      Keys are still resolved and checked like values (tags, .inf, 1.1 warnings).
 *  D16 The empty key (": a", "? " with no key, !!null "") has no text: YAML_KEY_NULL.
 *  D17 Duplicate keys (same bytes) are YAML_DUP_KEY at the second key, context "first defined
 *      here" at the first. So "1: a" and "'1': b" are duplicates (both become JSON key "1").
 *      YAML 1.1 merge keys are not applied ("<<" is a plain key, with a warning).
 * Anchors and aliases
 *  D18 An alias shares the anchored node (no copy). Every node an alias contributes (the
 *      anchored subtree's size, counting aliases inside it expanded) counts against
 *      lim->max_alias_nodes (YAML_ALIAS_LIMIT, AMC_ELIMIT) and lim->max_nodes: billion laughs
 *      stops after O(limit) work and O(input) memory. The expanded depth also counts against
 *      lim->max_depth, so consumers that recurse over the tree stay bounded.
 *  D19 An alias to an undefined anchor is YAML_ALIAS_UNDEFINED; an alias to a node that is
 *      still open (an ancestor: "&a [*a]") is YAML_ALIAS_RECURSIVE. A redefined anchor is
 *      allowed: an alias refers to the most recent preceding definition (YAML 1.2 3.2.2.2).
 * Limits and errors
 *  D20 Depth: the root collection is at depth 1; a collection deeper than lim->max_depth is
 *      AMC_C_LIMIT_DEPTH. A scalar longer than lim->max_string_bytes is AMC_C_LIMIT_STRING.
 *      More than lim->max_nodes values is AMC_C_LIMIT_NODES. Limits stop reading (AMC_ELIMIT).
 *  D21 Tag, key, alias and number errors do not stop reading: every one in the document is
 *      reported, then AMC_EINVALID is returned. libyaml errors, a second document and limits
 *      stop at once.
 *
 * Known libyaml deviations from YAML 1.2 (not worked around)
 *  - libyaml is a YAML 1.1 parser: NEL (U+0085), LS (U+2028) and PS (U+2029) are line breaks,
 *    also inside quoted scalars (NEL folds into a space, LS/PS swallow the spaces next to
 *    them), and raw DEL, C1 controls, U+FFFE and U+FFFF are rejected even in quoted scalars,
 *    where YAML 1.2 (nb-json) allows them. amc_value_to_json writes these characters raw, so
 *    JSON text holding them in a string does not read back identically (the round-trip tests
 *    skip exactly those trees; escaping them in the JSON writer would close the gap).
 *  - An empty implicit key (": a" at the start of a line, "{: a}") is a libyaml syntax error.
 *  - %YAML 1.3 and unknown directives are errors (YAML 1.2 says: warn and go on).
 *  - A BOM at the start of a later line is skipped by libyaml but still counts as a column,
 *    so it usually ends in a syntax error (YAML 1.2 allows a BOM before each document).
 *  - Implicit keys are limited to 1024 characters (YAML 1.2 has the same limit for implicit
 *    keys, so a JSON object key longer than that is not YAML either).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>
#include "amc/yaml.h"
#include "../core/arena_int.h"
#include "../core/diag_int.h"
#include "../core/utf8_int.h"

#define CORE_TAG_PREFIX "tag:yaml.org,2002:"
#define NO_DEF          ((size_t)-1)
#define MAX_RADIX_BITS  4096
#define SHOW_MAX        48 /* bytes of a scalar/tag quoted in a message */

/* ------------------------------------------------------------------------------------------ */
/* Positions: libyaml character index -> byte offset, line, col (decision D5)                 */
/* ------------------------------------------------------------------------------------------ */

typedef struct ycursor {
    const char *buf;
    size_t len;
    size_t skip; /* characters before libyaml's input: 1 for a leading BOM (D1), else 0 */
    size_t cidx; /* libyaml character index of off, plus skip */
    size_t off;
    uint32_t line, col;
} ycursor;

static amc_pos cur_seek(ycursor *c, size_t cidx)
{
    amc_pos p;
    cidx += c->skip;
    if (cidx < c->cidx) { /* only error contexts go back: walk again from the start */
        c->cidx = 0;
        c->off = 0;
        c->line = 0;
        c->col = 0;
    }
    while (c->cidx < cidx && c->off < c->len) {
        unsigned char b = (unsigned char)c->buf[c->off];
        size_t w = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4; /* the input is valid UTF-8 */
        if (b == '\n' || (b == '\r' && !(c->off + 1 < c->len && c->buf[c->off + 1] == '\n'))) {
            c->line++;
            c->col = 0;
        } else {
            c->col++;
        }
        c->off += w <= c->len - c->off ? w : c->len - c->off;
        c->cidx++;
    }
    p.offset = c->off;
    p.line = c->line;
    p.col = c->col;
    return p;
}

/* ------------------------------------------------------------------------------------------ */
/* A small open-addressing index keyed by strings (anchors, duplicate keys)                   */
/* ------------------------------------------------------------------------------------------ */

typedef const char *(*itab_key_fn)(const void *ctx, size_t idx, size_t *len);

typedef struct itab {
    size_t *t; /* idx + 1, 0 = empty */
    size_t cap, n;
} itab;

static uint64_t hash_bytes(const char *s, size_t n, uint64_t seed)
{
    uint64_t h = 14695981039346656037ull ^ seed;
    size_t i = 0;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return h;
}

/* Slot for key k: the slot holding it, or the empty slot where it would go. cap > n. */
static size_t itab_slot(const itab *t, const char *k, size_t n, uint64_t seed, itab_key_fn f,
                        const void *ctx)
{
    size_t mask = t->cap - 1;
    size_t i = (size_t)hash_bytes(k, n, seed) & mask;
    for (;;) {
        size_t e = t->t[i];
        size_t el = 0;
        const char *ek = NULL;
        if (e == 0)
            return i;
        ek = f(ctx, e - 1, &el);
        if (el == n && memcmp(ek, k, n) == 0)
            return i;
        i = (i + 1) & mask;
    }
}

static amc_status itab_grow(itab *t, uint64_t seed, itab_key_fn f, const void *ctx)
{
    size_t ncap = t->cap ? t->cap * 2 : 16;
    size_t *nt = amc_xcalloc(ncap, sizeof *nt);
    size_t *old = t->t;
    size_t ocap = t->cap, i = 0;
    if (!nt)
        return AMC_ENOMEM;
    t->t = nt;
    t->cap = ncap;
    for (i = 0; i < ocap; i++) {
        if (old[i]) {
            size_t kl = 0;
            const char *k = f(ctx, old[i] - 1, &kl);
            t->t[itab_slot(t, k, kl, seed, f, ctx)] = old[i];
        }
    }
    amc_xfree(old);
    return AMC_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Reader state                                                                               */
/* ------------------------------------------------------------------------------------------ */

/* One member or item of an open collection. For mappings key == NULL marks a key that was
 * already reported as invalid. */
typedef struct yslot {
    amc_value *v;
    const char *key;
    size_t key_len;
    size_t key_off;
    amc_pos key_pos;
} yslot;

typedef struct yframe {
    amc_value *node;
    size_t first;        /* first slot of this collection */
    size_t nodes_before; /* r->nodes before this collection was counted */
    size_t def;          /* anchor definition being built, or NO_DEF */
    uint32_t height;     /* 1 + height of the tallest child */
    bool is_map, want_key;
    amc_pos pos;
    itab keys; /* duplicate-key index, built once a mapping has more than 8 keys */
} yframe;

/* One anchor definition. node == NULL while the anchored collection is still open. */
typedef struct ydef {
    const char *name;
    size_t name_len;
    amc_value *node;
    size_t size;       /* nodes the subtree stands for (aliases inside expanded) */
    uint32_t height;   /* 0 for scalars */
    const char *ktext; /* key form for scalars (doc arena), NULL for collections */
    size_t klen;
    bool scalar;
} ydef;

/* A finished node on its way to its parent. */
typedef struct ynode {
    amc_value *v;
    amc_pos pos;
    const char *ktext; /* key form (scalar text), NULL if not a scalar */
    size_t klen;
    uint32_t height;
    bool reported; /* an error was already reported for it: no key diagnostics */
} ynode;

typedef struct yreader {
    const char *buf;
    size_t len;
    amc_limits lim;
    amc_diags *diags;
    amc_doc *doc;
    amc_arena tmp; /* anchor names */
    ycursor cur;
    yframe *frames;
    size_t nframes, cframes;
    yslot *slots;
    size_t nslots, cslots;
    ydef *defs;
    size_t ndefs, cdefs;
    itab anchors; /* name -> latest definition */
    amc_value *root;
    size_t nodes, alias_nodes, errors;
    uint64_t seed;
    char *scratch;
    size_t scratch_cap;
    int ndocs;
} yreader;

static const char *def_key(const void *ctx, size_t idx, size_t *len)
{
    const yreader *r = ctx;
    *len = r->defs[idx].name_len;
    return r->defs[idx].name;
}

static const char *slot_key(const void *ctx, size_t idx, size_t *len)
{
    const yreader *r = ctx;
    *len = r->slots[idx].key_len;
    return r->slots[idx].key;
}

/* ---- diagnostics ---- */

static amc_status vreport(yreader *r, amc_code code, amc_pos at, const char *context,
                          amc_pos context_at, const char *fmt, va_list ap) AMC_PRINTF(6, 0);
static amc_status vreport(yreader *r, amc_code code, amc_pos at, const char *context,
                          amc_pos context_at, const char *fmt, va_list ap)
{
    amc_diag d;
    char msg[640];
    memset(&d, 0, sizeof d);
    d.code = code;
    d.sev = amc_code_severity(code);
    d.at = at;
    d.context = context;
    d.context_at = context ? context_at : AMC_POS_NONE;
    if (fmt) {
        vsnprintf(msg, sizeof msg, fmt, ap);
        d.message = msg;
    }
    if (d.sev == AMC_SEV_ERROR)
        r->errors++;
    return amc_diags_add(r->diags, &d);
}

static amc_status report(yreader *r, amc_code code, amc_pos at, const char *fmt, ...)
    AMC_PRINTF(4, 5);
static amc_status report(yreader *r, amc_code code, amc_pos at, const char *fmt, ...)
{
    va_list ap;
    amc_status st = AMC_OK;
    va_start(ap, fmt);
    st = vreport(r, code, at, NULL, AMC_POS_NONE, fmt, ap);
    va_end(ap);
    return st;
}

static amc_status report_ctx(yreader *r, amc_code code, amc_pos at, const char *context,
                             amc_pos context_at, const char *fmt, ...) AMC_PRINTF(6, 7);
static amc_status report_ctx(yreader *r, amc_code code, amc_pos at, const char *context,
                             amc_pos context_at, const char *fmt, ...)
{
    va_list ap;
    amc_status st = AMC_OK;
    va_start(ap, fmt);
    st = vreport(r, code, at, context, context_at, fmt, ap);
    va_end(ap);
    return st;
}

/* Quotes at most SHOW_MAX bytes of s for a message: valid UTF-8 and printable ASCII as is,
 * other bytes as \xHH (the text may be any bytes, e.g. a %-decoded tag), "..." when cut. */
static const char *show(char *out, size_t cap, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, o = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = 0;
        size_t w = 0;
        /* cut after SHOW_MAX bytes, whatever they became: "..." fits (o + 8 < cap held before
         * the last step, which added at most 4 bytes) */
        if (i >= SHOW_MAX || o + 8 >= cap) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out[o++] = (char)c;
            i++;
            continue;
        }
        if (c >= 0x80)
            w = amc_utf8_decode((const unsigned char *)s + i, n - i, &cp);
        if (w > 1 && cp >= 0xa0 && cp != 0x2028 && cp != 0x2029 && o + w + 8 < cap) {
            memcpy(out + o, s + i, w);
            o += w;
            i += w;
            continue;
        }
        out[o++] = '\\';
        out[o++] = 'x';
        out[o++] = hex[c >> 4];
        out[o++] = hex[c & 15];
        i++;
    }
    out[o] = '\0';
    return out;
}

static amc_status scratch_reserve(yreader *r, size_t n)
{
    char *p = NULL;
    if (n <= r->scratch_cap)
        return AMC_OK;
    p = amc_xrealloc(r->scratch, n);
    if (!p)
        return AMC_ENOMEM;
    r->scratch = p;
    r->scratch_cap = n;
    return AMC_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* YAML 1.2 core schema (decisions D9-D11)                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef enum core_kind {
    CK_NONE = 0, /* a string */
    CK_NULL,
    CK_TRUE,
    CK_FALSE,
    CK_INT_DEC,
    CK_INT_OCT,
    CK_INT_HEX,
    CK_FLOAT,
    CK_INF,
    CK_NAN
} core_kind;

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_xdigit(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool eq(const char *s, size_t n, const char *lit)
{
    size_t l = strlen(lit);
    return n == l && memcmp(s, lit, l) == 0;
}

static bool eq_any(const char *s, size_t n, const char *const *lits)
{
    size_t i = 0;
    for (i = 0; lits[i]; i++)
        if (eq(s, n, lits[i]))
            return true;
    return false;
}

/* [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? */
static bool core_float(const char *s, size_t n)
{
    size_t i = 0, d = 0;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        i++;
    if (i < n && s[i] == '.') {
        i++;
        for (d = 0; i < n && is_digit(s[i]); i++, d++)
            ;
        if (!d)
            return false;
    } else {
        for (d = 0; i < n && is_digit(s[i]); i++, d++)
            ;
        if (!d)
            return false;
        if (i < n && s[i] == '.')
            for (i++; i < n && is_digit(s[i]); i++)
                ;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '-' || s[i] == '+'))
            i++;
        for (d = 0; i < n && is_digit(s[i]); i++, d++)
            ;
        if (!d)
            return false;
    }
    return i == n;
}

static core_kind core_classify(const char *s, size_t n)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL", NULL};
    static const char *const trues[] = {"true", "True", "TRUE", NULL};
    static const char *const falses[] = {"false", "False", "FALSE", NULL};
    static const char *const infs[] = {".inf",  ".Inf",  ".INF",  "+.inf", "+.Inf",
                                       "+.INF", "-.inf", "-.Inf", "-.INF", NULL};
    static const char *const nans[] = {".nan", ".NaN", ".NAN", NULL};
    size_t i = 0;
    if (eq_any(s, n, nulls))
        return CK_NULL;
    if (eq_any(s, n, trues))
        return CK_TRUE;
    if (eq_any(s, n, falses))
        return CK_FALSE;
    if (n > 2 && s[0] == '0' && s[1] == 'o') {
        for (i = 2; i < n && s[i] >= '0' && s[i] <= '7'; i++)
            ;
        return i == n ? CK_INT_OCT : CK_NONE;
    }
    if (n > 2 && s[0] == '0' && s[1] == 'x') {
        for (i = 2; i < n && is_xdigit(s[i]); i++)
            ;
        return i == n ? CK_INT_HEX : CK_NONE;
    }
    i = (n && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i < n) {
        size_t j = i;
        while (j < n && is_digit(s[j]))
            j++;
        if (j == n)
            return CK_INT_DEC;
    }
    if (core_float(s, n))
        return CK_FLOAT;
    if (eq_any(s, n, infs))
        return CK_INF;
    if (eq_any(s, n, nans))
        return CK_NAN;
    return CK_NONE;
}

/* Decimal integer text -> JSON text (drop '+', drop leading zeros). */
static size_t norm_int(const char *s, size_t n, char *out)
{
    size_t i = 0, o = 0;
    if (s[0] == '-' || s[0] == '+') {
        if (s[0] == '-')
            out[o++] = '-';
        i = 1;
    }
    while (i + 1 < n && s[i] == '0')
        i++;
    memcpy(out + o, s + i, n - i);
    return o + n - i;
}

/* Core float text -> JSON text: "1." -> "1.0", ".5" -> "0.5", "+1.5" -> "1.5", "01.5" -> "1.5". */
static size_t norm_float(const char *s, size_t n, char *out)
{
    size_t i = 0, o = 0, a = 0;
    if (s[0] == '-' || s[0] == '+') {
        if (s[0] == '-')
            out[o++] = '-';
        i = 1;
    }
    a = i;
    while (i < n && is_digit(s[i]))
        i++;
    while (a + 1 < i && s[a] == '0') /* leading zeros of the integer part */
        a++;
    if (a == i) {
        out[o++] = '0';
    } else {
        memcpy(out + o, s + a, i - a);
        o += i - a;
    }
    if (i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && is_digit(s[i]))
            i++;
        out[o++] = '.';
        if (f == i) {
            out[o++] = '0';
        } else {
            memcpy(out + o, s + f, i - f);
            o += i - f;
        }
    }
    memcpy(out + o, s + i, n - i); /* exponent, as written */
    return o + n - i;
}

/* 0o / 0x digits -> decimal text. Returns the length, or 0 if over MAX_RADIX_BITS. */
static size_t radix_to_dec(const char *s, size_t n, unsigned base, char *out)
{
    uint32_t limb[MAX_RADIX_BITS / 29 + 2]; /* base 1e9, little-endian */
    size_t nl = 1, i = 0, k = 0, o = 0;
    unsigned bits = base == 8 ? 3 : 4;
    while (i < n && s[i] == '0')
        i++;
    if ((n - i) * bits > MAX_RADIX_BITS + bits - 1)
        return 0;
    limb[0] = 0;
    for (; i < n; i++) {
        char c = s[i];
        uint64_t carry = (uint64_t)(is_digit(c)              ? c - '0'
                                    : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                                                             : c - 'A' + 10);
        for (k = 0; k < nl; k++) {
            uint64_t t = (uint64_t)limb[k] * base + carry;
            limb[k] = (uint32_t)(t % 1000000000u);
            carry = t / 1000000000u;
        }
        if (carry)
            limb[nl++] = (uint32_t)carry;
    }
    /* most significant limb without padding, the others as 9 digits */
    {
        char tmp[10];
        size_t t = 0;
        uint32_t v = limb[nl - 1];
        do {
            tmp[t++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        while (t)
            out[o++] = tmp[--t];
        for (k = nl - 1; k-- > 0;) {
            uint32_t w = limb[k];
            int d = 0;
            for (d = 8; d >= 0; d--) {
                out[o + (size_t)d] = (char)('0' + w % 10);
                w /= 10;
            }
            o += 9;
        }
    }
    return o;
}

/* ------------------------------------------------------------------------------------------ */
/* YAML 1.1 readings (decision D12)                                                           */
/* ------------------------------------------------------------------------------------------ */

/* The YAML 1.1 resolvers whose reading can differ from the 1.2 core schema, with sources.
 * Regexes in the comments are PyYAML's (lib/yaml/resolver.py, Resolver implicit resolvers),
 * which implement the type repository for plain scalars. */
typedef enum y11_rule_id {
    Y11_BOOL,     /* yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF */
    Y11_BOOL_YN,  /* y|Y|n|N: booleans in the type repository, strings in PyYAML */
    Y11_INT_BIN,  /* [-+]?0b[0-1_]+ */
    Y11_INT_OCT,  /* [-+]?0[0-7_]+ */
    Y11_INT_DEC,  /* [-+]?(0|[1-9][0-9_]*) */
    Y11_INT_HEX,  /* [-+]?0x[0-9a-fA-F_]+ */
    Y11_INT_SEXA, /* [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+ */
    Y11_FLOAT, /* [-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)? | \.[0-9][0-9_]*([eE][-+][0-9]+)? */
    Y11_FLOAT_SEXA, /* [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]* */
    Y11_TIMESTAMP,  /* [0-9]{4}-[0-9]{2}-[0-9]{2} | date [Tt ]time [.frac] [tz] */
    Y11_MERGE,      /* << */
    Y11_VALUE,      /* = */
    Y11_STR         /* none of the above: a string (where 1.2 reads a number) */
} y11_rule_id;

static const struct y11_rule {
    const char *who;    /* which 1.1 readers read it that way */
    const char *what;   /* what they make of it (integers get their value appended) */
    const char *source; /* where that reading is specified */
} y11_rules[] = {
    [Y11_BOOL] = {"YAML 1.1 readers such as PyYAML", "boolean", "https://yaml.org/type/bool.html"},
    [Y11_BOOL_YN] = {"YAML 1.1 readers that follow the type repository (PyYAML does not)",
                     "boolean", "https://yaml.org/type/bool.html"},
    [Y11_INT_BIN] = {"YAML 1.1 readers such as PyYAML", "the binary integer",
                     "https://yaml.org/type/int.html"},
    [Y11_INT_OCT] = {"YAML 1.1 readers such as PyYAML", "the octal integer",
                     "https://yaml.org/type/int.html"},
    [Y11_INT_DEC] = {"YAML 1.1 readers such as PyYAML", "the decimal integer",
                     "https://yaml.org/type/int.html"},
    [Y11_INT_HEX] = {"YAML 1.1 readers such as PyYAML", "the hexadecimal integer",
                     "https://yaml.org/type/int.html"},
    [Y11_INT_SEXA] = {"YAML 1.1 readers such as PyYAML", "the base-60 integer",
                      "https://yaml.org/type/int.html"},
    [Y11_FLOAT] = {"YAML 1.1 readers such as PyYAML", "a float ('_' ignored)",
                   "https://yaml.org/type/float.html"},
    [Y11_FLOAT_SEXA] = {"YAML 1.1 readers such as PyYAML", "a base-60 float",
                        "https://yaml.org/type/float.html"},
    [Y11_TIMESTAMP] = {"YAML 1.1 readers such as PyYAML",
                       "a timestamp (PyYAML: datetime.date or datetime.datetime)",
                       "https://yaml.org/type/timestamp.html"},
    [Y11_MERGE] = {"YAML 1.1 readers such as PyYAML",
                   "a merge key (the mapping it refers to is merged in)",
                   "https://yaml.org/type/merge.html"},
    [Y11_VALUE] = {"YAML 1.1 readers such as PyYAML", "the 'value' key type",
                   "https://yaml.org/type/value.html"},
    [Y11_STR] = {"YAML 1.1 readers such as PyYAML", "a string",
                 "PyYAML resolver.py: no YAML 1.1 int/float form matches"},
};

static const struct y11_bool {
    const char *word;
    bool value;
    bool pyyaml; /* PyYAML resolves it as a boolean too */
} y11_bools[] = {
    {"yes", true, true},    {"Yes", true, true},    {"YES", true, true},  {"no", false, true},
    {"No", false, true},    {"NO", false, true},    {"on", true, true},   {"On", true, true},
    {"ON", true, true},     {"off", false, true},   {"Off", false, true}, {"OFF", false, true},
    {"y", true, false},     {"Y", true, false},     {"n", false, false},  {"N", false, false},
    {"true", true, true},   {"True", true, true},   {"TRUE", true, true}, {"false", false, true},
    {"False", false, true}, {"FALSE", false, true}, /* the same in 1.2: never warned */
};

typedef struct y11_reading {
    y11_rule_id rule;
    bool bval;
    bool neg, ovf; /* integers: sign, magnitude overflowed uint64 */
    uint64_t mag;
} y11_reading;

static size_t digits_us(const char *s, size_t i, size_t n, const char *set)
{
    while (i < n && (s[i] == '_' || strchr(set, s[i]) != NULL) && s[i] != '\0')
        i++;
    return i;
}

/* (:[0-5]?[0-9])+ starting at i; returns the end, or i if there is no group. */
static size_t sexa_groups(const char *s, size_t i, size_t n)
{
    size_t start = i;
    while (i + 1 < n && s[i] == ':' && is_digit(s[i + 1])) {
        if (i + 2 < n && is_digit(s[i + 2])) {
            if (s[i + 1] > '5')
                return start; /* 6x: [0-5]?[0-9] takes one digit, then a digit follows */
            i += 3;
        } else {
            i += 2;
        }
        start = i;
    }
    return start;
}

static void acc_digit(y11_reading *y, unsigned base, unsigned d)
{
    if (y->mag > (UINT64_MAX - d) / base)
        y->ovf = true;
    else
        y->mag = y->mag * base + d;
}

/* PyYAML's int resolver, with the value its constructor computes. */
static bool y11_int(const char *s, size_t n, y11_reading *y)
{
    size_t i = 0, e = 0, k = 0;
    unsigned base = 10;
    memset(y, 0, sizeof *y);
    if (n && (s[0] == '-' || s[0] == '+')) {
        y->neg = s[0] == '-';
        i = 1;
    }
    if (i >= n || !is_digit(s[i]))
        return false;
    if (n - i > 2 && s[i] == '0' && s[i + 1] == 'b' && digits_us(s, i + 2, n, "01") == n) {
        y->rule = Y11_INT_BIN;
        base = 2;
        i += 2;
    } else if (n - i > 2 && s[i] == '0' && s[i + 1] == 'x' &&
               digits_us(s, i + 2, n, "0123456789abcdefABCDEF") == n) {
        y->rule = Y11_INT_HEX;
        base = 16;
        i += 2;
    } else if (n - i > 1 && s[i] == '0' && digits_us(s, i + 1, n, "01234567") == n) {
        y->rule = Y11_INT_OCT;
        base = 8;
    } else if (n - i == 1 && s[i] == '0') {
        y->rule = Y11_INT_DEC;
    } else if (s[i] != '0' && (e = digits_us(s, i, n, "0123456789")) == n) {
        y->rule = Y11_INT_DEC;
    } else if (s[i] != '0' && e > i && e < n && sexa_groups(s, e, n) == n) {
        /* value = ((a*60)+b)*60+c ..., '_' only in the first group */
        y->rule = Y11_INT_SEXA;
        for (k = i; k < e; k++)
            if (s[k] != '_')
                acc_digit(y, 10, (unsigned)(s[k] - '0'));
        for (k = e; k < n;) {
            unsigned part = 0;
            for (k++; k < n && is_digit(s[k]); k++)
                part = part * 10 + (unsigned)(s[k] - '0');
            if (y->mag > (UINT64_MAX - part) / 60)
                y->ovf = true;
            else
                y->mag = y->mag * 60 + part;
        }
        return true;
    } else {
        return false;
    }
    for (; i < n; i++) {
        char c = s[i];
        if (c == '_')
            continue;
        acc_digit(y, base,
                  (unsigned)(is_digit(c)              ? c - '0'
                             : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                                                      : c - 'A' + 10));
    }
    return true;
}

/* ([eE][-+][0-9]+)? at i: returns the end (i if absent), or (size_t)-1 if malformed. */
static size_t y11_exp(const char *s, size_t i, size_t n)
{
    size_t d = 0;
    if (i >= n || (s[i] != 'e' && s[i] != 'E'))
        return i;
    i++;
    if (i >= n || (s[i] != '-' && s[i] != '+'))
        return (size_t)-1;
    for (i++; i < n && is_digit(s[i]); i++, d++)
        ;
    return d ? i : (size_t)-1;
}

/* PyYAML's float resolver (inf/nan left out: 1.2 reads those as floats too). */
static bool y11_float(const char *s, size_t n, y11_reading *y)
{
    size_t i = 0, e = 0;
    memset(y, 0, sizeof *y);
    y->rule = Y11_FLOAT;
    if (n >= 2 && s[0] == '.' && is_digit(s[1])) { /* \.[0-9][0-9_]*([eE][-+][0-9]+)? */
        i = digits_us(s, 1, n, "0123456789");
        return y11_exp(s, i, n) == n;
    }
    if (n && (s[0] == '-' || s[0] == '+'))
        i = 1;
    if (i >= n || !is_digit(s[i]))
        return false;
    e = digits_us(s, i, n, "0123456789");
    if (e < n && s[e] == '.') { /* [-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)? */
        i = digits_us(s, e + 1, n, "0123456789");
        return y11_exp(s, i, n) == n;
    }
    i = sexa_groups(s, e, n); /* [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]* */
    if (i > e && i < n && s[i] == '.' && digits_us(s, i + 1, n, "0123456789") == n) {
        y->rule = Y11_FLOAT_SEXA;
        return true;
    }
    return false;
}

static size_t ndig(const char *s, size_t i, size_t n, size_t max)
{
    size_t k = 0;
    while (i + k < n && k < max && is_digit(s[i + k]))
        k++;
    return k;
}

/* PyYAML's timestamp resolver:
 *   [0-9]{4}-[0-9]{2}-[0-9]{2}
 * | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?
 *   ([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))? */
static bool y11_timestamp(const char *s, size_t n)
{
    size_t i = 0, k = 0;
    if (ndig(s, 0, n, 4) != 4 || n < 5 || s[4] != '-')
        return false;
    i = 5;
    k = ndig(s, i, n, 2);
    if (!k || i + k >= n || s[i + k] != '-')
        return false;
    i += k + 1;
    k = ndig(s, i, n, 2);
    if (!k)
        return false;
    i += k;
    if (i == n)
        return n == 10; /* the date-only form needs two-digit month and day */
    if (s[i] == 'T' || s[i] == 't') {
        i++;
    } else if (s[i] == ' ' || s[i] == '\t') {
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
    } else {
        return false;
    }
    k = ndig(s, i, n, 2);
    if (!k || i + k >= n || s[i + k] != ':')
        return false;
    i += k + 1;
    if (ndig(s, i, n, 2) != 2 || i + 2 >= n || s[i + 2] != ':')
        return false;
    i += 3;
    if (ndig(s, i, n, 2) != 2)
        return false;
    i += 2;
    if (i < n && s[i] == '.')
        i += 1 + ndig(s, i + 1, n, (size_t)-1);
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n)
        return true;
    if (s[i] == 'Z')
        return i + 1 == n;
    if (s[i] != '-' && s[i] != '+')
        return false;
    i++;
    k = ndig(s, i, n, 2);
    if (!k)
        return false;
    i += k;
    if (i == n)
        return true;
    return s[i] == ':' && ndig(s, i + 1, n, 2) == 2 && i + 3 == n;
}

/* What a YAML 1.1 reader makes of the plain scalar s. Returns false for null (same in both). */
static bool y11_read(const char *s, size_t n, y11_reading *y)
{
    static const char *const nulls[] = {"", "~", "null", "Null", "NULL", NULL};
    size_t i = 0;
    memset(y, 0, sizeof *y);
    if (eq_any(s, n, nulls))
        return false;
    for (i = 0; i < sizeof y11_bools / sizeof y11_bools[0]; i++) {
        if (eq(s, n, y11_bools[i].word)) {
            y->rule = y11_bools[i].pyyaml ? Y11_BOOL : Y11_BOOL_YN;
            y->bval = y11_bools[i].value;
            return true;
        }
    }
    if (y11_int(s, n, y) || y11_float(s, n, y))
        return true;
    memset(y, 0, sizeof *y);
    if (y11_timestamp(s, n))
        y->rule = Y11_TIMESTAMP;
    else if (eq(s, n, "<<"))
        y->rule = Y11_MERGE;
    else if (eq(s, n, "="))
        y->rule = Y11_VALUE;
    else
        y->rule = Y11_STR;
    return true;
}

/* Warns if a 1.1 reader types the plain scalar s differently from v (its 1.2 reading). */
static amc_status y11_check(yreader *r, const char *s, size_t n, const amc_value *v, amc_pos at)
{
    y11_reading y;
    char q[SHOW_MAX * 4 + 8], qn[SHOW_MAX * 4 + 8], w12[SHOW_MAX * 4 + 32], w11[128];
    bool differs = false;
    if (!y11_read(s, n, &y))
        return AMC_OK;
    switch (y.rule) {
    case Y11_BOOL:
    case Y11_BOOL_YN:
        differs = v->type != AMC_T_BOOL;
        break;
    case Y11_INT_BIN:
    case Y11_INT_DEC:
    case Y11_INT_HEX:
    case Y11_INT_SEXA:
        /* where 1.2 reads a number here it is the same number (no '_', no signed hex) */
        differs = v->type != AMC_T_NUMBER;
        break;
    case Y11_INT_OCT: /* 0NNN: octal in 1.1, decimal in 1.2; the same value only for 0-7 */
        differs =
            !(v->type == AMC_T_NUMBER && (v->flags & AMC_NUM_INT64) && !y.ovf &&
              (y.neg ? (y.mag <= (uint64_t)INT64_MAX + 1 && v->u.num.i == (int64_t)(0 - y.mag))
                     : (y.mag <= (uint64_t)INT64_MAX && v->u.num.i == (int64_t)y.mag)));
        break;
    case Y11_FLOAT:
    case Y11_FLOAT_SEXA:
        differs = v->type != AMC_T_NUMBER;
        break;
    case Y11_TIMESTAMP:
    case Y11_MERGE:
    case Y11_VALUE:
        differs = true;
        break;
    case Y11_STR:
        differs = v->type != AMC_T_STRING;
        break;
    }
    if (!differs)
        return AMC_OK;
    show(q, sizeof q, s, n);
    switch (v->type) {
    case AMC_T_STRING:
        snprintf(w12, sizeof w12, "a string");
        break;
    case AMC_T_NUMBER:
        snprintf(w12, sizeof w12, "the number %s",
                 show(qn, sizeof qn, v->u.num.text, v->u.num.len));
        break;
    case AMC_T_BOOL:
        snprintf(w12, sizeof w12, "boolean %s", v->u.boolean ? "true" : "false");
        break;
    case AMC_T_NULL:
    case AMC_T_ARRAY:
    case AMC_T_OBJECT:
        snprintf(w12, sizeof w12, "%s", amc_type_name(v->type));
        break;
    }
    if (y.rule == Y11_BOOL || y.rule == Y11_BOOL_YN)
        snprintf(w11, sizeof w11, "boolean %s", y.bval ? "true" : "false");
    else if (y.rule <= Y11_INT_SEXA && !y.ovf)
        snprintf(w11, sizeof w11, "%s %s%llu", y11_rules[y.rule].what, y.neg && y.mag ? "-" : "",
                 (unsigned long long)y.mag);
    else if (y.rule <= Y11_INT_SEXA)
        snprintf(w11, sizeof w11, "%s (beyond 64 bits)", y11_rules[y.rule].what);
    else
        snprintf(w11, sizeof w11, "%s", y11_rules[y.rule].what);
    return report(r, AMC_C_YAML_11_AMBIGUOUS, at,
                  "plain scalar '%s' is %s in YAML 1.2 (core schema), but %s read %s (%s); quote "
                  "or tag it to be unambiguous",
                  q, w12, y11_rules[y.rule].who, w11, y11_rules[y.rule].source);
}

/* ------------------------------------------------------------------------------------------ */
/* Scalars and tags (decisions D9-D14)                                                        */
/* ------------------------------------------------------------------------------------------ */

typedef enum tag_kind {
    TK_NONE,    /* no tag */
    TK_NONSPEC, /* "!" */
    TK_STR,
    TK_INT,
    TK_FLOAT,
    TK_BOOL,
    TK_NULL,
    TK_MAP,
    TK_SEQ,
    TK_BINARY,
    TK_OTHER
} tag_kind;

static tag_kind tag_classify(const yaml_char_t *tag)
{
    static const struct {
        const char *name;
        tag_kind k;
    } core[] = {{"str", TK_STR},   {"int", TK_INT}, {"float", TK_FLOAT}, {"bool", TK_BOOL},
                {"null", TK_NULL}, {"map", TK_MAP}, {"seq", TK_SEQ},     {"binary", TK_BINARY}};
    const char *t = (const char *)tag;
    size_t i = 0, pl = sizeof CORE_TAG_PREFIX - 1;
    if (!t)
        return TK_NONE;
    if (!strcmp(t, "!"))
        return TK_NONSPEC;
    if (strncmp(t, CORE_TAG_PREFIX, pl) != 0)
        return TK_OTHER;
    for (i = 0; i < sizeof core / sizeof core[0]; i++)
        if (!strcmp(t + pl, core[i].name))
            return core[i].k;
    return TK_OTHER;
}

static const char *tag_short(tag_kind k)
{
    switch (k) {
    case TK_STR:
        return "!!str";
    case TK_INT:
        return "!!int";
    case TK_FLOAT:
        return "!!float";
    case TK_BOOL:
        return "!!bool";
    case TK_NULL:
        return "!!null";
    case TK_MAP:
        return "!!map";
    case TK_SEQ:
        return "!!seq";
    case TK_BINARY:
        return "!!binary";
    case TK_NONE:
    case TK_NONSPEC:
    case TK_OTHER:
        break;
    }
    return "!";
}

/* Reports an unsupported tag (TK_BINARY, TK_OTHER). */
static amc_status report_tag(yreader *r, tag_kind k, const yaml_char_t *tag, amc_pos at)
{
    char q[SHOW_MAX * 4 + 8];
    const char *t = (const char *)tag;
    if (k == TK_BINARY)
        return report(r, AMC_C_YAML_TAG, at,
                      "tag !!binary is not supported: JSON has no binary type (use a base64 "
                      "string)");
    if (t[0] == '!')
        return report(r, AMC_C_YAML_TAG, at,
                      "local tag '%s' is not supported (only the YAML 1.2 core tags are)",
                      show(q, sizeof q, t, strlen(t)));
    return report(r, AMC_C_YAML_TAG, at,
                  "tag '%s' is not supported (only the YAML 1.2 core tags are)",
                  show(q, sizeof q, t, strlen(t)));
}

/* A number node from core int/float text s of kind ck. *v stays NULL after an error report. */
static amc_status make_number(yreader *r, core_kind ck, const char *s, size_t n, size_t off,
                              amc_pos at, amc_value **v)
{
    size_t m = 0;
    amc_status st =
        scratch_reserve(r, n + 4 > MAX_RADIX_BITS / 3 + 16 ? n + 4 : MAX_RADIX_BITS / 3 + 16);
    char q[SHOW_MAX * 4 + 8];
    if (st != AMC_OK)
        return st;
    switch (ck) {
    case CK_INT_DEC:
        m = norm_int(s, n, r->scratch);
        break;
    case CK_FLOAT:
        m = norm_float(s, n, r->scratch);
        break;
    case CK_INT_OCT:
    case CK_INT_HEX:
        m = radix_to_dec(s + 2, n - 2, ck == CK_INT_OCT ? 8 : 16, r->scratch);
        if (!m)
            return report(r, AMC_C_YAML_INT_RANGE, at, "%s integer '%s' has more than %d bits",
                          ck == CK_INT_OCT ? "octal" : "hexadecimal", show(q, sizeof q, s, n),
                          MAX_RADIX_BITS);
        break;
    case CK_NONE:
    case CK_NULL:
    case CK_TRUE:
    case CK_FALSE:
    case CK_INF:
    case CK_NAN:
        return AMC_EINTERNAL;
    }
    *v = amc_doc_new_number(r->doc, r->scratch, m, off);
    return *v ? AMC_OK : AMC_ENOMEM;
}

/* Types one scalar event. On a reported error *v is a null placeholder and *bad is set. */
static amc_status resolve_scalar(yreader *r, const yaml_event_t *ev, size_t off, amc_pos at,
                                 amc_value **v, bool *bad)
{
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    tag_kind tk = tag_classify(ev->data.scalar.tag);
    bool plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
    core_kind ck = CK_NONE;
    amc_status st = AMC_OK;
    char q[SHOW_MAX * 4 + 8];
    *v = NULL;
    *bad = false;
    switch (tk) {
    case TK_NONSPEC:
    case TK_STR:
        goto string;
    case TK_NONE:
        if (!plain)
            goto string;
        break;
    case TK_INT:
    case TK_FLOAT:
    case TK_BOOL:
    case TK_NULL:
        break;
    case TK_MAP:
    case TK_SEQ:
        st = report(r, AMC_C_YAML_TAG_VALUE, at, "tag %s on a scalar", tag_short(tk));
        goto bad;
    case TK_BINARY:
    case TK_OTHER:
        st = report_tag(r, tk, ev->data.scalar.tag, at);
        goto bad;
    }
    ck = core_classify(s, n);
    if (tk != TK_NONE) { /* the tag must match (D14) */
        bool ok = false;
        switch (tk) {
        case TK_INT:
            ok = ck == CK_INT_DEC || ck == CK_INT_OCT || ck == CK_INT_HEX;
            break;
        case TK_FLOAT:
            ok = ck == CK_INT_DEC || ck == CK_FLOAT || ck == CK_INF || ck == CK_NAN;
            if (ck == CK_INT_DEC)
                ck = CK_FLOAT;
            break;
        case TK_BOOL:
            ok = ck == CK_TRUE || ck == CK_FALSE;
            break;
        case TK_NULL:
            ok = ck == CK_NULL;
            break;
        case TK_NONE:
        case TK_NONSPEC:
        case TK_STR:
        case TK_MAP:
        case TK_SEQ:
        case TK_BINARY:
        case TK_OTHER:
            break;
        }
        if (!ok) {
            st = report(r, AMC_C_YAML_TAG_VALUE, at, "'%s' is not a valid %s value",
                        show(q, sizeof q, s, n), tag_short(tk));
            goto bad;
        }
    }
    switch (ck) {
    case CK_NONE:
        goto string;
    case CK_NULL:
        *v = amc_doc_new_value(r->doc, AMC_T_NULL, off);
        break;
    case CK_TRUE:
    case CK_FALSE:
        *v = amc_doc_new_value(r->doc, AMC_T_BOOL, off);
        if (*v)
            (*v)->u.boolean = ck == CK_TRUE;
        break;
    case CK_INT_DEC:
    case CK_INT_OCT:
    case CK_INT_HEX:
    case CK_FLOAT:
        st = make_number(r, ck, s, n, off, at, v);
        if (st != AMC_OK || !*v)
            goto bad;
        break;
    case CK_INF:
    case CK_NAN:
        st = report(r, AMC_C_YAML_NONFINITE, at,
                    "'%s' is a non-finite float (YAML 1.2 core schema); JSON cannot represent it",
                    show(q, sizeof q, s, n));
        goto bad;
    }
    if (!*v)
        return AMC_ENOMEM;
    if (tk == TK_NONE)
        return y11_check(r, s, n, *v, at);
    return AMC_OK;
string:
    *v = amc_doc_new_string(r->doc, s, n, off);
    if (!*v)
        return AMC_ENOMEM;
    if (tk == TK_NONE && plain)
        return y11_check(r, s, n, *v, at);
    return AMC_OK;
bad:
    *bad = true;
    if (st != AMC_OK)
        return st;
    *v = amc_doc_new_value(r->doc, AMC_T_NULL, off);
    return *v ? AMC_OK : AMC_ENOMEM;
}

/* ------------------------------------------------------------------------------------------ */
/* Tree building                                                                              */
/* ------------------------------------------------------------------------------------------ */

static amc_status count_nodes(yreader *r, size_t k, amc_pos at)
{
    r->nodes = r->nodes > SIZE_MAX - k ? SIZE_MAX : r->nodes + k;
    if (r->nodes > r->lim.max_nodes) {
        report(r, AMC_C_LIMIT_NODES, at, "document has more than %zu values (limit max_nodes)",
               r->lim.max_nodes);
        return AMC_ELIMIT;
    }
    return AMC_OK;
}

/* Anchors: a new definition becomes the name's current one. */
static amc_status def_new(yreader *r, const yaml_char_t *anchor, size_t *idx)
{
    const char *name = (const char *)anchor;
    size_t nl = strlen(name), slot = 0;
    ydef *d = NULL;
    amc_status st = AMC_OK;
    if (r->ndefs == r->cdefs) {
        size_t nc = r->cdefs ? r->cdefs * 2 : 16;
        ydef *p = amc_xrealloc(r->defs, nc * sizeof *p);
        if (!p)
            return AMC_ENOMEM;
        r->defs = p;
        r->cdefs = nc;
    }
    if ((r->anchors.n + 1) * 2 > r->anchors.cap) {
        st = itab_grow(&r->anchors, r->seed, def_key, r);
        if (st != AMC_OK)
            return st;
    }
    d = &r->defs[r->ndefs];
    memset(d, 0, sizeof *d);
    d->name = amc_arena_strndup(&r->tmp, name, nl);
    if (!d->name)
        return AMC_ENOMEM;
    d->name_len = nl;
    slot = itab_slot(&r->anchors, name, nl, r->seed, def_key, r);
    if (!r->anchors.t[slot])
        r->anchors.n++;
    r->anchors.t[slot] = r->ndefs + 1;
    *idx = r->ndefs++;
    return AMC_OK;
}

static ydef *def_find(yreader *r, const yaml_char_t *anchor)
{
    const char *name = (const char *)anchor;
    size_t slot = 0;
    if (!r->anchors.cap)
        return NULL;
    slot = itab_slot(&r->anchors, name, strlen(name), r->seed, def_key, r);
    return r->anchors.t[slot] ? &r->defs[r->anchors.t[slot] - 1] : NULL;
}

/* Is key k (slot ks, just pushed) a duplicate in frame f? Returns the first slot or NO_DEF. */
static amc_status find_dup(yreader *r, yframe *f, size_t ks, size_t *first)
{
    size_t i = 0, n = ks - f->first, slot = 0;
    const yslot *k = &r->slots[ks];
    amc_status st = AMC_OK;
    *first = NO_DEF;
    if (n < 8 && !f->keys.cap) {
        for (i = f->first; i < ks; i++)
            if (r->slots[i].key && r->slots[i].key_len == k->key_len &&
                memcmp(r->slots[i].key, k->key, k->key_len) == 0) {
                *first = i;
                return AMC_OK;
            }
        return AMC_OK;
    }
    if (!f->keys.cap) { /* switch to the index: add the earlier keys */
        st = itab_grow(&f->keys, r->seed, slot_key, r);
        for (i = f->first; i < ks && st == AMC_OK; i++) {
            if (!r->slots[i].key)
                continue;
            slot = itab_slot(&f->keys, r->slots[i].key, r->slots[i].key_len, r->seed, slot_key, r);
            if (!f->keys.t[slot]) {
                f->keys.t[slot] = i + 1;
                f->keys.n++;
            }
            if ((f->keys.n + 1) * 2 > f->keys.cap)
                st = itab_grow(&f->keys, r->seed, slot_key, r);
        }
        if (st != AMC_OK)
            return st;
    }
    if ((f->keys.n + 1) * 2 > f->keys.cap) {
        st = itab_grow(&f->keys, r->seed, slot_key, r);
        if (st != AMC_OK)
            return st;
    }
    slot = itab_slot(&f->keys, k->key, k->key_len, r->seed, slot_key, r);
    if (f->keys.t[slot]) {
        *first = f->keys.t[slot] - 1;
        return AMC_OK;
    }
    f->keys.t[slot] = ks + 1;
    f->keys.n++;
    return AMC_OK;
}

static amc_status push_slot(yreader *r)
{
    if (r->nslots == r->cslots) {
        size_t nc = r->cslots ? r->cslots * 2 : 64;
        yslot *p = amc_xrealloc(r->slots, nc * sizeof *p);
        if (!p)
            return AMC_ENOMEM;
        r->slots = p;
        r->cslots = nc;
    }
    memset(&r->slots[r->nslots], 0, sizeof r->slots[0]);
    r->nslots++;
    return AMC_OK;
}

/* Hands a finished node to its parent (or makes it the root). */
static amc_status deliver(yreader *r, const ynode *n)
{
    yframe *f = NULL;
    yslot *k = NULL;
    size_t first = NO_DEF;
    amc_status st = AMC_OK;
    char q[SHOW_MAX * 4 + 8];
    if (!r->nframes) {
        r->root = n->v;
        return AMC_OK;
    }
    f = &r->frames[r->nframes - 1];
    if (f->is_map && !f->want_key) { /* the value of the last key */
        r->slots[r->nslots - 1].v = n->v;
        f->want_key = true;
        if (f->height < n->height + 1)
            f->height = n->height + 1;
        return AMC_OK;
    }
    st = push_slot(r);
    if (st != AMC_OK)
        return st;
    k = &r->slots[r->nslots - 1];
    if (!f->is_map) {
        k->v = n->v;
        if (f->height < n->height + 1)
            f->height = n->height + 1;
        return AMC_OK;
    }
    /* a key (D15-D17) */
    f->want_key = false;
    k->key_off = n->pos.offset; /* the alias's position for an alias key (D6) */
    k->key_pos = n->pos;
    if (n->reported)
        return AMC_OK;
    if (!n->ktext)
        return report(r, AMC_C_YAML_KEY_COMPLEX, n->pos,
                      "mapping key is a %s; only scalar keys have a JSON form",
                      n->v->type == AMC_T_OBJECT ? "mapping" : "sequence");
    if (n->v->type == AMC_T_NULL && n->klen == 0)
        return report(r, AMC_C_YAML_KEY_NULL, n->pos,
                      "mapping key is empty (null); JSON object keys are strings");
    if (n->v->type == AMC_T_STRING) {
        k->key = n->v->u.str.ptr; /* same bytes as the text */
    } else if (n->ktext) {
        k->key = amc_doc_strdup(r->doc, n->ktext, n->klen);
        if (!k->key)
            return AMC_ENOMEM;
    }
    k->key_len = n->klen;
    st = find_dup(r, f, r->nslots - 1, &first);
    if (st != AMC_OK || first == NO_DEF)
        return st;
    return report_ctx(r, AMC_C_YAML_DUP_KEY, n->pos, "first defined here", r->slots[first].key_pos,
                      "duplicate mapping key '%s'", show(q, sizeof q, k->key, k->key_len));
}

static amc_status on_scalar(yreader *r, const yaml_event_t *ev)
{
    amc_pos at = cur_seek(&r->cur, ev->start_mark.index);
    ynode n;
    bool bad = false;
    amc_status st = count_nodes(r, 1, at);
    size_t di = NO_DEF;
    if (st != AMC_OK)
        return st;
    if (ev->data.scalar.length > r->lim.max_string_bytes) {
        report(r, AMC_C_LIMIT_STRING, at,
               "scalar of %zu bytes exceeds the string limit (%zu bytes, max_string_bytes)",
               ev->data.scalar.length, r->lim.max_string_bytes);
        return AMC_ELIMIT;
    }
    memset(&n, 0, sizeof n);
    n.pos = at;
    st = resolve_scalar(r, ev, at.offset, at, &n.v, &bad);
    if (st != AMC_OK)
        return st;
    n.reported = bad;
    n.ktext = (const char *)ev->data.scalar.value;
    n.klen = ev->data.scalar.length;
    if (ev->data.scalar.anchor) {
        ydef *d = NULL;
        st = def_new(r, ev->data.scalar.anchor, &di);
        if (st != AMC_OK)
            return st;
        d = &r->defs[di];
        d->node = n.v;
        d->size = 1;
        d->scalar = !bad;
        d->klen = n.klen;
        if (n.v->type == AMC_T_STRING) {
            d->ktext = n.v->u.str.ptr;
        } else {
            d->ktext = amc_doc_strdup(r->doc, n.ktext, n.klen);
            if (!d->ktext)
                return AMC_ENOMEM;
        }
    }
    return deliver(r, &n);
}

static amc_status on_alias(yreader *r, const yaml_event_t *ev)
{
    amc_pos at = cur_seek(&r->cur, ev->start_mark.index);
    const yaml_char_t *name = ev->data.alias.anchor;
    ydef *d = def_find(r, name);
    ynode n;
    amc_status st = AMC_OK;
    char q[SHOW_MAX * 4 + 8];
    memset(&n, 0, sizeof n);
    n.pos = at;
    if (!d || !d->node) {
        if (!d)
            st = report(r, AMC_C_YAML_ALIAS_UNDEFINED, at, "alias *%s refers to no anchor",
                        show(q, sizeof q, (const char *)name, strlen((const char *)name)));
        else
            st = report(r, AMC_C_YAML_ALIAS_RECURSIVE, at,
                        "alias *%s refers to a node that contains it (recursive structure)",
                        show(q, sizeof q, (const char *)name, strlen((const char *)name)));
        if (st != AMC_OK)
            return st;
        st = count_nodes(r, 1, at);
        if (st != AMC_OK)
            return st;
        n.v = amc_doc_new_value(r->doc, AMC_T_NULL, at.offset);
        if (!n.v)
            return AMC_ENOMEM;
        n.reported = true;
        return deliver(r, &n);
    }
    r->alias_nodes = r->alias_nodes > SIZE_MAX - d->size ? SIZE_MAX : r->alias_nodes + d->size;
    if (r->alias_nodes > r->lim.max_alias_nodes) {
        report(r, AMC_C_YAML_ALIAS_LIMIT, at,
               "aliases expand to more than %zu nodes (limit max_alias_nodes; billion-laughs "
               "guard)",
               r->lim.max_alias_nodes);
        return AMC_ELIMIT;
    }
    st = count_nodes(r, d->size, at);
    if (st != AMC_OK)
        return st;
    if (r->nframes + d->height > r->lim.max_depth) {
        report(r, AMC_C_LIMIT_DEPTH, at,
               "alias *%s expands deeper than the depth limit (%u, max_depth)",
               show(q, sizeof q, (const char *)name, strlen((const char *)name)), r->lim.max_depth);
        return AMC_ELIMIT;
    }
    n.v = d->node;
    n.height = d->height;
    n.ktext = d->scalar ? d->ktext : NULL;
    n.klen = d->klen;
    n.reported = !d->scalar && d->height == 0; /* an anchored scalar that was in error */
    return deliver(r, &n);
}

static amc_status on_start(yreader *r, const yaml_event_t *ev, bool is_map)
{
    amc_pos at = cur_seek(&r->cur, ev->start_mark.index);
    const yaml_char_t *tag = is_map ? ev->data.mapping_start.tag : ev->data.sequence_start.tag;
    const yaml_char_t *anchor =
        is_map ? ev->data.mapping_start.anchor : ev->data.sequence_start.anchor;
    tag_kind tk = tag_classify(tag);
    yframe *f = NULL;
    amc_status st = count_nodes(r, 1, at);
    if (st != AMC_OK)
        return st;
    switch (tk) {
    case TK_NONE:
    case TK_NONSPEC:
        break;
    case TK_MAP:
    case TK_SEQ:
        if ((tk == TK_MAP) == is_map)
            break;
        /* fall through */
    case TK_STR:
    case TK_INT:
    case TK_FLOAT:
    case TK_BOOL:
    case TK_NULL:
        st = report(r, AMC_C_YAML_TAG_VALUE, at, "tag %s on a %s", tag_short(tk),
                    is_map ? "mapping" : "sequence");
        break;
    case TK_BINARY:
    case TK_OTHER:
        st = report_tag(r, tk, tag, at);
        break;
    }
    if (st != AMC_OK)
        return st;
    if (r->nframes + 1 > r->lim.max_depth) {
        report(r, AMC_C_LIMIT_DEPTH, at, "nesting exceeds the depth limit (%u, max_depth)",
               r->lim.max_depth);
        return AMC_ELIMIT;
    }
    if (r->nframes == r->cframes) {
        size_t nc = r->cframes ? r->cframes * 2 : 16;
        yframe *p = amc_xrealloc(r->frames, nc * sizeof *p);
        if (!p)
            return AMC_ENOMEM;
        r->frames = p;
        r->cframes = nc;
    }
    f = &r->frames[r->nframes];
    memset(f, 0, sizeof *f);
    f->def = NO_DEF;
    f->node = amc_doc_new_value(r->doc, is_map ? AMC_T_OBJECT : AMC_T_ARRAY, at.offset);
    if (!f->node)
        return AMC_ENOMEM;
    f->first = r->nslots;
    f->nodes_before = r->nodes - 1;
    f->height = 1;
    f->is_map = is_map;
    f->want_key = is_map;
    f->pos = at;
    r->nframes++;
    if (anchor) {
        size_t di = NO_DEF;
        st = def_new(r, anchor, &di);
        if (st != AMC_OK)
            return st;
        r->frames[r->nframes - 1].def = di;
    }
    return AMC_OK;
}

static amc_status on_end(yreader *r)
{
    yframe *f = &r->frames[r->nframes - 1];
    size_t n = r->nslots - f->first, i = 0;
    ynode nd;
    amc_status st = AMC_OK;
    if (f->is_map) {
        amc_member *m = amc_doc_alloc(r->doc, (n ? n : 1) * sizeof *m);
        if (!m)
            return AMC_ENOMEM;
        for (i = 0; i < n; i++) {
            const yslot *s = &r->slots[f->first + i];
            m[i].key = s->key ? s->key : ""; /* "" only in a document that is in error */
            m[i].key_len = s->key ? s->key_len : 0;
            m[i].key_offset = s->key_off;
            m[i].value = s->v;
        }
        f->node->u.obj.members = m;
        f->node->u.obj.len = n;
    } else {
        amc_value **items = amc_doc_alloc(r->doc, (n ? n : 1) * sizeof *items);
        if (!items)
            return AMC_ENOMEM;
        for (i = 0; i < n; i++)
            items[i] = r->slots[f->first + i].v;
        f->node->u.arr.items = items;
        f->node->u.arr.len = n;
    }
    memset(&nd, 0, sizeof nd);
    nd.v = f->node;
    nd.pos = f->pos;
    nd.height = f->height;
    if (f->def != NO_DEF) {
        ydef *d = &r->defs[f->def];
        d->node = f->node;
        d->size = r->nodes - f->nodes_before;
        d->height = f->height;
    }
    amc_xfree(f->keys.t);
    r->nslots = f->first;
    r->nframes--;
    st = deliver(r, &nd);
    return st;
}

/* ------------------------------------------------------------------------------------------ */
/* Entry point                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* D1: UTF-16/32 by BOM or by the NUL patterns of YAML 1.2 section 5.2. */
static const char *detect_non_utf8(const unsigned char *b, size_t n)
{
    if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xfe && b[3] == 0xff)
        return "UTF-32BE (byte order mark)";
    if (n >= 4 && b[0] == 0xff && b[1] == 0xfe && b[2] == 0 && b[3] == 0)
        return "UTF-32LE (byte order mark)";
    if (n >= 2 && b[0] == 0xfe && b[1] == 0xff)
        return "UTF-16BE (byte order mark)";
    if (n >= 2 && b[0] == 0xff && b[1] == 0xfe)
        return "UTF-16LE (byte order mark)";
    if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0)
        return "UTF-32BE (leading NUL bytes)";
    if (n >= 4 && b[1] == 0 && b[2] == 0 && b[3] == 0)
        return "UTF-32LE (NUL bytes after the first character)";
    if (n >= 2 && b[0] == 0)
        return "UTF-16BE (leading NUL byte)";
    if (n >= 2 && b[1] == 0)
        return "UTF-16LE (NUL byte after the first character)";
    return NULL;
}

static amc_status precheck(yreader *r)
{
    const char *enc = NULL;
    const char *nul = NULL;
    size_t bad = 0;
    if (r->len > r->lim.max_input_bytes) {
        report(r, AMC_C_LIMIT_SIZE, amc_pos_of(r->buf, r->len, r->lim.max_input_bytes),
               "input of %zu bytes exceeds the size limit (%zu bytes, max_input_bytes)", r->len,
               r->lim.max_input_bytes);
        return AMC_ELIMIT;
    }
    if (r->len == 0) {
        report(r, AMC_C_EMPTY_INPUT, amc_pos_of(r->buf, 0, 0), "YAML input is empty");
        return AMC_EINVALID;
    }
    enc = detect_non_utf8((const unsigned char *)r->buf, r->len);
    if (enc) {
        report(r, AMC_C_YAML_ENCODING, amc_pos_of(r->buf, r->len, 0),
               "input looks like %s; only UTF-8 YAML is accepted", enc);
        return AMC_EINVALID;
    }
    bad = amc_utf8_validate(r->buf, r->len);
    nul = memchr(r->buf, '\0', r->len);
    if (nul && (size_t)(nul - r->buf) < bad) {
        report(r, AMC_C_NUL_BYTE, amc_pos_of(r->buf, r->len, (size_t)(nul - r->buf)),
               "NUL byte in YAML input");
        return AMC_EINVALID;
    }
    if (bad < r->len) {
        report(r, AMC_C_UTF8_INVALID, amc_pos_of(r->buf, r->len, bad),
               "invalid UTF-8 byte 0x%02x in YAML input", (unsigned char)r->buf[bad]);
        return AMC_EINVALID;
    }
    return AMC_OK;
}

/* D4: libyaml's error -> one diagnostic. */
static amc_status report_libyaml(yreader *r, const yaml_parser_t *p)
{
    amc_pos at, cat = AMC_POS_NONE;
    switch (p->error) {
    case YAML_MEMORY_ERROR:
        return AMC_ENOMEM; /* amc_yaml_read reports it */
    case YAML_READER_ERROR:
        at = amc_pos_of(r->buf, r->len, p->problem_offset);
        if (p->problem_value >= 0)
            report(r, AMC_C_YAML_CONTROL_CHAR, at, "character U+%04X is not allowed in YAML (%s)",
                   (unsigned)p->problem_value, p->problem ? p->problem : "reader error");
        else
            report(r, AMC_C_YAML_SYNTAX, at, "%s", p->problem ? p->problem : "reader error");
        return AMC_EINVALID;
    case YAML_SCANNER_ERROR:
    case YAML_PARSER_ERROR:
        at = cur_seek(&r->cur, p->problem_mark.index);
        if (p->context) {
            cat = cur_seek(&r->cur, p->context_mark.index);
            report_ctx(r, AMC_C_YAML_SYNTAX, at, p->context, cat, "%s",
                       p->problem ? p->problem : "syntax error");
        } else {
            report(r, AMC_C_YAML_SYNTAX, at, "%s", p->problem ? p->problem : "syntax error");
        }
        return AMC_EINVALID;
    case YAML_NO_ERROR:
    case YAML_COMPOSER_ERROR:
    case YAML_WRITER_ERROR:
    case YAML_EMITTER_ERROR:
        break;
    }
    report(r, AMC_C_INTERNAL, AMC_POS_NONE, "libyaml failed without an error (%d)", (int)p->error);
    return AMC_EINTERNAL;
}

static amc_status on_event(yreader *r, const yaml_event_t *ev, bool *done)
{
    amc_pos at;
    switch (ev->type) {
    case YAML_NO_EVENT:
    case YAML_STREAM_START_EVENT:
        return AMC_OK;
    case YAML_STREAM_END_EVENT:
        *done = true;
        if (r->ndocs == 0) {
            report(r, AMC_C_EMPTY_INPUT, amc_pos_of(r->buf, r->len, 0),
                   "YAML input holds no document (only comments, blank lines or markers)");
            return AMC_EINVALID;
        }
        return AMC_OK;
    case YAML_DOCUMENT_START_EVENT:
        at = cur_seek(&r->cur, ev->start_mark.index);
        if (++r->ndocs > 1) {
            report(r, AMC_C_YAML_MULTI_DOC, at,
                   "a second YAML document starts here; exactly one is allowed");
            return AMC_EINVALID;
        }
        if (ev->data.document_start.version_directive &&
            ev->data.document_start.version_directive->major == 1 &&
            ev->data.document_start.version_directive->minor == 1)
            return report(r, AMC_C_YAML_VERSION_11, at,
                          "%%YAML 1.1 directive: the document is read with YAML 1.2 core schema "
                          "rules (see the yaml.yaml11-ambiguous warnings)");
        return AMC_OK;
    case YAML_DOCUMENT_END_EVENT:
        return AMC_OK;
    case YAML_ALIAS_EVENT:
        return on_alias(r, ev);
    case YAML_SCALAR_EVENT:
        return on_scalar(r, ev);
    case YAML_SEQUENCE_START_EVENT:
        return on_start(r, ev, false);
    case YAML_MAPPING_START_EVENT:
        return on_start(r, ev, true);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return on_end(r);
    }
    return AMC_OK;
}

static amc_status yaml_read_impl(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_doc **out)
{
    yreader r;
    yaml_parser_t parser;
    yaml_event_t ev;
    bool parser_ok = false, have_ev = false, done = false;
    amc_status st = AMC_OK;
    size_t i = 0;
    if (out)
        *out = NULL;
    if (!out || !diags || (!buf && len))
        return AMC_EUSAGE;
    memset(&r, 0, sizeof r);
    memset(&ev, 0, sizeof ev);
    r.buf = buf ? buf : "";
    r.len = len;
    r.diags = diags;
    if (lim) {
        r.lim = *lim;
    } else {
        const amc_limits d = AMC_LIMITS_DEFAULT;
        r.lim = d;
    }
    amc_limits_normalize(&r.lim);
    r.cur.buf = r.buf;
    r.cur.len = len;
    r.seed = (uint64_t)(uintptr_t)&r; /* varies per run (ASLR): no fixed hash-flooding set */
    amc_arena_init(&r.tmp, 1024);
    st = precheck(&r);
    if (st != AMC_OK)
        goto out;
    r.doc = amc_doc_new(r.buf, len);
    if (!r.doc) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (!yaml_parser_initialize(&parser)) {
        st = AMC_ENOMEM;
        goto out;
    }
    parser_ok = true;
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    /* D1: a leading UTF-8 BOM is not handed to libyaml. Told the encoding, libyaml does not
     * drop it as its encoding detection would: it skips it like a space, which counts as a
     * column, so the first line was indented by one and a block mapping or sequence of more
     * than one line was a syntax error ("did not find expected <document start>"). Its marks
     * then count from after the BOM; the cursor adds it back (positions count the BOM). */
    if (len >= 3 && !memcmp(r.buf, "\xef\xbb\xbf", 3))
        r.cur.skip = 1;
    yaml_parser_set_input_string(&parser, (const unsigned char *)r.buf + 3 * r.cur.skip,
                                 len - 3 * r.cur.skip);
    while (!done) {
        if (!yaml_parser_parse(&parser, &ev)) {
            st = report_libyaml(&r, &parser);
            goto out;
        }
        have_ev = true;
        st = on_event(&r, &ev, &done);
        yaml_event_delete(&ev);
        have_ev = false;
        if (st != AMC_OK)
            goto out;
    }
    if (r.errors)
        st = AMC_EINVALID;
out:
    if (have_ev)
        yaml_event_delete(&ev);
    if (parser_ok)
        yaml_parser_delete(&parser);
    for (i = 0; i < r.nframes; i++)
        amc_xfree(r.frames[i].keys.t);
    amc_xfree(r.frames);
    amc_xfree(r.slots);
    amc_xfree(r.defs);
    amc_xfree(r.anchors.t);
    amc_xfree(r.scratch);
    amc_arena_release(&r.tmp);
    if (st == AMC_OK && r.root) {
        amc_doc_set_root(r.doc, r.root);
        *out = r.doc;
    } else {
        if (st == AMC_OK)
            st = AMC_EINTERNAL;
        if (st == AMC_ENOMEM && diags)
            (void)amc_diags_addf(diags, AMC_C_NOMEM, AMC_POS_NONE, NULL);
        amc_doc_free(r.doc);
    }
    return st;
}

/* A diagnostic that could not be stored for lack of memory makes the read AMC_ENOMEM: a caller
 * must not take an incomplete list for the whole story. */
amc_status amc_yaml_read(const char *buf, size_t len, const amc_limits *lim, amc_diags *diags,
                         amc_doc **out)
{
    size_t nomem0 = amc_diags_nomem(diags);
    amc_status st = yaml_read_impl(buf, len, lim, diags, out);
    if (st != AMC_ENOMEM && st != AMC_EUSAGE && amc_diags_nomem(diags) > nomem0) {
        if (out && *out) {
            amc_doc_free(*out);
            *out = NULL;
        }
        st = AMC_ENOMEM;
    }
    return st;
}
