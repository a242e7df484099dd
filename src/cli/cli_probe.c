/*
 * cli_probe.c - the live checks of `amc probe --profile socket` (cli_probe.h, docs/probe.md).
 *
 * Decisions:
 *   - Only the Unix socket given is ever contacted (AF_UNIX; nothing else is opened but, with
 *     --allow-tasks, one new empty temporary directory for the task's project_dir).
 *   - Safe by default: status requests and requests the protocol rejects. A task is sent only
 *     with --allow-tasks (on a real server it runs real work).
 *   - Steps, in order: status; task (--allow-tasks); six rejected or oversized requests, each
 *     followed by a status request (is the server still there?); a status request while another
 *     client holds an idle connection; --clients status requests at once.
 *   - Every connection is non-blocking and every wait ends at a deadline: the request's
 *     (--timeout) or the run's (--max-time), whichever is first. A server that does not answer
 *     or does not close the first status request is not asked anything else (each further
 *     request would wait as long); a server that stops answering after a request is not asked
 *     anything else either. The rules those steps would have exercised are "not run".
 *   - A complete JSON value without a close within the timeout is SOCKET-LIVE-006 (no close);
 *     nothing, or an incomplete value, is SOCKET-LIVE-001 (no reply).
 *   - A reply is judged with the socket profile's validator (SOCKET-LIVE-002; its errors
 *     quoted), then against the request (SOCKET-LIVE-003/004).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli_probe.h"
#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define REPLY_MAX   (16u << 20) /* largest reply read */
#define STATUS_SLOW 5.0         /* SOCKET-LIVE-005 */

enum {
    R_NO_REPLY = 0,
    R_INVALID,
    R_MISMATCH,
    R_BAD_INPUT,
    R_SLOW,
    R_NO_CLOSE,
    R_DIED,
    R_BLOCKED,
    R_CONCURRENT
};

/* What a reply must be. */
typedef enum expect { X_STATUS = 0, X_TASK, X_ERROR, X_ANY } expect;

/* One connection. */
typedef enum pc_state { PC_RUN = 0, PC_EOF, PC_RESET, PC_TIMEOUT, PC_TOOLONG, PC_CONNECT } pc_state;

typedef struct pconn {
    int fd;
    const char *req;
    size_t len, off;
    bool wdone, connected;
    char *buf;
    size_t blen, cap;
    pc_state st;
    int err;
    double t0, t_first, t_done;
} pconn;

typedef struct probe {
    const probe_opts *o;
    probe_result *r;
    double start, end; /* end: start + max_time */
    amc_validator *v;
    amc_diags *ds;
    bool nomem;
} probe;

static void copyz(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src);
}

static void finding(probe *p, int rule, const char *step, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void finding(probe *p, int rule, const char *step, const char *fmt, ...)
{
    probe_rule *pr = &p->r->rules[rule];
    char msg[sizeof pr->find[0].message];
    size_t i = 0;
    va_list ap;
    pr->outcome = PROBE_FAIL;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (i = 0; i < pr->nfind; i++)
        if (!strcmp(pr->find[i].message, msg)) {
            pr->find[i].again++;
            return;
        }
    if (pr->nfind == PROBE_MAX_FIND) {
        pr->more++;
        return;
    }
    copyz(pr->find[pr->nfind].step, sizeof pr->find[0].step, step);
    memcpy(pr->find[pr->nfind].message, msg, sizeof msg);
    pr->nfind++;
}

/* The rule was exercised: it passes unless a finding failed it. */
static void ran(probe *p, int rule)
{
    if (p->r->rules[rule].outcome == PROBE_NOT_RUN)
        p->r->rules[rule].outcome = PROBE_PASS;
}

static probe_step *step_new(probe *p, const char *name, const char *sent)
{
    probe_step *s = NULL;
    if (p->r->nsteps == PROBE_MAX_STEPS)
        return NULL;
    s = &p->r->steps[p->r->nsteps++];
    copyz(s->name, sizeof s->name, name);
    copyz(s->sent, sizeof s->sent, sent);
    return s;
}

/* ---- connections ---- */

/* Opens a non-blocking connection; a full backlog (EAGAIN) is retried until deadline. */
static void pc_open(pconn *c, const char *path, double deadline)
{
    struct sockaddr_un sa;
    size_t n = strlen(path);
    c->fd = -1;
    c->t0 = cli_now();
    if (n >= sizeof sa.sun_path) {
        c->st = PC_CONNECT;
        c->err = ENAMETOOLONG;
        return;
    }
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    memcpy(sa.sun_path, path, n + 1);
    for (;;) {
        int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) {
            c->st = PC_CONNECT;
            c->err = errno;
            return;
        }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, O_NONBLOCK);
        if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
            c->fd = fd;
            c->st = PC_RUN;
            c->connected = true;
            return;
        }
        c->err = errno;
        close(fd);
        if (c->err != EAGAIN || cli_now() >= deadline) {
            c->st = c->err == EAGAIN ? PC_TIMEOUT : PC_CONNECT;
            return;
        }
        usleep(2000);
    }
}

static void pc_close(pconn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

static void pc_free(pconn *c)
{
    pc_close(c);
    free(c->buf);
    c->buf = NULL;
}

/* Writes what the socket takes now; half-closes when everything is written. */
static void pc_write(pconn *c)
{
    while (!c->wdone) {
        ssize_t w = 0;
        if (c->off == c->len) {
            shutdown(c->fd, SHUT_WR);
            c->wdone = true;
            break;
        }
        w = send(c->fd, c->req + c->off, c->len - c->off, MSG_NOSIGNAL);
        if (w > 0) {
            c->off += (size_t)w;
            continue;
        }
        if (w < 0 && (errno == EAGAIN || errno == EINTR))
            break;
        c->wdone = true; /* the server stopped reading: read what it says */
        c->err = errno;
    }
}

/* Reads what is there. Returns -1 out of memory. */
static int pc_read(pc_state *st, pconn *c)
{
    for (;;) {
        ssize_t r = 0;
        if (c->cap - c->blen < 65537) {
            size_t nc = c->cap ? c->cap * 2 : 65536 * 2;
            char *nb = realloc(c->buf, nc);
            if (!nb)
                return -1;
            c->buf = nb;
            c->cap = nc;
        }
        r = recv(c->fd, c->buf + c->blen, 65536, 0);
        if (r > 0) {
            if (!c->blen)
                c->t_first = cli_now();
            c->blen += (size_t)r;
            c->buf[c->blen] = '\0';
            if (c->blen > REPLY_MAX) {
                *st = PC_TOOLONG;
                return 0;
            }
            continue;
        }
        if (r == 0) {
            *st = PC_EOF;
            return 0;
        }
        if (errno == EAGAIN || errno == EINTR)
            return 0;
        c->err = errno;
        *st = PC_RESET;
        return 0;
    }
}

/* Runs the connections in v[0..n) until each has ended or deadline passed. -1: out of memory. */
static int pc_pump(pconn **v, size_t n, double deadline)
{
    struct pollfd pf[PROBE_MAX_CLIENTS + 1];
    for (;;) {
        size_t i = 0, k = 0;
        double left = deadline - cli_now();
        for (i = 0; i < n; i++)
            if (v[i]->st == PC_RUN && !v[i]->wdone)
                pc_write(v[i]);
        for (i = 0; i < n && k < PROBE_MAX_CLIENTS + 1; i++)
            if (v[i]->st == PC_RUN) {
                pf[k].fd = v[i]->fd;
                pf[k].events = (short)(POLLIN | (v[i]->wdone ? 0 : POLLOUT));
                pf[k].revents = 0;
                k++;
            }
        if (!k)
            return 0;
        if (left <= 0) {
            for (i = 0; i < n; i++)
                if (v[i]->st == PC_RUN)
                    v[i]->st = PC_TIMEOUT;
            return 0;
        }
        if (poll(pf, k, (int)(left * 1000) + 1) < 0 && errno != EINTR)
            return 0;
        for (i = 0, k = 0; i < n; i++) {
            pconn *c = v[i];
            pc_state st = PC_RUN;
            if (c->st != PC_RUN)
                continue;
            if (pf[k++].revents & (POLLIN | POLLHUP | POLLERR)) {
                if (pc_read(&st, c) != 0)
                    return -1;
                if (st != PC_RUN) {
                    c->st = st;
                    c->t_done = cli_now();
                }
            }
        }
    }
}

/* ---- judging ---- */

/* "status_response", "result" ... of a parsed reply, or NULL. */
static const char *type_of(const amc_value *root)
{
    const amc_value *t = root && root->type == AMC_T_OBJECT ? amc_value_getz(root, "type") : NULL;
    return t && t->type == AMC_T_STRING ? t->u.str.ptr : NULL;
}

/* Whether the bytes hold one complete JSON value (a reply the server did not close after). */
static bool complete_json(const char *buf, size_t len)
{
    amc_diags *ds = amc_diags_new(4);
    amc_doc *doc = NULL;
    bool ok = false;
    if (!ds)
        return false;
    ok = amc_json_read(buf, len, NULL, ds, &doc) == AMC_OK;
    amc_doc_free(doc);
    amc_diags_free(ds);
    return ok;
}

/* The first errors of the profile on the reply, as one line. */
static void diag_line(const amc_diags *ds, amc_severity sev, char *out, size_t cap)
{
    size_t i = 0, used = 0, shown = 0, total = 0;
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int w = 0;
        if (d->sev != sev)
            continue;
        total++;
        if (shown == 2 || used >= cap)
            continue;
        w = snprintf(out + used, cap - used, "%s%s%s%s: %s", shown ? "; " : "",
                     amc_code_id(d->code), d->rule_id ? " " : "", d->rule_id ? d->rule_id : "",
                     d->message);
        if (w > 0)
            used += (size_t)w;
        shown++;
    }
    if (total > shown && used < cap)
        snprintf(out + used, cap - used, " (+%zu more)", total - shown);
}

static const char *sock_err(int e)
{
    return e ? strerror(e) : "closed";
}

/* Judges what c brought back for a request of kind x (task: its id). Fills the step's result.
 * Returns true when a reply was read and the server closed the connection. */
static bool judge(probe *p, probe_step *s, const char *step, expect x, const char *task_id,
                  const pconn *c, bool alive)
{
    double took = (c->t_done > 0 ? c->t_done : cli_now()) - c->t0;
    char res[200] = "";
    bool closed = c->st == PC_EOF || c->st == PC_RESET;
    amc_doc *doc = NULL;
    const char *type = NULL;
    ran(p, R_NO_REPLY);
    if (c->st == PC_TOOLONG) {
        ran(p, R_INVALID);
        finding(p, R_INVALID, step, "the reply is longer than %u bytes", REPLY_MAX);
        snprintf(res, sizeof res, "a reply longer than %u bytes", REPLY_MAX);
        goto out;
    }
    if (!c->connected) {
        snprintf(res, sizeof res, "connect failed: %s", strerror(c->err ? c->err : ETIMEDOUT));
        goto out;
    }
    if (!c->blen) {
        if (alive) /* a status request after another: SOCKET-LIVE-007 says it */
            snprintf(res, sizeof res, "no reply (%s)",
                     c->st == PC_TIMEOUT ? "timeout" : sock_err(c->err));
        else if (c->st == PC_TIMEOUT) {
            finding(p, R_NO_REPLY, step, "no reply and no close within %.1f s",
                    p->o->timeout < took ? p->o->timeout : took);
            snprintf(res, sizeof res, "nothing within %.1f s", took);
        } else if (x == X_ERROR) {
            ran(p, R_BAD_INPUT);
            finding(p, R_BAD_INPUT, step, "the connection was closed without an error reply (%s)",
                    sock_err(c->err));
            snprintf(res, sizeof res, "closed without a reply (%s)", sock_err(c->err));
        } else if (x == X_ANY) {
            snprintf(res, sizeof res, "closed without a reply (%s)", sock_err(c->err));
        } else {
            finding(p, R_NO_REPLY, step, "the connection was closed without a reply (%s)",
                    sock_err(c->err));
            snprintf(res, sizeof res, "closed without a reply (%s)", sock_err(c->err));
        }
        goto out;
    }
    if (c->st == PC_TIMEOUT) {
        if (!complete_json(c->buf, c->blen)) {
            if (!alive)
                finding(p, R_NO_REPLY, step,
                        "an incomplete reply (%zu bytes) and no close within %.1f s", c->blen,
                        took);
            snprintf(res, sizeof res, "%zu bytes, incomplete, not closed", c->blen);
            goto out;
        }
        ran(p, R_NO_CLOSE);
        finding(p, R_NO_CLOSE, step,
                "a reply (%zu bytes) came, but the connection was still open %.1f s after the "
                "request",
                c->blen, took);
    } else {
        ran(p, R_NO_CLOSE);
    }
    /* the reply itself */
    ran(p, R_INVALID);
    amc_diags_clear(p->ds);
    {
        amc_status st = amc_validator_check(p->v, NULL, c->buf, c->blen, p->ds, NULL);
        char line[300];
        if (st == AMC_ENOMEM)
            p->nomem = true;
        if (amc_diags_errors(p->ds)) {
            diag_line(p->ds, AMC_SEV_ERROR, line, sizeof line);
            finding(p, R_INVALID, step, "%s", line);
        }
        if (amc_diags_warnings(p->ds) && !p->r->rules[R_INVALID].notes[0]) {
            diag_line(p->ds, AMC_SEV_WARNING, line, sizeof line);
            snprintf(p->r->rules[R_INVALID].notes, sizeof p->r->rules[R_INVALID].notes, "%s: %s",
                     step, line);
        }
    }
    amc_diags_clear(p->ds);
    {
        amc_status st = amc_json_read(c->buf, c->blen, NULL, p->ds, &doc);
        if (st == AMC_OK)
            type = type_of(amc_doc_root(doc));
        else if (st == AMC_ENOMEM) /* the reply's type unknown: the run says out of memory */
            p->nomem = true;
    }
    amc_diags_clear(p->ds);
    if (type && (!strcmp(type, "task") || !strcmp(type, "status")))
        finding(p, R_INVALID, step, "the reply is a %s request, not a reply", type);
    if (x == X_STATUS || x == X_TASK) {
        const char *want = x == X_STATUS ? "status_response" : "result";
        ran(p, R_MISMATCH);
        if (!type)
            ; /* not an object with a type: SOCKET-LIVE-002 said so */
        else if (strcmp(type, want) != 0)
            finding(p, R_MISMATCH, step, "a %s request was answered with %s",
                    x == X_STATUS ? "status" : "task", type);
        else if (x == X_TASK) {
            const amc_value *id = amc_value_getz(amc_doc_root(doc), "id");
            if (!id || id->type != AMC_T_STRING || strcmp(id->u.str.ptr, task_id) != 0) {
                char *got = id ? amc_value_to_json(id, 0, NULL) : NULL;
                if (id && !got)
                    p->nomem = true;
                finding(p, R_MISMATCH, step, "the result's id is %s, the task's %s",
                        got ? got : "missing", task_id);
                free(got);
            }
        }
    } else if (x == X_ERROR) {
        ran(p, R_BAD_INPUT);
        if (type && strcmp(type, "error") != 0)
            finding(p, R_BAD_INPUT, step, "a request the protocol rejects was answered with %s",
                    type);
    } else if (type && !strcmp(type, "result")) {
        ran(p, R_MISMATCH);
        finding(p, R_MISMATCH, step, "a status request was answered with result");
    }
    if (x == X_STATUS && c->t_first > 0) {
        ran(p, R_SLOW);
        if (c->t_first - c->t0 > STATUS_SLOW)
            finding(p, R_SLOW, step, "the status reply came after %.1f s", c->t_first - c->t0);
    }
    snprintf(res, sizeof res, "%s (%zu bytes)%s", type ? type : "a reply", c->blen,
             c->st == PC_TIMEOUT ? ", not closed" : ", closed");
out:
    amc_doc_free(doc);
    if (s) {
        copyz(s->result, sizeof s->result, res);
        s->seconds = took;
    }
    return c->blen && closed && c->st != PC_TOOLONG;
}

/* ---- steps ---- */

static double deadline(const probe *p)
{
    double d = cli_now() + p->o->timeout;
    return d < p->end ? d : p->end;
}

/* One request on one connection. Returns the connection (caller: pc_free). */
static int exchange(probe *p, const char *req, size_t len, pconn *c)
{
    pconn *v[1] = {c};
    double dl = deadline(p);
    memset(c, 0, sizeof *c);
    c->req = req;
    c->len = len;
    p->r->requests++;
    pc_open(c, p->o->path, dl);
    if (c->st != PC_RUN)
        return 0;
    if (pc_pump(v, 1, dl) != 0)
        return -1;
    pc_close(c);
    return 0;
}

static const char STATUS_REQ[] = "{\"type\": \"status\", \"from\": \"amc-probe\"}";

/* A status request. 1: answered and closed; 0: not; -1: out of memory. *connected: it connected. */
static int status_step(probe *p, const char *name, const char *why, bool *connected, bool alive)
{
    pconn c;
    probe_step *s = step_new(p, name, why);
    bool ok = false;
    if (exchange(p, STATUS_REQ, sizeof STATUS_REQ - 1, &c) != 0) {
        pc_free(&c);
        return -1;
    }
    if (connected)
        *connected = c.connected;
    if (!c.connected) {
        if (s) {
            snprintf(s->result, sizeof s->result, "connect failed: %s", strerror(c.err));
            s->seconds = cli_now() - c.t0;
        }
        pc_free(&c);
        return 0;
    }
    ok = judge(p, s, name, X_STATUS, NULL, &c, alive);
    pc_free(&c);
    return ok;
}

static bool out_of_time(probe *p, const char *before)
{
    if (cli_now() + 0.05 < p->end)
        return false;
    snprintf(p->r->stopped, sizeof p->r->stopped,
             "the run reached --max-time (%.0f s) before the %s step", p->o->max_time, before);
    return true;
}

/* A task with a harmless instruction and a new empty project_dir. */
static int task_step(probe *p)
{
    char dir[] = "/tmp/amc-probe-XXXXXX", id[40], req[512];
    time_t t = time(NULL);
    struct tm tm;
    pconn c;
    probe_step *s = NULL;
    int n = 0;
    if (!mkdtemp(dir)) {
        snprintf(p->r->stopped, sizeof p->r->stopped,
                 "no task was sent: cannot create a temporary project_dir (%s)", strerror(errno));
        return 0;
    }
    localtime_r(&t, &tm);
    n = (int)strftime(id, sizeof id, "task-%Y%m%d-%H%M%S-", &tm);
    snprintf(id + n, sizeof id - (size_t)n, "%04x",
             (unsigned)(((unsigned)getpid() * 2654435761u) ^ (unsigned)cli_now()) & 0xffffu);
    snprintf(req, sizeof req,
             "{\"type\": \"task\", \"id\": \"%s\", \"from\": \"amc-probe\", \"payload\": "
             "{\"instruction\": \"amc probe: this is a protocol test. Answer with the word ok. "
             "Do not read, create or change any file.\", \"project_dir\": \"%s\"}}",
             id, dir);
    s = step_new(p, "task", "a task (harmless instruction, empty temporary project_dir)");
    if (exchange(p, req, strlen(req), &c) != 0) {
        pc_free(&c);
        rmdir(dir);
        return -1;
    }
    judge(p, s, "task", X_TASK, id, &c, false);
    pc_free(&c);
    if (rmdir(dir) != 0)
        copyz(p->r->task_dir, sizeof p->r->task_dir, dir);
    return 0;
}

typedef struct bad_req {
    const char *name, *words;
    const char *bytes; /* NULL: the oversized request */
    expect x;
} bad_req;

static const bad_req BAD[] = {
    {"empty", "an empty request (half-close without data)", "", X_ERROR},
    {"bad-json", "malformed JSON (a truncated object)",
     "{\"type\": \"status\", \"from\": \"amc-probe\",", X_ERROR},
    {"not-object", "a top-level array", "[\"status\"]", X_ERROR},
    {"unknown-type", "an unknown type",
     "{\"type\": \"amc-probe-unknown\", \"from\": \"amc-probe\"}", X_ERROR},
    {"invalid-utf8", "invalid UTF-8 in a string",
     "{\"type\": \"status\", \"from\": \"amc-probe \xff\xfe\"}", X_ERROR},
    {"oversized", "an oversized status request (--max-request + 1 bytes)", NULL, X_ANY},
};

/* The oversized request: a status request padded to max + 1 bytes. NULL: out of memory. */
static char *oversized(uint64_t max, size_t *len)
{
    static const char head[] = "{\"type\": \"status\", \"from\": \"amc-probe\", \"padding\": \"";
    size_t n = (size_t)max + 1, hl = sizeof head - 1;
    char *b = NULL;
    if (n < hl + 2)
        n = hl + 2;
    b = malloc(n);
    if (!b)
        return NULL;
    memcpy(b, head, hl);
    memset(b + hl, 'a', n - hl - 2);
    b[n - 2] = '"';
    b[n - 1] = '}';
    *len = n;
    return b;
}

/* Returns 1 when the server is still there, 0 when it is gone (the run stops), -1 no memory. */
static int bad_step(probe *p, const bad_req *b)
{
    pconn c;
    size_t len = 0;
    char *big = NULL;
    const char *req = b->bytes;
    char alive[32];
    probe_step *s = step_new(p, b->name, b->words);
    bool connected = false;
    int ok = 0;
    if (!req) {
        big = oversized(p->o->max_request, &len);
        if (!big)
            return -1;
        req = big;
    } else {
        len = strlen(req);
    }
    if (exchange(p, req, len, &c) != 0) {
        pc_free(&c);
        free(big);
        return -1;
    }
    free(big);
    if (!c.connected) {
        ran(p, R_DIED);
        finding(p, R_DIED, b->name, "the server no longer accepts connections (%s)",
                strerror(c.err));
        if (s)
            snprintf(s->result, sizeof s->result, "connect failed: %s", strerror(c.err));
        pc_free(&c);
        return 0;
    }
    judge(p, s, b->name, b->x, NULL, &c, false);
    pc_free(&c);
    if (out_of_time(p, "status after the last request"))
        return 0;
    snprintf(alive, sizeof alive, "%s.status", b->name);
    ran(p, R_DIED);
    ok = status_step(p, alive, "a status request (is the server still there?)", &connected, true);
    if (ok < 0)
        return -1;
    if (!ok) {
        finding(p, R_DIED, b->name, "after %s the server %s", b->words,
                connected ? "no longer answers a status request" : "no longer accepts connections");
        snprintf(p->r->stopped, sizeof p->r->stopped,
                 "the server stopped answering after the %s request", b->name);
        return 0;
    }
    return 1;
}

/* An idle client holds a connection; a second client asks for the status. */
static int idle_step(probe *p)
{
    pconn idle, c;
    pconn *v[1] = {&c};
    probe_step *s = step_new(p, "idle",
                             "a status request while another client is connected "
                             "and sends nothing");
    double dl = deadline(p), lim = 0;
    memset(&idle, 0, sizeof idle);
    memset(&c, 0, sizeof c);
    pc_open(&idle, p->o->path, dl);
    if (idle.st != PC_RUN) {
        ran(p, R_DIED);
        finding(p, R_DIED, "idle", "the server no longer accepts connections (%s)",
                strerror(idle.err));
        return 0;
    }
    usleep(50000); /* let a serial server take the idle connection first */
    c.req = STATUS_REQ;
    c.len = sizeof STATUS_REQ - 1;
    p->r->requests += 2;
    dl = deadline(p);
    pc_open(&c, p->o->path, dl);
    lim = c.t0 + p->o->block_limit;
    if (c.st == PC_RUN && pc_pump(v, 1, lim < dl ? lim : dl) != 0) {
        pc_free(&idle);
        pc_free(&c);
        return -1;
    }
    ran(p, R_BLOCKED);
    if (c.st == PC_TIMEOUT && lim < dl) {
        finding(p, R_BLOCKED, "idle",
                "a client that connected and sent nothing kept a status request waiting more "
                "than %.1f s (--block-limit)",
                p->o->block_limit);
        c.st = PC_RUN;
        pc_close(&idle); /* let it go: does the second client get its answer now? */
        if (pc_pump(v, 1, dl) != 0) {
            pc_free(&c);
            return -1;
        }
    }
    judge(p, s, "idle", X_STATUS, NULL, &c, false);
    pc_free(&idle);
    pc_free(&c);
    return 0;
}

static int concurrent_step(probe *p)
{
    pconn cs[PROBE_MAX_CLIENTS], *v[PROBE_MAX_CLIENTS];
    unsigned n = p->o->clients, i = 0, answered = 0;
    char words[120];
    probe_step *s = NULL;
    double dl = deadline(p), t0 = cli_now();
    int rc = 0;
    if (n > PROBE_MAX_CLIENTS)
        n = PROBE_MAX_CLIENTS;
    snprintf(words, sizeof words, "%u status requests at once", n);
    s = step_new(p, "concurrent", words);
    ran(p, R_CONCURRENT);
    for (i = 0; i < n; i++) {
        memset(&cs[i], 0, sizeof cs[i]);
        cs[i].req = STATUS_REQ;
        cs[i].len = sizeof STATUS_REQ - 1;
        v[i] = &cs[i];
        p->r->requests++;
        pc_open(&cs[i], p->o->path, dl);
        if (cs[i].st == PC_RUN)
            pc_write(&cs[i]); /* a small request: sent at once, so a serial server moves on */
    }
    rc = pc_pump(v, n, dl);
    for (i = 0; rc == 0 && i < n; i++) {
        char name[24];
        snprintf(name, sizeof name, "concurrent.%u", i + 1);
        if (!cs[i].connected) {
            finding(p, R_CONCURRENT, name, "client %u of %u could not connect (%s)", i + 1, n,
                    strerror(cs[i].err ? cs[i].err : ETIMEDOUT));
            continue;
        }
        if (judge(p, NULL, name, X_STATUS, NULL, &cs[i], true)) /* no reply: LIVE-009 */
            answered++;
        else if (cs[i].st == PC_TIMEOUT)
            finding(p, R_CONCURRENT, name, "client %u of %u was not answered within %.1f s", i + 1,
                    n, p->o->timeout);
    }
    for (i = 0; i < n; i++)
        pc_free(&cs[i]);
    if (s) {
        snprintf(s->result, sizeof s->result, "%u of %u answered", answered, n);
        s->seconds = cli_now() - t0;
    }
    return rc;
}

static int run_steps(probe *p)
{
    bool connected = false;
    size_t i = 0;
    int ok = status_step(p, "status", "a status request", &connected, false);
    if (ok < 0)
        return -1;
    if (!connected) {
        p->r->reached = false;
        snprintf(p->r->connect_error, sizeof p->r->connect_error, "cannot connect to %s: %s",
                 p->o->path, p->r->steps[0].result + strlen("connect failed: "));
        return 0;
    }
    p->r->reached = true;
    if (!ok) {
        snprintf(p->r->stopped, sizeof p->r->stopped,
                 "the server did not answer and close the first status request, so nothing "
                 "else was asked (each request would wait as long)");
        return 0;
    }
    if (p->o->allow_tasks) {
        if (out_of_time(p, "task"))
            return 0;
        if (task_step(p) != 0)
            return -1;
    }
    for (i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        if (out_of_time(p, BAD[i].name))
            return 0;
        ok = bad_step(p, &BAD[i]);
        if (ok <= 0)
            return ok;
    }
    if (out_of_time(p, "idle"))
        return 0;
    if (idle_step(p) != 0)
        return -1;
    if (out_of_time(p, "concurrent"))
        return 0;
    return concurrent_step(p);
}

int cli_probe_run(const probe_opts *o, probe_result *res)
{
    probe p;
    amc_validator_opts vo = {.profile = "socket"};
    size_t i = 0, k = 0;
    int rc = 0;
    memset(res, 0, sizeof *res);
    memset(&p, 0, sizeof p);
    p.o = o;
    p.r = res;
    p.start = cli_now();
    p.end = p.start + o->max_time;
    for (i = 0; i < amc_rule_count() && k < PROBE_RULES; i++) {
        const amc_rule *r = amc_rule_at(i);
        if (!strcmp(r->profile, "socket") && strstr(r->id, "-LIVE-"))
            res->rules[k++].rule = r;
    }
    if (k != PROBE_RULES)
        return -1; /* the catalog and this file disagree: a bug */
    p.ds = amc_diags_new(64);
    if (!p.ds || amc_validator_new(&vo, NULL, &p.v) != AMC_OK) {
        amc_diags_free(p.ds);
        return -1;
    }
    rc = run_steps(&p);
    res->seconds = cli_now() - p.start;
    amc_validator_free(p.v);
    amc_diags_free(p.ds);
    return rc != 0 || p.nomem ? -1 : 0;
}

int cli_probe_exit(const probe_result *res, bool strict)
{
    size_t i = 0;
    int st = 0;
    if (!res->reached)
        return 3;
    for (i = 0; i < PROBE_RULES; i++) {
        const probe_rule *r = &res->rules[i];
        bool must = r->rule->level == AMC_RULE_MUST;
        if (r->outcome == PROBE_FAIL && (must || strict))
            st = 1;
        if (r->outcome == PROBE_NOT_RUN && must)
            st = 1;
    }
    return st;
}
