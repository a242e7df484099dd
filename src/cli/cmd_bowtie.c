/*
 * cmd_bowtie.c - amc bowtie: a test harness for Bowtie (github.com/bowtie-json-schema/bowtie),
 * the JSON Schema meta-validator. Speaks Bowtie's IHOP protocol version 1 (its schemas
 * bowtie/schemas/io/v1.json and io/commands/{start,dialect,run,stop}.json; docs/bowtie.md): one
 * JSON request per line on stdin, one JSON response per line on stdout, flushed.
 *
 * Decisions:
 *   - start: protocol version 1 only (another version is a protocol error: Bowtie's harnesses
 *     assert it); the response names amc, its version, language C, the five dialects amc
 *     implements (their meta-schema URIs as published) and the URLs of the build
 *     (AMC_URL_HOMEPAGE, AMC_URL_SOURCE, AMC_URL_ISSUES, CMake cache variables).
 *   - dialect: {"ok": true} for a dialect amc implements, which becomes the default dialect of
 *     the following cases' schemas without "$schema"; {"ok": false} otherwise (Bowtie only
 *     sends dialects the start response listed).
 *   - run: a fresh schema set per case; the case's registry (retrieval URI -> schema) is served
 *     through the set's loader (URIs compared with and without an empty fragment); nothing else
 *     is loaded (no files, no network). The schema is compiled once and every test's instance
 *     validated with format as an annotation (amc_schema_validate()'s default, the 2020-12 and
 *     2019-09 default; the suite's required tests need it). Results are positional. A schema
 *     that does not compile (a dialect amc does not implement, an invalid keyword value, an
 *     unresolvable $ref) answers "errored" with the compiler's diagnostics as the message: amc
 *     refuses such a schema, it never guesses a verdict. A case asking for "annotations" output
 *     skips every test: amc does not report annotations.
 *   - seq is echoed byte for byte (Bowtie: "make no assumption about what kind of value it is").
 *   - Requests are read with amc's strict JSON reader (exact numbers, no duplicate keys). A
 *     line it rejects whose "cmd" and "seq" json-c can still read gets an "errored" response
 *     naming the problem; any other unreadable line, an unknown command, or a command before
 *     start is a protocol error: a message on stderr and exit status 2 (Bowtie then reports
 *     the harness as crashed, the honest outcome).
 *   - stop: no response; exit status 0 (also at end of input).
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#ifndef AMC_URL_HOMEPAGE
#define AMC_URL_HOMEPAGE "https://amc.dev/"
#endif
#ifndef AMC_URL_SOURCE
#define AMC_URL_SOURCE AMC_URL_HOMEPAGE
#endif
#ifndef AMC_URL_ISSUES
#define AMC_URL_ISSUES AMC_URL_HOMEPAGE
#endif

typedef struct bargs {
    uint64_t max_size, max_depth;
} bargs;

typedef struct harness {
    amc_limits lim;
    bool started;
    amc_schema_dialect dialect;
} harness;

/* Writes one response line: {"seq": <seq as received>, ...members of rest}; frees rest. */
static void reply(const amc_value *seq, json_object *rest)
{
    const char *body = json_object_to_json_string_ext(rest, JSON_C_TO_STRING_PLAIN |
                                                                JSON_C_TO_STRING_NOSLASHESCAPE);
    char *st = NULL;
    size_t sl = 0;
    if (seq) {
        st = amc_value_to_json(seq, -1, &sl);
        if (!st) {
            fprintf(stderr, "amc bowtie: out of memory\n");
            exit(CLI_EXIT_ERROR);
        }
        fputs("{\"seq\":", stdout);
        fwrite(st, 1, sl, stdout);
        fputs(strcmp(body, "{}") == 0 ? "}" : ",", stdout);
        if (strcmp(body, "{}") != 0)
            fputs(body + 1, stdout);
    } else {
        fputs(body, stdout);
    }
    fputc('\n', stdout);
    fflush(stdout);
    amc_free(st);
    json_object_put(rest);
}

static void add_str(json_object *o, const char *key, const char *v)
{
    json_object_object_add(o, key, json_object_new_string(v));
}

/* os and os_version from /etc/os-release (ID, VERSION_ID), when readable. */
static void add_os(json_object *impl)
{
    char line[256];
    FILE *f = fopen("/etc/os-release", "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char *eq = strchr(line, '='), *v = NULL;
        size_t n = 0;
        if (!eq)
            continue;
        *eq = '\0';
        v = eq + 1;
        n = strcspn(v, "\r\n");
        v[n] = '\0';
        if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
            v[n - 1] = '\0';
            v++;
        }
        if (!strcmp(line, "ID"))
            add_str(impl, "os", v);
        else if (!strcmp(line, "VERSION_ID"))
            add_str(impl, "os_version", v);
    }
    fclose(f);
}

static json_object *implementation(void)
{
    json_object *impl = json_object_new_object(), *dialects = json_object_new_array();
    int d = 0;
    add_str(impl, "name", "amc");
    add_str(impl, "version", amc_version());
    add_str(impl, "language", "c");
#ifdef __VERSION__
    add_str(impl, "language_version", __VERSION__);
#endif
    add_str(impl, "homepage", AMC_URL_HOMEPAGE);
    add_str(impl, "documentation", AMC_URL_HOMEPAGE);
    add_str(impl, "source", AMC_URL_SOURCE);
    add_str(impl, "issues", AMC_URL_ISSUES);
    for (d = AMC_DIALECT_2020_12; d <= AMC_DIALECT_DRAFT4; d++)
        json_object_array_add(
            dialects, json_object_new_string(amc_schema_dialect_uri((amc_schema_dialect)d)));
    json_object_object_add(impl, "dialects", dialects);
    add_os(impl);
    return impl;
}

/* Returns false on a protocol error (reported). */
static bool cmd_start(harness *h, const amc_value *req)
{
    const amc_value *v = amc_value_getz(req, "version");
    json_object *o = NULL;
    if (!v || v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INT64) || v->u.num.i != 1) {
        fprintf(stderr, "amc bowtie: start: only protocol version 1 is spoken\n");
        return false;
    }
    h->started = true;
    o = json_object_new_object();
    json_object_object_add(o, "version", json_object_new_int(1));
    json_object_object_add(o, "implementation", implementation());
    reply(NULL, o);
    return true;
}

static void cmd_dialect(harness *h, const amc_value *req)
{
    const amc_value *v = amc_value_getz(req, "dialect");
    amc_schema_dialect d = AMC_DIALECT_2020_12;
    bool ok = v && v->type == AMC_T_STRING && amc_schema_dialect_parse(v->u.str.ptr, &d) == AMC_OK;
    json_object *o = json_object_new_object();
    if (ok)
        h->dialect = d;
    json_object_object_add(o, "ok", json_object_new_boolean(ok));
    reply(NULL, o);
}

typedef struct registry {
    const amc_value *v; /* the case's "registry" object, or NULL */
} registry;

/* The case's registry, served to the schema set. */
static amc_status registry_loader(void *ud, const char *uri, char **buf, size_t *len)
{
    const amc_value *reg = ((const registry *)ud)->v;
    size_t i = 0, n = strlen(uri);
    if (!reg || reg->type != AMC_T_OBJECT)
        return AMC_EIO;
    for (i = 0; i < reg->u.obj.len; i++) {
        const amc_member *m = &reg->u.obj.members[i];
        size_t k = m->key_len;
        if (k && m->key[k - 1] == '#')
            k--; /* "...schema#" names the same document */
        if (k == n && !memcmp(m->key, uri, n)) {
            *buf = amc_value_to_json(m->value, -1, len);
            return *buf ? AMC_OK : AMC_ENOMEM;
        }
    }
    return AMC_EIO;
}

/* {"errored": true, "context": {"message": ...}} for the case. */
static void reply_errored(const amc_value *seq, const char *message)
{
    json_object *o = json_object_new_object(), *ctx = json_object_new_object();
    json_object_object_add(o, "errored", json_object_new_boolean(1));
    add_str(ctx, "message", message);
    json_object_object_add(o, "context", ctx);
    reply(seq, o);
}

/* The diagnostics of a failed compile as one message. */
static void diags_message(const amc_diags *ds, amc_status st, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    out[0] = '\0';
    for (i = 0; i < amc_diags_count(ds) && o + 1 < cap; i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        o += (size_t)snprintf(out + o, cap - o, "%s%s: %s", o ? "; " : "", amc_code_id(d->code),
                              d->message);
    }
    if (!out[0])
        snprintf(out, cap, "the schema does not compile (%s)", amc_status_str(st));
}

/* Compiles the case's schema into a new set. NULL after replying "errored". */
static amc_schema_set *compile_case(harness *h, const amc_value *seq, const amc_value *c,
                                    registry *reg, const amc_schema **out)
{
    amc_schema_set *set = amc_schema_set_new(&h->lim);
    amc_diags *ds = amc_diags_new(0);
    const amc_value *schema = amc_value_getz(c, "schema");
    char *text = NULL, msg[2048];
    const char *uri = NULL;
    size_t len = 0;
    amc_status st = AMC_ENOMEM;
    if (set && ds && schema && (text = amc_value_to_json(schema, -1, &len)) != NULL) {
        reg->v = amc_value_getz(c, "registry");
        amc_schema_set_loader(set, registry_loader, reg);
        st = amc_schema_set_default_dialect(set, h->dialect);
        if (st == AMC_OK)
            st = amc_schema_set_add(set, NULL, text, len, ds, &uri);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, out);
    }
    if (st != AMC_OK) {
        diags_message(ds, schema ? st : AMC_EUSAGE, msg, sizeof msg);
        reply_errored(seq, schema ? msg : "the case has no \"schema\"");
        amc_schema_set_free(set);
        set = NULL;
    }
    amc_free(text);
    amc_diags_free(ds);
    return set;
}

/* One result per test: {"valid": bool} (or errored when no verdict could be reached). */
static json_object *test_result(const amc_schema *s, const amc_value *test)
{
    const amc_value *inst = amc_value_getz(test, "instance");
    json_object *r = json_object_new_object();
    bool valid = false;
    amc_status st = inst ? amc_schema_validate(s, inst, NULL, NULL, NULL, &valid) : AMC_EUSAGE;
    if (st == AMC_OK || st == AMC_ELIMIT) {
        /* ELIMIT: a $ref loop or a limit; amc's verdict is then "invalid" */
        json_object_object_add(r, "valid", json_object_new_boolean(valid));
    } else {
        json_object *ctx = json_object_new_object();
        json_object_object_add(r, "errored", json_object_new_boolean(1));
        add_str(ctx, "message", inst ? amc_status_str(st) : "the test has no \"instance\"");
        json_object_object_add(r, "context", ctx);
    }
    return r;
}

static void cmd_run(harness *h, const amc_value *req)
{
    const amc_value *seq = amc_value_getz(req, "seq"), *c = amc_value_getz(req, "case");
    const amc_value *out = amc_value_getz(req, "output");
    const amc_value *tests = c ? amc_value_getz(c, "tests") : NULL;
    const amc_schema *s = NULL;
    amc_schema_set *set = NULL;
    registry reg = {NULL};
    json_object *o = NULL, *results = NULL;
    size_t i = 0;
    bool annotations = out && out->type == AMC_T_STRING && !strcmp(out->u.str.ptr, "annotations");
    if (!tests || tests->type != AMC_T_ARRAY) {
        reply_errored(seq, "the run request has no case with a \"tests\" array");
        return;
    }
    if (!annotations && (set = compile_case(h, seq, c, &reg, &s)) == NULL)
        return;
    o = json_object_new_object();
    results = json_object_new_array();
    for (i = 0; i < tests->u.arr.len; i++) {
        json_object *r = NULL;
        if (annotations) {
            r = json_object_new_object();
            json_object_object_add(r, "skipped", json_object_new_boolean(1));
            add_str(r, "message", "amc does not report annotations");
        } else {
            r = test_result(s, tests->u.arr.items[i]);
        }
        json_object_array_add(results, r);
    }
    json_object_object_add(o, "results", results);
    reply(seq, o);
    amc_schema_set_free(set);
}

/* A line the strict reader refused (or could not read: nomem): "errored" if it is a run whose
 * seq json-c can read, else a protocol error (returns false). */
static bool unreadable(const char *line, size_t n, const amc_diags *ds, bool nomem)
{
    json_object *j = json_tokener_parse(line), *cmd = NULL, *seq = NULL;
    bool ok = j && json_object_object_get_ex(j, "cmd", &cmd) &&
              json_object_object_get_ex(j, "seq", &seq) &&
              !strcmp(json_object_get_string(cmd), "run");
    const amc_diag *d = !nomem && amc_diags_count(ds) ? amc_diags_get(ds, 0) : NULL;
    (void)n;
    if (ok) {
        json_object *o = json_object_new_object(), *ctx = json_object_new_object();
        json_object_object_add(o, "seq", json_object_get(seq));
        json_object_object_add(o, "errored", json_object_new_boolean(1));
        add_str(ctx, "message",
                nomem ? "out of memory"
                : d   ? d->message
                      : "the request cannot be read");
        json_object_object_add(o, "context", ctx);
        reply(NULL, o);
    } else if (nomem) {
        fprintf(stderr, "amc bowtie: out of memory\n");
    } else {
        /* no diagnostic: valid JSON, but an array, string, number ... */
        fprintf(stderr, "amc bowtie: a request is not a JSON object%s%s\n", d ? ": " : "",
                d ? d->message : "");
    }
    json_object_put(j);
    return ok;
}

/* Handles one request line. 1: go on, 0: stop, -1: protocol error. */
static int handle(harness *h, const char *line, size_t n)
{
    amc_diags *ds = amc_diags_new(4);
    amc_doc *doc = NULL;
    const amc_value *req = NULL, *cmd = NULL;
    const char *name = NULL;
    int rc = -1;
    amc_status st = ds ? amc_json_read(line, n, &h->lim, ds, &doc) : AMC_ENOMEM;
    if (st != AMC_OK || amc_doc_root(doc)->type != AMC_T_OBJECT) {
        rc = unreadable(line, n, ds, st == AMC_ENOMEM) ? 1 : -1;
        goto out;
    }
    req = amc_doc_root(doc);
    cmd = amc_value_getz(req, "cmd");
    name = cmd && cmd->type == AMC_T_STRING ? cmd->u.str.ptr : NULL;
    if (!name) {
        fprintf(stderr, "amc bowtie: a request without \"cmd\"\n");
    } else if (!strcmp(name, "start")) {
        rc = cmd_start(h, req) ? 1 : -1;
    } else if (!h->started) {
        fprintf(stderr, "amc bowtie: \"%s\" before \"start\"\n", name);
    } else if (!strcmp(name, "stop")) {
        rc = 0;
    } else if (!strcmp(name, "dialect")) {
        cmd_dialect(h, req);
        rc = 1;
    } else if (!strcmp(name, "run")) {
        cmd_run(h, req);
        rc = 1;
    } else {
        fprintf(stderr, "amc bowtie: unknown command \"%s\"\n", name);
    }
out:
    amc_doc_free(doc);
    amc_diags_free(ds);
    return rc;
}

static int bowtie_main(void *args, const cli_list *ops)
{
    const bargs *a = args;
    harness h;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = 0;
    int rc = 1;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    (void)ops;
    memset(&h, 0, sizeof h);
    lim.max_input_bytes = (size_t)a->max_size;
    lim.max_depth = (uint32_t)a->max_depth;
    amc_limits_normalize(&lim);
    h.lim = lim;
    h.dialect = AMC_DIALECT_2020_12;
    while (rc == 1 && (n = getline(&line, &cap, stdin)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n > 0)
            rc = handle(&h, line, (size_t)n);
    }
    free(line);
    return rc < 0 ? CLI_EXIT_ERROR : CLI_EXIT_OK;
}

#define O(field) CLI_AT(bargs, field)
const cli_command cli_cmd_bowtie = {
    .name = "bowtie",
    .summary = "be a Bowtie test harness: JSON Schema cases on stdin, verdicts on stdout",
    .synopsis = (const char *const[]){"[--max-size BYTES] [--max-depth N]", NULL},
    .description =
        "Speaks the harness protocol of Bowtie (github.com/bowtie-json-schema/bowtie, protocol "
        "version 1: start, dialect, run, stop), so that amc's JSON Schema engine can be run in "
        "Bowtie's reports and compared with other implementations. Reads one JSON request per "
        "line on standard input and writes one JSON response per line on standard output; "
        "bowtie/Dockerfile builds the image Bowtie runs (docs/bowtie.md).\n"
        "start answers with amc's name, version and its five dialects (2020-12, 2019-09, "
        "draft 7, 6, 4); dialect sets the dialect of schemas without \"$schema\"; run compiles "
        "the case's schema (its registry is the only place references are loaded from) and "
        "validates each instance, format as an annotation. A schema amc refuses (an "
        "unsupported $schema, an invalid keyword, an unresolvable $ref) answers \"errored\" "
        "with the compiler's messages; \"annotations\" output is skipped (amc does not report "
        "annotations). stop ends the harness.",
    .options =
        (const cli_opt[]){
            {.shared = &cli_opt_max_size,
             O(max_size),
             .help = "largest request line (K, M, G: binary multiples)"},
            {.shared = &cli_opt_max_depth,
             O(max_depth),
             .def = "512",
             .help = "deepest nesting of a request (the case's schema and instances are inside "
                     "it)"},
            {0}},
    .exits = (const cli_exit[]){{0, "stop was received, or the input ended"},
                                {2, "usage error, or a protocol error: a request that is not "
                                    "JSON, an unknown command, a command before start, a "
                                    "protocol version other than 1"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"One case by hand:",
                                       "printf '%s\\n' '{\"cmd\":\"start\",\"version\":1}' "
                                       "'{\"cmd\":\"run\",\"seq\":1,\"case\":{\"description\":"
                                       "\"c\",\"schema\":{\"const\":37},\"tests\":[{"
                                       "\"description\":\"t\",\"instance\":37}]}}' "
                                       "'{\"cmd\":\"stop\"}' | amc bowtie"},
                                      {"Run amc in Bowtie (with the image built from "
                                       "bowtie/Dockerfile):",
                                       "bowtie suite -i localhost/c-amc "
                                       "https://github.com/json-schema-org/"
                                       "JSON-Schema-Test-Suite/tree/main/tests/draft7"},
                                      {NULL, NULL}},
    .args_size = sizeof(bargs),
    .run = bowtie_main,
};
#undef O
