/*
 * cmd_conform.c - amc conform: runs an implementation under test through the conformance
 * fixtures (conformance/<profile>/cases.json) via the adapter protocol (conformance/PROTOCOL.md)
 * or a plain exec command, and reports an honest verdict a CI job can gate on (SPEC 7).
 *
 * Decisions:
 *   - The suite is every conformance/<dir>/cases.json under --suite DIR (default: ./conformance,
 *     else $AMC_CONFORMANCE_DIR), directories in name order; the profile is the directory name.
 *     Nothing depends on which profiles amc itself implements.
 *   - Adapter mode: `/bin/sh -c CMD` in its own process group; hello first (timeout = the case
 *     timeout x 5, at least 5 s). No valid hello: the implementation is not reached, every case
 *     is NOT_TESTED, exit 3. A crash, timeout or garbage reply makes that case ERROR; the
 *     adapter is killed (whole process group) and restarted before the next case, at most
 *     --max-restarts times (default 5); after that the remaining cases are NOT_TESTED.
 *   - Capability gating: a case needing a capability the hello did not claim is SKIP (not in
 *     the score's denominator); a claimed one that fails is FAIL. Codes are compared only when
 *     the adapter claims "codes"; otherwise verdicts only, and every report says so.
 *   - The file name sent with an input is its fixture path below inputs/ (what placement rules
 *     read; conformance/README.md), the bytes are sent untouched (base64).
 *   - Lifecycle scenarios (conformance/<profile>/lifecycle/NAME.json) are cases too, needing
 *     "<profile>.lifecycle"; their events go in one `lifecycle` request (PROTOCOL.md).
 *   - Before every stateful case the runner sends `reset` (a missing/garbled ack is an ERROR of
 *     that case).
 *   - Exec mode: `{file}` is replaced by the input's absolute path (shell-quoted), `{profile}`
 *     by the profile; exit 0 valid, 1 invalid, anything else (or a signal, or the timeout)
 *     ERROR. Exec mode claims only "<profile>" and "<profile>.path" of the profiles the run
 *     selects (stateful/policy/clock cases are SKIP); the implementation counts as reached once
 *     one case ran (any outcome but "could not start": fork failure, exit 126 or 127).
 *   - --max-fail N / -x: after N unexpected failures/errors, the rest are NOT_TESTED (they count
 *     in the denominator: a stopped run is never conformant).
 *   - --update-xfail rewrites the --xfail file with the current failures (keeping reasons) and
 *     exits with the status the run would have had without stale entries.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "cli.h"
#include "cli_adapter.h"

typedef struct run {
    const char *impl, *exec, *suite_dir, *protocol_dir;
    cli_list profiles, filters; /* --profile, --filter */
    double timeout;
    long max_fail, max_restarts;
    bool validate_protocol, verbose;
    amc_conform_suite *suite;
    cli_adapter ad; /* adapter mode: the implementation */
    amc_conform_run_info info;
} run;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* conformance/<profile>/lifecycle/NAME.json, in name order (conformance/LIFECYCLE.md). */
static int load_scenarios(run *r, const char *profile)
{
    char dir[4096];
    DIR *d = NULL;
    struct dirent *e = NULL;
    char *names[1024];
    size_t n = 0, i = 0;
    int rc = 0;
    snprintf(dir, sizeof dir, "%s/%s/lifecycle", r->suite_dir, profile);
    d = opendir(dir);
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL && n < 1024) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] != '.' && l > 5 && !strcmp(e->d_name + l - 5, ".json"))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    for (i = 0; i < n; i++) {
        char path[8192], *buf = NULL;
        size_t len = 0, k = 0;
        amc_diags *ds = amc_diags_new(20);
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ||
            amc_conform_suite_add_scenario(r->suite, profile, buf, len, ds) != AMC_OK) {
            fprintf(stderr, "amc conform: %s is not a valid scenario\n", path);
            for (k = 0; k < amc_diags_count(ds); k++)
                cli_print_diag_text(stderr, path, amc_diags_get(ds, k), false);
            rc = -1;
        }
        free(buf);
        amc_diags_free(ds);
        free(names[i]);
    }
    return rc;
}

static int load_suite(run *r)
{
    DIR *d = opendir(r->suite_dir);
    struct dirent *e = NULL;
    char *names[256];
    size_t n = 0, i = 0;
    int rc = 0;
    if (!d) {
        fprintf(stderr, "amc conform: cannot open suite %s: %s\n", r->suite_dir, strerror(errno));
        return -1;
    }
    while ((e = readdir(d)) != NULL && n < 256) {
        char path[4096];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s/cases.json", r->suite_dir, e->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    for (i = 0; i < n; i++) {
        char path[4096], *buf = NULL;
        size_t len = 0;
        amc_diags *ds = amc_diags_new(20);
        snprintf(path, sizeof path, "%s/%s/cases.json", r->suite_dir, names[i]);
        if (cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ||
            amc_conform_suite_add(r->suite, names[i], buf, len, ds) != AMC_OK) {
            size_t k = 0;
            fprintf(stderr, "amc conform: %s is not a valid manifest\n", path);
            for (k = 0; k < amc_diags_count(ds); k++)
                cli_print_diag_text(stderr, path, amc_diags_get(ds, k), false);
            rc = -1;
        }
        free(buf);
        amc_diags_free(ds);
        if (load_scenarios(r, names[i]) != 0)
            rc = -1;
    }
    /* the suite keeps profile names (copied); free ours */
    for (i = 0; i < n; i++)
        free(names[i]);
    if (n == 0 && rc == 0) {
        fprintf(stderr, "amc conform: no */cases.json under %s\n", r->suite_dir);
        rc = -1;
    }
    return rc;
}

static bool selected(const run *r, const amc_conform_case *c)
{
    size_t i = 0;
    bool ok = r->profiles.n == 0;
    for (i = 0; i < r->profiles.n; i++)
        ok = ok || !strcmp(r->profiles.v[i], c->profile);
    if (!ok)
        return false;
    if (r->filters.n == 0)
        return true;
    for (i = 0; i < r->filters.n; i++)
        if (amc_conform_glob(r->filters.v[i], c->id))
            return true;
    return false;
}

static int read_fixture(const run *r, const char *profile, const char *rel, char **buf, size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", r->suite_dir, profile, rel);
    if (cli_read_file(path, (size_t)1 << 30, buf, len) != 0) {
        fprintf(stderr, "amc conform: cannot read fixture %s\n", path);
        return -1;
    }
    return 0;
}

/* ---- JSON requests ---- */

/* {"name": NAME, "data": BASE64} of fixture rel; name = rel without a leading "inputs/". */
static int sb_file(cli_sb *b, const run *r, const char *profile, const char *rel)
{
    char *buf = NULL, *enc = NULL;
    size_t len = 0;
    if (read_fixture(r, profile, rel, &buf, &len) != 0)
        return -1;
    enc = cli_base64_encode(buf, len);
    free(buf);
    if (!enc)
        return -1;
    cli_sb_puts(b, "{\"name\":");
    cli_sb_str(b, strncmp(rel, "inputs/", 7) ? rel : rel + 7);
    cli_sb_puts(b, ",\"data\":\"");
    cli_sb_puts(b, enc);
    cli_sb_puts(b, "\"}");
    free(enc);
    return 0;
}

/* The validate request of case c into b; -1 on a fixture I/O error. */
static int build_validate(const run *r, const amc_conform_case *c, long long seq, cli_sb *b)
{
    char num[32];
    size_t i = 0;
    snprintf(num, sizeof num, "%lld", seq);
    cli_sb_puts(b, "{\"seq\":");
    cli_sb_puts(b, num);
    cli_sb_puts(b, ",\"op\":\"validate\",\"case\":");
    cli_sb_str(b, c->id);
    cli_sb_puts(b, ",\"profile\":");
    cli_sb_str(b, c->profile);
    cli_sb_puts(b, c->stateful ? ",\"stateful\":true" : ",\"stateful\":false");
    cli_sb_puts(b, ",\"files\":[");
    for (i = 0; i < c->nfiles; i++) {
        if (i)
            cli_sb_puts(b, ",");
        if (sb_file(b, r, c->profile, c->files[i]) != 0)
            return -1;
    }
    cli_sb_puts(b, "]");
    if (c->now) {
        cli_sb_puts(b, ",\"now\":");
        cli_sb_str(b, c->now);
    }
    if (c->policy) {
        char *pbuf = NULL;
        size_t plen = 0;
        amc_policy *pol = NULL;
        amc_diags *pds = amc_diags_new(0);
        const char *kr = NULL, *slash = strrchr(c->policy, '/');
        cli_sb_puts(b, ",\"policy\":");
        if (sb_file(b, r, c->profile, c->policy) != 0)
            return -1;
        /* a keyring the policy names travels along (PROTOCOL.md "aux") */
        if (read_fixture(r, c->profile, c->policy, &pbuf, &plen) == 0 &&
            amc_policy_read(pbuf, plen, pds, &pol) == AMC_OK)
            kr = amc_policy_keyring_file(pol);
        if (kr) {
            char rel[2048];
            snprintf(rel, sizeof rel, "%.*s%s", slash ? (int)(slash - c->policy + 1) : 0, c->policy,
                     kr);
            cli_sb_puts(b, ",\"aux\":[");
            if (sb_file(b, r, c->profile, rel) != 0) {
                amc_policy_free(pol);
                amc_diags_free(pds);
                free(pbuf);
                return -1;
            }
            cli_sb_puts(b, "]");
        }
        amc_policy_free(pol);
        amc_diags_free(pds);
        free(pbuf);
    }
    cli_sb_puts(b, "}");
    return b->failed ? -1 : 0;
}

/* ---- the adapter (cli_adapter.c) ---- */

static void stop_adapter(run *r, bool polite)
{
    cli_adapter_stop(&r->ad, polite);
}

/* Starts the adapter and does the hello. 0 ok, -1 failed (why says why). */
static int start_adapter(run *r, char *why, size_t whylen)
{
    double t = r->timeout * 5 < 5 ? 5 : r->timeout * 5;
    if (cli_adapter_start(&r->ad, t, why, whylen) != 0)
        return -1;
    if (!r->info.reached) {
        const amc_conform_reply *h = r->ad.hello;
        r->info.impl_name = h->name;
        r->info.impl_version = h->version;
        r->info.impl_language = h->language;
        r->info.impl_homepage = h->homepage;
        r->info.verdict_only = !amc_conform_claims(h, "codes");
        r->info.reached = true;
    }
    return 0;
}

static amc_conform_reply *exchange(run *r, const char *op, const char *req, size_t reqlen,
                                   long long seq, double timeout, char *why, size_t whylen)
{
    return cli_adapter_exchange(&r->ad, op, req, reqlen, seq, timeout, why, whylen);
}

static void set_msg(amc_conform_case *c, amc_conform_outcome o, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_msg(amc_conform_case *c, amc_conform_outcome o, const char *fmt, ...)
{
    va_list ap;
    c->outcome = o;
    va_start(ap, fmt);
    vsnprintf(c->message, sizeof c->message, fmt, ap);
    va_end(ap);
}

/* A lifecycle scenario: one lifecycle request (with the policy, if any), judged on its reply.
 * Returns 0, or -1 on a fatal error. */
static int run_lifecycle_case(run *r, amc_conform_case *c)
{
    char why[200];
    amc_conform_reply *rep = NULL;
    char *req = NULL;
    size_t len = 0;
    if (amc_conform_lifecycle_request(c, ++r->ad.seq, &req, &len) != AMC_OK)
        return -1;
    if (c->policy) {
        cli_sb lb = {NULL, 0, 0, false};
        cli_sb_put(&lb, req, len - 1); /* without the closing brace */
        cli_sb_puts(&lb, ",\"policy\":");
        amc_free(req);
        if (sb_file(&lb, r, c->profile, c->policy) != 0) {
            free(lb.p);
            return -1;
        }
        cli_sb_puts(&lb, "}");
        rep = exchange(r, "lifecycle", lb.p, lb.len, r->ad.seq, r->timeout, why, sizeof why);
        free(lb.p);
    } else {
        rep = exchange(r, "lifecycle", req, len, r->ad.seq, r->timeout, why, sizeof why);
        amc_free(req);
    }
    if (!rep) {
        set_msg(c, AMC_CONFORM_ERROR, "%s", why);
        stop_adapter(r, false);
        return 0;
    }
    amc_conform_judge_lifecycle(c, rep);
    amc_conform_reply_free(rep);
    return 0;
}

static int run_adapter_case(run *r, amc_conform_case *c)
{
    char why[200];
    cli_sb b = {NULL, 0, 0, false};
    amc_conform_reply *rep = NULL;
    size_t k = 0;
    for (k = 0; k < c->ncaps; k++)
        if (!amc_conform_claims(r->ad.hello, c->caps[k])) {
            set_msg(c, AMC_CONFORM_SKIP, "capability %s not claimed", c->caps[k]);
            return 0;
        }
    if (!r->ad.running) {
        if (r->ad.restarts >= r->max_restarts) {
            set_msg(c, AMC_CONFORM_NOT_TESTED, "not run: %s", "adapter restarts exhausted");
            return 0;
        }
        r->ad.restarts++;
        if (start_adapter(r, why, sizeof why) != 0) {
            set_msg(c, AMC_CONFORM_NOT_TESTED, "not run: adapter restart failed: %s", why);
            return 0;
        }
    }
    if (c->lifecycle)
        return run_lifecycle_case(r, c);
    if (c->stateful) {
        char req[64];
        int n = snprintf(req, sizeof req, "{\"seq\":%lld,\"op\":\"reset\"}", ++r->ad.seq);
        rep = exchange(r, "reset", req, (size_t)n, r->ad.seq, r->timeout, why, sizeof why);
        if (!rep || rep->kind != AMC_CONFORM_R_OK) {
            set_msg(c, AMC_CONFORM_ERROR, "reset: %s", rep ? "error reply" : why);
            amc_conform_reply_free(rep);
            stop_adapter(r, false);
            return 0;
        }
        amc_conform_reply_free(rep);
        rep = NULL;
    }
    if (build_validate(r, c, ++r->ad.seq, &b) != 0) {
        free(b.p);
        return -1;
    }
    rep = exchange(r, "validate", b.p, b.len, r->ad.seq, r->timeout, why, sizeof why);
    free(b.p);
    if (!rep) {
        set_msg(c, AMC_CONFORM_ERROR, "%s", why);
        stop_adapter(r, false); /* restarted before the next case */
        return 0;
    }
    amc_conform_judge(c, rep, r->info.verdict_only);
    amc_conform_reply_free(rep);
    return 0;
}

static int run_exec_case(run *r, amc_conform_case *c)
{
    char abs[4096], rel[4096];
    char *qfile = NULL, *cmd = NULL;
    int st = 0;
    if (c->lifecycle || c->stateful || c->policy || c->now || c->nfiles == 0) {
        set_msg(c, AMC_CONFORM_SKIP, "%s",
                "exec mode: lifecycle/stateful/policy/clock cases need an adapter");
        return 0;
    }
    snprintf(rel, sizeof rel, "%s/%s/%s", r->suite_dir, c->profile, c->files[0]);
    if (!realpath(rel, abs)) {
        fprintf(stderr, "amc conform: cannot read fixture %s\n", rel);
        return -1;
    }
    qfile = cli_shell_quote(abs);
    cmd = qfile ? cli_exec_expand(r->exec, qfile, c->profile) : NULL;
    free(qfile);
    if (!cmd)
        return -1;
    st = cli_run_exec(cmd, r->timeout, r->verbose);
    free(cmd);
    if (st == 0 || st == 1) {
        amc_conform_reply rep;
        memset(&rep, 0, sizeof rep);
        rep.kind = AMC_CONFORM_R_VERDICT;
        rep.valid = st == 0;
        r->info.reached = true;
        amc_conform_judge(c, &rep, true);
    } else {
        char msg[64];
        if (st != -1 && st != 126 && st != 127)
            r->info.reached = true; /* it ran (and crashed, hung or exited oddly) */
        snprintf(msg, sizeof msg, "%d", st);
        set_msg(c, AMC_CONFORM_ERROR,
                st == -2   ? "timeout (exec mode)%.0s"
                : st == -3 ? "killed by a signal (exec mode)%.0s"
                : st == -1 ? "could not start the command%.0s"
                           : "exit status %s (exec mode: 0 valid, 1 invalid)",
                msg);
    }
    return 0;
}

static int write_report(const run *r, amc_conform_format fmt, const char *path)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = NULL;
    if (amc_conform_report(r->suite, &r->info, fmt, &out, &len) != AMC_OK)
        return -1;
    f = path ? fopen(path, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "amc conform: cannot write %s: %s\n", path, strerror(errno));
        amc_free(out);
        return -1;
    }
    fwrite(out, 1, len, f);
    if (path)
        fclose(f);
    amc_free(out);
    return 0;
}

static int check_suite(run *r)
{
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, k = 0, bad = 0;
    for (i = 0; i < amc_conform_case_count(r->suite); i++) {
        const amc_conform_case *c = amc_conform_case_at(r->suite, i);
        for (k = 0; k <= c->nfiles; k++) {
            const char *rel = k < c->nfiles ? c->files[k] : c->policy;
            char path[4096];
            struct stat st;
            if (!rel)
                continue;
            snprintf(path, sizeof path, "%s/%s/%s", r->suite_dir, c->profile, rel);
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
                amc_pos p = {0, 0, 0};
                amc_diags_addf(ds, AMC_C_CONFORM_INPUT_MISSING, p, "%s: %s does not exist", c->id,
                               rel);
            }
        }
    }
    (void)amc_conform_suite_check(r->suite, ds);
    for (k = 0; k < amc_diags_count(ds); k++) {
        cli_print_diag_text(stdout, r->suite_dir, amc_diags_get(ds, k), false);
        bad += amc_diags_get(ds, k)->sev == AMC_SEV_ERROR;
    }
    printf("%zu cases checked: %s\n", amc_conform_case_count(r->suite),
           bad ? "problems found" : "ok");
    amc_diags_free(ds);
    return bad ? CLI_EXIT_INVALID : CLI_EXIT_OK;
}

static int load_protocol_schemas(run *r)
{
    static const char *ops[] = {"hello", "validate", "lifecycle", "reset", "stop"};
    size_t i = 0;
    r->ad.pset = amc_schema_set_new(NULL);
    for (i = 0; r->ad.pset && i < sizeof ops / sizeof ops[0]; i++) {
        char path[4096], *buf = NULL;
        size_t len = 0;
        amc_diags *ds = amc_diags_new(8);
        if (r->protocol_dir)
            snprintf(path, sizeof path, "%s/%s-reply.schema.json", r->protocol_dir, ops[i]);
        else
            snprintf(path, sizeof path, "%s/protocol/%s-reply.schema.json", r->suite_dir, ops[i]);
        if (cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ||
            amc_schema_set_add(r->ad.pset, NULL, buf, len, ds, NULL) != AMC_OK) {
            fprintf(stderr, "amc conform: --validate-protocol: cannot load %s\n", path);
            free(buf);
            amc_diags_free(ds);
            return -1;
        }
        free(buf);
        amc_diags_free(ds);
    }
    return r->ad.pset ? 0 : -1;
}

typedef struct cargs {
    const char *impl, *exec, *suite, *protocol_dir, *xfail;
    const char *reports[5]; /* --json, --junit, --tap, --markdown FILE (by amc_conform_format) */
    cli_list profiles, filters;
    double timeout;
    uint64_t max_restarts, max_fail;
    int format;
    bool x, update_xfail, validate_protocol, check_suite, verbose;
} cargs;

/* Reads the --xfail file into the suite (a missing file is fine for --update-xfail). Returns 0
 * or -1 (reported). */
static int read_xfail(run *r, const char *xfail, bool update)
{
    char *buf = NULL;
    size_t len = 0, d = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    struct stat xst;
    if (update && stat(xfail, &xst) != 0) {
        /* a new file */
    } else if (cli_read_file(xfail, (size_t)1 << 30, &buf, &len) != 0) {
        fprintf(stderr, "amc conform: cannot read %s\n", xfail);
        amc_diags_free(ds);
        return -1;
    } else {
        st = amc_conform_xfail_read(r->suite, buf, len, ds);
    }
    for (d = 0; d < amc_diags_count(ds); d++)
        cli_print_diag_text(stderr, xfail, amc_diags_get(ds, d), false);
    free(buf);
    amc_diags_free(ds);
    return st == AMC_OK ? 0 : -1;
}

/* Rewrites the --xfail file with the current failures. Returns 0 or -1 (reported). */
static int write_xfail(run *r, const char *xfail)
{
    char *out = NULL;
    size_t len = 0, k = 0;
    FILE *f = NULL;
    if (amc_conform_xfail_render(r->suite, &out, &len) != AMC_OK)
        return -1;
    f = fopen(xfail, "wb");
    if (!f) {
        fprintf(stderr, "amc conform: cannot write %s\n", xfail);
        amc_free(out);
        return -1;
    }
    fwrite(out, 1, len, f);
    fclose(f);
    amc_free(out);
    for (k = 0; k < amc_conform_case_count(r->suite); k++) {
        amc_conform_case *c = amc_conform_case_at(r->suite, k);
        c->xfail_listed = c->outcome == AMC_CONFORM_FAIL || c->outcome == AMC_CONFORM_ERROR;
    }
    return 0;
}

/* Selects the cases (--profile, --filter; every --profile must have fixtures) and reads the
 * xfail list. Returns 0 or -1 (reported). */
static int select_cases(run *r, const cargs *a)
{
    size_t k = 0, j = 0;
    for (k = 0; k < r->profiles.n; k++) {
        for (j = 0; j < amc_conform_case_count(r->suite); j++)
            if (!strcmp(amc_conform_case_at(r->suite, j)->profile, r->profiles.v[k]))
                break;
        if (j == amc_conform_case_count(r->suite)) {
            fprintf(stderr, "amc conform: no fixtures for profile %s\n", r->profiles.v[k]);
            return -1;
        }
    }
    for (k = 0; k < amc_conform_case_count(r->suite); k++) {
        amc_conform_case *c = amc_conform_case_at(r->suite, k);
        c->selected = selected(r, c);
    }
    return a->xfail ? read_xfail(r, a->xfail, a->update_xfail) : 0;
}

/* Runs the selected cases (the adapter is started here). Returns 0, or -1 on a fatal error. */
static int run_cases(run *r)
{
    size_t k = 0, bad = 0;
    char why[200] = "";
    r->info.mode = r->impl ? "adapter" : "exec";
    if (r->exec) {
        r->info.impl_name = r->exec;
        r->info.verdict_only = true;
    } else if (start_adapter(r, why, sizeof why) != 0) {
        fprintf(stderr, "amc conform: implementation not reached: %s\n", why);
        for (k = 0; k < amc_conform_case_count(r->suite); k++)
            set_msg(amc_conform_case_at(r->suite, k), AMC_CONFORM_NOT_TESTED,
                    "not run: implementation not reached (%s)", why);
    }
    for (k = 0; (r->exec || r->info.reached) && k < amc_conform_case_count(r->suite); k++) {
        amc_conform_case *c = amc_conform_case_at(r->suite, k);
        double t0 = now_s();
        if (!c->selected)
            continue;
        if (r->max_fail > 0 && (long)bad >= r->max_fail) {
            set_msg(c, AMC_CONFORM_NOT_TESTED, "not run: %s", "--max-fail reached");
            continue;
        }
        if ((r->exec ? run_exec_case(r, c) : run_adapter_case(r, c)) != 0)
            return -1;
        c->seconds = now_s() - t0;
        if ((c->outcome == AMC_CONFORM_FAIL || c->outcome == AMC_CONFORM_ERROR) && !c->xfail_listed)
            bad++;
        if (r->verbose)
            fprintf(stderr, "%-10s %s %s\n", amc_conform_outcome_str(c->outcome), c->id,
                    c->message);
    }
    stop_adapter(r, true);
    return 0;
}

/* After the run: the xfail update, the reports, the exit status. */
static int finish(run *r, const cargs *a)
{
    size_t k = 0;
    if (a->update_xfail && write_xfail(r, a->xfail) != 0)
        return CLI_EXIT_ERROR;
    amc_conform_finalize(r->suite);
    if (write_report(r, (amc_conform_format)a->format, NULL) != 0)
        return CLI_EXIT_ERROR;
    for (k = 0; k < 5; k++)
        if (a->reports[k] && write_report(r, (amc_conform_format)k, a->reports[k]) != 0)
            return CLI_EXIT_ERROR;
    return amc_conform_exit_status(r->suite, &r->info);
}

static int conform_main(void *args, const cli_list *ops)
{
    const cargs *a = args;
    run r;
    int rc = CLI_EXIT_ERROR;
    memset(&r, 0, sizeof r);
    r.impl = a->impl;
    cli_adapter_init(&r.ad, a->impl);
    r.ad.verbose = a->verbose;
    r.exec = a->exec;
    r.suite_dir = a->suite                        ? a->suite
                  : getenv("AMC_CONFORMANCE_DIR") ? getenv("AMC_CONFORMANCE_DIR")
                                                  : "conformance";
    r.protocol_dir = a->protocol_dir;
    r.profiles = a->profiles;
    r.filters = a->filters;
    r.timeout = a->timeout;
    r.max_restarts = (long)a->max_restarts;
    r.max_fail = a->max_fail ? (long)a->max_fail : a->x ? 1 : -1;
    r.validate_protocol = a->validate_protocol;
    r.verbose = a->verbose;
    if (!a->check_suite && !a->impl == !a->exec)
        return cli_usage_error(&cli_cmd_conform, "give exactly one of --impl and --impl-exec");
    if (a->update_xfail && !a->xfail)
        return cli_usage_error(&cli_cmd_conform, "--update-xfail needs --xfail FILE");
    signal(SIGPIPE, SIG_IGN);
    r.suite = amc_conform_suite_new();
    if (!r.suite || load_suite(&r) != 0)
        goto out;
    if (a->check_suite) {
        rc = check_suite(&r);
        goto out;
    }
    if ((r.validate_protocol && load_protocol_schemas(&r) != 0) || select_cases(&r, a) != 0 ||
        run_cases(&r) != 0)
        goto out;
    rc = finish(&r, a);
out:
    stop_adapter(&r, false);
    cli_adapter_free(&r.ad);
    amc_schema_set_free(r.ad.pset);
    amc_conform_suite_free(r.suite);
    return rc;
}

static const cli_value formats[] = {{"text", AMC_CONFORM_TEXT},         {"json", AMC_CONFORM_JSON},
                                    {"junit", AMC_CONFORM_JUNIT},       {"tap", AMC_CONFORM_TAP},
                                    {"markdown", AMC_CONFORM_MARKDOWN}, {NULL, 0}};

#define O(field) CLI_AT(cargs, field)
static const cli_opt options[] = {
    {.name = "impl",
     .kind = CLI_STRING,
     .arg = "CMD",
     O(impl),
     .help = "adapter speaking the protocol on its stdin/stdout (run with /bin/sh -c)"},
    {.name = "impl-exec",
     .kind = CLI_STRING,
     .arg = "CMD",
     O(exec),
     .help = "plain command run per case: {file} = the input's path, {profile}; exit 0 valid, "
             "1 invalid, other = error"},
    {.name = "suite",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(suite),
     .help = "fixture root (default $AMC_CONFORMANCE_DIR, else ./conformance)"},
    {.shared = &cli_opt_profile,
     .arg = "P",
     O(profiles),
     .kind = CLI_LIST,
     .help = "only profile P (repeatable)"},
    {.name = "filter",
     .kind = CLI_LIST,
     .arg = "GLOB",
     O(filters),
     .help = "only case ids matching GLOB (repeatable)"},
    {.name = "timeout",
     .kind = CLI_SECONDS,
     .arg = "SECONDS",
     .max = 86400,
     .def = "10",
     O(timeout),
     .help = "per case"},
    {.name = "max-restarts",
     .kind = CLI_UINT,
     .arg = "N",
     .def = "5",
     O(max_restarts),
     .help = "adapter restarts after crashes or timeouts"},
    {.name = "max-fail",
     .kind = CLI_UINT,
     .arg = "N",
     .min = 1,
     O(max_fail),
     .help = "stop after N unexpected failures (the rest are NOT TESTED)"},
    {.short_name = 'x',
     .kind = CLI_FLAG,
     O(x),
     .help = "stop at the first unexpected failure "
             "(--max-fail 1)"},
    {.name = "xfail",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(xfail),
     .help = "expected failures, lines 'case-id  # reason'"},
    {.name = "update-xfail",
     .kind = CLI_FLAG,
     O(update_xfail),
     .help = "rewrite the --xfail FILE with the current failures"},
    {.name = "validate-protocol",
     .kind = CLI_FLAG,
     O(validate_protocol),
     .help = "check every reply against the adapter-protocol schemas"},
    {.name = "protocol-dir",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(protocol_dir),
     .help = "where the reply schemas of --validate-protocol are (default DIR/protocol of the "
             "suite)"},
    {.shared = &cli_opt_format,
     O(format),
     .values = formats,
     .help = "report format on standard output"},
    {.name = "json",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(reports[AMC_CONFORM_JSON]),
     .help = "also write the JSON report to FILE"},
    {.name = "junit",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(reports[AMC_CONFORM_JUNIT]),
     .help = "also write a JUnit XML report to FILE"},
    {.name = "tap",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(reports[AMC_CONFORM_TAP]),
     .help = "also write a TAP report to FILE"},
    {.name = "markdown",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(reports[AMC_CONFORM_MARKDOWN]),
     .help = "also write a Markdown report to FILE"},
    {.name = "check-suite",
     .kind = CLI_FLAG,
     O(check_suite),
     .help = "check the fixtures themselves (ids, files, coverage) instead of running them"},
    {.name = "verbose",
     .short_name = 'v',
     .kind = CLI_FLAG,
     O(verbose),
     .help = "print each case's outcome on stderr"},
    {0}};
#undef O

const cli_command cli_cmd_conform = {
    .name = "conform",
    .summary = "run an implementation through the conformance fixtures; CI verdict",
    .synopsis = (const char *const[]){"(--impl CMD | --impl-exec 'CMD {file}') [options]",
                                      "--check-suite [--suite DIR]", NULL},
    .description =
        "Runs an implementation under test through the conformance fixtures (every "
        "DIR/*/cases.json of the suite, and DIR/*/lifecycle/*.json scenarios) and reports an "
        "honest verdict a CI job can gate on.\n"
        "--impl starts an adapter speaking the protocol of conformance/PROTOCOL.md "
        "(newline-delimited JSON on its stdin/stdout); --impl-exec runs a command per case with "
        "{file} and {profile} substituted (exit 0 valid, 1 invalid, other error). Per-case "
        "timeout; a crash, timeout or garbage reply is an ERROR and the adapter is restarted "
        "(bounded by --max-restarts).\n"
        "Cases needing a capability the adapter did not claim are SKIP; ERROR and NOT TESTED "
        "count in the score. MUST failures fail the run, SHOULD failures warn. --xfail lists "
        "expected failures; an unlisted failure or a listed case that passes (stale entry) "
        "fails the run; --update-xfail rewrites the file.",
    .options = options,
    .exits = (const cli_exit[]){{0, "conformant"},
                                {1, "not conformant (or --check-suite found problems)"},
                                {2, "usage error, unreadable or invalid suite"},
                                {3, "not measured: the implementation could not be reached"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){{"Your adapter, JSON lines on stdin/stdout:",
                               "amc conform --impl 'python3 "
                               "my_adapter.py'"},
                              {"A command line tool, exit 0 valid / 1 invalid:",
                               "amc conform --impl-exec 'mytool check {file}' --profile ignite"},
                              {"The reference itself (100%):", "amc conform --impl 'amc adapter'"},
                              {NULL, NULL}},
    .args_size = sizeof(cargs),
    .run = conform_main,
};
