/*
 * test_json_diff.c - the strict JSON reader against its frozen earlier self (tests/ref/
 * json_read_ref.inc, the reader before the speed work of issue 18): for every input, the same
 * status, the same diagnostics (code, severity, message, position, context and its position) and
 * the same tree (types, flags, offsets, strings, numbers, keys). Both amc_json_read() and
 * amc_json_read_reuse() (one document kept across all inputs) are compared, at every SIMD level
 * this machine has (scalar, SSE2, AVX2: simd_int.h), under several limit settings.
 *
 * Inputs: the json_read fuzz corpus and its regressions (with the harness's framing: the first
 * byte selects the limits), every JSON file under conformance/ and examples/, strings built to put
 * each kind of special byte at every offset of a 16- and 32-byte block, and seeded random
 * mutations of all of these (bytes replaced, inserted, deleted, duplicated; invalid UTF-8, NUL,
 * quotes, backslashes, escapes, control bytes, repeated keys, truncation).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "core/simd_int.h"
#include "../ref/json_read_ref.inc"
#include "slurp.h"

#ifndef AMC_SOURCE_DIR
#define AMC_SOURCE_DIR "."
#endif

typedef struct run {
    size_t inputs, accepted;
    amc_doc *reuse;
    amc_diags *da, *db, *dc;
} run;

static bool str_eq(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

static void fail_input(const char *what, const char *buf, size_t len)
{
    size_t i = 0;
    fprintf(stderr, "input (%zu bytes):", len);
    for (i = 0; i < len && i < 400; i++)
        fprintf(stderr, " %02x", (unsigned char)buf[i]);
    fprintf(stderr, "\n");
    fail_msg("%s", what);
}

static bool pos_eq(amc_pos a, amc_pos b)
{
    return a.offset == b.offset && a.line == b.line && a.col == b.col;
}

static bool diags_eq(const amc_diags *a, const amc_diags *b)
{
    size_t i = 0;
    if (amc_diags_count(a) != amc_diags_count(b))
        return false;
    for (i = 0; i < amc_diags_count(a); i++) {
        const amc_diag *x = amc_diags_get(a, i), *y = amc_diags_get(b, i);
        if (x->code != y->code || x->sev != y->sev || !str_eq(x->message, y->message) ||
            !pos_eq(x->at, y->at) || !str_eq(x->context, y->context) ||
            !pos_eq(x->context_at, y->context_at) || !str_eq(x->instance_ptr, y->instance_ptr))
            return false;
    }
    return true;
}

static bool tree_eq(const amc_value *a, const amc_value *b)
{
    size_t i = 0;
    if (a->type != b->type || a->flags != b->flags || a->offset != b->offset)
        return false;
    switch (a->type) {
    case AMC_T_NULL:
        return true;
    case AMC_T_BOOL:
        return a->u.boolean == b->u.boolean;
    case AMC_T_NUMBER:
        return a->u.num.len == b->u.num.len &&
               !memcmp(a->u.num.text, b->u.num.text, a->u.num.len) &&
               (!(a->flags & AMC_NUM_INT64) || a->u.num.i == b->u.num.i) &&
               !memcmp(&a->u.num.d, &b->u.num.d, sizeof(double));
    case AMC_T_STRING:
        return a->u.str.len == b->u.str.len && !memcmp(a->u.str.ptr, b->u.str.ptr, a->u.str.len) &&
               a->u.str.ptr[a->u.str.len] == '\0' && b->u.str.ptr[b->u.str.len] == '\0';
    case AMC_T_ARRAY:
        if (a->u.arr.len != b->u.arr.len)
            return false;
        for (i = 0; i < a->u.arr.len; i++)
            if (!tree_eq(a->u.arr.items[i], b->u.arr.items[i]))
                return false;
        return true;
    case AMC_T_OBJECT:
        if (a->u.obj.len != b->u.obj.len)
            return false;
        for (i = 0; i < a->u.obj.len; i++) {
            const amc_member *x = &a->u.obj.members[i], *y = &b->u.obj.members[i];
            if (x->key_len != y->key_len || memcmp(x->key, y->key, x->key_len) ||
                x->key_offset != y->key_offset || !tree_eq(x->value, y->value))
                return false;
        }
        return true;
    }
    return false;
}

/* One input under one limit setting, through the reference, amc_json_read and the reuse API. */
static void one(run *R, const char *buf, size_t len, const amc_limits *lim)
{
    amc_doc *da = NULL, *db = NULL;
    amc_status sa = 0, sb = 0, sc = 0;
    amc_diags_clear(R->da);
    amc_diags_clear(R->db);
    amc_diags_clear(R->dc);
    sa = ref_json_read(buf, len, lim, R->da, &da);
    sb = amc_json_read(buf, len, lim, R->db, &db);
    sc = amc_json_read_reuse(buf, len, lim, R->dc, &R->reuse);
    R->inputs++;
    if (sa != sb || sa != sc)
        fail_input("status differs", buf, len);
    if (!diags_eq(R->da, R->db) || !diags_eq(R->da, R->dc))
        fail_input("diagnostics differ", buf, len);
    if ((da == NULL) != (db == NULL))
        fail_input("document presence differs", buf, len);
    if (sa == AMC_OK) {
        R->accepted++;
        if (!tree_eq(amc_doc_root(da), amc_doc_root(db)) || !R->reuse ||
            !tree_eq(amc_doc_root(da), amc_doc_root(R->reuse)))
            fail_input("trees differ", buf, len);
    } else if (R->reuse && amc_doc_root(R->reuse)) {
        fail_input("a failed read left a root in the reused document", buf, len);
    }
    amc_doc_free(da);
    amc_doc_free(db);
}

/* Every input under the default limits and three tight ones. */
static void all_limits(run *R, const char *buf, size_t len)
{
    amc_limits l = AMC_LIMITS_DEFAULT;
    one(R, buf, len, NULL);
    l.max_string_bytes = 8;
    one(R, buf, len, &l);
    l = (amc_limits)AMC_LIMITS_DEFAULT;
    l.max_string_bytes = 31;
    l.max_nodes = 40;
    one(R, buf, len, &l);
    l = (amc_limits)AMC_LIMITS_DEFAULT;
    l.max_depth = 3;
    l.max_input_bytes = 1000;
    one(R, buf, len, &l);
}

/* The json_read fuzz harness's framing: byte 0 selects the limits. */
static void framed(run *R, const char *buf, size_t len)
{
    static const uint32_t depths[4] = {0, 4, 32, 1000};
    amc_limits l = AMC_LIMITS_DEFAULT;
    unsigned cfg = 0;
    if (len == 0)
        return;
    cfg = (unsigned char)buf[0];
    if (depths[cfg & 3])
        l.max_depth = depths[cfg & 3];
    if (cfg & 4)
        l.max_string_bytes = 16;
    if (cfg & 8)
        l.max_nodes = 64;
    if (cfg & 16)
        l.max_input_bytes = 256;
    one(R, buf + 1, len - 1, &l);
    all_limits(R, buf + 1, len - 1);
}

typedef struct seeds {
    char **buf;
    size_t *len, n, cap;
} seeds;

static void seed_add(seeds *S, const char *buf, size_t len)
{
    if (S->n == S->cap) {
        S->cap = S->cap ? S->cap * 2 : 64;
        S->buf = realloc(S->buf, S->cap * sizeof *S->buf);
        S->len = realloc(S->len, S->cap * sizeof *S->len);
        assert_non_null(S->buf);
        assert_non_null(S->len);
    }
    S->buf[S->n] = malloc(len + 1);
    assert_non_null(S->buf[S->n]);
    memcpy(S->buf[S->n], buf, len);
    S->len[S->n++] = len;
}

/* Files of dir (recursively) whose names end in ext, each run through fn; seeds collected when
 * S is not NULL. */
static size_t walk(run *R, const char *dir, const char *ext, bool framing, seeds *S)
{
    DIR *d = opendir(dir);
    struct dirent *de = NULL;
    size_t count = 0;
    if (!d)
        return 0;
    while ((de = readdir(d)) != NULL) {
        char path[4096];
        struct stat st;
        size_t nl = strlen(de->d_name), el = strlen(ext), len = 0;
        char *buf = NULL;
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            count += walk(R, path, ext, framing, S);
            continue;
        }
        if (nl < el || strcmp(de->d_name + nl - el, ext) != 0 || st.st_size > (1 << 20))
            continue;
        buf = slurp(path, &len);
        if (!buf)
            continue;
        if (framing)
            framed(R, buf, len);
        else
            all_limits(R, buf, len);
        if (S && len < 20000)
            seed_add(S, framing && len ? buf + 1 : buf, framing && len ? len - 1 : len);
        free(buf);
        count++;
    }
    closedir(d);
    return count;
}

/* Special bytes at every offset of a string that spans 16- and 32-byte blocks. */
static void block_edges(run *R, seeds *S)
{
    static const char *specials[] = {"\"",
                                     "\\\\",
                                     "\\n",
                                     "\\u00e9",
                                     "\\ud83d\\ude00",
                                     "\\ud800",
                                     "\\x",
                                     "\n",
                                     "\x01",
                                     "\x1f",
                                     "\x7f",
                                     "\xc3\xa9",
                                     "\xff",
                                     "\xc3",
                                     "\xed\xa0\x80",
                                     "\xf4\x90\x80\x80",
                                     "\xe2\x82",
                                     "\xf0\x9f\x9a\x80",
                                     "\xe0\x80\xaf"};
    char buf[256];
    size_t s = 0, pre = 0, post = 0;
    for (s = 0; s < sizeof specials / sizeof specials[0]; s++) {
        for (pre = 0; pre < 40; pre++) {
            for (post = 0; post < 40; post += 13) {
                size_t n = 0, k = 0;
                buf[n++] = '[';
                buf[n++] = '"';
                for (k = 0; k < pre; k++)
                    buf[n++] = (char)('a' + k % 26);
                memcpy(buf + n, specials[s], strlen(specials[s]));
                n += strlen(specials[s]);
                for (k = 0; k < post; k++)
                    buf[n++] = (char)('A' + k % 26);
                buf[n++] = '"';
                buf[n++] = ',';
                buf[n++] = '1';
                buf[n++] = ']';
                all_limits(R, buf, n);
                all_limits(R, buf + 1, n - 5); /* the bare string, cut before its end too */
                all_limits(R, buf + 1, n - 4);
                if (post == 0 && pre % 7 == 0)
                    seed_add(S, buf, n);
            }
        }
    }
}

/* An object of n members whose keys share prefixes and lengths (duplicate-key checks: the
 * linear scan below 32 members, the hash set above, summaries that agree on different keys);
 * dup >= 0 repeats key dup at the end. */
static size_t keys_object(char *out, size_t n, int dup)
{
    size_t o = 0, i = 0;
    out[o++] = '{';
    for (i = 0; i < n + (dup >= 0); i++) {
        size_t k = i < n ? i : (size_t)dup;
        o += (size_t)sprintf(out + o, "%s\"%s%02zu%s\":%zu", i ? "," : "",
                             k % 3 == 0   ? "created_"
                             : k % 3 == 1 ? "a"
                                          : "created_at_long_name_",
                             k, k % 2 ? "x" : "", k);
    }
    out[o++] = '}';
    return o;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* One random mutation of src into out (at most cap bytes); returns the new length. */
static size_t mutate(const char *src, size_t len, char *out, size_t cap)
{
    static const char *ins[] = {"\"",       "\\",
                                "\\u",      "\\ud83d",
                                "\\udc00",  "\\u00",
                                "\xc3",     "\xc3\xa9",
                                "\xff",     "\xed\xa0\x80",
                                "\x00",     "\x01",
                                "\n",       "\r\n",
                                "\t",       " ",
                                "{",        "}",
                                "[",        "]",
                                ",",        ":",
                                "-",        "0",
                                "1e",       ".5",
                                "true",     "nul",
                                "/*",       "\xef\xbb\xbf",
                                "\"a\":1,", "1.0e+400",
                                "-0",       "123456789012345678901234567890"};
    size_t n = len < cap ? len : cap, pos = 0, k = 0;
    int op = (int)(rnd() % 7);
    memcpy(out, src, n);
    if (n == 0)
        op = 1;
    pos = n ? (size_t)(rnd() % (n + 1)) : 0;
    switch (op) {
    case 0: /* replace a byte */
        if (pos < n)
            out[pos] = (char)(rnd() & 0xff);
        break;
    case 1:
    case 2: { /* insert a piece */
        const char *p = ins[rnd() % (sizeof ins / sizeof ins[0])];
        size_t pl = strlen(p) ? strlen(p) : 1; /* "\x00" is one NUL byte */
        if (n + pl <= cap) {
            memmove(out + pos + pl, out + pos, n - pos);
            memcpy(out + pos, p, pl);
            n += pl;
        }
        break;
    }
    case 3: /* delete a run */
        k = (size_t)(rnd() % 4) + 1;
        if (pos + k <= n) {
            memmove(out + pos, out + pos + k, n - pos - k);
            n -= k;
        }
        break;
    case 4: /* duplicate a run (repeats keys, members, escapes) */
        k = (size_t)(rnd() % 24) + 1;
        if (pos + k <= n && n + k <= cap) {
            memmove(out + pos + k, out + pos, n - pos);
            n += k;
        }
        break;
    case 5: /* truncate */
        n = pos;
        break;
    default: /* flip the high bit of a byte */
        if (pos < n)
            out[pos] = (char)(out[pos] ^ 0x80);
        break;
    }
    return n;
}

static void run_all(run *R, int level)
{
    seeds S;
    char big[8192];
    size_t i = 0, m = 0, files = 0;
    memset(&S, 0, sizeof S);
    amc_simd_set_level(level);
    files += walk(R, AMC_SOURCE_DIR "/corpus/json_read", "", true, &S);
    files += walk(R, AMC_SOURCE_DIR "/corpus/regressions", "", true, NULL);
    files += walk(R, AMC_SOURCE_DIR "/conformance", ".json", false, &S);
    files += walk(R, AMC_SOURCE_DIR "/examples", ".json", false, &S);
    assert_true(files > 50);
    block_edges(R, &S);
    for (i = 1; i < 70; i += 3) {
        size_t n = keys_object(big, i, -1);
        all_limits(R, big, n);
        seed_add(&S, big, n);
        n = keys_object(big, i, (int)(i / 2));
        all_limits(R, big, n);
        n = keys_object(big, i, (int)i - 1);
        all_limits(R, big, n);
    }
    for (i = 0; i < S.n; i++) {
        size_t rounds = S.len[i] < 2000 ? 60 : 15;
        for (m = 0; m < rounds; m++) {
            size_t n = mutate(S.buf[i], S.len[i], big, sizeof big);
            if (m % 3 == 2) /* a second mutation on top */
                n = mutate(big, n, big, sizeof big);
            all_limits(R, big, n);
        }
        free(S.buf[i]);
    }
    free(S.buf);
    free(S.len);
}

static void test_reader_unchanged(void **state)
{
    run R;
    int level = 0, max = amc_simd_max_level(), saved = amc_simd_level();
    (void)state;
    memset(&R, 0, sizeof R);
    R.da = amc_diags_new(0);
    R.db = amc_diags_new(0);
    R.dc = amc_diags_new(0);
    assert_non_null(R.da);
    assert_non_null(R.db);
    assert_non_null(R.dc);
    for (level = AMC_SIMD_SCALAR; level <= max; level++) {
        size_t before = R.inputs;
        rng_state = 0x9E3779B97F4A7C15ULL; /* the same mutations at every level */
        run_all(&R, level);
        print_message("SIMD level %d: %zu reads compared\n", level, R.inputs - before);
    }
    amc_simd_set_level(saved);
    print_message("%zu reads, %zu accepted, all identical to the reference reader\n", R.inputs,
                  R.accepted);
    assert_true(R.accepted > 1000 && R.accepted < R.inputs);
    amc_doc_free(R.reuse);
    amc_diags_free(R.da);
    amc_diags_free(R.db);
    amc_diags_free(R.dc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
