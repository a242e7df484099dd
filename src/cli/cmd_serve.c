/*
 * cmd_serve.c - amc serve: the reference peer of the socket protocol (docs/probe.md "amc
 * serve"). It answers status and task requests with valid replies, validates every request with
 * the socket profile and logs the diagnostics on stderr, answers a malformed request with an
 * error reply, and serves any number of clients at once (one poll loop, non-blocking sockets).
 *
 * Decisions:
 *   - Nothing is run: a task is answered at once with a result (status success) that says so.
 *   - The socket is made with umask 0177 (mode 0600: its owner only); --socket-mode widens it
 *     after bind. At the path: nothing -> bind; a socket of this user that refuses connections
 *     (stale) -> replaced; a symlink, anything not a socket, another user's socket or a socket
 *     that accepts a connection (live) -> exit 2, left untouched.
 *   - SIGINT/SIGTERM end the loop; the socket is removed if the path still holds the socket this
 *     process made (same device and inode), then exit 0.
 *   - A request is read to EOF (the client's half-close). Past --max-request the bytes are
 *     read and dropped and the reply is an error; a client that does not half-close within
 *     --timeout gets an error reply (the public implementation does the same after 600 s).
 *   - Faults (--fault, on the requests --fault-on picks): delay=S (reply after S s, others are
 *     served meanwhile), error (an error reply), malformed (bytes that are not JSON), close
 *     (close without a reply), no-close (reply, then keep the connection open until the
 *     client closes it or --timeout).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "cli.h"

#define MAX_CLIENTS 256

typedef enum fault_kind {
    F_NONE = 0,
    F_DELAY,
    F_ERROR,
    F_MALFORMED,
    F_CLOSE,
    F_NO_CLOSE
} fault_kind;
enum { ON_ALL = 0, ON_STATUS, ON_TASK, ON_INVALID };

typedef struct sargs {
    const char *profile, *socket, *name, *mode, *fault;
    double timeout;
    uint64_t max_request;
    int fault_on;
    bool quiet;
} sargs;

typedef enum phase { P_READ = 0, P_WAIT, P_WRITE, P_HOLD } phase;

typedef struct sconn {
    int fd;
    unsigned long id;
    phase ph;
    char *in;
    size_t len, cap;
    bool over;
    char *out;
    size_t olen, ooff;
    double deadline, release;
    bool close_after; /* the close fault: no reply */
    bool hold_after;  /* the no-close fault */
} sconn;

typedef struct server {
    const sargs *a;
    fault_kind fault;
    double delay;
    amc_validator *v;
    amc_diags *ds;
    sconn c[MAX_CLIENTS];
    size_t n;
    unsigned long next_id;
} server;

static int sig_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    if (write(sig_pipe[1], &b, 1) < 0) {
        /* nothing to do: the loop also sees EINTR */
    }
    errno = saved;
}

static const char *check_mode(const char *v)
{
    char *end = NULL;
    long m = strtol(v, &end, 8);
    if (!*v || *end || m < 0 || m > 0777)
        return "is not an octal file mode (0600, 0660 ...)";
    return NULL;
}

static const char *parse_fault(const char *v, fault_kind *k, double *delay)
{
    static const struct {
        const char *name;
        fault_kind k;
    } names[] = {{"error", F_ERROR},
                 {"malformed", F_MALFORMED},
                 {"close", F_CLOSE},
                 {"no-close", F_NO_CLOSE}};
    size_t i = 0;
    if (!strncmp(v, "delay=", 6)) {
        char *end = NULL;
        double d = strtod(v + 6, &end);
        if (end == v + 6 || *end || !(d >= 0) || d > 3600)
            return "delay=S needs seconds (0 to 3600)";
        *k = F_DELAY;
        *delay = d;
        return NULL;
    }
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(v, names[i].name)) {
            *k = names[i].k;
            return NULL;
        }
    return "is not a fault: delay=S, error, malformed, close or no-close";
}

static const char *check_fault(const char *v)
{
    fault_kind k = F_NONE;
    double d = 0;
    return parse_fault(v, &k, &d);
}

/* ---- the socket ---- */

/* Makes the listening socket. Returns the fd, or -1 after printing why (exit 2). */
static int make_socket(const char *path, mode_t mode, struct stat *made)
{
    struct sockaddr_un sa;
    struct stat st;
    size_t n = strlen(path);
    mode_t old = 0;
    int fd = -1;
    if (n >= sizeof sa.sun_path) { /* (an empty path is a usage error before this) */
        fprintf(stderr, "amc serve: %s: the path is too long for a Unix socket\n", path);
        return -1;
    }
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    memcpy(sa.sun_path, path, n + 1);
    if (lstat(path, &st) == 0) {
        int probe = -1, err = 0;
        if (S_ISLNK(st.st_mode)) {
            fprintf(stderr, "amc serve: %s is a symbolic link; refusing to replace it\n", path);
            return -1;
        }
        if (!S_ISSOCK(st.st_mode)) {
            fprintf(stderr, "amc serve: %s exists and is not a socket; refusing to replace it\n",
                    path);
            return -1;
        }
        if (st.st_uid != geteuid()) {
            fprintf(stderr, "amc serve: %s is another user's socket; refusing to replace it\n",
                    path);
            return -1;
        }
        probe = socket(AF_UNIX, SOCK_STREAM, 0);
        if (probe < 0) {
            fprintf(stderr, "amc serve: socket: %s\n", strerror(errno));
            return -1;
        }
        if (connect(probe, (struct sockaddr *)&sa, sizeof sa) == 0) {
            close(probe);
            fprintf(stderr, "amc serve: %s: a server is listening there; refusing to replace it\n",
                    path);
            return -1;
        }
        err = errno;
        close(probe);
        if (err != ECONNREFUSED) {
            fprintf(stderr, "amc serve: %s: %s; refusing to replace it\n", path, strerror(err));
            return -1;
        }
        if (unlink(path) != 0) { /* stale: a socket of ours nobody listens on */
            fprintf(stderr, "amc serve: %s: cannot remove the stale socket: %s\n", path,
                    strerror(errno));
            return -1;
        }
        fprintf(stderr, "amc serve: %s: replaced a stale socket\n", path);
    } else if (errno != ENOENT) {
        fprintf(stderr, "amc serve: %s: %s\n", path, strerror(errno));
        return -1;
    }
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) {
        fprintf(stderr, "amc serve: socket: %s\n", strerror(errno));
        return -1;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    old = umask(0177);
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        int err = errno;
        umask(old);
        close(fd);
        fprintf(stderr, "amc serve: %s: bind: %s\n", path, strerror(err));
        return -1;
    }
    umask(old);
    if (lstat(path, made) != 0 || (mode != 0600 && chmod(path, mode) != 0) || listen(fd, 64) != 0) {
        fprintf(stderr, "amc serve: %s: %s\n", path, strerror(errno));
        unlink(path);
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, O_NONBLOCK);
    return fd;
}

/* Removes the socket if the path still holds the one this process made. */
static void remove_socket(const char *path, const struct stat *made)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && st.st_ino == made->st_ino &&
        st.st_dev == made->st_dev)
        unlink(path);
}

/* ---- replies ---- */

static char *json_take(json_object *o, size_t *len)
{
    const char *s =
        json_object_to_json_string_ext(o, JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
    char *r = s ? strdup(s) : NULL;
    *len = r ? strlen(r) : 0;
    json_object_put(o);
    return r;
}

static char *error_reply(const server *s, const char *message, size_t *len)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "type", json_object_new_string("error"));
    json_object_object_add(o, "from", json_object_new_string(s->a->name));
    json_object_object_add(o, "message", json_object_new_string(message));
    return json_take(o, len);
}

/* The message of the first error in ds, as "CODE RULE: message". */
static void first_error(const amc_diags *ds, char *out, size_t cap)
{
    size_t i = 0;
    snprintf(out, cap, "invalid request");
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        if (d->sev != AMC_SEV_ERROR)
            continue;
        snprintf(out, cap, "%s%s%s: %s", amc_code_id(d->code), d->rule_id ? " " : "",
                 d->rule_id ? d->rule_id : "", d->message);
        return;
    }
}

/* Builds the reply to a whole request; sets the faults that apply to it. */
static void answer(server *s, sconn *c)
{
    char tag[32], why[400];
    const char *type = NULL, *kind = "invalid";
    amc_doc *doc = NULL;
    const amc_value *root = NULL;
    bool invalid = false, fault = false;
    size_t i = 0;
    snprintf(tag, sizeof tag, "request#%lu", c->id);
    amc_diags_clear(s->ds);
    if (c->over) {
        snprintf(why, sizeof why, "request larger than %llu bytes",
                 (unsigned long long)s->a->max_request);
        invalid = true;
        if (!s->a->quiet)
            fprintf(stderr, "%s: error: %s\n", tag, why);
    } else {
        amc_status st = amc_validator_check(s->v, NULL, c->in ? c->in : "", c->len, s->ds, NULL);
        invalid = st != AMC_OK || amc_diags_errors(s->ds) > 0;
        for (i = 0; !s->a->quiet && i < amc_diags_count(s->ds); i++)
            cli_print_diag_text(stderr, tag, amc_diags_get(s->ds, i), false);
        first_error(s->ds, why, sizeof why);
        amc_diags_clear(s->ds);
        if (amc_json_read(c->in ? c->in : "", c->len, NULL, s->ds, &doc) == AMC_OK) {
            const amc_value *t = NULL;
            root = amc_doc_root(doc);
            t = root->type == AMC_T_OBJECT ? amc_value_getz(root, "type") : NULL;
            type = t && t->type == AMC_T_STRING ? t->u.str.ptr : NULL;
        }
        amc_diags_clear(s->ds);
    }
    if (!invalid && !type) { /* valid, so it parsed above: the second read ran out of memory */
        snprintf(why, sizeof why, "out of memory");
        invalid = true;
    }
    if (!invalid && strcmp(type, "task") != 0 && strcmp(type, "status") != 0) {
        snprintf(why, sizeof why, "not a request: type %s is a reply", type);
        invalid = true;
    }
    if (!invalid)
        kind = type;
    fault = s->fault != F_NONE &&
            (s->a->fault_on == ON_ALL || (s->a->fault_on == ON_STATUS && !strcmp(kind, "status")) ||
             (s->a->fault_on == ON_TASK && !strcmp(kind, "task")) ||
             (s->a->fault_on == ON_INVALID && invalid));
    if (invalid) {
        c->out = error_reply(s, why, &c->olen);
    } else if (!strcmp(type, "status")) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "type", json_object_new_string("status_response"));
        json_object_object_add(o, "from", json_object_new_string(s->a->name));
        json_object_object_add(o, "state", json_object_new_string("idle"));
        json_object_object_add(o, "current_task", NULL);
        c->out = json_take(o, &c->olen);
    } else {
        const amc_value *id = amc_value_getz(root, "id");
        json_object *o = json_object_new_object(), *p = json_object_new_object();
        json_object_object_add(o, "type", json_object_new_string("result"));
        json_object_object_add(o, "id",
                               json_object_new_string_len(id ? id->u.str.ptr : "unknown",
                                                          id ? (int)id->u.str.len : 7));
        json_object_object_add(o, "from", json_object_new_string(s->a->name));
        json_object_object_add(o, "status", json_object_new_string("success"));
        json_object_object_add(p, "output",
                               json_object_new_string("amc serve: task received; "
                                                      "nothing was run"));
        json_object_object_add(p, "summary",
                               json_object_new_string("nothing was run (amc "
                                                      "serve is a test peer)"));
        json_object_object_add(o, "payload", p);
        c->out = json_take(o, &c->olen);
    }
    if (fault) {
        if (s->fault == F_ERROR) {
            free(c->out);
            c->out = error_reply(s, "amc serve: scripted fault (--fault error)", &c->olen);
        } else if (s->fault == F_MALFORMED) {
            free(c->out);
            c->out = strdup("{\"type\": \"status_response\", \"from\": ");
            c->olen = c->out ? strlen(c->out) : 0;
        }
        c->close_after = s->fault == F_CLOSE;
        c->hold_after = s->fault == F_NO_CLOSE;
    }
    if (!s->a->quiet)
        fprintf(stderr, "%s: %s -> %s%s%s%s\n", tag, invalid ? "invalid" : kind,
                c->close_after            ? "closed without a reply"
                : invalid                 ? "error"
                : !strcmp(kind, "status") ? "status_response"
                                          : "result",
                fault ? " (fault " : "", fault ? s->a->fault : "", fault ? ")" : "");
    amc_doc_free(doc); /* type and kind point into it */
    c->ooff = 0;
    c->ph = fault && s->fault == F_DELAY ? P_WAIT : P_WRITE;
    c->release = cli_now() + (fault && s->fault == F_DELAY ? s->delay : 0);
}

static void drop(server *s, size_t i)
{
    sconn *c = &s->c[i];
    close(c->fd);
    free(c->in);
    free(c->out);
    s->c[i] = s->c[--s->n];
}

/* Reads what is there. Returns 1 at EOF, -1 to drop the connection, 0 otherwise. */
static int read_some(server *s, sconn *c)
{
    char tmp[65536];
    for (;;) {
        ssize_t r = recv(c->fd, tmp, sizeof tmp, 0);
        if (r == 0)
            return 1;
        if (r < 0)
            return errno == EAGAIN || errno == EINTR ? 0 : -1;
        if (c->ph != P_READ)
            continue; /* after the request: ignored */
        if (c->over || c->len + (size_t)r > s->a->max_request) {
            c->over = true;
            continue;
        }
        if (c->len + (size_t)r + 1 > c->cap) {
            size_t nc = c->cap ? c->cap : 4096;
            char *nb = NULL;
            while (nc < c->len + (size_t)r + 1)
                nc *= 2;
            nb = realloc(c->in, nc);
            if (!nb)
                return -1;
            c->in = nb;
            c->cap = nc;
        }
        memcpy(c->in + c->len, tmp, (size_t)r);
        c->len += (size_t)r;
        c->in[c->len] = '\0';
    }
}

/* Advances one connection; returns false when it is done (to drop). */
static bool step(server *s, sconn *c, short revents, double now)
{
    if (c->ph == P_READ) {
        if (revents & (POLLIN | POLLHUP | POLLERR)) {
            int r = read_some(s, c);
            if (r < 0)
                return false;
            if (r == 1) {
                answer(s, c);
                if (c->close_after || !c->out)
                    return false;
            }
        }
        if (c->ph == P_READ && now >= c->deadline) {
            char why[120];
            snprintf(why, sizeof why, "timed out: no half-close within %.0f s", s->a->timeout);
            if (!s->a->quiet)
                fprintf(stderr, "request#%lu: %s\n", c->id, why);
            c->out = error_reply(s, why, &c->olen);
            c->ph = P_WRITE;
            c->deadline = now + s->a->timeout;
            if (!c->out)
                return false;
        }
    }
    if (c->ph == P_WAIT && now >= c->release)
        c->ph = P_WRITE;
    if (c->ph == P_WRITE) {
        while (c->ooff < c->olen) {
            ssize_t w = send(c->fd, c->out + c->ooff, c->olen - c->ooff, MSG_NOSIGNAL);
            if (w > 0) {
                c->ooff += (size_t)w;
                continue;
            }
            if (w < 0 && (errno == EAGAIN || errno == EINTR))
                break;
            return false;
        }
        if (c->ooff == c->olen) {
            if (!c->hold_after)
                return false;
            c->ph = P_HOLD;
            c->deadline = now + s->a->timeout;
        } else if (now >= c->deadline + s->a->timeout) {
            return false;
        }
    }
    if (c->ph == P_HOLD) {
        /* the client has half-closed already; only its full close (POLLHUP) ends this */
        if (revents & (POLLHUP | POLLERR))
            return false;
        if (now >= c->deadline)
            return false;
    }
    return true;
}

static int serve_loop(server *s, int lfd)
{
    struct pollfd pf[MAX_CLIENTS + 2];
    for (;;) {
        size_t i = 0, k = 0;
        double now = cli_now(), next = now + 3600;
        int ms = 0;
        pf[0].fd = sig_pipe[0];
        pf[0].events = POLLIN;
        pf[1].fd = lfd;
        pf[1].events = s->n < MAX_CLIENTS ? POLLIN : 0;
        k = 2;
        for (i = 0; i < s->n; i++) {
            sconn *c = &s->c[i];
            double t = c->ph == P_WAIT ? c->release : c->deadline;
            pf[k].fd = c->fd;
            pf[k].events = (short)(c->ph == P_WRITE                     ? POLLOUT
                                   : c->ph == P_WAIT || c->ph == P_HOLD ? 0
                                                                        : POLLIN);
            k++;
            if (t < next)
                next = t;
        }
        for (i = 0; i < k; i++)
            pf[i].revents = 0;
        ms = next <= now ? 0 : (int)((next - now) * 1000) + 1;
        if (poll(pf, k, ms) < 0 && errno != EINTR) {
            fprintf(stderr, "amc serve: poll: %s\n", strerror(errno));
            return CLI_EXIT_ERROR;
        }
        if (pf[0].revents & POLLIN) {
            unsigned char b = 0;
            if (read(sig_pipe[0], &b, 1) == 1) {
                if (!s->a->quiet)
                    fprintf(stderr, "amc serve: %s: stopping\n",
                            b == SIGINT ? "SIGINT" : "SIGTERM");
                return CLI_EXIT_OK;
            }
        }
        now = cli_now();
        /* connections first (their pollfd indexes follow s->c), then new ones */
        for (i = s->n; i-- > 0;) {
            if (!step(s, &s->c[i], pf[i + 2].revents, now))
                drop(s, i);
        }
        if (pf[1].revents & POLLIN) {
            while (s->n < MAX_CLIENTS) {
                int fd = accept(lfd, NULL, NULL);
                sconn *c = NULL;
                if (fd < 0)
                    break;
                fcntl(fd, F_SETFD, FD_CLOEXEC);
                fcntl(fd, F_SETFL, O_NONBLOCK);
                c = &s->c[s->n++];
                memset(c, 0, sizeof *c);
                c->fd = fd;
                c->id = ++s->next_id;
                c->deadline = now + s->a->timeout;
            }
        }
    }
}

static int serve_main(void *args, const cli_list *operands)
{
    const sargs *a = args;
    server *s = NULL;
    amc_validator_opts vo = {.profile = "socket"};
    struct sigaction sa;
    struct stat made;
    int lfd = -1, st = CLI_EXIT_OK;
    mode_t mode = 0600;
    size_t i = 0;
    (void)operands;
    if (!a->socket)
        return cli_usage_error(&cli_cmd_serve, "--socket PATH is required");
    if (!*a->socket) /* as amc probe says it (was "amc serve: : the path is empty ...") */
        return cli_usage_error(&cli_cmd_serve, "--socket: the path is empty");
    if (a->profile && strcmp(a->profile, "socket") != 0)
        return cli_usage_error(
            &cli_cmd_serve, "--profile %s: amc serve speaks the socket profile only", a->profile);
    if (a->mode)
        mode = (mode_t)strtol(a->mode, NULL, 8);
    s = calloc(1, sizeof *s);
    if (!s)
        return CLI_EXIT_ERROR;
    s->a = a;
    if (a->fault)
        parse_fault(a->fault, &s->fault, &s->delay);
    s->ds = amc_diags_new(64);
    if (!s->ds || amc_validator_new(&vo, NULL, &s->v) != AMC_OK || pipe(sig_pipe) != 0) {
        fprintf(stderr, "amc serve: out of memory\n");
        amc_diags_free(s->ds);
        free(s);
        return CLI_EXIT_ERROR;
    }
    fcntl(sig_pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(sig_pipe[1], F_SETFD, FD_CLOEXEC);
    fcntl(sig_pipe[1], F_SETFL, O_NONBLOCK);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    lfd = make_socket(a->socket, mode, &made);
    if (lfd < 0) {
        st = CLI_EXIT_ERROR;
    } else {
        fprintf(stderr, "amc serve: listening on %s (profile socket, mode %04o, name %s%s%s)\n",
                a->socket, (unsigned)mode, a->name, a->fault ? ", fault " : "",
                a->fault ? a->fault : "");
        st = serve_loop(s, lfd);
        close(lfd);
        remove_socket(a->socket, &made);
    }
    for (i = s->n; i-- > 0;)
        drop(s, i);
    close(sig_pipe[0]);
    close(sig_pipe[1]);
    sig_pipe[0] = sig_pipe[1] = -1;
    amc_validator_free(s->v);
    amc_diags_free(s->ds);
    free(s);
    return st;
}

static const cli_value fault_on[] = {
    {"all", ON_ALL}, {"status", ON_STATUS}, {"task", ON_TASK}, {"invalid", ON_INVALID}, {NULL, 0}};

#define O(field) CLI_AT(sargs, field)
const cli_command cli_cmd_serve = {
    .name = "serve",
    .summary = "serve the socket protocol on a Unix socket: a reference peer for clients",
    .description =
        "Listens on the Unix socket --socket PATH and answers like a server of the socket "
        "protocol (seed 003): one request per connection, read to the client's half-close, one "
        "reply, close. A status request gets a status_response (idle), a task a result "
        "(success) with the task's id - nothing is run. Every request is checked like amc "
        "validate --profile socket would; its diagnostics are logged on stderr, one line each "
        "after a line per request, and a request with an error (bad JSON, invalid UTF-8, an "
        "unknown type, a schema error, larger than --max-request) gets an error reply. Any "
        "number of clients are served at once.\n"
        "The socket is its owner's only (mode 0600; --socket-mode widens it). At PATH a stale "
        "socket of the same user (nobody listening) is replaced; a symbolic link, a regular "
        "file, another user's socket or a socket someone listens on is left untouched and amc "
        "serve exits 2. SIGINT or SIGTERM removes the socket and exits 0.\n"
        "Faults for testing clients (--fault, on the requests --fault-on picks): delay=S "
        "answers after S seconds (other clients are served meanwhile), error sends an error "
        "reply instead, malformed sends bytes that are not JSON, close closes without a reply, "
        "no-close replies and keeps the connection open until the client closes it or "
        "--timeout passes.",
    .options =
        (const cli_opt[]){
            {.name = "socket",
             .kind = CLI_STRING,
             .arg = "PATH",
             O(socket),
             .help = "the Unix socket to create (required)"},
            {.shared = &cli_opt_profile,
             O(profile),
             .def = "socket",
             .help = "the protocol profile: socket (the only one served)"},
            {.name = "name",
             .kind = CLI_STRING,
             .arg = "NAME",
             .def = "amc-serve",
             O(name),
             .help = "the from of every reply"},
            {.name = "socket-mode",
             .kind = CLI_STRING,
             .arg = "MODE",
             .def = "0600",
             O(mode),
             .check = check_mode,
             .help = "the socket's file mode, octal (widen on purpose)"},
            {.name = "fault",
             .kind = CLI_STRING,
             .arg = "FAULT",
             O(fault),
             .check = check_fault,
             .help = "a scripted fault: delay=S, error, malformed, close or no-close"},
            {.name = "fault-on",
             .kind = CLI_ENUM,
             .values = fault_on,
             .def = "all",
             O(fault_on),
             .help = "the requests the fault applies to: all, status, task or invalid (those "
                     "with an error)"},
            {.name = "max-request",
             .kind = CLI_SIZE,
             .arg = "BYTES",
             .def = "8M",
             .min = 1,
             .max = (uint64_t)1 << 30,
             O(max_request),
             .help = "larger requests get an error reply (K, M, G: binary multiples)"},
            {.name = "timeout",
             .kind = CLI_SECONDS,
             .arg = "SECONDS",
             .def = "600",
             .max = 86400,
             O(timeout),
             .help = "how long a client may take to send its request (then: an error reply), "
                     "and how long a no-close connection is held"},
            {.name = "quiet",
             .short_name = 'q',
             .kind = CLI_FLAG,
             O(quiet),
             .help = "log nothing per request"},
            {0}},
    .exits = (const cli_exit[]){{0, "stopped by SIGINT or SIGTERM (the socket removed)"},
                                {2, "usage error; the path is taken (symlink, file, live "
                                    "socket, another user's socket) or cannot be bound"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"A peer for a client under test:", "amc serve --socket /tmp/amc.sock"},
            {"Slow status replies, to test a client's timeout:",
             "amc serve --socket /tmp/amc.sock --fault delay=10 "
             "--fault-on status"},
            {"Check it with amc probe:", "amc probe --strict --allow-tasks --socket /tmp/amc.sock"},
            {NULL, NULL}},
    .args_size = sizeof(sargs),
    .run = serve_main,
};
#undef O
