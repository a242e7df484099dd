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
 *   - Exit: 0 every instance valid, 1 any invalid (or, with --strict, any warning), 2 usage,
 *     I/O or schema errors (an unreadable instance makes the status 2 even if others were
 *     invalid). Schema errors are printed as text on stderr with positions in the schema file.
 */
#include <dirent.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli_schema.h"

typedef struct vstate {
    const amc_schema *schema;
    amc_validator *pv; /* profile mode */
    amc_validate_opts opts;
    amc_limits lim;
    cli_syntax as;
    bool jsonl;
    bool strict;
    cli_format fmt;
    cli_report *rep;
    amc_diags *ds;
    size_t n_valid, n_invalid, n_unparseable;
    size_t n_inputs; /* files (or stdin) read */
    bool io_error;
    bool any_warning;
    const char *profile; /* --profile NAME|auto */
    amc_doc *ldoc;       /* --jsonl: one document reused for every line */
} vstate;

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

/* Updates the counters from one instance's diagnostics and verdict. */
static void tally(vstate *v, bool valid)
{
    if (amc_diags_warnings(v->ds))
        v->any_warning = true;
    if (valid)
        v->n_valid++;
    else
        v->n_invalid++;
}

/* Validates a parsed document; adds diagnostics to v->ds; returns the verdict (false on
 * ENOMEM too, with io_error set). */
static bool run_schema(vstate *v, const amc_doc *doc)
{
    bool valid = false;
    amc_status st = amc_schema_validate(v->schema, amc_doc_root(doc), doc, &v->opts, v->ds, &valid);
    if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
        fprintf(stderr, "amc validate: %s\n", amc_status_str(st));
        v->io_error = true;
        return false;
    }
    return st == AMC_OK && valid;
}

static void validate_whole(vstate *v, const char *path)
{
    char *buf = NULL;
    size_t len = 0;
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    cli_syntax as = v->as;
    bool valid = false;
    int rr = cli_read_file(path, v->lim.max_input_bytes, &buf, &len);
    amc_diags_clear(v->ds);
    if (rr == -2) {
        /* larger than --max-size: the instance is invalid (like the readers' size limit) */
        amc_pos none = {AMC_NO_OFFSET, 0, 0};
        amc_diags_addf(v->ds, AMC_C_LIMIT_SIZE, none, "input is larger than the %zu-byte limit",
                       v->lim.max_input_bytes);
        v->n_unparseable++;
        tally(v, false);
        cli_report_file(v->rep, path, v->ds);
        return;
    }
    if (rr != 0) {
        v->io_error = true;
        return;
    }
    if (v->pv) {
        st = amc_validator_check(v->pv, strcmp(path, "-") ? path : NULL, buf, len, v->ds, NULL);
        if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
            fprintf(stderr, "amc validate: %s: %s\n", path, amc_status_str(st));
            v->io_error = true;
        }
        valid = st == AMC_OK;
        tally(v, valid);
        amc_diags_sort(v->ds);
        cli_report_file(v->rep, path, v->ds);
        free(buf);
        return;
    }
    if (as == CLI_SYN_AUTO)
        as = cli_is_yaml_path(path) ? CLI_SYN_YAML : CLI_SYN_JSON;
    if (as == CLI_SYN_YAML)
        st = amc_yaml_read(buf, len, &v->lim, v->ds, &doc);
    else
        st = amc_json_read(buf, len, &v->lim, v->ds, &doc);
    if (st == AMC_ENOMEM) {
        fprintf(stderr, "amc validate: %s: out of memory\n", path);
        v->io_error = true;
    } else if (st == AMC_OK) {
        valid = run_schema(v, doc);
    } else {
        v->n_unparseable++;
    }
    tally(v, valid);
    amc_diags_sort(v->ds);
    cli_report_file(v->rep, path, v->ds);
    amc_doc_free(doc);
    free(buf);
}

/* One JSON Lines record for --jsonl --format json. */
static void print_jsonl_record(const vstate *v, const char *path, size_t lineno, bool valid)
{
    json_object *o = json_object_new_object(), *arr = json_object_new_array();
    size_t i = 0;
    json_object_object_add(o, "file", json_object_new_string(strcmp(path, "-") ? path : "<stdin>"));
    json_object_object_add(o, "line", json_object_new_int64((int64_t)lineno));
    json_object_object_add(o, "valid", json_object_new_boolean(valid));
    for (i = 0; i < amc_diags_count(v->ds); i++)
        json_object_array_add(arr, cli_diag_to_json(amc_diags_get(v->ds, i)));
    json_object_object_add(o, "diagnostics", arr);
    puts(
        json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
}

/* Prints the diagnostics of one JSONL line (nothing for a valid line without any). */
static void report_line(vstate *v, const char *path, size_t lineno, bool valid)
{
    if (amc_diags_count(v->ds) == 0 && valid)
        return;
    if (v->fmt == CLI_FMT_JSON)
        print_jsonl_record(v, path, lineno, valid);
    else
        cli_report_file(v->rep, path, v->ds);
}

/* Validates one JSONL line (line[0..len), no newline) found at byte offset off, line lineno. */
static void validate_line(vstate *v, const char *path, const char *line, size_t len, size_t off,
                          size_t lineno)
{
    amc_status st = AMC_OK;
    bool valid = false;
    amc_pos base;
    size_t i = 0;
    for (i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            break;
    if (i == len)
        return; /* blank line */
    amc_diags_clear(v->ds);
    if (v->pv) {
        st = amc_validator_check(v->pv, strcmp(path, "-") ? path : NULL, line, len, v->ds, NULL);
        if (st == AMC_ENOMEM || st == AMC_EUSAGE || st == AMC_EINTERNAL) {
            fprintf(stderr, "amc validate: %s:%zu: %s\n", path, lineno, amc_status_str(st));
            v->io_error = true;
        }
        valid = st == AMC_OK;
    } else if ((st = amc_json_read_reuse(line, len, &v->lim, v->ds, &v->ldoc)) == AMC_OK) {
        valid = run_schema(v, v->ldoc);
    } else {
        if (st == AMC_ENOMEM) {
            fprintf(stderr, "amc validate: %s:%zu: out of memory\n", path, lineno);
            v->io_error = true;
        }
        v->n_unparseable++;
    }
    base.offset = off;
    base.line = (uint32_t)(lineno - 1);
    base.col = 0;
    amc_diags_rebase(v->ds, 0, base);
    amc_diags_sort(v->ds);
    tally(v, valid);
    report_line(v, path, lineno, valid);
}

/* Reports a line longer than the limit (it was skipped, not buffered). */
static void line_too_long(vstate *v, const char *path, size_t off, size_t lineno)
{
    amc_pos base;
    amc_diags_clear(v->ds);
    base.offset = 0;
    base.line = 0;
    base.col = 0;
    amc_diags_addf(v->ds, AMC_C_LIMIT_SIZE, base, "line is longer than the %zu-byte limit",
                   v->lim.max_input_bytes);
    base.offset = off;
    base.line = (uint32_t)(lineno - 1);
    amc_diags_rebase(v->ds, 0, base);
    v->n_unparseable++;
    tally(v, false);
    report_line(v, path, lineno, false);
}

/* The line being read: grows to the longest line, at most the size limit (a longer line is
 * marked too_long and not kept). */
typedef struct linebuf {
    char *p;
    size_t len, cap, off, lineno; /* off: the line's byte offset in the file */
    bool too_long;
} linebuf;

/* Appends seg[0..n) to the line. Returns 0, or -1 when out of memory (reported). */
static int line_append(vstate *v, linebuf *l, const char *seg, size_t n)
{
    if (l->too_long || l->len + n > v->lim.max_input_bytes) {
        l->too_long = true;
        return 0;
    }
    if (l->len + n > l->cap) {
        size_t ncap = l->cap ? l->cap : 4096;
        char *np = NULL;
        while (ncap < l->len + n)
            ncap *= 2;
        np = realloc(l->p, ncap);
        if (!np) {
            fprintf(stderr, "amc validate: out of memory\n");
            v->io_error = true;
            return -1;
        }
        l->p = np;
        l->cap = ncap;
    }
    memcpy(l->p + l->len, seg, n);
    l->len += n;
    return 0;
}

/* Validates the line read so far (or reports it too long). */
static void line_end(vstate *v, const char *path, linebuf *l)
{
    if (l->too_long)
        line_too_long(v, path, l->off, l->lineno);
    else
        validate_line(v, path, l->p, l->len, l->off, l->lineno);
}

/* Streams a JSON Lines file: a fixed read buffer plus a line buffer that grows to the longest
 * line (at most max_input_bytes; a longer line is skipped and reported). */
static void validate_jsonl(vstate *v, const char *path)
{
    enum { CHUNK = 1 << 16 };
    bool is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    char *chunk = f ? malloc(CHUNK) : NULL;
    linebuf l = {NULL, 0, 0, 0, 1, false};
    size_t file_off = 0, got = 0;
    if (!f || !chunk) {
        if (f)
            fprintf(stderr, "amc validate: out of memory\n");
        else
            fprintf(stderr, "amc: %s: %s\n", path, strerror(errno));
        v->io_error = true;
        goto out;
    }
    while ((got = fread(chunk, 1, CHUNK, f)) > 0) {
        size_t p = 0;
        while (p < got) {
            const char *nl = memchr(chunk + p, '\n', got - p);
            size_t seg = nl ? (size_t)(nl - (chunk + p)) : got - p;
            if (line_append(v, &l, chunk + p, seg) != 0)
                goto out;
            p += seg;
            file_off += seg;
            if (!nl)
                break;
            line_end(v, path, &l);
            p++; /* the newline */
            file_off++;
            l.lineno++;
            l.off = file_off;
            l.len = 0;
            l.too_long = false;
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "amc: %s: %s\n", is_stdin ? "<stdin>" : path, strerror(errno));
        v->io_error = true;
    } else if (l.too_long || l.len > 0) {
        line_end(v, path, &l); /* the last line, without a newline */
    }
out:
    if (f && !is_stdin)
        fclose(f);
    free(chunk);
    free(l.p);
}

static void validate_path(vstate *v, const char *path, bool from_dir);

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

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
    if (!d) {
        fprintf(stderr, "amc: %s: %s\n", dir, strerror(errno));
        v->io_error = true;
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **p = realloc(names, (cap ? cap * 2 : 32) * sizeof *p);
            if (!p)
                break;
            names = p;
            cap = cap ? cap * 2 : 32;
        }
        names[n] = strdup(e->d_name);
        if (names[n])
            n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        size_t dl = strlen(dir);
        char *p = malloc(dl + strlen(names[i]) + 2);
        struct stat st;
        if (!p)
            continue;
        sprintf(p, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", names[i]);
        if (lstat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                validate_dir(v, p);
            else if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) &&
                     has_ext(names[i], v->jsonl ? lines
                                       : v->pv  ? messages
                                                : plain))
                validate_path(v, p, true);
        }
        free(p);
        free(names[i]);
    }
    free(names);
}

static void validate_path(vstate *v, const char *path, bool from_dir)
{
    struct stat st;
    if (strcmp(path, "-") != 0 && !from_dir && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        size_t before = v->n_inputs;
        validate_dir(v, path);
        if (v->n_inputs == before)
            fprintf(stderr, "amc validate: %s: warning: no %s file in this directory\n", path,
                    v->jsonl ? "*.jsonl or *.ndjson" : "*.json, *.yaml or *.yml");
        return;
    }
    v->n_inputs++;
    if (v->jsonl)
        validate_jsonl(v, path);
    else
        validate_whole(v, path);
}

typedef struct vargs {
    const char *profile, *policy, *now, *keyring, *default_dialect;
    cli_list schemas, maps;
    int format, as;
    bool stateful, jsonl, no_format_assert, first_error, strict;
    uint64_t max_size, max_depth;
} vargs;

/* Validates every input and returns the exit status. The report is opened here, except for
 * --jsonl --format json, which streams JSON Lines records itself (report_line). rules_hi > 0:
 * SARIF declares the codes rules_lo..rules_hi. */
static int run_inputs(vstate *v, const cli_list *inputs, int rules_lo, int rules_hi)
{
    size_t i = 0;
    int rc = CLI_EXIT_OK;
    cli_summary sum;
    memset(&sum, 0, sizeof sum);
    if (!(v->jsonl && v->fmt == CLI_FMT_JSON)) {
        v->rep = cli_report_new(v->fmt, stdout, "validate");
        if (!v->rep) {
            fprintf(stderr, "amc validate: out of memory\n");
            return CLI_EXIT_ERROR;
        }
        if (rules_hi)
            cli_report_declare_rules(v->rep, rules_lo, rules_hi);
    }
    for (i = 0; i < inputs->n; i++)
        validate_path(v, inputs->v[i], false);
    amc_doc_free(v->ldoc);
    v->ldoc = NULL;
    rc = v->io_error                                     ? CLI_EXIT_ERROR
         : v->n_invalid || (v->strict && v->any_warning) ? CLI_EXIT_INVALID
                                                         : CLI_EXIT_OK;
    sum.valid = v->n_valid;
    sum.invalid = v->n_invalid;
    sum.unparseable = v->n_unparseable;
    sum.status = rc;
    if (v->jsonl && v->fmt == CLI_FMT_JSON) { /* the last record of the JSON Lines report */
        json_object *o = json_object_new_object();
        json_object_object_add(o, "summary", cli_summary_to_json(&sum));
        puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
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
    for (i = 0; *loader && i < a->maps.n; i++)
        if (cli_loader_map(*loader, a->maps.v[i]) != 0) {
            fprintf(stderr, "amc validate: --map-uri wants PREFIX=DIR, got '%s'\n", a->maps.v[i]);
            goto out;
        }
    *set = amc_schema_set_new(&deflim);
    if (!*loader || !*set || !sds) {
        fprintf(stderr, "amc validate: out of memory\n");
        goto out;
    }
    if (cli_set_default_dialect(*set, a->default_dialect, "validate") != 0)
        goto out;
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
    if (st != AMC_OK)
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
    const vargs *a = args;
    vstate v;
    amc_validate_opts defopts = AMC_VALIDATE_OPTS_DEFAULT;
    amc_limits deflim = AMC_LIMITS_DEFAULT;
    int rc = CLI_EXIT_OK;
    memset(&v, 0, sizeof v);
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
    v.ds = amc_diags_new(v.lim.max_diags);
    if (!v.ds) {
        fprintf(stderr, "amc validate: out of memory\n");
        return CLI_EXIT_ERROR;
    }
    rc = a->profile ? run_profile(&v, a, inputs) : run_schema_mode(&v, a, inputs);
    cli_report_finish(v.rep);
    amc_diags_free(v.ds);
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
    {.shared = &cli_opt_format, O(format), .allow = "text json sarif"},
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
