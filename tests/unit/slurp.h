/*
 * slurp.h - the unit tests' file reader (one copy for every test that reads a fixture).
 */
#ifndef AMC_TEST_SLURP_H
#define AMC_TEST_SLURP_H

#include <stdio.h>
#include <stdlib.h>

/* The whole file at path, NUL-terminated (*len: its length without the NUL); NULL when it cannot
 * be opened, sized or read, or memory runs out. free() the result. */
static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n = 0;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = (size_t)n;
    }
    return buf;
}

#endif
