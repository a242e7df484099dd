/*
 * cli_fuzz_msg.c - message fuzzing (`amc fuzz --profile P --impl ...`): each input goes to amc
 * (in process) and to the implementation; a disagreement, crash, hang or garbage reply is a
 * finding, shrunk while it reproduces, deduplicated and saved.
 *
 * Decisions:
 *   - Seeds: --corpus DIR (every regular file below it; its path below DIR is the name sent
 *     with it), by default the profile's conformance inputs (SUITE/<profile>/inputs, SUITE =
 *     --suite, $AMC_CONFORMANCE_DIR or ./conformance). A *.jsonl seed is split into one seed a
 *     line (named <file>-<n>.json). Without any seed, minimal documents are used.
 *   - An input is kept in the corpus when it gives a new (amc's codes, the implementation's
 *     verdict) pair. Mutation picks corpus entries, newer ones more often.
 *   - The oracle: verdicts differ (either way); with capability "codes", an error code amc
 *     reports that the implementation does not; crash; hang; garbage. Warnings are not compared.
 *   - --jobs N runs N workers, each with its own implementation process, random stream
 *     (seed + worker index) and corpus; findings are shared (deduplicated across workers).
 *     With --jobs 1 a seed fixes every input in order (for a deterministic implementation).
 *   - --runs counts generated inputs (seeds included), not the runs spent shrinking.
 *   - Shrinking of a finding gets at most 2000 runs and stays inside the run's time.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json-c/json.h>
#include "cli_fuzz.h"

typedef fz_input seed;

typedef struct shared {
    fz_run run;
    fz_dict *dict;
    seed *seeds;
    size_t nseeds, capseeds;
    size_t corpus;
    const char **codes; /* the profile's message-rule codes */
    bool *reached;
    size_t ncodes, nreached;
} shared;

/* A corpus entry: the name is a seed's (shared by all workers). */
typedef struct centry {
    const char *name;
    char *data;
    size_t len;
} centry;

typedef struct worker {
    fz_job j; /* first: the driver's part */
    shared *sh;
    fz_rng rng;
    fz_amc amc;
    centry *c;
    size_t n, cap;
    uint64_t *keys; /* open addressing set of coverage keys (0 = empty) */
    size_t nkeys, capkeys;
} worker;

/* ---- seeds ---- */

static int add_seed(shared *sh, const char *name, const char *data, size_t len)
{
    seed *s = NULL;
    if (sh->nseeds == sh->capseeds) {
        size_t nc = sh->capseeds ? sh->capseeds * 2 : 64;
        seed *nv = realloc(sh->seeds, nc * sizeof *nv);
        if (!nv) {
            cli_nomem(); /* the seed is left out: exit 2 at the end */
            return -1;
        }
        sh->seeds = nv;
        sh->capseeds = nc;
    }
    s = &sh->seeds[sh->nseeds];
    s->name = strdup(name);
    s->data = malloc(len + 1);
    if (!s->name || !s->data) {
        cli_nomem();
        free(s->name);
        free(s->data);
        return -1;
    }
    memcpy(s->data, data, len);
    s->data[len] = '\0';
    s->len = len;
    sh->nseeds++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A .jsonl seed: one seed a non-blank line. */
static void add_jsonl(shared *sh, const char *rel, const char *buf, size_t len)
{
    size_t off = 0, k = 0;
    char name[4200];
    while (off < len) {
        size_t e = off;
        while (e < len && buf[e] != '\n')
            e++;
        if (e > off && buf[off] != '\r') {
            if (snprintf(name, sizeof name, "%.*s-%zu.json", (int)(strlen(rel) - 6), rel, ++k) >=
                (int)sizeof name)
                break;
            (void)add_seed(sh, name, buf + off, e - off);
        }
        off = e + 1;
    }
}

static int walk_seeds(shared *sh, const char *root, const char *rel, int depth)
{
    char dir[4096];
    DIR *d = NULL;
    struct dirent *e = NULL;
    char **names = NULL;
    size_t n = 0, cap = 0, i = 0;
    snprintf(dir, sizeof dir, "%s%s%s", root, rel[0] ? "/" : "", rel);
    d = opendir(dir);
    if (!d || depth > 16) {
        if (d)
            closedir(d);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            char **nv = realloc(names, nc * sizeof *nv);
            if (!nv) {
                cli_nomem(); /* seeds left out: exit 2 at the end */
                break;
            }
            names = nv;
            cap = nc;
        }
        if ((names[n] = strdup(e->d_name)) != NULL)
            n++;
        else
            cli_nomem();
    }
    closedir(d);
    if (n > 1) /* names is NULL in an empty directory: qsort wants an array */
        qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        char path[8200], sub[4096];
        struct stat st;
        if (!names[i])
            continue;
        snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
        snprintf(path, sizeof path, "%s/%s", root, sub);
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            (void)walk_seeds(sh, root, sub, depth + 1);
        } else if (S_ISREG(st.st_mode) && (size_t)st.st_size <= sh->run.o->max_len) {
            char *buf = NULL;
            size_t len = 0, sl = strlen(sub);
            errno = 0;
            if (cli_read_file(path, sh->run.o->max_len, &buf, &len) != 0) {
                if (errno == ENOMEM)
                    cli_nomem(); /* said on stderr; the seed is left out: exit 2 at the end */
            } else {
                if (sl > 6 && !strcmp(sub + sl - 6, ".jsonl"))
                    add_jsonl(sh, sub, buf, len);
                else
                    (void)add_seed(sh, sub, buf, len);
            }
            free(buf);
        }
        free(names[i]);
    }
    free(names);
    return 0;
}

static int load_seeds(shared *sh)
{
    const fz_opts *o = sh->run.o;
    char dir[4096];
    struct stat st;
    if (o->corpus) {
        if (stat(o->corpus, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "amc fuzz: --corpus %s is not a directory\n", o->corpus);
            return -1;
        }
        (void)walk_seeds(sh, o->corpus, "", 0);
    } else {
        const char *suite = o->suite                        ? o->suite
                            : getenv("AMC_CONFORMANCE_DIR") ? getenv("AMC_CONFORMANCE_DIR")
                                                            : "conformance";
        snprintf(dir, sizeof dir, "%s/%s/inputs", suite, o->profile);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
            (void)walk_seeds(sh, dir, "", 0);
    }
    if (sh->nseeds == 0) {
        if (fz_syntax_of(o->profile) == FZ_SYN_MIME)
            return add_seed(sh, "msg/seed.mime",
                            "MIME-Version: 1.0\nFrom: leader\nTo: coordinator\n"
                            "X-IGNITE-Type: task_assignment\nContent-Type: text/x-yaml; "
                            "charset=utf-8\n\ntype: task_assignment\n",
                            98);
        return add_seed(sh, "seed.json", "{}", 2);
    }
    return 0;
}

int fz_seeds_load(const fz_opts *o, fz_input **seeds, size_t *n)
{
    shared sh;
    int rc = 0;
    memset(&sh, 0, sizeof sh);
    sh.run.o = o;
    rc = load_seeds(&sh);
    *seeds = sh.seeds;
    *n = sh.nseeds;
    return rc;
}

void fz_seeds_free(fz_input *seeds, size_t n)
{
    size_t i = 0;
    for (i = 0; i < n; i++) {
        free(seeds[i].name);
        free(seeds[i].data);
    }
    free(seeds);
}

/* ---- coverage ---- */

static uint64_t key_of(const char *codes, const fz_result *r)
{
    uint64_t h = 1469598103934665603ull;
    const char *s = codes;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    h = (h ^ (unsigned)(r->out * 2 + (r->valid ? 1 : 0))) * 1099511628211ull;
    return h ? h : 1;
}

/* Adds k to the set; true if it was new. */
static bool key_add(worker *w, uint64_t k)
{
    size_t i = 0;
    if (w->nkeys * 2 >= w->capkeys) {
        size_t nc = w->capkeys ? w->capkeys * 2 : 1024, j = 0;
        uint64_t *nv = calloc(nc, sizeof *nv);
        if (!nv)
            return false;
        for (j = 0; j < w->capkeys; j++)
            if (w->keys[j]) {
                size_t p = (size_t)(w->keys[j] & (nc - 1));
                while (nv[p])
                    p = (p + 1) & (nc - 1);
                nv[p] = w->keys[j];
            }
        free(w->keys);
        w->keys = nv;
        w->capkeys = nc;
    }
    for (i = (size_t)(k & (w->capkeys - 1)); w->keys[i]; i = (i + 1) & (w->capkeys - 1))
        if (w->keys[i] == k)
            return false;
    w->keys[i] = k;
    w->nkeys++;
    return true;
}

static void mark_codes(worker *w, const char *codes)
{
    shared *sh = w->sh;
    size_t i = 0;
    for (i = 0; i < sh->ncodes; i++) {
        if (sh->reached[i] || !fz_has_code(codes, sh->codes[i]))
            continue;
        pthread_mutex_lock(&sh->run.mu);
        if (!sh->reached[i]) {
            sh->reached[i] = true;
            sh->nreached++;
        }
        pthread_mutex_unlock(&sh->run.mu);
    }
}

static int corpus_add(worker *w, const char *name, const char *data, size_t len)
{
    centry *s = NULL;
    if (w->n == w->cap) {
        size_t nc = w->cap ? w->cap * 2 : 256;
        centry *nv = NULL;
        if (nc > 20000) { /* full: replace a random older entry */
            /* not one of the first nseeds, unless the corpus holds no more than that (--jobs 2
             * and more than 32768 seeds: each worker adds the others' seeds) */
            size_t keep = w->n > w->sh->nseeds ? w->sh->nseeds : 0;
            s = &w->c[keep + fz_below(&w->rng, w->n - keep)];
            free(s->data);
            s->data = malloc(len + 1);
            if (!s->data) {
                s->len = 0;
                cli_nomem(); /* the corpus lacks an input: exit 2 at the end */
                return -1;
            }
            memcpy(s->data, data, len);
            s->data[len] = '\0';
            s->len = len;
            return 0;
        }
        nv = realloc(w->c, nc * sizeof *nv);
        if (!nv) {
            cli_nomem();
            return -1;
        }
        w->c = nv;
        w->cap = nc;
    }
    s = &w->c[w->n];
    s->name = name;
    s->data = malloc(len + 1);
    if (!s->data) {
        cli_nomem();
        return -1;
    }
    memcpy(s->data, data, len);
    s->data[len] = '\0';
    s->len = len;
    w->n++;
    pthread_mutex_lock(&w->sh->run.mu);
    w->sh->corpus++;
    pthread_mutex_unlock(&w->sh->run.mu);
    return 0;
}

/* ---- the oracle ---- */

/* Whether (v, r) is a finding; its kind and class. */
static bool classify(bool claims_codes, const fz_verdict *v, const fz_result *r, fz_kind *kind,
                     char *cls, size_t n)
{
    switch (r->out) {
    case FZ_R_CRASH:
        *kind = FZ_K_CRASH;
        snprintf(cls, n, "%s", r->cls[0] ? r->cls : "crash");
        return true;
    case FZ_R_HANG:
        *kind = FZ_K_HANG;
        snprintf(cls, n, "timeout");
        return true;
    case FZ_R_GARBAGE:
        *kind = FZ_K_GARBAGE;
        snprintf(cls, n, "%s", r->cls[0] ? r->cls : "garbage");
        return true;
    case FZ_R_VERDICT:
        break;
    case FZ_R_CUT:
    case FZ_R_UNREACHED:
        return false;
    }
    *kind = FZ_K_VERDICT;
    if (r->no_verdict)
        return false;
    if (r->valid != v->valid) {
        snprintf(cls, n, "%s", r->valid ? "impl-valid" : "impl-invalid");
        return true;
    }
    if (!v->valid && claims_codes) {
        const char *p = v->errs;
        while (*p == ' ')
            p++;
        while (*p) {
            size_t l = strcspn(p, " ");
            char id[128];
            snprintf(id, sizeof id, "%.*s", (int)l, p);
            if (!fz_has_code(r->codes, id)) {
                snprintf(cls, n, "codes:%s", id);
                return true;
            }
            p += l;
            while (*p == ' ')
                p++;
        }
    }
    return false;
}

typedef struct probe {
    worker *w;
    const char *name;
    fz_kind kind;
    char cls[160];
    fz_verdict v; /* the last reproducing run */
    fz_result r;
    bool cut; /* the implementation could not be reached (or the run's time ran out) */
} probe;

/* The shrinker's predicate: whether buf still shows the finding. Once the implementation could
 * not be reached during the shrink, every later candidate is answered "no" without trying to
 * start it again (up to 2,000 candidates would each try a restart). */
static bool still_fails(void *ud, const char *buf, size_t len)
{
    probe *p = ud;
    fz_verdict v;
    fz_result r;
    fz_kind k;
    char cls[160];
    bool same = false;
    if (p->cut)
        return false;
    memset(&r, 0, sizeof r);
    fz_amc_check(&p->w->amc, p->w->j.t.claims_path ? p->name : NULL, buf, len, &v);
    fz_target_validate(&p->w->j.t, p->name, buf, len, p->w->sh->run.deadline, &r);
    if (r.out == FZ_R_CUT || r.out == FZ_R_UNREACHED)
        p->cut = true;
    same = classify(p->w->j.t.claims_codes, &v, &r, &k, cls, sizeof cls) && k == p->kind &&
           !strcmp(cls, p->cls);
    if (same) {
        p->v = v;
        fz_result_clear(&p->r);
        p->r = r;
    } else {
        fz_result_clear(&r);
    }
    return same;
}

static void describe(const probe *p, fz_finding *f)
{
    const fz_verdict *v = &p->v;
    const fz_result *r = &p->r;
    cli_sb b = {NULL, 0, 0, false};
    if (p->kind == FZ_K_VERDICT) {
        cli_sb_printf(&b, "{\"verdict\":\"%s\"", r->valid ? "valid" : "invalid");
        if (r->has_codes) {
            cli_sb_puts(&b, ",\"codes\":");
            fz_list_json(&b, r->codes);
        }
        cli_sb_puts(&b, "}");
    } else {
        cli_sb_printf(&b, "{\"outcome\":\"%s\",\"detail\":", fz_kind_name(p->kind));
        cli_sb_str(&b, r->detail);
        cli_sb_puts(&b, "}");
    }
    f->json_impl = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    cli_sb_printf(&b, "{\"verdict\":\"%s\",\"codes\":", v->valid ? "valid" : "invalid");
    fz_list_json(&b, v->codes);
    if (v->rule[0]) {
        cli_sb_puts(&b, ",\"rule\":");
        cli_sb_str(&b, v->rule);
    }
    cli_sb_puts(&b, "}");
    f->json_amc = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    if (!strncmp(p->cls, "codes:", 6)) {
        cli_sb_puts(&b, "[");
        cli_sb_str(&b, p->cls + 6);
        cli_sb_puts(&b, "]");
    } else {
        fz_list_json(&b, p->kind == FZ_K_VERDICT && !r->valid ? " " : v->errs);
    }
    f->json_codes = fz_sb_take(&b);
    memset(&b, 0, sizeof b);
    cli_sb_puts(&b, "\"class\":");
    cli_sb_str(&b, p->cls);
    f->json_extra = fz_sb_take(&b);
    if (p->kind != FZ_K_VERDICT)
        snprintf(f->summary, sizeof f->summary, "%s: %s (amc says %s%s%s)", fz_kind_name(p->kind),
                 r->detail, v->valid ? "valid" : "invalid", v->first[0] ? ": " : "", v->first);
    else if (!strncmp(p->cls, "codes:", 6))
        snprintf(f->summary, sizeof f->summary,
                 "both say invalid, but the implementation does not report %s", p->cls + 6);
    else
        snprintf(f->summary, sizeof f->summary, "implementation says %s, amc says %s%s%.*s%s",
                 r->valid ? "valid" : "invalid", v->valid ? "valid" : "invalid",
                 v->valid ? "" : " (", v->valid ? 0 : (int)strlen(v->errs) - 2, v->errs + 1,
                 v->valid ? "" : ")");
}

/* A finding on buf: claims it (deduplication before shrinking), shrinks, stores. */
static void on_finding(worker *w, const char *name, const char *buf, size_t len,
                       const fz_verdict *v, const fz_result *r, fz_kind kind, const char *cls)
{
    shared *sh = w->sh;
    probe p;
    fz_finding f;
    cli_sb best = {NULL, 0, 0, false};
    char raw[1024];
    double budget_end = sh->run.deadline;
    /* a crash, hang or garbage reply is shrunk once per class (the signal, exit status...):
     * shrinking them costs a restart per run */
    snprintf(raw, sizeof raw, "%s:%s:%s", fz_kind_name(kind), cls,
             kind == FZ_K_VERDICT ? (r->valid ? v->errs : v->codes) : "");
    if (!fz_store_claim(&sh->run.store, raw))
        return; /* being shrunk, or found, already */
    memset(&p, 0, sizeof p);
    memset(&f, 0, sizeof f);
    p.w = w;
    p.name = name;
    p.kind = kind;
    snprintf(p.cls, sizeof p.cls, "%s", cls);
    p.v = *v;
    p.r = *r;
    p.r.reply = NULL;
    f.shrink_runs =
        fz_shrink(buf, len, still_fails, &p, kind == FZ_K_HANG ? 200 : 2000, budget_end, &best);
    f.found_at = w->j.units;
    f.kind = kind;
    snprintf(f.ext, sizeof f.ext, "%s", fz_ext_of(sh->run.o));
    snprintf(f.name, sizeof f.name, "%s", name);
    f.data = best.p;
    f.len = best.len;
    f.orig_size = len;
    f.min_size = best.len;
    f.unit = "bytes";
    snprintf(f.sig, sizeof f.sig, "%s:%s:%s", fz_kind_name(kind), cls,
             kind == FZ_K_VERDICT ? (p.r.valid ? p.v.errs : p.v.codes) : p.v.first);
    describe(&p, &f);
    fz_result_clear(&p.r);
    if (fz_store_add(&sh->run.store, &f) && sh->run.o->verbose)
        fprintf(stderr, "\namc fuzz: finding: %s\n", sh->run.store.v[sh->run.store.n - 1].summary);
    fz_finding_free(&f);
}

/* Runs one input through both sides. Returns false when the worker must stop. */
static bool exec_one(worker *w, const char *name, const char *buf, size_t len)
{
    shared *sh = w->sh;
    fz_verdict v;
    fz_result r;
    fz_kind kind;
    char cls[160];
    memset(&r, 0, sizeof r);
    fz_amc_check(&w->amc, w->j.t.claims_path ? name : NULL, buf, len, &v);
    fz_target_validate(&w->j.t, name, buf, len, sh->run.deadline, &r);
    if (r.out == FZ_R_CUT) {
        fz_result_clear(&r);
        return fz_now() < sh->run.deadline && !fz_interrupted;
    }
    if (r.out == FZ_R_UNREACHED) {
        fz_job_unreachable(&w->j, r.detail);
        fz_result_clear(&r);
        return false;
    }
    fz_job_count(&w->j, 0);
    mark_codes(w, v.codes);
    if (r.out == FZ_R_VERDICT && key_add(w, key_of(v.codes, &r)))
        (void)corpus_add(w, name, buf, len); /* crashes and hangs are not mutated further */
    if (classify(w->j.t.claims_codes, &v, &r, &kind, cls, sizeof cls))
        on_finding(w, name, buf, len, &v, &r, kind, cls);
    fz_result_clear(&r);
    return true;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    size_t i = 0;
    cli_sb m = {NULL, 0, 0, false};
    for (i = w->j.idx; i < sh->nseeds && !fz_job_done(&w->j); i += sh->run.o->jobs)
        if (!exec_one(w, sh->seeds[i].name, sh->seeds[i].data, sh->seeds[i].len))
            break;
    /* every seed is in every worker's corpus (some only ran in another worker) */
    for (i = 0; i < sh->nseeds; i++)
        if (i % sh->run.o->jobs != w->j.idx)
            (void)corpus_add(w, sh->seeds[i].name, sh->seeds[i].data, sh->seeds[i].len);
    while (w->n && !fz_job_done(&w->j)) {
        size_t k = fz_pct(&w->rng, 50) ? fz_below(&w->rng, w->n)
                                       : w->n - 1 - fz_below(&w->rng, w->n / 10 + 1);
        const centry *s = &w->c[k], *o = &w->c[fz_below(&w->rng, w->n)];
        const char *what = NULL;
        if (fz_mutate(&w->rng, sh->dict, fz_syntax_of(sh->run.o->profile), s->data, s->len, o->data,
                      o->len, sh->run.o->max_len, &m, &what) != 0)
            continue;
        fz_fixup(&w->rng, sh->run.o->profile, &m);
        if (!exec_one(w, s->name, m.p ? m.p : "", m.len))
            break;
    }
    fz_job_finish(&w->j);
    free(m.p);
    return NULL;
}

/* ---- the run ---- */

static void profile_codes(shared *sh)
{
    size_t i = 0, j = 0;
    sh->codes = calloc(amc_rule_count() + 1, sizeof *sh->codes);
    sh->reached = calloc(amc_rule_count() + 1, sizeof *sh->reached);
    if (!sh->codes || !sh->reached) {
        cli_nomem(); /* the codes reached are not counted: exit 2 at the end */
        return;
    }
    for (i = 0; i < amc_rule_count(); i++) {
        const amc_rule *r = amc_rule_at(i);
        const char *id = amc_code_id(r->code);
        if (strcmp(r->profile, sh->run.o->profile) || strstr(r->id, "-LC-") ||
            strstr(r->id, "-WS-") || strstr(r->id, "-LIVE-"))
            continue;
        for (j = 0; j < sh->ncodes && strcmp(sh->codes[j], id); j++)
            ;
        if (j == sh->ncodes)
            sh->codes[sh->ncodes++] = id;
    }
}

static void progress(void *ctx, bool final)
{
    shared *sh = ctx;
    char extra[200];
    pthread_mutex_lock(&sh->run.mu);
    snprintf(extra, sizeof extra, "amc codes %zu/%zu, corpus %zu", sh->nreached, sh->ncodes,
             sh->corpus);
    pthread_mutex_unlock(&sh->run.mu);
    fz_progress_line(&sh->run, "execs", extra, final);
}

static void summary(void *ctx, const fz_target *t0)
{
    shared *sh = ctx;
    const fz_opts *o = sh->run.o;
    double t = fz_now() - sh->run.start;
    size_t i = 0, n[6] = {0};
    char kinds[160];
    printf("amc fuzz: profile %s, %s %s%s%s, seed %llu, %u job%s\n", o->profile,
           o->mode == FZ_MODE_ADAPTER ? "adapter"
           : o->mode == FZ_MODE_EXEC  ? "exec"
                                      : "socket",
           o->cmd, sh->run.impl[0] ? " = " : "", sh->run.impl, (unsigned long long)o->seed, o->jobs,
           o->jobs == 1 ? "" : "s");
    printf("%lu execs in %.1f s (%.0f/s), corpus %zu, amc codes reached %zu/%zu%s\n", sh->run.units,
           t, t > 0 ? (double)sh->run.units / t : 0.0, sh->corpus, sh->nreached, sh->ncodes,
           o->mode == FZ_MODE_ADAPTER && !t0->claims_codes ? ", verdicts only (no codes claimed)"
                                                           : "");
    for (i = 0; i < sh->run.store.n; i++)
        n[sh->run.store.v[i].kind]++;
    snprintf(kinds, sizeof kinds, " (%zu verdict, %zu crash, %zu hang, %zu garbage)",
             n[FZ_K_VERDICT], n[FZ_K_CRASH], n[FZ_K_HANG], n[FZ_K_GARBAGE]);
    fz_summary_findings(&sh->run, kinds);
}

static void free_shared(shared *sh)
{
    size_t i = 0;
    for (i = 0; i < sh->nseeds; i++) {
        free(sh->seeds[i].name);
        free(sh->seeds[i].data);
    }
    free(sh->seeds);
    free(sh->codes);
    free(sh->reached);
    fz_dict_free(sh->dict);
    fz_run_free(&sh->run);
}

static void free_worker(worker *w)
{
    size_t i = 0;
    fz_target_close(&w->j.t);
    fz_amc_free(&w->amc);
    for (i = 0; i < w->n; i++)
        free(w->c[i].data);
    free(w->c);
    free(w->keys);
}

/* -1: amc's validator could not be made (out of memory: the profile is known) */
static int init_worker(shared *sh, worker *w, unsigned idx)
{
    const fz_opts *o = sh->run.o;
    memset(w, 0, sizeof *w);
    fz_job_init(&w->j, &sh->run, idx);
    w->sh = sh;
    fz_seed(&w->rng, o->seed + 0x9e3779b97f4a7c15ull * idx);
    return fz_amc_init(&w->amc, o->profile);
}

int fz_run_messages(const fz_opts *o)
{
    shared sh;
    worker *ws = NULL;
    fz_job **jobs = NULL;
    fz_drive_ops d = {NULL, NULL, worker_main, progress, summary};
    unsigned i = 0;
    int rc = CLI_EXIT_ERROR;
    memset(&sh, 0, sizeof sh);
    if (fz_run_init(&sh.run, o) != 0)
        return CLI_EXIT_ERROR;
    d.ctx = &sh;
    if (load_seeds(&sh) != 0) {
        free_shared(&sh);
        return CLI_EXIT_ERROR;
    }
    sh.dict = fz_dict_new(o->profile);
    profile_codes(&sh);
    ws = calloc(o->jobs, sizeof *ws);
    jobs = calloc(o->jobs, sizeof *jobs);
    if (ws && jobs && sh.dict) {
        bool ok = true;
        for (i = 0; i < o->jobs; i++) {
            ok = init_worker(&sh, &ws[i], i) == 0 && ok;
            jobs[i] = &ws[i].j;
        }
        if (ok)
            rc = fz_store_status(&sh.run.store, fz_drive(&sh.run, &d, jobs));
        else
            fprintf(stderr, "amc fuzz: out of memory\n");
    } else {
        fprintf(stderr, "amc fuzz: out of memory\n");
    }
    for (i = 0; ws && i < o->jobs; i++)
        free_worker(&ws[i]);
    free(ws);
    free(jobs);
    free_shared(&sh);
    return fz_drive_emit(o, rc);
}

/* ---- --replay DIR ---- */

/* Opens t for a finding's profile and target (the command line's, else the recorded one). */
static int replay_open(fz_target *t, const fz_opts *o, json_object *fo, bool *open)
{
    json_object *tg = NULL;
    const char *profile = fz_jstr(fo, "profile"), *mode = NULL, *cmd = o->cmd;
    fz_mode m = o->mode;
    char why[256];
    if (!cmd && json_object_object_get_ex(fo, "target", &tg)) {
        mode = fz_jstr(tg, "mode");
        cmd = fz_jstr(tg, "command");
        m = mode && !strcmp(mode, "exec")     ? FZ_MODE_EXEC
            : mode && !strcmp(mode, "socket") ? FZ_MODE_SOCKET
                                              : FZ_MODE_ADAPTER;
    }
    if (!cmd) {
        fprintf(stderr, "amc fuzz: --replay: no implementation (give --impl, --impl-exec or "
                        "--socket)\n");
        return CLI_EXIT_ERROR;
    }
    if (*open && t->mode == m && !strcmp(t->cmd, cmd)) {
        t->profile = profile;
        return 0;
    }
    if (*open)
        fz_target_close(t);
    memset(t, 0, sizeof *t);
    t->mode = m;
    t->cmd = cmd;
    t->profile = profile;
    t->timeout = o->timeout;
    t->verbose = o->verbose;
    *open = false;
    if (fz_target_open(t, fz_now() + 1e9, why, sizeof why) != 0) {
        fprintf(stderr, "amc fuzz: --replay: implementation not reached: %s\n", why);
        return 3;
    }
    *open = true;
    return 0;
}

/* Re-runs one message finding. 1 reproduced, 0 not, -1 could not run it (or not reach the
 * implementation). */
static int replay_message(fz_target *t, const char *dir, json_object *fo, char *now, size_t n)
{
    const char *input = fz_jstr(fo, "input"), *name = fz_jstr(fo, "name");
    const char *want_cls = fz_jstr(fo, "class"), *kname = fz_jstr(fo, "kind");
    char path[4096], *buf = NULL, cls[64];
    size_t len = 0;
    fz_amc amc;
    fz_verdict v;
    fz_result r;
    fz_kind k;
    bool hit = false, unreached = false;
    snprintf(path, sizeof path, "%s/%s", dir, input);
    if (cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0)
        return -1;
    if (fz_amc_init(&amc, t->profile) != 0) {
        if (!t->profile || !amc_profile_find(t->profile))
            snprintf(now, n, "the finding's profile %s is not one amc implements",
                     t->profile ? t->profile : "(none)");
        else
            snprintf(now, n, "out of memory");
        free(buf);
        fz_amc_free(&amc);
        return -1;
    }
    memset(&r, 0, sizeof r);
    fz_amc_check(&amc, t->claims_path && name ? name : NULL, buf, len, &v);
    fz_target_validate(t, name ? name : input, buf, len, fz_now() + 1e9, &r);
    hit = classify(t->claims_codes, &v, &r, &k, cls, sizeof cls);
    if (r.out == FZ_R_UNREACHED)
        snprintf(now, n, "not reached: %s", r.detail);
    else if (hit)
        snprintf(now, n, "%s (%s)%s%s", fz_kind_name(k), cls, r.detail[0] ? ": " : "", r.detail);
    else
        snprintf(now, n, "both say %s", v.valid ? "valid" : "invalid");
    hit = hit && kname && !strcmp(fz_kind_name(k), kname) && want_cls && !strcmp(cls, want_cls);
    /* not reached: the finding could not be run (as a stateful or lifecycle one), not gone */
    unreached = r.out == FZ_R_UNREACHED;
    fz_result_clear(&r);
    fz_amc_free(&amc);
    free(buf);
    return unreached ? -1 : hit ? 1 : 0;
}

int fz_replay(const fz_opts *o, const char *dir)
{
    json_object *lines = fz_read_findings(dir);
    fz_target t;
    bool open = false;
    size_t i = 0, rep = 0, gone = 0, err = 0;
    int rc = 0;
    if (!lines)
        return CLI_EXIT_ERROR;
    memset(&t, 0, sizeof t);
    for (i = 0; i < json_object_array_length(lines); i++) {
        json_object *fo = json_object_array_get_idx(lines, i);
        int k = fz_kind_of(fz_jstr(fo, "kind")), hit = -1;
        char now[400] = "";
        rc = replay_open(&t, o, fo, &open);
        if (rc != 0)
            break;
        if (k == FZ_K_LIFECYCLE)
            hit = fz_replay_lifecycle(&t, dir, fo, now, sizeof now);
        else if (k == FZ_K_STATEFUL)
            hit = fz_replay_stateful(&t, dir, fo, now, sizeof now);
        else
            hit = replay_message(&t, dir, fo, now, sizeof now);
        printf("%-14s %s/%s  %s\n",
               hit > 0    ? "reproduced"
               : hit == 0 ? "not reproduced"
                          : "error",
               dir, fz_jstr(fo, "input"), now);
        rep += hit > 0;
        gone += hit == 0;
        err += hit < 0;
    }
    if (open)
        fz_target_close(&t);
    json_object_put(lines);
    if (rc != 0)
        return rc;
    printf("amc fuzz --replay: %zu reproduced, %zu not reproduced%s\n", rep, gone,
           err ? ", some could not be run" : "");
    return err ? CLI_EXIT_ERROR : rep ? CLI_EXIT_INVALID : CLI_EXIT_OK;
}
