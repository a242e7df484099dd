/*
 * cmd_report.c - amc report VERB: works on the JSON reports amc writes. The verbs are a table
 * (verbs[] below, declared in cli_report.h; a verb in another file is one more line there):
 * merge combines the reports of the shards of one run (amc validate --shard K/N --format json)
 * into the report of the whole run.
 *
 * Decisions (merge):
 *   - Two report shapes, as amc validate --format json writes them: JSON Lines (with --jsonl:
 *     one record {"file", "line", "valid", "diagnostics"} per line that has diagnostics, then
 *     {"summary": {...}} as the last line) and one JSON document ({"tool", "version",
 *     "files": [...], "summary": {...}}). A report whose first line is a complete JSON value is
 *     JSON Lines, else a document. Every input must have the same shape (REPORT_MIXED).
 *   - Every input must end with its summary: a report without one is truncated or not amc's
 *     (REPORT_NO_SUMMARY), so a lost or cut shard cannot pass unseen. An empty shard's report is
 *     its summary with zero counts.
 *   - Order: records are sorted by file, compared path component by component (the order of
 *     amc's directory walk), then line; records that tie keep their input order. So the shards
 *     of a run over one file, one directory, or files given in walk order merge into exactly the
 *     unsharded run's report, whatever order the shards are given in. JSON Lines records are
 *     copied byte for byte.
 *   - Summary: the counts are added; "status" is the highest status of any input (2: a shard
 *     could not read an input; 1: something was invalid); "shard" is dropped. The exit status is
 *     that status.
 *   - Inputs are read whole and checked before anything is written: on an unreadable input or
 *     one that is not an amc report, a diagnostic (REPORT_*, file:line:col) goes to standard
 *     error, nothing to standard output, and the exit status is 2. JSON is read strictly
 *     (json-c's strict mode).
 */
#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli_report.h"

/* ---- the verb table ---- */

static const cli_command *const verbs[] = {&cli_report_merge, &cli_report_html, NULL};

static int report_main(void *args, const cli_list *ops)
{
    (void)args;
    (void)ops;
    return cli_usage_error(&cli_cmd_report, "missing verb (merge, html)");
}

const cli_command cli_cmd_report = {
    .name = "report",
    .summary = "merge the JSON reports of a sharded run; conform reports side by side (html)",
    .synopsis = (const char *const[]){"VERB [options] [ARG...]", NULL},
    .description = "Works on the JSON reports amc writes. VERB is one of:\n"
                   "- merge: combines the reports of the shards of one run (amc validate "
                   "--shard K/N --format json) into one report with one summary, and exits "
                   "with the status of the whole run.\n"
                   "- html: several implementations' JSON conform reports (amc conform --json) "
                   "side by side on one self-contained HTML page (docs/reports.md).",
    .options = (const cli_opt[]){{0}},
    .operands = "VERB [ARG...]",
    .max_operands = CLI_MANY,
    .exits = (const cli_exit[]){{0, "the verb's status (see each verb)"},
                                {2, "usage error (no verb, unknown verb)"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Merge three shards:",
                                       "amc report merge shard-1.jsonl shard-2.jsonl "
                                       "shard-3.jsonl > all.jsonl"},
                                      {NULL, NULL}},
    .run = report_main,
    .verbs = verbs,
};

/* ---- merge ---- */

typedef struct rec {
    size_t raw, raw_len; /* JSON Lines: the record's bytes in the arena */
    size_t file;         /* the record's "file" in the arena (NUL-terminated) */
    int64_t line;        /* "line" (JSON Lines), 0 in a document */
    size_t seq;          /* input order, for a stable sort */
    json_object *obj;    /* document: the element of "files" (a reference) */
} rec;

typedef struct merger {
    char *arena;
    size_t alen, acap;
    rec *recs;
    size_t n, cap;
    int shape; /* 0 none yet, 1 JSON Lines, 2 document */
    const char *shape_file;
    cli_summary sum;
    bool color;
} merger;

/* Prints one REPORT_* diagnostic for file at (line0, col0: 0-based; line0 < 0: no position). */
static void merge_diag(const merger *m, const char *file, amc_code code, long line0, long col0,
                       const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void merge_diag(const merger *m, const char *file, amc_code code, long line0, long col0,
                       const char *fmt, ...)
{
    amc_diags *ds = amc_diags_new(0);
    amc_pos at = {AMC_NO_OFFSET, 0, 0};
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line0 >= 0) {
        at.offset = 0;
        at.line = (uint32_t)line0;
        at.col = (uint32_t)col0;
    }
    if (ds && amc_diags_addf(ds, code, at, "%s", msg) == AMC_OK)
        cli_print_diag_text(stderr, file, amc_diags_get(ds, 0), m->color);
    else
        fprintf(stderr, "amc report merge: %s: %s\n", file, msg);
    amc_diags_free(ds);
}

/* Copies s[0..n) and a NUL into the arena; returns its offset, or SIZE_MAX (out of memory). */
static size_t arena_put(merger *m, const char *s, size_t n)
{
    size_t at = m->alen;
    if (m->alen + n + 1 > m->acap) {
        size_t ncap = m->acap ? m->acap : 1 << 16;
        char *p = NULL;
        while (ncap < m->alen + n + 1)
            ncap *= 2;
        p = realloc(m->arena, ncap);
        if (!p)
            return SIZE_MAX;
        m->arena = p;
        m->acap = ncap;
    }
    memcpy(m->arena + m->alen, s, n);
    m->arena[m->alen + n] = '\0';
    m->alen += n + 1;
    return at;
}

static rec *new_rec(merger *m)
{
    if (m->n == m->cap) {
        size_t ncap = m->cap ? m->cap * 2 : 256;
        rec *p = realloc(m->recs, ncap * sizeof *p);
        if (!p)
            return NULL;
        m->recs = p;
        m->cap = ncap;
    }
    memset(&m->recs[m->n], 0, sizeof m->recs[m->n]);
    m->recs[m->n].seq = m->n;
    return &m->recs[m->n++];
}

/* Parses s[0..n) as exactly one JSON value (strict). Returns it, or NULL with *why set and
 * *err_at the byte offset of the problem. */
static json_object *parse_exact(const char *s, size_t n, const char **why, size_t *err_at)
{
    json_tokener *tok = NULL;
    json_object *o = NULL;
    size_t end = 0;
    *why = NULL;
    *err_at = 0;
    if (n > INT_MAX) {
        *why = "too large";
        return NULL;
    }
    tok = json_tokener_new();
    if (!tok) {
        *why = "out of memory";
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    o = json_tokener_parse_ex(tok, s, (int)n);
    end = json_tokener_get_parse_end(tok);
    if (!o) {
        enum json_tokener_error e = json_tokener_get_error(tok);
        *why = e == json_tokener_continue ? "the JSON value is not complete"
                                          : json_tokener_error_desc(e);
        *err_at = e == json_tokener_continue ? n : end;
    } else {
        while (end < n && (s[end] == ' ' || s[end] == '\t' || s[end] == '\r' || s[end] == '\n'))
            end++;
        if (end < n) {
            *why = "text after the JSON value";
            *err_at = end;
            json_object_put(o);
            o = NULL;
        }
    }
    json_tokener_free(tok);
    return o;
}

/* Reads a non-negative integer member; false if present and not one (or absent when needed). */
static bool count_of(json_object *o, const char *key, bool need, uint64_t *v)
{
    json_object *x = NULL;
    *v = 0;
    if (!json_object_object_get_ex(o, key, &x))
        return !need;
    if (!json_object_is_type(x, json_type_int) || json_object_get_int64(x) < 0)
        return false;
    *v = (uint64_t)json_object_get_int64(x);
    return true;
}

/* Adds a summary object (already known to be an object) to the merged one. Returns 0, or -1
 * (reported) when a member is not what amc writes. */
static int add_summary(merger *m, const char *file, long line0, json_object *s)
{
    uint64_t valid = 0, invalid = 0, unp = 0, status = 0;
    json_object *st = NULL;
    if (!count_of(s, "valid", true, &valid) || !count_of(s, "invalid", true, &invalid) ||
        !count_of(s, "unparseable", false, &unp)) {
        merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, line0, 0,
                   "the summary needs \"valid\" and \"invalid\" (and may have \"unparseable\") "
                   "as counts");
        return -1;
    }
    if (json_object_object_get_ex(s, "status", &st)) {
        if (!count_of(s, "status", true, &status) || status > 2) {
            merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, line0, 0,
                       "the summary's \"status\" is not an exit status (0, 1 or 2)");
            return -1;
        }
    } else {
        status = invalid ? 1 : 0;
    }
    m->sum.valid += valid;
    m->sum.invalid += invalid;
    m->sum.unparseable += unp;
    if ((int)status > m->sum.status)
        m->sum.status = (int)status;
    return 0;
}

/* Line and column (0-based) of byte offset at in s. */
static void line_col(const char *s, size_t at, long *line0, long *col0)
{
    size_t i = 0;
    *line0 = 0;
    *col0 = 0;
    for (i = 0; i < at; i++) {
        if (s[i] == '\n') {
            (*line0)++;
            *col0 = 0;
        } else {
            (*col0)++;
        }
    }
}

static int set_shape(merger *m, const char *file, int shape)
{
    if (m->shape && m->shape != shape) {
        merge_diag(m, file, AMC_C_REPORT_MIXED, -1, 0,
                   "this report is a JSON %s, %s a JSON %s: merge reports of one kind",
                   shape == 1 ? "Lines report" : "document",
                   strcmp(m->shape_file, "-") ? m->shape_file : "<stdin>",
                   m->shape == 1 ? "Lines report" : "document");
        return -1;
    }
    m->shape = shape;
    m->shape_file = file;
    return 0;
}

/* A JSON Lines report in buf[0..len). Returns 0 or -1 (reported). */
static int load_lines(merger *m, const char *file, const char *buf, size_t len)
{
    size_t p = 0;
    long line0 = 0;
    bool summary = false;
    if (set_shape(m, file, 1) != 0)
        return -1;
    for (; p < len; line0++) {
        const char *nl = memchr(buf + p, '\n', len - p);
        size_t n = nl ? (size_t)(nl - (buf + p)) : len - p, i = 0, err = 0;
        const char *why = NULL, *s = buf + p;
        json_object *o = NULL, *x = NULL, *sm = NULL;
        p += n + (nl ? 1 : 0);
        while (n && s[n - 1] == '\r')
            n--;
        for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
            ;
        if (i == n)
            continue; /* blank */
        if (summary) {
            merge_diag(m, file, AMC_C_REPORT_AFTER_SUMMARY, line0, 0,
                       "a line after the summary (the summary is the last line)");
            return -1;
        }
        o = parse_exact(s, n, &why, &err);
        if (!o) {
            merge_diag(m, file, AMC_C_REPORT_NOT_JSON, line0, (long)err, "not JSON: %s", why);
            return -1;
        }
        if (!json_object_is_type(o, json_type_object)) {
            merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, line0, 0,
                       "a JSON Lines report holds objects, not %s",
                       json_type_to_name(json_object_get_type(o)));
            json_object_put(o);
            return -1;
        }
        if (json_object_object_get_ex(o, "summary", &sm)) {
            int rc = 0;
            if (json_object_object_length(o) != 1 || !json_object_is_type(sm, json_type_object)) {
                merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, line0, 0,
                           "the summary line is {\"summary\": {...}} and nothing else");
                rc = -1;
            } else {
                rc = add_summary(m, file, line0, sm);
            }
            json_object_put(o);
            if (rc != 0)
                return -1;
            summary = true;
            continue;
        }
        {
            json_object *fo = NULL;
            rec *r = NULL;
            if (!json_object_object_get_ex(o, "file", &fo) ||
                !json_object_is_type(fo, json_type_string) ||
                !json_object_object_get_ex(o, "line", &x) ||
                !json_object_is_type(x, json_type_int) || json_object_get_int64(x) < 1) {
                merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, line0, 0,
                           "a record has \"file\" (a string) and \"line\" (a number from 1)");
                json_object_put(o);
                return -1;
            }
            r = new_rec(m);
            if (r) {
                r->line = json_object_get_int64(x);
                r->raw_len = n;
                r->raw = arena_put(m, s, n);
                r->file = arena_put(m, json_object_get_string(fo),
                                    (size_t)json_object_get_string_len(fo));
            }
            json_object_put(o);
            if (!r || r->raw == SIZE_MAX || r->file == SIZE_MAX) {
                fprintf(stderr, "amc report merge: out of memory\n");
                return -1;
            }
        }
    }
    if (!summary) {
        merge_diag(m, file, AMC_C_REPORT_NO_SUMMARY, -1, 0,
                   "no summary line: the report is truncated, or not written by amc validate "
                   "--format json");
        return -1;
    }
    return 0;
}

/* A JSON document report in buf[0..len). Returns 0 or -1 (reported). */
static int load_document(merger *m, const char *file, const char *buf, size_t len,
                         json_object **keep)
{
    const char *why = NULL;
    size_t err = 0, i = 0;
    long l0 = 0, c0 = 0;
    json_object *o = parse_exact(buf, len, &why, &err), *files = NULL, *sm = NULL;
    if (!o) {
        line_col(buf, err, &l0, &c0);
        merge_diag(m, file, AMC_C_REPORT_NOT_JSON, l0, c0, "not JSON: %s", why);
        return -1;
    }
    *keep = o;
    if (!json_object_is_type(o, json_type_object) ||
        !json_object_object_get_ex(o, "files", &files) ||
        !json_object_is_type(files, json_type_array)) {
        merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, 0, 0,
                   "not an amc JSON report: no \"files\" array (JSON Lines reports have one "
                   "record a line)");
        return -1;
    }
    if (set_shape(m, file, 2) != 0)
        return -1;
    if (!json_object_object_get_ex(o, "summary", &sm)) {
        merge_diag(m, file, AMC_C_REPORT_NO_SUMMARY, -1, 0,
                   "no \"summary\": the report is not written by amc validate --format json");
        return -1;
    }
    if (!json_object_is_type(sm, json_type_object)) {
        merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, -1, 0, "\"summary\" is not an object");
        return -1;
    }
    if (add_summary(m, file, -1, sm) != 0)
        return -1;
    for (i = 0; i < json_object_array_length(files); i++) {
        json_object *e = json_object_array_get_idx(files, i), *fo = NULL;
        rec *r = NULL;
        if (!json_object_is_type(e, json_type_object) ||
            !json_object_object_get_ex(e, "file", &fo) ||
            !json_object_is_type(fo, json_type_string)) {
            merge_diag(m, file, AMC_C_REPORT_NOT_RECORD, -1, 0,
                       "files[%zu] is not an object with \"file\" (a string)", i);
            return -1;
        }
        r = new_rec(m);
        if (!r) {
            fprintf(stderr, "amc report merge: out of memory\n");
            return -1;
        }
        r->obj = json_object_get(e);
        r->file = arena_put(m, json_object_get_string(fo), (size_t)json_object_get_string_len(fo));
        if (r->file == SIZE_MAX) {
            fprintf(stderr, "amc report merge: out of memory\n");
            return -1;
        }
    }
    return 0;
}

/* Reads one report (a file or - for stdin) into m. Returns 0 or -1 (reported). */
static int load(merger *m, const char *file, json_object **keep)
{
    char *buf = NULL;
    size_t len = 0, p = 0, n = 0, err = 0;
    const char *why = NULL;
    int rc = -1;
    json_object *first = NULL;
    if (cli_read_file(file, SIZE_MAX - 1, &buf, &len) != 0) {
        fprintf(stderr, "amc report merge: %s: cannot read the report\n", file);
        return -1;
    }
    /* the shape: the first non-blank line is a whole JSON value in a JSON Lines report */
    while (p < len && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\r' || buf[p] == '\n'))
        p++;
    if (p == len) {
        merge_diag(m, file, AMC_C_REPORT_NO_SUMMARY, -1, 0,
                   "the report is empty (a shard's report holds at least its summary)");
        goto out;
    }
    n = strcspn(buf + p, "\n");
    first = parse_exact(buf + p, n, &why, &err);
    if (first) {
        json_object *files = NULL;
        bool doc = json_object_is_type(first, json_type_object) &&
                   json_object_object_get_ex(first, "files", &files);
        json_object_put(first);
        rc = doc ? load_document(m, file, buf, len, keep) : load_lines(m, file, buf, len);
    } else {
        rc = load_document(m, file, buf, len, keep);
    }
out:
    free(buf);
    return rc;
}

/* Path order of amc's directory walk: component by component, each compared bytewise. */
static int cmp_path(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned ca = (unsigned char)*a, cb = (unsigned char)*b;
        if (ca == '/')
            ca = 1; /* a component ends before any byte of a longer name */
        if (cb == '/')
            cb = 1;
        if (ca != cb)
            return ca < cb ? -1 : 1;
        if (!ca)
            return 0;
    }
}

static const char *sort_arena;

static int cmp_rec(const void *pa, const void *pb)
{
    const rec *a = pa, *b = pb;
    int c = cmp_path(sort_arena + a->file, sort_arena + b->file);
    if (c)
        return c;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq ? 1 : 0;
}

static int merge_main(void *args, const cli_list *ops)
{
    merger m;
    json_object **keep = NULL;
    size_t i = 0;
    int rc = CLI_EXIT_ERROR;
    bool bad = false;
    (void)args;
    memset(&m, 0, sizeof m);
    m.color = cli_use_color(stderr);
    keep = calloc(ops->n + 1, sizeof *keep);
    if (!keep) {
        fprintf(stderr, "amc report merge: out of memory\n");
        return CLI_EXIT_ERROR;
    }
    for (i = 0; i < ops->n; i++) /* every input is checked: every problem is reported */
        if (load(&m, ops->v[i], &keep[i]) != 0)
            bad = true;
    if (bad)
        goto out;
    sort_arena = m.arena;
    if (m.n)
        qsort(m.recs, m.n, sizeof *m.recs, cmp_rec);
    if (m.shape == 1) {
        json_object *o = json_object_new_object();
        for (i = 0; i < m.n; i++) {
            fwrite(m.arena + m.recs[i].raw, 1, m.recs[i].raw_len, stdout);
            fputc('\n', stdout);
        }
        json_object_object_add(o, "summary", cli_summary_to_json(&m.sum));
        puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                   JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(o);
    } else {
        json_object *root = json_object_new_object(), *files = json_object_new_array();
        for (i = 0; i < m.n; i++)
            json_object_array_add(files, json_object_get(m.recs[i].obj));
        json_object_object_add(root, "tool", json_object_new_string("amc"));
        json_object_object_add(root, "version", json_object_new_string(amc_version()));
        json_object_object_add(root, "files", files);
        json_object_object_add(root, "summary", cli_summary_to_json(&m.sum));
        fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                       JSON_C_TO_STRING_SPACED |
                                                       JSON_C_TO_STRING_NOSLASHESCAPE),
              stdout);
        fputc('\n', stdout);
        json_object_put(root);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "amc report merge: cannot write the report: %s\n", strerror(errno));
        goto out;
    }
    rc = m.sum.status;
out:
    for (i = 0; i < m.n; i++)
        json_object_put(m.recs[i].obj);
    for (i = 0; i < ops->n; i++)
        json_object_put(keep[i]);
    free(keep);
    free(m.recs);
    free(m.arena);
    return rc;
}

const cli_command cli_report_merge = {
    .name = "report merge",
    .summary = "combine the JSON reports of the shards of one run into one",
    .description =
        "Combines the JSON reports of the shards of one run (amc validate --shard K/N "
        "--format json, one report per shard) into the report of the whole run: every record, "
        "then one summary, on standard output; the exit status is the whole run's.\n"
        "A report is JSON Lines (validate --jsonl: one record per line with diagnostics, the "
        "summary {\"summary\": {\"valid\": N, \"invalid\": N, \"unparseable\": N, \"status\": "
        "S}} last) or one JSON document (validate without --jsonl: \"files\" and "
        "\"summary\"); the reports merged must be of one kind, and each must end with its "
        "summary (an empty shard's report is its summary with zero counts), so a truncated or "
        "lost shard is an error, not a smaller count.\n"
        "Records are sorted by file (path component by component, the order of a directory "
        "walk), then line; JSON Lines records are copied byte for byte. The shards of a run "
        "over one file, one directory, or files given in that order merge into exactly the "
        "unsharded run's report. The summary adds the counts; its status is the highest of the "
        "shards' (2 when a shard could not read an input).\n"
        "Every input is read and checked before anything is written: a report that cannot be "
        "read, is not JSON or is not amc's is a diagnostic (REPORT_NOT_JSON, REPORT_NOT_RECORD, "
        "REPORT_NO_SUMMARY, REPORT_AFTER_SUMMARY, REPORT_MIXED) on standard error, with exit "
        "status 2 and nothing on standard output.",
    .options = (const cli_opt[]){{0}},
    .operands = "REPORT...|-",
    .min_operands = 1,
    .max_operands = CLI_MANY,
    .missing = "no report given (use - for standard input)",
    .exits = (const cli_exit[]){{0, "every record of every shard is valid"},
                                {1, "a record is invalid (a shard's status was 1)"},
                                {2, "a report cannot be read or is not an amc JSON report, or a "
                                    "shard's status was 2"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Three shards of one JSON Lines file, merged:",
                                       "for k in 1 2 3; do amc validate --schema s.json --jsonl "
                                       "--format json --shard $k/3 big.jsonl > part-$k.jsonl; "
                                       "done; amc report merge part-*.jsonl > all.jsonl"},
                                      {NULL, NULL}},
    .run = merge_main,
};
