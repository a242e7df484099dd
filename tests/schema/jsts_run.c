/*
 * jsts_run.c - runs the official JSON-Schema-Test-Suite against amc's schema engine, for each
 * draft amc implements (tests/draft2020-12, draft2019-09, draft7, draft6, draft4).
 *
 * Usage: jsts_run [--suite DIR] [--draft NAME]... [--expected FILE] [--required-only]
 *                 [--verbose] [--seeds DIR]
 *   --suite DIR       the suite copy (default: $AMC_JSTS_DIR, else the built-in default: the one
 *                     committed in the repository)
 *   --draft NAME      the suite directory to run (draft2020-12, draft2019-09, draft7, draft6,
 *                     draft4); repeatable; default: all five. Schemas without "$schema" are read
 *                     in that draft (amc_schema_set_default_dialect()).
 *   --expected FILE   expected failures, one "draft/file:group description:test description"
 *                     per line (file relative to tests/<draft>/), optionally followed by
 *                     "  # reason"; '#' lines and blank lines are ignored
 *   --required-only   run only the required files
 *   --seeds DIR       also write fuzz seeds from the first test of each required file:
 * DIR/schema_compile/<n>.json (schemas) and DIR/schema_validate/<n>.bin (4-byte LE schema length,
 * schema, instance)
 *   --diags FILE      also compare every file's diagnostics with FILE
 *                     (tests/schema/jsts-diags.txt): a line per suite file, "draft/file DIGEST
 *                     COUNT"; DIGEST is an FNV-1a-64 over every test's all-errors status,
 *                     verdict and diagnostics (code, severity, position, locations, schema URI,
 *                     message, context), each group's compile diagnostics and the findings of
 *                     amc_schema_lint() on its schema; COUNT is the number of those
 *                     diagnostics. A file that differs, or a line no file of the run matches,
 *                     fails the run. A meant change is reviewed with --dump, then the file is
 *                     rewritten with --diags-write.
 *   --diags-write FILE  write that file instead (for the drafts and sets run)
 *   --dump FILE       print the diagnostics of every test of that suite file
 *                     ("optional/bignum.json")
 *
 * Sets per draft (file names are relative to tests/<draft>/):
 *   required  every *.json at the top level (format.json with format as an annotation);
 *   format    optional/format/<f>.json for the formats amc asserts that the draft defines, with
 *             format assertion on (gating);
 *   optional  everything else under optional/ (reported, never gating).
 * Each test is validated twice: collecting all errors (with diagnostics) and stopping at the
 * first (no diagnostics); the verdicts must agree with each other and with the suite.
 * Remote references to http://localhost:1234/ are served from remotes/ through the loader.
 * Exit status: 0 when every gating test passes or is listed in the expected failures and no
 * listed entry passes; 1 otherwise, and when the suite is missing (it is committed in the
 * repository: tests/external/JSON-Schema-Test-Suite; a test that cannot run fails).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "amc/amc.h"
#include "schema/schema_int.h"
#include "../unit/fnv.h"
#include "../unit/slurp.h"

#ifndef AMC_JSTS_DEFAULT_DIR
#define AMC_JSTS_DEFAULT_DIR ""
#endif

/* the formats whose suite files gate (amc checks the others too, see the optional counts) */
static const char *const asserted_formats[] = {
    "date-time", "date", "time",          "duration", "email", "hostname",     "ipv4",
    "ipv6",      "uri",  "uri-reference", "uuid",     "regex", "json-pointer",
};

typedef struct stats {
    unsigned pass, fail, xfail, skip;
} stats;

static const char *suite_dir;
static const char *draft_dir; /* "draft7" */
static amc_schema_dialect dialect;
static bool verbose;
static const char *seed_dir;
static unsigned seed_n;

/* --diags / --diags-write / --dump */
typedef struct gold {
    char *key;
    unsigned long long digest;
    size_t count;
    bool seen;
} gold;
static gold *golds;
static size_t ngolds;
static FILE *gold_out;
static const char *dump_rel;
static unsigned gold_bad;

static void mix(unsigned long long *h, const void *p, size_t n)
{
    *h = fnv1a_field(*h, p, n);
}

static void mix_str(unsigned long long *h, const char *s)
{
    mix(h, s ? s : "", s ? strlen(s) + 1 : 0); /* NULL and "" differ by the NUL */
}

static void mix_num(unsigned long long *h, unsigned long long v)
{
    mix(h, &v, sizeof v);
}

static void mix_diags(unsigned long long *h, size_t *count, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        mix_str(h, amc_code_id(d->code));
        mix_num(h, (unsigned long long)d->sev);
        mix_num(h, (unsigned long long)d->at.offset);
        mix_num(h, d->at.line);
        mix_num(h, d->at.col);
        mix_str(h, d->instance_ptr);
        mix_str(h, d->keyword_ptr);
        mix_str(h, d->schema_uri);
        mix_str(h, d->message);
        mix_str(h, d->context);
        mix_num(h, (unsigned long long)d->context_at.offset);
        (*count)++;
    }
}

static void load_golds(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    if (!f) {
        printf("FAIL: cannot read %s\n", path);
        gold_bad++;
        return;
    }
    while (fgets(line, sizeof line, f)) {
        char key[900];
        unsigned long long d = 0;
        size_t c = 0;
        gold *g = NULL;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%899s %llx %zu", key, &d, &c) != 3) {
            printf("FAIL: %s: a line is not \"draft/file DIGEST COUNT\": %s", path, line);
            gold_bad++;
            continue;
        }
        g = realloc(golds, (ngolds + 1) * sizeof *golds);
        if (!g || !(g[ngolds].key = strdup(key))) {
            fprintf(stderr, "jsts_run: out of memory\n");
            exit(2);
        }
        golds = g;
        golds[ngolds].digest = d;
        golds[ngolds].count = c;
        golds[ngolds++].seen = false;
    }
    fclose(f);
}

/* After a file: compare (or write) its digest. */
static void gold_file(const char *rel, unsigned long long h, size_t count)
{
    char key[900];
    size_t i = 0;
    snprintf(key, sizeof key, "%s/%s", draft_dir, rel);
    if (gold_out)
        fprintf(gold_out, "%s %016llx %zu\n", key, h, count);
    if (!golds && !ngolds)
        return;
    for (i = 0; i < ngolds && strcmp(golds[i].key, key); i++)
        ;
    if (i == ngolds) {
        printf("DIAGS %s: not in the --diags file (its diagnostics: digest %016llx, %zu)\n", key, h,
               count);
        gold_bad++;
        return;
    }
    golds[i].seen = true;
    if (golds[i].digest != h || golds[i].count != count) {
        printf("DIAGS %s: the diagnostics changed: digest %016llx, %zu diagnostics; the --diags "
               "file says %016llx, %zu (see them: jsts_run --draft %s --dump %s)\n",
               key, h, count, golds[i].digest, golds[i].count, draft_dir, rel);
        gold_bad++;
    }
}

/* expected failures */
typedef struct xf {
    char *key;
    bool seen;
} xf;
static xf *xfs;
static size_t nxf;

static void load_expected(const char *path)
{
    size_t len = 0;
    char *text = path ? slurp(path, &len) : NULL;
    char *line = NULL, *save = NULL;
    if (!text)
        return;
    for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *hash = strstr(line, "  #");
        size_t n = 0;
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (hash)
            *hash = '\0';
        n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!n)
            continue;
        xfs = realloc(xfs, (nxf + 1) * sizeof *xfs);
        xfs[nxf].key = strdup(line);
        xfs[nxf].seen = false;
        nxf++;
    }
    free(text);
}

static xf *find_xf(const char *key)
{
    size_t i = 0;
    for (i = 0; i < nxf; i++)
        if (!strcmp(xfs[i].key, key))
            return &xfs[i];
    return NULL;
}

/* The loader: http://localhost:1234/<path> -> <suite>/remotes/<path>. */
static amc_status loader(void *ud, const char *uri, char **buf, size_t *len)
{
    static const char prefix[] = "http://localhost:1234/";
    char path[4096];
    (void)ud;
    if (strncmp(uri, prefix, sizeof prefix - 1) != 0)
        return AMC_EIO;
    snprintf(path, sizeof path, "%s/remotes/%s", suite_dir, uri + sizeof prefix - 1);
    *buf = slurp(path, len);
    return *buf ? AMC_OK : AMC_EIO;
}

static void write_seed(const char *schema, size_t slen, const amc_value *data)
{
    char path[4096];
    FILE *f = NULL;
    size_t dlen = 0;
    char *dtext = NULL;
    unsigned char hdr[4];
    if (!seed_dir)
        return;
    dtext = amc_value_to_json(data, -1, &dlen);
    if (!dtext)
        return;
    seed_n++;
    snprintf(path, sizeof path, "%s/schema_validate/jsts-%04u.bin", seed_dir, seed_n);
    f = fopen(path, "wb");
    if (f) {
        hdr[0] = (unsigned char)(slen & 0xff);
        hdr[1] = (unsigned char)((slen >> 8) & 0xff);
        hdr[2] = (unsigned char)((slen >> 16) & 0xff);
        hdr[3] = (unsigned char)((slen >> 24) & 0xff);
        fwrite(hdr, 1, 4, f);
        fwrite(schema, 1, slen, f);
        fwrite(dtext, 1, dlen, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/schema_compile/jsts-%04u.json", seed_dir, seed_n);
    f = fopen(path, "wb");
    if (f) {
        fwrite(schema, 1, slen, f);
        fclose(f);
    }
    amc_free(dtext);
}

static void print_diags(const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        printf("        %s: %s [instance %s, keyword %s]%s%s\n", amc_code_id(d->code), d->message,
               d->instance_ptr ? d->instance_ptr : "-", d->keyword_ptr ? d->keyword_ptr : "-",
               d->context ? " " : "", d->context ? d->context : "");
    }
}

/* Runs one file; format: assert formats. Returns false on a harness problem. */
static void run_file(const char *rel, bool format, stats *st, bool seeds)
{
    char path[4096];
    size_t len = 0, g = 0, t = 0;
    char *text = NULL;
    amc_doc *doc = NULL;
    amc_diags *rd = amc_diags_new(0);
    const amc_value *root = NULL;
    unsigned file_fail = 0;
    unsigned long long h = FNV_INIT;
    size_t count = 0;
    bool dump = dump_rel && !strcmp(dump_rel, rel);
    snprintf(path, sizeof path, "%s/tests/%s/%s", suite_dir, draft_dir, rel);
    text = slurp(path, &len);
    if (!text || amc_json_read(text, len, NULL, rd, &doc) != AMC_OK) {
        printf("%s: cannot read\n", rel);
        st->fail++;
        goto out;
    }
    root = amc_doc_root(doc);
    for (g = 0; g < root->u.arr.len; g++) {
        const amc_value *grp = root->u.arr.items[g];
        const amc_value *desc = amc_value_getz(grp, "description");
        const amc_value *schema = amc_value_getz(grp, "schema");
        const amc_value *tests = amc_value_getz(grp, "tests");
        amc_schema_set *set = amc_schema_set_new(NULL);
        amc_diags *cd = amc_diags_new(0);
        const char *uri = NULL;
        const amc_schema *cs = NULL;
        size_t slen = 0;
        char *stext = amc_value_to_json(schema, -1, &slen);
        amc_status cst = amc_schema_set_default_dialect(set, dialect);
        amc_schema_set_loader(set, loader, NULL);
        if (cst == AMC_OK)
            cst = amc_schema_set_add(set, NULL, stext, slen, cd, &uri);
        if (cst == AMC_OK)
            cst = amc_schema_compile(set, uri, cd, &cs);
        mix_num(&h, (unsigned long long)cst);
        mix_diags(&h, &count, cd);
        if (dump) {
            printf("%s/%s: %s: compile %s\n", draft_dir, rel, desc->u.str.ptr, amc_status_str(cst));
            print_diags(cd);
        }
        if (golds || gold_out || dump) { /* the linter's findings on the group's schema */
            amc_diags *ld = amc_diags_new(0);
            amc_status lst = uri && ld ? amc_schema_lint(set, uri, NULL, ld) : AMC_EUSAGE;
            mix_num(&h, (unsigned long long)lst);
            if (ld)
                mix_diags(&h, &count, ld);
            if (dump && ld) {
                printf("%s/%s: %s: lint %s\n", draft_dir, rel, desc->u.str.ptr,
                       amc_status_str(lst));
                print_diags(ld);
            }
            amc_diags_free(ld);
        }
        for (t = 0; t < tests->u.arr.len; t++) {
            const amc_value *tc = tests->u.arr.items[t];
            const amc_value *tdesc = amc_value_getz(tc, "description");
            const amc_value *data = amc_value_getz(tc, "data");
            bool want = amc_value_getz(tc, "valid")->u.boolean;
            bool v1 = false, v2 = false, pass = false;
            amc_status s1 = AMC_OK, s2 = AMC_OK;
            amc_diags *vd = amc_diags_new(0);
            char key[2048];
            xf *x = NULL;
            snprintf(key, sizeof key, "%s/%s:%s:%s", draft_dir, rel, desc->u.str.ptr,
                     tdesc->u.str.ptr);
            if (cs) {
                amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
                o.format_assert = format;
                o.all_errors = true;
                s1 = amc_schema_validate(cs, data, NULL, &o, vd, &v1);
                o.all_errors = false;
                s2 = amc_schema_validate(cs, data, NULL, &o, NULL, &v2);
                mix_num(&h, (unsigned long long)s1);
                mix_num(&h, v1);
                mix_diags(&h, &count, vd);
                if (dump) {
                    printf("    %s: %s, %s\n", tdesc->u.str.ptr, amc_status_str(s1),
                           v1 ? "valid" : "invalid");
                    print_diags(vd);
                }
                pass = s1 == AMC_OK && s2 == AMC_OK && v1 == want && v2 == want;
                if (v1 == want && v2 == want && s1 == s2 && s1 == AMC_ELIMIT && !want)
                    pass = true; /* a loop or limit reported as invalid */
                if (v1 == want && (v1 != (amc_diags_errors(vd) == 0)) && s1 == AMC_OK)
                    pass = false; /* verdict and diagnostics disagree */
            }
            if (seeds && cs && stext && g == 0 && t == 0)
                write_seed(stext, slen, data);
            x = find_xf(key);
            if (x)
                x->seen = true;
            if (pass && !x) {
                st->pass++;
            } else if (pass && x) {
                st->fail++;
                file_fail++;
                printf("%s\n    STALE expected failure (now passes): %s\n", rel, key);
            } else if (x) {
                st->xfail++;
            } else {
                st->fail++;
                file_fail++;
                printf("%s\n    FAIL %s\n      group: %s\n      test: %s (want %s, got %s/%s, "
                       "status %s/%s)\n",
                       rel, key, desc->u.str.ptr, tdesc->u.str.ptr, want ? "valid" : "invalid",
                       v1 ? "valid" : "invalid", v2 ? "valid" : "invalid", amc_status_str(s1),
                       amc_status_str(s2));
                if (!cs)
                    print_diags(cd);
                else if (verbose)
                    print_diags(vd);
            }
            amc_diags_free(vd);
        }
        amc_free(stext);
        amc_diags_free(cd);
        amc_schema_set_free(set);
    }
    if (verbose && !file_fail)
        printf("%s: ok\n", rel);
    gold_file(rel, h, count);
out:
    free(text);
    amc_doc_free(doc);
    amc_diags_free(rd);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted *.json names in dir. */
static char **list_json(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *de = NULL;
    char **names = NULL;
    *n = 0;
    if (!d)
        return NULL;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l < 5 || strcmp(de->d_name + l - 5, ".json") != 0)
            continue;
        names = realloc(names, (*n + 1) * sizeof *names);
        names[(*n)++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, *n, sizeof *names, cmp_str);
    return names;
}

static bool format_in_draft(const char *f)
{
    return amc_sdialect_format_defined(dialect, f, strlen(f));
}

/* name is "<format>.json": a gating format file of the current draft? */
static bool is_asserted(const char *name)
{
    size_t i = 0;
    for (i = 0; i < sizeof asserted_formats / sizeof asserted_formats[0]; i++) {
        size_t l = strlen(asserted_formats[i]);
        if (!strncmp(name, asserted_formats[i], l) && !strcmp(name + l, ".json"))
            return amc_format_known(asserted_formats[i]) &&
                   amc_schema_keyword_vocab_in(dialect, "format", 6) != AMC_SVOCAB_UNKNOWN &&
                   format_in_draft(asserted_formats[i]);
    }
    return false;
}

static const struct {
    const char *dir;
    amc_schema_dialect d;
} drafts[] = {
    {"draft2020-12", AMC_DIALECT_2020_12}, {"draft2019-09", AMC_DIALECT_2019_09},
    {"draft7", AMC_DIALECT_DRAFT7},        {"draft6", AMC_DIALECT_DRAFT6},
    {"draft4", AMC_DIALECT_DRAFT4},
};
#define N_DRAFTS (sizeof drafts / sizeof drafts[0])

/* Runs one draft; returns false when a gating test failed or the draft is missing. */
static bool run_draft(bool required_only, stats *req, stats *fmt, stats *opt)
{
    char dir[4096];
    char **names = NULL;
    size_t n = 0, i = 0;
    struct stat sb;
    snprintf(dir, sizeof dir, "%s/tests/%s", suite_dir, draft_dir);
    if (stat(dir, &sb) != 0) {
        printf("FAIL: %s not found (the suite is committed in the repository under "
               "tests/external/)\n",
               dir);
        req->fail++;
        return false;
    }
    names = list_json(dir, &n);
    printf("== %s required (%s)\n", draft_dir, dir);
    for (i = 0; i < n; i++) {
        run_file(names[i], false, req, seed_dir != NULL);
        free(names[i]);
    }
    free(names);
    if (!required_only) {
        snprintf(dir, sizeof dir, "%s/tests/%s/optional/format", suite_dir, draft_dir);
        names = list_json(dir, &n);
        printf("== %s format (the formats amc asserts that %s defines; format assertion on)\n",
               draft_dir, draft_dir);
        for (i = 0; i < n; i++) {
            char rel[512];
            snprintf(rel, sizeof rel, "optional/format/%s", names[i]);
            if (is_asserted(names[i]))
                run_file(rel, true, fmt, false);
            free(names[i]);
        }
        free(names);
        printf("== %s optional (not gating)\n", draft_dir);
        snprintf(dir, sizeof dir, "%s/tests/%s/optional", suite_dir, draft_dir);
        names = list_json(dir, &n);
        for (i = 0; i < n; i++) {
            char rel[512];
            snprintf(rel, sizeof rel, "optional/%s", names[i]);
            run_file(rel, false, opt, false);
            free(names[i]);
        }
        free(names);
        snprintf(dir, sizeof dir, "%s/tests/%s/optional/format", suite_dir, draft_dir);
        names = list_json(dir, &n);
        for (i = 0; i < n; i++) {
            char rel[512];
            snprintf(rel, sizeof rel, "optional/format/%s", names[i]);
            if (!is_asserted(names[i]))
                run_file(rel, true, opt, false);
            free(names[i]);
        }
        free(names);
    }
    return req->fail == 0 && fmt->fail == 0;
}

int main(int argc, char **argv)
{
    const char *expected = NULL, *diags_in = NULL, *diags_out = NULL;
    bool required_only = false, ok = true;
    bool want[N_DRAFTS];
    bool any = false;
    size_t i = 0, j = 0;
    stats req[N_DRAFTS], fmt[N_DRAFTS], opt[N_DRAFTS];
    unsigned stale = 0;
    memset(want, 0, sizeof want);
    memset(req, 0, sizeof req);
    memset(fmt, 0, sizeof fmt);
    memset(opt, 0, sizeof opt);
    suite_dir = getenv("AMC_JSTS_DIR");
    for (i = 1; i < (size_t)argc; i++) {
        if (!strcmp(argv[i], "--suite") && i + 1 < (size_t)argc) {
            suite_dir = argv[++i];
        } else if (!strcmp(argv[i], "--draft") && i + 1 < (size_t)argc) {
            const char *d = argv[++i];
            for (j = 0; j < N_DRAFTS && strcmp(drafts[j].dir, d) != 0; j++)
                ;
            if (j == N_DRAFTS) {
                fprintf(stderr, "jsts_run: unknown draft \"%s\"\n", d);
                return 2;
            }
            want[j] = any = true;
        } else if (!strcmp(argv[i], "--expected") && i + 1 < (size_t)argc) {
            expected = argv[++i];
        } else if (!strcmp(argv[i], "--required-only")) {
            required_only = true;
        } else if (!strcmp(argv[i], "--verbose")) {
            verbose = true;
        } else if (!strcmp(argv[i], "--seeds") && i + 1 < (size_t)argc) {
            seed_dir = argv[++i];
        } else if (!strcmp(argv[i], "--diags") && i + 1 < (size_t)argc) {
            diags_in = argv[++i];
        } else if (!strcmp(argv[i], "--diags-write") && i + 1 < (size_t)argc) {
            diags_out = argv[++i];
        } else if (!strcmp(argv[i], "--dump") && i + 1 < (size_t)argc) {
            dump_rel = argv[++i];
        } else {
            fprintf(stderr, "usage: jsts_run [--suite DIR] [--draft NAME]... [--expected FILE] "
                            "[--required-only] [--verbose] [--seeds DIR] [--diags FILE | "
                            "--diags-write FILE] [--dump FILE]\n");
            return 2;
        }
    }
    if (diags_in)
        load_golds(diags_in);
    if (diags_out && !(gold_out = fopen(diags_out, "w"))) {
        fprintf(stderr, "jsts_run: cannot write %s\n", diags_out);
        return 2;
    }
    if (gold_out)
        fprintf(gold_out,
                "# jsts_run --diags-write: the diagnostics of every JSON-Schema-Test-Suite "
                "file (tests/schema/jsts_run.c)\n");
    if (!suite_dir || !*suite_dir)
        suite_dir = AMC_JSTS_DEFAULT_DIR;
    if (!*suite_dir) {
        printf("FAIL: no JSON-Schema-Test-Suite directory (set AMC_JSTS_DIR)\n");
        return 1;
    }
    {
        /* the suite needs the strict reader: top-level scalars and exact number text */
        amc_diags *ds = amc_diags_new(0);
        amc_doc *doc = NULL;
        bool strict =
            amc_json_read("1.0", 3, NULL, ds, &doc) == AMC_OK && amc_doc_root(doc)->u.num.len == 3;
        amc_doc_free(doc);
        amc_diags_free(ds);
        if (!strict) {
            printf("FAIL: this build's JSON reader does not keep top-level scalars and exact "
                   "number text; the suite needs both\n");
            return 1;
        }
    }
    if (!amc_format_known("date-time")) {
        printf("FAIL: the format module is not linked; the format tests cannot run\n");
        return 1;
    }
    load_expected(expected);
    for (i = 0; i < N_DRAFTS; i++) {
        if (any && !want[i])
            continue;
        draft_dir = drafts[i].dir;
        dialect = drafts[i].d;
        if (!run_draft(required_only, &req[i], &fmt[i], &opt[i]))
            ok = false;
    }
    for (i = 0; i < nxf; i++) {
        bool optional = strstr(xfs[i].key, "/optional/") != NULL;
        bool ran = false;
        for (j = 0; j < N_DRAFTS; j++) {
            size_t l = strlen(drafts[j].dir);
            if ((!any || want[j]) && !strncmp(xfs[i].key, drafts[j].dir, l) && xfs[i].key[l] == '/')
                ran = !(required_only && optional);
        }
        if (!xfs[i].seen && ran) {
            printf("STALE expected failure (no such test): %s\n", xfs[i].key);
            stale++;
        }
        free(xfs[i].key);
    }
    free(xfs);
    for (i = 0; i < ngolds; i++) {
        bool ran = false;
        for (j = 0; j < N_DRAFTS; j++) {
            size_t l = strlen(drafts[j].dir);
            if ((!any || want[j]) && !strncmp(golds[i].key, drafts[j].dir, l) &&
                golds[i].key[l] == '/')
                ran = !(required_only && strstr(golds[i].key, "/optional/"));
        }
        if (!golds[i].seen && ran) {
            printf("DIAGS %s: in the --diags file, but no such suite file ran\n", golds[i].key);
            gold_bad++;
        }
        free(golds[i].key);
    }
    free(golds);
    if (gold_out && fclose(gold_out) != 0) {
        fprintf(stderr, "jsts_run: cannot write %s\n", diags_out);
        return 2;
    }
    if (gold_bad)
        ok = false;
    printf("\n%-13s %-28s %-28s %s\n", "draft", "required (pass/total)", "format (pass/total)",
           "optional, not gating (pass/total)");
    for (i = 0; i < N_DRAFTS; i++) {
        char r[64], f[64], o[64];
        if (any && !want[i])
            continue;
        snprintf(r, sizeof r, "%u/%u%s", req[i].pass, req[i].pass + req[i].fail + req[i].xfail,
                 req[i].xfail ? " (xfail)" : "");
        snprintf(f, sizeof f, "%u/%u", fmt[i].pass, fmt[i].pass + fmt[i].fail + fmt[i].xfail);
        snprintf(o, sizeof o, "%u/%u", opt[i].pass, opt[i].pass + opt[i].fail + opt[i].xfail);
        printf("%-13s %-28s %-28s %s\n", drafts[i].dir, r, required_only ? "-" : f,
               required_only ? "-" : o);
    }
    if (stale)
        ok = false;
    printf("%s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
