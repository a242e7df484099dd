/*
 * jsonc_int_equiv.c - evidence for the ci/mutate-equivalent.txt entries of src/formats/jsonc.c:80
 * (amc_value_from_json_c, json_type_int: "%llu" of the uint64 when
 * "json_object_get_int64(jo) == INT64_MAX && json_object_get_uint64(jo) > INT64_MAX", else "%lld"
 * of the int64): the text of the original and of its mutants "> -> >=" and "&& -> ||" for
 * json-c integers at and around every boundary (made as int64, as uint64 and parsed). json-c
 * clamps: get_int64 of a uint64 above INT64_MAX is INT64_MAX and get_uint64 of a negative is 0,
 * so u > INT64_MAX implies i == INT64_MAX (|| and && agree), and at u == INT64_MAX "%llu" and
 * "%lld" print the same digits. Not built by CMake; run by hand:
 *   cc -o /tmp/jc tests/data/s300lib/jsonc_int_equiv.c $(pkg-config --cflags --libs json-c)
 *   /tmp/jc    (json-c 0.16: "24 values, 0 differences", exit 0)
 */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
/* jsonc.c:80's text for a json-c integer: the original and its two mutants (> -> >=, && -> ||) */
static void text(struct json_object *jo, int which, char *num, size_t cap)
{
    int64_t i = json_object_get_int64(jo);
    uint64_t u = json_object_get_uint64(jo);
    int c = which == 0   ? (i == INT64_MAX && u > INT64_MAX)
            : which == 1 ? (i == INT64_MAX && u >= INT64_MAX)
                         : (i == INT64_MAX || u > INT64_MAX);
    if (c)
        snprintf(num, cap, "%llu", (unsigned long long)u);
    else
        snprintf(num, cap, "%lld", (long long)i);
}
int main(void)
{
    int64_t iv[] = {INT64_MIN, INT64_MIN + 1, -2, -1, 0, 1, 2, INT64_MAX - 1, INT64_MAX};
    uint64_t uv[] = {0,
                     1,
                     (uint64_t)INT64_MAX - 1,
                     (uint64_t)INT64_MAX,
                     (uint64_t)INT64_MAX + 1,
                     (uint64_t)INT64_MAX + 2,
                     UINT64_MAX - 1,
                     UINT64_MAX};
    const char *texts[] = {"9223372036854775807",
                           "9223372036854775808",
                           "18446744073709551615",
                           "-9223372036854775808",
                           "-1",
                           "0",
                           "1"};
    size_t k = 0, n = 0, bad = 0;
    int w = 0;
    struct json_object *objs[64];
    for (k = 0; k < sizeof iv / sizeof iv[0]; k++)
        objs[n++] = json_object_new_int64(iv[k]);
    for (k = 0; k < sizeof uv / sizeof uv[0]; k++)
        objs[n++] = json_object_new_uint64(uv[k]);
    for (k = 0; k < sizeof texts / sizeof texts[0]; k++)
        objs[n++] = json_tokener_parse(texts[k]);
    for (k = 0; k < n; k++) {
        char t0[32], t[32];
        if (!objs[k] || json_object_get_type(objs[k]) != json_type_int) {
            printf("skip %zu\n", k);
            continue;
        }
        text(objs[k], 0, t0, sizeof t0);
        for (w = 1; w <= 2; w++) {
            text(objs[k], w, t, sizeof t);
            if (strcmp(t, t0)) {
                printf("DIFF %zu mutant %d: %s vs %s\n", k, w, t0, t);
                bad++;
            }
        }
        printf("%s\n", t0);
    }
    printf("%zu values, %zu differences\n", n, bad);
    return bad != 0;
}
