/*
 * fuzz_date.c - the four date parsers and amc_datetime_unix.
 *
 * The whole input goes to amc_rfc3339_datetime, _date, _time and amc_rfc5322_date.
 * Properties checked:
 *   - a valid result has its fields in range (month 1-12, day valid for the month, hour
 *     0-23, minute 0-59, second 0-60, nanos < 1e9, offset within +-23:59);
 *   - a valid RFC 3339 date-time re-formatted from its fields parses again to the same fields,
 *     and its date and time parts are valid "date" and "time" values;
 *   - a valid RFC 5322 date re-formatted (with the computed day of week and a numeric zone)
 *     parses again to the same fields with no warning and the same Unix time;
 *   - amc_datetime_unix is free of undefined behaviour for any field values (UBSan): it is
 *     also run on a struct filled from the input bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "amc/amc.h"

static int dim(int y, int m)
{
    static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : d[m - 1];
}

static void check_ranges(const amc_datetime *dt, int date, int time)
{
    if (date &&
        (dt->month < 1 || dt->month > 12 || dt->day < 1 || dt->day > dim(dt->year, dt->month)))
        __builtin_trap();
    if (time &&
        (dt->hour < 0 || dt->hour > 23 || dt->minute < 0 || dt->minute > 59 || dt->second < 0 ||
         dt->second > 60 || dt->nanos >= 1000000000u || dt->offset_min < -(23 * 60 + 59) ||
         dt->offset_min > 23 * 60 + 59 || !dt->has_offset))
        __builtin_trap();
}

static int same(const amc_datetime *a, const amc_datetime *b)
{
    return a->year == b->year && a->month == b->month && a->day == b->day && a->hour == b->hour &&
           a->minute == b->minute && a->second == b->second && a->nanos == b->nanos &&
           a->offset_min == b->offset_min && a->utc_unknown == b->utc_unknown &&
           a->has_time == b->has_time && a->has_offset == b->has_offset;
}

static int fmt_offset3339(char *out, size_t n, const amc_datetime *dt)
{
    int off = dt->offset_min < 0 ? -dt->offset_min : dt->offset_min;
    if (dt->utc_unknown)
        return snprintf(out, n, "-00:00");
    if (dt->offset_min == 0)
        return snprintf(out, n, "Z");
    return snprintf(out, n, "%c%02d:%02d", dt->offset_min < 0 ? '-' : '+', off / 60, off % 60);
}

static void roundtrip_3339(const amc_datetime *dt)
{
    char s[96], frac[16] = "", off[16];
    amc_datetime again, part;
    int k = dt->frac_digits > 9 ? 9 : dt->frac_digits, n = 0;
    size_t tpos = 0;
    if (k > 0) {
        uint32_t v = dt->nanos, p = 1;
        int z = 0;
        for (z = k; z < 9; z++)
            p *= 10;
        snprintf(frac, sizeof frac, ".%0*u", k, v / p);
    }
    fmt_offset3339(off, sizeof off, dt);
    n = snprintf(s, sizeof s, "%04d-%02d-%02dT%02d:%02d:%02d%s%s", dt->year, dt->month, dt->day,
                 dt->hour, dt->minute, dt->second, frac, off);
    if (n <= 0 || (size_t)n >= sizeof s)
        __builtin_trap();
    if (amc_rfc3339_datetime(s, (size_t)n, &again) != 0 || !same(dt, &again) ||
        again.frac_digits != k || amc_datetime_unix(&again) != amc_datetime_unix(dt))
        __builtin_trap();
    if (amc_rfc3339_date(s, 10, &part) != 0 || part.year != dt->year)
        __builtin_trap();
    tpos = 11;
    if (amc_rfc3339_time(s + tpos, (size_t)n - tpos, &part) != 0 || part.second != dt->second)
        __builtin_trap();
}

static void roundtrip_5322(const amc_datetime *dt)
{
    static const char *const days[7] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const mons[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char s[96];
    amc_datetime again;
    amc_code warn = (amc_code)0;
    int64_t days_since = amc_datetime_unix(dt) + (int64_t)dt->offset_min * 60;
    int wd = 0, off = dt->offset_min < 0 ? -dt->offset_min : dt->offset_min, n = 0;
    /* the local date's day of week */
    days_since = days_since >= 0 ? days_since / 86400 : -((-days_since + 86399) / 86400);
    wd = (int)(((days_since + 4) % 7 + 7) % 7);
    n = snprintf(s, sizeof s, "%s, %d %s %04d %02d:%02d:%02d %c%02d%02d", days[wd], dt->day,
                 mons[dt->month - 1], dt->year, dt->hour, dt->minute, dt->second,
                 (dt->offset_min < 0 || dt->utc_unknown) ? '-' : '+', off / 60, off % 60);
    if (n <= 0 || (size_t)n >= sizeof s)
        __builtin_trap();
    if (amc_rfc5322_date(s, (size_t)n, &again, &warn) != 0 || warn != 0)
        __builtin_trap();
    if (again.year != dt->year || again.month != dt->month || again.day != dt->day ||
        again.hour != dt->hour || again.minute != dt->minute || again.second != dt->second ||
        again.offset_min != dt->offset_min || again.utc_unknown != dt->utc_unknown ||
        again.weekday != wd || amc_datetime_unix(&again) != amc_datetime_unix(dt))
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    amc_datetime dt;
    amc_code r = (amc_code)0, warn = (amc_code)0;
    volatile int64_t sink = 0;

    r = amc_rfc3339_datetime(s, size, &dt);
    if (r == 0) {
        check_ranges(&dt, 1, 1);
        roundtrip_3339(&dt);
    }
    sink += amc_datetime_unix(&dt);

    r = amc_rfc3339_date(s, size, &dt);
    if (r == 0) {
        check_ranges(&dt, 1, 0);
        if (dt.has_time || size != 10)
            __builtin_trap();
    }
    sink += amc_datetime_unix(&dt);

    r = amc_rfc3339_time(s, size, &dt);
    if (r == 0)
        check_ranges(&dt, 0, 1);
    sink += amc_datetime_unix(&dt);

    r = amc_rfc5322_date(s, size, &dt, &warn);
    if (r == 0) {
        check_ranges(&dt, 1, 1);
        if (dt.year < 1900 || dt.year > 9999 || dt.weekday < -1 || dt.weekday > 6)
            __builtin_trap();
        if (warn != 0 && warn != AMC_C_DATE_WEEKDAY_MISMATCH)
            __builtin_trap();
        roundtrip_5322(&dt);
    } else if (warn != 0) {
        __builtin_trap();
    }
    sink += amc_datetime_unix(&dt);

    /* any field values: no UB in the arithmetic */
    if (size >= 9 * sizeof(int)) {
        amc_datetime raw;
        memset(&raw, 0, sizeof raw);
        memcpy(&raw.year, data, sizeof(int));
        memcpy(&raw.month, data + sizeof(int), sizeof(int));
        memcpy(&raw.day, data + 2 * sizeof(int), sizeof(int));
        memcpy(&raw.hour, data + 3 * sizeof(int), sizeof(int));
        memcpy(&raw.minute, data + 4 * sizeof(int), sizeof(int));
        memcpy(&raw.second, data + 5 * sizeof(int), sizeof(int));
        memcpy(&raw.offset_min, data + 6 * sizeof(int), sizeof(int));
        raw.has_time = (data[7 * sizeof(int)] & 1) != 0;
        sink += amc_datetime_unix(&raw);
    }
    (void)sink;
    return 0;
}
