/*
 * test_date.c - RFC 3339 (date-time, date, time) and RFC 5322 date parsing, amc_datetime_unix.
 *
 * Sources of the edge cases: RFC 3339 section 5.6 and its NOTE; RFC 5322 sections 3.3 and 4.3
 * and the examples of its Appendix A (A.1.1, A.5, A.6.2, A.6.3); Python's
 * email.utils.formatdate output (what IGNITE writes); the IGNITE seed's example Date header.
 * The JSON-Schema-Test-Suite files draft2020-12/optional/format/{date-time,date,time}.json are
 * the acceptance test: every case is loaded and checked (skipped with a message if absent).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "slurp.h"

#define NONE ((amc_code)0)

/* expected fields of a valid result; year 0 means "do not check the fields" */
typedef struct want_dt {
    int year, month, day, hour, minute, second;
    uint32_t nanos;
    int frac_digits, offset_min;
    int utc_unknown;
} want_dt;

static void check_fields(const char *name, const amc_datetime *dt, const want_dt *w)
{
    if (!w->year)
        return;
    if (dt->year != w->year || dt->month != w->month || dt->day != w->day || dt->hour != w->hour ||
        dt->minute != w->minute || dt->second != w->second || dt->nanos != w->nanos ||
        dt->frac_digits != w->frac_digits || dt->offset_min != w->offset_min ||
        (int)dt->utc_unknown != w->utc_unknown)
        fail_msg("%s: got %04d-%02d-%02d %02d:%02d:%02d ns=%u fd=%d off=%d unk=%d", name, dt->year,
                 dt->month, dt->day, dt->hour, dt->minute, dt->second, dt->nanos, dt->frac_digits,
                 dt->offset_min, (int)dt->utc_unknown);
}

/* ---- RFC 3339 date-time ---- */

static const struct tcase3339 {
    const char *name;
    const char *in;
    size_t len; /* 0: strlen(in) */
    amc_code want;
    want_dt f;
} dt_cases[] = {
    {"basic with fraction",
     "1963-06-19T08:30:06.283185Z",
     0,
     NONE,
     {1963, 6, 19, 8, 30, 6, 283185000, 6, 0, 0}},
    {"no fraction", "1963-06-19T08:30:06Z", 0, NONE, {1963, 6, 19, 8, 30, 6, 0, 0, 0, 0}},
    {"lower case t and z (5.6 NOTE)",
     "1963-06-19t08:30:06.283185z",
     0,
     NONE,
     {1963, 6, 19, 8, 30, 6, 283185000, 6, 0, 0}},
    {"plus offset",
     "1937-01-01T12:00:27.87+00:20",
     0,
     NONE,
     {1937, 1, 1, 12, 0, 27, 870000000, 2, 20, 0}},
    {"minus offset",
     "1990-12-31T15:59:50.123-08:00",
     0,
     NONE,
     {1990, 12, 31, 15, 59, 50, 123000000, 3, -480, 0}},
    {"unknown local offset -00:00",
     "2020-01-01T00:00:00-00:00",
     0,
     NONE,
     {2020, 1, 1, 0, 0, 0, 0, 0, 0, 1}},
    {"+00:00 is known", "2020-01-01T00:00:00+00:00", 0, NONE, {2020, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
    {"leap second UTC", "1998-12-31T23:59:60Z", 0, NONE, {1998, 12, 31, 23, 59, 60, 0, 0, 0, 0}},
    {"leap second -08:00",
     "1998-12-31T15:59:60.123-08:00",
     0,
     NONE,
     {1998, 12, 31, 15, 59, 60, 123000000, 3, -480, 0}},
    {"leap second +01:00 next day",
     "1999-01-01T00:59:60+01:00",
     0,
     NONE,
     {1999, 1, 1, 0, 59, 60, 0, 0, 60, 0}},
    {"fifteen nines truncated",
     "1985-04-12T00:59:59.999999999999999Z",
     0,
     NONE,
     {1985, 4, 12, 0, 59, 59, 999999999, 15, 0, 0}},
    {"one fraction digit",
     "1985-04-12T00:59:59.5Z",
     0,
     NONE,
     {1985, 4, 12, 0, 59, 59, 500000000, 1, 0, 0}},
    {"year 0000", "0000-01-01T00:00:00Z", 0, NONE, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {"Feb 29 in 2000", "2000-02-29T00:00:00Z", 0, NONE, {2000, 2, 29, 0, 0, 0, 0, 0, 0, 0}},
    {"second 61", "1998-12-31T23:59:61Z", 0, AMC_C_DATE_SECOND_RANGE, {0}},
    {"leap on wrong minute", "1998-12-31T23:58:60Z", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"leap on wrong hour", "1998-12-31T22:59:60Z", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"leap with wrong offset", "1998-12-31T23:59:60+01:00", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"hour 24", "1990-12-31T24:00:00Z", 0, AMC_C_DATE_HOUR_RANGE, {0}},
    {"hour 24 with leap second", "2016-12-31T24:59:60+01:00", 0, AMC_C_DATE_HOUR_RANGE, {0}},
    {"minute 60", "1990-12-31T15:60:00Z", 0, AMC_C_DATE_MINUTE_RANGE, {0}},
    {"month 13", "1990-13-01T00:00:00Z", 0, AMC_C_DATE_MONTH_RANGE, {0}},
    {"month 00", "1990-00-01T00:00:00Z", 0, AMC_C_DATE_MONTH_RANGE, {0}},
    {"Feb 31", "1990-02-31T15:59:59.123-08:00", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"Feb 29 in 1900", "1900-02-29T00:00:00Z", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"day 00", "1990-01-00T00:00:00Z", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"offset hour 24", "1990-12-31T15:59:59-24:00", 0, AMC_C_DATE_OFFSET, {0}},
    {"offset minute 60", "1990-12-31T10:00:00+10:60", 0, AMC_C_DATE_OFFSET, {0}},
    {"offset without minutes", "1985-04-12T23:20:50+01", 0, AMC_C_DATE_OFFSET, {0}},
    {"offset hhmm", "1985-04-12T23:20:50+0100", 0, AMC_C_DATE_OFFSET, {0}},
    {"offset one-digit hour", "1985-04-12T23:20:50-8:00", 0, AMC_C_DATE_OFFSET, {0}},
    {"no offset", "1985-04-12T23:20:50", 0, AMC_C_DATE_OFFSET_MISSING, {0}},
    {"no offset after fraction", "1985-04-12T23:20:50.5", 0, AMC_C_DATE_OFFSET_MISSING, {0}},
    {"offset indicator #", "1985-04-12T23:20:50#01:00", 0, AMC_C_DATE_SYNTAX, {0}},
    {"space separator (5.6 NOTE, rejected)", "1985-04-12 23:20:50Z", 0, AMC_C_DATE_SEPARATOR, {0}},
    {"date only", "1985-04-12", 0, AMC_C_DATE_SYNTAX, {0}},
    {"Z after offset", "1963-06-19T08:30:06.28123+01:00Z", 0, AMC_C_DATE_TRAILING, {0}},
    {"offset after Z", "1963-06-19T08:30:06Z+01:00", 0, AMC_C_DATE_TRAILING, {0}},
    {"trailing newline", "1985-04-12T23:20:50Z\n", 0, AMC_C_DATE_TRAILING, {0}},
    {"trailing space", "1985-04-12T23:20:50Z ", 0, AMC_C_DATE_TRAILING, {0}},
    {"trailing NUL", "1985-04-12T23:20:50Z\0", 21, AMC_C_DATE_TRAILING, {0}},
    {"NUL inside", "1985-04-12T23:2\0:50Z", 20, AMC_C_DATE_SYNTAX, {0}},
    {"leading space", " 1985-04-12T23:20:50Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"empty", "", 0, AMC_C_DATE_SYNTAX, {0}},
    {"fraction without digits", "1985-04-12T23:20:50.Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"comma fraction", "1985-04-12T23:20:50,5Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"ordinal date (ISO 8601)", "2013-350T01:01:01", 0, AMC_C_DATE_SYNTAX, {0}},
    {"non-padded month", "1963-6-19T08:30:06.283185Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"non-padded day", "1963-06-1T08:30:06.283185Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"extended year", "+11963-06-19T08:30:06.283185Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"no seconds", "1963-06-19T08:30Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"US format", "06/19/1963 08:30:06 PST", 0, AMC_C_DATE_SYNTAX, {0}},
    {"Bengali digit in date", "1963-06-1\xe0\xa7\xaaT00:00:00Z", 0, AMC_C_DATE_NON_ASCII, {0}},
    {"Bengali digit in time", "1963-06-11T0\xe0\xa7\xaa:00:00Z", 0, AMC_C_DATE_NON_ASCII, {0}},
    {"fullwidth digit", "\xef\xbc\x91\x39\x36\x33-06-19T08:30:06Z", 0, AMC_C_DATE_NON_ASCII, {0}},
};

static void test_rfc3339_datetime(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof dt_cases / sizeof dt_cases[0]; i++) {
        const struct tcase3339 *c = &dt_cases[i];
        amc_datetime dt;
        size_t len = c->len ? c->len : strlen(c->in);
        amc_code got = amc_rfc3339_datetime(c->in, len, &dt);
        if (got != c->want)
            fail_msg("%s: got %s want %s", c->name, amc_code_id(got) ? amc_code_id(got) : "0",
                     amc_code_id(c->want) ? amc_code_id(c->want) : "0");
        if (!got) {
            check_fields(c->name, &dt, &c->f);
            if (!dt.has_time || !dt.has_offset || dt.weekday != -1)
                fail_msg("%s: has_time/has_offset/weekday", c->name);
        }
        /* out may be NULL */
        if (amc_rfc3339_datetime(c->in, len, NULL) != got)
            fail_msg("%s: NULL out changes the result", c->name);
    }
}

static const struct tcase3339 date_cases[] = {
    {"valid", "1963-06-19", 0, NONE, {1963, 6, 19, 0, 0, 0, 0, 0, 0, 0}},
    {"Feb 29 leap year", "2020-02-29", 0, NONE, {2020, 2, 29, 0, 0, 0, 0, 0, 0, 0}},
    {"Feb 29 in 0400", "0400-02-29", 0, NONE, {400, 2, 29, 0, 0, 0, 0, 0, 0, 0}},
    {"year 0001", "0001-01-01", 0, NONE, {1, 1, 1, 0, 0, 0, 0, 0, 0, 0}},
    {"Julian-Gregorian gap", "1582-10-10", 0, NONE, {1582, 10, 10, 0, 0, 0, 0, 0, 0, 0}},
    {"Feb 29 in 2021", "2021-02-29", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"Feb 29 in 2100", "2100-02-29", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"Feb 29 in 0100", "0100-02-29", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"Apr 31", "2020-04-31", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"Jan 32", "2020-01-32", 0, AMC_C_DATE_DAY_RANGE, {0}},
    {"month 00", "2024-00-15", 0, AMC_C_DATE_MONTH_RANGE, {0}},
    {"month 13", "1998-13-01", 0, AMC_C_DATE_MONTH_RANGE, {0}},
    {"with time", "2020-11-28T23:55:45Z", 0, AMC_C_DATE_TRAILING, {0}},
    {"trailing Z", "2020-01-01Z", 0, AMC_C_DATE_TRAILING, {0}},
    {"trailing NUL", "2020-01-01\0", 11, AMC_C_DATE_TRAILING, {0}},
    {"trailing space", "2024-01-15 ", 0, AMC_C_DATE_TRAILING, {0}},
    {"leading space", " 2024-01-15", 0, AMC_C_DATE_SYNTAX, {0}},
    {"five-digit year", "12020-01-01", 0, AMC_C_DATE_SYNTAX, {0}},
    {"two-digit year", "20-01-01", 0, AMC_C_DATE_SYNTAX, {0}},
    {"year beyond int32", "2147483648-01-01", 0, AMC_C_DATE_SYNTAX, {0}},
    {"three-digit month", "2020-001-01", 0, AMC_C_DATE_SYNTAX, {0}},
    {"YYYYMMDD", "20230328", 0, AMC_C_DATE_SYNTAX, {0}},
    {"week date", "2023-W13-2", 0, AMC_C_DATE_SYNTAX, {0}},
    {"colon after digit", "2020-01-0:", 0, AMC_C_DATE_SYNTAX, {0}},
    {"empty", "", 0, AMC_C_DATE_SYNTAX, {0}},
    {"en dash",
     "2020\xe2\x80\x93"
     "01\xe2\x80\x93"
     "01",
     0,
     AMC_C_DATE_NON_ASCII,
     {0}},
    {"Bengali digit in month", "2020-0\xe0\xa7\xaa-01", 0, AMC_C_DATE_NON_ASCII, {0}},
};

static void test_rfc3339_date(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof date_cases / sizeof date_cases[0]; i++) {
        const struct tcase3339 *c = &date_cases[i];
        amc_datetime dt;
        size_t len = c->len ? c->len : strlen(c->in);
        amc_code got = amc_rfc3339_date(c->in, len, &dt);
        if (got != c->want)
            fail_msg("%s: got %s want %s", c->name, amc_code_id(got) ? amc_code_id(got) : "0",
                     amc_code_id(c->want) ? amc_code_id(c->want) : "0");
        if (!got) {
            check_fields(c->name, &dt, &c->f);
            if (dt.has_time || dt.has_offset)
                fail_msg("%s: a date has no time", c->name);
        }
    }
}

static const struct tcase3339 time_cases[] = {
    {"valid Z", "08:30:06Z", 0, NONE, {1, 0, 0, 8, 30, 6, 0, 0, 0, 0}},
    {"fraction", "23:20:50.52Z", 0, NONE, {1, 0, 0, 23, 20, 50, 520000000, 2, 0, 0}},
    {"lower z", "08:30:06z", 0, NONE, {1, 0, 0, 8, 30, 6, 0, 0, 0, 0}},
    {"unknown offset", "12:34:56-00:00", 0, NONE, {1, 0, 0, 12, 34, 56, 0, 0, 0, 1}},
    {"leap Z", "23:59:60Z", 0, NONE, {1, 0, 0, 23, 59, 60, 0, 0, 0, 0}},
    {"leap +01:30", "01:29:60+01:30", 0, NONE, {1, 0, 0, 1, 29, 60, 0, 0, 90, 0}},
    {"leap +23:30 (previous day UTC)",
     "23:29:60+23:30",
     0,
     NONE,
     {1, 0, 0, 23, 29, 60, 0, 0, 1410, 0}},
    {"leap -23:30 (next day UTC)", "00:29:60-23:30", 0, NONE, {1, 0, 0, 0, 29, 60, 0, 0, -1410, 0}},
    {"leap wrong hour", "22:59:60Z", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"leap wrong minute +00:00", "23:58:60+00:00", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"leap wrong offset", "23:59:60-00:30", 0, AMC_C_DATE_LEAP_SECOND, {0}},
    {"second 61", "00:00:61Z", 0, AMC_C_DATE_SECOND_RANGE, {0}},
    {"hour 24", "24:00:00Z", 0, AMC_C_DATE_HOUR_RANGE, {0}},
    {"minute 60", "00:60:00Z", 0, AMC_C_DATE_MINUTE_RANGE, {0}},
    {"offset +24:00", "01:02:03+24:00", 0, AMC_C_DATE_OFFSET, {0}},
    {"offset -8:000", "08:30:06-8:000", 0, AMC_C_DATE_OFFSET, {0}},
    {"no offset", "12:00:00", 0, AMC_C_DATE_OFFSET_MISSING, {0}},
    {"no offset with fraction", "12:00:00.52", 0, AMC_C_DATE_OFFSET_MISSING, {0}},
    {"Z then offset", "01:02:03Z+00:30", 0, AMC_C_DATE_TRAILING, {0}},
    {"PST", "08:30:06 PST", 0, AMC_C_DATE_SYNTAX, {0}},
    {"three-digit fields", "008:030:006Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"one-digit fields", "8:3:6Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"letters", "ab:cd:ef", 0, AMC_C_DATE_SYNTAX, {0}},
    {"a date-time", "2020-11-28T23:55:45Z", 0, AMC_C_DATE_SYNTAX, {0}},
    {"Bengali digit", "1\xe0\xa7\xa8:00:00Z", 0, AMC_C_DATE_NON_ASCII, {0}},
};

static void test_rfc3339_time(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof time_cases / sizeof time_cases[0]; i++) {
        const struct tcase3339 *c = &time_cases[i];
        amc_datetime dt;
        size_t len = c->len ? c->len : strlen(c->in);
        amc_code got = amc_rfc3339_time(c->in, len, &dt);
        if (got != c->want)
            fail_msg("%s: got %s want %s", c->name, amc_code_id(got) ? amc_code_id(got) : "0",
                     amc_code_id(c->want) ? amc_code_id(c->want) : "0");
        if (!got) {
            want_dt w = c->f;
            /* the date part of a time is zero */
            w.year = 0;
            if (dt.year || dt.month || dt.day)
                fail_msg("%s: a time has no date", c->name);
            w.year = 1;
            dt.year = 1;
            check_fields(c->name, &dt, &w);
            if (!dt.has_time || !dt.has_offset)
                fail_msg("%s: has_time/has_offset", c->name);
        }
    }
}

/* ---- RFC 5322 ---- */

static const struct tcase5322 {
    const char *name;
    const char *in;
    amc_code want;
    amc_code want_warning;
    want_dt f;
    int weekday;
} r5322_cases[] = {
    {"formatdate +0000",
     "Sun, 22 Nov 2026 06:50:43 +0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"formatdate -0000 (usegmt=False, UTC)",
     "Sun, 22 Nov 2026 06:50:43 -0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 1},
     0},
    {"formatdate localtime +0900",
     "Sun, 22 Nov 2026 15:50:43 +0900",
     NONE,
     NONE,
     {2026, 11, 22, 15, 50, 43, 0, 0, 540, 0},
     0},
    {"IGNITE seed example: Feb 10 2026 is a Tuesday",
     "Mon, 10 Feb 2026 12:00:00 +0900",
     NONE,
     AMC_C_DATE_WEEKDAY_MISMATCH,
     {2026, 2, 10, 12, 0, 0, 0, 0, 540, 0},
     1},
    {"formatdate usegmt",
     "Sun, 22 Nov 2026 06:50:43 GMT",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"RFC 5322 A.1.1",
     "Fri, 21 Nov 1997 09:55:06 -0600",
     NONE,
     NONE,
     {1997, 11, 21, 9, 55, 6, 0, 0, -360, 0},
     5},
    {"RFC 5322 A.3 one-digit day",
     "Tue, 1 Jul 2003 10:52:37 +0200",
     NONE,
     NONE,
     {2003, 7, 1, 10, 52, 37, 0, 0, 120, 0},
     2},
    {"RFC 5322 A.5 folded with comment",
     "Thu,\r\n      13\r\n        Feb\r\n          1969\r\n      23:32\r\n"
     "               -0330 (Newfoundland Time)",
     NONE,
     NONE,
     {1969, 2, 13, 23, 32, 0, 0, 0, -210, 0},
     4},
    {"RFC 5322 A.6.2 two-digit year, GMT",
     "21 Nov 97 09:55:06 GMT",
     NONE,
     NONE,
     {1997, 11, 21, 9, 55, 6, 0, 0, 0, 0},
     -1},
    {"no day-of-week",
     "22 Nov 2026 06:50:43 +0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     -1},
    {"no seconds",
     "Sun, 22 Nov 2026 06:50 +0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 0, 0, 0, 0, 0},
     0},
    {"LF folding",
     "Sun, 22 Nov 2026\n 06:50:43 +0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"tabs",
     "Sun,\t22\tNov\t2026\t06:50:43\t+0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"comments everywhere",
     "(a) Sun (b) , (c) 22 (d) Nov (e) 2026 (f) 06 (g) : (h) 50 : 43 "
     "+0000 (i)",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"nested comment and quoted-pair",
     "Sun, 22 Nov 2026 06:50:43 +0000 (a (b \\) c) d)",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"UTF-8 comment (RFC 6532)",
     "Sun, 22 Nov 2026 06:50:43 +0900 (\xe6\x9d\xb1\xe4\xba\xac)",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 540, 0},
     0},
    {"no space before month (obs-day)",
     "22Nov2026 06:50:43 +0000",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     -1},
    {"lower case names",
     "sun, 22 nov 2026 06:50:43 gmt",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"upper case names",
     "SUN, 22 NOV 2026 06:50:43 UT",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     0},
    {"alphabetic zone right after time (obs-zone)",
     "22 Nov 2026 06:50:43GMT",
     NONE,
     NONE,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     -1},
    {"two-digit year 49 -> 2049",
     "1 Jan 49 00:00 +0000",
     NONE,
     NONE,
     {2049, 1, 1, 0, 0, 0, 0, 0, 0, 0},
     -1},
    {"two-digit year 50 -> 1950",
     "1 Jan 50 00:00 +0000",
     NONE,
     NONE,
     {1950, 1, 1, 0, 0, 0, 0, 0, 0, 0},
     -1},
    {"three-digit year 126 -> 2026",
     "1 Jan 126 00:00 +0000",
     NONE,
     NONE,
     {2026, 1, 1, 0, 0, 0, 0, 0, 0, 0},
     -1},
    {"EST", "1 Jan 2026 00:00 EST", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -300, 0}, -1},
    {"EDT", "1 Jan 2026 00:00 EDT", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -240, 0}, -1},
    {"CST", "1 Jan 2026 00:00 CST", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -360, 0}, -1},
    {"CDT", "1 Jan 2026 00:00 CDT", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -300, 0}, -1},
    {"MST", "1 Jan 2026 00:00 MST", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -420, 0}, -1},
    {"MDT", "1 Jan 2026 00:00 MDT", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -360, 0}, -1},
    {"PST", "1 Jan 2026 00:00 PST", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -480, 0}, -1},
    {"PDT", "1 Jan 2026 00:00 PDT", NONE, NONE, {2026, 1, 1, 0, 0, 0, 0, 0, -420, 0}, -1},
    {"military Z is -0000",
     "1 Jan 2026 00:00 Z",
     NONE,
     NONE,
     {2026, 1, 1, 0, 0, 0, 0, 0, 0, 1},
     -1},
    {"military a is -0000",
     "1 Jan 2026 00:00 a",
     NONE,
     NONE,
     {2026, 1, 1, 0, 0, 0, 0, 0, 0, 1},
     -1},
    {"leap second +0000",
     "Thu, 31 Dec 1998 23:59:60 +0000",
     NONE,
     NONE,
     {1998, 12, 31, 23, 59, 60, 0, 0, 0, 0},
     4},
    {"leap second -0800",
     "Thu, 31 Dec 1998 15:59:60 -0800",
     NONE,
     NONE,
     {1998, 12, 31, 15, 59, 60, 0, 0, -480, 0},
     4},
    {"weekday mismatch",
     "Mon, 22 Nov 2026 06:50:43 +0000",
     NONE,
     AMC_C_DATE_WEEKDAY_MISMATCH,
     {2026, 11, 22, 6, 50, 43, 0, 0, 0, 0},
     1},
    {"military J", "1 Jan 2026 00:00 J", AMC_C_DATE_ZONE_UNKNOWN, NONE, {0}, 0},
    {"unknown zone", "1 Jan 2026 00:00 CET", AMC_C_DATE_ZONE_UNKNOWN, NONE, {0}, 0},
    {"numeric zone without space", "1 Jan 2026 00:00+0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"numeric zone after comment only",
     "1 Jan 2026 00:00(c)+0000",
     AMC_C_DATE_SYNTAX,
     NONE,
     {0},
     0},
    {"zone minutes 60", "1 Jan 2026 00:00 +0960", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"zone hours 24", "1 Jan 2026 00:00 +2400", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"zone 3 digits", "1 Jan 2026 00:00 +100", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"zone 5 digits", "1 Jan 2026 00:00 +01000", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"zone hh:mm", "1 Jan 2026 00:00 +01:00", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"zone sign only", "1 Jan 2026 00:00 +", AMC_C_DATE_OFFSET, NONE, {0}, 0},
    {"no zone", "Sun, 22 Nov 2026 06:50:43", AMC_C_DATE_OFFSET_MISSING, NONE, {0}, 0},
    {"day 31 Nov", "31 Nov 2026 06:50:43 +0000", AMC_C_DATE_DAY_RANGE, NONE, {0}, 0},
    {"Feb 29 2025", "29 Feb 2025 06:50:43 +0000", AMC_C_DATE_DAY_RANGE, NONE, {0}, 0},
    {"day 0", "0 Feb 2025 06:50:43 +0000", AMC_C_DATE_DAY_RANGE, NONE, {0}, 0},
    {"hour 24", "1 Feb 2025 24:00:00 +0000", AMC_C_DATE_HOUR_RANGE, NONE, {0}, 0},
    {"minute 60", "1 Feb 2025 23:60:00 +0000", AMC_C_DATE_MINUTE_RANGE, NONE, {0}, 0},
    {"second 61", "1 Feb 2025 23:59:61 +0000", AMC_C_DATE_SECOND_RANGE, NONE, {0}, 0},
    {"leap second at noon", "1 Feb 2025 12:00:60 +0000", AMC_C_DATE_LEAP_SECOND, NONE, {0}, 0},
    {"year 1899", "1 Feb 1899 12:00:00 +0000", AMC_C_DATE_YEAR_RANGE, NONE, {0}, 0},
    {"year 10000", "1 Feb 10000 12:00:00 +0000", AMC_C_DATE_YEAR_RANGE, NONE, {0}, 0},
    {"huge year", "1 Feb 99999999999999999999 12:00:00 +0000", AMC_C_DATE_YEAR_RANGE, NONE, {0}, 0},
    {"one-digit year", "1 Feb 9 12:00:00 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"three-digit day", "001 Feb 2025 12:00:00 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"one-digit hour", "1 Feb 2025 1:00:00 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"unknown weekday", "Foo, 1 Feb 2025 12:00:00 +0000", AMC_C_DATE_WEEKDAY_NAME, NONE, {0}, 0},
    {"full weekday name",
     "Sunday, 22 Nov 2026 06:50:43 +0000",
     AMC_C_DATE_WEEKDAY_NAME,
     NONE,
     {0},
     0},
    {"missing comma", "Sun 22 Nov 2026 06:50:43 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"unknown month", "22 Noo 2026 06:50:43 +0000", AMC_C_DATE_MONTH_NAME, NONE, {0}, 0},
    {"numeric month", "22 11 2026 06:50:43 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"unterminated comment", "22 Nov 2026 06:50:43 +0000 (x", AMC_C_DATE_COMMENT, NONE, {0}, 0},
    {"unterminated nested comment",
     "22 Nov 2026 06:50:43 +0000 (x (y)",
     AMC_C_DATE_COMMENT,
     NONE,
     {0},
     0},
    {"invalid UTF-8 in comment",
     "22 Nov 2026 06:50:43 +0000 (\xff)",
     AMC_C_DATE_COMMENT,
     NONE,
     {0},
     0},
    {"stray close paren", "22 Nov 2026 06:50:43 +0000 )", AMC_C_DATE_TRAILING, NONE, {0}, 0},
    {"trailing garbage", "22 Nov 2026 06:50:43 +0000 x", AMC_C_DATE_TRAILING, NONE, {0}, 0},
    {"bare CR", "22 Nov 2026\r06:50:43 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"CRLF without WSP", "22 Nov 2026\r\n06:50:43 +0000", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"Bengali digit", "2\xe0\xa7\xa8 Nov 2026 06:50:43 +0000", AMC_C_DATE_NON_ASCII, NONE, {0}, 0},
    {"empty", "", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
    {"RFC 3339 form", "2026-11-22T06:50:43Z", AMC_C_DATE_SYNTAX, NONE, {0}, 0},
};

static void test_rfc5322_date(void **state)
{
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof r5322_cases / sizeof r5322_cases[0]; i++) {
        const struct tcase5322 *c = &r5322_cases[i];
        amc_datetime dt;
        amc_code warn = (amc_code)12345;
        amc_code got = amc_rfc5322_date(c->in, strlen(c->in), &dt, &warn);
        if (got != c->want)
            fail_msg("%s: got %s want %s", c->name, amc_code_id(got) ? amc_code_id(got) : "0",
                     amc_code_id(c->want) ? amc_code_id(c->want) : "0");
        if (got)
            continue;
        if (warn != c->want_warning)
            fail_msg("%s: warning %d want %d", c->name, (int)warn, (int)c->want_warning);
        check_fields(c->name, &dt, &c->f);
        if (dt.weekday != c->weekday || !dt.has_time || !dt.has_offset)
            fail_msg("%s: weekday %d want %d", c->name, dt.weekday, c->weekday);
        /* warning may be NULL, out may be NULL */
        if (amc_rfc5322_date(c->in, strlen(c->in), NULL, NULL) != got)
            fail_msg("%s: NULL arguments change the result", c->name);
    }
}

/* Edges of RFC 5322 dates, with explicit lengths. The date is s[0..len): a line break at the end
 * is no fold even when the bytes after len (never read) are white space. Comments nest, hold
 * quoted pairs (obs-qp allows "\" NUL; a quoted UTF-8 character is one pair) and folds. */
static void test_rfc5322_edges(void **state)
{
    static const struct {
        const char *name, *buf;
        size_t len; /* 0: strlen */
        amc_code want;
    } cases[] = {
        {"CRLF at len, WSP after", "Tue, 10 Feb 2026 12:11:00 +0900\r\n x", 33,
         AMC_C_DATE_TRAILING},
        {"LF at len, WSP after", "Tue, 10 Feb 2026 12:11:00 +0900\n x", 32, AMC_C_DATE_TRAILING},
        {"CRLF WSP inside len", "Tue, 10 Feb 2026 12:11:00 +0900\r\n x", 34, 0},
        {"fold before the zone", "Tue, 10 Feb 2026 12:11:00\r\n +0900", 33, 0},
        {"comment cut after CRLF", "Tue, 10 Feb 2026 (x\r\n y) 12:11:00 +0900", 21,
         AMC_C_DATE_COMMENT},
        {"comment with a fold", "Tue, 10 Feb 2026 (x\r\n y) 12:11:00 +0900", 0, 0},
        {"comment, line break without WSP", "Tue, 10 Feb 2026 (x\r\ny) 12:11:00 +0900", 0,
         AMC_C_DATE_COMMENT},
        {"nested comments", "Tue, 10 Feb 2026 12:11:00 +0900 (a (b) c)", 0, 0},
        {"quoted ) in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (a\\)b)", 0, 0},
        {"quoted NUL in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (a\\\0b)", 38, 0},
        {"quoted UTF-8 in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (\\\xc3\xa9)", 0, 0},
        {"quoted bad UTF-8 in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (\\\xff)", 0,
         AMC_C_DATE_COMMENT},
        {"backslash ends the comment text", "Tue, 10 Feb 2026 12:11:00 +0900 (a\\", 0,
         AMC_C_DATE_COMMENT},
        {"NUL in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (a\0b)", 37, AMC_C_DATE_COMMENT},
        {"UTF-8 in a comment", "Tue, 10 Feb 2026 12:11:00 +0900 (\xe6\x97\xa5)", 0, 0},
        {"comment between hour and minute", "10 Feb 2026 12 (h) : (m) 11 +0900", 0, 0},
        {"no ':' after the hour", "10 Feb 2026 12 11 +0900", 0, AMC_C_DATE_SYNTAX},
        {"one-digit minute", "10 Feb 2026 12:1 +0900", 0, AMC_C_DATE_SYNTAX},
        {"one-digit second", "10 Feb 2026 12:11:0 +0900", 0, AMC_C_DATE_SYNTAX},
        {"non-ASCII instead of the minute", "10 Feb 2026 12:\xc3\xa9 +0900", 0,
         AMC_C_DATE_NON_ASCII},
        {"zone is punctuation", "10 Feb 2026 12:11:00 *", 0, AMC_C_DATE_SYNTAX},
        {"zone is non-ASCII", "10 Feb 2026 12:11:00 \xc3\xa9", 0, AMC_C_DATE_NON_ASCII},
        {"sign without digits", "10 Feb 2026 12:11:00 +", 0, AMC_C_DATE_OFFSET},
        {"sign then a letter", "10 Feb 2026 12:11:00 +x", 0, AMC_C_DATE_SYNTAX},
        {"zone without FWS", "10 Feb 2026 12:11:00+0900", 0, AMC_C_DATE_SYNTAX},
        {"three-digit zone", "10 Feb 2026 12:11:00 +090", 0, AMC_C_DATE_OFFSET},
        {"military zone J", "10 Feb 2026 12:11:00 J", 0, AMC_C_DATE_ZONE_UNKNOWN},
        {"military zone z", "10 Feb 2026 12:11:00 z", 0, 0},
        {"unknown zone name", "10 Feb 2026 12:11:00 CEST", 0, AMC_C_DATE_ZONE_UNKNOWN},
        {"zone name any case", "10 Feb 2026 12:11:00 pdt", 0, 0},
        {"non-ASCII after the date", "10 Feb 2026 12:11:00 +0900 \xc3\xa9", 0,
         AMC_C_DATE_NON_ASCII},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_datetime dt;
        size_t n = cases[i].len ? cases[i].len : strlen(cases[i].buf);
        amc_code got = amc_rfc5322_date(cases[i].buf, n, &dt, NULL);
        if (got != cases[i].want)
            fail_msg("%s: got %s want %s", cases[i].name, got ? amc_code_id(got) : "0",
                     cases[i].want ? amc_code_id(cases[i].want) : "0");
    }
    /* out may be NULL for every parser */
    assert_int_equal(amc_rfc3339_date("2024-02-29", 10, NULL), 0);
    assert_int_equal(amc_rfc3339_date("2023-02-29", 10, NULL), AMC_C_DATE_DAY_RANGE);
    assert_int_equal(amc_rfc3339_time("23:59:60Z", 9, NULL), 0);
    assert_int_equal(amc_rfc3339_time("24:00:00Z", 9, NULL), AMC_C_DATE_HOUR_RANGE);
}

/* ---- amc_datetime_unix ---- */

static void test_unix(void **state)
{
    static const struct {
        const char *name, *in;
        int kind; /* 0 date-time, 1 date, 2 RFC 5322 */
        int64_t want;
    } cases[] = {
        {"epoch", "1970-01-01T00:00:00Z", 0, 0},
        {"epoch with +01:00", "1970-01-01T01:00:00+01:00", 0, 0},
        {"before epoch", "1969-12-31T23:59:59Z", 0, -1},
        {"2000-03-01", "2000-03-01T00:00:00Z", 0, 951868800},
        {"leap second counts as :59", "1998-12-31T23:59:60Z", 0, 915148799},
        {"year 1", "0001-01-01T00:00:00Z", 0, -62135596800LL},
        {"fraction ignored", "1970-01-01T00:00:00.999Z", 0, 0},
        {"date at midnight UTC", "2020-02-29", 1, 1582934400},
        {"RFC 5322", "Sun, 22 Nov 2026 06:50:43 +0000", 2, 1795330243},
        {"RFC 5322 -0330", "Thu, 13 Feb 1969 23:32:54 -0330", 2, -27723426},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        amc_datetime dt;
        amc_code r = (amc_code)0;
        size_t len = strlen(cases[i].in);
        if (cases[i].kind == 0)
            r = amc_rfc3339_datetime(cases[i].in, len, &dt);
        else if (cases[i].kind == 1)
            r = amc_rfc3339_date(cases[i].in, len, &dt);
        else
            r = amc_rfc5322_date(cases[i].in, len, &dt, NULL);
        if (r)
            fail_msg("%s: parse failed %d", cases[i].name, (int)r);
        if (amc_datetime_unix(&dt) != cases[i].want)
            fail_msg("%s: got %lld want %lld", cases[i].name, (long long)amc_datetime_unix(&dt),
                     (long long)cases[i].want);
    }
}

/* ---- JSON-Schema-Test-Suite acceptance ---- */

/* the suite is committed in the repository (tests/external/JSON-Schema-Test-Suite/README.md) */
#define JSTS_FORMAT_DIR                                                                            \
    AMC_SOURCE_DIR "/tests/external/JSON-Schema-Test-Suite/tests/draft2020-12/optional/format/"

/* Runs every string case of one suite file; returns the number checked, -1 if absent. */
static long run_suite_file(const char *file, amc_code (*fn)(const char *, size_t, amc_datetime *))
{
    char path[1024];
    char *buf = NULL;
    size_t len = 0, g = 0, t = 0;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    long n = 0;
    snprintf(path, sizeof path, "%s%s", JSTS_FORMAT_DIR, file);
    buf = slurp(path, &len);
    if (!buf)
        return -1;
    ds = amc_diags_new(0);
    assert_non_null(ds);
    if (amc_json_read(buf, len, NULL, ds, &doc) != AMC_OK)
        fail_msg("%s: cannot read as JSON", path);
    root = amc_doc_root(doc);
    assert_int_equal(root->type, AMC_T_ARRAY);
    for (g = 0; g < root->u.arr.len; g++) {
        const amc_value *grp = root->u.arr.items[g];
        const amc_value *tests = amc_value_getz(grp, "tests");
        assert_non_null(tests);
        for (t = 0; t < tests->u.arr.len; t++) {
            const amc_value *tc = tests->u.arr.items[t];
            const amc_value *data = amc_value_getz(tc, "data");
            const amc_value *valid = amc_value_getz(tc, "valid");
            const amc_value *desc = amc_value_getz(tc, "description");
            amc_datetime dt;
            amc_code r = (amc_code)0;
            assert_non_null(data);
            assert_non_null(valid);
            if (data->type != AMC_T_STRING)
                continue; /* "all string formats ignore ..." */
            r = fn(data->u.str.ptr, data->u.str.len, &dt);
            if ((r == 0) != valid->u.boolean)
                fail_msg("%s: \"%s\" (%s): got %s, suite says %s", file,
                         desc ? desc->u.str.ptr : "?", data->u.str.ptr,
                         r ? amc_code_id(r) : "valid", valid->u.boolean ? "valid" : "invalid");
            n++;
        }
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
    return n;
}

static void test_json_schema_test_suite(void **state)
{
    static const struct {
        const char *file;
        amc_code (*fn)(const char *, size_t, amc_datetime *);
    } files[] = {
        {"date-time.json", amc_rfc3339_datetime},
        {"date.json", amc_rfc3339_date},
        {"time.json", amc_rfc3339_time},
    };
    size_t i = 0;
    (void)state;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        long n = run_suite_file(files[i].file, files[i].fn);
        if (n < 0)
            fail_msg("%s%s is missing (the suite is part of the repository)", JSTS_FORMAT_DIR,
                     files[i].file);
        print_message("JSON-Schema-Test-Suite %s: %ld string cases pass\n", files[i].file, n);
        assert_true(n > 10);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc3339_datetime),       cmocka_unit_test(test_rfc3339_date),
        cmocka_unit_test(test_rfc3339_time),           cmocka_unit_test(test_rfc5322_date),
        cmocka_unit_test(test_rfc5322_edges),          cmocka_unit_test(test_unix),
        cmocka_unit_test(test_json_schema_test_suite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
