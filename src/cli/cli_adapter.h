/*
 * cli_adapter.h - the client side of the conformance adapter protocol (conformance/PROTOCOL.md):
 * start an adapter, say hello, exchange one request for one reply within a timeout, restart
 * after a crash, stop it. Shared by `amc conform` and `amc fuzz`.
 */
#ifndef AMC_CLI_ADAPTER_H
#define AMC_CLI_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>
#include "amc/amc.h"
#include "cli_conform.h"

/* Why an exchange gave no reply. */
typedef enum cli_ad_fail {
    CLI_AD_OK = 0,
    CLI_AD_TIMEOUT, /* no reply in time (a hang) */
    CLI_AD_EOF,     /* the adapter exited or closed its output (a crash) */
    CLI_AD_TOOLONG, /* a reply line over the limit (garbage) */
    CLI_AD_IO,      /* an I/O error on our side */
    CLI_AD_GARBAGE, /* a line that is not a reply to this request */
    CLI_AD_SCHEMA   /* a reply that fails conformance/protocol/<op>-reply.schema.json */
} cli_ad_fail;

typedef struct cli_adapter {
    const char *cmd;          /* run with /bin/sh -c */
    bool verbose;             /* print reply diagnostics of garbage on stderr */
    bool quiet;               /* the adapter's stderr goes to /dev/null */
    amc_schema_set *pset;     /* reply schemas (--validate-protocol), or NULL */
    cli_proc proc;            /* the running adapter */
    bool running;             /* proc is live and said hello */
    amc_conform_reply *hello; /* the first hello: its claims hold across restarts */
    long long seq;            /* the last seq sent */
    long restarts;            /* starts after the first */
    cli_ad_fail fail;         /* why the last exchange failed */
    int wstatus;              /* after CLI_AD_EOF: the adapter's wait status, or -1 */
} cli_adapter;

/* Initializes a (not started). */
void cli_adapter_init(cli_adapter *a, const char *cmd);
/* Starts the adapter and does the hello (hello_timeout seconds). A restart (a->hello already
 * set) keeps the first hello. 0, or -1 with why filled (the adapter is then stopped). */
int cli_adapter_start(cli_adapter *a, double hello_timeout, char *why, size_t whylen);
/* Sends req (one line, seq = its seq) and reads the reply to op within timeout seconds. NULL on
 * any failure, with why filled and a->fail set; the caller decides whether to stop it. */
amc_conform_reply *cli_adapter_exchange(cli_adapter *a, const char *op, const char *req,
                                        size_t reqlen, long long seq, double timeout, char *why,
                                        size_t whylen);
/* Stops the adapter: polite = a stop request and up to 2 s to exit; else killed at once. */
void cli_adapter_stop(cli_adapter *a, bool polite);
/* Stops (killing) and frees the hello. */
void cli_adapter_free(cli_adapter *a);

/* A tiny growable string for JSON requests; failures are sticky (failed). */
typedef struct cli_sb {
    char *p;
    size_t len, cap;
    bool failed;
} cli_sb;
void cli_sb_put(cli_sb *b, const char *s, size_t n);
void cli_sb_puts(cli_sb *b, const char *s);
/* A JSON string literal of s[0..n) (bytes >= 0x80 copied as they are). */
void cli_sb_jstr(cli_sb *b, const char *s, size_t n);
/* A JSON string literal of a NUL-terminated s. */
void cli_sb_str(cli_sb *b, const char *s);
void cli_sb_printf(cli_sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* s single-quoted for /bin/sh (new string, free()), NULL when out of memory. */
char *cli_shell_quote(const char *s);
/* The --impl-exec template t with {file} replaced by qfile and {profile} by profile: a new
 * string (free()), NULL when out of memory. */
char *cli_exec_expand(const char *t, const char *qfile, const char *profile);

#endif
