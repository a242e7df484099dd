/*
 * zz_tmp_date_shim.c - TEMPORARY: deleted at merge.
 *
 * Naive stand-ins for the RFC 3339 functions of amc/date.h (implemented by the date module on
 * another branch) so that this branch links. Not a validator: it checks only the shape.
 */
#include <string.h>
#include "amc/date.h"

static int digits(const char *s, size_t n, size_t at, size_t k)
{
    size_t i = 0;
    if (at + k > n)
        return 0;
    for (i = 0; i < k; i++)
        if (s[at + i] < '0' || s[at + i] > '9')
            return 0;
    return 1;
}

static amc_code shim_date(const char *s, size_t n)
{
    return (n == 10 && digits(s, n, 0, 4) && s[4] == '-' && digits(s, n, 5, 2) && s[7] == '-' &&
            digits(s, n, 8, 2))
               ? (amc_code)0
               : (amc_code)1;
}

static amc_code shim_time(const char *s, size_t n)
{
    return (n >= 9 && digits(s, n, 0, 2) && s[2] == ':' && digits(s, n, 3, 2) && s[5] == ':' &&
            digits(s, n, 6, 2))
               ? (amc_code)0
               : (amc_code)1;
}

amc_code amc_rfc3339_date(const char *s, size_t len, amc_datetime *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    return shim_date(s, len);
}

amc_code amc_rfc3339_time(const char *s, size_t len, amc_datetime *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    return shim_time(s, len);
}

amc_code amc_rfc3339_datetime(const char *s, size_t len, amc_datetime *out)
{
    if (out)
        memset(out, 0, sizeof *out);
    if (len < 11 || (s[10] != 'T' && s[10] != 't'))
        return (amc_code)1;
    return shim_date(s, 10) == 0 && shim_time(s + 11, len - 11) == 0 ? (amc_code)0 : (amc_code)1;
}
