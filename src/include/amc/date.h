/*
 * amc/date.h - RFC 3339 and RFC 5322 date parsing.
 */
#ifndef AMC_DATE_H
#define AMC_DATE_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup date Dates
 *  @{ */

/** A broken-down date-time as written (no normalization). */
typedef struct amc_datetime {
    int year, month, day;     /**< full year, 1-12, 1-31 */
    int hour, minute, second; /**< second may be 60 (leap second) */
    uint32_t nanos;           /**< fractional second, truncated to nanoseconds */
    int frac_digits;          /**< number of fraction digits written (0: none) */
    int offset_min;           /**< UTC offset in minutes (east positive) */
    bool has_time;            /**< false for a full-date */
    bool has_offset;          /**< false for a partial-time / RFC 3339 "time" without offset */
    bool utc_unknown;         /**< RFC 3339 "-00:00" / RFC 5322 "-0000" */
    int weekday;              /**< RFC 5322: 0=Sun..6=Sat if written, else -1 */
} amc_datetime;

/**
 * RFC 3339 date-time (JSON Schema "date-time"). Returns 0 (AMC_OK as a code: valid) or the code
 * of the first problem. `T`/`Z` may be lower case (RFC 3339 5.6 note); offsets are +-hh:mm only;
 * a space separator is rejected; second 60 is allowed only at 23:59 UTC-adjusted.
 */
AMC_API amc_code amc_rfc3339_datetime(const char *s, size_t len, amc_datetime *out);
/** RFC 3339 full-date ("date"). */
AMC_API amc_code amc_rfc3339_date(const char *s, size_t len, amc_datetime *out);
/** RFC 3339 full-time ("time": partial-time plus offset, required). */
AMC_API amc_code amc_rfc3339_time(const char *s, size_t len, amc_datetime *out);
/**
 * RFC 5322 date-time (section 3.3, with the obsolete forms of 4.3 accepted: alphabetic zones,
 * two-digit years, CFWS). Returns 0 when valid, else the code of the first problem. If the
 * day-of-week is written and does not match the date, *warning is set to that code (the date
 * is still valid); otherwise *warning is 0. warning may be NULL.
 */
AMC_API amc_code amc_rfc5322_date(const char *s, size_t len, amc_datetime *out, amc_code *warning);
/** Seconds since 1970-01-01T00:00:00Z of a parsed date-time (offset applied; leap 60 -> 59). */
AMC_API int64_t amc_datetime_unix(const amc_datetime *dt);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
