/*
 * cmd_trace.c - amc trace check: replays a JSON Lines trace through a profile's lifecycle model
 * (amc/lifecycle.h; format conformance/LIFECYCLE.md, events docs/lifecycle/<profile>.md).
 *
 * Decisions:
 *   - Each non-blank line is one event; diagnostics are positioned in the trace (line, column).
 *     The check stops at the first illegal step (an error); warnings do not stop it. When the
 *     whole trace was applied, the end-of-stream obligations (amc_lifecycle_finish) are
 *     reported at the last line.
 *   - Native logs (mailbox): a line without "event" that has "msg_id" and "processed_at" is a
 *     row of the implementation's state/message-receipts.jsonl; it becomes the events commit and
 *     relay (the first time the dedup key task_id|agent_id|msg_id is seen), consume, ack at
 *     processed_at. A row with "quarantined_at" (state/quarantine.jsonl) is counted and
 *     skipped: quarantine decisions are the message profile's (amc validate), not the
 *     lifecycle's. Lines of both files may be concatenated (sort them by time first).
 *   - Totals (text: stdout after the diagnostics; json: members of the result): lines, events by
 *     name, entities (the size of every object member of the final state).
 *   - Exit status: 0 the trace is legal (warnings allowed), 1 an illegal step or an open
 *     obligation, 2 usage or I/O error.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_config.h"
#include "cli_html.h"
#include "cli_html_tl.h"

#define FMT_HTML 100 /* --format html: cli_html_trace() */

#define MAX_NAMES 64
typedef struct totals {
    size_t lines, events, quarantine;
    const char *names[MAX_NAMES];
    size_t counts[MAX_NAMES];
    size_t n;
    char **keys; /* native dedup keys seen */
    size_t nkeys, capkeys;
    size_t lineno; /* the line being applied */
    cli_tl *tl;    /* --format html: every event recorded */
} totals;

/* amc_lifecycle_apply, recording the event on the timeline (--format html). */
static amc_status apply_ev(amc_lifecycle *lc, totals *t, const char *ev, size_t len, amc_diags *ds)
{
    size_t first = amc_diags_count(ds);
    amc_status st = amc_lifecycle_apply(lc, ev, len, ds);
    if (t->tl)
        cli_tl_event(t->tl, lc, ev, len, t->lineno, st, ds, first);
    return st;
}

static void count_event(totals *t, const char *name)
{
    size_t i = 0;
    t->events++;
    for (i = 0; i < t->n; i++)
        if (!strcmp(t->names[i], name)) {
            t->counts[i]++;
            return;
        }
    if (t->n < MAX_NAMES) {
        t->names[t->n] = strdup(name);
        if (!t->names[t->n]) {
            cli_nomem();
            return;
        }
        t->counts[t->n++] = 1;
    }
}

static bool key_seen(totals *t, const char *k)
{
    size_t i = 0;
    for (i = 0; i < t->nkeys; i++)
        if (!strcmp(t->keys[i], k))
            return true;
    if (t->nkeys == t->capkeys) {
        size_t cap = t->capkeys ? t->capkeys * 2 : 64;
        char **keys = realloc(t->keys, cap * sizeof *keys);
        if (!keys) {
            cli_nomem();
            return false;
        }
        t->keys = keys;
        t->capkeys = cap;
    }
    if (!(t->keys[t->nkeys] = strdup(k)))
        cli_nomem();
    else
        t->nkeys++;
    return false;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

/* Applies one line; native rows become several events. Returns the status of the last. */
static amc_status apply_line(amc_lifecycle *lc, totals *t, const char *line, size_t len,
                             amc_diags *ds, bool *skipped)
{
    json_object *o = NULL;
    const char *msg = NULL, *at = NULL;
    amc_status st = AMC_OK;
    *skipped = false;
    {
        char *copy = strndup(line, len);
        if (!copy) {
            cli_nomem();
            return AMC_ENOMEM;
        }
        o = json_tokener_parse(copy);
        free(copy);
    }
    if (o && json_object_is_type(o, json_type_object) && !jstr(o, "event")) {
        if (json_object_object_get_ex(o, "quarantined_at", NULL)) {
            t->quarantine++;
            *skipped = true;
            json_object_put(o);
            return AMC_OK;
        }
        msg = jstr(o, "msg_id");
        at = jstr(o, "processed_at");
        if (msg && at) {
            char key[1024], ev[1400];
            const char *seq[4] = {"commit", "relay", "consume", "ack"};
            size_t i = 0, first = 0;
            snprintf(key, sizeof key, "%s|%s|%s", jstr(o, "task_id") ? jstr(o, "task_id") : "",
                     jstr(o, "agent_id") ? jstr(o, "agent_id") : "", msg);
            first = key_seen(t, key) ? 2 : 0;
            for (i = first; i < 4 && st == AMC_OK; i++) {
                json_object *e = json_object_new_object();
                json_object_object_add(e, "event", json_object_new_string(seq[i]));
                json_object_object_add(e, "t", json_object_new_string(at));
                json_object_object_add(e, "msg", json_object_new_string(key));
                snprintf(ev, sizeof ev, "%s",
                         json_object_to_json_string_ext(e, JSON_C_TO_STRING_PLAIN));
                json_object_put(e);
                count_event(t, seq[i]);
                st = apply_ev(lc, t, ev, strlen(ev), ds);
            }
            json_object_put(o);
            return st;
        }
    }
    {
        const char *name = o && json_object_is_type(o, json_type_object) ? jstr(o, "event") : NULL;
        count_event(t, name ? name : "(invalid)");
    }
    json_object_put(o);
    return apply_ev(lc, t, line, len, ds);
}

/* Replays buf line by line into lc; stops at the first illegal step (*stop_line). Returns
 * whether the trace is illegal (an illegal step or an open obligation at the end). */
static bool replay(amc_lifecycle *lc, totals *t, const char *buf, size_t len, amc_diags *ds,
                   size_t *stop_line)
{
    size_t off = 0, lineno = 0, i = 0, first = 0;
    amc_pos last = {0, 0, 0};
    bool illegal = false;
    while (off < len) {
        const char *nl = memchr(buf + off, '\n', len - off);
        size_t end = nl ? (size_t)(nl - buf) : len, l = end - off;
        amc_pos base = {off, (uint32_t)lineno, 0};
        bool blank = true, skipped = false;
        first = amc_diags_count(ds);
        for (i = off; i < end; i++)
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r')
                blank = false;
        lineno++;
        t->lineno = lineno;
        t->lines++;
        if (!blank) {
            amc_status st = apply_line(lc, t, buf + off, l, ds, &skipped);
            amc_diags_rebase(ds, first, base);
            if (st == AMC_ENOMEM)
                cli_nomem();
            /* a step rejected only by rules the settings turned off (no error left) goes on */
            if ((st != AMC_OK && st != AMC_EINVALID) || amc_diags_errors(ds) > 0) {
                *stop_line = lineno;
                return true;
            }
        }
        off = end + 1;
    }
    first = amc_diags_count(ds);
    last.line = (uint32_t)(lineno ? lineno - 1 : 0);
    {
        amc_status st = amc_lifecycle_finish(lc, ds);
        if (st == AMC_ENOMEM)
            cli_nomem();
        illegal = (st != AMC_OK && st != AMC_EINVALID) || amc_diags_errors(ds) > 0;
    }
    amc_diags_rebase(ds, first, last);
    return illegal;
}

/* The outcome of a replay, for the report. */
typedef struct outcome {
    const char *file, *profile;
    bool illegal;
    size_t stop_line;
    json_object *state, *entities, *events; /* the final state; sizes; events by name */
} outcome;

static void print_json(const outcome *o, const totals *t, const amc_diags *ds)
{
    json_object *res = json_object_new_object(), *arr = json_object_new_array();
    size_t i = 0;
    json_object_object_add(res, "file",
                           json_object_new_string(strcmp(o->file, "-") ? o->file : "<stdin>"));
    json_object_object_add(res, "profile", json_object_new_string(o->profile));
    json_object_object_add(res, "valid", json_object_new_boolean(!o->illegal));
    json_object_object_add(res, "stopped_at_line",
                           o->stop_line ? json_object_new_int64((int64_t)o->stop_line) : NULL);
    json_object_object_add(res, "lines", json_object_new_int64((int64_t)t->lines));
    json_object_object_add(res, "events", json_object_new_int64((int64_t)t->events));
    json_object_object_add(res, "events_by_name", json_object_get(o->events));
    json_object_object_add(res, "entities", json_object_get(o->entities));
    if (t->quarantine)
        json_object_object_add(res, "quarantine_rows",
                               json_object_new_int64((int64_t)t->quarantine));
    for (i = 0; i < amc_diags_count(ds); i++)
        json_object_array_add(arr, cli_diag_to_json(amc_diags_get(ds, i)));
    json_object_object_add(res, "diagnostics", arr);
    json_object_object_add(res, "state", json_object_get(o->state));
    cli_json_fputs(json_object_to_json_string_ext(res, JSON_C_TO_STRING_PRETTY |
                                                           JSON_C_TO_STRING_SPACED |
                                                           JSON_C_TO_STRING_NOSLASHESCAPE),
                   stdout);
    putchar('\n');
    json_object_put(res);
}

static void print_text(const outcome *o, const totals *t, const amc_diags *ds)
{
    bool color = cli_use_color(stdout);
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stdout, o->file, amc_diags_get(ds, i), color);
    printf("%s: %s; %zu lines, %zu events", strcmp(o->file, "-") ? o->file : "<stdin>",
           o->illegal ? (o->stop_line ? "illegal step" : "open obligations at the end")
                      : "legal trace",
           t->lines, t->events);
    if (o->stop_line)
        printf(" (stopped at line %zu)", o->stop_line);
    printf("\n  events:");
    for (i = 0; i < t->n; i++)
        printf(" %s=%zu", t->names[i], t->counts[i]);
    printf("\n  entities:");
    {
        json_object_object_foreach(o->entities, k, v)
        {
            printf(" %s=%lld", k, (long long)json_object_get_int64(v));
        }
    }
    if (t->quarantine)
        printf("\n  quarantine rows skipped: %zu", t->quarantine);
    printf("\n");
}

/* Prints the result: SARIF, or the totals (entities = the size of every object member of the
 * final state) as JSON or text. */
static void report(outcome *o, const totals *t, const amc_diags *ds, cli_format fmt,
                   const char *state)
{
    size_t i = 0;
    if (fmt == CLI_FMT_SARIF) {
        cli_report *r = cli_report_new(fmt, stdout, "trace check");
        if (!r) {
            cli_nomem(); /* no report: exit 2, "the output is incomplete" */
            return;
        }
        cli_report_file(r, o->file, ds);
        cli_report_finish(r);
        return;
    }
    o->state = state ? json_tokener_parse(state) : NULL;
    o->entities = json_object_new_object();
    o->events = json_object_new_object();
    {
        json_object_object_foreach(o->state, k, v)
        {
            if (json_object_is_type(v, json_type_object))
                json_object_object_add(
                    o->entities, k, json_object_new_int64((int64_t)json_object_object_length(v)));
        }
    }
    for (i = 0; i < t->n; i++)
        json_object_object_add(o->events, t->names[i],
                               json_object_new_int64((int64_t)t->counts[i]));
    if (fmt == CLI_FMT_JSON) {
        print_json(o, t, ds);
    } else if ((int)fmt == FMT_HTML) {
        cli_tl_trace_info in = {strcmp(o->file, "-") ? o->file : "<stdin>",
                                o->profile,
                                o->illegal,
                                o->stop_line,
                                t->lines,
                                t->events,
                                t->names,
                                t->counts,
                                t->n};
        cli_html_trace(stdout, t->tl, &in, ds);
    } else {
        print_text(o, t, ds);
    }
    json_object_put(o->entities);
    json_object_put(o->events);
    json_object_put(o->state);
}

typedef struct targs {
    const char *profile, *policy, *config;
    cli_list disable;
    bool no_config;
    int format;
} targs;

static int trace_main(void *args, const cli_list *ops)
{
    targs ea = *(const targs *)args;
    const targs *a = &ea;
    cli_config cfg;
    amc_policy *pol = NULL;
    amc_lifecycle *lc = NULL;
    amc_lifecycle_opts lo = {0};
    amc_diags *ds = NULL;
    char *buf = NULL, *state = NULL;
    size_t len = 0, slen = 0, i = 0;
    totals t;
    outcome o = {ops->v[1], a->profile, false, 0, NULL, NULL, NULL};
    int rc = CLI_EXIT_ERROR;
    amc_status st = AMC_OK;
    memset(&t, 0, sizeof t);
    if (strcmp(ops->v[0], "check") != 0)
        return cli_usage_error(&cli_cmd_trace, "unknown action '%s' (expected check)", ops->v[0]);
    if (cli_config_load("trace check", ea.config, ea.no_config, &cfg) != 0 ||
        cli_config_format(&cfg, "trace check", "text json sarif", &ea.format) != 0) {
        cli_config_free(&cfg);
        return CLI_EXIT_ERROR;
    }
    for (i = 0; i < ea.disable.n; i++)
        if (cli_config_disable(&cfg, ea.disable.v[i]) != 0) {
            cli_config_free(&cfg);
            return CLI_EXIT_ERROR;
        }
    if (!ea.profile)
        ea.profile = cfg.profile;
    if (!ea.policy)
        ea.policy = cfg.policy;
    if (!a->profile) {
        cli_config_free(&cfg);
        return cli_usage_error(&cli_cmd_trace, "--profile is required");
    }
    ds = amc_diags_new(0);
    if (!ds)
        fprintf(stderr, "amc trace check: out of memory\n");
    if (!ds || cli_load_policy("trace check", a->policy, NULL, false, (size_t)1 << 26, &pol) != 0)
        goto out;
    lo.profile = a->profile;
    lo.policy = pol;
    st = amc_lifecycle_new(&lo, ds, &lc);
    if (st != AMC_OK) {
        for (i = 0; i < amc_diags_count(ds); i++)
            fprintf(stderr, "amc trace check: %s\n", amc_diags_get(ds, i)->message);
        if (st == AMC_ENOMEM)
            fprintf(stderr, "amc trace check: out of memory\n");
        goto out;
    }
    if (cli_read_file(o.file, (size_t)1 << 30, &buf, &len) != 0)
        goto out;
    cli_config_install(&cfg, ds);
    if (a->format == FMT_HTML && !(t.tl = cli_tl_new(lc))) {
        fprintf(stderr, "amc trace check: out of memory\n");
        goto out;
    }
    o.illegal = replay(lc, &t, buf, len, ds, &o.stop_line);
    if (cli_nomem_seen()) {
        fprintf(stderr, "amc trace check: out of memory\n");
        goto out;
    }
    if (amc_lifecycle_state(lc, &state, &slen) == AMC_ENOMEM) {
        fprintf(stderr, "amc trace check: out of memory\n");
        goto out;
    }
    rc = o.illegal ? CLI_EXIT_INVALID : CLI_EXIT_OK;
    report(&o, &t, ds, (cli_format)a->format, state);
out:
    for (i = 0; i < t.n; i++)
        free((void *)(uintptr_t)t.names[i]);
    for (i = 0; i < t.nkeys; i++)
        free(t.keys[i]);
    free(t.keys);
    cli_tl_free(t.tl);
    amc_free(state);
    free(buf);
    amc_lifecycle_free(lc);
    amc_policy_free(pol);
    amc_diags_free(ds);
    cli_config_free(&cfg);
    return rc;
}

static const cli_value formats[] = {{"text", CLI_FMT_TEXT},
                                    {"json", CLI_FMT_JSON},
                                    {"sarif", CLI_FMT_SARIF},
                                    {"html", FMT_HTML},
                                    {NULL, 0}};

static void list_models(FILE *f)
{
    size_t i = 0;
    fprintf(f, "models: ");
    for (i = 0; i < amc_lifecycle_model_count(); i++)
        fprintf(f, "%s%s", i ? ", " : "", amc_lifecycle_model_at(i));
    fprintf(f, "\n");
}

const cli_command cli_cmd_trace = {
    .name = "trace",
    .summary = "check a lifecycle trace (JSON Lines events) against a profile's model",
    .synopsis = (const char *const[]){"check --profile NAME [--policy FILE] [--format "
                                      "text|json|sarif|html] TRACE|-",
                                      NULL},
    .description =
        "amc trace check replays a JSON Lines trace (one lifecycle event a line; format "
        "conformance/LIFECYCLE.md, events docs/lifecycle/<profile>.md) through the profile's "
        "lifecycle model, stops at the first illegal step and reports its line, then the "
        "obligations still open at the end; prints totals (lines, events by name, entities). "
        "Warnings do not stop the replay.\n"
        "Rows of the mailbox implementation's state/message-receipts.jsonl are read too (each "
        "becomes commit, relay, consume and ack events); rows of state/quarantine.jsonl are "
        "counted and skipped. --policy gives limits (ignite.max_retries, "
        "mailbox.max_delivery_attempts, security.nonce_ttl_sec, review.required_agents).",
    .options =
        (const cli_opt[]){
            {.shared = &cli_opt_profile,
             CLI_AT(targs, profile),
             .help = "a profile with a lifecycle model (required)"},
            {.shared = &cli_opt_policy,
             CLI_AT(targs, policy),
             .help = "policy file (timing constants and limits)"},
            {.shared = &cli_opt_format,
             CLI_AT(targs, format),
             .values = formats,
             .help = "output format; html: one self-contained page with the trace as an SVG "
                     "timeline, a lane per entity, the illegal step marked (docs/reports.md)"},
            {.shared = &cli_opt_disable, CLI_AT(targs, disable)},
            {.shared = &cli_opt_config, CLI_AT(targs, config)},
            {.shared = &cli_opt_no_config, CLI_AT(targs, no_config)},
            {0}},
    .operands = "check TRACE|-",
    .min_operands = 2,
    .max_operands = 2,
    .missing = "missing 'check TRACE' (amc trace check --profile NAME TRACE|-)",
    .exits = (const cli_exit[]){{0, "the trace is legal (warnings allowed)"},
                                {1, "an illegal step, or an obligation open at the end"},
                                {2, "usage or I/O error, unknown profile, invalid policy"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Check the events of an IGNITE queue:",
                                       "amc trace check --profile ignite queue-events.jsonl"},
                                      {"Check the mailbox implementation's receipt log:",
                                       "amc trace check --profile mailbox --format json "
                                       "state/message-receipts.jsonl"},
                                      {NULL, NULL}},
    .args_size = sizeof(targs),
    .run = trace_main,
    .help_more = list_models,
};
