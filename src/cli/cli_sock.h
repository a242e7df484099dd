/*
 * cli_sock.h - one request over a Unix domain socket, the way the socket protocol does it
 * (seed 003; docs/profiles/socket.md "Framing"): connect, send the request, shutdown(SHUT_WR),
 * read the reply to EOF, close. Local sockets only; every step is bounded by one deadline.
 */
#ifndef AMC_CLI_SOCK_H
#define AMC_CLI_SOCK_H

#include <stddef.h>

enum {
    CLI_SOCK_OK = 0,
    CLI_SOCK_CONNECT, /* no server at path (connect failed; errno kept in *err) */
    CLI_SOCK_TIMEOUT, /* the deadline passed before EOF */
    CLI_SOCK_TOOLONG, /* the reply exceeded max bytes */
    CLI_SOCK_RESET,   /* the server reset the connection (ECONNRESET/EPIPE) before EOF */
    CLI_SOCK_IO       /* another error (out of memory, a path too long for sun_path) */
};

/* Sends req[0..len) to the server at path and reads its reply to EOF within timeout seconds.
 * *reply: a new NUL-terminated buffer (free()) holding what was read, also on TIMEOUT, TOOLONG
 * and RESET (possibly empty); NULL on CONNECT/IO. *err: the errno of a failure, else 0. */
int cli_sock_request(const char *path, const char *req, size_t len, double timeout, size_t max,
                     char **reply, size_t *rlen, int *err);

#endif
