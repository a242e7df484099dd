/*
 * cli_fuzz_drive.c - the run of `amc fuzz` that every mode shares (messages, --lifecycle,
 * --stateful): the findings store and the run's clock, the jobs' accounting and stop
 * conditions, opening the implementation (worker 0 first: its hello names it and says what it
 * claims), the worker threads, the progress line and the exit status. A mode embeds fz_run in
 * its shared state and fz_job first in its worker, and gives its work, progress and summary.
 *
 * Decisions:
 *   - Jobs add their counts to the run every 16 units (and when they stop), so the lock is not
 *     taken per input; the stop conditions (the run's deadline, --runs shared among the jobs,
 *     --max-findings, an unreachable implementation, SIGINT/SIGTERM) are checked before every
 *     unit. --max-findings is exact: the store takes no finding after the Nth new one (a job
 *     shrinking one when another makes the Nth drops it), and every job sees it full at once.
 *   - Exit status: 1 when the run made a finding (new, or known from an earlier run), else 3
 *     when the implementation stopped being reachable, else 0; 3 when it was never reached, 2
 *     when the adapter does not claim what the mode needs.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli_fuzz.h"

volatile sig_atomic_t fz_interrupted = 0;

static void on_sigint(int sig)
{
    (void)sig;
    fz_interrupted = 1;
}

int fz_run_init(fz_run *r, const fz_opts *o)
{
    memset(r, 0, sizeof *r);
    r->o = o;
    pthread_mutex_init(&r->mu, NULL);
    r->start = fz_now();
    r->deadline = o->seconds > 0 ? r->start + o->seconds : r->start + 1e12;
    if (fz_store_init(&r->store, o) != 0) {
        pthread_mutex_destroy(&r->mu);
        return -1;
    }
    return 0;
}

void fz_run_free(fz_run *r)
{
    fz_store_free(&r->store);
    pthread_mutex_destroy(&r->mu);
}

void fz_job_init(fz_job *j, fz_run *r, unsigned idx)
{
    const fz_opts *o = r->o;
    memset(j, 0, sizeof *j);
    j->run = r;
    j->idx = idx;
    j->runs = o->runs ? o->runs / o->jobs + (idx < o->runs % o->jobs ? 1 : 0) : 0;
    j->t.mode = o->mode;
    j->t.cmd = o->cmd;
    j->t.profile = o->profile;
    j->t.timeout = o->timeout;
    j->t.verbose = o->verbose;
}

static void flush(fz_job *j)
{
    fz_run *r = j->run;
    r->units += j->pending;
    r->items += j->pending_items;
    j->pending = j->pending_items = 0;
}

bool fz_job_done(fz_job *j)
{
    fz_run *r = j->run;
    bool stop = atomic_load(&r->store.full); /* at once: no finding after the last one */
    if (j->pending >= 16 || fz_interrupted) {
        pthread_mutex_lock(&r->mu);
        flush(j);
        stop = stop || r->unreachable;
        pthread_mutex_unlock(&r->mu);
    }
    return stop || fz_interrupted || (j->runs && j->units >= j->runs) || fz_now() >= r->deadline;
}

void fz_job_count(fz_job *j, unsigned long items)
{
    j->units++;
    j->pending++;
    j->pending_items += items;
}

void fz_job_unreachable(fz_job *j, const char *why)
{
    fz_run *r = j->run;
    pthread_mutex_lock(&r->mu);
    r->unreachable = true;
    snprintf(r->why, sizeof r->why, "%s", why);
    pthread_mutex_unlock(&r->mu);
}

void fz_job_finish(fz_job *j)
{
    fz_run *r = j->run;
    pthread_mutex_lock(&r->mu);
    flush(j);
    r->running--;
    pthread_mutex_unlock(&r->mu);
}

/* Opens job 0's target and checks what the adapter claims. 0, 3 not reached, 2 no claim. */
static int open_first(fz_run *r, const fz_drive_ops *d, fz_target *t)
{
    char why[256] = "", cap[128];
    bool claims = false;
    if (fz_target_open(t, r->deadline, why, sizeof why) != 0) {
        fprintf(stderr, "amc fuzz: implementation not reached: %s\n", why);
        return 3;
    }
    if (t->mode != FZ_MODE_ADAPTER)
        return 0;
    {
        const amc_conform_reply *h = t->ad.hello;
        snprintf(r->impl, sizeof r->impl, "%s%s%s", h->name ? h->name : "?", h->version ? " " : "",
                 h->version ? h->version : "");
        if (d->cap)
            snprintf(cap, sizeof cap, "%s.%s", r->o->profile, d->cap);
        claims = d->cap ? amc_conform_claims(h, cap) : t->claims_profile;
    }
    if (!claims) {
        if (d->cap)
            fprintf(stderr,
                    "amc fuzz: the adapter does not claim %s (conformance/PROTOCOL.md "
                    "\"Capabilities\"): nothing to fuzz\n",
                    cap);
        else
            fprintf(stderr, "amc fuzz: the adapter does not claim profile %s\n", r->o->profile);
        return CLI_EXIT_ERROR;
    }
    return 0;
}

int fz_drive(fz_run *r, const fz_drive_ops *d, fz_job *const *jobs)
{
    const fz_opts *o = r->o;
    struct sigaction sa, old, oldterm;
    unsigned i = 0, started = 0;
    char why[256];
    int rc = 0;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, &old);
    sigaction(SIGTERM, &sa, &oldterm);
    rc = open_first(r, d, &jobs[0]->t);
    for (i = 1; rc == 0 && i < o->jobs; i++)
        if (fz_target_open(&jobs[i]->t, r->deadline, why, sizeof why) != 0) {
            fprintf(stderr, "amc fuzz: job %u: implementation not reached: %s\n", i, why);
            rc = 3;
        }
    if (rc != 0)
        goto restore;
    r->running = o->jobs;
    for (i = 0; i < o->jobs; i++)
        if (pthread_create(&jobs[i]->th, NULL, d->work, jobs[i]) == 0)
            started++;
    pthread_mutex_lock(&r->mu);
    r->running -= o->jobs - started;
    pthread_mutex_unlock(&r->mu);
    while (started) {
        unsigned running = 0;
        usleep(100000);
        pthread_mutex_lock(&r->mu);
        running = r->running;
        pthread_mutex_unlock(&r->mu);
        if (o->progress)
            d->progress(d->ctx, false);
        if (running == 0)
            break;
    }
    for (i = 0; i < started; i++)
        pthread_join(jobs[i]->th, NULL);
    if (o->progress)
        d->progress(d->ctx, true);
    d->summary(d->ctx, &jobs[0]->t);
    rc = r->store.hits ? CLI_EXIT_INVALID : r->unreachable || !started ? 3 : CLI_EXIT_OK;
restore:
    sigaction(SIGINT, &old, NULL);
    sigaction(SIGTERM, &oldterm, NULL);
    return rc;
}

int fz_drive_emit(const fz_opts *o, int rc)
{
    if (rc == CLI_EXIT_INVALID && o->emit && fz_emit_cases(o, o->out, o->emit) != 0)
        return CLI_EXIT_ERROR;
    return rc;
}

/* ---- small shared helpers ---- */

void fz_list_json(cli_sb *b, const char *list)
{
    const char *p = list;
    bool first = true;
    cli_sb_puts(b, "[");
    while (*p == ' ')
        p++;
    while (*p) {
        size_t l = strcspn(p, " ");
        if (!first)
            cli_sb_puts(b, ",");
        cli_sb_jstr(b, p, l);
        first = false;
        p += l;
        while (*p == ' ')
            p++;
    }
    cli_sb_puts(b, "]");
}

char *fz_sb_take(cli_sb *b)
{
    if (b->failed) {
        free(b->p);
        return NULL;
    }
    return b->p;
}

void fz_progress_line(fz_run *r, const char *unit, const char *extra, bool final)
{
    double t = fz_now() - r->start;
    unsigned long n = 0;
    size_t found = 0;
    pthread_mutex_lock(&r->mu);
    n = r->units;
    found = r->store.hits;
    pthread_mutex_unlock(&r->mu);
    fprintf(stderr, "\r#%lu %s (%.0f/s), %zu finding%s, %s, %.0f s  ", n, unit,
            t > 0 ? (double)n / t : 0.0, found, found == 1 ? "" : "s", extra, t);
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

void fz_summary_findings(const fz_run *r, const char *kinds)
{
    const fz_opts *o = r->o;
    size_t i = 0;
    if (r->store.hits == 0) {
        printf("no findings\n");
    } else {
        printf("findings: %zu new%s", r->store.n, kinds);
        if (r->store.old_hits)
            printf(", %zu found again from earlier runs", r->store.old_hits);
        printf(", in %s/findings.jsonl\n", o->out);
        for (i = 0; i < r->store.n; i++) {
            const fz_finding *f = &r->store.v[i];
            printf("  %-9s %s/%s  %s [%zu -> %zu %s]\n", fz_kind_name(f->kind), o->out, f->file,
                   f->summary, f->orig_size, f->min_size, f->unit);
        }
        printf("replay: amc fuzz --replay %s %s\n", o->out, o->replay_cmd);
    }
    if (r->store.full)
        printf("stopped: --max-findings %d reached\n", o->max_findings);
    if (r->unreachable)
        printf("stopped: the implementation is no longer reachable (%s)\n", r->why);
}
