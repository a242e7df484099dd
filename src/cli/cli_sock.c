/*
 * cli_sock.c - one request, one reply over a Unix domain socket (cli_sock.h).
 *
 * Decisions: the socket is non-blocking from the start; a connect that finds the backlog full
 * (EAGAIN) is retried every 5 ms until the deadline. Writing and reading run in one poll loop,
 * so a server that answers before it has read everything (or never reads) cannot deadlock us.
 * SIGPIPE is avoided with MSG_NOSIGNAL. Nothing but AF_UNIX is ever opened.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli_sock.h"
#include "cli.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int connect_unix(const char *path, double end, int *err)
{
    struct sockaddr_un sa;
    int fd = -1;
    if (strlen(path) >= sizeof sa.sun_path) {
        *err = ENAMETOOLONG;
        return -1;
    }
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    memcpy(sa.sun_path, path, strlen(path) + 1);
    for (;;) {
        fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) {
            *err = errno;
            return -1;
        }
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, O_NONBLOCK);
        if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0)
            return fd;
        *err = errno;
        close(fd);
        if (*err != EAGAIN || cli_now() >= end)
            return -1;
        usleep(5000);
    }
}

/* Grows *buf to hold at least need + 1 bytes. 0 or -1. */
static int grow(char **buf, size_t *cap, size_t need)
{
    char *nb = NULL;
    size_t nc = *cap ? *cap : 4096;
    if (need + 1 <= *cap)
        return 0;
    while (nc < need + 1)
        nc *= 2;
    nb = realloc(*buf, nc);
    if (!nb)
        return -1;
    *buf = nb;
    *cap = nc;
    return 0;
}

static int pump(int fd, const char *req, size_t len, double end, size_t max, char **reply,
                size_t *rlen, int *err)
{
    size_t off = 0, cap = 0;
    int writing = 1;
    if (len == 0) {
        shutdown(fd, SHUT_WR);
        writing = 0;
    }
    if (grow(reply, &cap, 0) != 0)
        return CLI_SOCK_IO;
    for (;;) {
        struct pollfd pf = {fd, (short)(POLLIN | (writing ? POLLOUT : 0)), 0};
        double left = end - cli_now();
        int pr = 0;
        if (left <= 0)
            return CLI_SOCK_TIMEOUT;
        pr = poll(&pf, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno != EINTR) {
            *err = errno;
            return CLI_SOCK_IO;
        }
        if (pr <= 0)
            continue;
        if (writing && (pf.revents & POLLOUT)) {
            ssize_t w = send(fd, req + off, len - off, MSG_NOSIGNAL);
            if (w < 0 && errno != EAGAIN && errno != EINTR) {
                writing = 0; /* the server stopped reading: collect what it says */
                *err = errno;
            } else if (w > 0 && (off += (size_t)w) == len) {
                shutdown(fd, SHUT_WR);
                writing = 0;
            }
        }
        if (pf.revents & (POLLIN | POLLHUP | POLLERR)) {
            ssize_t r = 0;
            if (grow(reply, &cap, *rlen + 65536) != 0)
                return CLI_SOCK_IO;
            r = recv(fd, *reply + *rlen, 65536, 0);
            if (r == 0)
                return *err && *rlen == 0 ? CLI_SOCK_RESET : CLI_SOCK_OK;
            if (r < 0 && errno != EAGAIN && errno != EINTR) {
                *err = errno;
                return CLI_SOCK_RESET;
            }
            if (r > 0) {
                *rlen += (size_t)r;
                (*reply)[*rlen] = '\0';
                if (*rlen > max)
                    return CLI_SOCK_TOOLONG;
            }
        }
    }
}

int cli_sock_request(const char *path, const char *req, size_t len, double timeout, size_t max,
                     char **reply, size_t *rlen, int *err)
{
    double end = cli_now() + timeout;
    int fd = -1, rc = 0;
    *reply = NULL;
    *rlen = 0;
    *err = 0;
    fd = connect_unix(path, end, err);
    if (fd < 0)
        return *err == ENAMETOOLONG ? CLI_SOCK_IO : CLI_SOCK_CONNECT;
    rc = pump(fd, req, len, end, max, reply, rlen, err);
    close(fd);
    if (rc == CLI_SOCK_OK)
        *err = 0;
    return rc;
}
