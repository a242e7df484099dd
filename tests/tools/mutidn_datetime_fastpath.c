/*
 * mutidn_datetime_fastpath.c - evidence for ci/mutate-equivalent.txt's datetime_common entries:
 * samples the strings src/schema/format.c's date-time fast path (datetime_common) can accept and
 * checks that the full RFC 3339 check (amc_rfc3339_datetime) accepts each, so a mutant that only
 * makes the fast path refuse more cannot change check_datetime's answer. Not built by CMake:
 *   cc -O2 -Isrc/include -Isrc -o /tmp/fp tests/tools/mutidn_datetime_fastpath.c build/rel/libamc.a
 * \ -ljson-c -lyaml -lpcre2-8 -lcrypto -lm -lpthread && /tmp/fp (2993608 strings, 0 refused, on
 * 2026-11-28.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "amc/date.h"
int main(void)
{
    static const int md[13] = {0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    unsigned long seed = 1, bad = 0, n = 0;
    int y, mo, d, it;
    for (it = 0; it < 3000000; it++) {
        char s[64];
        amc_datetime dt;
        int len, f;
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        y = (int)((seed >> 33) % 10000);
        mo = 1 + (int)((seed >> 20) % 12);
        d = 1 + (int)((seed >> 8) % md[mo]);
        if (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
            continue;
        len = sprintf(s, "%04d-%02d-%02d%c%02d:%02d:%02d", y, mo, d, "Tt"[it & 1],
                      (int)((seed >> 40) % 24), (int)((seed >> 45) % 60), (int)((seed >> 51) % 60));
        f = (int)((seed >> 57) % 4);
        if (f) {
            s[len++] = '.';
            while (f--)
                s[len++] = (char)('0' + (seed >> (f * 3)) % 10);
        }
        switch ((seed >> 60) % 4) {
        case 0:
            s[len++] = 'Z';
            break;
        case 1:
            s[len++] = 'z';
            break;
        default:
            len += sprintf(s + len, "%c%02d:%02d", (seed >> 62) & 1 ? '+' : '-',
                           (int)((seed >> 13) % 24), (int)((seed >> 26) % 60));
        }
        s[len] = 0;
        n++;
        if (amc_rfc3339_datetime(s, (size_t)len, &dt) != 0 && bad++ < 5)
            printf("refused: %s\n", s);
    }
    printf("%lu strings, %lu refused by the full check\n", n, bad);
    return 0;
}
