/*
 * cmd_adapter.c - amc adapter: the reference adapter. Speaks the conformance adapter protocol
 * (conformance/PROTOCOL.md) on stdin/stdout with amc's own validator, so `amc conform --impl
 * 'amc adapter'` measures amc through the same path as any third-party implementation.
 *
 * Decisions:
 *   - Claims every profile amc implements (amc_profile_at), with capabilities "codes" and, per
 *     profile, "<p>", "<p>.stateful", "<p>.policy", "<p>.clock", "<p>.path", and
 *     "<p>.lifecycle" for profiles with a lifecycle model (amc_lifecycle_model_at).
 *   - validate: one validator per request (a session is one request), the profile forced (no
 *     detection); requests without session, policy and clock share one validator per profile
 *     (stateless: nothing carries over); the file's "name" is the path given to the validator; a
 * *.jsonl file is one message per line (blank lines skipped), like test_conform_fixtures.c. A
 * policy's keyring file is looked up among "aux" by its path relative to the policy's directory.
 *   - Verdict: invalid iff an error-severity diagnostic was reported. Codes: each distinct code
 *     id once, in first-seen order. Locations: the first 100 diagnostics (file, line, col
 *     one-based, code).
 *   - A request that is not JSON, or lacks members, gets an "error" reply (seq 0 when even the
 *     seq is unreadable); the adapter keeps serving. EOF on stdin or `stop` ends it (exit 0).
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_conform.h"

static void reply(json_object *o)
{
    fputs(
        json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE),
        stdout);
    fputc('\n', stdout);
    fflush(stdout);
    json_object_put(o);
}

/* Appends code id to the array unless it is there already. */
static void add_code(json_object *codes, const char *id)
{
    size_t i = 0;
    for (i = 0; i < json_object_array_length(codes); i++)
        if (!strcmp(json_object_get_string(json_object_array_get_idx(codes, i)), id))
            return;
    json_object_array_add(codes, json_object_new_string(id));
}

static json_object *base(int64_t seq)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "seq", json_object_new_int64(seq));
    return o;
}

static void reply_text(int64_t seq, const char *key, const char *text)
{
    json_object *o = base(seq);
    json_object_object_add(o, key, json_object_new_string(text));
    reply(o);
}

static void hello(int64_t seq)
{
    json_object *o = base(seq), *impl = json_object_new_object();
    json_object *profs = json_object_new_array(), *caps = json_object_new_array();
    char ver[32], cap[96];
    size_t i = 0, j = 0;
    static const char *sfx[] = {"", ".stateful", ".policy", ".clock", ".path"};
    snprintf(ver, sizeof ver, "%d.%d.%d", AMC_VERSION_MAJOR, AMC_VERSION_MINOR, AMC_VERSION_PATCH);
    json_object_object_add(o, "protocol", json_object_new_int(AMC_CONFORM_PROTOCOL));
    json_object_object_add(impl, "name", json_object_new_string("amc"));
    json_object_object_add(impl, "version", json_object_new_string(ver));
    json_object_object_add(impl, "language", json_object_new_string("C"));
    json_object_object_add(impl, "homepage", json_object_new_string("https://amc.dev/"));
    json_object_object_add(o, "implementation", impl);
    json_object_array_add(caps, json_object_new_string("codes"));
    for (i = 0; i < amc_profile_count(); i++) {
        const char *p = amc_profile_at(i)->name;
        json_object_array_add(profs, json_object_new_string(p));
        for (j = 0; j < sizeof sfx / sizeof sfx[0]; j++) {
            snprintf(cap, sizeof cap, "%s%s", p, sfx[j]);
            json_object_array_add(caps, json_object_new_string(cap));
        }
    }
    for (i = 0; i < amc_lifecycle_model_count(); i++) {
        snprintf(cap, sizeof cap, "%s.lifecycle", amc_lifecycle_model_at(i));
        json_object_array_add(caps, json_object_new_string(cap));
    }
    json_object_object_add(o, "profiles", profs);
    json_object_object_add(o, "capabilities", caps);
    reply(o);
}

static const char *jstr(json_object *o, const char *key)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* Decodes {"name","data"}; 0 ok, -2 out of memory, -1 malformed. */
static int file_of(json_object *f, const char **name, char **buf, size_t *len)
{
    const char *data = jstr(f, "data");
    *name = jstr(f, "name");
    if (!*name || !data)
        return -1;
    return cli_base64_decode(data, strlen(data), buf, len);
}

static amc_policy *load_policy(json_object *req, amc_diags *pds, char *err, size_t errlen)
{
    json_object *pf = NULL, *aux = NULL;
    const char *name = NULL, *kr = NULL, *slash = NULL;
    char *buf = NULL, want[2048];
    size_t len = 0, i = 0;
    amc_policy *pol = NULL;
    amc_status st = AMC_OK;
    int fo = 0;
    if (!json_object_object_get_ex(req, "policy", &pf) ||
        (fo = file_of(pf, &name, &buf, &len)) != 0) {
        snprintf(err, errlen, "%s", fo == -2 ? "out of memory" : "malformed policy");
        return NULL;
    }
    if ((st = amc_policy_read(buf, len, pds, &pol)) != AMC_OK) {
        free(buf);
        if (st == AMC_ENOMEM)
            snprintf(err, errlen, "out of memory");
        else
            snprintf(err, errlen, "policy %s does not read", name);
        return NULL;
    }
    free(buf);
    buf = NULL;
    kr = amc_policy_keyring_file(pol);
    if (!kr)
        return pol;
    slash = strrchr(name, '/');
    snprintf(want, sizeof want, "%.*s%s", slash ? (int)(slash - name + 1) : 0, name, kr);
    json_object_object_get_ex(req, "aux", &aux);
    for (i = 0; aux && i < json_object_array_length(aux); i++) {
        const char *an = NULL;
        if ((fo = file_of(json_object_array_get_idx(aux, i), &an, &buf, &len)) != 0) {
            if (fo != -2)
                continue;
            snprintf(err, errlen, "out of memory");
            amc_policy_free(pol);
            return NULL;
        }
        if (!strcmp(an, want)) {
            st = amc_policy_set_keyring(pol, buf, len, pds);
            free(buf);
            if (st != AMC_OK) {
                if (st == AMC_ENOMEM)
                    snprintf(err, errlen, "out of memory");
                else
                    snprintf(err, errlen, "keyring %.200s does not read", want);
                amc_policy_free(pol);
                return NULL;
            }
            return pol;
        }
        free(buf);
        buf = NULL;
    }
    return pol; /* no keyring sent: HMAC envelopes then fail as unkeyed, as amc validate would */
}

/* The reply to validate: the verdict (invalid iff an error), each code once in first-seen
 * order, the first 100 locations. */
static void validate_reply(int64_t seq, const amc_diags *ds)
{
    json_object *o = NULL, *codes = NULL, *locs = NULL;
    size_t d = 0;
    o = base(seq);
    codes = json_object_new_array();
    locs = json_object_new_array();
    json_object_object_add(o, "verdict",
                           json_object_new_string(amc_diags_errors(ds) ? "invalid" : "valid"));
    for (d = 0; d < amc_diags_count(ds); d++) {
        const amc_diag *x = amc_diags_get(ds, d);
        const char *id = amc_code_id(x->code);
        add_code(codes, id);
        if (x->also_code)
            add_code(codes, amc_code_id(x->also_code)); /* the same finding's second code */
        if (d < 100) {
            json_object *l = json_object_new_object();
            json_object_object_add(l, "code", json_object_new_string(id));
            json_object_object_add(l, "line", json_object_new_int64((int64_t)x->at.line + 1));
            json_object_object_add(l, "col", json_object_new_int64((int64_t)x->at.col + 1));
            json_object_array_add(locs, l);
        }
    }
    json_object_object_add(o, "codes", codes);
    json_object_object_add(o, "locations", locs);
    reply(o);
}

/* Checks every file of a validate request with v (a *.jsonl file: one message a line).
 * Returns 0, -1 for a malformed file entry, -2 out of memory. */
static int check_files(amc_validator *v, json_object *files, amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < json_object_array_length(files); i++) {
        const char *name = NULL;
        char *buf = NULL;
        size_t len = 0, off = 0, n = 0;
        bool lines = false;
        int fo = file_of(json_object_array_get_idx(files, i), &name, &buf, &len);
        if (fo != 0)
            return fo;
        n = strlen(name);
        lines = n > 6 && !strcmp(name + n - 6, ".jsonl");
        while (off < len || (!lines && off == 0)) {
            size_t end = len;
            if (lines) {
                end = off;
                while (end < len && buf[end] != '\n')
                    end++;
            }
            if ((!lines || end > off) &&
                amc_validator_check(v, name, buf + off, end - off, ds, NULL) == AMC_ENOMEM) {
                free(buf);
                return -2; /* a verdict without some of its diagnostics */
            }
            off = end + 1;
            if (!lines)
                break;
        }
        free(buf);
    }
    return 0;
}

/* Validators for plain requests (no session, policy or clock), one per profile, kept across
 * requests: compiling the profile's schemas per request cost more than validating. A
 * stateless validator keeps nothing between messages, so the verdicts are the same. */
static struct {
    const char *profile;
    amc_validator *v;
} plain[16];

static amc_validator *plain_validator(const char *profile)
{
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    size_t i = 0;
    for (i = 0; i < 16 && plain[i].profile; i++)
        if (!strcmp(plain[i].profile, profile))
            return plain[i].v;
    if (i == 16)
        return NULL;
    opts.profile = profile;
    if (amc_validator_new(&opts, NULL, &plain[i].v) != AMC_OK)
        return NULL;
    plain[i].profile = amc_profile_find(profile)->name;
    return plain[i].v;
}

static void plain_free(void)
{
    size_t i = 0;
    for (i = 0; i < 16 && plain[i].profile; i++)
        amc_validator_free(plain[i].v);
    memset(plain, 0, sizeof plain);
}

static void validate(int64_t seq, json_object *req)
{
    const char *profile = jstr(req, "profile"), *now = jstr(req, "now");
    json_object *files = NULL, *st = NULL;
    amc_validator_opts opts = {NULL, false, NULL, NULL, NULL};
    amc_validator *v = NULL, *v0 = NULL;
    amc_policy *pol = NULL;
    amc_diags *ds = amc_diags_new(0), *pds = amc_diags_new(0);
    char err[256] = "";
    amc_status vs = AMC_OK;
    int cf = 0;
    if (!ds || !pds) {
        reply_text(seq, "error", "out of memory");
        goto out;
    }
    if (!profile || !json_object_object_get_ex(req, "files", &files) ||
        !json_object_is_type(files, json_type_array)) {
        reply_text(seq, "error", "validate: missing profile or files");
        goto out;
    }
    if (!amc_profile_find(profile)) {
        snprintf(err, sizeof err, "profile %s is not implemented by amc", profile);
        reply_text(seq, "skipped", err);
        goto out;
    }
    opts.profile = profile;
    opts.stateful = json_object_object_get_ex(req, "stateful", &st) && json_object_get_boolean(st);
    opts.now = now;
    if (json_object_object_get_ex(req, "policy", NULL)) {
        pol = load_policy(req, pds, err, sizeof err);
        if (!pol) {
            reply_text(seq, "error", err);
            goto out;
        }
        opts.policy = pol;
    }
    if (!opts.stateful && !opts.policy && !opts.now && (v0 = plain_validator(profile)) != NULL) {
        /* kept across requests (plain_validator) */
    } else if ((vs = amc_validator_new(&opts, NULL, &v)) != AMC_OK) {
        reply_text(seq, "error",
                   vs == AMC_ENOMEM ? "out of memory" : "cannot create a validator (bad now?)");
        goto out;
    }
    if ((cf = check_files(v ? v : v0, files, ds)) != 0) {
        reply_text(seq, "error",
                   cf == -2 ? "out of memory"
                            : "validate: malformed file entry (name, base64 data)");
        goto out;
    }
    validate_reply(seq, ds);
out:
    amc_validator_free(v);
    amc_policy_free(pol);
    amc_diags_free(ds);
    amc_diags_free(pds);
}

/* One step's result; *nomem set when st or the state says out of memory (the caller then
 * replies with an error instead). */
static json_object *step_result(amc_lifecycle *lc, amc_diags *ds, amc_status st, bool *nomem)
{
    json_object *r = json_object_new_object(), *codes = json_object_new_array();
    char *state = NULL;
    size_t len = 0, d = 0;
    amc_status ss = AMC_OK;
    if (st == AMC_ENOMEM)
        *nomem = true;
    json_object_object_add(r, "accepted", json_object_new_boolean(st == AMC_OK));
    for (d = 0; d < amc_diags_count(ds); d++)
        json_object_array_add(codes,
                              json_object_new_string(amc_code_id(amc_diags_get(ds, d)->code)));
    json_object_object_add(r, "codes", codes);
    if ((ss = amc_lifecycle_state(lc, &state, &len)) == AMC_ENOMEM)
        *nomem = true;
    if (ss == AMC_OK && state) {
        json_object *so = json_tokener_parse(state);
        json_object_object_add(r, "state", so ? so : json_object_new_object());
    }
    amc_free(state);
    amc_diags_clear(ds);
    return r;
}

static void lifecycle(int64_t seq, json_object *req)
{
    const char *profile = jstr(req, "profile");
    json_object *events = NULL, *o = NULL, *states = NULL;
    amc_lifecycle_opts opts = {NULL, NULL, NULL};
    amc_lifecycle *lc = NULL;
    amc_policy *pol = NULL;
    amc_diags *ds = amc_diags_new(0);
    size_t i = 0, m = 0;
    bool have = false, nomem = false;
    amc_status ls = AMC_OK;
    if (!ds) {
        reply_text(seq, "error", "out of memory");
        goto out;
    }
    if (!profile || !json_object_object_get_ex(req, "events", &events) ||
        !json_object_is_type(events, json_type_array)) {
        reply_text(seq, "error", "lifecycle: missing profile or events");
        goto out;
    }
    for (m = 0; m < amc_lifecycle_model_count(); m++)
        have = have || !strcmp(amc_lifecycle_model_at(m), profile);
    opts.profile = profile;
    if (have && json_object_object_get_ex(req, "policy", NULL)) {
        char err[256];
        pol = load_policy(req, ds, err, sizeof err);
        if (!pol) {
            reply_text(seq, "error", err);
            goto out;
        }
        opts.policy = pol;
    }
    if (have && (ls = amc_lifecycle_new(&opts, NULL, &lc)) == AMC_ENOMEM) {
        reply_text(seq, "error", "out of memory");
        goto out;
    }
    if (!have || ls != AMC_OK) {
        reply_text(seq, "skipped", "amc has no lifecycle model for this profile");
        goto out;
    }
    o = base(seq);
    states = json_object_new_array();
    for (i = 0; i < json_object_array_length(events); i++) {
        const char *ev = json_object_to_json_string_ext(json_object_array_get_idx(events, i),
                                                        JSON_C_TO_STRING_PLAIN);
        amc_status st = amc_lifecycle_apply(lc, ev, strlen(ev), ds);
        json_object_array_add(states, step_result(lc, ds, st, &nomem));
    }
    json_object_object_add(o, "states", states);
    json_object_object_add(o, "final", step_result(lc, ds, amc_lifecycle_finish(lc, ds), &nomem));
    if (nomem) { /* a step's verdict or state is not what the model says */
        json_object_put(o);
        reply_text(seq, "error", "out of memory");
    } else {
        reply(o);
    }
out:
    amc_lifecycle_free(lc);
    amc_policy_free(pol);
    amc_diags_free(ds);
}

static int adapter_main(void *args, const cli_list *ops)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = 0;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        json_object *req = NULL, *sv = NULL;
        const char *op = NULL;
        int64_t seq = 0;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0)
            continue;
        req = json_tokener_parse(line);
        if (req && json_object_object_get_ex(req, "seq", &sv) &&
            json_object_is_type(sv, json_type_int))
            seq = json_object_get_int64(sv);
        op = req ? jstr(req, "op") : NULL;
        if (!req || !json_object_is_type(req, json_type_object) || !op)
            reply_text(seq, "error", "request is not a JSON object with \"op\"");
        else if (!strcmp(op, "hello"))
            hello(seq);
        else if (!strcmp(op, "validate"))
            validate(seq, req);
        else if (!strcmp(op, "lifecycle"))
            lifecycle(seq, req);
        else if (!strcmp(op, "reset") || !strcmp(op, "stop")) {
            json_object *o = base(seq);
            json_object_object_add(o, "ok", json_object_new_boolean(1));
            reply(o);
            if (!strcmp(op, "stop")) {
                json_object_put(req);
                break;
            }
        } else
            reply_text(seq, "error", "unknown op");
        json_object_put(req);
    }
    free(line);
    plain_free();
    return CLI_EXIT_OK;
}

const cli_command cli_cmd_adapter = {
    .name = "adapter",
    .summary = "the reference adapter: amc's validator behind the conformance protocol",
    .synopsis = (const char *const[]){"", NULL},
    .description =
        "The reference adapter of the conformance protocol (conformance/PROTOCOL.md): reads "
        "requests on standard input, one JSON object per line, and answers on standard output "
        "with amc's own validator, so that amc conform measures amc through the same path as "
        "any other implementation. It claims every profile amc implements, with every "
        "capability. A request that is not JSON gets an \"error\" reply; end of input or stop "
        "ends it.",
    .exits =
        (const cli_exit[]){{0, "end of input or a stop request"}, {2, "usage error"}, {0, NULL}},
    .examples =
        (const cli_example[]){{"Score amc itself (100%):", "amc conform --impl 'amc adapter'"},
                              {NULL, NULL}},
    .run = adapter_main,
};
