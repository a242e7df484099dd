/*
 * cmd_validate.c - amc validate: validates JSON or YAML instances (files, directories, stdin,
 * or JSON Lines streams) against a JSON Schema 2020-12 schema, or protocol messages against a
 * profile (--profile NAME|auto, amc/profile.h).
 *
 * Decisions:
 *   - --profile and --schema are mutually exclusive. In profile mode a directory is walked for
 *     the message files of the profile (ignite: *.mime; the JSON profiles: *.json; auto: both) and
 * the path of each file, as given or as joined during the walk, is passed to the validator for
 *     placement rules (they look only below the last "queue" component, so the walked root's
 *     own name counts); stdin has no path (placement rules skipped). One validator serves every
 *     input in order (--stateful makes that one session). --as does not apply; with --jsonl each
 *     line is one message (mailbox), checked in order, and directories are walked for
 *     *.jsonl / *.ndjson. --now gives the reference clock (mailbox time rules); --keyring reads
 *     the mailbox keyring (else the policy's security.keyring_file, relative to the policy).
 *   - --policy FILE is read with amc_policy_read(); its problems are printed on stderr and an
 *     invalid policy is exit status 2.
 *   - The first --schema is the root schema; every --schema file is added to one schema set, so
 *     $refs between them resolve (by their $id, or relative to the file:// URI of each file).
 *     Documents not given are loaded from local files (file: URIs) and --map-uri directories;
 *     nothing is fetched from the network (see cli_schema.c).
 *   - "format" asserts by default (the CLI is a validator of real traffic: a "date-time" that is
 *     not one is an error); --no-format-assert gives the 2020-12 default (annotation only).
 *   - Instances: .yaml/.yml files are read as YAML, anything else as JSON; --as overrides (and
 *     is the only way to read YAML from stdin). A directory is walked recursively in name order
 *     (hidden entries and symbolic links to directories skipped), taking *.json, *.yaml, *.yml
 *     (with --jsonl: *.jsonl, *.ndjson).
 *   - --jsonl: one JSON instance per line, blank lines skipped, read with a bounded line buffer
 *     (the longest line, at most --max-size bytes) so memory stays constant whatever the file
 *     size; diagnostics name FILE:LINE:COL of the line. A line that is not JSON counts as
 *     invalid. Summary on stderr: "valid=N invalid=N", plus " unparseable=K" when K lines
 *     were not JSON (they are included in invalid). With --format json every line that has
 *     diagnostics is one JSON object per output line (JSON Lines, streamed); --format sarif
 *     buffers the results of invalid lines (SARIF is one document).
 *   - Diagnostics of one instance are printed in document order (sorted by position), not in
 *     the order the schema evaluated them.
 *   - -j N (default: the CPUs this process may use): the main thread walks directories and hands
 *     each file over; a JSON Lines input is read by the workers themselves, one batch (~1 MiB or
 *     8192 lines) at a time in turn, each into its own buffer (cli_par_pull: the worker that read
 *     a batch validates it while its bytes are in that core's cache); N worker threads (each
 *     with its own diagnostics list, reused document and, in profile mode, its own validator;
 *     the compiled schema is shared read-only, amc/schema.h), and the main thread writes each
 *     batch's output, stderr messages and counts in input order (cli_par.h). Every message of a
 *     run goes through that ordered path, so stdout and stderr are the same bytes for any N.
 *     --stateful is one session in input order: one thread.
 *   - --shard K/N: files are numbered in walk order across every operand and shard K takes
 *     numbers K, N+K, ...; with --jsonl each input's lines are dealt the same way by line number
 *     (records keep their line numbers; other shards' lines are read past, not parsed). With
 *     --stateful (mailbox: receipt keys, nonces and state_version order belong to one task) a
 *     message's shard is FNV-1a-64(task_id) mod N + 1, read from the message (a message without
 *     a string task_id falls back to its position), so one task's messages land in one shard;
 *     a msg_id or nonce reused across tasks is then only seen within a shard. An empty shard
 *     prints its summary with zero counts. amc report merge joins the shards' JSON reports.
 *   - Exit: 0 every instance valid, 1 any invalid (or, with --strict, any warning), 2 usage,
 *     I/O or schema errors (an unreadable instance makes the status 2 even if others were
 *     invalid). Schema errors are printed as text on stderr with positions in the schema file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli_par.h"
#include "cli_config.h"
#include "cli_schema.h"

typedef struct vbatch vbatch;

typedef struct vstate {
    const amc_schema *schema;
    amc_validator *pv;        /* profile mode: the first worker's validator */
    amc_validator_opts popts; /* profile mode: how each further worker's is made */
    amc_validate_opts opts;
    amc_limits lim;
    cli_syntax as;
    bool jsonl;
    bool strict;
    bool color; /* text on a terminal */
    cli_format fmt;
    cli_report *rep; /* json document, sarif: results added in order by emit() */
    size_t n_valid, n_invalid, n_unparseable;
    size_t n_inputs; /* files (or stdin) read */
    bool io_error;
    bool any_warning;
    const char *profile; /* --profile NAME|auto */
    unsigned jobs;       /* worker threads (1: none) */
    unsigned shard_k;    /* --shard K/N: 1..N; shard_n 0: none */
    unsigned shard_n;
    uint64_t n_units;  /* whole files met so far (the shard of a file) */
    bool shard_by_key; /* --stateful --shard: by the message's task_id */
    amc_doc *kdoc;     /* the document for the keys (the thread reading, one at a time) */
    amc_diags *kds;
    struct cli_par *par;     /* the pipeline of this run */
    const cli_config *rules; /* rule settings (cli_config.h), installed on every list */
    bool rules_set;
    const cli_list *exclude; /* --exclude GLOB: entries of a walked directory left out */
    /* --jsonl: line buffers of emitted batches, kept for the next batches (taken by the worker
     * that reads, given back by emit(), under spare_mu): with -j N a fresh 1 MiB buffer per batch
     * cost a page fault per 4 KiB (4 500 against 840 for -j 1 on the schema benchmark) */
    char *spare[8];
    size_t spare_cap[8];
    unsigned nspare;
    pthread_mutex_t spare_mu; /* the workers take spares (cli_par_pull), emit() gives them */
} vstate;

/* What a worker owns. */
typedef struct vworker {
    const vstate *v;
    amc_diags *ds;
    amc_doc *ldoc;     /* --jsonl: one document reused for every line */
    amc_validator *pv; /* profile mode */
    bool own_pv;       /* pv is this worker's to free */
} vworker;

/* A unit of work: a whole file, lines of a JSON Lines input, or a message for stderr. Filled by
 * the main thread (a JSON Lines batch: by the worker that reads it), processed by a worker, emitted
 * in order (output, counts) by the main thread. */
enum { B_FILE, B_LINES, B_NOTE };

typedef struct vline {
    size_t at, len;     /* the line's bytes in data */
    size_t off, lineno; /* its byte offset and number in the file */
    bool too_long;      /* longer than --max-size (not kept) */
} vline;

struct vbatch {
    int kind;
    char *path; /* as given or joined during the walk */
    char *data; /* B_LINES: the lines; B_NOTE: the message */
    size_t dlen, dcap;
    vline *l;
    size_t n, cap;
    /* results */
    char *out, *err; /* what goes to stdout and stderr */
    size_t outlen, errlen;
    size_t n_valid, n_invalid, n_unparseable;
    bool any_warning, io_error, oom;
    amc_diags **keep; /* json document / sarif: the diagnostics of each unit, for rep */
    size_t nkeep;
};

static bool has_ext(const char *name, const char *const *exts)
{
    const char *dot = strrchr(name, '.');
    size_t i = 0;
    if (!dot)
        return false;
    for (i = 0; exts[i]; i++)
        if (!strcmp(dot, exts[i]))
            return true;
    return false;
}

/* Updates the batch's counters from one instance's diagnostics and verdict. */
static void tally(vbatch *b, const amc_diags *ds, bool valid, bool rules_set)
{
    /* every error turned off by the rule settings: as if the rules had passed */
    if (rules_set && !valid && !b->io_error && !b->oom && amc_diags_errors(ds) == 0)
        valid = true;
    if (amc_diags_warnings(ds))
        b->any_warning = true;
    if (valid)
        b->n_valid++;
    else
        b->n_invalid++;
}

/* Reports one unit's diagnostics: text and JSON Lines records are written now (the batch's
 * output), a JSON document or SARIF log gets them at emit (the worker's list moves to the
 * batch). */
static void report_unit(vworker *w, vbatch *b, FILE *out, bool line, size_t lineno, bool valid)
{
    const vstate *v = w->v;
    if (line && amc_diags_count(w->ds) == 0 && valid)
        return;
    if (v->fmt == CLI_FMT_TEXT) {
        cli_report_text(out, b->path, w->ds, v->color);
    } else if (v->fmt == CLI_FMT_JSON && line && v->jsonl) {
        json_object *o = json_object_new_object(), *arr = json_object_new_array();
        size_t i = 0;
        json_object_object_add(o, "file",
                               json_object_new_string(strcmp(b->path, "-") ? b->path : "<stdin>"));
        json_object_object_add(o, "line", json_object_new_int64((int64_t)lineno));
        json_object_object_add(o, "valid", json_object_new_boolean(valid));
        for (i = 0; i < amc_diags_count(w->ds); i++)
            json_object_array_add(arr, cli_diag_to_json(amc_diags_get(w->ds, i)));
        json_object_object_add(o, "diagnostics", arr);
        cli_json_fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                             JSON_C_TO_STRING_NOSLASHESCAPE),
                       out);
        fputc('\n', out);
        json_object_put(o);
    } else {
        amc_diags *fresh = amc_diags_new(v->lim.max_diags);
        cli_config_install(v->rules, fresh);
        amc_diags **k = realloc(b->keep, (b->nkeep + 1) * sizeof *k);
        if (!fresh || !k) {
            amc_diags_free(fresh);
            if (k)
                b->keep = k;
            b->oom = true;
            return;
        }
        b->keep = k;
        b->keep[b->nkeep++] = w->ds;
        w->ds = fresh;
    }
}

/* Validates a parsed document; adds diagnostics to w->ds; returns the verdict (false on
 * ENOMEM too, with io_error set). */
static bool run_schema(vworker *w, vbatch *b, FILE *err, const amc_doc *doc)
{
    bool valid = false;
    amc_status st =
        amc_schema_validate(w->v->schema, amc_doc_root(doc), doc, &w->v->opts, w->ds, &valid);
    if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
        fprintf(err, "amc validate: %s\n", amc_status_str(st));
        b->io_error = true;
        return false;
    }
    return st == AMC_OK && valid;
}

static void validate_whole(vworker *w, vbatch *b, FILE *out, FILE *err)
{
    const vstate *v = w->v;
    const char *path = b->path;
    char *buf = NULL;
    size_t len = 0;
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    cli_syntax as = v->as;
    bool valid = false;
    int rr = cli_read_file_to(err, path, v->lim.max_input_bytes, &buf, &len);
    amc_diags_clear(w->ds);
    if (rr == -2) {
        /* larger than --max-size: the instance is invalid (like the readers' size limit) */
        amc_pos none = {AMC_NO_OFFSET, 0, 0};
        amc_diags_addf(w->ds, AMC_C_LIMIT_SIZE, none, "input is larger than the %zu-byte limit",
                       v->lim.max_input_bytes);
        b->n_unparseable++;
        tally(b, w->ds, false, w->v->rules_set);
        report_unit(w, b, out, false, 0, false);
        return;
    }
    if (rr != 0) {
        b->io_error = true;
        return;
    }
    if (w->pv) {
        st = amc_validator_check(w->pv, strcmp(path, "-") ? path : NULL, buf, len, w->ds, NULL);
        if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
            fprintf(err, "amc validate: %s: %s\n", path, amc_status_str(st));
            b->io_error = true;
        }
        valid = st == AMC_OK;
        tally(b, w->ds, valid, w->v->rules_set);
        amc_diags_sort(w->ds);
        report_unit(w, b, out, false, 0, valid);
        free(buf);
        return;
    }
    if (as == CLI_SYN_AUTO)
        as = cli_is_yaml_path(path) ? CLI_SYN_YAML : CLI_SYN_JSON;
    if (as == CLI_SYN_YAML)
        st = amc_yaml_read(buf, len, &v->lim, w->ds, &doc);
    else
        st = amc_json_read(buf, len, &v->lim, w->ds, &doc);
    if (st == AMC_ENOMEM) {
        fprintf(err, "amc validate: %s: out of memory\n", path);
        b->io_error = true;
    } else if (st == AMC_OK) {
        valid = run_schema(w, b, err, doc);
    } else {
        b->n_unparseable++;
    }
    tally(b, w->ds, valid, w->v->rules_set);
    amc_diags_sort(w->ds);
    report_unit(w, b, out, false, 0, valid);
    amc_doc_free(doc);
    free(buf);
}

/* Validates one JSONL line (line[0..len), no newline) found at byte offset off, line lineno. */
static void validate_line(vworker *w, vbatch *b, FILE *out, FILE *err, const vline *l)
{
    const vstate *v = w->v;
    const char *path = b->path, *line = b->data + l->at;
    size_t len = l->len, lineno = l->lineno;
    amc_status st = AMC_OK;
    bool valid = false;
    amc_pos base;
    size_t i = 0;
    for (i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            break;
    if (i == len)
        return; /* blank line */
    amc_diags_clear(w->ds);
    if (w->pv) {
        st = amc_validator_check(w->pv, strcmp(path, "-") ? path : NULL, line, len, w->ds, NULL);
        if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
            fprintf(err, "amc validate: %s:%zu: %s\n", path, lineno, amc_status_str(st));
            b->io_error = true;
        }
        valid = st == AMC_OK;
    } else if ((st = amc_json_read_reuse(line, len, &v->lim, w->ds, &w->ldoc)) == AMC_OK) {
        valid = run_schema(w, b, err, w->ldoc);
    } else {
        if (st == AMC_ENOMEM) {
            fprintf(err, "amc validate: %s:%zu: out of memory\n", path, lineno);
            b->io_error = true;
        }
        b->n_unparseable++;
    }
    base.offset = l->off;
    base.line = (uint32_t)(lineno - 1);
    base.col = 0;
    amc_diags_rebase(w->ds, 0, base);
    amc_diags_sort(w->ds);
    tally(b, w->ds, valid, w->v->rules_set);
    report_unit(w, b, out, true, lineno, valid);
}

/* Reports a line longer than the limit (it was skipped, not buffered). */
static void line_too_long(vworker *w, vbatch *b, FILE *out, const vline *l)
{
    amc_pos base;
    amc_diags_clear(w->ds);
    base.offset = 0;
    base.line = 0;
    base.col = 0;
    amc_diags_addf(w->ds, AMC_C_LIMIT_SIZE, base, "line is longer than the %zu-byte limit",
                   w->v->lim.max_input_bytes);
    base.offset = l->off;
    base.line = (uint32_t)(l->lineno - 1);
    amc_diags_rebase(w->ds, 0, base);
    b->n_unparseable++;
    tally(b, w->ds, false, w->v->rules_set);
    report_unit(w, b, out, true, l->lineno, false);
}

/* The worker's part (cli_par_work): validates the batch's units, output into its buffers. */
static void batch_work(void *wctx, void *item)
{
    vworker *w = wctx;
    vbatch *b = item;
    FILE *out = NULL, *err = NULL;
    size_t i = 0;
    if (b->kind == B_NOTE)
        return;
    out = open_memstream(&b->out, &b->outlen);
    err = open_memstream(&b->err, &b->errlen);
    if (!out || !err || !w->ds) {
        b->oom = true;
    } else if (b->kind == B_FILE) {
        validate_whole(w, b, out, err);
    } else {
        for (i = 0; i < b->n; i++) {
            if (b->l[i].too_long)
                line_too_long(w, b, out, &b->l[i]);
            else
                validate_line(w, b, out, err, &b->l[i]);
        }
    }
    if (out)
        fclose(out);
    if (err)
        fclose(err);
}

static void batch_free(vbatch *b);

/* Frees b, keeping its line buffer for a later batch of v. */
static void batch_recycle(vstate *v, vbatch *b)
{
    pthread_mutex_lock(&v->spare_mu);
    if (b->kind == B_LINES && b->data && v->nspare < sizeof v->spare / sizeof v->spare[0]) {
        v->spare[v->nspare] = b->data;
        v->spare_cap[v->nspare++] = b->dcap;
        b->data = NULL;
    }
    pthread_mutex_unlock(&v->spare_mu);
    batch_free(b);
}

static void batch_free(vbatch *b)
{
    size_t i = 0;
    for (i = 0; i < b->nkeep; i++)
        amc_diags_free(b->keep[i]);
    free(b->keep);
    free(b->path);
    free(b->data);
    free(b->l);
    free(b->out);
    free(b->err);
    free(b);
}

/* The main thread's part (cli_par_emit), in input order: output, counts, report. */
static void batch_emit(void *ectx, void *item)
{
    vstate *v = ectx;
    vbatch *b = item;
    size_t i = 0;
    if (b->outlen)
        fwrite(b->out, 1, b->outlen, stdout);
    if (b->errlen) {
        fflush(stdout);
        fwrite(b->err, 1, b->errlen, stderr);
    }
    if (b->kind == B_NOTE && b->dlen) {
        fflush(stdout);
        fwrite(b->data, 1, b->dlen, stderr);
    }
    for (i = 0; i < b->nkeep; i++)
        cli_report_file(v->rep, b->path, b->keep[i]);
    if (b->oom) {
        fprintf(stderr, "amc validate: out of memory\n");
        b->io_error = true;
    }
    v->n_valid += b->n_valid;
    v->n_invalid += b->n_invalid;
    v->n_unparseable += b->n_unparseable;
    v->any_warning |= b->any_warning;
    v->io_error |= b->io_error;
    batch_recycle(v, b);
}

static vbatch *batch_new(int kind, const char *path)
{
    vbatch *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->kind = kind;
    b->path = strdup(path);
    if (!b->path) {
        free(b);
        return NULL;
    }
    return b;
}

/* A message for stderr, in its place among the results (a reading error, a warning): the
 * batch that carries it, or NULL when out of memory (then reported at once). */
static vbatch *note_vbatch(vstate *v, const char *path, bool io_error, const char *fmt, va_list ap)
{
    vbatch *b = batch_new(B_NOTE, path);
    va_list ap2;
    int n = 0;
    char *s = NULL;
    va_copy(ap2, ap);
    n = vsnprintf(NULL, 0, fmt, ap);
    s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    if (!b || !s) {
        free(b ? b->path : NULL);
        free(b);
        free(s);
        fprintf(stderr, "amc validate: out of memory\n");
        v->io_error = true;
        return NULL;
    }
    b->data = s;
    b->dlen = (size_t)n;
    b->io_error = io_error;
    return b;
}

static vbatch *note_batch(vstate *v, const char *path, bool io_error, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static vbatch *note_batch(vstate *v, const char *path, bool io_error, const char *fmt, ...)
{
    va_list ap;
    vbatch *b = NULL;
    va_start(ap, fmt);
    b = note_vbatch(v, path, io_error, fmt, ap);
    va_end(ap);
    return b;
}

static void note(vstate *v, const char *path, bool io_error, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void note(vstate *v, const char *path, bool io_error, const char *fmt, ...)
{
    va_list ap;
    vbatch *b = NULL;
    va_start(ap, fmt);
    b = note_vbatch(v, path, io_error, fmt, ap);
    va_end(ap);
    if (b)
        cli_par_submit(v->par, b);
}

/* Batches of JSON Lines: about BATCH_BYTES or BATCH_LINES lines each, read READ_BYTES at a
 * time straight into the batch's buffer. */
enum { BATCH_BYTES = 1 << 20, BATCH_LINES = 8192, READ_BYTES = 1 << 16 };

/* --stateful --shard: the shard (1..N) of a message by its task_id (FNV-1a 64 of the string,
 * mod N, plus 1), so that every message of one task lands in one shard; 0 when the message is
 * not a JSON object with a string task_id (the caller shards it by position). */
static unsigned shard_of_key(vstate *v, const char *buf, size_t len)
{
    const amc_value *root = NULL, *id = NULL;
    uint64_t h = 1469598103934665603ull;
    size_t i = 0;
    if (!v->kds)
        v->kds = amc_diags_new(1);
    if (!v->kds)
        return 0;
    amc_diags_clear(v->kds);
    if (amc_json_read_reuse(buf, len, &v->lim, v->kds, &v->kdoc) != AMC_OK)
        return 0;
    root = amc_doc_root(v->kdoc);
    id = root && root->type == AMC_T_OBJECT ? amc_value_getz(root, "task_id") : NULL;
    if (!id || id->type != AMC_T_STRING)
        return 0;
    for (i = 0; i < id->u.str.len; i++) {
        h ^= (unsigned char)id->u.str.ptr[i];
        h *= 1099511628211ull;
    }
    return (unsigned)(h % v->shard_n) + 1;
}

/* Reading one JSON Lines input (jsonl_next, the pipeline's producer): the line being read is
 * at buf[at..) of the batch being filled; what a batch does not end is carried to the next. */
typedef struct jreader {
    vstate *v;
    const char *path;
    int fd;
    bool eof, done;
    int err;         /* errno of a failed read, reported after the lines before it */
    vbatch *pending; /* a note to hand out next */
    char *carry;     /* the start of a line the last batch did not end, and what follows */
    size_t clen, ccap;
    size_t cscan;       /* carry[0..cscan) is scanned: no newline in it */
    size_t lineno, off; /* the line being read: its number and byte offset in the file */
    size_t len;         /* its length so far (counted on when too long: not kept) */
    bool too_long, skip;
} jreader;

static void jline_start(jreader *r, size_t lineno, size_t off)
{
    const vstate *v = r->v;
    r->lineno = lineno;
    r->off = off;
    r->len = 0;
    r->too_long = false;
    r->skip = v->shard_n && !v->shard_by_key && (lineno - 1) % v->shard_n != v->shard_k - 1;
}

/* A buffer for a batch: a line buffer of an emitted batch, or a new one. */
static bool batch_buffer(vstate *v, vbatch *b)
{
    pthread_mutex_lock(&v->spare_mu);
    if (v->nspare) {
        v->nspare--;
        b->data = v->spare[v->nspare];
        b->dcap = v->spare_cap[v->nspare];
    }
    pthread_mutex_unlock(&v->spare_mu);
    if (!b->data) {
        b->dcap = BATCH_BYTES + READ_BYTES;
        b->data = malloc(b->dcap);
    }
    return b->data != NULL;
}

/* The line that ends at buf[at + r->len] becomes a unit of b (unless another shard's). Returns
 * 0, or -1 when out of memory. */
static int jline_end(jreader *r, vbatch *b, size_t at)
{
    vstate *v = r->v;
    vline *u = NULL;
    if (r->skip)
        return 0;
    if (v->shard_by_key) { /* the line is whole now: its task decides */
        unsigned k = r->too_long ? 0 : shard_of_key(v, b->data + at, r->len);
        if (!k)
            k = (unsigned)((r->lineno - 1) % v->shard_n) + 1;
        if (k != v->shard_k)
            return 0;
    }
    if (b->n == b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 64;
        vline *p = realloc(b->l, ncap * sizeof *p);
        if (!p)
            return -1;
        b->l = p;
        b->cap = ncap;
    }
    u = &b->l[b->n++];
    u->len = r->too_long ? 0 : r->len;
    u->at = at;
    u->off = r->off;
    u->lineno = r->lineno;
    u->too_long = r->too_long;
    return 0;
}

/* Fills b with the input's next lines, read straight into its buffer (at most max_input_bytes a
 * line; a longer line is counted on, not kept, and reported). Returns 0, or -1 when out of
 * memory. */
static int jfill(jreader *r, vbatch *b)
{
    vstate *v = r->v;
    size_t at = 0, p = 0; /* the line being read starts at data[at]; data[at..p) has no newline */
    if (r->clen) {
        if (r->clen > b->dcap) {
            char *np = realloc(b->data, r->clen + READ_BYTES);
            if (!np)
                return -1;
            b->data = np;
            b->dcap = r->clen + READ_BYTES;
        }
        memcpy(b->data, r->carry, r->clen);
        b->dlen = r->clen;
        p = r->cscan;
        r->clen = 0;
    }
    for (;;) {
        const char *nl = NULL;
        size_t seg = 0;
        if (p == b->dlen) { /* everything read is scanned: read more */
            ssize_t got = 0;
            if (r->eof) {
                /* the last line, without a newline (not after a read error) */
                if (!r->err && (r->too_long || r->len > 0)) {
                    if (jline_end(r, b, at) != 0)
                        return -1;
                }
                r->done = true;
                b->dlen = p;
                return 0;
            }
            if (b->dcap - b->dlen < READ_BYTES) {
                if (b->n) /* full: the line goes on in the next batch */
                    break;
                if (at) { /* lines of other shards only: start over with this line */
                    memmove(b->data, b->data + at, b->dlen - at);
                    b->dlen -= at;
                    p -= at;
                    at = 0;
                }
                if (b->dcap - b->dlen < READ_BYTES) { /* one long line */
                    char *np = realloc(b->data, b->dcap * 2);
                    if (!np)
                        return -1;
                    b->data = np;
                    b->dcap *= 2;
                }
            }
            do
                got = read(r->fd, b->data + b->dlen, READ_BYTES);
            while (got < 0 && errno == EINTR);
            if (got <= 0) {
                r->eof = true;
                if (got < 0)
                    r->err = errno;
                continue;
            }
            b->dlen += (size_t)got;
        }
        nl = memchr(b->data + p, '\n', b->dlen - p);
        seg = nl ? (size_t)(nl - (b->data + p)) : b->dlen - p;
        r->len += seg;
        p += seg;
        if (!r->too_long && r->len > v->lim.max_input_bytes)
            r->too_long = true;
        if (!nl) {
            if (r->too_long || r->skip) { /* not kept: drop what was read of it */
                b->dlen = p = at;
            }
            continue;
        }
        if (jline_end(r, b, at) != 0)
            return -1;
        p++; /* the newline */
        jline_start(r, r->lineno + 1, r->off + r->len + 1);
        at = p;
        if (at >= BATCH_BYTES || b->n >= BATCH_LINES)
            break;
    }
    /* carry the line begun: data[at..dlen) */
    if (b->dlen - at > r->ccap) {
        char *np = realloc(r->carry, b->dlen - at);
        if (!np)
            return -1;
        r->carry = np;
        r->ccap = b->dlen - at;
    }
    if (b->dlen > at)
        memcpy(r->carry, b->data + at, b->dlen - at);
    r->clen = b->dlen - at;
    r->cscan = p - at;
    b->dlen = at;
    return 0;
}

/* cli_par_produce: the next batch of lines, then a note of a read error; NULL at the end. */
static void *jsonl_next(void *pctx)
{
    jreader *r = pctx;
    vbatch *b = NULL;
    if (r->pending) {
        b = r->pending;
        r->pending = NULL;
        return b;
    }
    while (!r->done) {
        b = batch_new(B_LINES, r->path);
        if (!b || !batch_buffer(r->v, b) || jfill(r, b) != 0) {
            if (b)
                batch_free(b);
            r->done = true;
            r->err = 0;
            return note_batch(r->v, r->path, true, "amc validate: out of memory\n");
        }
        if (r->done && r->err)
            r->pending = note_batch(r->v, r->path, true, "amc: %s: %s\n",
                                    !strcmp(r->path, "-") ? "<stdin>" : r->path, strerror(r->err));
        if (b->n)
            return b;
        batch_recycle(r->v, b); /* nothing of this shard in it */
        b = NULL;
    }
    b = r->pending;
    r->pending = NULL;
    return b;
}

/* Reads a JSON Lines input: the workers read it themselves, a batch at a time (cli_par_pull),
 * each line's bytes read once, straight into its batch. */
static void validate_jsonl(vstate *v, const char *path)
{
    bool is_stdin = !strcmp(path, "-");
    jreader r;
    memset(&r, 0, sizeof r);
    r.v = v;
    r.path = path;
    r.fd = is_stdin ? 0 : open(path, O_RDONLY);
    if (r.fd < 0) {
        note(v, path, true, "amc: %s: %s\n", path, strerror(errno));
        return;
    }
    jline_start(&r, 1, 0);
    cli_par_pull(v->par, jsonl_next, &r);
    if (!is_stdin)
        close(r.fd);
    free(r.carry);
}

static void validate_path(vstate *v, const char *path, bool from_dir);

static void validate_dir(vstate *v, const char *dir)
{
    static const char *const plain[] = {".json", ".yaml", ".yml", NULL};
    static const char *const lines[] = {".jsonl", ".ndjson", NULL};
    static const char *const mime_msgs[] = {".mime", NULL};
    static const char *const json_msgs[] = {".json", NULL};
    static const char *const any_msgs[] = {".mime", ".json", NULL};
    const char *const *messages = !v->profile || !strcmp(v->profile, "ignite") ? mime_msgs
                                  : !strcmp(v->profile, "auto")                ? any_msgs
                                                                               : json_msgs;
    DIR *d = opendir(dir);
    struct dirent *e = NULL;
    char **names = NULL;
    size_t n = 0, cap = 0, i = 0;
    bool oom = false;
    if (!d) {
        note(v, dir, true, "amc: %s: %s\n", dir, strerror(errno));
        return;
    }
    while (!oom && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **p = realloc(names, (cap ? cap * 2 : 32) * sizeof *p);
            if (!p) {
                oom = true;
                break;
            }
            names = p;
            cap = cap ? cap * 2 : 32;
        }
        names[n] = strdup(e->d_name);
        if (names[n])
            n++;
        else
            oom = true;
    }
    closedir(d);
    if (n > 1) /* names is NULL in an empty directory: qsort wants an array */
        qsort(names, n, sizeof *names, cli_cmp_names);
    for (i = 0; i < n; i++) {
        size_t dl = strlen(dir);
        char *p = oom ? NULL : malloc(dl + strlen(names[i]) + 2);
        struct stat st;
        if (!p) { /* a file left out: the run says so (exit 2) */
            oom = true;
            free(names[i]);
            continue;
        }
        sprintf(p, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", names[i]);
        if (cli_excluded(v->exclude, names[i], p)) {
            free(p);
            free(names[i]);
            continue;
        }
        if (lstat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                validate_dir(v, p);
            else if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) &&
                     has_ext(names[i], v->jsonl     ? lines
                                       : v->profile ? messages
                                                    : plain))
                validate_path(v, p, true);
        }
        free(p);
        free(names[i]);
    }
    free(names);
    if (oom)
        note(v, dir, true, "amc validate: %s: out of memory: the directory is not read whole\n",
             dir);
}

static void validate_path(vstate *v, const char *path, bool from_dir)
{
    struct stat st;
    if (strcmp(path, "-") != 0 && !from_dir && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        size_t before = v->n_inputs;
        validate_dir(v, path);
        if (v->n_inputs == before) { /* nothing checked is not a pass (issue 14) */
            const char *what = v->jsonl ? "*.jsonl or *.ndjson"
                               : !v->pv ? "*.json, *.yaml or *.yml"
                               : !v->profile || !strcmp(v->profile, "ignite") ? "*.mime"
                               : !strcmp(v->profile, "auto")                  ? "*.mime or *.json"
                                                                              : "*.json";
            note(v, path, true,
                 "amc validate: %s: no %s file in this directory%s: nothing to validate\n", path,
                 what, v->exclude && v->exclude->n ? " (after --exclude)" : "");
        }
        return;
    }
    v->n_inputs++;
    if (v->jsonl) {
        validate_jsonl(v, path);
    } else {
        uint64_t unit = v->n_units++;
        vbatch *b = NULL;
        unsigned k = (unsigned)(unit % (v->shard_n ? v->shard_n : 1)) + 1;
        if (v->shard_by_key) { /* the file's task decides (read here once more) */
            char *buf = NULL;
            size_t len = 0;
            FILE *quiet = fopen("/dev/null", "w");
            if (quiet && cli_read_file_to(quiet, path, v->lim.max_input_bytes, &buf, &len) == 0) {
                unsigned kk = shard_of_key(v, buf, len);
                if (kk)
                    k = kk;
            }
            if (quiet)
                fclose(quiet);
            free(buf);
        }
        if (v->shard_n && k != v->shard_k)
            return; /* another shard's file */
        b = batch_new(B_FILE, path);
        if (!b) {
            fprintf(stderr, "amc validate: out of memory\n");
            v->io_error = true;
            return;
        }
        cli_par_submit(v->par, b);
    }
}

typedef struct vargs {
    const char *profile, *policy, *now, *keyring, *default_dialect, *shard;
    cli_list schemas, maps, disable, exclude;
    const char *config;
    bool no_config;
    int format, as;
    bool stateful, jsonl, no_format_assert, first_error, strict;
    uint64_t max_size, max_depth, jobs;
} vargs;

/* Validates every input through the pipeline (v->jobs workers) and returns the exit status.
 * The report is opened here, except for --jsonl --format json, which streams JSON Lines
 * records (report_unit). rules_hi > 0: SARIF declares the codes rules_lo..rules_hi. */
static int run_inputs(vstate *v, const cli_list *inputs, int rules_lo, int rules_hi)
{
    size_t i = 0;
    int rc = CLI_EXIT_OK;
    unsigned nw = v->jobs ? v->jobs : 1;
    vworker *w = calloc(nw, sizeof *w);
    void **wctx = calloc(nw, sizeof *wctx);
    amc_diags *pds = NULL;
    cli_summary sum;
    memset(&sum, 0, sizeof sum);
    pthread_mutex_init(&v->spare_mu, NULL);
    v->color = v->fmt == CLI_FMT_TEXT && cli_use_color(stdout);
    if (!(v->jsonl && v->fmt == CLI_FMT_JSON)) {
        v->rep = cli_report_new(v->fmt, stdout, "validate");
        if (!v->rep) {
            fprintf(stderr, "amc validate: out of memory\n");
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        if (rules_hi)
            cli_report_declare_rules(v->rep, rules_lo, rules_hi);
    }
    if (!w || !wctx) {
        fprintf(stderr, "amc validate: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (i = 0; i < nw; i++) {
        w[i].v = v;
        w[i].ds = amc_diags_new(v->lim.max_diags);
        cli_config_install(v->rules, w[i].ds);
        wctx[i] = &w[i];
        if (v->pv && i == 0) {
            w[i].pv = v->pv;
        } else if (v->pv) { /* one validator per worker (made as the first was) */
            if (!pds)
                pds = amc_diags_new(v->lim.max_diags);
            if (!pds || amc_validator_new(&v->popts, pds, &w[i].pv) != AMC_OK) {
                fprintf(stderr, "amc validate: out of memory\n");
                rc = CLI_EXIT_ERROR;
                goto out;
            }
            w[i].own_pv = true;
        }
    }
    v->par = cli_par_new(nw, 4 * (size_t)nw, batch_work, wctx, batch_emit, v);
    if (!v->par) {
        fprintf(stderr, "amc validate: cannot start %u threads: %s\n", nw,
                errno == ENOMEM ? "out of memory" : strerror(errno));
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (i = 0; i < inputs->n; i++)
        validate_path(v, inputs->v[i], false);
    cli_par_finish(v->par);
    v->par = NULL;
    rc = v->io_error                                     ? CLI_EXIT_ERROR
         : v->n_invalid || (v->strict && v->any_warning) ? CLI_EXIT_INVALID
                                                         : CLI_EXIT_OK;
    sum.valid = v->n_valid;
    sum.invalid = v->n_invalid;
    sum.unparseable = v->n_unparseable;
    sum.status = rc;
    sum.shard_k = v->shard_k;
    sum.shard_n = v->shard_n;
    if (v->jsonl && v->fmt == CLI_FMT_JSON) { /* the last record of the JSON Lines report */
        json_object *o = json_object_new_object();
        json_object_object_add(o, "summary", cli_summary_to_json(&sum));
        puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                   JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(o);
    }
    cli_report_set_summary(v->rep, &sum);
    if (v->jsonl) {
        fflush(stdout);
        if (v->n_unparseable)
            fprintf(stderr, "valid=%zu invalid=%zu unparseable=%zu\n", v->n_valid, v->n_invalid,
                    v->n_unparseable);
        else
            fprintf(stderr, "valid=%zu invalid=%zu\n", v->n_valid, v->n_invalid);
    }
out:
    for (i = 0; w && i < nw; i++) {
        amc_diags_free(w[i].ds);
        amc_doc_free(w[i].ldoc);
        if (w[i].own_pv)
            amc_validator_free(w[i].pv);
    }
    free(w);
    free(wctx);
    amc_diags_free(pds);
    amc_doc_free(v->kdoc);
    amc_diags_free(v->kds);
    v->kdoc = NULL;
    v->kds = NULL;
    while (v->nspare)
        free(v->spare[--v->nspare]);
    pthread_mutex_destroy(&v->spare_mu);
    return rc;
}

/* Profile mode: --profile NAME|auto. Returns the exit status. */
static int run_profile(vstate *v, const vargs *a, const cli_list *inputs)
{
    amc_validator_opts opts;
    amc_policy *policy = NULL;
    amc_diags *pds = NULL;
    amc_status st = AMC_OK;
    int rc = CLI_EXIT_ERROR;
    if (a->schemas.n) {
        fprintf(stderr, "amc validate: --profile and --schema are mutually exclusive\n");
        return CLI_EXIT_ERROR;
    }
    if (v->as != CLI_SYN_AUTO) {
        fprintf(stderr, "amc validate: --as does not apply to --profile\n");
        return CLI_EXIT_ERROR;
    }
    if (inputs->n == 0)
        return cli_usage_error(&cli_cmd_validate, "no message given (use - for stdin)");
    if (cli_load_policy("validate", a->policy, a->keyring, true, v->lim.max_input_bytes, &policy) !=
        0)
        return CLI_EXIT_ERROR;
    pds = amc_diags_new(v->lim.max_diags);
    if (!pds) {
        fprintf(stderr, "amc validate: out of memory\n");
        goto out;
    }
    memset(&opts, 0, sizeof opts);
    opts.profile = a->profile;
    opts.stateful = a->stateful;
    opts.policy = policy;
    opts.limits = &v->lim;
    opts.now = a->now;
    v->popts = opts;
    if (opts.stateful) {
        v->jobs = 1;                       /* one session, in input order */
        v->shard_by_key = v->shard_n != 0; /* one task's messages in one shard */
    }
    st = amc_validator_new(&opts, pds, &v->pv);
    if (st != AMC_OK) {
        fprintf(stderr, "amc validate: %s\n",
                amc_diags_count(pds) ? amc_diags_get(pds, 0)->message : amc_status_str(st));
        goto out;
    }
    rc = run_inputs(v, inputs, 3000, 3399);
out:
    amc_validator_free(v->pv);
    v->pv = NULL;
    amc_policy_free(policy);
    amc_diags_free(pds);
    return rc;
}

/* Reads and compiles the --schema files (the first is the root). Returns 0 or -1 (reported). */
static int compile_schemas(vstate *v, const vargs *a, cli_loader **loader, amc_schema_set **set)
{
    amc_limits deflim = AMC_LIMITS_DEFAULT; /* schemas are read with the default limits */
    amc_diags *sds = amc_diags_new(v->lim.max_diags);
    const char *root_uri = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    int rc = -1;
    amc_limits_normalize(&deflim);
    *loader = cli_loader_new(&deflim);
    if (*loader && cli_loader_map_all(*loader, a->maps.v, a->maps.n, "validate") != 0)
        goto out;
    *set = amc_schema_set_new(&deflim);
    if (!*loader || !*set || !sds) {
        fprintf(stderr, "amc validate: out of memory\n");
        goto out;
    }
    cli_set_default_dialect(*set, a->default_dialect);
    cli_loader_install(*loader, *set);
    for (i = 0; i < a->schemas.n; i++) {
        const char *uri = NULL;
        if (cli_schema_add_file(*loader, *set, a->schemas.v[i], &deflim, NULL, &uri) != 0)
            goto out;
        if (i == 0)
            root_uri = uri;
    }
    st = amc_schema_compile(*set, root_uri, sds, &v->schema);
    cli_print_schema_diags(stderr, *loader, sds, a->schemas.v[0]);
    if (st == AMC_ENOMEM)
        fprintf(stderr, "amc validate: out of memory\n");
    else if (st != AMC_OK)
        fprintf(stderr, "amc validate: %s: the schema does not compile\n", a->schemas.v[0]);
    else
        rc = 0;
out:
    amc_diags_free(sds);
    return rc;
}

/* Schema mode: --schema FILE... Returns the exit status. */
static int run_schema_mode(vstate *v, const vargs *a, const cli_list *inputs)
{
    cli_loader *loader = NULL;
    amc_schema_set *set = NULL;
    int rc = CLI_EXIT_ERROR;
    if (a->stateful || a->policy || a->now || a->keyring) {
        fprintf(stderr, "amc validate: --stateful, --policy, --now and --keyring need --profile\n");
        return CLI_EXIT_ERROR;
    }
    if (a->schemas.n == 0)
        return cli_usage_error(&cli_cmd_validate, "--schema or --profile is required");
    if (inputs->n == 0)
        return cli_usage_error(&cli_cmd_validate, "no instance given (use - for stdin)");
    if (v->as == CLI_SYN_YAML && v->jsonl) {
        fprintf(stderr, "amc validate: --jsonl reads JSON; it cannot be combined with --as yaml\n");
        return CLI_EXIT_ERROR;
    }
    if (compile_schemas(v, a, &loader, &set) == 0)
        rc = run_inputs(v, inputs, 0, 0);
    amc_schema_set_free(set);
    cli_loader_free(loader);
    return rc;
}

static int validate_main(void *args, const cli_list *inputs)
{
    vargs ea = *(const vargs *)args;
    const vargs *a = &ea;
    cli_config cfg;
    size_t i = 0;
    vstate v;
    amc_validate_opts defopts = AMC_VALIDATE_OPTS_DEFAULT;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    int rc = CLI_EXIT_OK;
    memset(&v, 0, sizeof v);
    if (cli_config_load("validate", ea.config, ea.no_config, &cfg) != 0 ||
        cli_config_format(&cfg, "validate", "text json sarif github junit", &ea.format) != 0) {
        cli_config_free(&cfg);
        return CLI_EXIT_ERROR;
    }
    for (i = 0; i < ea.disable.n; i++)
        if (cli_config_disable(&cfg, ea.disable.v[i]) != 0) {
            fprintf(stderr, "amc validate: out of memory\n");
            cli_config_free(&cfg);
            return CLI_EXIT_ERROR;
        }
    if (!ea.profile && !ea.schemas.n)
        ea.profile = cfg.profile;
    if (!ea.policy && ea.profile)
        ea.policy = cfg.policy;
    v.opts = defopts;
    v.opts.format_assert = !a->no_format_assert;
    v.opts.all_errors = !a->first_error;
    v.lim = deflim;
    v.lim.max_input_bytes = (size_t)a->max_size;
    v.lim.max_depth = (uint32_t)a->max_depth;
    amc_limits_normalize(&v.lim);
    v.as = (cli_syntax)a->as;
    v.fmt = (cli_format)a->format;
    v.jsonl = a->jsonl;
    v.strict = a->strict;
    v.profile = a->profile;
    v.jobs = a->jobs ? (unsigned)a->jobs : cli_cpus_available();
    if (a->shard && cli_parse_shard(a->shard, &v.shard_k, &v.shard_n) != 0) {
        cli_config_free(&cfg);
        return cli_usage_error(&cli_cmd_validate, "--shard: '%s' is not K/N (1 <= K <= N)",
                               a->shard);
    }
    v.rules = &cfg;
    v.rules_set = cfg.n_rules > 0;
    v.exclude = &ea.exclude;
    rc = a->profile ? run_profile(&v, a, inputs) : run_schema_mode(&v, a, inputs);
    if (!v.rep && rc == CLI_EXIT_ERROR && (v.fmt == CLI_FMT_SARIF || v.fmt == CLI_FMT_JUNIT))
        v.rep = cli_report_new(v.fmt, stdout, "validate"); /* a report saying the run failed */
    cli_report_end(v.rep, rc != CLI_EXIT_ERROR); /* SARIF executionSuccessful, JUnit <error> */
    cli_config_free(&cfg);
    return rc;
}

static void list_profiles(FILE *f)
{
    size_t i = 0;
    fprintf(f, "profiles:");
    for (i = 0; i < amc_profile_count(); i++)
        fprintf(f, " %s", amc_profile_at(i)->name);
    fprintf(f, "\n");
}

#define O(field) CLI_AT(vargs, field)
static const cli_opt options[] = {
    {.shared = &cli_opt_profile,
     O(profile),
     .arg = "NAME|auto",
     .help = "check protocol messages with a profile, or auto (detect it per message); "
             "directories are walked for *.mime (ignite), *.json (the others; *.jsonl with "
             "--jsonl); the path of each file is used by placement rules (queue/<agent>/, "
             "inbox/...)"},
    {.shared = &cli_opt_stateful,
     O(stateful),
     .help = "one session across every input, in order (profile mode)"},
    {.shared = &cli_opt_policy, O(policy)},
    {.shared = &cli_opt_keyring, O(keyring)},
    {.name = "now",
     .kind = CLI_STRING,
     .arg = "TIME",
     O(now),
     .help = "reference clock, RFC 3339 (mailbox clock skew and nonce TTL; without it the time "
             "rules do not run)"},
    {.shared = &cli_opt_schema,
     O(schemas),
     .help = "schema file (JSON, or YAML by extension); the first one is the root schema, the "
             "others are added so $refs to them resolve"},
    {.shared = &cli_opt_map_uri, O(maps)},
    {.shared = &cli_opt_default_dialect, O(default_dialect)},
    {.shared = &cli_opt_format, O(format), .allow = "text json sarif github junit"},
    {.name = "jsonl",
     .kind = CLI_FLAG,
     O(jsonl),
     .help = "each INSTANCE is JSON Lines: one instance per line, streamed; summary "
             "\"valid=N invalid=N\" on stderr"},
    {.shared = &cli_opt_as,
     O(as),
     .allow = "json yaml",
     .help = "instance syntax (default: by extension, .yaml/.yml = YAML)"},
    {.name = "no-format-assert",
     .kind = CLI_FLAG,
     O(no_format_assert),
     .help = "treat \"format\" as an annotation (default: it asserts)"},
    {.name = "first-error",
     .kind = CLI_FLAG,
     O(first_error),
     .help = "report only the first failure per instance"},
    {.shared = &cli_opt_strict, O(strict)},
    {.shared = &cli_opt_jobs,
     O(jobs),
     .help = "validate with N threads (default, or 0: the CPUs this process may use); the "
             "output is the same, byte for byte, as with -j 1 (files, or batches of lines, are "
             "validated in parallel and reported in input order); --stateful runs one thread"},
    {.shared = &cli_opt_shard,
     O(shard),
     .help = "validate only shard K of N (1 <= K <= N): every N-th file (the K-th, N+K-th, "
             "... in walk order), or with --jsonl every N-th line of each input (lines K, N+K, "
             "...; records keep their line numbers); the summary says \"shard\": \"K/N\"; amc "
             "report merge joins the shards' --format json reports"},
    {.name = "exclude",
     .kind = CLI_LIST,
     .arg = "GLOB",
     O(exclude),
     .help = "leave out the entries of a walked directory whose name or path matches GLOB "
             "(fnmatch: *, ?, [...]); repeatable"},
    {.shared = &cli_opt_disable, O(disable)},
    {.shared = &cli_opt_config, O(config)},
    {.shared = &cli_opt_no_config, O(no_config)},
    {.shared = &cli_opt_max_size,
     O(max_size),
     .help = "largest instance or JSONL line (K, M, G: binary multiples)"},
    {.shared = &cli_opt_max_depth, O(max_depth), .help = "deepest nesting of an instance"},
    {0}};
#undef O

const cli_command cli_cmd_validate = {
    .name = "validate",
    .summary = "validate messages against JSON Schemas or a protocol profile",
    .synopsis = (const char *const[]){"--schema SCHEMA [--schema MORE]... [options] "
                                      "INSTANCE...|-",
                                      "--profile NAME|auto [options] FILE...|DIR|-", NULL},
    .description =
        "Validates JSON or YAML instances against a JSON Schema, or protocol messages against a "
        "profile (amc rules --profile NAME lists its rules).\n"
        "A schema is read in the dialect its \"$schema\" names: draft 2020-12, 2019-09, 7, 6 or "
        "4 (each $id resource in its own; 2020-12, or --default-dialect, without one; "
        "docs/dialects.md). A \"$schema\" naming another dialect (draft-03, a meta-schema that "
        "cannot be loaded) is a schema error: exit status 2, with the supported dialects in the "
        "message.\n"
        "INSTANCE is a file, a directory (walked recursively in name order for *.json, *.yaml, "
        "*.yml; with --jsonl *.jsonl, *.ndjson; hidden entries skipped) or - for standard "
        "input. \"format\" asserts unless --no-format-assert is given. Nothing is fetched from "
        "the network: $refs resolve to the --schema files, local files and --map-uri "
        "directories.\n"
        "--jsonl streams one instance per line in constant memory and prints valid=N "
        "invalid=N (and unparseable=K) on standard error; with --format json each line with "
        "diagnostics is one JSON object per output line, and the last line is the summary "
        "{\"summary\": {\"valid\": N, \"invalid\": N, \"unparseable\": N, \"status\": S}} "
        "(without --jsonl the JSON document has a \"summary\" member); amc report merge "
        "combines such reports.\n"
        "With --profile, messages are checked against a protocol profile instead: ignite (MIME "
        "+ YAML files, queue placement), mailbox (signed JSON envelopes, ACL, routing, "
        "signatures, and with --stateful dedup, nonce reuse, clock skew and state_version "
        "order; with a path under inbox/, ack/ or deadletter/ of a mailbox root, the mailbox "
        "tree rules), discussion (messages, phase records and whole discussions), socket "
        "(task, result, status and error messages of the Unix-socket protocol), acp (ACP "
        "envelopes, registrations, session state, recovery, metrics and audit events, with "
        "inbox placement), or auto (detects the profile per message).\n"
        "Output: file:line:col: severity[CODE] RULE-ID: message (at /instance/pointer) [CODE2], "
        "in document order (RULE-ID: the profile's catalog rule; [CODE2]: the reader code a "
        "rule restates; docs/output.md).",
    .options = options,
    .operands = "INSTANCE...",
    .max_operands = CLI_MANY,
    .exits = (const cli_exit[]){{0, "every instance is valid"},
                                {1, "an instance is invalid (with --strict: or has warnings)"},
                                {2, "usage, I/O or schema error (an unreadable input makes "
                                    "the status 2 even if others were invalid)"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"Check instances against a schema that $refs another:",
                                       "amc validate --schema person.json --schema address.json "
                                       "people/"},
                                      {"A draft-07 schema that does not say so:",
                                       "amc validate --default-dialect draft7 --schema "
                                       "legacy.json data.json"},
                                      {"Stream a JSON Lines capture into a SARIF log:",
                                       "amc validate --schema s.json --jsonl traffic.jsonl "
                                       "--format sarif > results.sarif"},
                                      {"Check an IGNITE queue; warnings fail too:",
                                       "amc validate --profile ignite --strict .ignite/queue"},
                                      {NULL, NULL}},
    .args_size = sizeof(vargs),
    .run = validate_main,
    .help_more = list_profiles,
};
