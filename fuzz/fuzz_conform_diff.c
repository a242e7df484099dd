/*
 * fuzz_conform_diff.c - differential fuzzing of any implementation against amc.
 *
 * With AMC_DIFF_IMPL='CMD' (an adapter speaking conformance/PROTOCOL.md) the harness starts the
 * adapter once (restarting it if it dies), sends every input as a validate request of the
 * chosen profile and traps when the implementation's verdict differs from amc's (or, when it
 * claims "codes", when amc's error codes are not all among its codes). libFuzzer then keeps,
 * mutates and minimises inputs that make any implementation disagree with the reference.
 * A skipped/error reply, a timeout (AMC_DIFF_TIMEOUT seconds, default 5) or garbage is a
 * finding too (AMC_DIFF_LENIENT=1: only verdict differences trap).
 *
 * Without AMC_DIFF_IMPL (ctest replay), amc is compared against itself through the in-process
 * protocol path: its verdict and codes are written as a validate reply, read back with
 * amc_conform_reply_parse and judged; the round trip must agree.
 *
 * Framing: byte 0 chooses the profile among those amc implements (index modulo their count:
 * 0 ignite, 1 mailbox, 2 discussion, 3 socket, 4 acp); the rest is the message, checked at the
 * path "fuzz" (no placement directory). AMC_DIFF_PROFILE=NAME pins the profile: byte 0 is
 * still skipped, so one corpus serves pinned and unpinned runs (ci/fuzz.sh --profile NAME).
 *
 * The validators (one per profile; schemas compile once) are made on first use and reused.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "amc/amc.h"

static struct {
    bool started, lenient;
    pid_t pid;
    int to, from;
    long long seq;
    amc_conform_reply *hello;
    double timeout;
    char buf[1 << 20];
    size_t blen;
} ad;

static void ad_kill(void)
{
    if (ad.pid > 0) {
        kill(-ad.pid, SIGKILL);
        waitpid(ad.pid, NULL, 0);
        close(ad.to);
        close(ad.from);
    }
    ad.pid = 0;
    ad.blen = 0;
}

/* One line within the timeout into *line (in ad.buf); false on timeout/EOF/overlong. */
static bool ad_line(const char **line, size_t *len)
{
    static size_t consumed = 0;
    if (consumed) {
        memmove(ad.buf, ad.buf + consumed, ad.blen - consumed);
        ad.blen -= consumed;
        consumed = 0;
    }
    for (;;) {
        char *nl = memchr(ad.buf, '\n', ad.blen);
        struct pollfd pf = {ad.from, POLLIN, 0};
        ssize_t n = 0;
        if (nl) {
            *line = ad.buf;
            *len = (size_t)(nl - ad.buf);
            consumed = *len + 1;
            return true;
        }
        if (ad.blen == sizeof ad.buf || poll(&pf, 1, (int)(ad.timeout * 1000)) <= 0)
            return false;
        n = read(ad.from, ad.buf + ad.blen, sizeof ad.buf - ad.blen);
        if (n <= 0)
            return false;
        ad.blen += (size_t)n;
    }
}

static bool ad_send(const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(ad.to, s, n);
        if (w <= 0)
            return false;
        s += w;
        n -= (size_t)w;
    }
    return true;
}

static amc_conform_reply *ad_ask(const char *op, const char *req, size_t n)
{
    const char *line = NULL;
    size_t len = 0;
    amc_conform_reply *r = NULL;
    if (!ad_send(req, n) || !ad_send("\n", 1) || !ad_line(&line, &len))
        return NULL;
    if (amc_conform_reply_parse(line, len, op, ad.seq, NULL, &r) != AMC_OK) {
        fprintf(stderr, "fuzz_conform_diff: garbage reply: %.200s\n", line);
        return NULL;
    }
    return r;
}

static bool ad_start(const char *cmd)
{
    int in[2], out[2];
    char req[64];
    int n = 0;
    if (pipe(in) || pipe(out))
        return false;
    ad.pid = fork();
    if (ad.pid == 0) {
        setpgid(0, 0);
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    ad.to = in[1];
    ad.from = out[0];
    n = snprintf(req, sizeof req, "{\"seq\":%lld,\"op\":\"hello\",\"protocol\":1}", ++ad.seq);
    amc_conform_reply_free(ad.hello);
    ad.hello = ad_ask("hello", req, (size_t)n);
    if (!ad.hello || ad.hello->kind != AMC_CONFORM_R_HELLO) {
        fprintf(stderr, "fuzz_conform_diff: %s: no hello\n", cmd);
        ad_kill();
        return false;
    }
    return true;
}

static char *b64(const uint8_t *p, size_t n)
{
    static const char t[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *o = malloc((n + 2) / 3 * 4 + 1), *q = o;
    size_t i = 0;
    if (!o)
        return NULL;
    for (i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        *q++ = t[v >> 18];
        *q++ = t[(v >> 12) & 63];
        *q++ = i + 1 < n ? t[(v >> 6) & 63] : '=';
        *q++ = i + 2 < n ? t[v & 63] : '=';
    }
    *q = '\0';
    return o;
}

/* amc's verdict and codes as a validate reply line (what `amc adapter` would send). */
static char *self_reply(const amc_diags *ds, long long seq, size_t *len)
{
    size_t cap = 64 + amc_diags_count(ds) * 64, n = 0, i = 0;
    char *o = malloc(cap);
    if (!o)
        return NULL;
    n = (size_t)snprintf(o, cap, "{\"seq\":%lld,\"verdict\":\"%s\",\"codes\":[", seq,
                         amc_diags_errors(ds) ? "invalid" : "valid");
    for (i = 0; i < amc_diags_count(ds); i++)
        n += (size_t)snprintf(o + n, cap - n, "%s\"%s\"", i ? "," : "",
                              amc_code_id(amc_diags_get(ds, i)->code));
    n += (size_t)snprintf(o + n, cap - n, "]}");
    *len = n;
    return o;
}

static bool has_code(const amc_conform_reply *r, const char *id)
{
    size_t i = 0;
    for (i = 0; i < r->ncodes; i++)
        if (!strcmp(r->codes[i], id))
            return true;
    return false;
}

/* The profile of an input: AMC_DIFF_PROFILE when set (an unknown name traps: say so loudly),
 * else byte 0 modulo the number of profiles. */
static size_t pick_profile(uint8_t b0)
{
    static int pinned = -2;
    size_t i = 0;
    if (pinned == -2) {
        const char *p = getenv("AMC_DIFF_PROFILE");
        pinned = -1;
        if (p && *p) {
            for (i = 0; i < amc_profile_count(); i++)
                if (!strcmp(amc_profile_at(i)->name, p))
                    pinned = (int)i;
            if (pinned < 0) {
                fprintf(stderr, "fuzz_conform_diff: AMC_DIFF_PROFILE=%s: no such profile\n", p);
                __builtin_trap();
            }
        }
    }
    return pinned >= 0 ? (size_t)pinned : b0 % amc_profile_count();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static amc_validator *vs[16];
    const char *impl = getenv("AMC_DIFF_IMPL"), *profile = NULL;
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    amc_diags *ds = NULL;
    amc_conform_reply *r = NULL;
    char *req = NULL, *enc = NULL;
    size_t i = 0, len = 0, pi = 0;
    bool amc_valid = false;
    if (size < 1 || amc_profile_count() == 0 || amc_profile_count() > 16)
        return -1;
    pi = pick_profile(data[0]);
    profile = amc_profile_at(pi)->name;
    opts.profile = profile;
    if (!vs[pi] && amc_validator_new(&opts, NULL, &vs[pi]) != AMC_OK)
        __builtin_trap();
    ds = amc_diags_new(0);
    (void)amc_validator_check(vs[pi], "fuzz", (const char *)data + 1, size - 1, ds, NULL);
    amc_valid = amc_diags_errors(ds) == 0;
    if (!impl) {
        char *line = self_reply(ds, 1, &len);
        if (line && amc_conform_reply_parse(line, len, "validate", 1, NULL, &r) == AMC_OK) {
            if (r->kind != AMC_CONFORM_R_VERDICT || r->valid != amc_valid)
                __builtin_trap();
            for (i = 0; i < amc_diags_count(ds); i++)
                if (!has_code(r, amc_code_id(amc_diags_get(ds, i)->code)))
                    __builtin_trap();
        } else if (line) {
            __builtin_trap();
        }
        free(line);
        goto out;
    }
    if (!ad.started) {
        const char *t = getenv("AMC_DIFF_TIMEOUT");
        signal(SIGPIPE, SIG_IGN);
        ad.timeout = t ? atof(t) : 5;
        ad.lenient = getenv("AMC_DIFF_LENIENT") != NULL;
        ad.started = true;
    }
    if (!ad.pid && !ad_start(impl))
        __builtin_trap(); /* cannot measure: say so loudly */
    if (!amc_conform_claims(ad.hello, profile))
        goto out;
    enc = b64(data + 1, size - 1);
    req = malloc(strlen(enc) + strlen(profile) + 200);
    len = (size_t)sprintf(req,
                          "{\"seq\":%lld,\"op\":\"validate\",\"case\":\"fuzz\",\"profile\":\"%s\","
                          "\"stateful\":false,\"files\":[{\"name\":\"fuzz\",\"data\":\"%s\"}]}",
                          ++ad.seq, profile, enc);
    r = ad_ask("validate", req, len);
    if (!r || r->kind != AMC_CONFORM_R_VERDICT) {
        fprintf(stderr, "fuzz_conform_diff: %s: no verdict (%s)\n", profile,
                r && r->text ? r->text : "crash, timeout or garbage");
        ad_kill();
        if (!ad.lenient)
            __builtin_trap();
        goto out;
    }
    if (r->valid != amc_valid) {
        fprintf(stderr, "fuzz_conform_diff: %s: implementation says %s, amc says %s\n", profile,
                r->valid ? "valid" : "invalid", amc_valid ? "valid" : "invalid");
        for (i = 0; i < amc_diags_count(ds); i++)
            fprintf(stderr, "  amc: %s %s\n", amc_code_id(amc_diags_get(ds, i)->code),
                    amc_diags_get(ds, i)->message);
        __builtin_trap();
    }
    if (amc_conform_claims(ad.hello, "codes") && !ad.lenient)
        for (i = 0; i < amc_diags_count(ds); i++)
            if (amc_code_severity(amc_diags_get(ds, i)->code) == AMC_SEV_ERROR &&
                !has_code(r, amc_code_id(amc_diags_get(ds, i)->code))) {
                fprintf(stderr, "fuzz_conform_diff: %s: amc reports %s, the implementation not\n",
                        profile, amc_code_id(amc_diags_get(ds, i)->code));
                __builtin_trap();
            }
out:
    amc_conform_reply_free(r);
    free(req);
    free(enc);
    amc_diags_free(ds);
    return 0;
}
