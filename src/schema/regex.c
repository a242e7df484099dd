/*
 * regex.c - ECMA-262 regular expressions (Pattern[+UnicodeMode], i.e. `new RegExp(p, "u")`,
 * ES2025 grammar) translated to PCRE2 and run with match limits.
 *
 * JSON Schema 2020-12 says patterns are ECMA-262 regular expressions with the "u" flag. PCRE2
 * reads the same text differently in many places, so the pattern is never handed to PCRE2 as
 * is: a recursive-descent tokenizer validates it against the ECMA-262 grammar and writes an
 * equivalent PCRE2 pattern in which every construct is spelled unambiguously. Decisions:
 *
 *  - Syntax is the u-mode grammar of ECMA-262 (no Annex B leniency): lone `{`, `}`, `]`,
 *    unknown escapes (`\a`, `\e`, `\A`, `\z`, `\-` outside a class ...), `\c` not followed by a
 *    letter, `\x` without two hex digits, `\0` followed by a digit, backreferences to groups
 *    that do not exist, quantified lookarounds and `(?` forms other than `(?:` `(?=` `(?!`
 *    `(?<=` `(?<!` `(?<name>` and ES2025 modifier groups `(?ims-ims:` are SyntaxErrors. So are
 *    PCRE/Python extensions: possessive quantifiers, atomic groups, inline flags `(?i)`,
 *    `(?P<n>`, `(?#...)`, `\Q..\E`.
 *  - Literal characters are written as `\x{H}` (ASCII letters and digits as themselves).
 *  - `.` is `[^\n\r\x{2028}\x{2029}]` (ECMA line terminators), or any code point under the s
 *    modifier. `^` / `$` are `\A` / `\z` (so `$` never matches before a trailing newline), or
 *    the line-terminator lookarounds under the m modifier.
 *  - `\d` `\w` are ASCII (written as explicit ranges), `\s` is the ECMA WhiteSpace +
 *    LineTerminator set (U+0009-000D, U+0020, U+00A0, U+1680, U+2000-200A, U+2028, U+2029,
 *    U+202F, U+205F, U+3000, U+FEFF), written out; `\D` `\W` `\S` are their complements.
 *    PCRE2_UCP is never set, so PCRE2's own `\b` is ASCII-based like ECMA's.
 *  - `\uXXXX`, `\u{X...}`, surrogate pairs `\uD83D\uDE00` (one code point), `\xHH`, `\cX`,
 *    `\0`, `\f\n\r\t\v`, `\/` and the other identity escapes become `\x{H}`. A lone surrogate
 *    can never occur in a (valid UTF-8) subject: as an atom it becomes a never-matching
 *    `(?:(?!))`; in a class it is dropped and ranges are clipped around U+D800-DFFF.
 *  - `[]` never matches, `[^]` matches any code point; class contents are written as explicit
 *    code point ranges so PCRE2's POSIX `[:name:]` syntax can never be triggered.
 *  - `\p{..}` / `\P{..}`: the ECMA names are exact (case-sensitive): General_Category values and
 *    aliases (`L`, `Letter`, `digit`, `gc=Lu`, `General_Category=Lu`), the ECMA table of binary
 *    properties with their aliases, and `Script=`/`sc=`/`Script_Extensions=`/`scx=` values (the
 *    script value itself is checked by PCRE2, which matches script names loosely).
 *  - Named groups become plain numbered groups; `\k<name>` and `\N` become `\g{N}`. Duplicate
 *    group names (an ES2025 relaxation for different alternatives) are rejected. Group names
 *    are checked exactly for ASCII; any non-ASCII code point is accepted in a name (ECMA wants
 *    ID_Start / ID_Continue there).
 *  - Backreferences to groups that have not participated match the empty string, as in ECMA
 *    (PCRE2_MATCH_UNSET_BACKREF).
 *  - Quantifier bounds above 65535 (PCRE2's limit) are rejected as unsupported.
 *  - Lookbehind: PCRE2 10.42 only knows fixed-length (per alternative) lookbehind. The pattern
 *    is first compiled with native lookbehinds; if PCRE2 refuses one as not fixed length, it
 *    is translated again with every lookbehind replaced by a callout that runs the body as a
 *    separate anchored regex `(?:body)(?C255)` from each earlier code point boundary, the
 *    callout 255 requiring the body match to end exactly at the current position (the whole
 *    subject stays visible, so anchors and nested lookarounds inside the body behave).
 *    Capturing groups inside such a body keep their numbers (never-set placeholders);
 *    backreferences inside such a body, or into one, are rejected as unsupported.
 *  - The search is unanchored (RegExp.prototype.test). Patterns are compiled with PCRE2_UTF and
 *    matched with PCRE2_NO_UTF_CHECK (callers pass validated UTF-8). JIT is used when
 *    available; a JIT stack overflow falls back to the interpreter. The match limit, a depth
 *    limit and a heap limit bound every search; hitting one returns -1 instead of hanging.
 *    Emulated lookbehinds are bounded too (their sub-searches share one budget per search).
 *  - Known semantic differences, documented in docs/regex.md: with the i modifier PCRE2's
 *    case folding of `\w`/`\W`/`\b` and of classes differs from ECMA's Canonicalize for a few
 *    characters (U+017F, U+212A); captures inside quantified groups are not reset per
 *    iteration (visible only through backreferences).
 *
 * All PCRE2 memory goes through amc_xmalloc/amc_xfree (a PCRE2 general context).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "regex_int.h"
#include "../core/arena_int.h"
#include "../core/buf_int.h"
#include "../core/utf8_int.h"

#define MAX_NEST        250   /* group nesting, as PCRE2's default parens nest limit */
#define MAX_NAME        256   /* bytes of one group name */
#define MAX_QUANT       65535 /* PCRE2's largest {n,m} bound */
#define MAX_LOOKBEHINDS 254   /* callout numbers 1..254; 255 is the end check */
#define END_CALLOUT     255
#define OUT_LIMIT       ((size_t)64 << 20)
#define HEAP_LIMIT_KIB  65536u

/* portability features seen while translating */
enum {
    F_LOOKBEHIND = 1u << 0,
    F_PROPERTY = 1u << 1,
    F_BACKREF = 1u << 2,
    F_NAMED = 1u << 3,
    F_UESC = 1u << 4,
    F_CTRL = 1u << 5,
    F_EMPTYCLASS = 1u << 6,
    F_MODIFIER = 1u << 7,
    F_VTAB = 1u << 8
};

enum { K_ATOM, K_ASSERT, K_LOOKAROUND };

typedef struct gname {
    char name[MAX_NAME];
    size_t len;
    uint32_t group;
} gname;

typedef struct lbrec {
    size_t start, end; /* body in the source pattern */
    bool neg, fi, fm, fs;
} lbrec;

typedef struct tr {
    const char *p;
    size_t n, i;
    amc_buf out;
    uint32_t ngroups; /* from the prepass */
    uint32_t seen;    /* groups opened so far */
    gname *names;
    size_t nnames, capnames;
    unsigned features;
    bool fi, fm, fs; /* i, m, s modifiers in force */
    int depth;
    bool lb_callouts;   /* emulate lookbehinds */
    int in_lb;          /* inside an emulated lookbehind body */
    bool *group_in_lb;  /* [ngroups + 1] */
    uint32_t *backrefs; /* targets of backreferences outside emulated bodies */
    size_t nbackrefs, capbackrefs;
    lbrec *lbs;
    size_t nlbs, caplbs;
    bool failed, nomem;
    const char *reason; /* portability reason for an invalid pattern */
    char err[160];
} tr;

/* The simple form of a pattern (see simple_parse()). */
#define SIMPLE_MAX_ATOMS 24
typedef struct simple_atom {
    uint64_t cls[2];   /* the ASCII characters it matches (bit c of the 128) */
    uint32_t min, max; /* max UINT32_MAX: unbounded */
} simple_atom;
typedef struct simple_re {
    bool anchored_end;
    uint8_t natoms;
    simple_atom atoms[SIMPLE_MAX_ATOMS];
} simple_re;

struct amc_regex {
    simple_re *simple; /* non-NULL: searched without PCRE2 */
    pcre2_general_context *gctx;
    pcre2_code *code;
    pcre2_match_context *mctx;
    uint32_t match_limit;
    size_t nlbs;
    struct amc_regex **lbsub; /* emulated lookbehind bodies, callout k -> lbsub[k-1] */
    bool *lbneg;
};

/* ---------------------------------------------------------------- memory glue */

static void *pc_malloc(PCRE2_SIZE n, void *data)
{
    (void)data;
    return amc_xmalloc(n);
}

static void pc_free(void *p, void *data)
{
    (void)data;
    amc_xfree(p);
}

/* ---------------------------------------------------------------- errors */

static void fail(tr *t, size_t off, const char *reason, const char *fmt, ...) AMC_PRINTF(4, 5);

static void fail(tr *t, size_t off, const char *reason, const char *fmt, ...)
{
    va_list ap;
    int k = 0;
    if (t->failed)
        return;
    t->failed = true;
    t->reason = reason;
    k = snprintf(t->err, sizeof t->err, "offset %zu: ", off);
    if (k < 0 || (size_t)k >= sizeof t->err)
        return;
    va_start(ap, fmt);
    vsnprintf(t->err + k, sizeof t->err - (size_t)k, fmt, ap);
    va_end(ap);
}

static void oom(tr *t)
{
    if (!t->failed) {
        t->failed = true;
        t->nomem = true;
        snprintf(t->err, sizeof t->err, "%s", AMC_REGEX_ENOMEM_MSG);
    }
}

/* ---------------------------------------------------------------- output */

static void put(tr *t, const char *s)
{
    if (amc_buf_puts(&t->out, s) != AMC_OK)
        oom(t);
}

static void putf(tr *t, const char *fmt, ...) AMC_PRINTF(2, 3);

static void putf(tr *t, const char *fmt, ...)
{
    va_list ap;
    amc_status st = AMC_OK;
    va_start(ap, fmt);
    st = amc_buf_vprintf(&t->out, fmt, ap);
    va_end(ap);
    if (st != AMC_OK)
        oom(t);
}

static void truncate_out(tr *t, size_t len)
{
    if (t->out.data && len <= t->out.len) {
        t->out.len = len;
        t->out.data[len] = '\0';
    }
}

static bool is_alnum(uint32_t c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* one code point as a PCRE2 literal (also valid inside a class) */
static void put_cp(tr *t, uint32_t cp)
{
    if (is_alnum(cp)) {
        char s[2] = {(char)cp, 0};
        put(t, s);
    } else {
        putf(t, "\\x{%lx}", (unsigned long)cp);
    }
}

static bool is_surrogate(uint32_t cp)
{
    return cp >= 0xD800 && cp <= 0xDFFF;
}

/* a code point range inside a class, clipped around the surrogates; returns items written */
static int put_range(tr *t, uint32_t lo, uint32_t hi)
{
    int k = 0;
    if (lo <= 0xD7FF) {
        uint32_t h = hi < 0xD7FF ? hi : 0xD7FF;
        put_cp(t, lo);
        if (h != lo) {
            put(t, "-");
            put_cp(t, h);
        }
        k++;
    }
    if (hi >= 0xE000) {
        uint32_t l = lo > 0xE000 ? lo : 0xE000;
        put_cp(t, l);
        if (hi != l) {
            put(t, "-");
            put_cp(t, hi);
        }
        k++;
    }
    return k;
}

/* ---------------------------------------------------------------- character sets */

typedef struct crange {
    uint32_t lo, hi;
} crange;

static const crange set_d[] = {{0x30, 0x39}};
static const crange set_nd[] = {{0x0, 0x2F}, {0x3A, 0x10FFFF}};
static const crange set_w[] = {{0x30, 0x39}, {0x41, 0x5A}, {0x5F, 0x5F}, {0x61, 0x7A}};
static const crange set_nw[] = {
    {0x0, 0x2F}, {0x3A, 0x40}, {0x5B, 0x5E}, {0x60, 0x60}, {0x7B, 0x10FFFF}};
/* ECMA-262 WhiteSpace (incl. every Zs) and LineTerminator */
static const crange set_s[] = {
    {0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
static const crange set_ns[] = {{0x0, 0x08},      {0x0E, 0x1F},      {0x21, 0x9F},
                                {0xA1, 0x167F},   {0x1681, 0x1FFF},  {0x200B, 0x2027},
                                {0x202A, 0x202E}, {0x2030, 0x205E},  {0x2060, 0x2FFF},
                                {0x3001, 0xFEFE}, {0xFF00, 0x10FFFF}};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ECMA-262 General_Category values and aliases -> PCRE2 short names */
static const struct {
    const char *ecma, *pcre;
} gc_names[] = {
    {"C", "C"},
    {"Other", "C"},
    {"Cc", "Cc"},
    {"Control", "Cc"},
    {"cntrl", "Cc"},
    {"Cf", "Cf"},
    {"Format", "Cf"},
    {"Cn", "Cn"},
    {"Unassigned", "Cn"},
    {"Co", "Co"},
    {"Private_Use", "Co"},
    {"Cs", "Cs"},
    {"Surrogate", "Cs"},
    {"L", "L"},
    {"Letter", "L"},
    {"LC", "L&"},
    {"Cased_Letter", "L&"},
    {"Ll", "Ll"},
    {"Lowercase_Letter", "Ll"},
    {"Lm", "Lm"},
    {"Modifier_Letter", "Lm"},
    {"Lo", "Lo"},
    {"Other_Letter", "Lo"},
    {"Lt", "Lt"},
    {"Titlecase_Letter", "Lt"},
    {"Lu", "Lu"},
    {"Uppercase_Letter", "Lu"},
    {"M", "M"},
    {"Mark", "M"},
    {"Combining_Mark", "M"},
    {"Mc", "Mc"},
    {"Spacing_Mark", "Mc"},
    {"Me", "Me"},
    {"Enclosing_Mark", "Me"},
    {"Mn", "Mn"},
    {"Nonspacing_Mark", "Mn"},
    {"N", "N"},
    {"Number", "N"},
    {"Nd", "Nd"},
    {"Decimal_Number", "Nd"},
    {"digit", "Nd"},
    {"Nl", "Nl"},
    {"Letter_Number", "Nl"},
    {"No", "No"},
    {"Other_Number", "No"},
    {"P", "P"},
    {"Punctuation", "P"},
    {"punct", "P"},
    {"Pc", "Pc"},
    {"Connector_Punctuation", "Pc"},
    {"Pd", "Pd"},
    {"Dash_Punctuation", "Pd"},
    {"Pe", "Pe"},
    {"Close_Punctuation", "Pe"},
    {"Pf", "Pf"},
    {"Final_Punctuation", "Pf"},
    {"Pi", "Pi"},
    {"Initial_Punctuation", "Pi"},
    {"Po", "Po"},
    {"Other_Punctuation", "Po"},
    {"Ps", "Ps"},
    {"Open_Punctuation", "Ps"},
    {"S", "S"},
    {"Symbol", "S"},
    {"Sc", "Sc"},
    {"Currency_Symbol", "Sc"},
    {"Sk", "Sk"},
    {"Modifier_Symbol", "Sk"},
    {"Sm", "Sm"},
    {"Math_Symbol", "Sm"},
    {"So", "So"},
    {"Other_Symbol", "So"},
    {"Z", "Z"},
    {"Separator", "Z"},
    {"Zl", "Zl"},
    {"Line_Separator", "Zl"},
    {"Zp", "Zp"},
    {"Paragraph_Separator", "Zp"},
    {"Zs", "Zs"},
    {"Space_Separator", "Zs"},
};

/* ECMA-262 table "Binary Unicode property aliases" -> the canonical name PCRE2 knows.
 * "Assigned" is handled separately (\P{Cn}). */
static const struct {
    const char *ecma, *pcre;
} bin_names[] = {
    {"ASCII", "ASCII"},
    {"ASCII_Hex_Digit", "ASCII_Hex_Digit"},
    {"AHex", "ASCII_Hex_Digit"},
    {"Alphabetic", "Alphabetic"},
    {"Alpha", "Alphabetic"},
    {"Any", "Any"},
    {"Bidi_Control", "Bidi_Control"},
    {"Bidi_C", "Bidi_Control"},
    {"Bidi_Mirrored", "Bidi_Mirrored"},
    {"Bidi_M", "Bidi_Mirrored"},
    {"Case_Ignorable", "Case_Ignorable"},
    {"CI", "Case_Ignorable"},
    {"Cased", "Cased"},
    {"Changes_When_Casefolded", "Changes_When_Casefolded"},
    {"CWCF", "Changes_When_Casefolded"},
    {"Changes_When_Casemapped", "Changes_When_Casemapped"},
    {"CWCM", "Changes_When_Casemapped"},
    {"Changes_When_Lowercased", "Changes_When_Lowercased"},
    {"CWL", "Changes_When_Lowercased"},
    {"Changes_When_NFKC_Casefolded", "Changes_When_NFKC_Casefolded"},
    {"CWKCF", "Changes_When_NFKC_Casefolded"},
    {"Changes_When_Titlecased", "Changes_When_Titlecased"},
    {"CWT", "Changes_When_Titlecased"},
    {"Changes_When_Uppercased", "Changes_When_Uppercased"},
    {"CWU", "Changes_When_Uppercased"},
    {"Dash", "Dash"},
    {"Default_Ignorable_Code_Point", "Default_Ignorable_Code_Point"},
    {"DI", "Default_Ignorable_Code_Point"},
    {"Deprecated", "Deprecated"},
    {"Dep", "Deprecated"},
    {"Diacritic", "Diacritic"},
    {"Dia", "Diacritic"},
    {"Emoji", "Emoji"},
    {"Emoji_Component", "Emoji_Component"},
    {"EComp", "Emoji_Component"},
    {"Emoji_Modifier", "Emoji_Modifier"},
    {"EMod", "Emoji_Modifier"},
    {"Emoji_Modifier_Base", "Emoji_Modifier_Base"},
    {"EBase", "Emoji_Modifier_Base"},
    {"Emoji_Presentation", "Emoji_Presentation"},
    {"EPres", "Emoji_Presentation"},
    {"Extended_Pictographic", "Extended_Pictographic"},
    {"ExtPict", "Extended_Pictographic"},
    {"Extender", "Extender"},
    {"Ext", "Extender"},
    {"Grapheme_Base", "Grapheme_Base"},
    {"Gr_Base", "Grapheme_Base"},
    {"Grapheme_Extend", "Grapheme_Extend"},
    {"Gr_Ext", "Grapheme_Extend"},
    {"Hex_Digit", "Hex_Digit"},
    {"Hex", "Hex_Digit"},
    {"IDS_Binary_Operator", "IDS_Binary_Operator"},
    {"IDSB", "IDS_Binary_Operator"},
    {"IDS_Trinary_Operator", "IDS_Trinary_Operator"},
    {"IDST", "IDS_Trinary_Operator"},
    {"ID_Continue", "ID_Continue"},
    {"IDC", "ID_Continue"},
    {"ID_Start", "ID_Start"},
    {"IDS", "ID_Start"},
    {"Ideographic", "Ideographic"},
    {"Ideo", "Ideographic"},
    {"Join_Control", "Join_Control"},
    {"Join_C", "Join_Control"},
    {"Logical_Order_Exception", "Logical_Order_Exception"},
    {"LOE", "Logical_Order_Exception"},
    {"Lowercase", "Lowercase"},
    {"Lower", "Lowercase"},
    {"Math", "Math"},
    {"Noncharacter_Code_Point", "Noncharacter_Code_Point"},
    {"NChar", "Noncharacter_Code_Point"},
    {"Pattern_Syntax", "Pattern_Syntax"},
    {"Pat_Syn", "Pattern_Syntax"},
    {"Pattern_White_Space", "Pattern_White_Space"},
    {"Pat_WS", "Pattern_White_Space"},
    {"Quotation_Mark", "Quotation_Mark"},
    {"QMark", "Quotation_Mark"},
    {"Radical", "Radical"},
    {"Regional_Indicator", "Regional_Indicator"},
    {"RI", "Regional_Indicator"},
    {"Sentence_Terminal", "Sentence_Terminal"},
    {"STerm", "Sentence_Terminal"},
    {"Soft_Dotted", "Soft_Dotted"},
    {"SD", "Soft_Dotted"},
    {"Terminal_Punctuation", "Terminal_Punctuation"},
    {"Term", "Terminal_Punctuation"},
    {"Unified_Ideograph", "Unified_Ideograph"},
    {"UIdeo", "Unified_Ideograph"},
    {"Uppercase", "Uppercase"},
    {"Upper", "Uppercase"},
    {"Variation_Selector", "Variation_Selector"},
    {"VS", "Variation_Selector"},
    {"White_Space", "White_Space"},
    {"space", "White_Space"},
    {"XID_Continue", "XID_Continue"},
    {"XIDC", "XID_Continue"},
    {"XID_Start", "XID_Start"},
    {"XIDS", "XID_Start"},
};

static bool name_eq(const char *s, size_t n, const char *z)
{
    return strlen(z) == n && memcmp(s, z, n) == 0;
}

static const char *lookup_gc(const char *s, size_t n)
{
    size_t k = 0;
    for (k = 0; k < NELEM(gc_names); k++)
        if (name_eq(s, n, gc_names[k].ecma))
            return gc_names[k].pcre;
    return NULL;
}

/* A set: either explicit ranges or a PCRE2 property item. */
typedef struct cset {
    const crange *r;
    size_t nr;
    char prop[64]; /* "\\p{..}" or "\\P{..}" when r == NULL */
} cset;

static void put_set_items(tr *t, const cset *s, int *items)
{
    size_t k = 0;
    if (s->r) {
        for (k = 0; k < s->nr; k++)
            *items += put_range(t, s->r[k].lo, s->r[k].hi);
    } else {
        put(t, s->prop);
        (*items)++;
    }
}

/* ---------------------------------------------------------------- lexical helpers */

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool is_ascii_letter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_syntax_char(char c)
{
    return c != '\0' && strchr("^$\\.*+?()[]{}|", c) != NULL;
}

/* decodes one UTF-8 code point at t->i (the pattern was validated) */
static uint32_t next_cp(tr *t)
{
    uint32_t cp = 0;
    size_t k = amc_utf8_decode((const unsigned char *)t->p + t->i, t->n - t->i, &cp);
    if (k == 0) { /* cannot happen after validation; be safe */
        cp = (unsigned char)t->p[t->i];
        k = 1;
    }
    t->i += k;
    return cp;
}

/* \u escapes, t->i just after the 'u'. Returns false (after fail()) on a syntax error. */
static bool parse_u_escape(tr *t, uint32_t *cp)
{
    size_t at = t->i - 2;
    uint32_t v = 0;
    int k = 0;
    t->features |= F_UESC;
    if (t->i < t->n && t->p[t->i] == '{') {
        size_t digits = 0;
        t->i++;
        while (t->i < t->n && hexval(t->p[t->i]) >= 0) {
            v = v * 16 + (uint32_t)hexval(t->p[t->i]);
            if (v > 0x10FFFF) {
                fail(t, at, NULL, "\\u{...} code point above 10FFFF");
                return false; /* above U+10FFFF */
            }
            t->i++;
            digits++;
        }
        if (digits == 0 || t->i >= t->n || t->p[t->i] != '}') {
            fail(t, at, NULL, "malformed \\u{...} escape");
            return false;
        }
        t->i++;
        *cp = v;
        return true;
    }
    for (k = 0; k < 4; k++) {
        if (t->i + (size_t)k >= t->n || hexval(t->p[t->i + (size_t)k]) < 0) {
            fail(t, at, NULL, "\\u needs four hex digits or {...}");
            return false;
        }
        v = v * 16 + (uint32_t)hexval(t->p[t->i + (size_t)k]);
    }
    t->i += 4;
    if (v >= 0xD800 && v <= 0xDBFF && t->i + 6 <= t->n && t->p[t->i] == '\\' &&
        t->p[t->i + 1] == 'u') {
        uint32_t w = 0;
        bool ok = true;
        for (k = 0; k < 4; k++) {
            int h = hexval(t->p[t->i + 2 + (size_t)k]);
            if (h < 0) {
                ok = false;
                break;
            }
            w = w * 16 + (uint32_t)h;
        }
        if (ok && w >= 0xDC00 && w <= 0xDFFF) {
            v = 0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00);
            t->i += 6;
        }
    }
    *cp = v;
    return true;
}

/* RegExpIdentifierName up to '>' (t->i at its first char); the decoded UTF-8 goes to g */
static bool parse_group_name(tr *t, gname *g)
{
    size_t at = t->i;
    g->len = 0;
    for (;;) {
        uint32_t cp = 0;
        char enc[4];
        size_t el = 0;
        bool ok = false;
        if (t->i >= t->n) {
            fail(t, at, NULL, "unterminated group name");
            return false;
        }
        if (t->p[t->i] == '>') {
            t->i++;
            break;
        }
        if (t->p[t->i] == '\\') {
            t->i++;
            if (t->i >= t->n || t->p[t->i] != 'u') {
                fail(t, at, NULL, "invalid escape in group name");
                return false;
            }
            t->i++;
            if (!parse_u_escape(t, &cp))
                return false;
        } else {
            cp = next_cp(t);
        }
        if (cp < 0x80)
            ok = is_ascii_letter((char)cp) || cp == '$' || cp == '_' ||
                 (g->len > 0 && is_digit((char)cp));
        else
            ok = !is_surrogate(cp) && cp > 0x9F && /* C1 controls (Cc): no identifier */
                 !(cp == 0xA0 || cp == 0xFEFF || cp == 0x2028 || cp == 0x2029 || cp == 0x1680 ||
                   (cp >= 0x2000 && cp <= 0x200A && cp != 0x200C && cp != 0x200D) || cp == 0x202F ||
                   cp == 0x205F || cp == 0x3000) &&
                 (g->len > 0 || (cp != 0x200C && cp != 0x200D));
        if (!ok) {
            fail(t, at, NULL, "invalid character in group name");
            return false;
        }
        el = amc_utf8_encode(cp, enc);
        if (g->len + el > MAX_NAME) {
            fail(t, at, NULL, "group name too long");
            return false;
        }
        memcpy(g->name + g->len, enc, el);
        g->len += el;
    }
    if (g->len == 0) {
        fail(t, at, NULL, "empty group name");
        return false;
    }
    return true;
}

static const gname *find_name(const tr *t, const char *s, size_t n)
{
    size_t k = 0;
    for (k = 0; k < t->nnames; k++)
        if (t->names[k].len == n && memcmp(t->names[k].name, s, n) == 0)
            return &t->names[k];
    return NULL;
}

/* Prepass: counts capturing groups and records group names (errors are left to the main
 * pass, which sees the same text). */
static void prepass(tr *t)
{
    bool in_class = false;
    size_t i = 0;
    uint32_t groups = 0;
    for (i = 0; i < t->n && !t->failed; i++) {
        char c = t->p[i];
        if (c == '\\') {
            i++;
            continue;
        }
        if (in_class) {
            if (c == ']')
                in_class = false;
            continue;
        }
        if (c == '[') {
            in_class = true;
        } else if (c == '(') {
            if (i + 1 < t->n && t->p[i + 1] == '?') {
                if (i + 2 < t->n && t->p[i + 2] == '<' && i + 3 < t->n && t->p[i + 3] != '=' &&
                    t->p[i + 3] != '!') {
                    gname g;
                    size_t save = t->i;
                    bool was_failed = t->failed;
                    groups++;
                    t->i = i + 3;
                    if (parse_group_name(t, &g)) {
                        if (!find_name(t, g.name, g.len)) {
                            if (t->nnames == t->capnames) {
                                size_t nc = t->capnames ? t->capnames * 2 : 4;
                                gname *nn = amc_xrealloc(t->names, nc * sizeof *nn);
                                if (!nn) {
                                    oom(t);
                                    return;
                                }
                                t->names = nn;
                                t->capnames = nc;
                            }
                            g.group = groups;
                            t->names[t->nnames++] = g;
                        }
                    } else if (!was_failed) {
                        /* reported again (with the same text) by the main pass */
                        t->failed = false;
                        t->reason = NULL;
                        t->err[0] = '\0';
                    }
                    t->i = save;
                }
            } else {
                groups++;
            }
        }
    }
    t->ngroups = groups;
}

/* ---------------------------------------------------------------- the grammar */

static void parse_disjunction(tr *t);

/* \p{...} or \P{...}; t->i just after 'p'/'P' */
static bool parse_property(tr *t, bool neg, cset *out)
{
    size_t at = t->i - 2, start = 0, end = 0, eq = 0;
    const char *name = NULL, *val = NULL;
    size_t nlen = 0, vlen = 0;
    const char *pc = NULL;
    bool script = false, scx = false;
    t->features |= F_PROPERTY;
    if (t->i >= t->n || t->p[t->i] != '{') {
        fail(t, at, NULL, "\\p needs {name}");
        return false;
    }
    start = ++t->i;
    while (t->i < t->n && t->p[t->i] != '}') {
        char c = t->p[t->i];
        if (!(is_ascii_letter(c) || is_digit(c) || c == '_' || c == '=')) {
            fail(t, at, NULL, "invalid character in \\p{...}");
            return false;
        }
        if (c == '=' && !eq)
            eq = t->i;
        t->i++;
    }
    if (t->i >= t->n) {
        fail(t, at, NULL, "unterminated \\p{...}");
        return false;
    }
    end = t->i++;
    out->r = NULL;
    out->nr = 0;
    if (eq) {
        name = t->p + start;
        nlen = eq - start;
        val = t->p + eq + 1;
        vlen = end - eq - 1;
        if (vlen == 0 || memchr(val, '=', vlen)) {
            fail(t, at, NULL, "malformed \\p{name=value}");
            return false;
        }
        if (name_eq(name, nlen, "General_Category") || name_eq(name, nlen, "gc")) {
            pc = lookup_gc(val, vlen);
        } else if (name_eq(name, nlen, "Script") || name_eq(name, nlen, "sc")) {
            script = true;
        } else if (name_eq(name, nlen, "Script_Extensions") || name_eq(name, nlen, "scx")) {
            script = scx = true;
        }
        if (script) {
            if (vlen > 40) {
                fail(t, at, NULL, "unknown script in \\p{...}");
                return false;
            }
            snprintf(out->prop, sizeof out->prop, "\\%c{%s:%.*s}", neg ? 'P' : 'p',
                     scx ? "scx" : "sc", (int)vlen, val);
            return true;
        }
    } else {
        size_t k = 0;
        name = t->p + start;
        nlen = end - start;
        pc = lookup_gc(name, nlen);
        if (!pc && name_eq(name, nlen, "Assigned")) {
            snprintf(out->prop, sizeof out->prop, "\\%c{Cn}", neg ? 'p' : 'P');
            return true;
        }
        for (k = 0; !pc && k < NELEM(bin_names); k++)
            if (name_eq(name, nlen, bin_names[k].ecma))
                pc = bin_names[k].pcre;
    }
    if (!pc) {
        fail(t, at, NULL, "unknown Unicode property \\p{%.*s}", (int)(end - start), t->p + start);
        return false;
    }
    snprintf(out->prop, sizeof out->prop, "\\%c{%s}", neg ? 'P' : 'p', pc);
    return true;
}

static bool set_for_escape(char c, cset *s)
{
    s->prop[0] = '\0';
    switch (c) {
    case 'd':
        s->r = set_d, s->nr = NELEM(set_d);
        return true;
    case 'D':
        s->r = set_nd, s->nr = NELEM(set_nd);
        return true;
    case 'w':
        s->r = set_w, s->nr = NELEM(set_w);
        return true;
    case 'W':
        s->r = set_nw, s->nr = NELEM(set_nw);
        return true;
    case 's':
        s->r = set_s, s->nr = NELEM(set_s);
        return true;
    case 'S':
        s->r = set_ns, s->nr = NELEM(set_ns);
        return true;
    default:
        return false;
    }
}

/* PCRE/Perl/Python escapes that ECMA rejects: a better reason for the linter */
static const char *foreign_escape_reason(char c)
{
    switch (c) {
    case 'A':
    case 'Z':
    case 'z':
    case 'G':
        return "\\A \\Z \\z \\G anchors";
    case 'Q':
    case 'E':
        return "\\Q...\\E quoting";
    case 'h':
    case 'H':
    case 'R':
    case 'X':
    case 'N':
    case 'C':
    case 'K':
    case 'g':
    case 'o':
    case 'e':
    case 'a':
    case 'l':
    case 'L':
    case 'U':
        return "PCRE/Perl-only escape";
    default:
        return NULL;
    }
}

/* CharacterEscape shared by atoms and classes (t->i at the char after '\'). Returns true and
 * sets *cp when it is one; on false, nothing was consumed and no error was reported. */
static bool parse_char_escape(tr *t, uint32_t *cp, bool *ok)
{
    size_t at = t->i - 1;
    char c = t->p[t->i];
    *ok = true;
    switch (c) {
    case 'f':
        *cp = 0x0C;
        break;
    case 'n':
        *cp = 0x0A;
        break;
    case 'r':
        *cp = 0x0D;
        break;
    case 't':
        *cp = 0x09;
        break;
    case 'v':
        t->features |= F_VTAB;
        *cp = 0x0B;
        break;
    case 'c':
        if (t->i + 1 < t->n && is_ascii_letter(t->p[t->i + 1])) {
            t->features |= F_CTRL;
            *cp = (uint32_t)(t->p[t->i + 1] % 32);
            t->i += 2;
            return true;
        }
        fail(t, at, NULL, "\\c must be followed by an ASCII letter");
        *ok = false;
        return true;
    case '0':
        if (t->i + 1 < t->n && is_digit(t->p[t->i + 1])) {
            fail(t, at, "octal escape",
                 "\\0 followed by a digit (octal escapes are not ECMA-262 u-mode)");
            *ok = false;
            return true;
        }
        *cp = 0;
        break;
    case 'x':
        if (t->i + 2 < t->n && hexval(t->p[t->i + 1]) >= 0 && hexval(t->p[t->i + 2]) >= 0) {
            *cp = (uint32_t)(hexval(t->p[t->i + 1]) * 16 + hexval(t->p[t->i + 2]));
            t->i += 3;
            return true;
        }
        fail(t, at, NULL, "\\x needs two hex digits");
        *ok = false;
        return true;
    case 'u':
        t->i++;
        *ok = parse_u_escape(t, cp);
        return true;
    default:
        if (is_syntax_char(c) || c == '/') {
            *cp = (uint32_t)(unsigned char)c;
            break;
        }
        return false;
    }
    t->i++;
    return true;
}

/* one ClassAtom: either a code point (*is_set false) or a set */
static bool parse_class_atom(tr *t, uint32_t *cp, bool *is_set, cset *set)
{
    size_t at = t->i;
    bool ok = true;
    *is_set = false;
    if (t->p[t->i] != '\\') {
        *cp = next_cp(t);
        return true;
    }
    t->i++;
    if (t->i >= t->n) {
        fail(t, at, NULL, "pattern ends with \\");
        return false;
    }
    if (t->p[t->i] == 'b') {
        t->i++;
        *cp = 0x08;
        return true;
    }
    if (t->p[t->i] == '-') {
        t->i++;
        *cp = '-';
        return true;
    }
    if (set_for_escape(t->p[t->i], set)) {
        t->i++;
        *is_set = true;
        return true;
    }
    if (t->p[t->i] == 'p' || t->p[t->i] == 'P') {
        bool neg = t->p[t->i] == 'P';
        t->i++;
        *is_set = true;
        return parse_property(t, neg, set);
    }
    if (parse_char_escape(t, cp, &ok))
        return ok;
    fail(t, at, foreign_escape_reason(t->p[t->i]), "invalid escape \\%c in a character class",
         t->p[t->i]);
    return false;
}

static void parse_class(tr *t)
{
    size_t at = t->i, mark = 0;
    bool neg = false;
    int items = 0;
    t->i++; /* '[' */
    if (t->i < t->n && t->p[t->i] == '^') {
        neg = true;
        t->i++;
    }
    mark = t->out.len;
    put(t, neg ? "[^" : "[");
    for (;;) {
        uint32_t a = 0, b = 0;
        bool aset = false, bset = false;
        cset sa, sb;
        if (t->i >= t->n) {
            fail(t, at, NULL, "unterminated character class");
            return;
        }
        if (t->p[t->i] == ']') {
            t->i++;
            break;
        }
        if (!parse_class_atom(t, &a, &aset, &sa))
            return;
        if (t->i + 1 < t->n && t->p[t->i] == '-' && t->p[t->i + 1] != ']') {
            size_t rat = t->i;
            t->i++;
            if (!parse_class_atom(t, &b, &bset, &sb))
                return;
            if (aset || bset) {
                fail(t, rat, NULL, "a class escape cannot be a range endpoint");
                return;
            }
            if (a > b) {
                fail(t, rat, NULL, "character class range out of order");
                return;
            }
            items += put_range(t, a, b);
        } else if (aset) {
            put_set_items(t, &sa, &items);
        } else {
            items += put_range(t, a, a);
        }
    }
    if (items == 0) {
        t->features |= F_EMPTYCLASS;
        truncate_out(t, mark);
        put(t, neg ? "[\\x{0}-\\x{10ffff}]" : "(?:(?!))");
        return;
    }
    put(t, "]");
}

static void put_set_class(tr *t, const cset *s)
{
    int items = 0;
    put(t, "[");
    put_set_items(t, s, &items);
    put(t, "]");
}

static bool add_backref(tr *t, uint32_t g)
{
    if (t->nbackrefs == t->capbackrefs) {
        size_t nc = t->capbackrefs ? t->capbackrefs * 2 : 8;
        uint32_t *nb = amc_xrealloc(t->backrefs, nc * sizeof *nb);
        if (!nb) {
            oom(t);
            return false;
        }
        t->backrefs = nb;
        t->capbackrefs = nc;
    }
    t->backrefs[t->nbackrefs++] = g;
    return true;
}

static void put_backref(tr *t, size_t at, uint32_t g)
{
    t->features |= F_BACKREF;
    if (t->in_lb) {
        fail(t, at, "backreference",
             "unsupported: backreference inside a variable-length lookbehind");
        return;
    }
    if (!add_backref(t, g))
        return;
    putf(t, "\\g{%lu}", (unsigned long)g);
}

/* AtomEscape or assertion escape; t->i at the '\' */
static void parse_atom_escape(tr *t, int *kind)
{
    size_t at = t->i;
    char c = 0;
    uint32_t cp = 0;
    bool ok = true;
    cset set;
    t->i++;
    if (t->i >= t->n) {
        fail(t, at, NULL, "pattern ends with \\");
        return;
    }
    c = t->p[t->i];
    if (c == 'b' || c == 'B') {
        t->i++;
        put(t, c == 'b' ? "\\b" : "\\B");
        *kind = K_ASSERT;
        return;
    }
    if (set_for_escape(c, &set)) {
        t->i++;
        put_set_class(t, &set);
        return;
    }
    if (c == 'p' || c == 'P') {
        t->i++;
        if (parse_property(t, c == 'P', &set))
            put(t, set.prop);
        return;
    }
    if (c >= '1' && c <= '9') {
        uint32_t g = 0;
        size_t d0 = t->i;
        while (t->i < t->n && is_digit(t->p[t->i])) {
            if (g < 100000000u) /* past any group count: the pattern's size bounds it */
                g = g * 10 + (uint32_t)(t->p[t->i] - '0');
            t->i++;
        }
        if (g > t->ngroups) {
            /* the digits as written (g stops growing at 9 digits) */
            fail(t, at, "octal escape", "backreference \\%.*s to a group that does not exist",
                 (int)(t->i - d0), t->p + d0);
            return;
        }
        put_backref(t, at, g);
        return;
    }
    if (c == 'k') {
        gname g;
        const gname *found = NULL;
        t->i++;
        t->features |= F_NAMED;
        if (t->i >= t->n || t->p[t->i] != '<') {
            fail(t, at, NULL, "\\k must be followed by <name>");
            return;
        }
        t->i++;
        if (!parse_group_name(t, &g))
            return;
        found = find_name(t, g.name, g.len);
        if (!found) {
            fail(t, at, NULL, "\\k<%.*s> names no group", (int)g.len, g.name);
            return;
        }
        put_backref(t, at, found->group);
        return;
    }
    if (parse_char_escape(t, &cp, &ok)) {
        if (!ok)
            return;
        if (is_surrogate(cp))
            put(t, "(?:(?!))");
        else
            put_cp(t, cp);
        return;
    }
    fail(t, at, foreign_escape_reason(c), "invalid escape \\%c", c);
}

static void parse_group(tr *t, int *kind)
{
    size_t at = t->i;
    bool save_i = t->fi, save_m = t->fm, save_s = t->fs;
    bool lookbehind = false, neg = false;
    size_t mark = 0, body = 0;
    uint32_t g0 = 0;
    t->i++; /* '(' */
    if (t->depth >= MAX_NEST) {
        fail(t, at, NULL, "groups nested too deeply (limit %d)", MAX_NEST);
        return;
    }
    if (t->i < t->n && t->p[t->i] == '?') {
        char c = t->i + 1 < t->n ? t->p[t->i + 1] : '\0';
        if (c == ':') {
            t->i += 2;
            put(t, "(?:");
        } else if (c == '=' || c == '!') {
            t->i += 2;
            put(t, c == '=' ? "(?=" : "(?!");
            *kind = K_LOOKAROUND;
        } else if (c == '<' && t->i + 2 < t->n &&
                   (t->p[t->i + 2] == '=' || t->p[t->i + 2] == '!')) {
            lookbehind = true;
            neg = t->p[t->i + 2] == '!';
            t->features |= F_LOOKBEHIND;
            t->i += 3;
            *kind = K_LOOKAROUND;
            mark = t->out.len;
            g0 = t->seen;
            body = t->i;
            put(t, neg ? "(?<!" : "(?<=");
            if (t->lb_callouts)
                t->in_lb++;
        } else if (c == '<') {
            gname g;
            const gname *found = NULL;
            t->i += 2;
            t->features |= F_NAMED;
            if (!parse_group_name(t, &g))
                return;
            found = find_name(t, g.name, g.len);
            if (!found || found->group != t->seen + 1) {
                fail(t, at, NULL, "duplicate group name <%.*s>", (int)g.len, g.name);
                return;
            }
            t->seen++;
            if (t->in_lb)
                t->group_in_lb[t->seen] = true;
            put(t, "(");
        } else if (c == 'i' || c == 'm' || c == 's' || c == '-') {
            /* ES2025 modifiers: (?ims-ims:...) */
            bool add = true, any = false, seen_minus = false;
            unsigned used = 0;
            bool ni = t->fi, nm = t->fm, ns = t->fs;
            size_t k = t->i + 1;
            for (; k < t->n; k++) {
                char f = t->p[k];
                unsigned bit = f == 'i' ? 1u : f == 'm' ? 2u : f == 's' ? 4u : 0u;
                if (f == '-') {
                    if (seen_minus)
                        break;
                    seen_minus = true;
                    add = false;
                    continue;
                }
                if (!bit)
                    break;
                if (used & bit) {
                    fail(t, at, NULL, "repeated flag in a modifier group");
                    return;
                }
                used |= bit;
                any = true;
                if (f == 'i')
                    ni = add;
                else if (f == 'm')
                    nm = add;
                else
                    ns = add;
            }
            if (k >= t->n || t->p[k] != ':') {
                fail(t, at, "inline flags (?i)",
                     "inline flags are not ECMA-262 (only (?ims-ims:...) groups)");
                return;
            }
            if (!any) {
                fail(t, at, NULL, "empty modifier group (?-:...)");
                return;
            }
            t->features |= F_MODIFIER;
            t->i = k + 1;
            if (ni != t->fi)
                put(t, ni ? "(?i:" : "(?-i:");
            else
                put(t, "(?:");
            t->fi = ni;
            t->fm = nm;
            t->fs = ns;
        } else {
            const char *why = "unknown group syntax (?";
            if (c == '>')
                why = "atomic group";
            else if (c == 'P')
                why = "Python-style named group";
            else if (c == '#')
                why = "comment group";
            else if (c == '|')
                why = "branch reset group";
            fail(t, at, why, "(?%c is not ECMA-262 group syntax", c ? c : ' ');
            return;
        }
    } else {
        t->seen++;
        if (t->in_lb)
            t->group_in_lb[t->seen] = true;
        put(t, "(");
    }
    t->depth++;
    parse_disjunction(t);
    t->depth--;
    if (t->failed)
        return;
    if (t->i >= t->n || t->p[t->i] != ')') {
        fail(t, at, NULL, "missing )");
        return;
    }
    t->i++;
    put(t, ")");
    t->fi = save_i;
    t->fm = save_m;
    t->fs = save_s;
    if (lookbehind && t->lb_callouts && --t->in_lb == 0) {
        /* (a lookbehind nested in an emulated body stays native there: the body is compiled
         * again on its own by build()) */
        uint32_t k = 0;
        lbrec *r = NULL;
        truncate_out(t, mark);
        if (t->nlbs >= MAX_LOOKBEHINDS) {
            fail(t, at, NULL, "unsupported: more than %d lookbehinds", MAX_LOOKBEHINDS);
            return;
        }
        if (t->nlbs == t->caplbs) {
            size_t nc = t->caplbs ? t->caplbs * 2 : 4;
            lbrec *nl = amc_xrealloc(t->lbs, nc * sizeof *nl);
            if (!nl) {
                oom(t);
                return;
            }
            t->lbs = nl;
            t->caplbs = nc;
        }
        r = &t->lbs[t->nlbs++];
        r->start = body;
        r->end = t->i - 1;
        r->neg = neg;
        r->fi = t->fi;
        r->fm = t->fm;
        r->fs = t->fs;
        putf(t, "(?C%lu)", (unsigned long)t->nlbs);
        if (t->seen > g0) {
            put(t, "(?:(?!)");
            for (k = g0; k < t->seen; k++)
                put(t, "()");
            put(t, ")?");
        }
    }
}

static void parse_quantifier(tr *t, int kind)
{
    size_t at = t->i;
    char c = 0;
    if (t->i >= t->n)
        return;
    c = t->p[t->i];
    if (c != '*' && c != '+' && c != '?' && c != '{')
        return;
    if (c == '{') {
        uint64_t lo = 0, hi = 0;
        bool has_hi = false, comma = false;
        size_t j = t->i + 1, d0 = 0;
        d0 = j;
        while (j < t->n && is_digit(t->p[j])) {
            if (lo <= MAX_QUANT)
                lo = lo * 10 + (uint64_t)(t->p[j] - '0');
            j++;
        }
        if (j == d0) {
            fail(t, at, NULL, "lone '{' (not a quantifier)");
            return;
        }
        if (j < t->n && t->p[j] == ',') {
            size_t d1 = ++j;
            comma = true;
            while (j < t->n && is_digit(t->p[j])) {
                if (hi <= MAX_QUANT)
                    hi = hi * 10 + (uint64_t)(t->p[j] - '0');
                j++;
            }
            has_hi = j > d1;
        }
        if (j >= t->n || t->p[j] != '}') {
            fail(t, at, NULL, "incomplete quantifier {");
            return;
        }
        if (kind != K_ATOM) {
            fail(t, at, NULL, "nothing to repeat (an assertion cannot be quantified)");
            return;
        }
        if (has_hi && hi < lo && lo <= MAX_QUANT) {
            fail(t, at, NULL, "numbers out of order in {} quantifier");
            return;
        }
        if (lo > MAX_QUANT || (has_hi && hi > MAX_QUANT)) {
            fail(t, at, "quantifier bound above 65535", "unsupported: quantifier bound above %d",
                 MAX_QUANT);
            return;
        }
        t->i = j + 1;
        if (!comma)
            putf(t, "{%lu}", (unsigned long)lo);
        else if (!has_hi)
            putf(t, "{%lu,}", (unsigned long)lo);
        else
            putf(t, "{%lu,%lu}", (unsigned long)lo, (unsigned long)hi);
    } else {
        if (kind != K_ATOM) {
            fail(t, at, NULL, "nothing to repeat (an assertion cannot be quantified)");
            return;
        }
        t->i++;
        put(t, c == '*' ? "*" : c == '+' ? "+" : "?");
    }
    if (t->i < t->n && t->p[t->i] == '?') {
        t->i++;
        put(t, "?");
    }
    if (t->i < t->n && t->p[t->i] == '+') {
        fail(t, t->i, "possessive quantifier", "possessive quantifiers are not ECMA-262");
        return;
    }
}

static void parse_term(tr *t)
{
    size_t at = t->i;
    char c = t->p[t->i];
    int kind = K_ATOM;
    switch (c) {
    case '^':
        t->i++;
        put(t, t->fm ? "(?<![^\\n\\r\\x{2028}\\x{2029}])" : "\\A");
        kind = K_ASSERT;
        break;
    case '$':
        t->i++;
        put(t, t->fm ? "(?![^\\n\\r\\x{2028}\\x{2029}])" : "\\z");
        kind = K_ASSERT;
        break;
    case '\\':
        parse_atom_escape(t, &kind);
        break;
    case '(':
        parse_group(t, &kind);
        break;
    case '.':
        t->i++;
        put(t, t->fs ? "[\\x{0}-\\x{10ffff}]" : "[^\\n\\r\\x{2028}\\x{2029}]");
        break;
    case '[':
        parse_class(t);
        break;
    case '*':
    case '+':
    case '?':
        fail(t, at, NULL, "nothing to repeat before '%c'", c);
        return;
    case '{':
        fail(t, at, NULL, "lone '{' (escape it as \\{)");
        return;
    case '}':
    case ']':
        fail(t, at, NULL, "lone '%c' (escape it)", c);
        return;
    default:
        put_cp(t, next_cp(t));
        break;
    }
    if (t->failed)
        return;
    parse_quantifier(t, kind);
}

static void parse_disjunction(tr *t)
{
    for (;;) {
        while (!t->failed && t->i < t->n && t->p[t->i] != '|' && t->p[t->i] != ')')
            parse_term(t);
        if (t->failed || t->i >= t->n || t->p[t->i] != '|')
            return;
        t->i++;
        put(t, "|");
    }
}

/* ---------------------------------------------------------------- translation driver */

static void tr_init(tr *t, const char *p, size_t n, bool lb_callouts)
{
    memset(t, 0, sizeof *t);
    t->p = p;
    t->n = n;
    t->lb_callouts = lb_callouts;
    amc_buf_init(&t->out, OUT_LIMIT);
}

static void tr_release(tr *t)
{
    amc_buf_release(&t->out);
    amc_xfree(t->names);
    amc_xfree(t->group_in_lb);
    amc_xfree(t->backrefs);
    amc_xfree(t->lbs);
    t->names = NULL;
    t->group_in_lb = NULL;
    t->backrefs = NULL;
    t->lbs = NULL;
}

/* Translates the whole pattern (or a lookbehind body with the given flags) into t->out. */
static bool translate(tr *t, bool fi, bool fm, bool fs, const char *prefix, const char *suffix)
{
    size_t k = 0;
    if (amc_utf8_validate(t->p, t->n) != t->n) {
        fail(t, amc_utf8_validate(t->p, t->n), NULL, "pattern is not valid UTF-8");
        return false;
    }
    prepass(t);
    if (t->failed)
        return false;
    t->group_in_lb = amc_xcalloc((size_t)t->ngroups + 1, sizeof *t->group_in_lb);
    if (!t->group_in_lb) {
        oom(t);
        return false;
    }
    t->fi = fi;
    t->fm = fm;
    t->fs = fs;
    put(t, prefix);
    if (fi)
        put(t, "(?i:");
    parse_disjunction(t);
    if (!t->failed && t->i < t->n)
        fail(t, t->i, NULL, "unmatched )");
    if (fi)
        put(t, ")");
    put(t, suffix);
    for (k = 0; !t->failed && k < t->nbackrefs; k++)
        if (t->group_in_lb[t->backrefs[k]])
            fail(t, 0, "backreference",
                 "unsupported: backreference to a group inside a variable-length lookbehind");
    return !t->failed;
}

/* ---------------------------------------------------------------- compile */

static void copy_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen) {
        size_t k = strlen(msg);
        if (k >= errlen)
            k = errlen - 1;
        memcpy(err, msg, k);
        err[k] = '\0';
    }
}

static amc_regex *build(const char *pat, size_t len, bool fi, bool fm, bool fs, bool is_sub,
                        uint32_t match_limit, char *err, size_t errlen);

static amc_regex *compile_once(tr *t, uint32_t match_limit, bool is_sub, int *pcre_err, char *err,
                               size_t errlen)
{
    amc_regex *re = NULL;
    pcre2_compile_context *cctx = NULL;
    int ec = 0;
    PCRE2_SIZE eo = 0;
    uint32_t opts = PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_MATCH_UNSET_BACKREF |
                    PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_BACKSLASH_C | PCRE2_NEVER_UCP;
    size_t k = 0;
    *pcre_err = 0;
    re = amc_xcalloc(1, sizeof *re);
    if (!re)
        goto nomem;
    re->match_limit = match_limit;
    re->gctx = pcre2_general_context_create(pc_malloc, pc_free, NULL);
    if (!re->gctx)
        goto nomem;
    cctx = pcre2_compile_context_create(re->gctx);
    if (!cctx)
        goto nomem;
    if (t->nlbs || is_sub)
        opts |= PCRE2_NO_AUTO_POSSESS; /* callouts act as assertions: keep backtracking exact */
    re->code = pcre2_compile((PCRE2_SPTR)(t->out.data ? t->out.data : ""), t->out.len, opts, &ec,
                             &eo, cctx);
    pcre2_compile_context_free(cctx);
    cctx = NULL;
    if (!re->code) {
        char msg[128];
        *pcre_err = ec;
        if (ec == PCRE2_ERROR_NOMEMORY || ec == PCRE2_ERROR_HEAP_FAILED)
            goto nomem;
        pcre2_get_error_message(ec, (PCRE2_UCHAR *)msg, sizeof msg);
        if (err && errlen)
            snprintf(err, errlen, "not supported by PCRE2: %s", msg);
        goto fail;
    }
    (void)pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE); /* failure: the interpreter runs */
    re->mctx = pcre2_match_context_create(re->gctx);
    if (!re->mctx)
        goto nomem;
    pcre2_set_match_limit(re->mctx, match_limit);
    pcre2_set_depth_limit(re->mctx, match_limit < 100000u ? match_limit : 100000u);
    pcre2_set_heap_limit(re->mctx, HEAP_LIMIT_KIB);
    if (t->nlbs) {
        re->lbsub = amc_xcalloc(t->nlbs, sizeof *re->lbsub);
        re->lbneg = amc_xcalloc(t->nlbs, sizeof *re->lbneg);
        if (!re->lbsub || !re->lbneg)
            goto nomem;
        re->nlbs = t->nlbs;
        for (k = 0; k < t->nlbs; k++) {
            const lbrec *r = &t->lbs[k];
            re->lbneg[k] = r->neg;
            re->lbsub[k] = build(t->p + r->start, r->end - r->start, r->fi, r->fm, r->fs, true,
                                 match_limit, err, errlen);
            if (!re->lbsub[k])
                goto fail;
        }
    }
    return re;
nomem:
    copy_err(err, errlen, AMC_REGEX_ENOMEM_MSG);
fail:
    pcre2_compile_context_free(cctx);
    amc_regex_free(re);
    return NULL;
}

static amc_regex *build(const char *pat, size_t len, bool fi, bool fm, bool fs, bool is_sub,
                        uint32_t match_limit, char *err, size_t errlen)
{
    int pass = 0;
    amc_regex *re = NULL;
    for (pass = 0; pass < 2 && !re; pass++) {
        tr t;
        int pe = 0;
        tr_init(&t, pat, len, pass == 1);
        if (!translate(&t, fi, fm, fs, is_sub ? "(?:" : "", is_sub ? ")(?C255)" : "")) {
            copy_err(err, errlen, t.err);
            tr_release(&t);
            return NULL;
        }
        re = compile_once(&t, match_limit, is_sub, &pe, err, errlen);
        tr_release(&t);
        if (!re && pe != PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH)
            return NULL;
    }
    return re;
}

/* ---------------------------------------------------------------- the simple form
 *
 * Most patterns in real schemas are anchored runs of ASCII classes ("^[a-z0-9][a-z0-9-]{2,63}$",
 * "^[0-9a-f]{64}$", "^msg-[0-9]+$"), and a PCRE2 search costs far more than the test itself (the
 * match data, the call). simple_parse() recognises, in an already valid pattern, the form
 *
 *   '^' atom* ['$']   atom = (ASCII literal | [ASCII class] | \d | \w | \<syntax char>)
 *                             [? * + {m} {m,} {m,n}] [?]
 *
 * (classes: ASCII characters and ranges, \d, \w and escaped syntax characters, not negated) in
 * which each atom whose count varies shares no character with what may follow it (the classes
 * up to and including the next atom that must occur, or the end). Then a match is decided by one
 * greedy pass: an atom takes characters of its class while it can, and nothing it takes could
 * have started the rest, so no other division of the text matches either. Laziness does not
 * change whether a match exists. A non-ASCII character is in no class. The pass is linear, so
 * such patterns never reach the match limit. Anything else goes to PCRE2.
 */
static void cls_add(uint64_t cls[2], unsigned c)
{
    cls[c >> 6] |= (uint64_t)1 << (c & 63);
}

static bool cls_has(const uint64_t cls[2], unsigned char c)
{
    return c < 128 && ((cls[c >> 6] >> (c & 63)) & 1u);
}

static void cls_range(uint64_t cls[2], unsigned a, unsigned b)
{
    for (; a <= b; a++)
        cls_add(cls, a);
}

/* ECMA-262 SyntaxCharacter and '/': escaped, they stand for themselves. */
static bool syntax_char(char c)
{
    return c && strchr("^$\\.*+?()[]{}|/", c) != NULL;
}

/* One class atom at p (inside [...]): a single character (*ch, returns 1) or a class escape
 * (\d \w: added to cls, returns 2); 0: not of the simple form. */
static int simple_class_atom(const char **pp, const char *end, uint64_t cls[2], unsigned *ch)
{
    const char *p = *pp;
    if (p >= end)
        return 0;
    if (*p == '\\') {
        if (p + 1 >= end)
            return 0;
        *pp = p + 2;
        if (p[1] == 'd') {
            cls_range(cls, '0', '9');
            return 2;
        }
        if (p[1] == 'w') {
            cls_range(cls, '0', '9');
            cls_range(cls, 'A', 'Z');
            cls_range(cls, 'a', 'z');
            cls_add(cls, '_');
            return 2;
        }
        if (syntax_char(p[1]) || p[1] == '-') {
            *ch = (unsigned char)p[1];
            return 1;
        }
        return 0;
    }
    if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f || *p == ']')
        return 0;
    *ch = (unsigned char)*p;
    *pp = p + 1;
    return 1;
}

static bool simple_number(const char **pp, const char *end, uint32_t *out)
{
    const char *p = *pp;
    uint32_t v = 0;
    if (p >= end || *p < '0' || *p > '9')
        return false;
    while (p < end && *p >= '0' && *p <= '9') {
        if (v > 100000)
            return false;
        v = v * 10 + (uint32_t)(*p++ - '0');
    }
    *pp = p;
    *out = v;
    return true;
}

static bool simple_parse(const char *pat, size_t len, simple_re *sr)
{
    const char *p = pat, *end = pat + len;
    size_t i = 0, j = 0;
    memset(sr, 0, sizeof *sr);
    if (p >= end || *p != '^')
        return false;
    p++;
    while (p < end) {
        simple_atom *a = NULL;
        unsigned ch = 0;
        if (*p == '$' && p + 1 == end) {
            sr->anchored_end = true;
            break;
        }
        if (sr->natoms == SIMPLE_MAX_ATOMS)
            return false;
        a = &sr->atoms[sr->natoms++];
        a->min = a->max = 1;
        if (*p == '[') {
            p++;
            if (p < end && *p == '^')
                return false;
            while (p < end && *p != ']') {
                unsigned lo = 0, hi = 0;
                int k = simple_class_atom(&p, end, a->cls, &lo);
                if (k == 0)
                    return false;
                if (k == 1 && p + 1 < end && *p == '-' && p[1] != ']') {
                    p++;
                    if (simple_class_atom(&p, end, a->cls, &hi) != 1 || hi < lo)
                        return false;
                    cls_range(a->cls, lo, hi);
                } else if (k == 1) {
                    cls_add(a->cls, lo);
                }
            }
            if (p >= end)
                return false;
            p++; /* ']' */
            if (!a->cls[0] && !a->cls[1])
                return false;
        } else if (*p == '\\') {
            if (simple_class_atom(&p, end, a->cls, &ch) == 1) {
                if (ch == '-')
                    return false; /* \- is an error outside a class in u-mode */
                cls_add(a->cls, ch);
            }
            if (!a->cls[0] && !a->cls[1])
                return false;
        } else {
            if (syntax_char(*p) || (unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
                return false;
            cls_add(a->cls, (unsigned char)*p++);
        }
        /* quantifier */
        if (p < end && (*p == '?' || *p == '*' || *p == '+')) {
            a->min = *p == '+' ? 1 : 0;
            a->max = *p == '?' ? 1 : UINT32_MAX;
            p++;
        } else if (p < end && *p == '{') {
            p++;
            if (!simple_number(&p, end, &a->min))
                return false;
            a->max = a->min;
            if (p < end && *p == ',') {
                p++;
                a->max = UINT32_MAX;
                if (p < end && *p != '}' && !simple_number(&p, end, &a->max))
                    return false;
            }
            if (p >= end || *p != '}' || a->max < a->min)
                return false;
            p++;
        } else {
            continue;
        }
        if (p < end && *p == '?')
            p++; /* lazy: the same yes/no answer */
    }
    /* each atom whose count varies must share no character with what may follow it */
    for (i = 0; i < sr->natoms; i++) {
        const simple_atom *a = &sr->atoms[i];
        if (a->min == a->max)
            continue;
        for (j = i + 1; j < sr->natoms; j++) {
            const simple_atom *b = &sr->atoms[j];
            if ((a->cls[0] & b->cls[0]) || (a->cls[1] & b->cls[1]))
                return false;
            if (b->min > 0)
                break;
        }
    }
    return true;
}

/* The greedy pass (see above): 1 match, 0 none. */
static int simple_search(const simple_re *sr, const char *s, size_t n)
{
    size_t pos = 0, i = 0;
    for (i = 0; i < sr->natoms; i++) {
        const simple_atom *a = &sr->atoms[i];
        uint32_t c = 0;
        while (c < a->max && pos < n && cls_has(a->cls, (unsigned char)s[pos])) {
            c++;
            pos++;
        }
        if (c < a->min)
            return 0;
    }
    return !sr->anchored_end || pos == n;
}

amc_regex *amc_regex_compile(const char *pat, size_t len, uint32_t match_limit, char *err,
                             size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    if (!pat && len) {
        copy_err(err, errlen, "NULL pattern");
        return NULL;
    }
    if (!pat)
        pat = "";
    if (match_limit == 0)
        match_limit = AMC_REGEX_DEFAULT_MATCH_LIMIT;
    {
        amc_regex *re = build(pat, len, false, false, false, false, match_limit, err, errlen);
        simple_re sr;
        if (re && simple_parse(pat, len, &sr)) {
            re->simple = amc_xmalloc(sizeof sr);
            if (re->simple) /* else PCRE2 does the search, as it would anyway */
                memcpy(re->simple, &sr, sizeof sr);
        }
        return re;
    }
}

void amc_regex_free(amc_regex *re)
{
    size_t k = 0;
    if (!re)
        return;
    for (k = 0; k < re->nlbs; k++)
        amc_regex_free(re->lbsub ? re->lbsub[k] : NULL);
    amc_xfree(re->lbsub);
    amc_xfree(re->lbneg);
    amc_xfree(re->simple);
    pcre2_match_context_free(re->mctx);
    pcre2_code_free(re->code);
    pcre2_general_context_free(re->gctx);
    amc_xfree(re);
}

/* ---------------------------------------------------------------- search */

typedef struct budget {
    uint64_t calls, max_calls;
} budget;

typedef struct cdata {
    const amc_regex *re;
    budget *b;
    size_t target_end; /* for callout 255 */
    const char *s;
    size_t n;
} cdata;

static int run(const amc_regex *re, const char *s, size_t n, size_t start, uint32_t opts, budget *b,
               size_t target_end);

static int lb_callout(pcre2_callout_block *cb, void *data)
{
    const cdata *cd = data;
    const amc_regex *sub = NULL;
    size_t p = cb->current_position, q = 0;
    bool found = false;
    if (cb->callout_number == END_CALLOUT)
        return p == cd->target_end ? 0 : 1;
    if (cb->callout_number == 0 || cb->callout_number > cd->re->nlbs)
        return PCRE2_ERROR_CALLOUT;
    sub = cd->re->lbsub[cb->callout_number - 1];
    /* ECMA evaluates a lookbehind right to left; for a yes/no answer any start will do */
    for (q = p + 1; q-- > 0;) {
        int r = 0;
        if (q < cd->n && ((unsigned char)cd->s[q] & 0xC0) == 0x80)
            continue; /* not a code point boundary */
        if (++cd->b->calls > cd->b->max_calls)
            return PCRE2_ERROR_MATCHLIMIT;
        r = run(sub, cd->s, cd->n, q, PCRE2_ANCHORED, cd->b, p);
        if (r < 0)
            return r;
        if (r > 0) {
            found = true;
            break;
        }
    }
    return found != cd->re->lbneg[cb->callout_number - 1] ? 0 : 1;
}

/* 1 / 0, or a negative PCRE2 error code */
static int run(const amc_regex *re, const char *s, size_t n, size_t start, uint32_t opts, budget *b,
               size_t target_end)
{
    pcre2_match_data *md = NULL;
    pcre2_match_context *mc = NULL;
    cdata cd;
    int rc = 0;
    md = pcre2_match_data_create(1, re->gctx);
    if (!md)
        return PCRE2_ERROR_NOMEMORY;
    if (re->nlbs || target_end != (size_t)-1) {
        mc = pcre2_match_context_copy(re->mctx);
        if (!mc) {
            pcre2_match_data_free(md);
            return PCRE2_ERROR_NOMEMORY;
        }
        cd.re = re;
        cd.b = b;
        cd.target_end = target_end;
        cd.s = s;
        cd.n = n;
        pcre2_set_callout(mc, lb_callout, &cd);
    }
    rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, start, opts | PCRE2_NO_UTF_CHECK, md,
                     mc ? mc : re->mctx);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT) /* the interpreter keeps its frames on the heap */
        rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, start,
                         opts | PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, md, mc ? mc : re->mctx);
    pcre2_match_context_free(mc);
    pcre2_match_data_free(md);
    if (rc >= 0)
        return 1;
    if (rc == PCRE2_ERROR_NOMATCH)
        return 0;
    return rc < 0 ? rc : PCRE2_ERROR_INTERNAL;
}

int amc_regex_search_pcre2(const amc_regex *re, const char *s, size_t n)
{
    amc_regex tmp;
    if (!re)
        return -1;
    tmp = *re;
    tmp.simple = NULL;
    return amc_regex_search(&tmp, s, n);
}

bool amc_regex_is_simple(const amc_regex *re)
{
    return re && re->simple;
}

int amc_regex_search(const amc_regex *re, const char *s, size_t n)
{
    budget b;
    int r = 0;
    if (!re || (!s && n))
        return -1;
    if (!s)
        s = "";
    if (re->simple)
        return simple_search(re->simple, s, n);
    b.calls = 0;
    /* emulated lookbehinds: at most this many sub-searches per search */
    b.max_calls = re->match_limit < 100000u ? re->match_limit : 100000u;
    r = run(re, s, n, 0, 0, &b, (size_t)-1);
    if (r == PCRE2_ERROR_NOMEMORY)
        return -2;
    return r < 0 ? -1 : r;
}

/* ---------------------------------------------------------------- portability */

const char *amc_regex_portability(const char *pat, size_t len, bool *nomem)
{
    tr t;
    const char *why = NULL;
    tr_init(&t, pat ? pat : "", pat ? len : 0, false);
    if (!translate(&t, false, false, false, "", "")) {
        why = t.nomem ? NULL : (t.reason ? t.reason : "invalid ECMA-262 pattern");
        if (t.nomem && nomem)
            *nomem = true;
    } else if (t.features & F_LOOKBEHIND) {
        why = "lookbehind";
    } else if (t.features & F_PROPERTY) {
        why = "\\p{..} property escapes";
    } else if (t.features & F_BACKREF) {
        why = "backreference";
    } else if (t.features & F_NAMED) {
        why = "named group (?<name>...) (Python needs (?P<name>...))";
    } else if (t.features & F_UESC) {
        why = "\\u escape (PCRE needs \\x{...})";
    } else if (t.features & F_CTRL) {
        why = "\\cX control escape";
    } else if (t.features & F_EMPTYCLASS) {
        why = "empty character class [] or [^]";
    } else if (t.features & F_MODIFIER) {
        why = "modifier group (?i:...) (ES2025)";
    } else if (t.features & F_VTAB) {
        why = "\\v escape (vertical whitespace class in PCRE)";
    }
    tr_release(&t);
    return why;
}
