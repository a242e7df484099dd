/*
 * cmd_conform.c - amc conform: runs an implementation under test through the conformance
 * fixtures (conformance/<profile>/cases.json) via the adapter protocol (conformance/PROTOCOL.md)
 * or a plain exec command, and reports an honest verdict a CI job can gate on (SPEC 7).
 *
 * Decisions:
 *   - The suite is every <dir>/cases.json under the suite root, directories in name order; the
 *     profile is the directory name. The root: --suite DIR, else $AMC_CONFORMANCE_DIR, else the
 *     suite installed with amc (<dir of the executable>/AMC_DATA_REL/conformance, normally
 *     ../share/amc/conformance: relocatable, so a DESTDIR or --prefix install works), else
 *     ./conformance. Reports name it as an absolute path. Nothing depends on which profiles amc
 *     itself implements.
 *   - Adapter mode: `/bin/sh -c CMD` in its own process group; hello first (timeout = the case
 *     timeout x 5, at least 5 s). No valid hello: the implementation is not reached, every case
 *     is NOT_TESTED, exit 3. A crash, timeout or garbage reply makes that case ERROR; the
 *     adapter is killed (whole process group) and restarted before the next case, at most
 *     --max-restarts times (default 5); after that the remaining cases are NOT_TESTED.
 *   - Capability gating (amc_conform_gate): a case needing a capability the hello did not claim
 *     is SKIP (not measured, not in the score's denominator); a claimed one that fails is FAIL.
 *     Codes are compared only when the adapter claims "codes"; otherwise verdicts only, and
 *     every report says so.
 *   - The file name sent with an input is its fixture path below inputs/ (what placement rules
 *     read; conformance/README.md), the bytes are sent untouched (base64).
 *   - Lifecycle scenarios (conformance/<profile>/lifecycle/NAME.json) are cases too, needing
 *     "<profile>.lifecycle"; their events go in one `lifecycle` request (PROTOCOL.md).
 *   - Before every stateful case the runner sends `reset` (a missing/garbled ack is an ERROR of
 *     that case).
 *   - Exec mode: placeholders {file} (the input's absolute path; a session's last file),
 *     {files} (every input), {profile}, {policy} (the policy file in the suite) and {now} (the
 *     reference clock), each shell-quoted; a [[...]] group is dropped when a placeholder in it is
 *     empty. Exit 0 valid, 1 invalid, anything else (or a signal, or the timeout) ERROR. It
 *     claims what --capabilities lists, by default the selected profiles alone (a plain
 *     validator is judged on plain messages only); .stateful/.policy/.clock need {files},
 *     {policy}, {now} in the command, and "codes" and ".lifecycle" need an adapter (usage
 *     errors). The implementation counts as reached once one case ran (any outcome but "could
 *     not start": fork failure, exit 126 or 127).
 *   - Every report carries what was claimed, the suite, and a replay command: this run's
 *     command line (amc, or the executable's path when another amc comes first on PATH; the
 *     suite absolute) to which each case adds --filter ID.
 *   - --validate-protocol checks replies against the adapter-protocol schemas built into amc
 *     (--protocol-dir DIR reads them from files instead).
 *   - --max-fail N / -x: after N unexpected failures/errors, the rest are NOT_TESTED (they count
 *     in the denominator: a stopped run is never conformant).
 *   - --update-xfail rewrites the --xfail file with the current failures (keeping reasons) and
 *     exits with the status the run would have had without stale entries.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cli_adapter.h"
#include "cli_html.h"

/* --format html: not a library format (the page reads the suite's inputs), cli_html_conform()
 * renders the JSON report. */
#define FMT_HTML 100

typedef struct run {
    const char *impl, *exec, *suite_dir, *protocol_dir;
    char suite_abs[4096];
    amc_conform_reply exec_claims; /* exec mode: what --capabilities claims */
    const char **exec_caps;
    char *replay;
    cli_list profiles, filters; /* --profile, --filter */
    double timeout;
    long max_fail, max_restarts;
    bool validate_protocol, verbose;
    amc_conform_suite *suite;
    cli_adapter ad; /* adapter mode: the implementation */
    amc_conform_run_info info;
} run;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int is_scenario_name(const struct dirent *e)
{
    size_t l = strlen(e->d_name);
    return e->d_name[0] != '.' && l > 5 && !strcmp(e->d_name + l - 5, ".json");
}

static int cmp_dirent(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* conformance/<profile>/lifecycle/NAME.json, every one, in name order (conformance/LIFECYCLE.md).
 */
static int load_scenarios(run *r, const char *profile)
{
    char dir[4096];
    struct dirent **list = NULL;
    int n = 0, i = 0;
    int rc = 0;
    snprintf(dir, sizeof dir, "%s/%s/lifecycle", r->suite_dir, profile);
    n = scandir(dir, &list, is_scenario_name, cmp_dirent);
    if (n < 0) {
        if (errno != ENOMEM)
            return 0; /* no lifecycle folder */
        fprintf(stderr, "amc conform: out of memory\n");
        return -1;
    }
    for (i = 0; i < n; i++) {
        char path[8192], *buf = NULL;
        size_t len = 0, k = 0;
        amc_diags *ds = amc_diags_new(20);
        char rel[1200];
        snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
        snprintf(rel, sizeof rel, "lifecycle/%s", list[i]->d_name);
        amc_status st =
            cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ? AMC_EIO
            : !ds                                                 ? AMC_ENOMEM
                  : amc_conform_suite_add_scenario_file(r->suite, profile, rel, buf, len, ds);
        if (st != AMC_OK) {
            if (st == AMC_ENOMEM)
                fprintf(stderr, "amc conform: out of memory\n");
            else
                fprintf(stderr, "amc conform: %s is not a valid scenario\n", path);
            for (k = 0; k < amc_diags_count(ds); k++)
                cli_print_diag_text(stderr, path, amc_diags_get(ds, k), false);
            rc = -1;
        }
        free(buf);
        amc_diags_free(ds);
        free(list[i]);
    }
    free(list);
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
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (!(names[n] = strdup(e->d_name))) {
                fprintf(stderr, "amc conform: out of memory\n");
                rc = -1;
                break;
            }
            n++;
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_str);
    for (i = 0; i < n; i++) {
        char path[4096], *buf = NULL;
        size_t len = 0;
        amc_diags *ds = amc_diags_new(20);
        snprintf(path, sizeof path, "%s/%s/cases.json", r->suite_dir, names[i]);
        amc_status st = cli_read_file(path, (size_t)1 << 30, &buf, &len) != 0 ? AMC_EIO
                        : !ds                                                 ? AMC_ENOMEM
                              : amc_conform_suite_add(r->suite, names[i], buf, len, ds);
        if (st != AMC_OK) {
            size_t k = 0;
            if (st == AMC_ENOMEM)
                fprintf(stderr, "amc conform: out of memory\n");
            else
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
    if (!enc) {
        cli_nomem();
        return -1;
    }
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
        r->info.claims = h;
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
    if (!amc_conform_gate(c, r->ad.hello))
        return 0; /* SKIP: the message says which capability */
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
        if (b.failed || cli_nomem_seen())
            fprintf(stderr, "amc conform: out of memory\n");
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

/* s appended to b, shell-quoted ('...' with ' as '\'') unless made of safe characters only. */
static void shq(cli_sb *b, const char *s)
{
    if (*s &&
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/=:,+@") ==
            strlen(s)) {
        cli_sb_puts(b, s);
        return;
    }
    cli_sb_puts(b, "'");
    for (; *s; s++)
        cli_sb_puts(b, *s == '\'' ? "'\\''" : (char[2]){*s, 0});
    cli_sb_puts(b, "'");
}

/* The absolute path of fixture rel of profile appended to b, shell-quoted. -1: it is missing. */
static int put_fixture(cli_sb *b, const run *r, const char *profile, const char *rel)
{
    char path[4096], abs[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s/%s", r->suite_dir, profile, rel);
    if (!realpath(path, abs)) {
        fprintf(stderr, "amc conform: cannot read fixture %s\n", path);
        return -1;
    }
    shq(b, abs);
    return 0;
}

static const char *const placeholders[] = {"{file}", "{files}", "{profile}", "{policy}", "{now}"};

/* Which placeholder starts at t (index into placeholders), or -1. */
static int placeholder_at(const char *t)
{
    int k = 0;
    for (k = 0; k < 5; k++)
        if (!strncmp(t, placeholders[k], strlen(placeholders[k])))
            return k;
    return -1;
}

/* Whether placeholder k has a value for case c ({policy} and {now} may be absent). */
static bool placeholder_set(const amc_conform_case *c, int k)
{
    return k == 3 ? c->policy != NULL : k == 4 ? c->now != NULL : true;
}

/* Appends t[0..n) with placeholders replaced for case c. -1 on a fixture I/O error. */
static int expand_part(cli_sb *b, const run *r, const amc_conform_case *c, const char *t, size_t n)
{
    size_t i = 0, f = 0;
    while (i < n) {
        int k = placeholder_at(t + i);
        if (k < 0 || i + strlen(placeholders[k]) > n) {
            cli_sb_put(b, t + i, 1);
            i++;
            continue;
        }
        i += strlen(placeholders[k]);
        if (k == 0 && put_fixture(b, r, c->profile, c->files[c->nfiles - 1]) != 0)
            return -1;
        for (f = 0; k == 1 && f < c->nfiles; f++) {
            if (f)
                cli_sb_puts(b, " ");
            if (put_fixture(b, r, c->profile, c->files[f]) != 0)
                return -1;
        }
        if (k == 2)
            shq(b, c->profile);
        if (k == 3 && c->policy && put_fixture(b, r, c->profile, c->policy) != 0)
            return -1;
        if (k == 4 && c->now)
            shq(b, c->now);
    }
    return 0;
}

/* The --impl-exec command for case c: placeholders replaced; a [[...]] group is dropped when a
 * placeholder inside it has no value for the case, else kept without its brackets. */
static int expand(cli_sb *b, const run *r, const amc_conform_case *c)
{
    const char *t = r->exec;
    while (*t) {
        const char *open = strstr(t, "[["), *close = open ? strstr(open + 2, "]]") : NULL;
        const char *g = NULL;
        bool keep = true;
        if (!close) {
            return expand_part(b, r, c, t, strlen(t));
        }
        if (expand_part(b, r, c, t, (size_t)(open - t)) != 0)
            return -1;
        for (g = open + 2; g < close; g++) {
            int k = placeholder_at(g);
            if (k >= 0 && !placeholder_set(c, k))
                keep = false;
        }
        if (keep && expand_part(b, r, c, open + 2, (size_t)(close - open - 2)) != 0)
            return -1;
        t = close + 2;
    }
    return 0;
}

static int run_exec_case(run *r, amc_conform_case *c)
{
    cli_sb cmd = {NULL, 0, 0, false};
    int st = 0;
    if (!amc_conform_gate(c, &r->exec_claims))
        return 0; /* SKIP: the message says which capability */
    if (c->nfiles == 0 || expand(&cmd, r, c) != 0 || cmd.failed) {
        if (cmd.failed) /* a fixture that cannot be read has said so */
            fprintf(stderr, "amc conform: out of memory\n");
        free(cmd.p);
        return -1;
    }
    st = cli_run_exec(cmd.p, r->timeout, r->verbose);
    free(cmd.p);
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

/* Writes the report in format fmt (an amc_conform_format or FMT_HTML) to path (NULL: stdout). */
static int write_report(const run *r, int fmt, const char *path)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = NULL;
    json_object *rep = NULL;
    amc_status st = amc_conform_report(r->suite, &r->info,
                                       fmt == FMT_HTML ? AMC_CONFORM_JSON : (amc_conform_format)fmt,
                                       &out, &len);
    if (st != AMC_OK) {
        fprintf(stderr, "amc conform: %s\n",
                st == AMC_ENOMEM ? "out of memory" : "internal error: no report");
        return -1;
    }
    if (fmt == FMT_HTML && !(rep = json_tokener_parse(out))) {
        fprintf(stderr, "amc conform: internal error: the JSON report does not parse\n");
        amc_free(out);
        return -1;
    }
    f = path ? fopen(path, "wb") : stdout;
    if (!f) {
        fprintf(stderr, "amc conform: cannot write %s: %s\n", path, strerror(errno));
        amc_free(out);
        json_object_put(rep);
        return -1;
    }
    if (rep)
        cli_html_conform(f, rep, r->suite_abs[0] ? r->suite_abs : r->suite_dir);
    else
        fwrite(out, 1, len, f);
    if (path && fclose(f) != 0) {
        fprintf(stderr, "amc conform: cannot write %s: %s\n", path, strerror(errno));
        amc_free(out);
        json_object_put(rep);
        return -1;
    }
    amc_free(out);
    json_object_put(rep);
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

/* The reply schemas of --validate-protocol: built in (the set resolves them by their $id), or
 * read from --protocol-dir. */
static int load_protocol_schemas(run *r)
{
    static const char *ops[] = {"hello", "validate", "lifecycle", "reset", "stop"};
    size_t i = 0;
    r->ad.pset = amc_schema_set_new(NULL);
    for (i = 0; r->ad.pset && r->protocol_dir && i < sizeof ops / sizeof ops[0]; i++) {
        char path[4096], *buf = NULL;
        size_t len = 0;
        amc_diags *ds = amc_diags_new(8);
        snprintf(path, sizeof path, "%s/%s-reply.schema.json", r->protocol_dir, ops[i]);
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
    const char *reports[5];    /* --json, --junit, --tap, --markdown FILE (by amc_conform_format) */
    const char *html, *output; /* --html FILE, -o FILE */
    cli_list profiles, filters, capabilities;
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
    bool wrote = false;
    if (amc_conform_xfail_render(r->suite, &out, &len) != AMC_OK) {
        /* out of memory: its only failure here (this was exit 2 without a word) */
        fprintf(stderr, "amc conform: out of memory\n");
        return -1;
    }
    f = fopen(xfail, "wb");
    if (!f) {
        fprintf(stderr, "amc conform: cannot write %s\n", xfail);
        amc_free(out);
        return -1;
    }
    wrote = fwrite(out, 1, len, f) == len;
    if (fclose(f) != 0 || !wrote) { /* was ignored: exit status unchanged */
        fprintf(stderr, "amc conform: cannot write %s: %s\n", xfail, strerror(errno));
        amc_free(out);
        return -1;
    }
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
        r->info.claims = &r->exec_claims;
    } else if (start_adapter(r, why, sizeof why) != 0) {
        fprintf(stderr, "amc conform: implementation not reached: %s\n", why);
        for (k = 0; k < amc_conform_case_count(r->suite); k++)
            set_msg(amc_conform_case_at(r->suite, k), AMC_CONFORM_NOT_TESTED,
                    "not run: implementation not reached (%s)", why);
    }
    for (k = 0; (r->exec || r->info.reached) && k < amc_conform_case_count(r->suite); k++) {
        amc_conform_case *c = amc_conform_case_at(r->suite, k);
        double t0 = cli_now();
        if (!c->selected)
            continue;
        if (r->max_fail > 0 && (long)bad >= r->max_fail) {
            set_msg(c, AMC_CONFORM_NOT_TESTED, "not run: %s", "--max-fail reached");
            continue;
        }
        if ((r->exec ? run_exec_case(r, c) : run_adapter_case(r, c)) != 0)
            return -1;
        c->seconds = cli_now() - t0;
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
    if (write_report(r, a->format, a->output) != 0)
        return CLI_EXIT_ERROR;
    for (k = 0; k < 5; k++)
        if (a->reports[k] && write_report(r, (int)k, a->reports[k]) != 0)
            return CLI_EXIT_ERROR;
    if (a->html && write_report(r, FMT_HTML, a->html) != 0)
        return CLI_EXIT_ERROR;
    return amc_conform_exit_status(r->suite, &r->info);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The directory of the running executable (no trailing slash) into buf; false if unknown. */
static bool exe_dir(char *buf, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", buf, n - 1);
    char *slash = NULL;
    if (len <= 0 || (size_t)len >= n - 1)
        return false;
    buf[len] = '\0';
    slash = strrchr(buf, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return true;
}

#ifndef AMC_DATA_REL
#define AMC_DATA_REL "../share/amc" /* cmake/packaging.cmake defines it from GNUInstallDirs */
#endif

/* Removes "." and "dir/.." components of an absolute path, in place (lexically). */
static void normalize(char *p)
{
    char *out = p, *in = p;
    while (*in) {
        while (*in == '/')
            in++;
        if (!*in)
            break;
        if (!strncmp(in, "./", 2) || !strcmp(in, ".")) {
            in += 1;
        } else if (!strncmp(in, "../", 3) || !strcmp(in, "..")) {
            while (out > p && *--out != '/')
                ;
            in += 2;
        } else {
            *out++ = '/';
            while (*in && *in != '/')
                *out++ = *in++;
        }
    }
    if (out == p)
        *out++ = '/';
    *out = '\0';
}

/* --suite, else $AMC_CONFORMANCE_DIR, else the installed suite, else ./conformance. */
static const char *find_suite(const cargs *a, char *buf, size_t n)
{
    char dir[PATH_MAX];
    if (a->suite)
        return a->suite;
    if (getenv("AMC_CONFORMANCE_DIR") && *getenv("AMC_CONFORMANCE_DIR"))
        return getenv("AMC_CONFORMANCE_DIR");
    *buf = '\0';
    if (exe_dir(dir, sizeof dir)) {
        snprintf(buf, n, "%s/%s/conformance", dir, AMC_DATA_REL);
        normalize(buf);
        if (is_dir(buf))
            return buf;
    }
    return "conformance"; /* buf keeps the installed location looked at, for the message */
}

/* Whether some case of the suite belongs to profile p. */
static bool has_profile(const run *r, const char *p, size_t n)
{
    size_t j = 0;
    for (j = 0; j < amc_conform_case_count(r->suite); j++) {
        const char *q = amc_conform_case_at(r->suite, j)->profile;
        if (strlen(q) == n && !strncmp(q, p, n))
            return true;
    }
    return false;
}

/* One --capabilities entry (exec mode). NULL if fine, else why not (into why). */
static const char *exec_cap_ok(const run *r, const char *cap, char *why, size_t n)
{
    const char *dot = strchr(cap, '.');
    size_t plen = dot ? (size_t)(dot - cap) : strlen(cap);
    static const char *const need[][2] = {
        {"stateful", "{files}"}, {"policy", "{policy}"}, {"clock", "{now}"}};
    size_t k = 0;
    if (!strcmp(cap, "codes"))
        return "codes: exec mode compares exit statuses only; reporting codes needs an adapter "
               "(conformance/adapters/)";
    if (!has_profile(r, cap, plen)) {
        snprintf(why, n, "%s: the suite has no profile '%.*s'", cap, (int)plen, cap);
        return why;
    }
    if (!dot || !strcmp(dot + 1, "path"))
        return NULL;
    if (!strcmp(dot + 1, "lifecycle")) {
        snprintf(why, n, "%s: exec mode cannot replay lifecycle events; that needs an adapter",
                 cap);
        return why;
    }
    for (k = 0; k < 3; k++)
        if (!strcmp(dot + 1, need[k][0])) {
            if (strstr(r->exec, need[k][1]))
                return NULL;
            snprintf(why, n, "%s: the command must receive it: put %s in --impl-exec", cap,
                     need[k][1]);
            return why;
        }
    snprintf(why, n,
             "%s: unknown capability (PROTOCOL.md: <profile>, .path, .stateful, .policy, "
             ".clock)",
             cap);
    return why;
}

/* Out of memory while making exec mode's claims: said, exit 2. */
static int claims_nomem(void)
{
    fprintf(stderr, "amc conform: out of memory\n");
    return CLI_EXIT_ERROR;
}

/* Exec mode's claims: --capabilities (comma- or space-separated, repeatable), else the selected
 * profiles alone (else every profile of the suite). Returns 0, or 2 after a usage error or out of
 * memory (said). */
static int exec_claims(run *r, const cargs *a)
{
    size_t n = 0, k = 0, cap = 8;
    char why[256];
    r->exec_caps = calloc(cap, sizeof *r->exec_caps);
    for (k = 0; r->exec_caps && k < a->capabilities.n; k++) {
        const char *p = a->capabilities.v[k];
        while (*p) {
            size_t len = strcspn(p, ", \t");
            char *one = len ? strndup(p, len) : NULL;
            const char *bad = NULL;
            p += len;
            p += strspn(p, ", \t");
            if (!len)
                continue;
            if (!one)
                return claims_nomem();
            bad = exec_cap_ok(r, one, why, sizeof why);
            if (bad) {
                free(one);
                return cli_usage_error(&cli_cmd_conform, "--capabilities %s", bad);
            }
            if (n + 1 >= cap) {
                const char **g = realloc(r->exec_caps, (cap *= 2) * sizeof *g);
                if (!g) {
                    free(one);
                    return claims_nomem();
                }
                r->exec_caps = g;
            }
            r->exec_caps[n++] = one;
            r->exec_claims.ncapabilities = n; /* freed by the caller, whatever happens next */
        }
    }
    for (k = 0; r->exec_caps && !a->capabilities.n && k < amc_conform_case_count(r->suite); k++) {
        const char *p = amc_conform_case_at(r->suite, k)->profile;
        size_t j = 0;
        bool want = r->profiles.n == 0, seen = false;
        for (j = 0; j < r->profiles.n; j++)
            want = want || !strcmp(r->profiles.v[j], p);
        for (j = 0; j < n; j++)
            seen = seen || !strcmp(r->exec_caps[j], p);
        if (!want || seen)
            continue;
        if (n + 1 >= cap) {
            const char **g = realloc(r->exec_caps, (cap *= 2) * sizeof *g);
            if (!g)
                return claims_nomem();
            r->exec_caps = g;
        }
        r->exec_caps[n] = strdup(p);
        if (!r->exec_caps[n++])
            return claims_nomem();
        r->exec_claims.ncapabilities = n;
    }
    if (!r->exec_caps)
        return claims_nomem();
    r->exec_claims.kind = AMC_CONFORM_R_HELLO;
    r->exec_claims.capabilities = r->exec_caps;
    r->exec_claims.ncapabilities = n;
    return 0;
}

/* How to name amc in a replay command: "amc" when that is what PATH finds, else the path. */
static void self_name(cli_sb *b)
{
    char dir[PATH_MAX], self[PATH_MAX + 8], found[PATH_MAX];
    const char *path = getenv("PATH");
    if (!exe_dir(dir, sizeof dir)) {
        cli_sb_puts(b, "amc");
        return;
    }
    snprintf(self, sizeof self, "%s/amc", dir);
    while (path && *path) {
        size_t len = strcspn(path, ":");
        char cand[PATH_MAX + 8];
        snprintf(cand, sizeof cand, "%.*s/amc", (int)(len < 4096 ? len : 4096), path);
        if (len && access(cand, X_OK) == 0 && realpath(cand, found)) {
            char me[PATH_MAX];
            if (realpath(self, me) && !strcmp(me, found)) {
                cli_sb_puts(b, "amc");
                return;
            }
            break; /* another amc comes first */
        }
        path += len + (path[len] == ':');
    }
    shq(b, self);
}

/* The command line that reruns this run (reports add --filter ID per case). */
static char *replay_prefix(const run *r, const cargs *a)
{
    cli_sb b = {NULL, 0, 0, false};
    size_t k = 0;
    char num[64];
    self_name(&b);
    cli_sb_puts(&b, " conform --suite ");
    shq(&b, r->suite_abs);
    cli_sb_puts(&b, r->impl ? " --impl " : " --impl-exec ");
    shq(&b, r->impl ? r->impl : r->exec);
    if (r->exec && r->exec_claims.ncapabilities) {
        cli_sb_puts(&b, " --capabilities ");
        for (k = 0; k < r->exec_claims.ncapabilities; k++) {
            cli_sb_puts(&b, k ? "," : "");
            cli_sb_puts(&b, r->exec_claims.capabilities[k]);
        }
    }
    if (a->timeout != 10) {
        snprintf(num, sizeof num, " --timeout %g", a->timeout);
        cli_sb_puts(&b, num);
    }
    if (a->validate_protocol)
        cli_sb_puts(&b, " --validate-protocol");
    if (a->protocol_dir) {
        cli_sb_puts(&b, " --protocol-dir ");
        shq(&b, a->protocol_dir);
    }
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    return b.p;
}

static int conform_main(void *args, const cli_list *ops)
{
    const cargs *a = args;
    run r;
    int rc = CLI_EXIT_ERROR;
    char suite_buf[PATH_MAX + 32];
    size_t k = 0;
    const char *env = NULL;
    memset(&r, 0, sizeof r);
    r.impl = a->impl;
    cli_adapter_init(&r.ad, a->impl);
    r.ad.verbose = a->verbose;
    r.exec = a->exec;
    r.suite_dir = find_suite(a, suite_buf, sizeof suite_buf);
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
    if (a->capabilities.n && !a->exec)
        return cli_usage_error(&cli_cmd_conform, "--capabilities is for --impl-exec (an adapter's "
                                                 "hello says what it claims)");
    env = getenv("AMC_CONFORMANCE_DIR");
    if (r.suite_dir != a->suite && r.suite_dir != suite_buf && !(env && *env) &&
        !is_dir(r.suite_dir)) { /* an empty $AMC_CONFORMANCE_DIR is unset, as find_suite reads it */
        fprintf(stderr,
                "amc conform: no conformance suite: no --suite DIR, no $AMC_CONFORMANCE_DIR, "
                "none installed with amc (%s) and no ./conformance\n",
                *suite_buf ? suite_buf : "location of the executable unknown");
        return CLI_EXIT_ERROR;
    }
    signal(SIGPIPE, SIG_IGN);
    r.suite = amc_conform_suite_new();
    if (!r.suite)
        fprintf(stderr, "amc conform: out of memory\n");
    if (!r.suite || load_suite(&r) != 0)
        goto out;
    if (!realpath(r.suite_dir, r.suite_abs))
        snprintf(r.suite_abs, sizeof r.suite_abs, "%s", r.suite_dir);
    if (a->check_suite) {
        rc = check_suite(&r);
        goto out;
    }
    if (r.exec) {
        rc = exec_claims(&r, a);
        if (rc != 0)
            goto out;
        rc = CLI_EXIT_ERROR;
    }
    r.replay = replay_prefix(&r, a);
    r.info.suite = r.suite_abs;
    r.info.replay = r.replay;
    if ((r.validate_protocol && load_protocol_schemas(&r) != 0) || select_cases(&r, a) != 0 ||
        run_cases(&r) != 0)
        goto out;
    rc = finish(&r, a);
out:
    stop_adapter(&r, false);
    cli_adapter_free(&r.ad);
    amc_schema_set_free(r.ad.pset);
    amc_conform_suite_free(r.suite);
    for (k = 0; r.exec_caps && k < r.exec_claims.ncapabilities; k++)
        free((char *)(uintptr_t)r.exec_caps[k]);
    free(r.exec_caps);
    free(r.replay);
    return rc;
}

static const cli_value formats[] = {{"text", AMC_CONFORM_TEXT},
                                    {"json", AMC_CONFORM_JSON},
                                    {"junit", AMC_CONFORM_JUNIT},
                                    {"tap", AMC_CONFORM_TAP},
                                    {"markdown", AMC_CONFORM_MARKDOWN},
                                    {"html", FMT_HTML},
                                    {NULL, 0}};

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
     .help = "plain command run per case, through /bin/sh: {file} (the input's path), {files} "
             "(a session), {profile}, {policy}, {now}, shell-quoted; a [[...]] part is dropped "
             "when a placeholder in it is empty; exit 0 valid, 1 invalid, other = error"},
    {.name = "capabilities",
     .kind = CLI_LIST,
     .arg = "LIST",
     O(capabilities),
     .help = "exec mode: what the command handles, comma-separated (default: the selected "
             "profiles alone); add <profile>.path when it reads the file's place, "
             "<profile>.stateful, .policy, .clock when it takes {files}, {policy}, {now}"},
    {.name = "suite",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(suite),
     .help = "fixture root (default $AMC_CONFORMANCE_DIR, else the suite installed with amc, "
             "else ./conformance)"},
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
     .help = "read the reply schemas of --validate-protocol from DIR (default: the ones built "
             "into amc, amc schemas list adapter-protocol/)"},
    {.shared = &cli_opt_format,
     O(format),
     .values = formats,
     .help = "report format on standard output"},
    {.name = "output",
     .short_name = 'o',
     .kind = CLI_STRING,
     .arg = "FILE",
     O(output),
     .help = "write the --format report to FILE instead of standard output"},
    {.name = "html",
     .kind = CLI_STRING,
     .arg = "FILE",
     O(html),
     .help = "also write the HTML page to FILE (one self-contained file: inline CSS, no "
             "script, nothing fetched; docs/reports.md)"},
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
        "honest verdict a CI job can gate on. The suite: --suite DIR, else $AMC_CONFORMANCE_DIR, "
        "else the suite installed with amc (PREFIX/share/amc/conformance), else ./conformance.\n"
        "--impl starts an adapter speaking the protocol of conformance/PROTOCOL.md "
        "(newline-delimited JSON on its stdin/stdout; templates in conformance/adapters/); "
        "--impl-exec runs a command per case with placeholders substituted (exit 0 valid, 1 "
        "invalid, other error). Per-case timeout; a crash, timeout or garbage reply is an ERROR "
        "and the adapter is restarted (bounded by --max-restarts).\n"
        "A case needing a capability the implementation does not claim (the adapter's hello; in "
        "exec mode --capabilities) is not measured. Every report says \"measured N of M cases\", "
        "what the others need, and for each failure the case, rule, input, expected vs got and a "
        "command replaying it (conformance/REPORT.md).\n"
        "The verdict is CONFORMANT only when every MUST case was measured and passed; NOT "
        "CONFORMANT when one failed, even if --xfail excuses it; INCOMPLETE when MUST cases were "
        "not measured. The gate (exit status) is separate: an unexpected MUST failure or a "
        "stale --xfail entry (a listed case that passes) fails it; excused failures, SHOULD "
        "failures and unclaimed capabilities do not. --update-xfail rewrites the file.",
    .options = options,
    .exits = (const cli_exit[]){{0, "the gate passed (the verdict says whether that is "
                                    "CONFORMANT, INCOMPLETE or NOT CONFORMANT with excused "
                                    "failures)"},
                                {1, "the gate failed: a MUST failure not in --xfail, or a stale "
                                    "--xfail entry (--check-suite: problems found)"},
                                {2, "usage error, unreadable or invalid suite"},
                                {3, "not measured: the implementation could not be reached, or "
                                    "no case was measured"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){{"Your adapter, JSON lines on stdin/stdout:",
                               "amc conform --impl 'python3 "
                               "my_adapter.py'"},
                              {"A command line tool, exit 0 valid / 1 invalid:",
                               "amc conform --impl-exec 'mytool check {file}' --profile ignite"},
                              {"The same tool, which also reads the file's place in the queue:",
                               "amc conform --impl-exec 'mytool check {file}' --profile ignite "
                               "--capabilities ignite,ignite.path"},
                              {"The reference itself (100%):", "amc conform --impl 'amc adapter'"},
                              {NULL, NULL}},
    .args_size = sizeof(cargs),
    .run = conform_main,
};
