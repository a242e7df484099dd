/* cli_conform.h - process handling and base64 for `amc conform` and `amc adapter`. */
#ifndef AMC_CLI_CONFORM_H
#define AMC_CLI_CONFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A child in its own process group with pipes to its stdin and from its stdout. */
typedef struct cli_proc {
    pid_t pid;
    int to_fd, from_fd;
    char *rbuf;
    size_t rlen, rcap, rskip;
    size_t rscan; /* rbuf[0, rscan) holds no newline: a long line is searched once, not per read */
} cli_proc;

enum { CLI_IO_OK = 0, CLI_IO_TIMEOUT = 1, CLI_IO_EOF = 2, CLI_IO_TOOLONG = 3, CLI_IO_ERR = 4 };

/* Starts `/bin/sh -c cmd`; quiet: the child's stderr goes to /dev/null (else inherited).
 * 0 on success, -1 on failure. */
int cli_proc_start_ex(cli_proc *p, const char *cmd, bool quiet);
/* Kills the process group, reaps the child, closes the pipes. Safe on a stopped proc. */
void cli_proc_kill(cli_proc *p);
/* Closes stdin, waits up to timeout seconds for exit, then kills. */
void cli_proc_stop(cli_proc *p, double timeout);
/* Writes line + '\n' within timeout seconds. CLI_IO_*. */
int cli_proc_send(cli_proc *p, const char *line, size_t len, double timeout);
/* Reads one line (without '\n') within timeout seconds; *line valid until the next call. */
int cli_proc_readline(cli_proc *p, double timeout, size_t max, const char **line, size_t *len);

/* Waits up to timeout seconds for the child to exit (it is reaped: pid becomes -1, the pipes stay
 * open). Returns its wait status, or -1 when it is still running (or was never started). */
int cli_proc_wait(cli_proc *p, double timeout);

/* Runs `/bin/sh -c cmd` with stdin/stdout/stderr on /dev/null (stderr kept if keep_stderr);
 * returns its exit status 0..255, -1 could not start, -2 timeout (killed), -3 killed by a
 * signal. */
int cli_run_exec(const char *cmd, double timeout, bool keep_stderr);
/* The same; *wstatus (may be NULL) gets the wait status when the command ended by itself, else
 * -1. */
int cli_run_exec_ws(const char *cmd, double timeout, bool keep_stderr, int *wstatus);

/* Base64 (RFC 4648, padded). Encode: new NUL-terminated string (free()). Decode: 0 ok, -1 not
 * base64, -2 out of memory. */
char *cli_base64_encode(const char *buf, size_t len);
int cli_base64_decode(const char *s, size_t n, char **out, size_t *outlen);

#endif
