/* Evidence for two ci/mutate-equivalent.txt entries (src/cli/cli_fuzz_st.c list_add, both ">"
 * of the strncmp line): the original and both mutants, copied here, build the same lists for
 * 2,000,000 random lists (21 million insertions; ids that are prefixes of each other; small caps
 * so that the overflow guard is taken too). Not built by the project: gcc -O2 list_add_equiv.c. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static bool fz_has_code(const char *list, const char *id)
{
    size_t n = strlen(id);
    const char *p = list;
    while ((p = strstr(p, id)) != NULL) {
        if (p > list && p[-1] == ' ' && p[n] == ' ')
            return true;
        p += n;
    }
    return false;
}
/* list_add of src/cli/cli_fuzz_st.c, V 0 original, 1 first > -> >=, 2 second > -> >= */
#define LIST_ADD(NAME, CMPK, CMP0)                                                                 \
    static void NAME(char *list, size_t cap, const char *id)                                       \
    {                                                                                              \
        char tmp[1024];                                                                            \
        const char *p = list;                                                                      \
        size_t l = strlen(id);                                                                     \
        if (!id[0] || fz_has_code(list, id))                                                       \
            return;                                                                                \
        if (!list[0])                                                                              \
            snprintf(list, cap, " ");                                                              \
        p = list + 1;                                                                              \
        while (*p) {                                                                               \
            size_t k = strcspn(p, " ");                                                            \
            if (strncmp(p, id, CMPK) CMP0)                                                         \
                break;                                                                             \
            p += k + 1;                                                                            \
        }                                                                                          \
        if (strlen(list) + l + 2 > cap || strlen(list) + l + 2 > sizeof tmp)                       \
            return;                                                                                \
        snprintf(tmp, sizeof tmp, "%.*s%s %s", (int)(p - list), list, id, p);                      \
        snprintf(list, cap, "%s", tmp);                                                            \
    }
LIST_ADD(add0, k > l ? k : l, > 0)
LIST_ADD(add1, k >= l ? k : l, > 0)
LIST_ADD(add2, k > l ? k : l, >= 0)
int main(void)
{
    static const char al[] = "AB_Z";
    unsigned long trials = 0, eqs = 0, ins = 0;
    srand(1);
    for (trials = 0; trials < 2000000; trials++) {
        char a[1024] = "", b[1024] = "", c[1024] = "";
        size_t cap = 24 + (size_t)(rand() % 200), n = 1 + (size_t)(rand() % 20), i = 0;
        for (i = 0; i < n; i++) {
            char id[8];
            size_t len = 1 + (size_t)(rand() % 4), j = 0;
            for (j = 0; j < len; j++)
                id[j] = al[rand() % 4];
            id[len] = 0;
            add0(a, cap, id);
            add1(b, cap, id);
            add2(c, cap, id);
            ins++;
            if (strcmp(a, b) || strcmp(a, c)) {
                printf("DIFFER: id %s cap %zu\n  %s\n  %s\n  %s\n", id, cap, a, b, c);
                return 1;
            }
        }
        eqs++;
    }
    printf("%lu lists, %lu insertions (ids of 1-4 letters of \"AB_Z\", prefixes of each other, "
           "caps 24-223): the three versions built the same lists\n",
           eqs, ins);
    return 0;
}
