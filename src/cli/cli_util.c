/*
 * cli_util.c - file reading, formats and diagnostic reporters (text, json) for the CLI.
 */
#include <errno.h>
#include <fnmatch.h>
#include <json-c/json.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"

int cli_read_file_to(FILE *err, const char *path, size_t max, char **buf, size_t *len)
{
    FILE *f = NULL;
    char *data = NULL;
    size_t cap = 0, n = 0;
    int is_stdin = !strcmp(path, "-");
    *buf = NULL;
    *len = 0;
    f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(err, "amc: %s: %s\n", path, strerror(errno));
        return -1;
    }
    for (;;) {
        size_t got = 0;
        if (n == cap) {
            char *p = NULL;
            size_t ncap = cap ? cap * 2 : 65536;
            if (cap > max) {
                free(data);
                if (!is_stdin)
                    fclose(f);
                return -2;
            }
            p = realloc(data, ncap + 1);
            if (!p) {
                fprintf(err, "amc: %s: out of memory\n", path);
                free(data);
                if (!is_stdin)
                    fclose(f);
                return -1;
            }
            data = p;
            cap = ncap;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        fprintf(err, "amc: %s: %s\n", is_stdin ? "<stdin>" : path, strerror(errno));
        free(data);
        if (!is_stdin)
            fclose(f);
        return -1;
    }
    if (!is_stdin)
        fclose(f);
    if (n > max) {
        free(data);
        return -2;
    }
    if (!data) {
        data = malloc(1);
        if (!data)
            return -1;
    }
    data[n] = '\0';
    *buf = data;
    *len = n;
    return 0;
}

int cli_read_file(const char *path, size_t max, char **buf, size_t *len)
{
    return cli_read_file_to(stderr, path, max, buf, len);
}

int cli_parse_shard(const char *s, unsigned *k, unsigned *n)
{
    unsigned long long kk = 0, nn = 0;
    const char *p = s;
    size_t d = 0;
    for (d = 0; *p >= '0' && *p <= '9' && d < 11; p++, d++)
        kk = kk * 10 + (unsigned)(*p - '0');
    if (!d || *p++ != '/')
        return -1;
    for (d = 0; *p >= '0' && *p <= '9' && d < 11; p++, d++)
        nn = nn * 10 + (unsigned)(*p - '0');
    if (!d || *p || kk < 1 || kk > nn || nn > (1ull << 31))
        return -1;
    *k = (unsigned)kk;
    *n = (unsigned)nn;
    return 0;
}

bool cli_use_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return false;
    return isatty(fileno(f)) != 0;
}

void cli_json_fputs(const char *json, FILE *out)
{
    const char *p = json, *q = NULL;
    while ((q = strstr(p, "\xe2\x80")) != NULL) {
        if (q[2] == '\0')
            break; /* a truncated sequence at the end: written as it is */
        if ((unsigned char)q[2] == 0xa8 || (unsigned char)q[2] == 0xa9) {
            fwrite(p, 1, (size_t)(q - p), out);
            fputs((unsigned char)q[2] == 0xa8 ? "\\u2028" : "\\u2029", out);
        } else {
            fwrite(p, 1, (size_t)(q - p) + 3, out);
        }
        p = q + 3;
    }
    fputs(p, out);
}

static const char *display_name(const char *file)
{
    return !strcmp(file, "-") ? "<stdin>" : file;
}

/* A line under construction: pieces are copied into a stack buffer and written with one fwrite
 * (a JSON Lines run prints a diagnostic per line; four fprintf calls per diagnostic showed in
 * profiles). Text too long for the buffer goes out in pieces. */
typedef struct line_out {
    FILE *f;
    size_t len;
    char buf[2048];
} line_out;

static void lo_flush(line_out *l)
{
    if (l->len)
        fwrite(l->buf, 1, l->len, l->f);
    l->len = 0;
}

static void lo_put(line_out *l, const char *s, size_t n)
{
    if (n > sizeof l->buf - l->len) {
        lo_flush(l);
        if (n > sizeof l->buf) {
            fwrite(s, 1, n, l->f);
            return;
        }
    }
    memcpy(l->buf + l->len, s, n);
    l->len += n;
}

static void lo_puts(line_out *l, const char *s)
{
    lo_put(l, s, strlen(s));
}

static void lo_uint(line_out *l, unsigned long long v)
{
    char t[24];
    size_t i = sizeof t;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    lo_put(l, t + i, sizeof t - i);
}

/* "file:line:col: " or "file: " */
static void lo_where(line_out *l, const char *file, amc_pos at)
{
    lo_puts(l, display_name(file));
    lo_put(l, ":", 1);
    if (at.offset != AMC_NO_OFFSET) {
        lo_uint(l, (unsigned long long)at.line + 1);
        lo_put(l, ":", 1);
        lo_uint(l, (unsigned long long)at.col + 1);
        lo_put(l, ":", 1);
    }
    lo_put(l, " ", 1);
}

void cli_print_diag_text(FILE *out, const char *file, const amc_diag *d, bool color)
{
    const char *sev = amc_severity_str(d->sev);
    const char *id = amc_code_id(d->code);
    const char *col_on = "", *col_off = "";
    line_out l;
    if (color) {
        col_on = d->sev == AMC_SEV_ERROR     ? "\033[1;31m"
                 : d->sev == AMC_SEV_WARNING ? "\033[1;35m"
                                             : "\033[1;36m";
        col_off = "\033[0m";
    }
    l.f = out;
    l.len = 0;
    lo_where(&l, file, d->at);
    lo_puts(&l, col_on);
    lo_puts(&l, sev);
    lo_puts(&l, col_off);
    lo_put(&l, "[", 1);
    lo_puts(&l, id ? id : "?");
    lo_put(&l, "]", 1);
    if (d->rule_id && *d->rule_id) {
        lo_put(&l, " ", 1);
        lo_puts(&l, d->rule_id);
    }
    lo_put(&l, ": ", 2);
    lo_puts(&l, d->message);
    if (d->instance_ptr && *d->instance_ptr) {
        lo_put(&l, " (at ", 5);
        lo_puts(&l, d->instance_ptr);
        lo_put(&l, ")", 1);
    }
    if (d->also_code && amc_code_id(d->also_code)) { /* the finding's second code */
        lo_put(&l, " [", 2);
        lo_puts(&l, amc_code_id(d->also_code));
        lo_put(&l, "]", 1);
    }
    lo_put(&l, "\n", 1);
    if (d->context) {
        lo_where(&l, file, d->context_at);
        lo_put(&l, "note: ", 6);
        lo_puts(&l, d->context);
        lo_put(&l, "\n", 1);
    }
    lo_flush(&l);
}

struct cli_report {
    cli_format fmt;
    FILE *out;
    bool color;
    json_object *files;   /* json: array of {file, valid, diagnostics[]} */
    json_object *summary; /* json: the run's summary, or NULL */
    cli_sarif *sarif;     /* sarif: the log being built */
    char *tool;           /* junit: "amc validate" */
    char *cases;          /* junit: the <testcase> elements so far (open_memstream) */
    size_t cases_len;
    FILE *cases_f;
    size_t n_cases, n_failures;
};

json_object *cli_summary_to_json(const cli_summary *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "valid", json_object_new_int64((int64_t)s->valid));
    json_object_object_add(o, "invalid", json_object_new_int64((int64_t)s->invalid));
    json_object_object_add(o, "unparseable", json_object_new_int64((int64_t)s->unparseable));
    json_object_object_add(o, "status", json_object_new_int(s->status));
    if (s->shard_n) {
        char b[48];
        snprintf(b, sizeof b, "%u/%u", s->shard_k, s->shard_n);
        json_object_object_add(o, "shard", json_object_new_string(b));
    }
    return o;
}

void cli_report_set_summary(cli_report *r, const cli_summary *s)
{
    if (!r || !r->files)
        return;
    json_object_put(r->summary);
    r->summary = cli_summary_to_json(s);
}

/* XML text and attribute escaping; characters XML 1.0 cannot carry become U+FFFD. */
static void xml_esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
            fputs("\xef\xbf\xbd", f);
        else
            fputc(c, f);
    }
}

/* GitHub workflow-command escaping: data (%, CR, LF), properties also ':' and ','. */
static void gh_esc(FILE *f, const char *s, bool prop)
{
    for (; s && *s; s++) {
        if (*s == '%')
            fputs("%25", f);
        else if (*s == '\r')
            fputs("%0D", f);
        else if (*s == '\n')
            fputs("%0A", f);
        else if (prop && *s == ':')
            fputs("%3A", f);
        else if (prop && *s == ',')
            fputs("%2C", f);
        else
            fputc(*s, f);
    }
}

static void github_diag(FILE *out, const char *file, const amc_diag *d)
{
    char title[160];
    fputs(d->sev == AMC_SEV_ERROR     ? "::error file="
          : d->sev == AMC_SEV_WARNING ? "::warning file="
                                      : "::notice file=",
          out);
    gh_esc(out, display_name(file), true);
    if (d->at.offset != AMC_NO_OFFSET)
        fprintf(out, ",line=%u,col=%u", d->at.line + 1, d->at.col + 1);
    snprintf(title, sizeof title, "%s%s%s", amc_code_id(d->code) ? amc_code_id(d->code) : "",
             d->rule_id ? " " : "", d->rule_id ? d->rule_id : "");
    fputs(",title=", out);
    gh_esc(out, title, true);
    fputs("::", out);
    gh_esc(out, d->message, false);
    if (d->instance_ptr && *d->instance_ptr) {
        fputs(" (at ", out);
        gh_esc(out, d->instance_ptr, false);
        fputc(')', out);
    }
    if (d->also_code && amc_code_id(d->also_code)) {
        fputs(" [", out);
        gh_esc(out, amc_code_id(d->also_code), false);
        fputc(']', out);
    }
    if (d->context) {
        fputs("%0Anote: ", out);
        gh_esc(out, d->context, false);
    }
    fputc('\n', out);
}

/* One <testcase> per input: failed when it has errors; every finding a text line. */
static void junit_file(cli_report *r, const char *file, const amc_diags *ds)
{
    FILE *f = r->cases_f;
    size_t i = 0, n = amc_diags_count(ds), errors = amc_diags_errors(ds);
    if (!f)
        return;
    r->n_cases++;
    fputs("    <testcase classname=\"", f);
    xml_esc(f, r->tool);
    fputs("\" name=\"", f);
    xml_esc(f, display_name(file));
    fputs("\">\n", f);
    if (errors) {
        r->n_failures++;
        fprintf(f, "      <failure message=\"%zu error%s, %zu warning%s\" type=\"invalid\">",
                errors, errors == 1 ? "" : "s", amc_diags_warnings(ds),
                amc_diags_warnings(ds) == 1 ? "" : "s");
    } else if (n) {
        fputs("      <system-out>", f);
    }
    if (n) {
        char *text = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        for (i = 0; m && i < n; i++)
            cli_print_diag_text(m, file, amc_diags_get(ds, i), false);
        if (m) {
            fclose(m);
            xml_esc(f, text);
        }
        free(text);
        fputs(errors ? "</failure>\n" : "</system-out>\n", f);
    }
    fputs("    </testcase>\n", f);
}

cli_report *cli_report_new(cli_format fmt, FILE *out, const char *tool_command)
{
    cli_report *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->fmt = fmt;
    r->out = out;
    r->color = fmt == CLI_FMT_TEXT && cli_use_color(out);
    if (fmt == CLI_FMT_SARIF) {
        r->sarif = cli_sarif_new();
        if (!r->sarif) {
            free(r);
            return NULL;
        }
    } else if (fmt == CLI_FMT_JUNIT) {
        size_t n = strlen(tool_command ? tool_command : "") + 5;
        r->tool = malloc(n);
        if (r->tool)
            snprintf(r->tool, n, "amc %s", tool_command ? tool_command : "");
        r->cases_f = open_memstream(&r->cases, &r->cases_len);
        if (!r->tool || !r->cases_f) {
            if (r->cases_f)
                fclose(r->cases_f);
            free(r->cases);
            free(r->tool);
            free(r);
            return NULL;
        }
    } else if (fmt != CLI_FMT_TEXT && fmt != CLI_FMT_GITHUB) {
        r->files = json_object_new_array();
    }
    return r;
}

static json_object *pos_json(amc_pos p)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "offset", json_object_new_int64((int64_t)p.offset));
    json_object_object_add(o, "line", json_object_new_int64((int64_t)p.line + 1));
    json_object_object_add(o, "column", json_object_new_int64((int64_t)p.col + 1));
    return o;
}

static void add_str(json_object *o, const char *k, const char *v)
{
    if (v)
        json_object_object_add(o, k, json_object_new_string(v));
}

json_object *cli_diag_to_json(const amc_diag *d)
{
    json_object *o = json_object_new_object();
    add_str(o, "code", amc_code_id(d->code));
    json_object_object_add(o, "number", json_object_new_int((int)d->code));
    add_str(o, "name", amc_code_name(d->code));
    add_str(o, "severity", amc_severity_str(d->sev));
    add_str(o, "message", d->message);
    add_str(o, "rule", d->rule_id);
    if (d->also_code)
        add_str(o, "alsoCode", amc_code_id(d->also_code));
    add_str(o, "instanceLocation", d->instance_ptr);
    add_str(o, "keywordLocation", d->keyword_ptr);
    add_str(o, "absoluteKeywordLocation", d->schema_uri);
    if (d->at.offset != AMC_NO_OFFSET)
        json_object_object_add(o, "position", pos_json(d->at));
    if (d->context) {
        add_str(o, "context", d->context);
        if (d->context_at.offset != AMC_NO_OFFSET)
            json_object_object_add(o, "contextPosition", pos_json(d->context_at));
    }
    return o;
}

void cli_report_text(FILE *out, const char *file, const amc_diags *ds, bool color)
{
    size_t i = 0, n = amc_diags_count(ds);
    for (i = 0; i < n; i++)
        cli_print_diag_text(out, file, amc_diags_get(ds, i), color);
    if (amc_diags_dropped(ds))
        fprintf(out, "%s: note: %zu more diagnostics not shown\n", display_name(file),
                amc_diags_dropped(ds));
}

void cli_report_file(cli_report *r, const char *file, const amc_diags *ds)
{
    size_t i = 0, n = amc_diags_count(ds);
    if (!r)
        return;
    if (r->sarif) {
        cli_sarif_add(r->sarif, file, ds);
        return;
    }
    if (r->fmt == CLI_FMT_JUNIT) {
        junit_file(r, file, ds);
        return;
    }
    if (r->fmt == CLI_FMT_GITHUB) {
        for (i = 0; i < n; i++)
            github_diag(r->out, file, amc_diags_get(ds, i));
        if (amc_diags_dropped(ds))
            fprintf(r->out, "::notice::%zu more diagnostics not shown\n", amc_diags_dropped(ds));
        return;
    }
    if (r->fmt == CLI_FMT_TEXT) {
        cli_report_text(r->out, file, ds, r->color);
        return;
    }
    {
        json_object *f = json_object_new_object();
        json_object *arr = json_object_new_array();
        json_object_object_add(f, "file", json_object_new_string(display_name(file)));
        json_object_object_add(f, "valid", json_object_new_boolean(amc_diags_errors(ds) == 0));
        json_object_object_add(f, "errors", json_object_new_int64((int64_t)amc_diags_errors(ds)));
        json_object_object_add(f, "warnings",
                               json_object_new_int64((int64_t)amc_diags_warnings(ds)));
        for (i = 0; i < n; i++)
            json_object_array_add(arr, cli_diag_to_json(amc_diags_get(ds, i)));
        json_object_object_add(f, "diagnostics", arr);
        json_object_array_add(r->files, f);
    }
}

void cli_report_declare_rules(cli_report *r, int lo, int hi)
{
    if (r && r->sarif)
        cli_sarif_declare_rules(r->sarif, lo, hi);
}

void cli_report_finish(cli_report *r)
{
    cli_report_end(r, true);
}

void cli_report_end(cli_report *r, bool success)
{
    if (!r)
        return;
    if (r->sarif)
        cli_sarif_finish(r->sarif, r->out, success);
    if (r->cases_f) {
        fclose(r->cases_f);
        fprintf(r->out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite "
                        "name=\"");
        xml_esc(r->out, r->tool);
        fprintf(r->out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%d\">\n",
                r->n_cases + (success ? 0 : 1), r->n_failures, success ? 0 : 1);
        if (r->cases)
            fputs(r->cases, r->out);
        if (!success)
            fprintf(r->out,
                    "    <testcase classname=\"%s\" name=\"run\">\n      <error "
                    "message=\"usage or I/O error (exit status 2): see the log\"/>\n"
                    "    </testcase>\n",
                    "amc");
        fputs("  </testsuite>\n</testsuites>\n", r->out);
        free(r->cases);
        free(r->tool);
    }
    if (r->files) {
        json_object *root = json_object_new_object();
        json_object_object_add(root, "tool", json_object_new_string("amc"));
        json_object_object_add(root, "version", json_object_new_string(amc_version()));
        json_object_object_add(root, "files", r->files);
        if (r->summary)
            json_object_object_add(root, "summary", r->summary);
        cli_json_fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                                JSON_C_TO_STRING_SPACED |
                                                                JSON_C_TO_STRING_NOSLASHESCAPE),
                       r->out);
        fputc('\n', r->out);
        json_object_put(root);
    }
    fflush(r->out);
    free(r);
}

/* Prints a policy's or keyring's diagnostics on stderr. */
static void print_file_diags(const char *file, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stderr, file, amc_diags_get(ds, i), cli_use_color(stderr));
}

/* The keyring's path: as given, or the policy's security.keyring_file relative to the policy
 * file's folder. Returns a new string (free()) or NULL. */
static char *keyring_path(const char *policy_file, const char *rel)
{
    const char *slash = policy_file ? strrchr(policy_file, '/') : NULL;
    size_t dl = rel[0] == '/' || !slash ? 0 : (size_t)(slash - policy_file + 1);
    char *path = malloc(dl + strlen(rel) + 1);
    if (!path)
        return NULL;
    memcpy(path, policy_file, dl);
    strcpy(path + dl, rel);
    return path;
}

static int load_keyring(const char *cmd, const char *policy_file, const char *keyring_file,
                        size_t max, amc_diags *ds, amc_policy **policy)
{
    char *path = NULL, *buf = NULL;
    size_t len = 0;
    int rc = -1;
    amc_status st = AMC_OK;
    if (!*policy && amc_policy_read("{}", 2, ds, policy) != AMC_OK) {
        fprintf(stderr, "amc %s: out of memory\n", cmd); /* "{}" is a valid policy */
        goto out;
    }
    if (!keyring_file) {
        path = keyring_path(policy_file, amc_policy_keyring_file(*policy));
        if (!path) {
            fprintf(stderr, "amc %s: out of memory\n", cmd);
            goto out;
        }
        keyring_file = path;
    }
    if (cli_read_file(keyring_file, max, &buf, &len) != 0) {
        fprintf(stderr, "amc %s: %s: cannot read the keyring\n", cmd, keyring_file);
        goto out;
    }
    amc_diags_clear(ds);
    if ((st = amc_policy_set_keyring(*policy, buf, len, ds)) != AMC_OK) {
        print_file_diags(keyring_file, ds);
        if (st == AMC_ENOMEM)
            fprintf(stderr, "amc %s: out of memory\n", cmd);
        else
            fprintf(stderr, "amc %s: %s: invalid keyring\n", cmd, keyring_file);
        goto out;
    }
    print_file_diags(keyring_file, ds);
    rc = 0;
out:
    free(path);
    free(buf);
    return rc;
}

int cli_load_policy(const char *cmd, const char *policy_file, const char *keyring_file,
                    bool keyring, size_t max, amc_policy **policy)
{
    amc_diags *ds = amc_diags_new(0);
    char *buf = NULL;
    size_t len = 0;
    int rc = -1, rr = 0;
    *policy = NULL;
    if (!ds) {
        fprintf(stderr, "amc %s: out of memory\n", cmd);
        return -1;
    }
    if (policy_file) {
        amc_status st = AMC_OK;
        rr = cli_read_file(policy_file, max, &buf, &len);
        if (rr != 0) {
            if (rr == -2)
                fprintf(stderr, "amc %s: %s: the policy is too large\n", cmd, policy_file);
            goto out;
        }
        st = amc_policy_read(buf, len, ds, policy);
        print_file_diags(policy_file, ds);
        if (st != AMC_OK) {
            if (st == AMC_ENOMEM)
                fprintf(stderr, "amc %s: out of memory\n", cmd);
            else
                fprintf(stderr, "amc %s: %s: invalid policy\n", cmd, policy_file);
            goto out;
        }
    }
    if (keyring && (keyring_file || (*policy && amc_policy_keyring_file(*policy))) &&
        load_keyring(cmd, policy_file, keyring_file, max, ds, policy) != 0)
        goto out;
    rc = 0;
out:
    if (rc != 0) {
        amc_policy_free(*policy);
        *policy = NULL;
    }
    free(buf);
    amc_diags_free(ds);
    return rc;
}

static atomic_bool nomem;

void cli_nomem(void)
{
    atomic_store(&nomem, true);
}

bool cli_nomem_seen(void)
{
    return atomic_load(&nomem);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *cli_path_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *p = malloc(la + lb + 2);
    if (!p)
        return NULL;
    memcpy(p, a, la);
    if (la)
        p[la++] = '/';
    memcpy(p + la, b, lb + 1);
    return p;
}

int cli_cmp_names(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

const char *cli_ws_root_prefix(const char *dir)
{
    size_t n = strlen(dir);
    const char *b = NULL;
    static char name[64];
    while (n > 1 && dir[n - 1] == '/')
        n--;
    b = dir + n;
    while (b > dir && b[-1] != '/')
        b--;
    if ((size_t)(dir + n - b) >= sizeof name)
        return "";
    memcpy(name, b, (size_t)(dir + n - b));
    name[dir + n - b] = 0;
    if (!strcmp(name, "queue") || !strcmp(name, "inbox") || !strcmp(name, "agent-workspace"))
        return name;
    return "";
}

bool cli_excluded(const cli_list *ex, const char *name, const char *path)
{
    size_t i = 0;
    for (i = 0; ex && i < ex->n; i++)
        if (fnmatch(ex->v[i], name, 0) == 0 || fnmatch(ex->v[i], path, 0) == 0)
            return true;
    return false;
}
