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

static void usage(FILE *f)
{
    fprintf(f, "usage: amc trace check --profile P [--policy FILE] [--format text|json|sarif] "
               "TRACE\n\n"
               "Replays a JSON Lines trace (one lifecycle event a line; - = stdin) through the\n"
               "profile's lifecycle model, stops at the first illegal step and prints totals.\n"
               "  --profile P      a profile with a lifecycle model\n"
               "  --policy FILE    policy file (timing constants and limits)\n"
               "  --format F       text (default), json or sarif\n"
               "Models: ");
    for (size_t i = 0; i < amc_lifecycle_model_count(); i++)
        fprintf(f, "%s%s", i ? ", " : "", amc_lifecycle_model_at(i));
    fprintf(f, "\nExit status: 0 legal, 1 illegal step or open obligation, 2 usage or I/O "
               "error.\n");
}

#define MAX_NAMES 64
typedef struct totals {
    size_t lines, events, quarantine;
    const char *names[MAX_NAMES];
    size_t counts[MAX_NAMES];
    size_t n;
    char **keys; /* native dedup keys seen */
    size_t nkeys, capkeys;
} totals;

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
        t->capkeys = t->capkeys ? t->capkeys * 2 : 64;
        t->keys = realloc(t->keys, t->capkeys * sizeof *t->keys);
    }
    t->keys[t->nkeys++] = strdup(k);
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
        o = copy ? json_tokener_parse(copy) : NULL;
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
                st = amc_lifecycle_apply(lc, ev, strlen(ev), ds);
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
    return amc_lifecycle_apply(lc, line, len, ds);
}

int cli_cmd_trace(int argc, char **argv)
{
    const char *profile = NULL, *policy_file = NULL, *file = NULL;
    cli_format fmt = CLI_FMT_TEXT;
    amc_policy *pol = NULL;
    amc_lifecycle *lc = NULL;
    amc_lifecycle_opts o = {0};
    amc_diags *ds = NULL;
    char *buf = NULL, *state = NULL;
    size_t len = 0, off = 0, lineno = 0, stop_line = 0, slen = 0, i = 0;
    totals t;
    bool illegal = false;
    int rc = CLI_EXIT_ERROR, a = 0;
    memset(&t, 0, sizeof t);
    if (argc < 2 || strcmp(argv[1], "check")) {
        usage(argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? stdout
                                                                                  : stderr);
        return argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) ? CLI_EXIT_OK
                                                                                   : CLI_EXIT_ERROR;
    }
    for (a = 2; a < argc; a++) {
        if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            usage(stdout);
            return CLI_EXIT_OK;
        } else if (!strcmp(argv[a], "--profile") && a + 1 < argc) {
            profile = argv[++a];
        } else if (!strcmp(argv[a], "--policy") && a + 1 < argc) {
            policy_file = argv[++a];
        } else if (!strcmp(argv[a], "--format") && a + 1 < argc) {
            if (cli_parse_format(argv[++a], &fmt) != 0 || fmt == CLI_FMT_JUNIT ||
                fmt == CLI_FMT_TAP) {
                fprintf(stderr, "amc trace check: --format must be text, json or sarif\n");
                return CLI_EXIT_ERROR;
            }
        } else if (argv[a][0] == '-' && argv[a][1] != '\0') {
            fprintf(stderr, "amc trace check: unknown option '%s'\n", argv[a]);
            usage(stderr);
            return CLI_EXIT_ERROR;
        } else if (!file) {
            file = argv[a];
        } else {
            fprintf(stderr, "amc trace check: one TRACE only\n");
            return CLI_EXIT_ERROR;
        }
    }
    if (!profile || !file) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    ds = amc_diags_new(0);
    if (!ds)
        goto out;
    if (policy_file) {
        char *pbuf = NULL;
        size_t plen = 0;
        if (cli_read_file(policy_file, (size_t)1 << 26, &pbuf, &plen) != 0)
            goto out;
        if (amc_policy_read(pbuf, plen, ds, &pol) != AMC_OK) {
            for (i = 0; i < amc_diags_count(ds); i++)
                cli_print_diag_text(stderr, policy_file, amc_diags_get(ds, i), false);
            free(pbuf);
            goto out;
        }
        free(pbuf);
        amc_diags_clear(ds);
    }
    o.profile = profile;
    o.policy = pol;
    if (amc_lifecycle_new(&o, ds, &lc) != AMC_OK) {
        for (i = 0; i < amc_diags_count(ds); i++)
            fprintf(stderr, "amc trace check: %s\n", amc_diags_get(ds, i)->message);
        goto out;
    }
    if (cli_read_file(file, (size_t)1 << 30, &buf, &len) != 0)
        goto out;
    while (off < len) {
        const char *nl = memchr(buf + off, '\n', len - off);
        size_t end = nl ? (size_t)(nl - buf) : len, l = end - off, first = amc_diags_count(ds);
        amc_pos base = {off, lineno, 0};
        bool blank = true, skipped = false;
        amc_status st = AMC_OK;
        for (i = off; i < end; i++)
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r')
                blank = false;
        lineno++;
        t.lines++;
        if (!blank) {
            st = apply_line(lc, &t, buf + off, l, ds, &skipped);
            amc_diags_rebase(ds, first, base);
            if (st != AMC_OK || amc_diags_errors(ds) > 0) {
                illegal = true;
                stop_line = lineno;
                break;
            }
        }
        off = end + 1;
    }
    if (!illegal) {
        size_t first = amc_diags_count(ds);
        amc_pos last = {0, lineno ? lineno - 1 : 0, 0};
        if (amc_lifecycle_finish(lc, ds) != AMC_OK)
            illegal = true;
        amc_diags_rebase(ds, first, last);
    }
    (void)amc_lifecycle_state(lc, &state, &slen);
    rc = illegal ? CLI_EXIT_INVALID : CLI_EXIT_OK;
    if (fmt == CLI_FMT_SARIF) {
        cli_report *r = cli_report_new(fmt, stdout, "trace check");
        cli_report_file(r, file, ds);
        cli_report_finish(r);
    } else {
        json_object *st = state ? json_tokener_parse(state) : NULL;
        json_object *ents = json_object_new_object(), *evs = json_object_new_object();
        json_object_object_foreach(st, k, v)
        {
            if (json_object_is_type(v, json_type_object))
                json_object_object_add(
                    ents, k, json_object_new_int64((int64_t)json_object_object_length(v)));
        }
        for (i = 0; i < t.n; i++)
            json_object_object_add(evs, t.names[i], json_object_new_int64((int64_t)t.counts[i]));
        if (fmt == CLI_FMT_JSON) {
            json_object *res = json_object_new_object(), *arr = json_object_new_array();
            json_object_object_add(res, "file",
                                   json_object_new_string(strcmp(file, "-") ? file : "<stdin>"));
            json_object_object_add(res, "profile", json_object_new_string(profile));
            json_object_object_add(res, "valid", json_object_new_boolean(!illegal));
            json_object_object_add(res, "stopped_at_line",
                                   stop_line ? json_object_new_int64((int64_t)stop_line) : NULL);
            json_object_object_add(res, "lines", json_object_new_int64((int64_t)t.lines));
            json_object_object_add(res, "events", json_object_new_int64((int64_t)t.events));
            json_object_object_add(res, "events_by_name", json_object_get(evs));
            json_object_object_add(res, "entities", json_object_get(ents));
            if (t.quarantine)
                json_object_object_add(res, "quarantine_rows",
                                       json_object_new_int64((int64_t)t.quarantine));
            for (i = 0; i < amc_diags_count(ds); i++)
                json_object_array_add(arr, cli_diag_to_json(amc_diags_get(ds, i)));
            json_object_object_add(res, "diagnostics", arr);
            json_object_object_add(res, "state", json_object_get(st));
            printf("%s\n", json_object_to_json_string_ext(res, JSON_C_TO_STRING_PRETTY |
                                                                   JSON_C_TO_STRING_SPACED |
                                                                   JSON_C_TO_STRING_NOSLASHESCAPE));
            json_object_put(res);
        } else {
            bool color = cli_use_color(stdout);
            const char *shown = strcmp(file, "-") ? file : "<stdin>";
            for (i = 0; i < amc_diags_count(ds); i++)
                cli_print_diag_text(stdout, file, amc_diags_get(ds, i), color);
            printf("%s: %s; %zu lines, %zu events", shown,
                   illegal ? (stop_line ? "illegal step" : "open obligations at the end")
                           : "legal trace",
                   t.lines, t.events);
            if (stop_line)
                printf(" (stopped at line %zu)", stop_line);
            printf("\n  events:");
            for (i = 0; i < t.n; i++)
                printf(" %s=%zu", t.names[i], t.counts[i]);
            printf("\n  entities:");
            {
                json_object_object_foreach(ents, k2, v2)
                {
                    printf(" %s=%lld", k2, (long long)json_object_get_int64(v2));
                }
            }
            if (t.quarantine)
                printf("\n  quarantine rows skipped: %zu", t.quarantine);
            printf("\n");
        }
        json_object_put(ents);
        json_object_put(evs);
        json_object_put(st);
    }
out:
    for (i = 0; i < t.n; i++)
        free((void *)(uintptr_t)t.names[i]);
    for (i = 0; i < t.nkeys; i++)
        free(t.keys[i]);
    free(t.keys);
    amc_free(state);
    free(buf);
    amc_lifecycle_free(lc);
    amc_policy_free(pol);
    amc_diags_free(ds);
    return rc;
}
