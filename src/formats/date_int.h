/*
 * date_int.h - date helpers the rooms above share.
 */
#ifndef AMC_DATE_INT_H
#define AMC_DATE_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Milliseconds since the epoch of an RFC 3339 date-time with an offset (the fraction truncated
 * to milliseconds); false if s is none. Used for reference clocks and event times. */
bool amc_rfc3339_ms(const char *s, size_t len, int64_t *ms);

#endif
