/*
 * cli_fuzz_lc.c - lifecycle fuzzing (`amc fuzz --lifecycle --profile P --impl CMD`): random
 * event sequences of the profile's model (amc_lifecycle_gen, the lifecycle room), each sent as
 * one `lifecycle` request; amc's model on the same sequence is the oracle
 * (amc_conform_lifecycle_diverges, the conform room). This file only drives: workers, the
 * adapter, shrinking by the library's candidates, findings, progress, replay and emitting.
 *
 * Decisions:
 *   - Needs an adapter (--impl) that claims <profile>.lifecycle (else exit 2): the lifecycle
 *     request is the adapter protocol's. Codes are compared when the adapter claims `codes`.
 *   - A finding is a divergence (its class: what differs at which event), a crash, a hang or a
 *     garbage reply, all of kind "lifecycle"; deduplicated by class. It is shrunk while the
 *     same class shows (at most 3000 candidates, 200 for a hang), for up to 20 s past the run's
 *     time if it is found late; then saved as a scenario file (conformance/LIFECYCLE.md,
 *     expectations from amc's model) with its findings.jsonl line (step, event, both results).
 *   - --runs counts sequences; --timeout is per 100 events of a sequence (a 250-event sequence
 *     gets 3 times --timeout: an adapter's work grows with it). --jobs N: N workers, seeds seed + k
 * * golden ratio, each with its adapter process; the coverage shown is the union of theirs.
 *   - Replay re-runs the saved scenario through the scenario judge (amc conform's); it is
 *     reproduced when the case does not pass.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <json-c/json.h>
#include "cli_fuzz.h"

#define SHRINK_BUDGET 3000
#define SHRINK_GRACE  20.0

typedef struct lshared {
    fz_run run;
    size_t nitems[3], nreached[3];
    bool *reached[3];
    char **names[3];
} lshared;

typedef struct lworker {
    fz_job j; /* first: the driver's part */
    lshared *sh;
    amc_lifecycle_gen *gen;
} lworker;

static uint32_t fnv(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Sends the generator's current sequence; res as fz_target_request leaves it. */
static void send_seq(lworker *w, double deadline, fz_result *res)
{
    char *events = NULL;
    size_t len = 0;
    long long seq = 0;
    cli_sb b = {NULL, 0, 0, false};
    amc_status st = AMC_OK;
    memset(res, 0, sizeof *res);
    if ((st = amc_lifecycle_gen_events(w->gen, &events, &len)) != AMC_OK) {
        if (st == AMC_ENOMEM)
            cli_nomem(); /* the sequence is not sent: the run stops, exit 2 */
        res->out = FZ_R_CUT;
        return;
    }
    if (!fz_target_ready(&w->j.t, deadline, res)) {
        amc_free(events);
        return;
    }
    seq = fz_target_seq(&w->j.t);
    cli_sb_printf(&b,
                  "{\"seq\":%lld,\"op\":\"lifecycle\",\"case\":\"fuzz-%u-%lu\",\"profile\":", seq,
                  w->j.idx, w->j.units + 1);
    cli_sb_str(&b, w->j.t.profile);
    cli_sb_puts(&b, ",\"events\":");
    cli_sb_put(&b, events, len);
    cli_sb_puts(&b, "}");
    amc_free(events);
    if (b.failed) {
        cli_nomem();
        free(b.p);
        res->out = FZ_R_CUT;
        return;
    }
    /* --timeout is per 100 events: an adapter's work grows with the sequence */
    w->j.t.timeout = w->sh->run.o->timeout * (double)(1 + amc_lifecycle_gen_len(w->gen) / 100);
    fz_target_request(&w->j.t, "lifecycle", b.p, b.len, seq, deadline, res);
    w->j.t.timeout = w->sh->run.o->timeout;
    free(b.p);
    if (res->out == FZ_R_VERDICT &&
        ((amc_conform_reply *)res->reply)->kind != AMC_CONFORM_R_STATES) {
        res->out = FZ_R_GARBAGE;
        snprintf(res->cls, sizeof res->cls, "not states");
        snprintf(res->detail, sizeof res->detail, "the reply to a lifecycle request has no states");
    }
}

/* Whether res is a finding; its class into cls and the divergence into d (cleared by the
 * caller with amc_conform_divergence_clear). */
static bool classify(lworker *w, const fz_result *res, amc_conform_divergence *d, char *cls,
                     size_t n)
{
    memset(d, 0, sizeof *d);
    d->step = -1;
    switch (res->out) {
    case FZ_R_CRASH:
    case FZ_R_HANG:
    case FZ_R_GARBAGE:
        snprintf(cls, n, "%s:%s",
                 res->out == FZ_R_CRASH  ? "crash"
                 : res->out == FZ_R_HANG ? "hang"
                                         : "garbage",
                 res->out == FZ_R_HANG ? "timeout"
                 : res->cls[0]         ? res->cls
                                       : "?");
        snprintf(d->message, sizeof d->message, "%s", res->detail);
        return true;
    case FZ_R_VERDICT:
        break;
    case FZ_R_CUT:
    case FZ_R_UNREACHED:
        return false;
    }
    if (!amc_conform_lifecycle_diverges(w->gen, res->reply, w->j.t.claims_codes, d))
        return false;
    if (d->nomem) { /* amc's side of the comparison failed: no finding, the run stops */
        cli_nomem();
        return false;
    }
    snprintf(cls, n, "%s", d->cls);
    return true;
}

typedef struct lprobe {
    lworker *w;
    const char *cls;
    double deadline;
    bool cut;
} lprobe;

static bool still(lprobe *p)
{
    fz_result r;
    amc_conform_divergence d;
    char cls[200];
    bool hit = false;
    send_seq(p->w, p->deadline, &r);
    if (r.out == FZ_R_CUT || r.out == FZ_R_UNREACHED)
        p->cut = true;
    hit = classify(p->w, &r, &d, cls, sizeof cls) && !strcmp(cls, p->cls);
    amc_conform_divergence_clear(&d);
    fz_result_clear(&r);
    return hit;
}

/* Shrinks the generator's current (kept) sequence while the class shows. Pred calls. */
static unsigned long shrink(lworker *w, const char *cls, double deadline, size_t budget)
{
    lprobe p = {w, cls, deadline, false};
    size_t k = 0;
    unsigned long calls = 0;
    bool progress = false;
    while (calls < budget && !p.cut && fz_now() < deadline && !fz_interrupted &&
           !cli_nomem_seen()) {
        amc_status st = amc_lifecycle_gen_candidate(w->gen, k);
        if (st == AMC_EUSAGE) {
            amc_lifecycle_gen_revert(w->gen);
            if (!progress)
                break;
            progress = false;
            k = 0;
            continue;
        }
        if (st != AMC_OK) {
            if (st == AMC_ENOMEM)
                cli_nomem(); /* the finding is not saved, exit 2 */
            amc_lifecycle_gen_revert(w->gen);
            break;
        }
        calls++;
        if (still(&p)) {
            amc_lifecycle_gen_keep(w->gen);
            progress = true;
        } else {
            amc_lifecycle_gen_revert(w->gen);
            k++;
        }
    }
    amc_lifecycle_gen_revert(w->gen);
    return calls;
}

/* amc's result of step i as JSON. */
static char *amc_result(const amc_lifecycle_gen *g, size_t i)
{
    amc_lifecycle_result r;
    cli_sb b = {NULL, 0, 0, false};
    if (amc_lifecycle_gen_step(g, i, &r) != AMC_OK)
        return strdup("null");
    cli_sb_printf(&b, "{\"accepted\":%s,\"codes\":", r.accepted ? "true" : "false");
    fz_list_json(&b, r.codes);
    cli_sb_puts(&b, ",\"state\":");
    cli_sb_puts(&b, r.state);
    cli_sb_puts(&b, "}");
    return fz_sb_take(&b);
}

static void on_finding(lworker *w, const fz_result *res0, const char *cls)
{
    lshared *sh = w->sh;
    fz_finding f;
    fz_result r;
    amc_conform_divergence d;
    char sig[1024], id[64], again[200];
    size_t orig = amc_lifecycle_gen_len(w->gen), step = 0;
    double sd =
        sh->run.deadline > fz_now() + SHRINK_GRACE ? sh->run.deadline : fz_now() + SHRINK_GRACE;
    amc_lifecycle_result ar;
    cli_sb b = {NULL, 0, 0, false};
    bool same = false;
    (void)res0;
    snprintf(sig, sizeof sig, "lifecycle|%s", cls);
    if (cli_nomem_seen() || !fz_store_claim(&sh->run.store, sig))
        return;
    memset(&f, 0, sizeof f);
    f.kind = FZ_K_LIFECYCLE;
    f.found_at = w->j.units;
    f.shrink_runs = shrink(w, cls, sd, strncmp(cls, "hang:", 5) ? SHRINK_BUDGET : 200);
    if (cli_nomem_seen()) /* the shrunk sequence may be ours: not saved, exit 2 */
        return;
    /* the kept sequence once more, for its divergence */
    send_seq(w, sd, &r);
    same = classify(w, &r, &d, again, sizeof again) && !strcmp(again, cls);
    if (!same) { /* flaky: keep what the class says */
        snprintf(d.message, sizeof d.message, "%s (did not show again on the shrunk sequence)",
                 cls);
        d.step = -1;
    }
    step = d.step >= 0 ? (size_t)d.step : 0;
    snprintf(f.sig, sizeof f.sig, "%s", sig);
    snprintf(f.ext, sizeof f.ext, "json");
    snprintf(id, sizeof id, "fuzz-lifecycle-%08x", fnv(sig));
    f.orig_size = orig;
    f.min_size = amc_lifecycle_gen_len(w->gen);
    f.unit = "events";
    {
        char where[64] = "";
        if (d.step >= 0 && step < f.min_size)
            snprintf(where, sizeof where, ", at step %zu of %zu", step + 1, f.min_size);
        else if (d.step >= 0)
            snprintf(where, sizeof where, ", at the end (after %zu events)", f.min_size);
        snprintf(f.summary, sizeof f.summary, "%.300s%s", d.message, where);
    }
    {
        char *json = NULL;
        size_t len = 0;
        char desc[600];
        snprintf(desc, sizeof desc, "Found by amc fuzz --lifecycle (seed %llu): %s",
                 (unsigned long long)sh->run.o->seed, f.summary);
        if (amc_conform_lifecycle_scenario(w->gen, sh->run.o->profile, id, desc,
                                           w->j.t.claims_codes, &json, &len) == AMC_OK &&
            (f.data = malloc(len + 1)) != NULL) {
            memcpy(f.data, json, len);
            f.data[len] = '\0';
            f.len = len;
        }
        amc_free(json);
    }
    /* the implementation's result */
    if (r.out == FZ_R_VERDICT) {
        f.json_impl = d.impl ? strdup(d.impl) : strdup("null");
    } else {
        cli_sb_printf(&b, "{\"outcome\":\"%s\",\"detail\":",
                      r.out == FZ_R_CRASH  ? "crash"
                      : r.out == FZ_R_HANG ? "hang"
                                           : "garbage");
        cli_sb_str(&b, r.detail);
        cli_sb_puts(&b, "}");
        f.json_impl = fz_sb_take(&b);
        memset(&b, 0, sizeof b);
    }
    f.json_amc = amc_result(w->gen, step);
    if (amc_lifecycle_gen_step(w->gen, step, &ar) == AMC_OK) {
        fz_list_json(&b, ar.codes);
        if (!(f.json_codes = fz_sb_take(&b)))
            cli_nomem();
        memset(&b, 0, sizeof b);
    }
    cli_sb_puts(&b, "\"class\":");
    cli_sb_str(&b, cls);
    cli_sb_printf(&b, ",\"step\":%ld", d.step >= 0 ? d.step + 1 : 0);
    if (amc_lifecycle_gen_step(w->gen, step, &ar) == AMC_OK && ar.event) {
        cli_sb_puts(&b, ",\"event\":");
        cli_sb_puts(&b, ar.event);
    }
    cli_sb_puts(&b, ",\"scenario_id\":");
    cli_sb_str(&b, id);
    f.json_extra = fz_sb_take(&b);
    amc_conform_divergence_clear(&d);
    fz_result_clear(&r);
    if (!f.data || !f.json_impl || !f.json_amc || !f.json_extra)
        cli_nomem(); /* a piece of the finding is missing: not saved (fz_store_add), exit 2 */
    if (fz_store_add(&sh->run.store, &f) && sh->run.o->verbose)
        fprintf(stderr, "\namc fuzz: lifecycle finding: %s [%zu -> %zu events]\n",
                sh->run.store.v[sh->run.store.n - 1].summary, orig,
                sh->run.store.v[sh->run.store.n - 1].min_size);
    fz_finding_free(&f);
}

/* Marks what the worker's sequences reached. */
static void mark(lworker *w)
{
    lshared *sh = w->sh;
    size_t k = 0, i = 0;
    char name[8];
    for (k = 0; k < 3; k++)
        for (i = 0; i < sh->nitems[k]; i++) {
            unsigned long h = 0;
            if (sh->reached[k][i])
                continue;
            (void)amc_lifecycle_gen_item(w->gen, (amc_lifecycle_item_kind)k, i, name, sizeof name,
                                         &h);
            if (!h)
                continue;
            pthread_mutex_lock(&sh->run.mu);
            if (!sh->reached[k][i]) {
                sh->reached[k][i] = true;
                sh->nreached[k]++;
            }
            pthread_mutex_unlock(&sh->run.mu);
        }
}

static void *worker_main(void *arg)
{
    lworker *w = arg;
    lshared *sh = w->sh;
    while (!fz_job_done(&w->j) && !cli_nomem_seen()) { /* out of memory: the run stops, exit 2 */
        fz_result r;
        amc_conform_divergence d;
        char cls[200];
        amc_status st = amc_lifecycle_gen_next(w->gen);
        if (st != AMC_OK) {
            if (st == AMC_ENOMEM)
                cli_nomem();
            break;
        }
        send_seq(w, sh->run.deadline, &r);
        if (r.out == FZ_R_CUT) {
            fz_result_clear(&r);
            continue;
        }
        if (r.out == FZ_R_UNREACHED) {
            fz_job_unreachable(&w->j, r.detail);
            fz_result_clear(&r);
            break;
        }
        fz_job_count(&w->j, amc_lifecycle_gen_len(w->gen));
        if ((w->j.units & 15) == 1)
            mark(w);
        if (classify(w, &r, &d, cls, sizeof cls)) {
            amc_conform_divergence_clear(&d);
            fz_result_clear(&r);
            on_finding(w, &r, cls);
        } else {
            amc_conform_divergence_clear(&d);
            fz_result_clear(&r);
        }
    }
    mark(w);
    fz_job_finish(&w->j);
    return NULL;
}

static void coverage_line(const lshared *sh, char *buf, size_t n)
{
    snprintf(buf, n, "rules %zu/%zu, transitions %zu/%zu, states %zu/%zu", sh->nreached[0],
             sh->nitems[0], sh->nreached[1], sh->nitems[1], sh->nreached[2], sh->nitems[2]);
}

static void progress(void *ctx, bool final)
{
    lshared *sh = ctx;
    char extra[200];
    pthread_mutex_lock(&sh->run.mu);
    coverage_line(sh, extra, sizeof extra);
    pthread_mutex_unlock(&sh->run.mu);
    fz_progress_line(&sh->run, "sequences", extra, final);
}

static void summary(void *ctx, const fz_target *t0)
{
    lshared *sh = ctx;
    const fz_opts *o = sh->run.o;
    double t = fz_now() - sh->run.start;
    size_t i = 0, k = 0, shown = 0;
    char cov[200];
    static const char *const kinds[] = {"rules", "transitions", "states"};
    coverage_line(sh, cov, sizeof cov);
    printf("amc fuzz --lifecycle: profile %s, adapter %s%s%s, seed %llu, %u job%s\n", o->profile,
           o->cmd, sh->run.impl[0] ? " = " : "", sh->run.impl, (unsigned long long)o->seed, o->jobs,
           o->jobs == 1 ? "" : "s");
    printf("%lu sequences (%lu events) in %.1f s (%.0f/s)%s\n", sh->run.units, sh->run.items, t,
           t > 0 ? (double)sh->run.units / t : 0.0,
           !t0->claims_codes ? ", accepted and state only (no codes claimed)" : "");
    printf("model coverage: %s\n", cov);
    for (k = 0; k < 3; k++)
        for (i = 0; i < sh->nitems[k] && shown < 12; i++)
            if (!sh->reached[k][i]) {
                printf("  not reached: %s %s\n", kinds[k] + 0, sh->names[k][i]);
                shown++;
            }
    fz_summary_findings(&sh->run, "");
}

static void free_shared(lshared *sh)
{
    size_t k = 0, i = 0;
    for (k = 0; k < 3; k++) {
        for (i = 0; sh->names[k] && i < sh->nitems[k]; i++)
            free(sh->names[k][i]);
        free(sh->names[k]);
        free(sh->reached[k]);
    }
    fz_run_free(&sh->run);
}

static int init_items(lshared *sh, const amc_lifecycle_gen *g)
{
    size_t k = 0, i = 0;
    for (k = 0; k < 3; k++) {
        sh->nitems[k] = amc_lifecycle_gen_items(g, (amc_lifecycle_item_kind)k);
        sh->reached[k] = calloc(sh->nitems[k] + 1, sizeof *sh->reached[k]);
        sh->names[k] = calloc(sh->nitems[k] + 1, sizeof *sh->names[k]);
        if (!sh->reached[k] || !sh->names[k])
            return -1;
        for (i = 0; i < sh->nitems[k]; i++) {
            char name[200];
            if (amc_lifecycle_gen_item(g, (amc_lifecycle_item_kind)k, i, name, sizeof name, NULL) !=
                AMC_OK)
                return -1;
            sh->names[k][i] = strdup(name);
            if (!sh->names[k][i])
                return -1;
        }
    }
    return 0;
}

int fz_run_lifecycle(const fz_opts *o)
{
    lshared sh;
    lworker *ws = NULL;
    fz_job **jobs = NULL;
    fz_drive_ops d = {"lifecycle", NULL, worker_main, progress, summary};
    unsigned i = 0;
    int rc = CLI_EXIT_ERROR;
    amc_lifecycle_opts lo = {NULL, NULL, NULL};
    memset(&sh, 0, sizeof sh);
    if (fz_run_init(&sh.run, o) != 0)
        return CLI_EXIT_ERROR;
    d.ctx = &sh;
    lo.profile = o->profile;
    ws = calloc(o->jobs, sizeof *ws);
    jobs = calloc(o->jobs, sizeof *jobs);
    for (i = 0; ws && jobs && i < o->jobs; i++) {
        lworker *w = &ws[i];
        fz_job_init(&w->j, &sh.run, i);
        w->sh = &sh;
        jobs[i] = &w->j;
        if (amc_lifecycle_gen_new(&lo, o->seed + 0x9e3779b97f4a7c15ull * i, &w->gen) != AMC_OK)
            break;
    }
    if (!ws || !jobs || i < o->jobs || init_items(&sh, ws[0].gen) != 0)
        fprintf(stderr, "amc fuzz: out of memory\n");
    else
        rc = fz_store_status(&sh.run.store, fz_drive(&sh.run, &d, jobs));
    for (i = 0; ws && i < o->jobs; i++) {
        fz_target_close(&ws[i].j.t);
        amc_lifecycle_gen_free(ws[i].gen);
    }
    free(ws);
    free(jobs);
    free_shared(&sh);
    return fz_drive_emit(o, rc);
}

/* ---- --replay and --emit-cases ---- */

int fz_replay_lifecycle(fz_target *t, const char *dir, json_object *fo, char *now, size_t n)
{
    const char *input = fz_jstr(fo, "input");
    char path[4096], *buf = NULL, *req = NULL;
    size_t len = 0, rlen = 0;
    amc_conform_suite *s = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_case *c = NULL;
    fz_result r;
    long long seq = 0;
    int hit = -1;
    memset(&r, 0, sizeof r);
    snprintf(path, sizeof path, "%s/%s", dir, input ? input : "");
    if (!s || !ds || !input || cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ||
        amc_conform_suite_add_scenario(s, t->profile, buf, len, ds) != AMC_OK ||
        !(c = amc_conform_case_at(s, 0))) {
        snprintf(now, n, "cannot read the scenario %s", path);
        goto out;
    }
    if (t->mode != FZ_MODE_ADAPTER || !t->claims_lifecycle) {
        snprintf(now, n, "the implementation does not replay lifecycle events (%s.lifecycle)",
                 t->profile);
        goto out;
    }
    if (!fz_target_ready(t, fz_now() + 1e9, &r)) {
        snprintf(now, n, "not reached: %s", r.detail);
        goto out;
    }
    seq = fz_target_seq(t);
    if (amc_conform_lifecycle_request(c, seq, &req, &rlen) != AMC_OK) {
        snprintf(now, n, "cannot build the request");
        goto out;
    }
    {
        double per = t->timeout; /* per 100 events, as in the run */
        t->timeout = per * (double)(1 + c->steps->u.arr.len / 100);
        fz_target_request(t, "lifecycle", req, rlen, seq, fz_now() + 1e9, &r);
        t->timeout = per;
    }
    if (r.out == FZ_R_VERDICT) {
        amc_conform_judge_lifecycle(c, r.reply);
        hit = c->outcome != AMC_CONFORM_PASS;
        snprintf(now, n, "%s", hit ? c->message : "the scenario passes");
    } else if (r.out == FZ_R_UNREACHED || r.out == FZ_R_CUT) {
        snprintf(now, n, "not reached: %s", r.detail);
    } else {
        hit = 1;
        snprintf(now, n, "%s: %s",
                 r.out == FZ_R_CRASH  ? "crash"
                 : r.out == FZ_R_HANG ? "hang"
                                      : "garbage",
                 r.detail);
    }
out:
    fz_result_clear(&r);
    amc_free(req);
    free(buf);
    amc_diags_free(ds);
    amc_conform_suite_free(s);
    return hit;
}

int fz_emit_scenario(const char *dir, const char *emit, json_object *fo)
{
    const char *input = fz_jstr(fo, "input"), *profile = fz_jstr(fo, "profile");
    const char *id = fz_jstr(fo, "scenario_id");
    char src[4096], dst[4096], *buf = NULL;
    size_t len = 0;
    FILE *f = NULL;
    int rc = 0;
    snprintf(src, sizeof src, "%s/%s", dir, input);
    snprintf(dst, sizeof dst, "%s/%s/lifecycle", emit, profile);
    if (cli_read_file(src, (size_t)1 << 30, &buf, &len) != 0) {
        fprintf(stderr, "amc fuzz: --emit-cases: cannot read %s\n", src);
        return -1;
    }
    {
        char part[4096];
        char *p = NULL;
        snprintf(part, sizeof part, "%s", dst);
        for (p = part + 1; (p = strchr(p, '/')) != NULL; p++) {
            *p = '\0';
            (void)mkdir(part, 0777);
            *p = '/';
        }
        (void)mkdir(part, 0777);
    }
    snprintf(dst + strlen(dst), sizeof dst - strlen(dst), "/%s.json", id ? id : "fuzz-lifecycle");
    f = fopen(dst, "wb");
    if (!f || fwrite(buf, 1, len, f) != len)
        rc = -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "amc fuzz: --emit-cases: cannot write %s: %s\n", dst, strerror(errno));
    free(buf);
    return rc;
}
