/*
 * fuzz_profile_ignite.c - the ignite profile through amc_validator_check.
 *
 * Framing: the first byte chooses the path the message is checked at (none, a pending queue
 * file, a processed file, a dead-letter file, an odd path); the rest is the message.
 * Properties checked:
 *   - the status is AMC_OK iff no error was reported, AMC_EINVALID iff one was (AMC_ELIMIT
 *     only with an error; AMC_ENOMEM is tolerated);
 *   - every diagnostic of the ignite profile's codes (3000-3189) carries a rule id of the
 *     catalog whose code is the diagnostic's code (DATE_WEEKDAY_MISMATCH: IGNITE-DATE-002);
 *   - every known position is inside the input and its line/col are those amc_pos_of computes;
 *   - checking the same message again with the same validator gives the same diagnostics
 *     (codes and offsets): no hidden state leaks between messages;
 *   - auto-detection: a message that does not open a JSON object (first byte after an optional
 *     UTF-8 BOM and whitespace is not '{') is taken by ignite or reported PROFILE_UNDETECTED
 *     (last, after the reader's own findings, which name no rule: issue 14),
 *     never by another profile, and at a ".mime" path it is always ignite; when ignite is
 *     chosen it reports what --profile ignite reports. A message opening a JSON object may go
 *     to a JSON profile (mailbox, discussion, socket, acp): an IGNITE message starts with a
 *     MIME header field, never with '{' (see docs/fuzzing.md, "fuzz_profile_ignite and
 *     auto-detection").
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

static const char *const paths[] = {
    NULL,
    "workspace/queue/leader/task_assignment_1770263544123456.mime",
    "workspace/queue/ignitian_1/processed/task_completed_1770693183754631_1.mime",
    "workspace/queue/dead_letter/task_assignment_1770694616299891_dlq_1770698216.mime",
    "queue/a/b/c/queue/x/y.mime",
};

static void check_diags(const char *buf, size_t len, const amc_diags *ds, amc_status st)
{
    size_t i = 0;
    if (st == AMC_ENOMEM)
        return;
    if (st == AMC_OK && amc_diags_errors(ds) != 0)
        __builtin_trap();
    if ((st == AMC_EINVALID || st == AMC_ELIMIT) && amc_diags_errors(ds) == 0)
        __builtin_trap();
    if (st != AMC_OK && st != AMC_EINVALID && st != AMC_ELIMIT)
        __builtin_trap();
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        int c = (int)d->code;
        if (c >= 3000 && c < 3190) {
            const amc_rule *r = amc_rule_find(d->rule_id);
            if (!r || r->code != d->code)
                __builtin_trap();
        }
        if (d->code == AMC_C_DATE_WEEKDAY_MISMATCH &&
            (!d->rule_id || strcmp(d->rule_id, "IGNITE-DATE-002") != 0))
            __builtin_trap();
        if (d->at.offset != AMC_NO_OFFSET) {
            amc_pos p;
            if (d->at.offset > len)
                __builtin_trap();
            p = amc_pos_of(buf, len, d->at.offset);
            if (p.line != d->at.line || p.col != d->at.col)
                __builtin_trap();
        }
    }
}

/* The message opens a JSON object: what the JSON profiles' detectors look at first. */
static bool opens_object(const char *buf, size_t len)
{
    size_t i = len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    return i < len && buf[i] == '{';
}

static bool mime_path(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 5 && !strcmp(path + n - 5, ".mime");
}

static int same_diags(const amc_diags *a, const amc_diags *b)
{
    size_t i = 0;
    if (amc_diags_count(a) != amc_diags_count(b))
        return 0;
    for (i = 0; i < amc_diags_count(a); i++)
        if (amc_diags_get(a, i)->code != amc_diags_get(b, i)->code ||
            amc_diags_get(a, i)->at.offset != amc_diags_get(b, i)->at.offset)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static amc_validator *v = NULL, *va = NULL;
    amc_validator_opts opts = {"ignite", false, NULL, NULL, NULL};
    amc_validator_opts aopts = {"auto", false, NULL, NULL, NULL};
    amc_diags *d1 = NULL, *d2 = NULL, *d3 = NULL;
    const char *path = NULL, *buf = NULL, *used = NULL;
    size_t len = 0;
    amc_status s1 = AMC_OK, s2 = AMC_OK, s3 = AMC_OK;
    if (size < 1)
        return -1;
    path = paths[data[0] % (sizeof paths / sizeof paths[0])];
    buf = (const char *)data + 1;
    len = size - 1;
    /* the validators are reused across inputs (schemas compile once) */
    if (!v && amc_validator_new(&opts, NULL, &v) != AMC_OK)
        return 0;
    if (!va && amc_validator_new(&aopts, NULL, &va) != AMC_OK)
        return 0;
    d1 = amc_diags_new(0);
    d2 = amc_diags_new(0);
    d3 = amc_diags_new(0);
    if (!d1 || !d2 || !d3)
        goto out;
    s1 = amc_validator_check(v, path, buf, len, d1, &used);
    check_diags(buf, len, d1, s1);
    if (s1 != AMC_ENOMEM && (!used || strcmp(used, "ignite") != 0))
        __builtin_trap();
    s2 = amc_validator_check(v, path, buf, len, d2, NULL);
    if (s1 != AMC_ENOMEM && s2 != AMC_ENOMEM && (s1 != s2 || !same_diags(d1, d2)))
        __builtin_trap();
    s3 = amc_validator_check(va, path, buf, len, d3, &used);
    if (s3 != AMC_ENOMEM) {
        if (used && strcmp(used, "ignite") != 0 && !opens_object(buf, len))
            __builtin_trap();
        if (!opens_object(buf, len) && mime_path(path) && (!used || strcmp(used, "ignite") != 0))
            __builtin_trap();
        /* undetected: the reader's own findings (no rule), then PROFILE_UNDETECTED last */
        if (!used && (s3 != AMC_EINVALID || amc_diags_count(d3) < 1 ||
                      amc_diags_get(d3, amc_diags_count(d3) - 1)->code != AMC_C_PROFILE_UNDETECTED))
            __builtin_trap();
        for (size_t k = 0; !used && k < amc_diags_count(d3); k++)
            if (amc_diags_get(d3, k)->rule_id)
                __builtin_trap();
        if (used && !strcmp(used, "ignite") && s1 != AMC_ENOMEM &&
            (s1 != s3 || !same_diags(d1, d3)))
            __builtin_trap();
    }
out:
    amc_diags_free(d1);
    amc_diags_free(d2);
    amc_diags_free(d3);
    return 0;
}
