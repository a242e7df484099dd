/*
 * fuzz_conform_reply.c - the runner's parsing of adapter replies (a third party's output is
 * untrusted input): amc_conform_reply_parse, then judging and every report writer over what the
 * reply put into the case, and the expected-failure file reader over the same bytes.
 *
 * Framing: byte 0 % 5 chooses the request type (hello, validate, lifecycle, reset, stop), byte 1
 * the expected seq (0..255); the rest is the reply line.
 * Properties checked:
 *   - AMC_OK iff a reply is returned; its seq is the expected one and its kind is allowed for
 *     the request type; every string is NUL-free up to its terminator;
 *   - AMC_EINVALID comes with CONFORM_REPLY_INVALID diagnostics positioned inside the line;
 *   - judging a verdict gives PASS or FAIL, an error reply ERROR, a skipped one FAIL;
 *   - the JSON report stays valid JSON whatever the reply's text; the TAP report's first line is
 *     "TAP version 14"; the xfail reader never fails with anything but AMC_OK/AMC_EINVALID.
 */
#include <stdint.h>
#include <string.h>
#include "amc/amc.h"

static const char *const ops[] = {"hello", "validate", "lifecycle", "reset", "stop"};

static const char MANIFEST[] =
    "[{\"id\":\"p-x-001\",\"rule\":\"R-1\",\"level\":\"MUST\",\"verdict\":\"invalid\","
    "\"codes\":[\"A\"],\"absent_codes\":[\"B\"],\"input\":\"inputs/a\"}]";

static void check_reports(amc_conform_suite *s, const amc_conform_reply *r)
{
    amc_conform_run_info info = {
        r ? r->name : NULL, r ? r->version : NULL,     NULL, NULL, "adapter", false, true, r,
        "/suite",           "amc conform --impl 'x y'"};
    char *out = NULL;
    size_t len = 0, f = 0;
    for (f = 0; f <= AMC_CONFORM_MARKDOWN; f++) {
        if (amc_conform_report(s, &info, (amc_conform_format)f, &out, &len) != AMC_OK)
            continue; /* ENOMEM */
        if (strlen(out) != len)
            __builtin_trap();
        if (f == AMC_CONFORM_JSON) {
            amc_doc *doc = NULL;
            amc_diags *ds = amc_diags_new(2);
            if (amc_json_read(out, len, NULL, ds, &doc) != AMC_OK)
                __builtin_trap();
            amc_doc_free(doc);
            amc_diags_free(ds);
        }
        if (f == AMC_CONFORM_TAP && strncmp(out, "TAP version 14\n1..1\n", 20) != 0)
            __builtin_trap();
        amc_free(out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *op = NULL, *line = NULL;
    long long seq = 0;
    size_t len = 0, i = 0;
    amc_diags *ds = NULL;
    amc_conform_reply *r = NULL;
    amc_conform_suite *s = NULL;
    amc_status st = AMC_OK;
    if (size < 2)
        return -1;
    op = ops[data[0] % 5];
    seq = data[1];
    line = (const char *)data + 2;
    len = size - 2;
    ds = amc_diags_new(16);
    st = amc_conform_reply_parse(line, len, op, seq, ds, &r);
    if ((st == AMC_OK) != (r != NULL))
        __builtin_trap();
    if (st == AMC_OK) {
        bool hello = !strcmp(op, "hello"), val = !strcmp(op, "validate"),
             lc = !strcmp(op, "lifecycle");
        if (r->seq != seq)
            __builtin_trap();
        switch (r->kind) {
        case AMC_CONFORM_R_HELLO:
            if (!hello || !r->name || !*r->name || r->protocol < 1)
                __builtin_trap();
            for (i = 0; i < r->nprofiles; i++)
                (void)amc_conform_claims(r, r->profiles[i]);
            for (i = 0; i < r->ncapabilities; i++)
                if (!amc_conform_claims(r, r->capabilities[i]))
                    __builtin_trap();
            break;
        case AMC_CONFORM_R_VERDICT:
            if (!val)
                __builtin_trap();
            for (i = 0; i < r->ncodes; i++)
                (void)strlen(r->codes[i]);
            break;
        case AMC_CONFORM_R_STATES:
            if (!lc)
                __builtin_trap();
            break;
        case AMC_CONFORM_R_OK:
            if (hello || val || lc)
                __builtin_trap();
            break;
        case AMC_CONFORM_R_SKIPPED:
            if (!val && !lc)
                __builtin_trap();
            break;
        case AMC_CONFORM_R_ERROR:
            if (!r->text)
                __builtin_trap();
            break;
        }
    } else if (st == AMC_EINVALID) {
        if (amc_diags_count(ds) == 0)
            __builtin_trap();
        for (i = 0; i < amc_diags_count(ds); i++) {
            const amc_diag *d = amc_diags_get(ds, i);
            if (d->code != AMC_C_CONFORM_REPLY_INVALID || d->at.offset > len)
                __builtin_trap();
        }
    } else if (st != AMC_ENOMEM) {
        __builtin_trap();
    }
    s = amc_conform_suite_new();
    if (s && amc_conform_suite_add(s, "p", MANIFEST, sizeof MANIFEST - 1, ds) == AMC_OK) {
        amc_conform_case *c = amc_conform_case_at(s, 0);
        c->selected = true;
        amc_conform_judge(c, r, false);
        if (!r && c->outcome != AMC_CONFORM_ERROR)
            __builtin_trap();
        if (r && r->kind == AMC_CONFORM_R_VERDICT && c->outcome != AMC_CONFORM_PASS &&
            c->outcome != AMC_CONFORM_FAIL)
            __builtin_trap();
        if (r && r->kind == AMC_CONFORM_R_SKIPPED && c->outcome != AMC_CONFORM_FAIL)
            __builtin_trap();
        /* a hello gates the case: it runs iff the profile is claimed, else SKIP with a reason */
        if (r && r->kind == AMC_CONFORM_R_HELLO &&
            (amc_conform_gate(c, r) != amc_conform_claims(r, "p") ||
             (c->outcome == AMC_CONFORM_SKIP) != (c->missing != 0)))
            __builtin_trap();
        st = amc_conform_xfail_read(s, line, len, ds);
        if (st != AMC_OK && st != AMC_EINVALID && st != AMC_ENOMEM)
            __builtin_trap();
        amc_conform_finalize(s);
        check_reports(s, r);
    }
    amc_conform_suite_free(s);
    amc_conform_reply_free(r);
    amc_diags_free(ds);
    return 0;
}
