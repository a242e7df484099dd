/*
 * format.c - JSON Schema 2020-12 "format" assertions.
 *
 * Every checker takes (s, n): valid UTF-8, not NUL-terminated, possibly holding U+0000 (which
 * no format accepts except json-pointer, where RFC 6901 allows any character). Digits are ASCII
 * only everywhere (no Unicode Nd). Whitespace is never trimmed. Per format:
 *
 *  date-time, date, time  RFC 3339 through amc_rfc3339_datetime/_date/_time (src/formats/date).
 *  duration     RFC 3339 Appendix A exactly: "P" (dur-date [dur-time] / dur-time / dur-week);
 *               units in order, Y M D chains only as Y, YM, YMD, M, MD, D (so P1Y2D is
 *               invalid), H M S likewise; weeks alone; "T" needs an element; no fractions,
 *               signs or commas; any number of digits.
 *  email        RFC 5321 Mailbox: Dot-string or Quoted-string (qtextSMTP, quoted-pairSMTP)
 *               local part of at most 64 octets, "@", then a hostname (below) or an address
 *               literal [IPv4] / [IPv6:...]. General-address-literals (tag:content) are
 *               rejected: no tag is registered. No comments, no display names, no folding.
 *  idn-email    RFC 6531: the same with UTF8-non-ascii allowed in atext and qtext, and an
 *               idn-hostname domain. (The local part is not normalised or IDNA-checked: RFC 6531
 *               leaves it to the receiving system; the suite wants non-NFC, C1 controls and
 *               noncharacters accepted there.)
 *  hostname     RFC 1123 2.1 as JSON Schema words it: ASCII only; dot-separated labels of 1-63
 *               letters, digits and hyphens, not starting or ending with '-'; at most 253
 *               octets; no trailing dot; a single label is fine. A label starting "xn--"
 *               (any case) must be a valid A-label (RFC 5891 5.4): its Punycode (RFC 3492) must
 *               decode to a U-label containing non-ASCII that re-encodes to the same text, and
 *               the U-label must pass RFC 5891 4.2.3 / RFC 5892: no "--" in positions 3-4, no
 *               leading or trailing '-', no leading combining mark, every code point PVALID or
 *               CONTEXTJ/CONTEXTO with its Appendix A rule satisfied, and the RFC 5893 Bidi
 *               rule for every label when any label is right-to-left. NFC is not checked (no
 *               normalisation tables; the derived PVALID set already excludes most unstable
 *               code points). Other "--" labels (R-LDH) are allowed, as in RFC 1123.
 *  idn-hostname RFC 5890/5891: labels separated by U+002E, U+3002, U+FF0E or U+FF61; all-ASCII
 *               labels as above but "--" in positions 3-4 only for A-labels; non-ASCII labels
 *               are U-labels checked as above, and their A-label form must fit 63 octets; the
 *               whole name in A-label form at most 253 octets.
 *  ipv4         RFC 2673 dotted-quad: four decimal octets 0-255 without leading zeros.
 *  ipv6         RFC 4291 2.2 text forms: 8 groups of 1-4 hex digits, one "::" standing for at
 *               least one group, an optional trailing dotted-quad counting two groups. No zone
 *               ids, no prefix lengths, no brackets.
 *  uri          RFC 3986 URI (scheme required), exact ABNF: percent-encoding needs two hex
 *               digits, IP-literal hosts are IPv6 (as above) or IPvFuture, ports are digits, a
 *               host that looks like a bad IPv4 address is a valid reg-name, no character
 *               outside the ABNF (no space, '\', '"', '<', '>', '{', '}', '^', '`', '|',
 *               non-ASCII).
 *  uri-reference  URI or relative-ref (RFC 3986 4.1): the first segment of a relative path
 *               has no ':'; "" is valid.
 *  iri, iri-reference  RFC 3987: the same with ucschar allowed where unreserved is, and
 *               iprivate in the query.
 *  uri-template RFC 6570 level 4: literals (RFC 6570 2.1, which allows '\''), pct-encoded,
 *               expressions {op varspec,...} with operators + # . / ; ? & (the reserved
 *               = , ! @ | are rejected), varnames of ALPHA DIGIT _ pct-encoded with single
 *               dots inside, prefix :1-9999 or explode *.
 *  uuid         RFC 4122 (9562) string form 8-4-4-4-12 hex digits, either case, any version
 *               and variant nibble.
 *  regex        ECMA-262 (u) pattern: amc_regex_compile() succeeds (src/schema/regex.c).
 *  json-pointer RFC 6901: "" or "/"-prefixed reference tokens where '~' is followed by 0 or 1.
 *  relative-json-pointer  draft-bhutton-relative-json-pointer-00: non-negative-integer (no
 *               leading zeros) [("+"/"-") non-negative-integer] then "#" or a json-pointer.
 *  Anything else: -1 (unknown).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "format_int.h"
#include "regex_int.h"
#include "amc/date.h"
#include "../core/utf8_int.h"

#include "format_idna.inc"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- small helpers */

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static bool is_alpha(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_hex(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static unsigned char lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c;
}

static bool in_ranges(uint32_t cp, const uint32_t (*r)[2], size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid][0])
            hi = mid;
        else if (cp > r[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* decodes the code point at s[*i] (input is valid UTF-8; invalid bytes yield 0xFFFFFFFF) */
static uint32_t next_cp(const char *s, size_t n, size_t *i)
{
    uint32_t cp = 0;
    size_t k = amc_utf8_decode((const unsigned char *)s + *i, n - *i, &cp);
    if (k == 0) {
        (*i)++;
        return 0xFFFFFFFFu;
    }
    *i += k;
    return cp;
}

/* ---------------------------------------------------------------- dates */

/* The shape nearly every date-time has, "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)" with
 * 'T'/'t' and 'Z'/'z', every field in range and no leap second, is valid: 1 then. Anything else
 * (-1) is left to amc_rfc3339_datetime(), which alone decides errors and leap seconds. */
static int datetime_common(const unsigned char *s, size_t n)
{
    static const unsigned char mdays[13] = {0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    size_t i = 19;
    int y = 0, mo = 0, d = 0;
#define DG(k) ((unsigned)(s[k] - '0') < 10u)
#define D2(k) ((s[k] - '0') * 10 + (s[(k) + 1] - '0'))
    if (n < 20 || !DG(0) || !DG(1) || !DG(2) || !DG(3) || s[4] != '-' || !DG(5) || !DG(6) ||
        s[7] != '-' || !DG(8) || !DG(9) || (s[10] != 'T' && s[10] != 't') || !DG(11) || !DG(12) ||
        s[13] != ':' || !DG(14) || !DG(15) || s[16] != ':' || !DG(17) || !DG(18))
        return -1;
    y = D2(0) * 100 + D2(2);
    mo = D2(5);
    d = D2(8);
    if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo] || D2(11) > 23 || D2(14) > 59 || D2(17) > 59)
        return -1;
    if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
        return -1;
    if (s[i] == '.') {
        size_t f = ++i;
        while (i < n && DG(i))
            i++;
        if (i == f)
            return -1;
    }
    if (i + 1 == n && (s[i] == 'Z' || s[i] == 'z'))
        return 1;
    if (i + 6 == n && (s[i] == '+' || s[i] == '-') && DG(i + 1) && DG(i + 2) && s[i + 3] == ':' &&
        DG(i + 4) && DG(i + 5) && D2(i + 1) <= 23 && D2(i + 4) <= 59)
        return 1;
    return -1;
#undef DG
#undef D2
}

static int check_datetime(const char *s, size_t n)
{
    amc_datetime dt;
    if (datetime_common((const unsigned char *)s, n) == 1)
        return 1;
    return amc_rfc3339_datetime(s, n, &dt) == 0;
}

static int check_date(const char *s, size_t n)
{
    amc_datetime dt;
    return amc_rfc3339_date(s, n, &dt) == 0;
}

static int check_time(const char *s, size_t n)
{
    amc_datetime dt;
    return amc_rfc3339_time(s, n, &dt) == 0;
}

/* ---------------------------------------------------------------- duration */

/* reads 1*DIGIT then a unit letter; returns the unit or 0 */
static char dur_elem(const char *s, size_t n, size_t *i)
{
    size_t start = *i;
    while (*i < n && is_digit((unsigned char)s[*i]))
        (*i)++;
    if (*i == start || *i >= n)
        return 0;
    return s[(*i)++];
}

/* units must form a contiguous run of `order` (e.g. "YMD": Y, YM, YMD, M, MD, D) */
static bool dur_chain(const char *units, size_t k, const char *order)
{
    const char *p = NULL;
    size_t j = 0;
    if (k == 0)
        return false;
    p = strchr(order, units[0]);
    if (!p)
        return false;
    for (j = 0; j < k; j++)
        if (p[j] != units[j])
            return false;
    return true;
}

static int check_duration(const char *s, size_t n)
{
    size_t i = 1, k = 0;
    char units[4];
    if (n < 3 || s[0] != 'P')
        return 0;
    if (s[1] != 'T') {
        while (i < n && s[i] != 'T') {
            char u = dur_elem(s, n, &i);
            if (!u || k == 3)
                return 0;
            units[k++] = u;
        }
        if (k == 1 && units[0] == 'W')
            return i == n;
        if (!dur_chain(units, k, "YMD"))
            return 0;
        if (i == n)
            return 1;
    }
    /* s[i] == 'T' */
    i++;
    k = 0;
    while (i < n) {
        char u = dur_elem(s, n, &i);
        if (!u || k == 3)
            return 0;
        units[k++] = u;
    }
    return dur_chain(units, k, "HMS");
}

/* ---------------------------------------------------------------- IP addresses */

static bool ipv4_ok(const char *s, size_t n)
{
    size_t i = 0;
    int part = 0;
    for (part = 0; part < 4; part++) {
        size_t start = i;
        unsigned v = 0;
        if (part > 0) {
            if (i >= n || s[i] != '.')
                return false;
            start = ++i;
        }
        while (i < n && is_digit((unsigned char)s[i]) && i - start < 3) {
            v = v * 10 + (unsigned)(s[i] - '0');
            i++;
        }
        if (i == start || v > 255 || (i - start > 1 && s[start] == '0'))
            return false;
    }
    return i == n;
}

static bool ipv6_ok(const char *s, size_t n)
{
    size_t i = 0;
    int groups = 0;
    bool dbl = false;
    /* a single leading ':' is an empty first group, refused in the loop */
    if (n >= 2 && s[0] == ':' && s[1] == ':') {
        dbl = true;
        i = 2;
    }
    while (i < n) {
        size_t start = i, end = i;
        while (end < n && s[end] != ':')
            end++;
        if (memchr(s + start, '.', end - start)) {
            if (end != n || !ipv4_ok(s + start, end - start))
                return false;
            groups += 2;
            i = n;
            break;
        }
        if (end == start || end - start > 4)
            return false;
        for (; i < end; i++)
            if (!is_hex((unsigned char)s[i]))
                return false;
        groups++;
        if (i == n)
            break;
        i++; /* ':' */
        if (i < n && s[i] == ':') {
            if (dbl)
                return false;
            dbl = true;
            i++;
        } else if (i == n) {
            return false; /* trailing single ':' */
        }
    }
    return dbl ? groups <= 7 : groups == 8;
}

static int check_ipv4(const char *s, size_t n)
{
    return ipv4_ok(s, n);
}

static int check_ipv6(const char *s, size_t n)
{
    return ipv6_ok(s, n);
}

/* ---------------------------------------------------------------- Punycode (RFC 3492) */

enum { PC_BASE = 36, PC_TMIN = 1, PC_TMAX = 26, PC_SKEW = 38, PC_DAMP = 700 };
#define MAX_LABEL_CPS 63

static uint32_t pc_adapt(uint32_t delta, uint32_t numpoints, bool first)
{
    uint32_t k = 0;
    delta = first ? delta / PC_DAMP : delta / 2;
    delta += delta / numpoints;
    while (delta > ((PC_BASE - PC_TMIN) * PC_TMAX) / 2) {
        delta /= PC_BASE - PC_TMIN;
        k += PC_BASE;
    }
    return k + (PC_BASE - PC_TMIN + 1) * delta / (delta + PC_SKEW);
}

static uint32_t pc_t(uint32_t k, uint32_t bias)
{
    return k <= bias ? PC_TMIN : k >= bias + PC_TMAX ? PC_TMAX : k - bias;
}

/* Decodes lowercase Punycode p[0..n) into out (at most MAX_LABEL_CPS code points). The only
 * caller (ascii_label) passes what follows "xn--" in a label that ldh_ok accepted, lowercased:
 * at most 59 characters, each a-z, 0-9 or '-'. So the basic code points before the last '-'
 * are ASCII and fit out, and every character after it is a base-36 digit. */
static bool puny_decode(const unsigned char *p, size_t n, uint32_t *out, size_t *outn)
{
    uint32_t cpn = 128, i = 0, bias = 72;
    size_t b = 0, j = 0, in = 0, len = 0;
    for (j = 0; j < n; j++)
        if (p[j] == '-')
            b = j + 1; /* one past the last delimiter */
    for (j = 0; j + 1 < b; j++)
        out[len++] = p[j];
    in = b;
    while (in < n) {
        uint32_t oldi = i, w = 1, k = 0;
        for (k = PC_BASE;; k += PC_BASE) {
            uint32_t digit = 0, t = 0;
            unsigned char c = 0;
            if (in >= n)
                return false;
            c = p[in++];
            digit = c >= 'a' ? (uint32_t)(c - 'a') : (uint32_t)(c - '0') + 26; /* a-z or 0-9 */
            if (digit > (UINT32_MAX - i) / w)
                return false;
            i += digit * w;
            t = pc_t(k, bias);
            if (digit < t)
                break;
            if (w > UINT32_MAX / (PC_BASE - t))
                return false;
            w *= PC_BASE - t;
        }
        bias = pc_adapt(i - oldi, (uint32_t)len + 1, oldi == 0);
        if (i / ((uint32_t)len + 1) > UINT32_MAX - cpn)
            return false;
        cpn += i / ((uint32_t)len + 1);
        i %= (uint32_t)len + 1;
        /* no cpn < 0x80 test: cpn starts at 0x80 and only grows (the check above stops a wrap) */
        if (cpn > 0x10FFFF || (cpn >= 0xD800 && cpn <= 0xDFFF) || len >= MAX_LABEL_CPS)
            return false;
        memmove(out + i + 1, out + i, (len - i) * sizeof *out);
        out[i++] = cpn;
        len++;
    }
    *outn = len;
    return true;
}

/* encodes cps into out (lowercase, without "xn--"); returns the length or 0 if > cap */
static size_t puny_encode(const uint32_t *cps, size_t n, char *out, size_t cap)
{
    uint32_t cpn = 128, delta = 0, bias = 72, h = 0, b = 0;
    size_t o = 0, j = 0;
    for (j = 0; j < n; j++) {
        if (cps[j] < 0x80) {
            if (o >= cap)
                return 0;
            out[o++] = (char)cps[j];
            b++;
        }
    }
    h = b;
    if (b > 0) {
        if (o >= cap)
            return 0;
        out[o++] = '-';
    }
    while (h < n) {
        uint32_t m = UINT32_MAX;
        for (j = 0; j < n; j++)
            if (cps[j] >= cpn && cps[j] < m)
                m = cps[j];
        if ((uint64_t)(m - cpn) * (h + 1) > UINT32_MAX - delta)
            return 0;
        delta += (m - cpn) * (h + 1);
        cpn = m;
        for (j = 0; j < n; j++) {
            if (cps[j] < cpn)
                delta++;
            if (cps[j] == cpn) {
                uint32_t q = delta, k = 0;
                for (k = PC_BASE;; k += PC_BASE) {
                    uint32_t t = pc_t(k, bias), d = 0;
                    if (q < t)
                        break;
                    d = t + (q - t) % (PC_BASE - t);
                    if (o >= cap)
                        return 0;
                    out[o++] = (char)(d < 26 ? 'a' + d : '0' + d - 26);
                    q = (q - t) / (PC_BASE - t);
                }
                if (o >= cap)
                    return 0;
                out[o++] = (char)(q < 26 ? 'a' + q : '0' + q - 26);
                bias = pc_adapt(delta, h + 1, h == b);
                delta = 0;
                h++;
            }
        }
        delta++;
        cpn++;
    }
    return o;
}

/* ---------------------------------------------------------------- IDNA2008 label rules */

static char joining_type(uint32_t cp)
{
    size_t lo = 0, hi = NELEM(idna_joining);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < idna_joining[mid].lo)
            hi = mid;
        else if (cp > idna_joining[mid].hi)
            lo = mid + 1;
        else
            return idna_joining[mid].jt;
    }
    return 'U';
}

static int bidi_class(uint32_t cp)
{
    size_t lo = 0, hi = NELEM(idna_bidi);
    /* last entry with .lo <= cp */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (idna_bidi[mid].lo <= cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 0 ? BIDI_L : idna_bidi[lo - 1].cls;
}

#define IN(tab, cp) in_ranges((cp), (tab), NELEM(tab))

static bool is_virama(uint32_t cp)
{
    return IN(idna_virama, cp);
}

/* RFC 5892 Appendix A rules for CONTEXTJ / CONTEXTO code points; -1 if cp is neither */
static int context_ok(const uint32_t *l, size_t n, size_t pos)
{
    uint32_t cp = l[pos];
    size_t k = 0;
    if (cp == 0x200C) { /* A.1 ZERO WIDTH NON-JOINER */
        bool left = false, right = false;
        if (pos > 0 && is_virama(l[pos - 1]))
            return 1;
        for (k = pos; k-- > 0;) {
            char t = joining_type(l[k]);
            if (t == 'T')
                continue;
            left = t == 'L' || t == 'D';
            break;
        }
        for (k = pos + 1; k < n; k++) {
            char t = joining_type(l[k]);
            if (t == 'T')
                continue;
            right = t == 'R' || t == 'D';
            break;
        }
        return left && right;
    }
    if (cp == 0x200D) /* A.2 ZERO WIDTH JOINER */
        return pos > 0 && is_virama(l[pos - 1]);
    if (cp == 0x00B7) /* A.3 MIDDLE DOT */
        return pos > 0 && pos + 1 < n && l[pos - 1] == 'l' && l[pos + 1] == 'l';
    if (cp == 0x0375) /* A.4 GREEK LOWER NUMERAL SIGN (KERAIA) */
        return pos + 1 < n && IN(idna_sc_greek, l[pos + 1]);
    if (cp == 0x05F3 || cp == 0x05F4) /* A.5, A.6 HEBREW GERESH, GERSHAYIM */
        return pos > 0 && IN(idna_sc_hebrew, l[pos - 1]);
    if (cp == 0x30FB) { /* A.9 KATAKANA MIDDLE DOT */
        for (k = 0; k < n; k++)
            if (l[k] != 0x30FB &&
                (IN(idna_sc_hiragana, l[k]) || IN(idna_sc_katakana, l[k]) || IN(idna_sc_han, l[k])))
                return 1;
        return 0;
    }
    if (cp >= 0x0660 && cp <= 0x0669) { /* A.8 ARABIC-INDIC DIGITS */
        for (k = 0; k < n; k++)
            if (l[k] >= 0x06F0 && l[k] <= 0x06F9)
                return 0;
        return 1;
    }
    if (cp >= 0x06F0 && cp <= 0x06F9) { /* A.9 EXTENDED ARABIC-INDIC DIGITS */
        for (k = 0; k < n; k++)
            if (l[k] >= 0x0660 && l[k] <= 0x0669)
                return 0;
        return 1;
    }
    return -1;
}

/* RFC 5891 4.2.3 checks of a U-label (code points) */
static bool ulabel_ok(const uint32_t *l, size_t n)
{
    size_t k = 0;
    if (n == 0)
        return false;
    if (n >= 4 && l[2] == '-' && l[3] == '-')
        return false;
    if (l[0] == '-' || l[n - 1] == '-')
        return false;
    if (IN(idna_mark, l[0]))
        return false;
    for (k = 0; k < n; k++) {
        int c = 0;
        if (IN(idna_pvalid, l[k]))
            continue;
        c = context_ok(l, n, k);
        if (c != 1)
            return false;
    }
    return true;
}

static bool label_is_rtl(const uint32_t *l, size_t n)
{
    size_t k = 0;
    for (k = 0; k < n; k++) {
        int b = bidi_class(l[k]);
        if (b == BIDI_R || b == BIDI_AL || b == BIDI_AN)
            return true;
    }
    return false;
}

/* RFC 5893 section 2, rules 1-6 */
static bool bidi_rule_ok(const uint32_t *l, size_t n)
{
    int first = 0, b = 0;
    bool rtl = false, en = false, an = false;
    size_t k = 0, end = n;
    if (n == 0)
        return false;
    first = bidi_class(l[0]);
    if (first == BIDI_R || first == BIDI_AL)
        rtl = true;
    else if (first != BIDI_L)
        return false; /* rule 1 */
    for (k = 0; k < n; k++) {
        b = bidi_class(l[k]);
        if (rtl) {
            if (!(b == BIDI_R || b == BIDI_AL || b == BIDI_AN || b == BIDI_EN || b == BIDI_ES ||
                  b == BIDI_CS || b == BIDI_ET || b == BIDI_ON || b == BIDI_BN || b == BIDI_NSM))
                return false; /* rule 2 */
            en = en || b == BIDI_EN;
            an = an || b == BIDI_AN;
        } else if (!(b == BIDI_L || b == BIDI_EN || b == BIDI_ES || b == BIDI_CS || b == BIDI_ET ||
                     b == BIDI_ON || b == BIDI_BN || b == BIDI_NSM)) {
            return false; /* rule 5 */
        }
    }
    if (rtl && en && an)
        return false; /* rule 4 */
    while (end > 0 && bidi_class(l[end - 1]) == BIDI_NSM)
        end--;
    if (end == 0)
        return false;
    b = bidi_class(l[end - 1]);
    if (rtl)
        return b == BIDI_R || b == BIDI_AL || b == BIDI_EN || b == BIDI_AN; /* rule 3 */
    return b == BIDI_L || b == BIDI_EN;                                     /* rule 6 */
}

/* ---------------------------------------------------------------- host names */

typedef struct label {
    uint32_t cp[MAX_LABEL_CPS + 1];
    size_t n;
    size_t alen; /* length in A-label (ASCII) form */
} label;

/* letters, digits and hyphens, 1..63 of them, no hyphen first or last (the "--" in positions 3
 * and 4 is ascii_label's business) */
static bool ldh_ok(const char *s, size_t n)
{
    size_t k = 0;
    if (n == 0 || n > 63 || s[0] == '-' || s[n - 1] == '-')
        return false;
    for (k = 0; k < n; k++)
        if (!is_alpha((unsigned char)s[k]) && !is_digit((unsigned char)s[k]) && s[k] != '-')
            return false;
    return true;
}

static bool is_xn(const char *s, size_t n)
{
    return n >= 4 && lower((unsigned char)s[0]) == 'x' && lower((unsigned char)s[1]) == 'n' &&
           s[2] == '-' && s[3] == '-';
}

/* an all-ASCII label: LDH, and an A-label when it starts with xn-- (decoded into lab) */
static bool ascii_label(const char *s, size_t n, bool allow_rldh, label *lab)
{
    size_t k = 0;
    lab->alen = n;
    lab->n = 0;
    if (!ldh_ok(s, n))
        return false;
    if (is_xn(s, n)) {
        unsigned char low[64];
        char re[64];
        size_t rn = 0;
        for (k = 4; k < n; k++)
            low[k - 4] = lower((unsigned char)s[k]);
        /* An A-label that decodes to ASCII only cannot pass ldh_ok: without a '-' every
         * character after "xn--" is a delta, and each delta inserts a code point of at least
         * U+0080; with one, nothing follows the last '-' only when the label ends in '-'. */
        if (!puny_decode(low, n - 4, lab->cp, &lab->n))
            return false; /* not Punycode */
        rn = puny_encode(lab->cp, lab->n, re, sizeof re);
        if (rn != n - 4 || memcmp(re, low, rn) != 0)
            return false; /* not the canonical encoding */
        return ulabel_ok(lab->cp, lab->n);
    }
    if (!allow_rldh && n >= 4 && s[2] == '-' && s[3] == '-')
        return false;
    for (k = 0; k < n; k++)
        lab->cp[k] = (unsigned char)s[k];
    lab->n = n;
    return true;
}

/* a non-ASCII label: a U-label whose A-label fits 63 octets */
static bool unicode_label(const char *s, size_t n, label *lab)
{
    size_t i = 0;
    char enc[64];
    size_t en = 0;
    lab->n = 0;
    while (i < n) {
        uint32_t cp = next_cp(s, n, &i);
        if (cp == 0xFFFFFFFFu || lab->n >= MAX_LABEL_CPS)
            return false;
        lab->cp[lab->n++] = cp;
    }
    if (!ulabel_ok(lab->cp, lab->n))
        return false;
    en = puny_encode(lab->cp, lab->n, enc, 59);
    if (en == 0)
        return false;
    lab->alen = 4 + en;
    return true;
}

/* length of a label separator at s[i] (idn: also U+3002, U+FF0E, U+FF61), else 0 */
static size_t separator(const char *s, size_t n, size_t i, bool idn)
{
    if (s[i] == '.')
        return 1;
    if (idn && i + 3 <= n) {
        const unsigned char *u = (const unsigned char *)s + i;
        if (u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x82)
            return 3; /* U+3002 */
        if (u[0] == 0xEF && u[1] == 0xBC && u[2] == 0x8E)
            return 3; /* U+FF0E */
        if (u[0] == 0xEF && u[1] == 0xBD && u[2] == 0xA1)
            return 3; /* U+FF61 */
    }
    return 0;
}

/* Validates each label; pass 2 (only when some label is right-to-left) applies the Bidi rule
 * to every label. */
static bool hostname_ok(const char *s, size_t n, bool idn)
{
    int pass = 0;
    bool any_rtl = false;
    for (pass = 0; pass < 2; pass++) {
        size_t i = 0, total = 0, nlabels = 0;
        if (pass == 1 && !any_rtl)
            break;
        if (n == 0)
            return false;
        while (i <= n) {
            size_t start = i, end = i, sep = 0;
            bool ascii = true;
            label lab;
            while (end < n && (sep = separator(s, n, end, idn)) == 0) {
                if ((unsigned char)s[end] >= 0x80)
                    ascii = false;
                end++;
            }
            if (end == start)
                return false; /* empty label: leading, trailing or doubled dot */
            if (ascii) {
                if (!ascii_label(s + start, end - start, !idn, &lab))
                    return false;
            } else {
                if (!idn || !unicode_label(s + start, end - start, &lab))
                    return false;
            }
            if (pass == 0 && label_is_rtl(lab.cp, lab.n))
                any_rtl = true;
            if (pass == 1 && !bidi_rule_ok(lab.cp, lab.n))
                return false;
            total += lab.alen;
            nlabels++;
            if (end == n)
                break;
            i = end + sep;
            if (i == n)
                return false; /* trailing separator */
        }
        if (total + nlabels - 1 > 253)
            return false;
    }
    return true;
}

static int check_hostname(const char *s, size_t n)
{
    return hostname_ok(s, n, false);
}

static int check_idn_hostname(const char *s, size_t n)
{
    return hostname_ok(s, n, true);
}

/* ---------------------------------------------------------------- email */

static bool atext(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || (c != '\0' && strchr("!#$%&'*+-/=?^_`{|}~", c));
}

static bool email_ok(const char *s, size_t n, bool idn)
{
    size_t i = 0, local_end = 0;
    if (n == 0)
        return false;
    if (s[0] == '"') {
        i = 1;
        for (;;) {
            unsigned char c = 0;
            if (i >= n)
                return false;
            c = (unsigned char)s[i];
            if (c == '"')
                break;
            if (c == '\\') {
                if (i + 1 >= n || (unsigned char)s[i + 1] < 32 || (unsigned char)s[i + 1] > 126)
                    return false;
                i += 2;
            } else if ((c >= 32 && c <= 126) || (idn && c >= 0x80)) {
                i++; /* qtextSMTP (any printable but '"' and '\'), UTF8-non-ascii */
            } else {
                return false;
            }
        }
        i++;
    } else {
        bool need_atom = true;
        while (i < n && s[i] != '@') {
            unsigned char c = (unsigned char)s[i];
            if (c == '.') {
                if (need_atom)
                    return false;
                need_atom = true;
            } else if (atext(c) || (idn && c >= 0x80)) {
                need_atom = false;
            } else {
                return false;
            }
            i++;
        }
        if (need_atom)
            return false; /* empty local part or trailing dot */
    }
    local_end = i;
    if (local_end > 64 || i >= n || s[i] != '@')
        return false;
    i++;
    if (i < n && s[i] == '[') {
        const char *lit = s + i + 1;
        size_t ln = n - i - 1;
        if (ln == 0 || lit[ln - 1] != ']')
            return false;
        ln--;
        if (ln >= 5 && memcmp(lit, "IPv6:", 5) == 0)
            return ipv6_ok(lit + 5, ln - 5);
        return ipv4_ok(lit, ln);
    }
    return hostname_ok(s + i, n - i, idn);
}

static int check_email(const char *s, size_t n)
{
    return email_ok(s, n, false);
}

static int check_idn_email(const char *s, size_t n)
{
    return email_ok(s, n, true);
}

/* ---------------------------------------------------------------- URI / IRI (RFC 3986/3987) */

static bool unreserved(unsigned char c)
{
    return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

static bool sub_delim(unsigned char c)
{
    return c != '\0' && strchr("!$&'()*+,;=", c) != NULL;
}

static bool ucschar(uint32_t c)
{
    if ((c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFEF))
        return true;
    if (c >= 0x10000 && c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD)
        return c < 0xE0000 || c >= 0xE1000;
    return false;
}

static bool iprivate(uint32_t c)
{
    return (c >= 0xE000 && c <= 0xF8FF) ||
           ((c >= 0xF0000 && c <= 0xFFFFD) || (c >= 0x100000 && c <= 0x10FFFD));
}

/* a run of characters from `extra` + unreserved + pct-encoded (+ ucschar if iri, + iprivate if
 * priv) from s[*i] up to one of `stops` or the end; false on any other character */
static bool uri_run(const char *s, size_t n, size_t *i, const char *extra, const char *stops,
                    bool iri, bool priv)
{
    while (*i < n) {
        unsigned char c = (unsigned char)s[*i];
        if (c != '\0' && strchr(stops, c))
            return true;
        if (c == '%') {
            if (*i + 2 >= n || !is_hex((unsigned char)s[*i + 1]) ||
                !is_hex((unsigned char)s[*i + 2]))
                return false;
            *i += 3;
        } else if (c >= 0x80) {
            uint32_t cp = 0;
            if (!iri)
                return false;
            cp = next_cp(s, n, i);
            if (!ucschar(cp) && !(priv && iprivate(cp)))
                return false;
        } else if (unreserved(c) || (c != '\0' && strchr(extra, c))) {
            (*i)++;
        } else {
            return false;
        }
    }
    return true;
}

#define SUB_DELIMS "!$&'()*+,;="
#define PCHAR      SUB_DELIMS ":@"

static bool authority_ok(const char *s, size_t n, bool iri)
{
    const char *at = memchr(s, '@', n);
    size_t i = 0, hstart = 0;
    if (at) {
        size_t un = (size_t)(at - s);
        if (!uri_run(s, un, &i, SUB_DELIMS ":", "", iri, false))
            return false;
        hstart = un + 1;
    }
    i = hstart;
    if (i < n && s[i] == '[') {
        const char *close = memchr(s + i, ']', n - i);
        const char *lit = s + i + 1;
        size_t ln = 0;
        if (!close)
            return false;
        ln = (size_t)(close - lit);
        if (ln >= 1 && (lit[0] == 'v' || lit[0] == 'V')) {
            size_t k = 1;
            while (k < ln && is_hex((unsigned char)lit[k]))
                k++;
            if (k == 1 || k >= ln || lit[k] != '.' || k + 1 >= ln)
                return false;
            for (k++; k < ln; k++) {
                unsigned char c = (unsigned char)lit[k];
                if (!unreserved(c) && !sub_delim(c) && c != ':')
                    return false;
            }
        } else if (!ipv6_ok(lit, ln)) {
            return false;
        }
        i = (size_t)(close - s) + 1;
    } else if (!uri_run(s, n, &i, SUB_DELIMS, ":", iri, false)) {
        return false; /* reg-name (an IPv4address is a reg-name too) */
    }
    if (i < n) {
        if (s[i] != ':')
            return false;
        for (i++; i < n; i++)
            if (!is_digit((unsigned char)s[i]))
                return false;
    }
    return true;
}

/* URI / relative-ref / IRI / irelative-ref */
static bool uri_ok(const char *s, size_t n, bool iri, bool allow_relative)
{
    size_t i = 0, k = 0;
    bool has_scheme = false;
    if (n > 0 && is_alpha((unsigned char)s[0])) {
        for (k = 1; k < n; k++) {
            unsigned char c = (unsigned char)s[k];
            if (!(is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.'))
                break;
        }
        if (k < n && s[k] == ':') {
            has_scheme = true;
            i = k + 1;
        }
    }
    if (!has_scheme && !allow_relative)
        return false;
    if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
        size_t a = i + 2, e = a;
        while (e < n && s[e] != '/' && s[e] != '?' && s[e] != '#')
            e++;
        if (!authority_ok(s + a, e - a, iri))
            return false;
        i = e;
    } else if (!has_scheme) {
        /* path-noscheme: the first segment has no ':' */
        size_t e = i;
        while (e < n && s[e] != '/' && s[e] != '?' && s[e] != '#')
            e++;
        if (memchr(s + i, ':', e - i))
            return false;
    }
    /* path: segments of pchar separated by '/' */
    if (!uri_run(s, n, &i, PCHAR "/", "?#", iri, false))
        return false;
    if (i < n && s[i] == '?') {
        i++;
        if (!uri_run(s, n, &i, PCHAR "/?", "#", iri, true))
            return false;
    }
    if (i < n && s[i] == '#') {
        i++;
        if (!uri_run(s, n, &i, PCHAR "/?", "", iri, false))
            return false;
    }
    return i == n;
}

static int check_uri(const char *s, size_t n)
{
    return uri_ok(s, n, false, false);
}

static int check_uri_reference(const char *s, size_t n)
{
    return uri_ok(s, n, false, true);
}

static int check_iri(const char *s, size_t n)
{
    return uri_ok(s, n, true, false);
}

static int check_iri_reference(const char *s, size_t n)
{
    return uri_ok(s, n, true, true);
}

/* ---------------------------------------------------------------- uri-template (RFC 6570) */

static bool varchar_at(const char *s, size_t n, size_t *i)
{
    unsigned char c = (unsigned char)s[*i];
    if (is_alpha(c) || is_digit(c) || c == '_') {
        (*i)++;
        return true;
    }
    if (c == '%' && *i + 2 < n && is_hex((unsigned char)s[*i + 1]) &&
        is_hex((unsigned char)s[*i + 2])) {
        *i += 3;
        return true;
    }
    return false;
}

static int check_uri_template(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '{') {
            i++;
            if (i < n && s[i] != '\0' && strchr("+#./;?&", s[i]))
                i++;
            for (;;) {
                /* varspec: varname [ ":" max-length / "*" ] */
                if (i >= n || !varchar_at(s, n, &i))
                    return 0;
                while (i < n) {
                    if (s[i] == '.') {
                        i++;
                        if (i >= n || !varchar_at(s, n, &i))
                            return 0;
                    } else if (!varchar_at(s, n, &i)) {
                        break;
                    }
                }
                if (i < n && s[i] == ':') {
                    size_t d = ++i;
                    if (i >= n || s[i] < '1' || s[i] > '9')
                        return 0;
                    while (i < n && is_digit((unsigned char)s[i]))
                        i++;
                    if (i - d > 4)
                        return 0;
                } else if (i < n && s[i] == '*') {
                    i++;
                }
                if (i < n && s[i] == ',') {
                    i++;
                    continue;
                }
                break;
            }
            if (i >= n || s[i] != '}')
                return 0;
            i++;
        } else if (c == '%') {
            if (i + 2 >= n || !is_hex((unsigned char)s[i + 1]) || !is_hex((unsigned char)s[i + 2]))
                return 0;
            i += 3;
        } else if (c >= 0x80) {
            uint32_t cp = next_cp(s, n, &i);
            if (!ucschar(cp) && !iprivate(cp))
                return 0;
        } else if (c == 0x21 || c == 0x23 || c == 0x24 || (c >= 0x26 && c <= 0x3B) || c == 0x3D ||
                   (c >= 0x3F && c <= 0x5B) || c == 0x5D || c == 0x5F || (c >= 0x61 && c <= 0x7A) ||
                   c == 0x7E) {
            i++;
        } else {
            return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------- uuid, pointers, regex */

static int check_uuid(const char *s, size_t n)
{
    size_t k = 0;
    if (n != 36)
        return 0;
    for (k = 0; k < 36; k++) {
        bool dash = k == 8 || k == 13 || k == 18 || k == 23;
        if (dash ? s[k] != '-' : !is_hex((unsigned char)s[k]))
            return 0;
    }
    return 1;
}

static bool json_pointer_ok(const char *s, size_t n)
{
    size_t k = 0;
    if (n > 0 && s[0] != '/')
        return false;
    for (k = 0; k < n; k++)
        if (s[k] == '~' && (k + 1 >= n || (s[k + 1] != '0' && s[k + 1] != '1')))
            return false;
    return true;
}

static int check_json_pointer(const char *s, size_t n)
{
    return json_pointer_ok(s, n);
}

/* non-negative-integer = "0" / %x31-39 *DIGIT */
static bool nonneg_int(const char *s, size_t n, size_t *i)
{
    size_t start = *i;
    while (*i < n && is_digit((unsigned char)s[*i]))
        (*i)++;
    if (*i == start)
        return false;
    return !(s[start] == '0' && *i - start > 1);
}

static int check_relative_json_pointer(const char *s, size_t n)
{
    size_t i = 0;
    if (!nonneg_int(s, n, &i))
        return 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
        i++;
        if (!nonneg_int(s, n, &i))
            return 0;
    }
    if (i < n && s[i] == '#')
        return i + 1 == n;
    return json_pointer_ok(s + i, n - i);
}

/* 1, 0, or -2 when memory ran out (passed through by amc_format_check) */
static int check_regex(const char *s, size_t n)
{
    char err[64];
    amc_regex *re = amc_regex_compile(s, n, 0, err, sizeof err);
    if (!re)
        return strcmp(err, AMC_REGEX_ENOMEM_MSG) == 0 ? -2 : 0;
    amc_regex_free(re);
    return 1;
}

/* ---------------------------------------------------------------- dispatch */

static const struct {
    const char *name;
    int (*fn)(const char *, size_t);
} formats[] = {
    {"date", check_date},
    {"date-time", check_datetime},
    {"duration", check_duration},
    {"email", check_email},
    {"hostname", check_hostname},
    {"idn-email", check_idn_email},
    {"idn-hostname", check_idn_hostname},
    {"ipv4", check_ipv4},
    {"ipv6", check_ipv6},
    {"iri", check_iri},
    {"iri-reference", check_iri_reference},
    {"json-pointer", check_json_pointer},
    {"regex", check_regex},
    {"relative-json-pointer", check_relative_json_pointer},
    {"time", check_time},
    {"uri", check_uri},
    {"uri-reference", check_uri_reference},
    {"uri-template", check_uri_template},
    {"uuid", check_uuid},
};

static int find_format(const char *name)
{
    size_t k = 0;
    if (!name)
        return -1;
    for (k = 0; k < NELEM(formats); k++)
        if (strcmp(formats[k].name, name) == 0)
            return (int)k;
    return -1;
}

bool amc_format_known(const char *format)
{
    return find_format(format) >= 0;
}

int amc_format_check(const char *format, const char *s, size_t n)
{
    int k = find_format(format);
    if (k < 0)
        return -1;
    if (!s) {
        if (n)
            return 0;
        s = "";
    }
    k = formats[k].fn(s, n);
    return k == -2 ? -2 : k ? 1 : 0;
}
