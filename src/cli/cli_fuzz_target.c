/*
 * cli_fuzz_target.c - the two sides `amc fuzz` compares: amc's own validator (in process, as
 * `amc adapter` would answer) and the implementation under test, reached in one of three ways:
 *   - adapter (--impl CMD): the conformance adapter protocol through cli_adapter.c; a crash,
 *     hang or garbage reply kills the adapter (whole process group); it is restarted before
 *     the next input;
 *   - exec (--impl-exec 'CMD {file}'): the input written to a private temporary directory under
 *     its fixture path, CMD run per input; exit 0 valid, 1 invalid, a signal or any other exit
 *     status a crash, the timeout a hang; 126/127 before any run = not reachable;
 *   - socket (--socket PATH): one connection per input on a local Unix socket (seed 003:
 *     request, shutdown(SHUT_WR), reply to EOF); an "error" reply = invalid, any other reply
 *     type = valid, except that an error in answer to a message of a reply type (not task or
 *     status: "not a request") is no verdict; no reply = crash; a reply that is not one strict JSON
 * object with a string "type" = garbage. A time-out that the run's own deadline caused (less than
 * --timeout was left) is not a hang: the exchange is FZ_R_CUT and no finding is made of it.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli_fuzz.h"
#include "cli_sock.h"

double fz_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- code lists " A B " ---- */

bool fz_has_code(const char *list, const char *id)
{
    size_t n = strlen(id);
    const char *p = list;
    while ((p = strstr(p, id)) != NULL) {
        if (p > list && p[-1] == ' ' && p[n] == ' ')
            return true;
        p += n;
    }
    return false;
}

static int cmp_cstr(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted distinct ids into out as " A B " (cut to fit). */
static void code_list(const char **ids, size_t n, char *out, size_t cap)
{
    size_t i = 0, len = 1;
    qsort(ids, n, sizeof *ids, cmp_cstr);
    out[0] = ' ';
    out[1] = '\0';
    for (i = 0; i < n; i++) {
        size_t l = strlen(ids[i]);
        if (i && !strcmp(ids[i], ids[i - 1]))
            continue;
        if (len + l + 2 > cap)
            break;
        memcpy(out + len, ids[i], l);
        len += l;
        out[len++] = ' ';
        out[len] = '\0';
    }
}

/* ---- amc ---- */

int fz_amc_init(fz_amc *a, const char *profile)
{
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    memset(a, 0, sizeof *a);
    a->profile = profile;
    opts.profile = profile;
    a->ds = amc_diags_new(0);
    if (!a->ds || amc_validator_new(&opts, NULL, &a->v) != AMC_OK)
        return -1;
    return 0;
}

void fz_amc_free(fz_amc *a)
{
    amc_validator_free(a->v);
    amc_diags_free(a->ds);
    a->v = NULL;
    a->ds = NULL;
}

void fz_amc_check(fz_amc *a, const char *name, const char *buf, size_t len, fz_verdict *out)
{
    const char *all[256], *errs[256];
    size_t i = 0, na = 0, ne = 0;
    amc_diags_clear(a->ds);
    if (amc_validator_check(a->v, name, buf, len, a->ds, NULL) == AMC_ENOMEM)
        cli_nomem(); /* amc's verdict lacks a piece: exit 2 at the end */
    out->valid = amc_diags_errors(a->ds) == 0;
    out->rule[0] = out->first[0] = '\0';
    for (i = 0; i < amc_diags_count(a->ds); i++) {
        const amc_diag *d = amc_diags_get(a->ds, i);
        const char *id = amc_code_id(d->code);
        if (!id)
            continue;
        if (na < 256)
            all[na++] = id;
        if (d->sev == AMC_SEV_ERROR && ne == 0) {
            snprintf(out->rule, sizeof out->rule, "%s", d->rule_id ? d->rule_id : "");
            snprintf(out->first, sizeof out->first, "%s", id);
        }
        if (d->sev == AMC_SEV_ERROR && ne < 256)
            errs[ne++] = id;
    }
    code_list(all, na, out->codes, sizeof out->codes);
    code_list(errs, ne, out->errs, sizeof out->errs);
}

/* ---- the implementation ---- */

void fz_result_clear(fz_result *r)
{
    amc_conform_reply_free(r->reply);
    memset(r, 0, sizeof *r);
}

static double hello_timeout(const fz_target *t)
{
    return t->timeout * 5 < 5 ? 5 : t->timeout * 5;
}

static void read_claims(fz_target *t)
{
    char cap[128];
    const amc_conform_reply *h = t->ad.hello;
    t->claims_profile = amc_conform_claims(h, t->profile);
    t->claims_codes = amc_conform_claims(h, "codes");
    snprintf(cap, sizeof cap, "%s.path", t->profile);
    t->claims_path = amc_conform_claims(h, cap);
    snprintf(cap, sizeof cap, "%s.lifecycle", t->profile);
    t->claims_lifecycle = amc_conform_claims(h, cap);
    snprintf(cap, sizeof cap, "%s.stateful", t->profile);
    t->claims_stateful = amc_conform_claims(h, cap);
}

int fz_target_open(fz_target *t, double deadline, char *why, size_t whylen)
{
    double left = deadline - fz_now();
    switch (t->mode) {
    case FZ_MODE_ADAPTER: {
        double ht = hello_timeout(t);
        cli_adapter_init(&t->ad, t->cmd);
        t->ad.verbose = t->verbose;
        t->ad.quiet = !t->verbose; /* thousands of crashes: their noise only with -v */
        if (cli_adapter_start(&t->ad, ht < left ? ht : left, why, whylen) != 0)
            return -1;
        t->starts = 1;
        t->reached = true;
        read_claims(t);
        return 0;
    }
    case FZ_MODE_EXEC: {
        const char *tmp = getenv("TMPDIR");
        snprintf(t->tmpdir, sizeof t->tmpdir, "%s/amc-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(t->tmpdir)) {
            snprintf(why, whylen, "cannot create a temporary directory: %s", strerror(errno));
            t->tmpdir[0] = '\0';
            return -1;
        }
        t->claims_profile = t->claims_path = true;
        return 0;
    }
    case FZ_MODE_SOCKET: {
        struct stat st;
        struct sockaddr_un sa;
        if (strlen(t->cmd) >= sizeof sa.sun_path) { /* connect() could not take it */
            snprintf(why, whylen, "%s: %s (a Unix socket path has at most %zu bytes)", t->cmd,
                     strerror(ENAMETOOLONG), sizeof sa.sun_path - 1);
            return -1;
        }
        if (stat(t->cmd, &st) != 0 || !S_ISSOCK(st.st_mode)) {
            snprintf(why, whylen, "%s is not a Unix socket", t->cmd);
            return -1;
        }
        t->claims_profile = true;
        return 0;
    }
    }
    return -1;
}

/* Removes dir and what amc fuzz wrote below it (files and the directories of fixture paths). */
static void rm_tree(const char *dir, const char *rel)
{
    char path[8200], sub[4096];
    const char *s = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    unlink(path);
    snprintf(sub, sizeof sub, "%s", rel);
    while ((s = strrchr(sub, '/')) != NULL) {
        sub[s - sub] = '\0';
        snprintf(path, sizeof path, "%s/%s", dir, sub);
        if (rmdir(path) != 0)
            break;
    }
}

void fz_target_close(fz_target *t)
{
    if (t->mode == FZ_MODE_ADAPTER)
        cli_adapter_free(&t->ad);
    if (t->mode == FZ_MODE_EXEC && t->tmpdir[0])
        rmdir(t->tmpdir);
}

/* Makes sure the adapter runs (restarting it after a crash). false: not reachable. */
bool fz_target_ready(fz_target *t, double deadline, fz_result *res)
{
    char why[200];
    double left = deadline - fz_now(), ht = hello_timeout(t);
    if (t->ad.running)
        return true;
    if (left <= 0) {
        res->out = FZ_R_CUT;
        return false;
    }
    if (cli_adapter_start(&t->ad, ht < left ? ht : left, why, sizeof why) != 0) {
        res->out = fz_now() >= deadline ? FZ_R_CUT : FZ_R_UNREACHED;
        snprintf(res->detail, sizeof res->detail, "restart failed: %s", why);
        return false;
    }
    t->starts++;
    return true;
}

/* Control characters of a detail (an adapter's error text, a garbage reply) as '?': one
 * printable line in the summary, the findings and --replay's output. */
static void one_line(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20)
            *s = '?';
}

/* Classifies a failed exchange (a->fail) and stops the adapter. */
static void adapter_failed(fz_target *t, double budget, const char *why, fz_result *res)
{
    switch (t->ad.fail) {
    case CLI_AD_TIMEOUT:
        res->out = budget < t->timeout ? FZ_R_CUT : FZ_R_HANG;
        break;
    case CLI_AD_EOF:
    case CLI_AD_IO:
        res->out = FZ_R_CRASH;
        break;
    case CLI_AD_OK:
    case CLI_AD_TOOLONG:
    case CLI_AD_GARBAGE:
    case CLI_AD_SCHEMA:
        res->out = FZ_R_GARBAGE;
        break;
    }
    snprintf(res->detail, sizeof res->detail, "%s", why);
    if (t->ad.fail == CLI_AD_EOF && t->ad.wstatus >= 0 && WIFSIGNALED(t->ad.wstatus))
        snprintf(res->cls, sizeof res->cls, "signal %d", WTERMSIG(t->ad.wstatus));
    else if (t->ad.fail == CLI_AD_EOF && t->ad.wstatus >= 0 && WEXITSTATUS(t->ad.wstatus) > 128)
        snprintf(res->cls, sizeof res->cls, "signal %d", WEXITSTATUS(t->ad.wstatus) - 128);
    else if (t->ad.fail == CLI_AD_EOF && t->ad.wstatus >= 0)
        snprintf(res->cls, sizeof res->cls, "exit %d", WEXITSTATUS(t->ad.wstatus));
    else
        snprintf(res->cls, sizeof res->cls, "%s",
                 t->ad.fail == CLI_AD_TIMEOUT ? "timeout"
                 : t->ad.fail == CLI_AD_EOF   ? "closed"
                 : t->ad.fail == CLI_AD_IO    ? "io"
                                              : "garbage");
    cli_adapter_stop(&t->ad, false);
}

long long fz_target_seq(fz_target *t)
{
    return ++t->ad.seq;
}

void fz_target_request(fz_target *t, const char *op, const char *req, size_t len, long long seq,
                       double deadline, fz_result *res)
{
    char why[240];
    double budget = deadline - fz_now();
    amc_conform_reply *rep = NULL;
    budget = budget < t->timeout ? budget : t->timeout;
    if (budget <= 0) {
        res->out = FZ_R_CUT;
        return;
    }
    rep = cli_adapter_exchange(&t->ad, op, req, len, seq, budget, why, sizeof why);
    if (!rep) {
        adapter_failed(t, budget, why, res);
        one_line(res->detail);
        return;
    }
    if (rep->kind == AMC_CONFORM_R_ERROR) {
        res->out = FZ_R_CRASH;
        snprintf(res->cls, sizeof res->cls, "error reply");
        snprintf(res->detail, sizeof res->detail, "error reply: %s", rep->text ? rep->text : "");
        one_line(res->detail);
        amc_conform_reply_free(rep);
        return;
    }
    if (rep->kind == AMC_CONFORM_R_SKIPPED) {
        res->out = FZ_R_GARBAGE;
        snprintf(res->cls, sizeof res->cls, "skipped");
        snprintf(res->detail, sizeof res->detail, "skipped an input of a claimed capability: %s",
                 rep->text ? rep->text : "");
        one_line(res->detail);
        amc_conform_reply_free(rep);
        return;
    }
    res->out = FZ_R_VERDICT;
    res->reply = rep;
}

bool fz_result_verdict(fz_result *res)
{
    const amc_conform_reply *rep = res->reply;
    size_t i = 0;
    if (rep->kind != AMC_CONFORM_R_VERDICT) {
        res->out = FZ_R_GARBAGE;
        snprintf(res->cls, sizeof res->cls, "garbage");
        snprintf(res->detail, sizeof res->detail, "the reply to a validate request has no verdict");
        return false;
    }
    res->valid = rep->valid;
    res->has_codes = rep->has_codes;
    res->codes[0] = '\0';
    {
        const char **ids = malloc((rep->ncodes + 1) * sizeof *ids);
        if (!ids)
            cli_nomem(); /* the codes are left out: exit 2 at the end */
        for (i = 0; ids && i < rep->ncodes; i++)
            ids[i] = rep->codes[i];
        if (ids)
            code_list(ids, rep->ncodes, res->codes, sizeof res->codes);
        free(ids);
    }
    return true;
}

static void adapter_validate(fz_target *t, const char *name, const char *buf, size_t len,
                             double deadline, fz_result *res)
{
    cli_sb b = {NULL, 0, 0, false};
    char *enc = cli_base64_encode(buf, len);
    amc_conform_reply *rep = NULL;
    long long seq = 0;
    if (!enc) {
        cli_nomem();
        res->out = FZ_R_CUT;
        return;
    }
    if (!fz_target_ready(t, deadline, res)) {
        free(enc);
        return;
    }
    seq = fz_target_seq(t);
    cli_sb_printf(&b, "{\"seq\":%lld,\"op\":\"validate\",\"case\":\"fuzz\",\"profile\":", seq);
    cli_sb_str(&b, t->profile);
    cli_sb_puts(&b, ",\"stateful\":false,\"files\":[{\"name\":");
    cli_sb_str(&b, name);
    cli_sb_puts(&b, ",\"data\":\"");
    cli_sb_puts(&b, enc);
    cli_sb_puts(&b, "\"}]}");
    free(enc);
    if (b.failed) {
        free(b.p);
        res->out = FZ_R_CUT;
        return;
    }
    fz_target_request(t, "validate", b.p, b.len, seq, deadline, res);
    free(b.p);
    if (res->out != FZ_R_VERDICT)
        return;
    if (!fz_result_verdict(res))
        return;
    rep = res->reply;
    amc_conform_reply_free(rep);
    res->reply = NULL;
}

/* Writes buf to dir/name, creating the directories of name. 0 or -1. */
static int write_input(const char *dir, const char *name, const char *buf, size_t len)
{
    char path[4096];
    char *s = NULL;
    FILE *f = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    for (s = path + strlen(dir) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    f = fopen(path, "wb");
    if (!f)
        return -1;
    if (len && fwrite(buf, 1, len, f) != len) {
        fclose(f);
        return -1;
    }
    return fclose(f) == 0 ? 0 : -1;
}

static void exec_validate(fz_target *t, const char *name, const char *buf, size_t len,
                          double deadline, fz_result *res)
{
    char path[4096];
    char *q = NULL, *cmd = NULL;
    int st = 0, ws = -1;
    double budget = deadline - fz_now();
    budget = budget < t->timeout ? budget : t->timeout;
    if (budget <= 0 || write_input(t->tmpdir, name, buf, len) != 0) {
        res->out = FZ_R_CUT;
        snprintf(res->detail, sizeof res->detail, "cannot write the input file");
        rm_tree(t->tmpdir, name);
        return;
    }
    snprintf(path, sizeof path, "%s/%s", t->tmpdir, name);
    q = cli_shell_quote(path);
    cmd = q ? cli_exec_expand(t->cmd, q, t->profile) : NULL;
    free(q);
    if (!cmd) {
        cli_nomem(); /* the input is not run: exit 2 at the end */
        res->out = FZ_R_CUT;
        rm_tree(t->tmpdir, name);
        return;
    }
    st = cli_run_exec_ws(cmd, budget, t->verbose, &ws);
    free(cmd);
    rm_tree(t->tmpdir, name);
    if (st == 0 || st == 1) {
        t->reached = true;
        res->out = FZ_R_VERDICT;
        res->valid = st == 0;
        return;
    }
    if (st == -2) {
        res->out = budget < t->timeout ? FZ_R_CUT : FZ_R_HANG;
        snprintf(res->cls, sizeof res->cls, "timeout");
        snprintf(res->detail, sizeof res->detail, "no exit within %.3g s", budget);
    } else if (st == -1 || ((st == 126 || st == 127) && !t->reached)) {
        res->out = FZ_R_UNREACHED;
        snprintf(res->detail, sizeof res->detail, "the command could not start (%d)", st);
    } else if (st == -3 && ws >= 0 && WIFSIGNALED(ws)) {
        res->out = FZ_R_CRASH;
        t->reached = true;
        snprintf(res->cls, sizeof res->cls, "signal %d", WTERMSIG(ws));
        snprintf(res->detail, sizeof res->detail, "killed by signal %d", WTERMSIG(ws));
    } else if (st > 128 && st < 160) { /* /bin/sh reports its child's signal N as 128 + N */
        res->out = FZ_R_CRASH;
        t->reached = true;
        snprintf(res->cls, sizeof res->cls, "signal %d", st - 128);
        snprintf(res->detail, sizeof res->detail, "killed by signal %d", st - 128);
    } else {
        res->out = FZ_R_CRASH;
        t->reached = true;
        snprintf(res->cls, sizeof res->cls, "exit %d", st);
        snprintf(res->detail, sizeof res->detail, "exit status %d (0 valid, 1 invalid)", st);
    }
}

/* Whether the message sent is a request (type task or status; anything that is not a JSON
 * object with a string type counts as one). A server answers a message of a reply type
 * (status_response, error, ...) with an error, "not a request" (amc serve does): that says
 * nothing about the message's validity, so such an exchange gives no verdict. */
static bool socket_is_request(const char *buf, size_t len)
{
    amc_diags *ds = amc_diags_new(1);
    amc_doc *doc = NULL;
    const amc_value *root = NULL, *type = NULL;
    bool req = true;
    if (ds && amc_json_read(buf, len, NULL, ds, &doc) == AMC_OK) {
        root = amc_doc_root(doc);
        type = root->type == AMC_T_OBJECT ? amc_value_getz(root, "type") : NULL;
        if (type && type->type == AMC_T_STRING)
            req = !strcmp(type->u.str.ptr, "task") || !strcmp(type->u.str.ptr, "status");
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return req;
}

static void socket_validate(fz_target *t, const char *buf, size_t len, double deadline,
                            fz_result *res)
{
    char *reply = NULL;
    size_t rlen = 0;
    int err = 0, rc = 0;
    double budget = deadline - fz_now();
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(1);
    const amc_value *type = NULL;
    budget = budget < t->timeout ? budget : t->timeout;
    if (budget <= 0) {
        res->out = FZ_R_CUT;
        amc_diags_free(ds);
        return;
    }
    rc = cli_sock_request(t->cmd, buf, len, budget, (size_t)64 << 20, &reply, &rlen, &err);
    if (rc == CLI_SOCK_CONNECT) {
        res->out = t->reached ? FZ_R_CRASH : FZ_R_UNREACHED;
        snprintf(res->cls, sizeof res->cls, "connect");
        snprintf(res->detail, sizeof res->detail, "connect: %s%s", strerror(err),
                 t->reached ? " (the server answered before: it died?)" : "");
    } else if (rc == CLI_SOCK_TIMEOUT) {
        res->out = budget < t->timeout ? FZ_R_CUT : FZ_R_HANG;
        snprintf(res->cls, sizeof res->cls, "timeout");
        snprintf(res->detail, sizeof res->detail, "no reply and EOF within %.3g s (%zu bytes)",
                 budget, rlen);
    } else if (rc == CLI_SOCK_RESET || (rc == CLI_SOCK_OK && rlen == 0)) {
        res->out = FZ_R_CRASH;
        snprintf(res->cls, sizeof res->cls, "closed");
        snprintf(res->detail, sizeof res->detail, "connection closed without a reply%s%s",
                 err ? ": " : "", err ? strerror(err) : "");
    } else if (rc != CLI_SOCK_OK) {
        res->out = FZ_R_GARBAGE;
        snprintf(res->cls, sizeof res->cls, "garbage");
        snprintf(res->detail, sizeof res->detail, "reply too long or unreadable");
    } else if (!ds || amc_json_read(reply, rlen, NULL, ds, &doc) != AMC_OK ||
               !(type = amc_value_getz(amc_doc_root(doc), "type")) || type->type != AMC_T_STRING) {
        res->out = FZ_R_GARBAGE;
        snprintf(res->cls, sizeof res->cls, "garbage");
        snprintf(res->detail, sizeof res->detail,
                 "reply is not one JSON object with a string type: %.60s", reply);
    } else {
        res->out = FZ_R_VERDICT;
        res->valid = strcmp(type->u.str.ptr, "error") != 0;
        res->no_verdict = !res->valid && !socket_is_request(buf, len);
    }
    if (rc != CLI_SOCK_CONNECT)
        t->reached = true;
    amc_diags_free(ds);
    amc_doc_free(doc);
    free(reply);
}

void fz_target_validate(fz_target *t, const char *name, const char *buf, size_t len,
                        double deadline, fz_result *res)
{
    fz_result_clear(res);
    switch (t->mode) {
    case FZ_MODE_ADAPTER:
        adapter_validate(t, name, buf, len, deadline, res);
        break;
    case FZ_MODE_EXEC:
        exec_validate(t, name, buf, len, deadline, res);
        break;
    case FZ_MODE_SOCKET:
        socket_validate(t, buf, len, deadline, res);
        break;
    }
    one_line(res->detail);
}
