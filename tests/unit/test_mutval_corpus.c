/*
 * test_mutval_corpus.c - the schema engine's whole answer over a corpus of schemas and
 * instances (issue 22: the mutants of src/schema/validate.c, compile.c, registry.c and lint.c
 * that no test told apart).
 *
 * tests/data/mutval/<name>.cases holds the cases (tests/tools/mutval_gen.py writes the generated
 * ones): a case is a run of lines
 *   S <schema JSON>                 the root document (retrieval URI "urn:mutval:root")
 *   R <uri> <JSON>                  further documents, added before S (optional, before S)
 *   I <v> <instance JSON>           an instance; <v>: the verdict of an independent validator
 *                                   (python-jsonschema: 1 valid, 0 invalid), '?' for none
 * and '#' lines are comments. For each case the test writes a text: the registry's status and
 * diagnostics, the linter's findings on the root document, the compile status and its
 * diagnostics, and for every instance the verdicts of the full
 * evaluation, of the fast path (no diagnostics) and of stop-at-first-error, each diagnostic with
 * its code, severity, position, instance and keyword locations, absolute keyword location,
 * context and message, also with max_errors 2, with every branch detail, and with max_depth 1 to
 * 6 (the status, both verdicts, and the diagnostics of a run cut short). The FNV-1a 64 of
 * each case's text must be the one in <name>.hash; a case whose hash differs is printed in full
 * (MUTVAL_WRITE=1 rewrites the .hash files instead, after a reviewed change of behaviour).
 * Every full verdict must equal the independent one and the fast and first-error verdicts.
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
#include "amc/lint.h"
#include "fnv.h"
#include "slurp.h"

typedef struct tbuf {
    char *p;
    size_t n, cap;
} tbuf;

static void tb_add(tbuf *b, const char *fmt, ...) AMC_PRINTF(2, 3);

static void tb_add(tbuf *b, const char *fmt, ...)
{
    va_list ap;
    int k = 0;
    for (;;) {
        va_start(ap, fmt);
        k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        assert_true(k >= 0);
        if (b->p && b->n + (size_t)k < b->cap)
            break;
        b->cap = (b->cap + (size_t)k + 1) * 2;
        b->p = realloc(b->p, b->cap);
        assert_non_null(b->p);
    }
    b->n += (size_t)k;
}

static void put_diags(tbuf *b, const char *tag, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        tb_add(b, " %s %s %s ", tag, amc_code_name(d->code), amc_severity_str(d->sev));
        if (d->at.offset == AMC_NO_OFFSET)
            tb_add(b, "-");
        else
            tb_add(b, "%u:%u@%zu", d->at.line, d->at.col, d->at.offset);
        tb_add(b, " i=%s k=%s u=%s", d->instance_ptr ? d->instance_ptr : "(null)",
               d->keyword_ptr ? d->keyword_ptr : "(null)",
               d->schema_uri ? d->schema_uri : "(null)");
        if (d->context)
            tb_add(b, " c=%s", d->context);
        tb_add(b, " | %s\n", d->message);
    }
    if (amc_diags_dropped(ds))
        tb_add(b, " %s dropped %zu\n", tag, amc_diags_dropped(ds));
}

typedef struct inst {
    int want; /* 1, 0, -1: no independent verdict */
    const char *text;
    size_t len;
    size_t line;
} inst;

typedef struct rdoc {
    char *uri;
    const char *text;
    size_t len;
} rdoc;

typedef struct tcase {
    size_t line;
    const char *schema;
    size_t slen;
    rdoc res[8];
    size_t nres;
    inst in[64];
    size_t nin;
} tcase;

static int failures;

static void validate_one(tbuf *b, const amc_schema *cs, const amc_schema *const *wrap,
                         const inst *it, size_t j, size_t cline)
{
    amc_diags *rd = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
    amc_diags *d1 = amc_diags_new(0), *d2 = amc_diags_new(0), *d3 = amc_diags_new(0),
              *d4 = amc_diags_new(0), *d5 = amc_diags_new(0);
    bool v1 = false, v2 = false, v3 = false, v4 = false, v5 = false, v6 = false;
    amc_status s1, s2, s3, s4, s5, s6;
    uint32_t depth = 0, w = 0;
    assert_true(rd && d1 && d2 && d3 && d4 && d5);
    if (amc_json_read(it->text, it->len, NULL, rd, &doc) != AMC_OK) {
        fail_msg("line %zu: the instance is not JSON", it->line);
    }
    /* everything, the default details */
    s1 = amc_schema_validate(cs, amc_doc_root(doc), doc, &o, d1, &v1);
    /* the fast path: no diagnostics */
    s2 = amc_schema_validate(cs, amc_doc_root(doc), doc, &o, NULL, &v2);
    /* stop at the first error */
    o.all_errors = false;
    s3 = amc_schema_validate(cs, amc_doc_root(doc), doc, &o, d2, &v3);
    s6 = amc_schema_validate(cs, amc_doc_root(doc), NULL, &o, NULL, &v6);
    /* at most two errors, one detail per branch */
    o.all_errors = true;
    o.max_errors = 2;
    o.branch_details = 1;
    s4 = amc_schema_validate(cs, amc_doc_root(doc), doc, &o, d3, &v4);
    /* every detail, format asserted, without the instance document (no positions) */
    o.max_errors = 0;
    o.branch_details = UINT32_MAX;
    o.format_assert = true;
    s5 = amc_schema_validate(cs, amc_doc_root(doc), NULL, &o, d4, &v5);
    tb_add(b, "inst %zu: %s %d %d %d %d %d; %s %s %s %s %s\n", j, amc_status_str(s1), v1, v2, v3,
           v4, v5, amc_status_str(s2), amc_status_str(s3), amc_status_str(s4), amc_status_str(s5),
           amc_status_str(s6));
    put_diags(b, "e", d1);
    put_diags(b, "f", d2);
    put_diags(b, "m", d3);
    put_diags(b, "a", d4);
    /* the same schema under the two wrappers (see run_case): the full evaluation for every
     * instance, and once more silently under "not" */
    for (w = 0; w < 2 && wrap[0]; w++) {
        bool vw = false;
        amc_status sw;
        amc_validate_opts ow = AMC_VALIDATE_OPTS_DEFAULT;
        amc_diags_clear(d5);
        sw = amc_schema_validate(wrap[w], amc_doc_root(doc), doc, &ow, d5, &vw);
        tb_add(b, " wrap %u: %s %d\n", w, amc_status_str(sw), vw);
        put_diags(b, "w", d5);
        /* AMC_ELIMIT: a $ref loop that the fast path or an early stop never reached, and the
         * full evaluation (which collects annotations: every item of "contains") does */
        if (s1 == AMC_OK && sw != AMC_ELIMIT && (sw != AMC_OK || vw != (w ? !v1 : v1))) {
            print_error("case at line %zu, instance %zu: wrapper %u says %s (%s), the schema "
                        "alone %s\n",
                        cline, j, w, vw ? "valid" : "invalid", amc_status_str(sw),
                        v1 ? "valid" : "invalid");
            failures++;
        }
    }
    /* the depth limit at every level a small schema reaches: where each path gives up */
    for (depth = 1; depth <= 6; depth++) {
        bool vd = false, vf = false;
        amc_status sd, sf;
        amc_validate_opts od = AMC_VALIDATE_OPTS_DEFAULT;
        od.max_depth = depth;
        amc_diags_clear(d5);
        sd = amc_schema_validate(cs, amc_doc_root(doc), doc, &od, d5, &vd);
        sf = amc_schema_validate(cs, amc_doc_root(doc), doc, &od, NULL, &vf);
        tb_add(b, " depth %u: %s %d, %s %d\n", depth, amc_status_str(sd), vd, amc_status_str(sf),
               vf);
        if (sd != AMC_OK)
            put_diags(b, "d", d5);
        if (sd == AMC_OK && (sf != AMC_OK || vd != vf || vd != v1)) {
            print_error("case at line %zu, instance %zu: max_depth %u: the verdicts differ\n",
                        cline, j, depth);
            failures++;
        }
    }
    if (s1 == AMC_OK && (v1 != v2 || v1 != v3 || v1 != v4 || v1 != v6 || s2 != AMC_OK ||
                         s3 != AMC_OK || s4 != AMC_OK || s6 != AMC_OK)) {
        print_error("case at line %zu, instance %zu (line %zu): the verdicts differ: all %d, "
                    "fast %d, first %d, max2 %d, first-fast %d\n",
                    cline, j, it->line, v1, v2, v3, v4, v6);
        failures++;
    }
    if (s1 == AMC_OK && v1 != (amc_diags_errors(d1) == 0)) {
        print_error("case at line %zu, instance %zu: verdict %d with %zu errors\n", cline, j, v1,
                    amc_diags_errors(d1));
        failures++;
    }
    /* a $ref loop (AMC_ELIMIT) is amc's answer where the reference validator may stop early */
    if (it->want >= 0 && (s1 == AMC_OK ? (int)v1 != it->want : s1 != AMC_ELIMIT)) {
        print_error("case at line %zu, instance %zu (line %zu): amc says %s (%s), the reference "
                    "validator %s\n",
                    cline, j, it->line, v1 ? "valid" : "invalid", amc_status_str(s1),
                    it->want ? "valid" : "invalid");
        failures++;
    }
    amc_doc_free(doc);
    amc_diags_free(rd);
    amc_diags_free(d1);
    amc_diags_free(d2);
    amc_diags_free(d3);
    amc_diags_free(d4);
    amc_diags_free(d5);
}

static void run_case(tbuf *b, const tcase *tc)
{
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_diags *ds = amc_diags_new(0);
    amc_diags *ld = amc_diags_new(0);
    const char *uri = NULL;
    const amc_schema *cs = NULL, *wrap[2] = {NULL, NULL};
    amc_status st = AMC_OK;
    size_t j = 0;
    assert_true(set && ds && ld);
    for (j = 0; j < tc->nres; j++) {
        st = amc_schema_set_add(set, tc->res[j].uri, tc->res[j].text, tc->res[j].len, ds, NULL);
        tb_add(b, "add %s: %s\n", tc->res[j].uri, amc_status_str(st));
    }
    st = amc_schema_set_add(set, "urn:mutval:root", tc->schema, tc->slen, ds, &uri);
    tb_add(b, "add: %s\n", amc_status_str(st));
    put_diags(b, "r", ds);
    amc_diags_clear(ds);
    if (st == AMC_OK) {
        st = amc_schema_lint(set, uri, NULL, ld);
        tb_add(b, "lint: %s\n", amc_status_str(st));
        put_diags(b, "l", ld);
        st = amc_schema_compile(set, uri, ds, &cs);
        tb_add(b, "compile: %s\n", amc_status_str(st));
        put_diags(b, "c", ds);
    }
    /* Two wrappers of the root: {"$ref": root, "unevaluatedItems": true} has the root's verdict
     * but, with an unevaluated* keyword, no fast path: the full evaluation runs (with
     * annotations) also for the valid instances; {"not": {"$ref": root}, ...} the opposite
     * verdict, the root evaluated silently (the way subschemas of not, anyOf, oneOf, if,
     * contains and propertyNames are). */
    for (j = 0; j < 2 && cs; j++) {
        static const char *const wtext[] = {
            "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"$ref\": "
            "\"urn:mutval:root\", \"unevaluatedItems\": true}",
            "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", \"not\": "
            "{\"$ref\": \"urn:mutval:root\"}, \"unevaluatedItems\": true}"};
        static const char *const wuri[] = {"urn:mutval:wrap0", "urn:mutval:wrap1"};
        amc_diags_clear(ds);
        if (amc_schema_set_add(set, wuri[j], wtext[j], strlen(wtext[j]), ds, NULL) != AMC_OK ||
            amc_schema_compile(set, wuri[j], ds, &wrap[j]) != AMC_OK)
            fail_msg("case at line %zu: the wrapper does not compile", tc->line);
    }
    for (j = 0; j < tc->nin; j++) {
        if (!cs) /* the reference validator was laxer (a pattern ECMA-262 refuses...) */
            continue;
        validate_one(b, cs, wrap, &tc->in[j], j, tc->line);
    }
    amc_diags_free(ld);
    amc_diags_free(ds);
    amc_schema_set_free(set);
}

/* the next line of text at *p (without its newline), advancing *p; NULL at the end */
static const char *next_line(const char **p, const char *end, size_t *len)
{
    const char *s = *p, *e = NULL;
    if (s >= end)
        return NULL;
    e = memchr(s, '\n', (size_t)(end - s));
    if (!e)
        e = end;
    *len = (size_t)(e - s);
    *p = e < end ? e + 1 : end;
    return s;
}

static void run_file(const char *name)
{
    char path[512], hpath[512];
    size_t len = 0, hlen = 0, nline = 0, ncase = 0, nbad = 0;
    char *text = NULL, *htext = NULL;
    const char *p = NULL, *end = NULL, *l = NULL;
    size_t ll = 0, k = 0;
    tcase *tc = calloc(1, sizeof *tc);
    bool write = getenv("MUTVAL_WRITE") != NULL;
    const char *dump = getenv("MUTVAL_DUMP");
    FILE *hout = NULL, *dout = NULL;
    const char *hp = NULL, *hend = NULL;
    assert_non_null(tc);
    snprintf(path, sizeof path, "%s/tests/data/mutval/%s.cases", AMC_SOURCE_DIR, name);
    snprintf(hpath, sizeof hpath, "%s/tests/data/mutval/%s.hash", AMC_SOURCE_DIR, name);
    text = slurp(path, &len);
    if (!text)
        fail_msg("cannot read %s", path);
    if (write) {
        hout = fopen(hpath, "w");
        assert_non_null(hout);
    } else {
        htext = slurp(hpath, &hlen);
        if (!htext)
            fail_msg("cannot read %s", hpath);
        hp = htext;
        hend = htext + hlen;
    }
    if (dump) {
        dout = fopen(dump, "a");
        assert_non_null(dout);
    }
    p = text;
    end = text + len;
    for (;;) {
        bool at_end = false;
        l = next_line(&p, end, &ll);
        nline++;
        at_end = l == NULL;
        if (!at_end && (ll == 0 || l[0] == '#'))
            continue;
        if (at_end || ((l[0] == 'S' || l[0] == 'R') && tc->schema)) {
            if (tc->schema) {
                tbuf b = {NULL, 0, 0};
                uint64_t h = 0;
                char want[64];
                const char *hl = NULL;
                size_t hll = 0;
                run_case(&b, tc);
                h = fnv1a(FNV_INIT, b.p, b.n);
                snprintf(want, sizeof want, "%zu %016llx", ncase, (unsigned long long)h);
                if (dout)
                    fprintf(dout, "== %s case %zu (line %zu)\n%s", name, ncase, tc->line, b.p);
                if (write) {
                    fprintf(hout, "%s\n", want);
                } else {
                    hl = next_line(&hp, hend, &hll);
                    if (!hl || hll != strlen(want) || memcmp(hl, want, hll) != 0) {
                        if (nbad++ < 5)
                            print_error("%s: case %zu (line %zu) answers differently from the "
                                        "pinned answer (hash %.*s, now %s):\n%s",
                                        name, ncase, tc->line, (int)(hl ? hll : 0), hl ? hl : "",
                                        want, b.p);
                    }
                }
                free(b.p);
                ncase++;
            }
            for (k = 0; k < tc->nres; k++)
                free(tc->res[k].uri);
            if (at_end)
                break;
            memset(tc, 0, sizeof *tc);
            tc->line = nline;
        }
        if (l[0] == 'S') {
            assert_true(ll > 2);
            tc->schema = l + 2;
            tc->slen = ll - 2;
            tc->line = nline;
        } else if (l[0] == 'R') {
            const char *sp = memchr(l + 2, ' ', ll - 2);
            char *u = NULL;
            assert_non_null(sp);
            assert_true(tc->nres < 8);
            u = calloc(1, (size_t)(sp - (l + 2)) + 1);
            assert_non_null(u);
            memcpy(u, l + 2, (size_t)(sp - (l + 2)));
            tc->res[tc->nres].uri = u;
            tc->res[tc->nres].text = sp + 1;
            tc->res[tc->nres].len = ll - (size_t)(sp + 1 - l);
            tc->nres++;
        } else if (l[0] == 'I') {
            inst *it = NULL;
            assert_true(tc->nin < 64 && ll > 4);
            it = &tc->in[tc->nin++];
            it->want = l[2] == '1' ? 1 : l[2] == '0' ? 0 : -1;
            it->text = l + 4;
            it->len = ll - 4;
            it->line = nline;
        } else {
            fail_msg("%s line %zu: unknown line", name, nline);
        }
    }
    if (!write && hp < hend) {
        print_error("%s: the .hash file has more lines than there are cases (%zu)\n", name, ncase);
        nbad++;
    }
    if (hout)
        fclose(hout);
    if (dout)
        fclose(dout);
    free(text);
    free(htext);
    free(tc);
    if (nbad) {
        print_error("%s: %zu of %zu cases answer differently (after a reviewed change of "
                    "behaviour, MUTVAL_WRITE=1 and this test rewrite tests/data/mutval/*.hash; "
                    "MUTVAL_DUMP=FILE writes every case's text)\n",
                    name, nbad, ncase);
        failures++;
    }
    print_message("%s: %zu cases\n", name, ncase);
}

static void test_corpus(void **state)
{
    (void)state;
    failures = 0;
    run_file("hand");
    run_file("gen");
    run_file("lint");
    run_file("guided");
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
