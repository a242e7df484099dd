/*
 * cli_adapter.c - the adapter protocol's client (conformance/PROTOCOL.md), shared by
 * `amc conform` and `amc fuzz`.
 *
 * Decisions: the adapter runs `/bin/sh -c CMD` in its own process group (cli_proc_start_ex), so a
 * timeout kills the whole tree. A reply is parsed and checked with amc_conform_reply_parse
 * (the seq must match; exactly one outcome member for the op); with a reply schema set, the
 * line must also validate against conformance/protocol/<op>-reply.schema.json. After EOF the
 * adapter's exit status is collected (for 100 ms) so a crash can be told from an exit.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli_adapter.h"
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "cli.h"

#define MAX_LINE (256u << 20)

void cli_adapter_init(cli_adapter *a, const char *cmd)
{
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->proc.pid = -1;
    a->proc.to_fd = a->proc.from_fd = -1;
    a->wstatus = -1;
}

/* Checks the reply line against conformance/protocol/<op>-reply.schema.json. */
static bool protocol_ok(cli_adapter *a, const char *op, const char *line, size_t len, char *why,
                        size_t whylen)
{
    char uri[256];
    const amc_schema *sch = NULL;
    amc_diags *ds = amc_diags_new(4);
    amc_doc *doc = NULL;
    bool valid = false;
    snprintf(uri, sizeof uri, "https://amc.dev/conformance/protocol/%s-reply.schema.json", op);
    if (amc_schema_compile(a->pset, uri, ds, &sch) == AMC_OK &&
        amc_json_read(line, len, NULL, ds, &doc) == AMC_OK &&
        amc_schema_validate(sch, amc_doc_root(doc), doc, NULL, ds, &valid) == AMC_OK && valid) {
        amc_doc_free(doc);
        amc_diags_free(ds);
        return true;
    }
    snprintf(why, whylen, "reply fails %s-reply.schema.json: %s", op,
             amc_diags_count(ds) ? amc_diags_get(ds, 0)->message : "?");
    amc_doc_free(doc);
    amc_diags_free(ds);
    return false;
}

static void io_failure(cli_adapter *a, int io, char *why, size_t whylen)
{
    a->fail = io == CLI_IO_TIMEOUT   ? CLI_AD_TIMEOUT
              : io == CLI_IO_EOF     ? CLI_AD_EOF
              : io == CLI_IO_TOOLONG ? CLI_AD_TOOLONG
                                     : CLI_AD_IO;
    if (io == CLI_IO_EOF) {
        a->wstatus = cli_proc_wait(&a->proc, 0.1);
        if (a->wstatus >= 0 && WIFSIGNALED(a->wstatus)) {
            snprintf(why, whylen, "adapter killed by signal %d", WTERMSIG(a->wstatus));
            return;
        }
        if (a->wstatus >= 0 && WIFEXITED(a->wstatus) && WEXITSTATUS(a->wstatus) > 128) {
            snprintf(why, whylen, "adapter killed by signal %d", WEXITSTATUS(a->wstatus) - 128);
            return;
        }
        if (a->wstatus >= 0 && WIFEXITED(a->wstatus)) {
            snprintf(why, whylen, "adapter exited with status %d (crash?)",
                     WEXITSTATUS(a->wstatus));
            return;
        }
    }
    snprintf(why, whylen, "%s",
             io == CLI_IO_TIMEOUT   ? "timeout: no reply in time"
             : io == CLI_IO_EOF     ? "adapter exited or closed its output (crash?)"
             : io == CLI_IO_TOOLONG ? "reply line too long"
                                    : "I/O error");
}

amc_conform_reply *cli_adapter_exchange(cli_adapter *a, const char *op, const char *req,
                                        size_t reqlen, long long seq, double timeout, char *why,
                                        size_t whylen)
{
    const char *line = NULL;
    size_t len = 0;
    int io = cli_proc_send(&a->proc, req, reqlen, timeout);
    amc_conform_reply *rep = NULL;
    amc_diags *ds = NULL;
    amc_status st = AMC_OK;
    a->fail = CLI_AD_OK;
    a->wstatus = -1;
    if (io == CLI_IO_OK)
        io = cli_proc_readline(&a->proc, timeout, MAX_LINE, &line, &len);
    if (io != CLI_IO_OK) {
        io_failure(a, io, why, whylen);
        return NULL;
    }
    ds = amc_diags_new(4);
    st = ds ? amc_conform_reply_parse(line, len, op, seq, ds, &rep) : AMC_ENOMEM;
    if (st != AMC_OK) {
        const amc_diag *d = amc_diags_get(ds, 0);
        size_t i = 0;
        if (st == AMC_ENOMEM)
            cli_nomem(); /* not a garbage reply: exit 2 */
        snprintf(why, whylen, "garbage reply (%s%s%.*s)", d ? d->message : "invalid",
                 len ? ": " : "", (int)(len < 60 ? len : 60), line);
        for (i = 0; why[i]; i++)
            if ((unsigned char)why[i] < 0x20)
                why[i] = '?';
        if (a->verbose)
            for (i = 0; i < amc_diags_count(ds); i++)
                cli_print_diag_text(stderr, "<adapter>", amc_diags_get(ds, i), false);
        amc_diags_free(ds);
        a->fail = CLI_AD_GARBAGE;
        return NULL;
    }
    amc_diags_free(ds);
    if (a->pset && !protocol_ok(a, op, line, len, why, whylen)) {
        amc_conform_reply_free(rep);
        a->fail = CLI_AD_SCHEMA;
        return NULL;
    }
    return rep;
}

void cli_adapter_stop(cli_adapter *a, bool polite)
{
    if (!a->running && a->proc.pid <= 0)
        return;
    if (polite && a->running) {
        char req[64], why[128];
        amc_conform_reply *rep = NULL;
        int n = snprintf(req, sizeof req, "{\"seq\":%lld,\"op\":\"stop\"}", ++a->seq);
        rep = cli_adapter_exchange(a, "stop", req, (size_t)n, a->seq, 2, why, sizeof why);
        amc_conform_reply_free(rep);
        cli_proc_stop(&a->proc, 2);
    } else {
        cli_proc_kill(&a->proc);
    }
    a->running = false;
}

int cli_adapter_start(cli_adapter *a, double hello_timeout, char *why, size_t whylen)
{
    char req[96];
    int n = 0;
    amc_conform_reply *h = NULL;
    if (cli_proc_start_ex(&a->proc, a->cmd, a->quiet) != 0) {
        snprintf(why, whylen, "cannot start the adapter: %s", strerror(errno));
        return -1;
    }
    a->running = true;
    n = snprintf(req, sizeof req, "{\"seq\":%lld,\"op\":\"hello\",\"protocol\":%d}", ++a->seq,
                 AMC_CONFORM_PROTOCOL);
    h = cli_adapter_exchange(a, "hello", req, (size_t)n, a->seq, hello_timeout, why, whylen);
    if (!h || h->kind != AMC_CONFORM_R_HELLO || h->protocol != AMC_CONFORM_PROTOCOL) {
        if (h && h->kind == AMC_CONFORM_R_ERROR)
            snprintf(why, whylen, "hello refused: %s", h->text);
        else if (h)
            snprintf(why, whylen, "adapter speaks protocol %d, runner %d", h->protocol,
                     AMC_CONFORM_PROTOCOL);
        amc_conform_reply_free(h);
        cli_adapter_stop(a, false);
        return -1;
    }
    if (!a->hello)
        a->hello = h;
    else
        amc_conform_reply_free(h); /* a restart: keep the first hello's claims */
    return 0;
}

void cli_adapter_free(cli_adapter *a)
{
    cli_adapter_stop(a, false);
    amc_conform_reply_free(a->hello);
    a->hello = NULL;
}

/* ---- request building ---- */

void cli_sb_put(cli_sb *b, const char *s, size_t n)
{
    if (n == 0 && b->p)
        return;
    if (!b->failed && b->len + n < b->cap) { /* the common case */
        memcpy(b->p + b->len, s, n);
        b->len += n;
        b->p[b->len] = '\0';
        return;
    }
    if (b->failed)
        return;
    if (n > SIZE_MAX / 4 || b->len > SIZE_MAX / 4 - n) {
        b->failed = true;
        return;
    }
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->failed = true;
            cli_nomem();
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void cli_sb_puts(cli_sb *b, const char *s)
{
    cli_sb_put(b, s, strlen(s));
}

void cli_sb_jstr(cli_sb *b, const char *s, size_t n)
{
    size_t i = 0, run = 0;
    cli_sb_puts(b, "\"");
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        char e[8];
        if (ch != '"' && ch != '\\' && ch >= 0x20)
            continue;
        cli_sb_put(b, s + run, i - run);
        run = i + 1;
        if (ch == '"' || ch == '\\') {
            e[0] = '\\';
            e[1] = (char)ch;
            cli_sb_put(b, e, 2);
        } else {
            snprintf(e, sizeof e, "\\u%04x", ch);
            cli_sb_puts(b, e);
        }
    }
    cli_sb_put(b, s + run, n - run);
    cli_sb_puts(b, "\"");
}

void cli_sb_str(cli_sb *b, const char *s)
{
    cli_sb_jstr(b, s, strlen(s));
}

void cli_sb_printf(cli_sb *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    int n = 0;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)n < sizeof tmp) {
        cli_sb_put(b, tmp, (size_t)n);
        return;
    }
    {
        char *big = malloc((size_t)n + 1);
        if (!big) {
            b->failed = true;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        cli_sb_put(b, big, (size_t)n);
        free(big);
    }
}

char *cli_shell_quote(const char *s)
{
    size_t n = 3, i = 0;
    char *o = NULL, *p = NULL;
    for (i = 0; s[i]; i++)
        n += s[i] == '\'' ? 4 : 1;
    o = malloc(n);
    if (!o)
        return NULL;
    p = o;
    *p++ = '\'';
    for (i = 0; s[i]; i++) {
        if (s[i] == '\'') {
            memcpy(p, "'\\''", 4);
            p += 4;
        } else {
            *p++ = s[i];
        }
    }
    *p++ = '\'';
    *p = '\0';
    return o;
}

char *cli_exec_expand(const char *t, const char *qfile, const char *profile)
{
    cli_sb b = {NULL, 0, 0, false};
    while (*t) {
        if (!strncmp(t, "{file}", 6)) {
            cli_sb_puts(&b, qfile);
            t += 6;
        } else if (!strncmp(t, "{profile}", 9)) {
            cli_sb_puts(&b, profile);
            t += 9;
        } else {
            cli_sb_put(&b, t, 1);
            t++;
        }
    }
    cli_sb_put(&b, "", 0);
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    return b.p;
}
