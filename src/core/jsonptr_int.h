/*
 * jsonptr_int.h - building RFC 6901 JSON Pointers incrementally (a path stack).
 */
#ifndef AMC_JSONPTR_INT_H
#define AMC_JSONPTR_INT_H

#include <stddef.h>
#include "buf_int.h"

/* Appends "/" + escaped token (~ -> ~0, / -> ~1) to b. */
amc_status amc_ptr_push_key(amc_buf *b, const char *key, size_t len);
/* Appends "/" + decimal index. */
amc_status amc_ptr_push_index(amc_buf *b, size_t index);
/* Truncates back to a previous length. */
void amc_ptr_pop(amc_buf *b, size_t old_len);
#endif
