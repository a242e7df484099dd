/*
 * test_lead_regex_js.c - amc's ECMA-262 regular expressions (src/schema/regex.c, the "pattern"
 * engine) against JavaScript itself: for every pattern made of up to N symbols of an alphabet,
 * whether it compiles and, when it does, its answer on each of a set of strings must be those of
 * `new RegExp(pattern, "u").test(string)` in Node.js.
 *
 * JavaScript's answers are kept as hashes of blocks of answers in the files of
 * tests/data/lead/regex-js/ (tests/tools/regex_js_verdicts.js wrote them with Node.js; it also
 * prints JavaScript's answers for any range of patterns, to see where a block differs):
 *   syntax3.json  every pattern of up to 3 of 24 symbols (quantifiers, alternation, groups,
 *                 lookarounds, classes, anchors, escapes, a non-ASCII letter): 14425 patterns
 *   groups4.json  every pattern of up to 4 of 18 symbols (groups, named groups and \k, classes,
 *                 braces, \u and \p escapes): 111151 patterns
 *   escapes3.json every pattern of up to 3 of 26 symbols (\b \w \s \d and their negations,
 *                 \p{...}, \u{..}, \x, \c, \0, identity escapes, classes, '.', '^', '$') on
 *                 strings of letters, spaces, line ends, non-ASCII and astral characters: 18279
 * Each line of answers: "E" when the pattern does not compile, else one '1' or '0' per string.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/json.h"
#include "schema/regex_int.h"
#include "fnv.h"
#include "slurp.h"

#define MAXSYM 32
#define MAXSTR 32

typedef struct rxset {
    const char *sym[MAXSYM];
    size_t symlen[MAXSYM], nsym;
    const char *str[MAXSTR];
    size_t strlen_[MAXSTR], nstr;
    size_t depth, block, npat;
    const amc_value *hashes;
    /* the walk */
    size_t index, nblock;
    uint64_t h;
    size_t bad_block; /* first block whose hash differs, or SIZE_MAX */
} rxset;

static void feed(rxset *s, const char *line, size_t n)
{
    s->h = fnv1a(fnv1a(s->h, line, n), "\n", 1);
    s->index++;
    if (s->index % s->block == 0 || s->index == s->npat) {
        char hex[17];
        const amc_value *want =
            s->nblock < s->hashes->u.arr.len ? s->hashes->u.arr.items[s->nblock] : NULL;
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)s->h);
        if (s->bad_block == SIZE_MAX &&
            (!want || want->type != AMC_T_STRING || want->u.str.len != 16 ||
             memcmp(want->u.str.ptr, hex, 16) != 0))
            s->bad_block = s->nblock;
        s->nblock++;
        s->h = FNV_INIT;
    }
}

static void one(rxset *s, const char *pat, size_t len)
{
    char err[256], line[MAXSTR + 1];
    size_t i = 0;
    amc_regex *re = amc_regex_compile(pat, len, 0, err, sizeof err);
    if (!re) {
        feed(s, "E", 1);
        return;
    }
    for (i = 0; i < s->nstr; i++) {
        int r = amc_regex_search(re, s->str[i], s->strlen_[i]);
        line[i] = r == 1 ? '1' : r == 0 ? '0' : 'X';
    }
    amc_regex_free(re);
    feed(s, line, s->nstr);
}

static void walk(rxset *s, char *buf, size_t len, size_t depth)
{
    size_t k = 0;
    one(s, buf, len);
    if (depth == s->depth)
        return;
    for (k = 0; k < s->nsym; k++) {
        memcpy(buf + len, s->sym[k], s->symlen[k]);
        walk(s, buf, len + s->symlen[k], depth + 1);
    }
}

static size_t count_of(const amc_value *root, const char *key)
{
    const amc_value *v = amc_value_getz(root, key);
    assert_non_null(v);
    assert_true(v->type == AMC_T_NUMBER && (v->flags & AMC_NUM_INT64) && v->u.num.i > 0);
    return (size_t)v->u.num.i;
}

static void check_set(const char *name)
{
    char path[512], buf[512];
    size_t len = 0, i = 0, maxsym = 0;
    char *text = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *syms = NULL, *strs = NULL;
    rxset s;
    memset(&s, 0, sizeof s);
    snprintf(path, sizeof path, "%s/tests/data/lead/regex-js/%s.json", AMC_SOURCE_DIR, name);
    text = slurp(path, &len);
    assert_non_null(text);
    assert_int_equal(amc_json_read(text, len, NULL, ds, &doc), AMC_OK);
    root = amc_doc_root(doc);
    syms = amc_value_getz(root, "symbols");
    strs = amc_value_getz(root, "strings");
    s.hashes = amc_value_getz(root, "hashes");
    assert_true(syms && syms->type == AMC_T_ARRAY && syms->u.arr.len <= MAXSYM);
    assert_true(strs && strs->type == AMC_T_ARRAY && strs->u.arr.len <= MAXSTR);
    assert_true(s.hashes && s.hashes->type == AMC_T_ARRAY);
    for (i = 0; i < syms->u.arr.len; i++) {
        s.sym[i] = syms->u.arr.items[i]->u.str.ptr;
        s.symlen[i] = syms->u.arr.items[i]->u.str.len;
        if (s.symlen[i] > maxsym)
            maxsym = s.symlen[i];
    }
    s.nsym = syms->u.arr.len;
    for (i = 0; i < strs->u.arr.len; i++) {
        s.str[i] = strs->u.arr.items[i]->u.str.ptr;
        s.strlen_[i] = strs->u.arr.items[i]->u.str.len;
    }
    s.nstr = strs->u.arr.len;
    s.depth = count_of(root, "depth");
    s.block = count_of(root, "block");
    s.npat = count_of(root, "patterns");
    assert_true(s.depth * maxsym < sizeof buf);
    s.h = FNV_INIT;
    s.bad_block = SIZE_MAX;
    walk(&s, buf, 0, 0);
    if (s.index != s.npat || s.nblock != s.hashes->u.arr.len)
        fail_msg("%s: %zu patterns in %zu blocks, the file says %zu in %zu", name, s.index,
                 s.nblock, s.npat, (size_t)s.hashes->u.arr.len);
    if (s.bad_block != SIZE_MAX)
        fail_msg(
            "%s: amc's answers differ from JavaScript's in patterns %zu to %zu (see them: node "
            "tests/tools/regex_js_verdicts.js tests/data/lead/regex-js/%s.json %zu %zu)",
            name, s.bad_block * s.block, (s.bad_block + 1) * s.block - 1, name,
            s.bad_block * s.block, (s.bad_block + 1) * s.block - 1);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(text);
}

static void test_syntax3(void **state)
{
    (void)state;
    check_set("syntax3");
}

static void test_escapes3(void **state)
{
    (void)state;
    check_set("escapes3");
}

static void test_groups4(void **state)
{
    (void)state;
    check_set("groups4");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax3),
        cmocka_unit_test(test_groups4),
        cmocka_unit_test(test_escapes3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
