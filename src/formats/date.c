/*
 * date.c - RFC 3339 and RFC 5322 date parsing (see amc/date.h).
 *
 * The parsers take (s, len) and return 0 when valid, else the code of the first problem
 * (AMC_C_DATE_*). They never report diagnostics themselves: callers (schema "format" checks,
 * profiles) do, at positions they know.
 *
 * RFC 3339 section 5.6, as JSON Schema 2020-12 "date-time", "date" and "time" use it:
 *
 *   date-fullyear   = 4DIGIT
 *   date-month      = 2DIGIT  ; 01-12
 *   date-mday       = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on month/year
 *   time-hour       = 2DIGIT  ; 00-23
 *   time-minute     = 2DIGIT  ; 00-59
 *   time-second     = 2DIGIT  ; 00-58, 00-59, 00-60 based on leap second rules
 *   time-secfrac    = "." 1*DIGIT
 *   time-numoffset  = ("+" / "-") time-hour ":" time-minute
 *   time-offset     = "Z" / time-numoffset
 *   partial-time    = time-hour ":" time-minute ":" time-second [time-secfrac]
 *   full-date       = date-fullyear "-" date-month "-" date-mday
 *   full-time       = partial-time time-offset
 *   date-time       = full-date "T" full-time
 *
 * Decisions (RFC 3339):
 *   - DIGIT is ASCII 0-9 only. Any byte >= 0x80 anywhere gives DATE_NON_ASCII (so a Bengali
 *     digit is never a digit).
 *   - "T" and "Z" may be lower case (5.6 NOTE). The NOTE also allows a space instead of "T"
 *     "for readability"; we reject it with DATE_SEPARATOR, as the JSON-Schema-Test-Suite does.
 *   - The fraction may have any number of digits (at least one); nanos keeps the first nine
 *     (truncated), frac_digits counts all of them (capped at INT_MAX).
 *   - Offsets are "Z" or +hh:mm / -hh:mm exactly (no +hhmm, no +hh); hh 00-23, mm 00-59 else
 *     DATE_OFFSET. "-00:00" sets utc_unknown (RFC 3339 4.3). No offset: DATE_OFFSET_MISSING
 *     (the "time" format is full-time, whose offset is required).
 *   - Second 60 is accepted only when the time converted to UTC is 23:59 (any date; we do not
 *     keep a table of the leap seconds actually inserted), else DATE_LEAP_SECOND. 61+ is
 *     DATE_SECOND_RANGE.
 *   - Checks run left to right by part: the full-date's syntax, then its month and day
 *     ranges; the partial-time's syntax, then hour, minute, second ranges; the fraction; the
 *     offset (syntax and range); the leap-second rule. Anything after a complete value (a
 *     newline, a second offset, white space) is DATE_TRAILING.
 *
 * RFC 5322 section 3.3, with the obsolete forms of section 4.3:
 *
 *   date-time   = [ day-of-week "," ] date time [CFWS]
 *   day-of-week = ([FWS] day-name) / obs-day-of-week     ; obs: [CFWS] day-name [CFWS]
 *   day-name    = "Mon" / "Tue" / "Wed" / "Thu" / "Fri" / "Sat" / "Sun"
 *   date        = day month year
 *   day         = ([FWS] 1*2DIGIT FWS) / obs-day         ; obs: [CFWS] 1*2DIGIT [CFWS]
 *   month       = "Jan" / "Feb" / ... / "Dec"
 *   year        = (FWS 4*DIGIT FWS) / obs-year           ; obs: [CFWS] 2*DIGIT [CFWS]
 *   time        = time-of-day zone
 *   time-of-day = hour ":" minute [ ":" second ]         ; each 2DIGIT, obs: CFWS around
 *   zone        = (FWS ( "+" / "-" ) 4DIGIT) / obs-zone
 *   obs-zone    = "UT" / "GMT" / "EST" / "EDT" / "CST" / "CDT" / "MST" / "MDT" / "PST" / "PDT"
 *                 / military letters A-I, K-Z, a-i, k-z
 *   CFWS        = comments "(...)" (nested, quoted-pairs) and folding white space
 *
 * Decisions (RFC 5322):
 *   - Because the obsolete forms put optional CFWS around every token, CFWS is accepted
 *     between any two tokens. The one place the grammar still needs white space is before a
 *     numeric zone ("10:00+0000" is invalid: DATE_SYNTAX).
 *   - FWS is SP/HTAB, or a line break (CRLF or LF) followed by SP/HTAB (unfolding). Any other
 *     CR or LF is DATE_SYNTAX.
 *   - Comments may contain VCHAR, WSP, FWS, quoted-pairs, obsolete controls (obs-ctext) and
 *     UTF-8 (RFC 6532); NUL, invalid UTF-8 or an unterminated comment is DATE_COMMENT.
 *   - Names (days, months, zones) are ASCII case-insensitive (RFC 5234 quoted strings). Unknown
 *     names: DATE_WEEKDAY_NAME, DATE_MONTH_NAME, DATE_ZONE_UNKNOWN.
 *   - Years of 2 digits: 00-49 -> 2000-2049, 50-99 -> 1950-1999; 3 digits: + 1900 (4.3).
 *     A year before 1900 (3.3: "1900 or later") or after 9999 is DATE_YEAR_RANGE.
 *   - UT and GMT are +0000; EST/EDT/CST/CDT/MST/MDT/PST/PDT have their 4.3 offsets; military
 *     letters mean -0000 (4.3: "unpredictable in their meaning"), so they set utc_unknown.
 *     "-0000" sets utc_unknown; "+0000" does not.
 *   - Zone hours above 23 or minutes above 59 are DATE_OFFSET.
 *   - Second 60 follows the RFC 3339 leap-second rule above (3.3 allows 60 only as a leap
 *     second, and a leap second is 23:59:60 UTC).
 *   - Syntax is checked for the whole string first, then ranges in the order year, month,
 *     day, hour, minute, second, zone, leap second; a written day-of-week that does not match
 *     the date sets *warning = DATE_WEEKDAY_MISMATCH and the date stays valid.
 *   - Bytes >= 0x80 outside comments are DATE_NON_ASCII.
 *
 * amc_datetime_unix uses the days-from-civil algorithm (proleptic Gregorian, H. Hinnant,
 * "chrono-Compatible Low-Level Date Algorithms") in int64 arithmetic, so any field values,
 * even ones no parser produces, compute without overflow.
 */
#include <limits.h>
#include <string.h>
#include "amc/date.h"
#include "../core/utf8_int.h"
#include "date_int.h"

/* ---- shared helpers ---- */

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static int is_alpha(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static unsigned char lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c;
}

static int is_leap_year(int64_t y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int days_in_month(int y, int m)
{
    static const int dim[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12)
        return 0;
    if (m == 2 && is_leap_year(y))
        return 29;
    return dim[m - 1];
}

/* Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). All
 * arithmetic is int64; inputs of any int value are fine. */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
    int64_t era = 0, yoe = 0, doy = 0, doe = 0;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int64_t floor_mod(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return r < 0 ? r + b : r;
}

/* The leap-second rule: second 60 is valid only at 23:59 UTC. */
static amc_code check_leap(const amc_datetime *dt)
{
    int64_t utc_min = 0;
    if (dt->second != 60)
        return (amc_code)0;
    utc_min = floor_mod((int64_t)dt->hour * 60 + dt->minute - dt->offset_min, 1440);
    return utc_min == 23 * 60 + 59 ? (amc_code)0 : AMC_C_DATE_LEAP_SECOND;
}

static void dt_init(amc_datetime *dt)
{
    memset(dt, 0, sizeof *dt);
    dt->weekday = -1;
}

int64_t amc_datetime_unix(const amc_datetime *dt)
{
    int64_t days = days_from_civil(dt->year, dt->month, dt->day);
    int64_t sec = dt->second == 60 ? 59 : dt->second;
    if (!dt->has_time)
        return days * 86400;
    return days * 86400 + (int64_t)dt->hour * 3600 + (int64_t)dt->minute * 60 + sec -
           (int64_t)dt->offset_min * 60;
}

bool amc_rfc3339_ms(const char *s, size_t len, int64_t *ms)
{
    amc_datetime dt;
    if (amc_rfc3339_datetime(s, len, &dt) != 0 || !dt.has_offset)
        return false;
    *ms = amc_datetime_unix(&dt) * 1000 + (int64_t)(dt.nanos / 1000000u);
    return true;
}

/* ---- RFC 3339 ---- */

typedef struct cur {
    const unsigned char *s;
    size_t len, i;
} cur;

/* Exactly n ASCII digits (n <= 4); returns the value or -1 (nothing consumed then). */
static int fixed_digits(cur *c, int n)
{
    int v = 0, k = 0;
    if (c->len - c->i < (size_t)n)
        return -1;
    for (k = 0; k < n; k++) {
        if (!is_digit(c->s[c->i + (size_t)k]))
            return -1;
        v = v * 10 + (c->s[c->i + (size_t)k] - '0');
    }
    c->i += (size_t)n;
    return v;
}

static int accept(cur *c, char ch)
{
    if (c->i < c->len && c->s[c->i] == (unsigned char)ch) {
        c->i++;
        return 1;
    }
    return 0;
}

static amc_code non_ascii(const char *s, size_t len)
{
    size_t i = 0;
    for (i = 0; i < len; i++)
        if ((unsigned char)s[i] >= 0x80)
            return AMC_C_DATE_NON_ASCII;
    return (amc_code)0;
}

static amc_code full_date(cur *c, amc_datetime *dt)
{
    int y = 0, m = 0, d = 0;
    y = fixed_digits(c, 4);
    if (y < 0 || !accept(c, '-'))
        return AMC_C_DATE_SYNTAX;
    m = fixed_digits(c, 2);
    if (m < 0 || !accept(c, '-'))
        return AMC_C_DATE_SYNTAX;
    d = fixed_digits(c, 2);
    if (d < 0)
        return AMC_C_DATE_SYNTAX;
    dt->year = y;
    dt->month = m;
    dt->day = d;
    if (m < 1 || m > 12)
        return AMC_C_DATE_MONTH_RANGE;
    if (d < 1 || d > days_in_month(y, m))
        return AMC_C_DATE_DAY_RANGE;
    return (amc_code)0;
}

static amc_code full_time(cur *c, amc_datetime *dt)
{
    int h = 0, mi = 0, se = 0;
    size_t nfrac = 0;
    h = fixed_digits(c, 2);
    if (h < 0 || !accept(c, ':'))
        return AMC_C_DATE_SYNTAX;
    mi = fixed_digits(c, 2);
    if (mi < 0 || !accept(c, ':'))
        return AMC_C_DATE_SYNTAX;
    se = fixed_digits(c, 2);
    if (se < 0)
        return AMC_C_DATE_SYNTAX;
    dt->hour = h;
    dt->minute = mi;
    dt->second = se;
    dt->has_time = true;
    if (h > 23)
        return AMC_C_DATE_HOUR_RANGE;
    if (mi > 59)
        return AMC_C_DATE_MINUTE_RANGE;
    if (se > 60)
        return AMC_C_DATE_SECOND_RANGE;
    if (accept(c, '.')) {
        uint32_t ns = 0;
        size_t nkeep = 0;
        while (c->i < c->len && is_digit(c->s[c->i])) {
            if (nkeep < 9) {
                ns = ns * 10 + (uint32_t)(c->s[c->i] - '0');
                nkeep++;
            }
            nfrac++;
            c->i++;
        }
        if (nfrac == 0)
            return AMC_C_DATE_SYNTAX;
        for (; nkeep < 9; nkeep++)
            ns *= 10;
        dt->nanos = ns;
        dt->frac_digits = nfrac > (size_t)INT_MAX ? INT_MAX : (int)nfrac;
    }
    if (c->i == c->len)
        return AMC_C_DATE_OFFSET_MISSING;
    if (c->s[c->i] == 'Z' || c->s[c->i] == 'z') {
        c->i++;
        dt->has_offset = true;
    } else if (c->s[c->i] == '+' || c->s[c->i] == '-') {
        int neg = c->s[c->i] == '-', oh = 0, om = 0;
        c->i++;
        oh = fixed_digits(c, 2);
        if (oh < 0 || !accept(c, ':'))
            return AMC_C_DATE_OFFSET;
        om = fixed_digits(c, 2);
        if (om < 0)
            return AMC_C_DATE_OFFSET;
        if (oh > 23 || om > 59)
            return AMC_C_DATE_OFFSET;
        dt->has_offset = true;
        dt->offset_min = (neg ? -1 : 1) * (oh * 60 + om);
        dt->utc_unknown = neg && oh == 0 && om == 0;
    } else {
        return AMC_C_DATE_SYNTAX;
    }
    return check_leap(dt);
}

amc_code amc_rfc3339_date(const char *s, size_t len, amc_datetime *out)
{
    amc_datetime tmp;
    amc_datetime *dt = out ? out : &tmp;
    cur c = {(const unsigned char *)s, len, 0};
    amc_code r = (amc_code)0;
    dt_init(dt);
    r = non_ascii(s, len);
    if (r)
        return r;
    r = full_date(&c, dt);
    if (r)
        return r;
    return c.i == len ? (amc_code)0 : AMC_C_DATE_TRAILING;
}

amc_code amc_rfc3339_time(const char *s, size_t len, amc_datetime *out)
{
    amc_datetime tmp;
    amc_datetime *dt = out ? out : &tmp;
    cur c = {(const unsigned char *)s, len, 0};
    amc_code r = (amc_code)0;
    dt_init(dt);
    r = non_ascii(s, len);
    if (r)
        return r;
    r = full_time(&c, dt);
    if (r)
        return r;
    return c.i == len ? (amc_code)0 : AMC_C_DATE_TRAILING;
}

amc_code amc_rfc3339_datetime(const char *s, size_t len, amc_datetime *out)
{
    amc_datetime tmp;
    amc_datetime *dt = out ? out : &tmp;
    cur c = {(const unsigned char *)s, len, 0};
    amc_code r = (amc_code)0;
    dt_init(dt);
    r = non_ascii(s, len);
    if (r)
        return r;
    r = full_date(&c, dt);
    if (r)
        return r;
    if (c.i == len)
        return AMC_C_DATE_SYNTAX;
    if (c.s[c.i] == ' ')
        return AMC_C_DATE_SEPARATOR;
    if (c.s[c.i] != 'T' && c.s[c.i] != 't')
        return AMC_C_DATE_SYNTAX;
    c.i++;
    r = full_time(&c, dt);
    if (r)
        return r;
    return c.i == len ? (amc_code)0 : AMC_C_DATE_TRAILING;
}

/* ---- RFC 5322 ---- */

static int is_wsp(unsigned char c)
{
    return c == ' ' || c == '\t';
}

/* Length of a line break followed by WSP at c->i (CRLF WSP or LF WSP), or 0. */
static size_t fold_len(const cur *c)
{
    size_t k = c->i;
    if (k < c->len && c->s[k] == '\r')
        k++;
    if (k < c->len && c->s[k] == '\n')
        k++;
    else
        return 0;
    return (k < c->len && is_wsp(c->s[k])) ? k - c->i : 0;
}

/* Skips CFWS (white space, folds and nested comments). Sets *ws to whether the last thing
 * skipped was white space (as opposed to a comment or nothing). */
static amc_code skip_cfws(cur *c, int *ws)
{
    *ws = 0;
    while (c->i < c->len) {
        unsigned char ch = c->s[c->i];
        size_t f = 0;
        if (is_wsp(ch)) {
            c->i++;
            *ws = 1;
            continue;
        }
        f = fold_len(c);
        if (f) {
            c->i += f;
            continue;
        }
        if (ch != '(')
            break;
        /* a comment: iterative, depth counted (no recursion) */
        {
            size_t depth = 0;
            do {
                ch = c->s[c->i];
                if (ch == '(') {
                    depth++;
                    c->i++;
                } else if (ch == ')') {
                    depth--;
                    c->i++;
                } else if (ch == '\\') {
                    c->i++;
                    if (c->i >= c->len)
                        return AMC_C_DATE_COMMENT;
                    ch = c->s[c->i];
                    if (ch == 0)
                        c->i++; /* obs-qp allows "\" %d0 */
                    else if (ch < 0x80)
                        c->i++;
                    else {
                        uint32_t cp = 0;
                        size_t k = amc_utf8_decode(c->s + c->i, c->len - c->i, &cp);
                        if (!k)
                            return AMC_C_DATE_COMMENT;
                        c->i += k;
                    }
                } else if (ch == 0) {
                    return AMC_C_DATE_COMMENT;
                } else if (ch == '\r' || ch == '\n') {
                    f = fold_len(c);
                    if (!f)
                        return AMC_C_DATE_COMMENT;
                    c->i += f;
                } else if (ch >= 0x80) {
                    uint32_t cp = 0;
                    size_t k = amc_utf8_decode(c->s + c->i, c->len - c->i, &cp);
                    if (!k)
                        return AMC_C_DATE_COMMENT;
                    c->i += k;
                } else {
                    c->i++; /* ctext, WSP, obs-ctext controls */
                }
            } while (depth > 0 && c->i < c->len);
            if (depth > 0)
                return AMC_C_DATE_COMMENT;
            *ws = 0;
        }
    }
    return (amc_code)0;
}

/* The code for an unexpected byte at c->i (or the end). */
static amc_code unexpected(const cur *c)
{
    if (c->i < c->len && c->s[c->i] >= 0x80)
        return AMC_C_DATE_NON_ASCII;
    return AMC_C_DATE_SYNTAX;
}

/* A run of ASCII letters; returns its length. */
static size_t word(cur *c)
{
    size_t st = c->i;
    while (c->i < c->len && is_alpha(c->s[c->i]))
        c->i++;
    return c->i - st;
}

/* A run of ASCII digits; returns the count; *v gets the value, saturated at 999999999. */
static size_t number(cur *c, int *v)
{
    size_t n = 0;
    int64_t x = 0;
    while (c->i < c->len && is_digit(c->s[c->i])) {
        if (x < 1000000000)
            x = x * 10 + (c->s[c->i] - '0');
        c->i++;
        n++;
    }
    *v = x > 999999999 ? 999999999 : (int)x;
    return n;
}

static int name_eq(const unsigned char *w, size_t n, const char *name)
{
    size_t k = 0;
    if (strlen(name) != n)
        return 0;
    for (k = 0; k < n; k++)
        if (lower(w[k]) != (unsigned char)name[k])
            return 0;
    return 1;
}

static int find_name(const unsigned char *w, size_t n, const char *const *names, int count)
{
    int k = 0;
    for (k = 0; k < count; k++)
        if (name_eq(w, n, names[k]))
            return k;
    return -1;
}

static const char *const day_names[7] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
static const char *const month_names[12] = {"jan", "feb", "mar", "apr", "may", "jun",
                                            "jul", "aug", "sep", "oct", "nov", "dec"};

static const struct {
    const char *name;
    int offset_min;
} zone_names[] = {
    {"ut", 0},        {"gmt", 0},       {"est", -5 * 60}, {"edt", -4 * 60}, {"cst", -6 * 60},
    {"cdt", -5 * 60}, {"mst", -7 * 60}, {"mdt", -6 * 60}, {"pst", -8 * 60}, {"pdt", -7 * 60},
};

#define TRY_CFWS(c, ws)                                                                            \
    do {                                                                                           \
        amc_code r_ = skip_cfws((c), (ws));                                                        \
        if (r_)                                                                                    \
            return r_;                                                                             \
    } while (0)

/* Two-digit time field (hour/minute/second): exactly two digits. */
static int two_digits(cur *c, int *v)
{
    size_t st = c->i;
    size_t n = number(c, v);
    if (n != 2) {
        c->i = st;
        return 0;
    }
    return 1;
}

/* Parses the syntax; leaves range checks to the caller. zone_h/zone_m are the numeric zone's
 * parts (-1 when alphabetic). */
static amc_code rfc5322_syntax(cur *c, amc_datetime *dt, int *zone_h, int *zone_m)
{
    int ws = 0, v = 0, k = 0;
    size_t n = 0, st = 0;
    TRY_CFWS(c, &ws);
    /* [day-of-week ","] */
    st = c->i;
    n = word(c);
    if (n) {
        k = find_name(c->s + st, n, day_names, 7);
        if (k < 0)
            return AMC_C_DATE_WEEKDAY_NAME;
        dt->weekday = k;
        TRY_CFWS(c, &ws);
        if (!accept(c, ','))
            return unexpected(c);
        TRY_CFWS(c, &ws);
    }
    /* day */
    n = number(c, &v);
    if (n < 1 || n > 2)
        return n ? AMC_C_DATE_SYNTAX : unexpected(c);
    dt->day = v;
    TRY_CFWS(c, &ws);
    /* month */
    st = c->i;
    n = word(c);
    if (!n)
        return unexpected(c);
    k = find_name(c->s + st, n, month_names, 12);
    if (k < 0)
        return AMC_C_DATE_MONTH_NAME;
    dt->month = k + 1;
    TRY_CFWS(c, &ws);
    /* year: 4*DIGIT, or obs-year 2*DIGIT */
    n = number(c, &v);
    if (n < 2)
        return n ? AMC_C_DATE_SYNTAX : unexpected(c);
    if (n == 2)
        v += v < 50 ? 2000 : 1900;
    else if (n == 3)
        v += 1900;
    else if (n > 9)
        v = 999999999;
    dt->year = v;
    TRY_CFWS(c, &ws);
    /* hour ":" minute [":" second] */
    if (!two_digits(c, &dt->hour))
        return unexpected(c);
    dt->has_time = true;
    TRY_CFWS(c, &ws);
    if (!accept(c, ':'))
        return unexpected(c);
    TRY_CFWS(c, &ws);
    if (!two_digits(c, &dt->minute))
        return unexpected(c);
    TRY_CFWS(c, &ws);
    if (accept(c, ':')) {
        TRY_CFWS(c, &ws);
        if (!two_digits(c, &dt->second))
            return unexpected(c);
        TRY_CFWS(c, &ws);
    }
    /* zone */
    if (c->i == c->len)
        return AMC_C_DATE_OFFSET_MISSING;
    if (c->s[c->i] == '+' || c->s[c->i] == '-') {
        int neg = c->s[c->i] == '-';
        if (!ws)
            return AMC_C_DATE_SYNTAX; /* FWS is required before a numeric zone */
        c->i++;
        st = c->i;
        n = number(c, &v);
        if (n != 4)
            return n ? AMC_C_DATE_OFFSET : (c->i < c->len ? unexpected(c) : AMC_C_DATE_OFFSET);
        *zone_h = v / 100;
        *zone_m = v % 100;
        dt->offset_min = (neg ? -1 : 1) * (*zone_h * 60 + *zone_m);
        dt->utc_unknown = neg && v == 0;
    } else if (is_alpha(c->s[c->i])) {
        st = c->i;
        n = word(c);
        if (n == 1) {
            unsigned char z = lower(c->s[st]);
            if (z == 'j')
                return AMC_C_DATE_ZONE_UNKNOWN;
            dt->offset_min = 0;
            dt->utc_unknown = true; /* 4.3: military zones are treated as -0000 */
        } else {
            size_t z = 0;
            for (z = 0; z < sizeof zone_names / sizeof zone_names[0]; z++)
                if (name_eq(c->s + st, n, zone_names[z].name))
                    break;
            if (z == sizeof zone_names / sizeof zone_names[0])
                return AMC_C_DATE_ZONE_UNKNOWN;
            dt->offset_min = zone_names[z].offset_min;
        }
    } else {
        return unexpected(c);
    }
    dt->has_offset = true;
    TRY_CFWS(c, &ws);
    if (c->i != c->len)
        return c->s[c->i] >= 0x80 ? AMC_C_DATE_NON_ASCII : AMC_C_DATE_TRAILING;
    return (amc_code)0;
}

amc_code amc_rfc5322_date(const char *s, size_t len, amc_datetime *out, amc_code *warning)
{
    amc_datetime tmp;
    amc_datetime *dt = out ? out : &tmp;
    cur c = {(const unsigned char *)s, len, 0};
    int zone_h = -1, zone_m = -1;
    amc_code r = (amc_code)0;
    if (warning)
        *warning = (amc_code)0;
    dt_init(dt);
    r = rfc5322_syntax(&c, dt, &zone_h, &zone_m);
    if (r)
        return r;
    if (dt->year < 1900 || dt->year > 9999)
        return AMC_C_DATE_YEAR_RANGE;
    if (dt->day < 1 || dt->day > days_in_month(dt->year, dt->month))
        return AMC_C_DATE_DAY_RANGE;
    if (dt->hour > 23)
        return AMC_C_DATE_HOUR_RANGE;
    if (dt->minute > 59)
        return AMC_C_DATE_MINUTE_RANGE;
    if (dt->second > 60)
        return AMC_C_DATE_SECOND_RANGE;
    if (zone_h > 23 || zone_m > 59)
        return AMC_C_DATE_OFFSET;
    r = check_leap(dt);
    if (r)
        return r;
    if (dt->weekday >= 0) {
        int64_t wd = floor_mod(days_from_civil(dt->year, dt->month, dt->day) + 4, 7);
        if (wd != dt->weekday && warning)
            *warning = AMC_C_DATE_WEEKDAY_MISMATCH;
    }
    return (amc_code)0;
}
