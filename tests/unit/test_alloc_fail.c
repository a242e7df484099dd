/*
 * test_alloc_fail.c - every allocation of a job failing, one at a time.
 *
 * Jobs: JSON + RFC 8785, JSON read into a reused document, YAML, schema compile + validate
 * (2020-12, and the older dialects), each profile's validator, the mailbox tree (dead-letter
 * wrapper), a policy file + amc_mailbox_signature, a keyring + an HMAC signature, a lifecycle
 * model, amc audit, the schema linter, the conformance runner's manifest/scenario/reply handling,
 * the "regex" format.
 *
 * Needs a build with -DAMC_ALLOC_FAILPOINTS=ON (ci/test.sh's ASan+UBSan build has it; elsewhere
 * the test is skipped and says so). For each scenario: a clean run gives the baseline (status,
 * diagnostic codes, output) and the number of library allocations N; then for every k < N the
 * k-th allocation returns NULL once. Each run must end with AMC_ENOMEM reported, or with exactly
 * the baseline result (the failure was absorbed, e.g. by a retry-free fallback); never a crash,
 * a wrong answer, or - under ASan/LSan - a leak or a bad access on the error path.
 * Only amc's own allocations (amc_xmalloc & co.) fail; json-c, libyaml, PCRE2 and OpenSSL
 * allocate on their own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "amc/mime.h"
#include "core/arena_int.h"
#include "formats/jcs_int.h"
#include "schema/regex_int.h"

#ifdef AMC_ALLOC_FAILPOINTS

#include "alloc_fail_sweep.h"

/* ---- scenarios ---- */

#define ENVELOPE "conformance/mailbox/inputs/acl-001-valid-task-assignment-orchestrator.json"

static amc_status sc_json_jcs(result *r)
{
    size_t len = 0, olen = 0;
    char *buf = slurp(ENVELOPE, &len), *out = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM, st2 = AMC_OK;
    assert_non_null(buf);
    if (ds) {
        st = amc_json_read(buf, len, NULL, ds, &doc);
        r_add(r, "read %d", (int)st);
        if (st == AMC_OK) {
            st = amc_jcs_write(amc_doc_root(doc), ds, &out, &olen);
            r_add(r, " jcs %d %s", (int)st, out ? out : "-");
        }
        if (st == AMC_OK) { /* the reusable writer, twice (the second time from its cache) */
            amc_jcs_ctx *c = amc_jcs_ctx_new();
            const char *o = NULL;
            size_t on = 0;
            int i = 0;
            if (!c)
                st = AMC_ENOMEM;
            for (i = 0; i < 2 && st == AMC_OK; i++) {
                st2 = amc_jcs_ctx_write(c, amc_doc_root(doc), NULL, true, &o, &on);
                st = st2;
                if (st == AMC_OK && (on != olen || memcmp(o, out, olen) != 0))
                    fail_msg("the reusable writer wrote another text");
            }
            amc_jcs_ctx_free(c);
        }
        r_diags(r, ds);
    }
    amc_free(out);
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* JSON Lines style: several texts read into one reused document (amc_json_read_reuse): the
 * envelope, an object of 70 members (the reader's member stack and key summaries grow, the
 * duplicate check switches to hashing), a text with a duplicate key, and the envelope again. */
static amc_status sc_json_reuse(result *r)
{
    size_t len = 0, i = 0, o = 0;
    char *env = slurp(ENVELOPE, &len);
    char big[4096];
    const char *texts[4];
    size_t lens[4];
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    bool nomem = false;
    assert_non_null(env);
    big[o++] = '{';
    for (i = 0; i < 70; i++)
        o += (size_t)snprintf(big + o, sizeof big - o, "%s\"key_%02zu\":[%zu,\"v\"]", i ? "," : "",
                              i, i);
    big[o++] = '}';
    texts[0] = env;
    lens[0] = len;
    texts[1] = big;
    lens[1] = o;
    texts[2] = "{\"a\":1,\"b\":2,\"a\":3}";
    lens[2] = strlen(texts[2]);
    texts[3] = env;
    lens[3] = len;
    for (i = 0; ds && i < 4; i++) {
        amc_diags_clear(ds);
        st = amc_json_read_reuse(texts[i], lens[i], NULL, ds, &doc);
        r_add(r, "read%zu %d", i, (int)st);
        if (st == AMC_OK)
            r_add(r, " members %zu", amc_doc_root(doc)->u.obj.len);
        r_diags(r, ds);
        nomem = nomem || st == AMC_ENOMEM;
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(env);
    return nomem || !ds ? AMC_ENOMEM : AMC_OK;
}

static amc_status sc_yaml(result *r)
{
    static const char y[] = "a: [1, 2.5, {b: c}]\nd: |\n  text\n  more\ne: ~\n";
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    if (ds) {
        st = amc_yaml_read(y, sizeof y - 1, NULL, ds, &doc);
        r_add(r, "yaml %d", (int)st);
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

static amc_status sc_schema(result *r)
{
    size_t len = 0;
    char *buf = slurp(ENVELOPE, &len);
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    assert_non_null(buf);
    if (ds && set) {
        st = amc_schema_compile(
            set, "https://amc.dev/schemas/mailbox/mailbox-envelope.v1.schema.json", ds, &sc);
        r_add(r, "compile %d", (int)st);
        if (st == AMC_OK)
            st = amc_json_read(buf, len, NULL, ds, &doc);
        if (st == AMC_OK) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            o.format_assert = true;
            o.all_errors = true;
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, " validate %d %d", (int)st, (int)valid);
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    free(buf);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* A validator of profile over files (paths relative to the repository), stateful or not. */
static amc_status sc_mailbox(result *r)
{
    static const char *const f[] = {
        ENVELOPE, ENVELOPE, "conformance/mailbox/inputs/acl-004-review-result-orchestrator.json",
        ENVELOPE, NULL};
    return run_profile(r, "mailbox", true, f, NULL);
}

static amc_status sc_ignite(result *r)
{
    static const char *const f[] = {"conformance/ignite/inputs/workspace/queue/ignitian_1/"
                                    "task_assignment_1770263544123456.mime",
                                    "conformance/ignite/inputs/msg/body-tab-indent.mime", NULL};
    static const char *const p[] = {"queue/ignitian_1/task_assignment_1770263544123456.mime",
                                    "body-tab-indent.mime", NULL};
    return run_profile(r, "ignite", false, f, p);
}

static amc_status sc_discussion(result *r)
{
    static const char *const f[] = {"conformance/discussion/inputs/message-valid.json",
                                    "conformance/discussion/inputs/conf-above.json", NULL};
    return run_profile(r, "discussion", false, f, NULL);
}

static amc_status sc_socket(result *r)
{
    static const char *const f[] = {"conformance/socket/inputs/error-message-object.json",
                                    "conformance/socket/inputs/id-short.json", NULL};
    return run_profile(r, "socket", false, f, NULL);
}

static amc_status sc_acp(result *r)
{
    static const char *const f[] = {"conformance/acp/inputs/agent-space.json",
                                    "conformance/acp/inputs/audit-no-result.json", NULL};
    return run_profile(r, "acp", false, f, NULL);
}

#define TREE "conformance/mailbox/inputs/tree/"
#define DL_FILE                                                                                    \
    "deadletter/codex/"                                                                            \
    "1b95d2b4-c415-43d1-ae88-37f40d712682--1768471200123--3f2c9a51-7b0e-4d2a-9c61-2b8e4f1a0d77."   \
    "json"
#define INBOX_FILE                                                                                 \
    "inbox/codex/"                                                                                 \
    "0e2ae578-aa7f-4a49-bf4f-1dfae9bf6513--1768471200123--3f2c9a51-7b0e-4d2a-9c61-2b8e4f1a0d77."   \
    "json"

/* the mailbox tree: a dead-letter wrapper (its envelope checked inside) and an inbox file */
static amc_status sc_mailbox_tree(result *r)
{
    static const char *const f[] = {TREE DL_FILE, TREE INBOX_FILE, NULL};
    static const char *const p[] = {"mb/" DL_FILE, "mb/" INBOX_FILE, NULL};
    return run_profile(r, "mailbox", false, f, p);
}

/* a policy file, then amc_mailbox_signature with it and without */
static amc_status sc_policy_sign(result *r)
{
    size_t plen = 0, elen = 0;
    char *pol = slurp("conformance/mailbox/policies/acl-custom.yaml", &plen);
    char *env = slurp(ENVELOPE, &elen);
    char sig[65];
    amc_diags *ds = amc_diags_new(0);
    amc_policy *p = NULL;
    amc_status st = AMC_ENOMEM;
    assert_non_null(pol);
    assert_non_null(env);
    if (ds) {
        st = amc_policy_read(pol, plen, ds, &p);
        r_add(r, "policy %d", (int)st);
        if (st == AMC_OK) {
            st = amc_mailbox_signature(env, elen, p, "sha256", ds, sig);
            r_add(r, " sig %d %s", (int)st, st == AMC_OK ? sig : "-");
        }
        if (st == AMC_OK) {
            st = amc_mailbox_signature(env, elen, NULL, NULL, ds, sig);
            r_add(r, " sig %d %s", (int)st, st == AMC_OK ? sig : "-");
        }
        r_diags(r, ds);
    }
    amc_policy_free(p);
    amc_diags_free(ds);
    free(pol);
    free(env);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* a keyring of two entries (one with a principal), then an hmac_sha256 signature with it, then
 * a second keyring replacing the first (docs/profiles/mailbox.md "Keyring") */
static amc_status sc_keyring(result *r)
{
    static const char ring[] =
        "version: 1\nkeys:\n"
        "  - {key_id: k1, algorithm: hmac_sha256, secret_hex: "
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f}\n"
        "  - {key_id: k2, principal: codex, algorithm: hmac_sha256, secret_hex: "
        "00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF}\n";
    static const char env[] = "{\"b\":1.0,\"a\":\"x\",\"signature\":\"zz\",\"key_id\":\"k2\"}";
    char sig[65];
    amc_diags *ds = amc_diags_new(0);
    amc_policy *p = NULL;
    amc_status st = AMC_ENOMEM;
    if (ds) {
        st = amc_policy_read("{}", 2, ds, &p);
        r_add(r, "policy %d", (int)st);
        if (st == AMC_OK) {
            st = amc_policy_set_keyring(p, ring, sizeof ring - 1, ds);
            r_add(r, " ring %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_mailbox_signature(env, sizeof env - 1, p, "hmac_sha256", ds, sig);
            r_add(r, " sig %d %s", (int)st, st == AMC_OK ? sig : "-");
        }
        if (st == AMC_OK) {
            st = amc_policy_set_keyring(p, ring, sizeof ring - 1, ds);
            r_add(r, " again %d", (int)st);
        }
        r_diags(r, ds);
    }
    amc_policy_free(p);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* the mailbox lifecycle model over a short trace (conformance/mailbox/lifecycle/delivery-happy) */
static amc_status sc_lifecycle(result *r)
{
    static const char *const ev[] = {
        "{\"event\":\"commit\",\"msg\":\"m-1\",\"t\":0}",
        "{\"event\":\"relay\",\"msg\":\"m-1\",\"t\":1000}",
        "{\"event\":\"consume\",\"msg\":\"m-1\",\"t\":2000}",
        "{\"event\":\"ack\",\"msg\":\"m-1\",\"t\":3000}",
        "{\"event\":\"ack\",\"msg\":\"m-2\",\"t\":4000}", /* illegal: never committed */
        "{\"event\":\"commit\",\"msg\":\"m-3\",\"t\":5000}",
        NULL};
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    size_t i = 0;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    if (ds)
        st = amc_lifecycle_new(&o, ds, &lc);
    r_add(r, "new %d", (int)st);
    nomem = st == AMC_ENOMEM;
    for (i = 0; st == AMC_OK && ev[i]; i++) {
        st = lc_event(r, lc, ev[i], strlen(ev[i]), ds, &nomem);
    }
    lc_end(r, lc, ds, st, &nomem);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* amc audit over three files of the mailbox tree: through amc_audit_file (stateful, then a
 * symlink entry), or (workers) checked by a worker and recorded by the auditor, as amc audit -j */
static amc_status audit_run(result *r, bool workers)
{
    static const char *const f[] = {TREE DL_FILE, TREE INBOX_FILE,
                                    TREE "ack/codex/task-assignment.json", NULL};
    static const char *const p[] = {DL_FILE, INBOX_FILE, "ack/codex/task-assignment.json", NULL};
    amc_audit_opts o;
    amc_audit *a = NULL;
    amc_audit_worker *w = NULL;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_ENOMEM;
    bool nomem = false;
    size_t i = 0;
    memset(&o, 0, sizeof o);
    o.profile = "mailbox";
    o.stateful = !workers; /* a stateful auditor has no workers */
    if (ds)
        st = amc_audit_new(&o, ds, &a);
    if (st == AMC_OK && workers)
        st = amc_audit_worker_new(a, ds, &w);
    r_add(r, "new %d", (int)st);
    nomem = st == AMC_ENOMEM;
    for (i = 0; st == AMC_OK && f[i]; i++) {
        size_t len = 0;
        char *buf = slurp(f[i], &len);
        amc_audit_unit *u = NULL;
        assert_non_null(buf);
        if (!workers) {
            st = amc_audit_file(a, p[i], buf, len, ds);
        } else {
            st = amc_audit_check(w, p[i], buf, len, ds, &u);
            if (u)
                st = amc_audit_record(a, u, ds);
            else
                assert_int_equal(st, AMC_ENOMEM); /* no unit only when out of memory */
        }
        free(buf);
        r_add(r, " | %d", (int)st);
        nomem = st == AMC_ENOMEM;
        if (st == AMC_EINVALID)
            st = AMC_OK;
    }
    if (st == AMC_OK && !workers) {
        st = amc_audit_entry(a, "inbox/codex/link.json", AMC_AUDIT_SYMLINK, ds);
        r_add(r, " entry %d", (int)st);
        nomem = st == AMC_ENOMEM;
        if (st == AMC_EINVALID)
            st = AMC_OK;
    }
    if (st == AMC_OK) {
        st = amc_audit_finish(a, ds);
        r_add(r, " finish %d", (int)st);
        nomem = st == AMC_ENOMEM;
    }
    r_diags(r, ds);
    amc_audit_worker_free(w);
    amc_audit_free(a);
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

static amc_status sc_audit(result *r)
{
    return audit_run(r, false);
}

static amc_status sc_audit_workers(result *r)
{
    return audit_run(r, true);
}

/* the schema linter on a schema with findings */
static amc_status sc_lint(result *r)
{
    static const char sch[] =
        "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$id\":\"urn:t\","
        "\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"strng\"},\"b\":{\"minimum\":5,"
        "\"maximum\":1},\"c\":{\"pattern\":\"(?<=a)b\"}},\"required\":[\"a\",\"z\"],"
        "\"additionalProperties\":false,\"patternProperties\":{\"^x\":true},"
        "\"$defs\":{\"u\":{\"$ref\":\"#/$defs/missing\"}}}";
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    amc_status st = AMC_ENOMEM;
    if (ds && set) {
        st = amc_schema_set_add(set, "urn:t", sch, sizeof sch - 1, ds, NULL);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_schema_lint(set, "urn:t", NULL, ds);
            r_add(r, " lint %d", (int)st);
        }
        r_diags(r, ds);
    }
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* "format": "regex" asserts by compiling the instance as a pattern */
static amc_status sc_format_regex(result *r)
{
    static const char sch[] =
        "{\"$id\":\"urn:f\",\"type\":\"array\",\"items\":{\"format\":\"regex\"}}";
    static const char inst[] = "[\"^a+(?<=a)b$\",\"a(b\",\"\\\\p{L}+\"]";
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    if (ds && set) {
        st = amc_schema_set_add(set, "urn:f", sch, sizeof sch - 1, ds, NULL);
        if (st == AMC_OK)
            st = amc_schema_compile(set, "urn:f", ds, &sc);
        if (st == AMC_OK)
            st = amc_json_read(inst, sizeof inst - 1, NULL, ds, &doc);
        if (st == AMC_OK) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            o.format_assert = true;
            o.all_errors = true;
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, "validate %d %d", (int)st, (int)valid);
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* the older dialects: a draft-07 document (default dialect) holding 2019-09 and draft-04
 * resources, compiled and validated with every error */
static amc_status sc_schema_drafts(result *r)
{
    static const char sch[] =
        "{\"$id\":\"urn:d\",\"$ref\":\"#/definitions/root\",\"definitions\":{\"root\":{"
        "\"type\":\"object\",\"dependencies\":{\"a\":[\"b\"],\"c\":{\"required\":[\"d\"]}},"
        "\"properties\":{\"t\":{\"$ref\":\"urn:tree\"},\"n\":{\"$ref\":\"urn:four\"},"
        "\"l\":{\"items\":[{\"type\":\"string\"}],\"additionalItems\":false}}},"
        "\"tree\":{\"$id\":\"urn:tree\",\"$schema\":\"https://json-schema.org/draft/2019-09/"
        "schema\",\"$recursiveAnchor\":true,\"type\":\"object\",\"additionalProperties\":{"
        "\"$recursiveRef\":\"#\"}},\"four\":{\"$id\":\"urn:four\",\"$schema\":\"http://"
        "json-schema.org/draft-04/schema#\",\"maximum\":3,\"exclusiveMaximum\":true}}}";
    static const char inst[] = "{\"a\":1,\"c\":2,\"t\":{\"x\":{\"y\":1}},\"n\":3,"
                               "\"l\":[\"s\",1]}";
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = false;
    if (ds && set) {
        st = amc_schema_set_default_dialect(set, AMC_DIALECT_DRAFT7);
        if (st == AMC_OK)
            st = amc_schema_set_add(set, "urn:d", sch, sizeof sch - 1, ds, NULL);
        if (st == AMC_OK)
            st = amc_schema_compile(set, "urn:d", ds, &sc);
        if (st == AMC_OK)
            st = amc_json_read(inst, sizeof inst - 1, NULL, ds, &doc);
        if (st == AMC_OK) {
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            o.all_errors = true;
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
            r_add(r, "validate %d %d", (int)st, (int)valid);
        }
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* the conformance runner's pure parts: a manifest, a scenario, a request, replies, judging */
static amc_status sc_conform(result *r)
{
    static const char manifest[] =
        "[{\"id\":\"sock-seed-001\",\"description\":\"d\",\"rule\":\"SOCKET-TASK-001\","
        "\"level\":\"MUST\",\"tags\":[\"seed-example\"],\"input\":\"inputs/seed/task.json\","
        "\"verdict\":\"valid\",\"codes\":[]},"
        "{\"id\":\"sock-x-002\",\"description\":\"e\",\"rule\":\"SOCKET-RESULT-001\","
        "\"level\":\"MUST\",\"input\":\"inputs/seed/result.json\",\"verdict\":\"invalid\","
        "\"codes\":[\"SOCKET_RESULT_STATUS\"]}]";
    static const char hello[] =
        "{\"seq\":1,\"protocol\":1,\"implementation\":{\"name\":\"t\",\"version\":\"1\"},"
        "\"profiles\":[\"socket\",\"mailbox\"],\"capabilities\":[\"codes\",\"mailbox.lifecycle\"]}";
    static const char verdict[] =
        "{\"seq\":2,\"verdict\":\"invalid\",\"codes\":[\"SOCKET_RESULT_STATUS\"],"
        "\"locations\":[{\"code\":\"SOCKET_RESULT_STATUS\",\"line\":1,\"col\":1}]}";
    static const char states[] =
        "{\"seq\":3,\"states\":[{\"accepted\":true,\"codes\":[]},{\"accepted\":true,\"codes\":[]},"
        "{\"accepted\":true,\"codes\":[]},{\"accepted\":true,\"codes\":[],\"state\":{\"messages\":"
        "{\"m-1\":{\"state\":\"acked\",\"attempts\":1,\"receipt\":true}}}}]}";
    size_t slen = 0, qlen = 0, i = 0;
    char *scen = slurp("conformance/mailbox/lifecycle/delivery-happy.json", &slen), *req = NULL;
    amc_conform_suite *su = amc_conform_suite_new();
    amc_diags *ds = amc_diags_new(0);
    amc_conform_reply *h = NULL, *v = NULL, *l = NULL;
    amc_status st = AMC_ENOMEM;
    assert_non_null(scen);
    if (su && ds) {
        st = amc_conform_suite_add(su, "socket", manifest, sizeof manifest - 1, ds);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK) {
            st = amc_conform_suite_add_scenario(su, "mailbox", scen, slen, ds);
            r_add(r, " scen %d n %zu", (int)st, amc_conform_case_count(su));
        }
        if (st == AMC_OK) {
            st = amc_conform_lifecycle_request(amc_conform_case_at(su, 2), 3, &req, &qlen);
            r_add(r, " req %d %s", (int)st, req ? req : "-");
        }
        if (st == AMC_OK) {
            st = amc_conform_reply_parse(hello, sizeof hello - 1, "hello", 1, ds, &h);
            r_add(r, " hello %d %d", (int)st, h ? (int)amc_conform_claims(h, "codes") : -1);
        }
        if (st == AMC_OK) {
            st = amc_conform_reply_parse(verdict, sizeof verdict - 1, "validate", 2, ds, &v);
            r_add(r, " verdict %d", (int)st);
        }
        if (st == AMC_OK) {
            st = amc_conform_reply_parse(states, sizeof states - 1, "lifecycle", 3, ds, &l);
            r_add(r, " states %d", (int)st);
        }
        if (st == AMC_OK) {
            amc_conform_case *c = amc_conform_case_at(su, 2);
            amc_conform_judge_lifecycle(c, l);
            r_add(r, " judged %s %s", amc_conform_outcome_str(c->outcome), c->message);
        }
        for (i = 0; st == AMC_OK && i < amc_conform_case_count(su); i++)
            r_add(r, " [%s]", amc_conform_case_at(su, i)->id);
        r_diags(r, ds);
    }
    amc_conform_reply_free(h);
    amc_conform_reply_free(v);
    amc_conform_reply_free(l);
    amc_free(req);
    amc_conform_suite_free(su);
    amc_diags_free(ds);
    free(scen);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* MIME messages: folded and repeated fields with every query, then a malformed one. */
static amc_status sc_mime(result *r)
{
    static const char m[] = "MIME-Version: 1.0\r\nSubject: a\r\n folded\r\n\tagain\r\n"
                            "X-A: 1\r\nX-A: 2\r\nx-a: 3\r\nTo: <a@b>\r\nX-B:\r\nX-C: c\r\n"
                            "X-D: d\r\nX-E: e\r\nX-F: f\r\nX-G: g\r\nX-H: h\r\nX-I: i\r\n"
                            "X-J: j\r\nX-K: k\r\nX-L: l\r\nX-M: m\r\nX-N: n\r\nX-O: o\r\n"
                            "X-P: p\r\nX-Q: q\r\n\r\nbody\r\n";
    static const char bad[] = "A: 1\nB 2\n\nbody";
    amc_diags *ds = amc_diags_new(0);
    amc_mime *mm = NULL;
    amc_status st = AMC_ENOMEM, st2 = AMC_OK;
    if (ds) {
        size_t i = 0, bl = 0, bo = 0;
        st = amc_mime_read(m, sizeof m - 1, NULL, ds, &mm);
        r_add(r, "mime %d", (int)st);
        for (i = 0; mm && i < amc_mime_field_count(mm); i++)
            r_add(r, " %s=%.*s", amc_mime_field_at(mm, i)->name,
                  (int)amc_mime_field_at(mm, i)->value_len, amc_mime_field_at(mm, i)->value);
        if (mm) {
            const char *b = amc_mime_body(mm, &bl, &bo);
            r_add(r, " count %zu body %.*s@%zu eol %d", amc_mime_count(mm, "X-A"), (int)bl, b, bo,
                  (int)amc_mime_line_ending(mm));
        }
        amc_mime_free(mm);
        mm = NULL;
        r_diags(r, ds);
        amc_diags_clear(ds);
        st2 = amc_mime_read(bad, sizeof bad - 1, NULL, ds, &mm);
        r_add(r, " bad %d", (int)st2);
        r_diags(r, ds);
    }
    amc_mime_free(mm);
    amc_diags_free(ds);
    return st == AMC_ENOMEM || st2 == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* JSON texts that fail: a long message (past the 512-byte stack buffer), a duplicate in an
 * object of 40 members (hashed), an error inside a deep container, bad UTF-8. */
static amc_status sc_json_errors(result *r)
{
    char big[2048], lit[700];
    const char *texts[4];
    size_t i = 0, o = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    bool nomem = !ds;
    memset(lit, 'q', sizeof lit - 1);
    lit[sizeof lit - 1] = '\0';
    big[o++] = '{';
    for (i = 0; i < 40; i++)
        o += (size_t)snprintf(big + o, sizeof big - o, "\"k%02zu\":%zu,", i, i);
    o += (size_t)snprintf(big + o, sizeof big - o, "\"k17\":0}");
    texts[0] = lit;
    texts[1] = big;
    texts[2] = "{\"a\":[[{\"b\":[1,2,}]]]}";
    texts[3] = "[\"\xc3\x28\"]";
    for (i = 0; ds && i < 4; i++) {
        amc_doc *doc = NULL;
        amc_diags_clear(ds);
        st = amc_json_read(texts[i], strlen(texts[i]), NULL, ds, &doc);
        r_add(r, " read%zu %d", i, (int)st);
        r_diags(r, ds);
        if (amc_diags_count(ds))
            r_add(r, " %.80s", amc_diags_get(ds, 0)->message);
        nomem = nomem || st == AMC_ENOMEM;
        amc_doc_free(doc);
    }
    amc_diags_free(ds);
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* A schema with most keyword kinds, and an instance that fails most of them (every error,
 * format assertion on, anyOf/oneOf branch details). */
static amc_status sc_schema_failures(result *r)
{
    static const char schema[] =
        "{\"$defs\":{\"pos\":{\"type\":\"integer\",\"minimum\":1}},\"type\":\"object\","
        "\"properties\":{\"a\":{\"$ref\":\"#/$defs/pos\"},"
        "\"b\":{\"type\":\"string\",\"minLength\":3,\"pattern\":\"^x\",\"format\":\"email\"},"
        "\"c\":{\"type\":\"array\",\"items\":{\"type\":\"number\"},\"uniqueItems\":true,"
        "\"minItems\":3,\"contains\":{\"const\":9}},"
        "\"d\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\",\"multipleOf\":2}]},"
        "\"e\":{\"oneOf\":[{\"type\":\"number\"},{\"type\":\"integer\"}]},"
        "\"f\":{\"not\":{\"type\":\"null\"}},\"g\":{\"enum\":[\"x\",\"y\"]},"
        "\"h\":{\"if\":{\"type\":\"string\"},\"then\":{\"maxLength\":1},\"else\":{\"const\":0}},"
        "\"i\":{\"dependentRequired\":{\"x\":[\"y\"]},\"propertyNames\":{\"maxLength\":2},"
        "\"additionalProperties\":false,\"patternProperties\":{\"^p\":{\"type\":\"boolean\"}}}},"
        "\"required\":[\"a\",\"zz\"],\"unevaluatedProperties\":false}";
    static const char inst[] = "{\"a\":0,\"b\":\"ab\",\"c\":[1,1],\"d\":3.5,\"e\":2,\"f\":null,"
                               "\"g\":\"z\",\"h\":\"long\",\"i\":{\"x\":1,\"long\":2,\"pq\":3},"
                               "\"extra\":1}";
    amc_diags *ds = amc_diags_new(0);
    amc_schema_set *set = amc_schema_set_new(NULL);
    const amc_schema *sc = NULL;
    const char *uri = NULL;
    amc_doc *doc = NULL;
    amc_status st = AMC_ENOMEM;
    bool valid = true;
    if (ds && set) {
        amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
        o.format_assert = true;
        o.branch_details = UINT32_MAX;
        st = amc_schema_set_add(set, NULL, schema, sizeof schema - 1, ds, &uri);
        r_add(r, "add %d", (int)st);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &sc);
        r_add(r, " compile %d", (int)st);
        if (st == AMC_OK)
            st = amc_json_read(inst, sizeof inst - 1, NULL, ds, &doc);
        if (st == AMC_OK)
            st = amc_schema_validate(sc, amc_doc_root(doc), doc, &o, ds, &valid);
        r_add(r, " validate %d %d", (int)st, (int)valid);
        r_diags(r, ds);
    }
    amc_doc_free(doc);
    amc_schema_set_free(set);
    amc_diags_free(ds);
    return st == AMC_ENOMEM ? AMC_ENOMEM : AMC_OK;
}

/* Regexes the translator rewrites: emulated lookbehinds, named groups and backreferences,
 * property escapes, classes with escapes; each searched. */
static amc_status sc_regex(result *r)
{
    static const char *const pats[] = {"(?<=a+)b(?<!c{2,})", "(?<n>x)\\k<n>\\p{Lu}[\\d\\w-]",
                                       "^(?:a|b)*?c{2,5}$", "\\u{1F600}[^\\s\\S]|\\bq\\B"};
    static const char subj[] = "aab xxA7 abc cc \xf0\x9f\x98\x80";
    size_t i = 0;
    bool nomem = false;
    for (i = 0; i < sizeof pats / sizeof pats[0]; i++) {
        char err[128];
        amc_regex *re = amc_regex_compile(pats[i], strlen(pats[i]), 0, err, sizeof err);
        if (!re) {
            r_add(r, " [%s]", err);
            nomem = nomem || !strcmp(err, AMC_REGEX_ENOMEM_MSG);
            continue;
        }
        {
            int m = amc_regex_search(re, subj, sizeof subj - 1);
            r_add(r, " %d", m);
            nomem = nomem || m == -2;
        }
        amc_regex_free(re);
    }
    return nomem ? AMC_ENOMEM : AMC_OK;
}

/* A diagnostic lost to a failed allocation ends the read with AMC_ENOMEM there and then: the
 * list holds the beginning of the clean run's list (then, when it could be stored, the NOMEM
 * diagnostic), never a later diagnostic without the one before it. The text has a byte order
 * mark and duplicate keys, warnings the reader otherwise reads past. */
static void test_json_lost_diag(void **state)
{
    static const char text[] = "\xEF\xBB\xBF{\"a\":1,\"a\":2,\"b\":3,\"b\":4}";
    amc_code clean[8];
    char why[200] = "";
    size_t nclean = 0, i = 0;
    unsigned long n = 0, k = 0, nomem = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st0 = AMC_OK;
    (void)state;
    assert_non_null(ds);
    amc_test_alloc_fail_at(-1);
    st0 = amc_json_read(text, sizeof text - 1, NULL, ds, &doc);
    n = amc_test_alloc_count();
    assert_int_not_equal(st0, AMC_ENOMEM);
    nclean = amc_diags_count(ds);
    assert_int_equal(nclean, 3);
    for (i = 0; i < nclean; i++)
        clean[i] = amc_diags_get(ds, i)->code;
    assert_int_equal(clean[0], AMC_C_JSON_BOM);
    assert_int_equal(clean[1], AMC_C_JSON_DUP_KEY);
    amc_doc_free(doc);
    amc_diags_free(ds);
    for (k = 0; k < n && !why[0]; k++) {
        amc_status st = AMC_OK;
        size_t got = 0;
        doc = NULL;
        ds = amc_diags_new(0);
        assert_non_null(ds);
        amc_test_alloc_fail_at((long)k);
        st = amc_json_read(text, sizeof text - 1, NULL, ds, &doc);
        amc_test_alloc_fail_at(-1);
        got = amc_diags_count(ds);
        if (st == AMC_ENOMEM) {
            nomem++;
            if (doc)
                snprintf(why, sizeof why, "allocation %lu: AMC_ENOMEM with a document", k);
            if (got && amc_diags_get(ds, got - 1)->code == AMC_C_NOMEM)
                got--;
        } else if (st != st0 || got != nclean) {
            snprintf(why, sizeof why, "allocation %lu: status %d with %zu diagnostics", k, (int)st,
                     got);
        }
        for (i = 0; i < got && !why[0]; i++)
            if (i >= nclean || amc_diags_get(ds, i)->code != clean[i])
                snprintf(why, sizeof why,
                         "allocation %lu failing: diagnostic %zu is %s, the clean run's is %s", k,
                         i, amc_code_id(amc_diags_get(ds, i)->code),
                         i < nclean ? amc_code_id(clean[i]) : "none");
        amc_doc_free(doc);
        amc_diags_free(ds);
    }
    if (why[0])
        fail_msg("%s", why);
    assert_true(nomem > 0);
}

static void test_json_jcs(void **state)
{
    (void)state;
    sweep("json+jcs", sc_json_jcs);
}
static void test_json_reuse(void **state)
{
    (void)state;
    sweep("json reuse", sc_json_reuse);
}
static void test_yaml(void **state)
{
    (void)state;
    sweep("yaml", sc_yaml);
}
static void test_schema(void **state)
{
    (void)state;
    sweep("schema", sc_schema);
}
static void test_schema_drafts(void **state)
{
    (void)state;
    sweep("schema-drafts", sc_schema_drafts);
}
static void test_mailbox(void **state)
{
    (void)state;
    sweep("mailbox", sc_mailbox);
}
static void test_ignite(void **state)
{
    (void)state;
    sweep("ignite", sc_ignite);
}
static void test_discussion(void **state)
{
    (void)state;
    sweep("discussion", sc_discussion);
}
static void test_socket(void **state)
{
    (void)state;
    sweep("socket", sc_socket);
}
static void test_acp(void **state)
{
    (void)state;
    sweep("acp", sc_acp);
}
static void test_mailbox_tree(void **state)
{
    (void)state;
    sweep("mailbox-tree", sc_mailbox_tree);
}
static void test_policy_sign(void **state)
{
    (void)state;
    sweep("policy+sign", sc_policy_sign);
}

static void test_keyring(void **state)
{
    (void)state;
    sweep("keyring", sc_keyring);
}

static void test_lifecycle(void **state)
{
    (void)state;
    sweep("lifecycle", sc_lifecycle);
}
static void test_audit(void **state)
{
    (void)state;
    sweep("audit", sc_audit);
    sweep("audit workers", sc_audit_workers);
}
static void test_lint(void **state)
{
    (void)state;
    sweep("lint", sc_lint);
}
static void test_conform(void **state)
{
    (void)state;
    sweep("conform", sc_conform);
}
static void test_format_regex(void **state)
{
    (void)state;
    sweep("format-regex", sc_format_regex);
}
static void test_mime(void **state)
{
    (void)state;
    sweep("mime", sc_mime);
}
static void test_json_errors(void **state)
{
    (void)state;
    sweep("json-errors", sc_json_errors);
}
static void test_schema_failures(void **state)
{
    (void)state;
    sweep("schema-failures", sc_schema_failures);
}
static void test_regex(void **state)
{
    (void)state;
    sweep("regex", sc_regex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_jcs),
        cmocka_unit_test(test_json_reuse),
        cmocka_unit_test(test_yaml),
        cmocka_unit_test(test_schema),
        cmocka_unit_test(test_mailbox),
        cmocka_unit_test(test_ignite),
        cmocka_unit_test(test_discussion),
        cmocka_unit_test(test_socket),
        cmocka_unit_test(test_acp),
        cmocka_unit_test(test_mailbox_tree),
        cmocka_unit_test(test_policy_sign),
        cmocka_unit_test(test_lifecycle),
        cmocka_unit_test(test_audit),
        cmocka_unit_test(test_lint),
        cmocka_unit_test(test_conform),
        cmocka_unit_test(test_format_regex),
        cmocka_unit_test(test_schema_drafts),
        cmocka_unit_test(test_mime),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_schema_failures),
        cmocka_unit_test(test_regex),
        cmocka_unit_test(test_keyring),
        cmocka_unit_test(test_json_lost_diag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* !AMC_ALLOC_FAILPOINTS */

static void test_skipped(void **state)
{
    (void)state;
    print_message("skipped: this build has no allocation failpoints (configure with "
                  "-DAMC_ALLOC_FAILPOINTS=ON; ci/test.sh's ASan+UBSan build does)\n");
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_skipped)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
