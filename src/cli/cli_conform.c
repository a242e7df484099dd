/*
 * cli_conform.c - process handling for `amc conform` (adapters in their own process group,
 * line I/O with poll() timeouts, bounded kill/reap) and base64 for the protocol.
 *
 * Decisions: the child runs `/bin/sh -c CMD` in a new process group so a timeout kills the
 * whole tree (an adapter's own children included); SIGPIPE is ignored by the caller, so a dead
 * adapter shows up as EPIPE/EOF, never as our death. Pipes are non-blocking on our side.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli_conform.h"
#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <openssl/evp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Moves both ends of a pipe to descriptors above 2. When amc was started with a standard
 * descriptor closed, pipe() hands that number out, and the child's dup2() onto 0 and 1 followed
 * by closing the pipe's ends would close what it had just set up (an adapter with no input).
 * 0, or -1 with both ends closed (set to -1). */
static int above_stdio(int fds[2])
{
    int i = 0;
    for (i = 0; i < 2; i++)
        if (fds[i] >= 0 && fds[i] <= 2) {
            int n = fcntl(fds[i], F_DUPFD, 3);
            close(fds[i]);
            fds[i] = n;
        }
    if (fds[0] < 0 || fds[1] < 0) {
        if (fds[0] >= 0)
            close(fds[0]);
        if (fds[1] >= 0)
            close(fds[1]);
        fds[0] = fds[1] = -1;
        return -1;
    }
    return 0;
}

int cli_proc_start_ex(cli_proc *p, const char *cmd, bool quiet)
{
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    pid_t pid = 0;
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->to_fd = p->from_fd = -1;
    if (pipe(in) != 0)
        return -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    if (above_stdio(in) != 0 || above_stdio(out) != 0) {
        int e = errno; /* why (EMFILE): the caller says it; a close(-1) would say EBADF */
        int fd[4] = {in[0], in[1], out[0], out[1]}, k = 0;
        for (k = 0; k < 4; k++)
            if (fd[k] >= 0)
                close(fd[k]);
        errno = e;
        return -1;
    }
    pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (quiet) {
            int dn = open("/dev/null", O_WRONLY);
            if (dn >= 0)
                dup2(dn, 2);
        }
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    return 0;
}

static void close_fds(cli_proc *p)
{
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->to_fd = p->from_fd = -1;
    free(p->rbuf);
    p->rbuf = NULL;
    p->rlen = p->rcap = p->rskip = p->rscan = 0;
}

void cli_proc_kill(cli_proc *p)
{
    if (p->pid > 0) {
        kill(-p->pid, SIGKILL);
        kill(p->pid, SIGKILL);
        waitpid(p->pid, NULL, 0);
    }
    p->pid = -1;
    close_fds(p);
}

void cli_proc_stop(cli_proc *p, double timeout)
{
    double end = cli_now() + timeout;
    if (p->to_fd >= 0)
        close(p->to_fd);
    p->to_fd = -1;
    while (p->pid > 0 && cli_now() < end) {
        pid_t r = waitpid(p->pid, NULL, WNOHANG);
        if (r == p->pid || r < 0) {
            kill(-r, SIGKILL); /* leftovers of its group */
            p->pid = -1;
            break;
        }
        usleep(5000);
    }
    cli_proc_kill(p);
}

int cli_proc_send(cli_proc *p, const char *line, size_t len, double timeout)
{
    double end = cli_now() + timeout;
    size_t off = 0;
    int nl = 0;
    if (p->to_fd < 0)
        return CLI_IO_EOF;
    while (off < len + 1) {
        struct pollfd pf = {p->to_fd, POLLOUT, 0};
        double left = end - cli_now();
        ssize_t w = 0;
        if (left <= 0)
            return CLI_IO_TIMEOUT;
        if (poll(&pf, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        if (off < len)
            w = write(p->to_fd, line + off, len - off);
        else
            w = write(p->to_fd, "\n", 1), nl = 1;
        if (w < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return CLI_IO_EOF;
        }
        off += (size_t)w;
    }
    (void)nl;
    return CLI_IO_OK;
}

int cli_proc_readline(cli_proc *p, double timeout, size_t max, const char **line, size_t *len)
{
    double end = cli_now() + timeout;
    /* drop the line returned last time */
    if (p->rskip) {
        memmove(p->rbuf, p->rbuf + p->rskip, p->rlen - p->rskip);
        p->rlen -= p->rskip;
        p->rskip = 0;
        p->rscan = 0;
    }
    for (;;) {
        char *nlp = p->rbuf ? memchr(p->rbuf + p->rscan, '\n', p->rlen - p->rscan) : NULL;
        struct pollfd pf = {p->from_fd, POLLIN, 0};
        double left = 0;
        ssize_t r = 0;
        if (nlp) {
            *line = p->rbuf;
            *len = (size_t)(nlp - p->rbuf);
            p->rskip = (size_t)(nlp - p->rbuf) + 1;
            return CLI_IO_OK;
        }
        p->rscan = p->rlen;
        if (p->rlen > max)
            return CLI_IO_TOOLONG;
        if (p->from_fd < 0)
            return CLI_IO_EOF;
        left = end - cli_now();
        if (left <= 0)
            return CLI_IO_TIMEOUT;
        if (poll(&pf, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        if (p->rcap - p->rlen < 65536) {
            char *nb = realloc(p->rbuf, p->rcap * 2 + 65536);
            if (!nb) {
                cli_nomem(); /* not the implementation's failure: exit 2 */
                return CLI_IO_ERR;
            }
            p->rbuf = nb;
            p->rcap = p->rcap * 2 + 65536;
        }
        r = read(p->from_fd, p->rbuf + p->rlen, p->rcap - p->rlen);
        if (r == 0)
            return CLI_IO_EOF;
        if (r < 0) {
            if (errno == EAGAIN || errno == EINTR)
                continue;
            return CLI_IO_EOF;
        }
        p->rlen += (size_t)r;
    }
}

int cli_proc_wait(cli_proc *p, double timeout)
{
    double end = cli_now() + timeout;
    int status = 0;
    while (p->pid > 0) {
        pid_t r = waitpid(p->pid, &status, WNOHANG);
        if (r == p->pid) {
            kill(-p->pid, SIGKILL); /* leftovers of its group */
            p->pid = -1;
            return status;
        }
        if (r < 0 || cli_now() >= end)
            return -1;
        usleep(2000);
    }
    return -1;
}

int cli_run_exec(const char *cmd, double timeout, bool keep_stderr)
{
    return cli_run_exec_ws(cmd, timeout, keep_stderr, NULL);
}

int cli_run_exec_ws(const char *cmd, double timeout, bool keep_stderr, int *wstatus)
{
    pid_t pid = 0;
    double end = cli_now() + timeout;
    int status = 0;
    useconds_t nap = 100; /* grows to 2 ms: quick commands are reaped quickly */
    if (wstatus)
        *wstatus = -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int dn = open("/dev/null", O_RDWR);
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(dn, 0);
        dup2(dn, 1);
        if (!keep_stderr)
            dup2(dn, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0)
            return -1;
        if (cli_now() > end) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            return -2;
        }
        usleep(nap);
        nap = nap < 2000 ? nap * 2 : 2000;
    }
    kill(-pid, SIGKILL); /* leftovers of its group */
    if (wstatus)
        *wstatus = status;
    if (WIFSIGNALED(status))
        return -3;
    return WEXITSTATUS(status);
}

/* Base64 through OpenSSL (EVP_EncodeBlock / EVP_DecodeBlock). EVP_DecodeBlock skips leading
 * and trailing white space, reads '=' as a zero digit and does not drop the padding's bytes, so
 * the decoder first requires the strict padded form (RFC 4648 section 4: the alphabet only, a
 * length that is a multiple of 4, '=' only in the last two places) and then drops one byte per
 * '='. */
char *cli_base64_encode(const char *buf, size_t len)
{
    char *out = NULL;
    if (len > (size_t)INT_MAX / 4 * 3)
        return NULL;
    out = malloc((len + 2) / 3 * 4 + 1);
    if (!out)
        return NULL;
    EVP_EncodeBlock((unsigned char *)out, (const unsigned char *)buf, (int)len);
    return out;
}

static bool b64_digit(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
           c == '/';
}

int cli_base64_decode(const char *s, size_t n, char **out, size_t *outlen)
{
    char *o = NULL;
    size_t i = 0, pad = 0;
    int got = 0;
    *out = NULL;
    *outlen = 0;
    if (n % 4 || n > (size_t)INT_MAX)
        return -1;
    if (n && s[n - 1] == '=')
        pad = n >= 2 && s[n - 2] == '=' ? 2 : 1;
    for (i = 0; i < n - pad; i++)
        if (!b64_digit((unsigned char)s[i]))
            return -1;
    o = malloc(n / 4 * 3 + 1);
    if (!o)
        return -2;
    got = n ? EVP_DecodeBlock((unsigned char *)o, (const unsigned char *)s, (int)n) : 0;
    if (got < 0 || (size_t)got < pad) {
        free(o);
        return -1;
    }
    *out = o;
    *outlen = (size_t)got - pad;
    return 0;
}
