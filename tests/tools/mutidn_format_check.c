/*
 * mutidn_format_check.c - reads lines "FORMAT HEX" (HEX: the string's UTF-8 bytes in hex) and
 * prints amc_format_check's answer for each; idna_reference.py --compare drives it. Not built by
 * CMake: cc -Iinclude -Isrc -o /tmp/fc tests/tools/mutidn_format_check.c build/rel/libamc.a
 * -lpcre2-8 -lm -lpthread
 */
#include <stdio.h>
#include <string.h>
#include "schema/format_int.h"

int main(void)
{
    static char line[8192], s[4096];
    while (fgets(line, sizeof line, stdin)) {
        char *sp = strchr(line, ' ');
        size_t n = 0;
        unsigned v = 0;
        if (!sp)
            return 2;
        *sp++ = '\0';
        while (n < sizeof s && sscanf(sp + 2 * n, "%2x", &v) == 1)
            s[n++] = (char)v;
        printf("%d\n", amc_format_check(line, s, n));
    }
    return 0;
}
