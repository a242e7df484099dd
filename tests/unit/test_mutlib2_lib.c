/*
 * test_mutlib2_lib.c - library edges of src/core and src/formats whose mutants survived issue-22
 * samples (docs/testing.md "Mutation testing"), each compared with a reference over a whole
 * input space, so that any changed boundary shows:
 *   - src/core/diag.c amc_diag_vemit: a formatted message of every length from 0 to 1100 bytes is
 *     kept whole (512 bytes and more no longer fit the 512-byte stack buffer);
 *   - src/formats/date.c amc_rfc5322_date: every year, month and day at and around its bounds,
 *     every hour, minute, second and zone offset from 0 to one past its bound, and the weekday
 *     check, against the Gregorian calendar computed here;
 *   - src/formats/yaml_read.c y11_timestamp: which plain scalars YAML 1.1 readers take for a
 *     timestamp (the YAML_11_AMBIGUOUS warning), against PyYAML's resolver regex run with POSIX
 *     <regex.h>, over every one-character edit (deletion, duplication, replacement) of valid
 *     timestamps of each form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <regex.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/date.h"
#include "amc/yaml.h"

/* ---- amc_diag_vemit: messages of every length ---- */

static void test_diag_message_lengths(void **state)
{
    static char text[1101];
    size_t n = 0;
    amc_pos at = {0};
    (void)state;
    for (n = 0; n < sizeof text - 1; n++)
        text[n] = (char)('a' + n % 26);
    for (n = 0; n < sizeof text; n++) {
        amc_diags *ds = amc_diags_new(0);
        const amc_diag *d = NULL;
        char saved = text[n];
        assert_non_null(ds);
        text[n] = '\0';
        assert_int_equal(amc_diags_addf(ds, AMC_C_DATE_SYNTAX, at, "%s", text), AMC_OK);
        assert_int_equal(amc_diags_count(ds), 1);
        d = amc_diags_get(ds, 0);
        if (strlen(d->message) != n || memcmp(d->message, text, n) != 0)
            fail_msg("a message of %zu bytes came back as %zu bytes", n, strlen(d->message));
        text[n] = saved;
        amc_diags_free(ds);
    }
}

/* ---- amc_rfc5322_date against the calendar ---- */

static const char *const month_names[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
static const char *const day_names[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

static int ref_dim(int y, int m)
{
    static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : dim[m - 1];
}

/* 0 = Sunday; Sakamoto's method */
static int ref_weekday(int y, int m, int d)
{
    static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (m < 3)
        y--;
    return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

static int bad5322;

static void check5322(const char *s, amc_code want, const amc_datetime *want_dt, amc_code want_warn)
{
    amc_datetime dt;
    amc_code warn = (amc_code)0;
    amc_code got = amc_rfc5322_date(s, strlen(s), &dt, &warn);
    if (got != want) {
        fprintf(stderr, "'%s': code %d, not %d\n", s, (int)got, (int)want);
        bad5322++;
        return;
    }
    if (got)
        return;
    if (warn != want_warn) {
        fprintf(stderr, "'%s': warning %d, not %d\n", s, (int)warn, (int)want_warn);
        bad5322++;
    }
    if (want_dt &&
        (dt.year != want_dt->year || dt.month != want_dt->month || dt.day != want_dt->day ||
         dt.hour != want_dt->hour || dt.minute != want_dt->minute || dt.second != want_dt->second ||
         dt.offset_min != want_dt->offset_min || dt.weekday != want_dt->weekday ||
         dt.utc_unknown != want_dt->utc_unknown || !dt.has_offset)) {
        fprintf(stderr, "'%s': read as %d-%d-%d %d:%d:%d %+d wd %d\n", s, dt.year, dt.month, dt.day,
                dt.hour, dt.minute, dt.second, dt.offset_min, dt.weekday);
        bad5322++;
    }
}

static void test_rfc5322_calendar(void **state)
{
    static const int years[] = {1899, 1900, 1901, 1904, 1999, 2000, 2023, 2024, 2100, 9998, 9999};
    size_t yi = 0;
    int m = 0, d = 0, h = 0, mi = 0, sec = 0, wd = 0;
    char s[96];
    (void)state;
    /* dates: every day 0..32 of every month of years around each bound; with the right weekday
     * (no warning) and the next one (AMC_C_DATE_WEEKDAY_MISMATCH) */
    for (yi = 0; yi < sizeof years / sizeof years[0]; yi++) {
        int y = years[yi];
        for (m = 1; m <= 12; m++) {
            for (d = 0; d <= 32; d++) {
                bool in_range = y >= 1900 && y <= 9999;
                amc_code want = !in_range                    ? AMC_C_DATE_YEAR_RANGE
                                : d < 1 || d > ref_dim(y, m) ? AMC_C_DATE_DAY_RANGE
                                                             : (amc_code)0;
                amc_datetime w = {0};
                w.year = y;
                w.month = m;
                w.day = d;
                w.hour = 12;
                w.minute = 34;
                w.second = 56;
                w.offset_min = 0;
                w.weekday = -1;
                snprintf(s, sizeof s, "%d %s %d 12:34:56 +0000", d, month_names[m - 1], y);
                check5322(s, want, &w, (amc_code)0);
                if (want)
                    continue;
                wd = ref_weekday(y, m, d);
                w.weekday = wd;
                snprintf(s, sizeof s, "%s, %d %s %d 12:34:56 +0000", day_names[wd], d,
                         month_names[m - 1], y);
                check5322(s, (amc_code)0, &w, (amc_code)0);
                w.weekday = (wd + 1) % 7;
                snprintf(s, sizeof s, "%s, %02d %s %d 12:34:56 +0000", day_names[(wd + 1) % 7], d,
                         month_names[m - 1], y);
                check5322(s, (amc_code)0, &w, AMC_C_DATE_WEEKDAY_MISMATCH);
            }
        }
    }
    /* times: every hour 0..24, minute 0..60, second 0..61 (a leap second only at 23:59:60 UTC) */
    for (h = 0; h <= 24; h++) {
        for (mi = 0; mi <= 60; mi++) {
            for (sec = 0; sec <= 61; sec++) {
                amc_datetime w = {0};
                amc_code want = h > 23                                ? AMC_C_DATE_HOUR_RANGE
                                : mi > 59                             ? AMC_C_DATE_MINUTE_RANGE
                                : sec > 60                            ? AMC_C_DATE_SECOND_RANGE
                                : sec == 60 && !(h == 23 && mi == 59) ? AMC_C_DATE_LEAP_SECOND
                                                                      : (amc_code)0;
                w.year = 2016;
                w.month = 12;
                w.day = 31;
                w.hour = h;
                w.minute = mi;
                w.second = sec;
                w.weekday = -1;
                snprintf(s, sizeof s, "31 Dec 2016 %02d:%02d:%02d +0000", h, mi, sec);
                check5322(s, want, &w, (amc_code)0);
            }
            if (h <= 23 && mi <= 59) { /* no seconds */
                amc_datetime w = {0};
                w.year = 2016;
                w.month = 12;
                w.day = 31;
                w.hour = h;
                w.minute = mi;
                w.weekday = -1;
                snprintf(s, sizeof s, "31 Dec 2016 %02d:%02d +0000", h, mi);
                check5322(s, (amc_code)0, &w, (amc_code)0);
            }
        }
    }
    /* zones: +HHMM and -HHMM for HH 0..24, MM 0..60; the leap second moves with the offset */
    for (h = 0; h <= 24; h++) {
        for (mi = 0; mi <= 60; mi++) {
            int sign = 0;
            for (sign = -1; sign <= 1; sign += 2) {
                amc_datetime w = {0};
                bool ok = h <= 23 && mi <= 59;
                int off = sign * (h * 60 + mi);
                int lh = 0, lm = 0;
                w.year = 2016;
                w.month = 12;
                w.day = 31;
                w.hour = 1;
                w.minute = 2;
                w.second = 3;
                w.offset_min = off;
                w.weekday = -1;
                w.utc_unknown = sign < 0 && off == 0;
                snprintf(s, sizeof s, "31 Dec 2016 01:02:03 %c%02d%02d", sign < 0 ? '-' : '+', h,
                         mi);
                check5322(s, ok ? (amc_code)0 : AMC_C_DATE_OFFSET, &w, (amc_code)0);
                if (!ok)
                    continue;
                /* 23:59:60 UTC written in this zone: accepted; one minute later: refused */
                lm = ((23 * 60 + 59 + off) % 1440 + 1440) % 1440;
                lh = lm / 60;
                lm %= 60;
                w.hour = lh;
                w.minute = lm;
                w.second = 60;
                snprintf(s, sizeof s, "31 Dec 2016 %02d:%02d:60 %c%02d%02d", lh, lm,
                         sign < 0 ? '-' : '+', h, mi);
                check5322(s, (amc_code)0, &w, (amc_code)0);
                snprintf(s, sizeof s, "31 Dec 2016 %02d:%02d:60 %c%02d%02d",
                         lm == 59 ? (lh + 1) % 24 : lh, (lm + 1) % 60, sign < 0 ? '-' : '+', h, mi);
                check5322(s, AMC_C_DATE_LEAP_SECOND, NULL, (amc_code)0);
            }
        }
    }
    assert_int_equal(bad5322, 0);
}

/* ---- y11_timestamp against PyYAML's regex ---- */

static const char ts_re[] =
    "^([0-9]{4}-[0-9]{2}-[0-9]{2}"
    "|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9]*)?"
    "([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)$";

/* Could the YAML reader see s as one plain scalar of a block mapping value? */
static bool plain_ok(const char *s)
{
    size_t n = strlen(s);
    if (!n || s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t')
        return false;
    if (strchr("-:?#", s[0]) && (n == 1 || s[1] == ' ' || s[1] == '\t'))
        return false;
    if (strstr(s, ": ") || strstr(s, ":\t") || strstr(s, " #") || strstr(s, "\t#") ||
        s[n - 1] == ':')
        return false;
    return true;
}

static int ts_checked, ts_true, ts_bad;

static void check_ts(const regex_t *re, const char *s)
{
    char in[128];
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    bool want = false, got = false;
    size_t i = 0;
    amc_status st = AMC_OK;
    if (!plain_ok(s))
        return;
    want = regexec(re, s, 0, NULL, 0) == 0;
    snprintf(in, sizeof in, "a: %s\n", s);
    ds = amc_diags_new(0);
    assert_non_null(ds);
    st = amc_yaml_read(in, strlen(in), NULL, ds, &doc);
    assert_true(st == AMC_OK || st == AMC_EINVALID);
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->code == AMC_C_YAML_11_AMBIGUOUS && strstr(d->message, "read a timestamp"))
            got = true;
    }
    if (got != want) {
        fprintf(stderr, "'%s': %s a timestamp warning\n", s, got ? "unexpected" : "no");
        ts_bad++;
    }
    ts_checked++;
    ts_true += want;
    amc_doc_free(doc);
    amc_diags_free(ds);
}

static void test_y11_timestamp(void **state)
{
    static const char *const seeds[] = {
        "2001-12-14",
        "2001-12-14t21:59:43.10-05:00",
        "2001-12-14T21:59:43.10Z",
        "2001-12-14 21:59:43.10 -5",
        "2001-12-14  21:59:43 +05:30",
        "2001-1-4 1:59:43",
        "2001-12-4T01:05:09.",
        "2001-12-14\t21:59:43\tZ",
        "2001-12-14 21:59:43.123456789 +12",
        "2002-12-14 21:59:43 Z",
    };
    static const char alphabet[] = "09-:.Tt Z+x\t";
    regex_t re;
    size_t si = 0, i = 0, a = 0;
    char s[64];
    (void)state;
    assert_int_equal(regcomp(&re, ts_re, REG_EXTENDED | REG_NOSUB), 0);
    for (si = 0; si < sizeof seeds / sizeof seeds[0]; si++) {
        const char *seed = seeds[si];
        size_t n = strlen(seed);
        check_ts(&re, seed);
        for (i = 0; i <= n; i++) {
            if (i < n) { /* delete s[i] */
                memcpy(s, seed, i);
                memcpy(s + i, seed + i + 1, n - i);
                check_ts(&re, s);
                /* duplicate s[i] */
                memcpy(s, seed, i + 1);
                memcpy(s + i + 1, seed + i, n - i + 1);
                check_ts(&re, s);
            }
            for (a = 0; alphabet[a]; a++) {
                if (i < n) { /* replace s[i] */
                    memcpy(s, seed, n + 1);
                    s[i] = alphabet[a];
                    check_ts(&re, s);
                }
                /* insert before s[i] (at the end when i == n) */
                memcpy(s, seed, i);
                s[i] = alphabet[a];
                memcpy(s + i + 1, seed + i, n - i + 1);
                check_ts(&re, s);
            }
        }
    }
    regfree(&re);
    /* both answers must be well represented, or the comparison says little */
    assert_true(ts_true > 300);
    assert_true(ts_checked - ts_true > 1000);
    assert_int_equal(ts_bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diag_message_lengths),
        cmocka_unit_test(test_rfc5322_calendar),
        cmocka_unit_test(test_y11_timestamp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
