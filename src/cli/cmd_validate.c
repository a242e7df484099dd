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

typedef enum { AS_AUTO, AS_JSON, AS_YAML } inst_as;

typedef struct vstate {
    const amc_schema *schema;
    amc_validator *pv; /* profile mode */
    amc_validate_opts opts;
    amc_limits lim;
    inst_as as;
    bool jsonl;
    bool strict;
    cli_format fmt;
    cli_report *rep;
    amc_diags *ds;
    size_t n_valid, n_invalid, n_unparseable;
    size_t n_inputs; /* files (or stdin) read */
    bool io_error;
    bool any_warning;
    const char *now;          /* --now: the reference clock (profile mode) */
    const char *keyring_file; /* --keyring: overrides the policy's security.keyring_file */
    const char *profile;      /* --profile NAME|auto */
} vstate;

static void usage(FILE *f)
{
    size_t i = 0;
    fprintf(
        f, "usage: amc validate --schema SCHEMA [--schema MORE]... [options] INSTANCE...|-\n"
           "       amc validate --profile NAME|auto [options] FILE...|DIR|-\n\n"
           "Validates JSON or YAML instances against a JSON Schema (draft 2020-12), or protocol\n"
           "messages against a profile (amc rules --profile NAME lists its rules).\n\n"
           "  --profile NAME       check messages with a profile (see below), or auto (detect\n"
           "                       per message); directories are walked for *.mime (ignite),\n"
           "                       *.json (the others; *.jsonl with --jsonl); the path of each\n"
           "                       file is used by placement rules (queue/<agent>/, inbox/...)\n"
           "  --stateful           one session across every input, in order (profile mode)\n"
           "  --policy FILE        deployment settings (YAML/JSON; ignite: max_retries; mailbox:\n"
           "                       the implementation's runtime config, docs/profiles/mailbox.md)\n"
           "  --keyring FILE       mailbox hmac_sha256 keyring (overrides security.keyring_file)\n"
           "  --now TIME           reference clock, RFC 3339 (mailbox clock skew / nonce TTL;\n"
           "                       without it the time rules do not run)\n"
           "  --schema FILE        schema file (JSON, or YAML by extension); the first one is the\n"
           "                       root schema, the others are added so $refs to them resolve\n"
           "  --map-uri PREFIX=DIR serve schema URIs starting with PREFIX from files under DIR\n"
           "                       (e.g. http://localhost:1234/=remotes); repeatable\n"
           "  --format FMT         text (default), json or sarif\n"
           "  --jsonl              each INSTANCE is JSON Lines: one instance per line, streamed;\n"
           "                       summary \"valid=N invalid=N\" on stderr\n"
           "  --as json|yaml       instance syntax (default: by extension, .yaml/.yml = YAML)\n"
           "  --no-format-assert   treat \"format\" as an annotation (default: it asserts)\n"
           "  --first-error        report only the first failure per instance\n"
           "  --strict             warnings make the exit status 1\n"
           "  --max-size BYTES     largest instance or JSONL line (default 64 MiB)\n"
           "  --max-depth N        deepest nesting of an instance (default 128)\n\n"
           "INSTANCE is a file, a directory (walked for *.json, *.yaml, *.yml; with --jsonl\n"
           "*.jsonl, *.ndjson) or - for standard input.\n"
           "Output: file:line:col: severity[CODE]: message (at /instance/pointer)\n"
           "Exit status: 0 all valid, 1 any invalid, 2 usage, I/O or schema error.\n");
    fprintf(f, "\nProfiles:");
    for (i = 0; i < amc_profile_count(); i++)
        fprintf(f, " %s", amc_profile_at(i)->name);
    fprintf(f, "\n");
}

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
    inst_as as = v->as;
    bool valid = false;
    int rr = cli_read_file(path, v->lim.max_input_bytes, &buf, &len);
    amc_diags_clear(v->ds);
    if (rr == -2) {
        /* larger than --max-size: the instance is invalid (like the readers' size limit) */
        amc_pos none = {AMC_NO_OFFSET, 0, 0};
        amc_diags_addf(v->ds, AMC_C_LIMIT_SIZE, none, "input is larger than the %zu-byte limit",
                       v->lim.max_input_bytes);
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
    if (as == AS_AUTO)
        as = cli_is_yaml_path(path) ? AS_YAML : AS_JSON;
    if (as == AS_YAML)
        st = amc_yaml_read(buf, len, &v->lim, v->ds, &doc);
    else
        st = amc_json_read(buf, len, &v->lim, v->ds, &doc);
    if (st == AMC_ENOMEM) {
        fprintf(stderr, "amc validate: %s: out of memory\n", path);
        v->io_error = true;
    } else if (st == AMC_OK) {
        valid = run_schema(v, doc);
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
    amc_doc *doc = NULL;
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
    } else if ((st = amc_json_read(line, len, &v->lim, v->ds, &doc)) == AMC_OK) {
        valid = run_schema(v, doc);
    } else {
        if (st == AMC_ENOMEM) {
            fprintf(stderr, "amc validate: %s:%zu: out of memory\n", path, lineno);
            v->io_error = true;
        }
        v->n_unparseable++;
    }
    amc_doc_free(doc);
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

/* Streams a JSON Lines file: a fixed read buffer plus a line buffer that grows to the longest
 * line (at most max_input_bytes; a longer line is skipped and reported). */
static void validate_jsonl(vstate *v, const char *path)
{
    enum { CHUNK = 1 << 16 };
    FILE *f = NULL;
    char *chunk = NULL, *line = NULL;
    size_t cap = 0, llen = 0, lineno = 1, line_off = 0, file_off = 0;
    bool too_long = false;
    bool is_stdin = !strcmp(path, "-");
    f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "amc: %s: %s\n", path, strerror(errno));
        v->io_error = true;
        return;
    }
    chunk = malloc(CHUNK);
    if (!chunk) {
        fprintf(stderr, "amc validate: out of memory\n");
        v->io_error = true;
        goto out;
    }
    for (;;) {
        size_t got = fread(chunk, 1, CHUNK, f), p = 0;
        if (got == 0)
            break;
        while (p < got) {
            const char *nl = memchr(chunk + p, '\n', got - p);
            size_t seg = nl ? (size_t)(nl - (chunk + p)) : got - p;
            if (!too_long) {
                if (llen + seg > v->lim.max_input_bytes) {
                    too_long = true;
                } else {
                    if (llen + seg > cap) {
                        size_t ncap = cap ? cap : 4096;
                        char *np = NULL;
                        while (ncap < llen + seg)
                            ncap *= 2;
                        np = realloc(line, ncap);
                        if (!np) {
                            fprintf(stderr, "amc validate: out of memory\n");
                            v->io_error = true;
                            goto out;
                        }
                        line = np;
                        cap = ncap;
                    }
                    memcpy(line + llen, chunk + p, seg);
                    llen += seg;
                }
            }
            p += seg;
            file_off += seg;
            if (!nl)
                break;
            /* end of line */
            if (too_long) {
                line_too_long(v, path, line_off, lineno);
            } else {
                validate_line(v, path, line, llen, line_off, lineno);
            }
            p++; /* the newline */
            file_off++;
            lineno++;
            line_off = file_off;
            llen = 0;
            too_long = false;
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "amc: %s: %s\n", is_stdin ? "<stdin>" : path, strerror(errno));
        v->io_error = true;
    } else if (too_long) {
        line_too_long(v, path, line_off, lineno);
    } else if (llen > 0) {
        validate_line(v, path, line, llen, line_off, lineno); /* last line without newline */
    }
out:
    if (f && !is_stdin)
        fclose(f);
    free(chunk);
    free(line);
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

/* Prints a policy file's diagnostics on stderr. */
static void print_policy_diags(const char *file, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stderr, file, amc_diags_get(ds, i), cli_use_color(stderr));
}

/* Reads the mailbox keyring (--keyring, else the policy's security.keyring_file relative to the
 * policy file's directory) into *policy (created empty if there is none). Returns the exit
 * status (CLI_EXIT_OK on success). */
static int load_keyring(vstate *v, const char *policy_file, amc_policy **policy)
{
    char *path = NULL, *buf = NULL;
    size_t len = 0;
    amc_diags *ds = amc_diags_new(v->lim.max_diags);
    amc_status st = AMC_OK;
    int rc = CLI_EXIT_ERROR;
    const char *name = v->keyring_file;
    if (!ds)
        goto out;
    if (!*policy && amc_policy_read("{}", 2, ds, policy) != AMC_OK)
        goto out;
    if (!name) {
        const char *rel = amc_policy_keyring_file(*policy);
        const char *slash = strrchr(policy_file, '/');
        size_t dl = rel[0] == '/' || !slash ? 0 : (size_t)(slash - policy_file + 1);
        path = malloc(dl + strlen(rel) + 1);
        if (!path)
            goto out;
        memcpy(path, policy_file, dl);
        strcpy(path + dl, rel);
        name = path;
    }
    if (cli_read_file(name, v->lim.max_input_bytes, &buf, &len) != 0) {
        fprintf(stderr, "amc validate: %s: cannot read the keyring\n", name);
        goto out;
    }
    st = amc_policy_set_keyring(*policy, buf, len, ds);
    print_policy_diags(name, ds);
    if (st != AMC_OK) {
        fprintf(stderr, "amc validate: %s: invalid keyring\n", name);
        goto out;
    }
    rc = CLI_EXIT_OK;
out:
    free(path);
    free(buf);
    amc_diags_free(ds);
    return rc;
}

/* Profile mode: --profile NAME|auto. Returns the exit status. */
static int run_profile(vstate *v, const char *profile, const char *policy_file, bool stateful,
                       const char **inputs, size_t ninputs, size_t nschemas, amc_policy **policy)
{
    amc_validator_opts opts;
    amc_diags *pds = NULL;
    amc_status st = AMC_OK;
    int rc = CLI_EXIT_OK;
    size_t i = 0;
    if (nschemas) {
        fprintf(stderr, "amc validate: --profile and --schema are mutually exclusive\n");
        return CLI_EXIT_ERROR;
    }
    if (v->as != AS_AUTO) {
        fprintf(stderr, "amc validate: --as does not apply to --profile\n");
        return CLI_EXIT_ERROR;
    }
    if (ninputs == 0) {
        fprintf(stderr, "amc validate: no message given (use - for stdin)\n");
        fprintf(stderr, "Run 'amc validate --help' for usage.\n");
        return CLI_EXIT_ERROR;
    }
    amc_limits_normalize(&v->lim);
    pds = amc_diags_new(v->lim.max_diags);
    v->ds = amc_diags_new(v->lim.max_diags);
    if (!pds || !v->ds) {
        fprintf(stderr, "amc validate: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    if (policy_file) {
        char *buf = NULL;
        size_t len = 0;
        int rr = cli_read_file(policy_file, v->lim.max_input_bytes, &buf, &len);
        if (rr != 0) {
            if (rr == -2)
                fprintf(stderr, "amc validate: %s: the policy is too large\n", policy_file);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        st = amc_policy_read(buf, len, pds, policy);
        free(buf);
        print_policy_diags(policy_file, pds);
        if (st != AMC_OK) {
            fprintf(stderr, "amc validate: %s: invalid policy\n", policy_file);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    if (v->keyring_file || amc_policy_keyring_file(*policy)) {
        rc = load_keyring(v, policy_file, policy);
        if (rc != CLI_EXIT_OK)
            goto out;
    }
    memset(&opts, 0, sizeof opts);
    opts.profile = profile;
    opts.stateful = stateful;
    opts.policy = *policy;
    opts.limits = &v->lim;
    opts.now = v->now;
    amc_diags_clear(pds);
    st = amc_validator_new(&opts, pds, &v->pv);
    if (st != AMC_OK) {
        if (amc_diags_count(pds))
            fprintf(stderr, "amc validate: %s\n", amc_diags_get(pds, 0)->message);
        else
            fprintf(stderr, "amc validate: %s\n", amc_status_str(st));
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    /* --jsonl --format json streams JSON Lines records itself (report_line) */
    if (!(v->jsonl && v->fmt == CLI_FMT_JSON)) {
        v->rep = cli_report_new(v->fmt, stdout, "validate");
        if (!v->rep) {
            fprintf(stderr, "amc validate: out of memory\n");
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        cli_report_declare_rules(v->rep, 3000, 3399);
    }
    for (i = 0; i < ninputs; i++)
        validate_path(v, inputs[i], false);
    if (v->jsonl) {
        fflush(stdout);
        fprintf(stderr, "valid=%zu invalid=%zu\n", v->n_valid, v->n_invalid);
    }
    if (v->io_error)
        rc = CLI_EXIT_ERROR;
    else if (v->n_invalid || (v->strict && v->any_warning))
        rc = CLI_EXIT_INVALID;
out:
    amc_diags_free(pds);
    return rc;
}

int cli_cmd_validate(int argc, char **argv)
{
    vstate v;
    const char **schemas = NULL, **inputs = NULL, **maps = NULL;
    const char *profile = NULL, *policy_file = NULL;
    bool stateful = false;
    amc_policy *policy = NULL;
    size_t nschemas = 0, ninputs = 0, nmaps = 0, i = 0;
    cli_loader *loader = NULL;
    amc_schema_set *set = NULL;
    amc_diags *sds = NULL;
    const char *root_uri = NULL;
    int rc = CLI_EXIT_OK, a = 0;
    amc_validate_opts defopts = AMC_VALIDATE_OPTS_DEFAULT;
    amc_limits deflim = AMC_LIMITS_DEFAULT;

    memset(&v, 0, sizeof v);
    v.opts = defopts;
    v.opts.format_assert = true;
    v.opts.all_errors = true;
    v.lim = deflim;
    schemas = calloc((size_t)argc, sizeof *schemas);
    inputs = calloc((size_t)argc, sizeof *inputs);
    maps = calloc((size_t)argc, sizeof *maps);
    if (!schemas || !inputs || !maps) {
        fprintf(stderr, "amc validate: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        bool has_val = a + 1 < argc;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            goto out;
        } else if (!strcmp(s, "--profile") && has_val) {
            profile = argv[++a];
        } else if (!strcmp(s, "--policy") && has_val) {
            policy_file = argv[++a];
        } else if (!strcmp(s, "--stateful")) {
            stateful = true;
        } else if (!strcmp(s, "--now") && has_val) {
            v.now = argv[++a];
        } else if (!strcmp(s, "--keyring") && has_val) {
            v.keyring_file = argv[++a];
        } else if (!strcmp(s, "--schema") && has_val) {
            schemas[nschemas++] = argv[++a];
        } else if (!strcmp(s, "--map-uri") && has_val) {
            maps[nmaps++] = argv[++a];
        } else if (!strcmp(s, "--format") && has_val) {
            if (cli_parse_format(argv[++a], &v.fmt) != 0 ||
                (v.fmt != CLI_FMT_TEXT && v.fmt != CLI_FMT_JSON && v.fmt != CLI_FMT_SARIF)) {
                fprintf(stderr, "amc validate: --format must be text, json or sarif\n");
                rc = CLI_EXIT_ERROR;
                goto out;
            }
        } else if (!strcmp(s, "--as") && has_val) {
            const char *as = argv[++a];
            if (!strcmp(as, "json"))
                v.as = AS_JSON;
            else if (!strcmp(as, "yaml"))
                v.as = AS_YAML;
            else {
                fprintf(stderr, "amc validate: --as must be json or yaml\n");
                rc = CLI_EXIT_ERROR;
                goto out;
            }
        } else if (!strcmp(s, "--jsonl")) {
            v.jsonl = true;
        } else if (!strcmp(s, "--no-format-assert")) {
            v.opts.format_assert = false;
        } else if (!strcmp(s, "--first-error")) {
            v.opts.all_errors = false;
        } else if (!strcmp(s, "--strict")) {
            v.strict = true;
        } else if ((!strcmp(s, "--max-size") || !strcmp(s, "--max-depth")) && has_val) {
            char *end = NULL;
            unsigned long long n = strtoull(argv[++a], &end, 10);
            if (!*argv[a] || *end || n == 0) {
                fprintf(stderr, "amc validate: %s wants a positive number\n", s);
                rc = CLI_EXIT_ERROR;
                goto out;
            }
            if (!strcmp(s, "--max-size"))
                v.lim.max_input_bytes = (size_t)n;
            else
                v.lim.max_depth = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
        } else if (s[0] == '-' && s[1] != '\0') {
            fprintf(stderr, "amc validate: unknown option '%s'%s\n", s,
                    has_val ? "" : " (or missing value)");
            fprintf(stderr, "Run 'amc validate --help' for usage.\n");
            rc = CLI_EXIT_ERROR;
            goto out;
        } else {
            inputs[ninputs++] = s;
        }
    }
    if (profile) {
        v.profile = profile;
        rc = run_profile(&v, profile, policy_file, stateful, inputs, ninputs, nschemas, &policy);
        goto out;
    }
    if (stateful || policy_file || v.now || v.keyring_file) {
        fprintf(stderr, "amc validate: --stateful, --policy, --now and --keyring need --profile\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    if (nschemas == 0 || ninputs == 0) {
        fprintf(stderr, "amc validate: %s\n",
                nschemas == 0 ? "--schema or --profile is required"
                              : "no instance given (use - for stdin)");
        fprintf(stderr, "Run 'amc validate --help' for usage.\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    if (v.as == AS_YAML && v.jsonl) {
        fprintf(stderr, "amc validate: --jsonl reads JSON; it cannot be combined with --as yaml\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    amc_limits_normalize(&v.lim);
    amc_limits_normalize(&deflim); /* schemas are read with the default limits */
    loader = cli_loader_new(&deflim);
    for (i = 0; loader && i < nmaps; i++) {
        if (cli_loader_map(loader, maps[i]) != 0) {
            fprintf(stderr, "amc validate: --map-uri wants PREFIX=DIR, got '%s'\n", maps[i]);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    set = amc_schema_set_new(&deflim);
    sds = amc_diags_new(v.lim.max_diags);
    v.ds = amc_diags_new(v.lim.max_diags);
    if (!loader || !set || !sds || !v.ds) {
        fprintf(stderr, "amc validate: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    cli_loader_install(loader, set);
    for (i = 0; i < nschemas; i++) {
        const char *uri = NULL;
        if (cli_schema_add_file(loader, set, schemas[i], &deflim, NULL, &uri) != 0) {
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        if (i == 0)
            root_uri = uri;
    }
    {
        amc_status st = amc_schema_compile(set, root_uri, sds, &v.schema);
        cli_print_schema_diags(stderr, loader, sds, schemas[0]);
        if (st != AMC_OK) {
            fprintf(stderr, "amc validate: %s: the schema does not compile\n", schemas[0]);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    /* --jsonl --format json streams JSON Lines records itself (report_line) */
    if (!(v.jsonl && v.fmt == CLI_FMT_JSON))
        v.rep = cli_report_new(v.fmt, stdout, "validate");
    if (!v.rep && !(v.jsonl && v.fmt == CLI_FMT_JSON)) {
        fprintf(stderr, "amc validate: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (i = 0; i < ninputs; i++)
        validate_path(&v, inputs[i], false);
    if (v.jsonl) {
        fflush(stdout);
        if (v.n_unparseable)
            fprintf(stderr, "valid=%zu invalid=%zu unparseable=%zu\n", v.n_valid, v.n_invalid,
                    v.n_unparseable);
        else
            fprintf(stderr, "valid=%zu invalid=%zu\n", v.n_valid, v.n_invalid);
    }
    if (v.io_error)
        rc = CLI_EXIT_ERROR;
    else if (v.n_invalid || (v.strict && v.any_warning))
        rc = CLI_EXIT_INVALID;
out:
    cli_report_finish(v.rep);
    amc_validator_free(v.pv);
    amc_policy_free(policy);
    amc_diags_free(v.ds);
    amc_diags_free(sds);
    amc_schema_set_free(set);
    cli_loader_free(loader);
    free(schemas);
    free(inputs);
    free(maps);
    return rc;
}
