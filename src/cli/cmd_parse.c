/*
 * cmd_parse.c - amc parse: reads one message (JSON, YAML or MIME header block + body) and prints
 * the normalized document as JSON. Exit 0 well-formed, 1 malformed, 2 usage or I/O error.
 *
 * --ignite-compat (MIME only) prints exactly what the IGNITE implementation's
 * `ignite_mime.py parse` prints (docs/profiles/ignite.md §6): the same members, order, types and
 * JSON text. The message is first checked by the ignite profile without a path; only its
 * header-block rules (IGNITE-MSG-001/002/003, IGNITE-HDR-002/003/007) and the MIME reader's
 * diagnostics are reported. An error among them (malformed block, duplicate, forged X-IGNITE-*
 * field, invalid UTF-8) prints no JSON and exits 1; warnings go to stderr and the JSON is printed.
 * Values are re-read from the source the Python way: a continuation line is appended as " " +
 * the line stripped of SP/HTAB; names match case-insensitively (amc's reading; Python's is
 * case-sensitive); CRLF and a lone CR in the body become LF as Python's universal newlines do.
 */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <strings.h>
#include "cli.h"

static cli_syntax guess(const char *path, const char *buf, size_t len)
{
    const char *dot = strrchr(path, '.');
    size_t i = 0;
    if (dot && (!strcmp(dot, ".json") || !strcmp(dot, ".jsonl")))
        return CLI_SYN_JSON;
    if (dot && (!strcmp(dot, ".yaml") || !strcmp(dot, ".yml")))
        return CLI_SYN_YAML;
    if (dot && (!strcmp(dot, ".mime") || !strcmp(dot, ".eml")))
        return CLI_SYN_MIME;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i < len && (buf[i] == '{' || buf[i] == '['))
        return CLI_SYN_JSON;
    /* a first line "Name: value" whose name is a header field name, plus MIME-Version */
    if (len >= 13 && strncasecmp(buf, "MIME-Version:", 13) == 0)
        return CLI_SYN_MIME;
    return CLI_SYN_YAML;
}

static bool is_yaml_type(const char *v, size_t n)
{
    static const char *const types[] = {"text/x-yaml", "text/yaml", "application/yaml",
                                        "application/x-yaml"};
    size_t i = 0, t = 0;
    while (i < n && (v[i] == ' ' || v[i] == '\t'))
        i++;
    for (t = 0; t < sizeof types / sizeof types[0]; t++) {
        size_t tl = strlen(types[t]);
        if (n - i >= tl && strncasecmp(v + i, types[t], tl) == 0 &&
            (n - i == tl || v[i + tl] == ';' || v[i + tl] == ' ' || v[i + tl] == '\t'))
            return true;
    }
    return false;
}

/* Prints {"headers":[{"name","value"}...],"body":...} for a MIME message. */
/* The header fields as [{"name": ..., "value": ...}, ...] members (nl, ind: "" when compact). */
static void print_headers(const amc_mime *m, const char *nl, const char *ind, FILE *out)
{
    size_t i = 0;
    for (i = 0; i < amc_mime_field_count(m); i++) {
        const amc_mime_field *f = amc_mime_field_at(m, i);
        amc_doc *tmp = amc_doc_new(NULL, 0);
        amc_value *nv = NULL, *vv = NULL;
        char *ns = NULL, *vs = NULL;
        if (tmp) {
            nv = amc_doc_new_string(tmp, f->name, f->name_len, AMC_NO_OFFSET);
            vv = amc_doc_new_string(tmp, f->value, f->value_len, AMC_NO_OFFSET);
        }
        if (nv && vv) {
            ns = amc_value_to_json(nv, -1, NULL);
            vs = amc_value_to_json(vv, -1, NULL);
        }
        if (!ns || !vs)
            cli_nomem(); /* main() says so: exit 2 */
        fprintf(out, "%s%s%s%s{\"name\": %s, \"value\": %s}", i ? "," : "", nl, ind, ind,
                ns ? ns : "null", vs ? vs : "null");
        amc_free(ns);
        amc_free(vs);
        amc_doc_free(tmp);
    }
}

/* A document nested one level deep (its lines indented by ind). */
static void print_nested(const amc_value *v, bool compact, const char *ind, FILE *out)
{
    char *s = amc_value_to_json(v, compact ? -1 : 2, NULL);
    const char *p = s;
    if (!s)
        cli_nomem();
    while (p && *p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        fwrite(p, 1, n, out);
        if (!e)
            break;
        fprintf(out, "\n%s", ind);
        p = e + 1;
    }
    amc_free(s);
}

static int print_mime(const amc_mime *m, const amc_limits *lim, amc_diags *ds, bool compact,
                      FILE *out)
{
    size_t blen = 0, boff = 0;
    const char *body = amc_mime_body(m, &blen, &boff);
    const amc_mime_field *ct = amc_mime_find(m, "Content-Type");
    amc_doc *bdoc = NULL;
    const char *nl = compact ? "" : "\n";
    const char *ind = compact ? "" : "  ";
    int rc = CLI_EXIT_OK;
    fprintf(out, "{%s%s\"headers\": [", nl, ind);
    print_headers(m, nl, ind, out);
    fprintf(out, "%s%s],%s%s\"body\": ", amc_mime_field_count(m) ? nl : "",
            amc_mime_field_count(m) ? ind : "", nl, ind);
    if (ct && is_yaml_type(ct->value, ct->value_len)) {
        size_t first = amc_diags_count(ds);
        amc_status st = amc_yaml_read(body, blen, lim, ds, &bdoc);
        amc_diags_rebase(ds, first, amc_mime_pos(m, boff));
        if (st == AMC_OK) {
            print_nested(amc_doc_root(bdoc), compact, ind, out);
        } else {
            fputs("null", out);
            rc = CLI_EXIT_INVALID;
            if (st == AMC_ENOMEM)
                cli_nomem();
        }
        fprintf(out, ",%s%s\"body_format\": \"yaml\"", nl, ind);
    } else {
        amc_doc *tmp = amc_doc_new(NULL, 0);
        amc_value *bv = tmp ? amc_doc_new_string(tmp, body, blen, AMC_NO_OFFSET) : NULL;
        char *s = bv ? amc_value_to_json(bv, -1, NULL) : NULL;
        if (!s)
            cli_nomem();
        fputs(s ? s : "null", out);
        amc_free(s);
        amc_doc_free(tmp);
        fprintf(out, ",%s%s\"body_format\": \"text\"", nl, ind);
    }
    fprintf(out, "%s}\n", nl);
    amc_doc_free(bdoc);
    return rc;
}

/* ---- --ignite-compat ---- */

static const char *const compat_core[][2] = {{"message_id", "Message-ID"},
                                             {"from", "From"},
                                             {"to", "To"},
                                             {"cc", "Cc"},
                                             {"date", "Date"},
                                             {"in_reply_to", "In-Reply-To"},
                                             {"type", "X-IGNITE-Type"},
                                             {"priority", "X-IGNITE-Priority"},
                                             {"thread_id", "X-IGNITE-Thread-ID"},
                                             {"repository", "X-IGNITE-Repository"},
                                             {"issue", "X-IGNITE-Issue"},
                                             {"status", "X-IGNITE-Status"},
                                             {"content_type", "Content-Type"}};
#define N_COMPAT_CORE (sizeof compat_core / sizeof compat_core[0])

/* X-IGNITE-* headers of the header view with a canonical spelling (their parse key comes from
 * it, so a case variant is the same field). */
static const char *const compat_known_x[] = {"X-IGNITE-Processed-At",  "X-IGNITE-Retry-Count",
                                             "X-IGNITE-Error-Reason",  "X-IGNITE-Error-At",
                                             "X-IGNITE-Last-Retry-At", "X-IGNITE-Next-Retry-After"};

/* A JSON string the way Python's json.dump(ensure_ascii=False) writes it. */
static void py_json_str(FILE *out, const char *s, size_t n)
{
    size_t i = 0;
    putc('"', out);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"':
            fputs("\\\"", out);
            break;
        case '\\':
            fputs("\\\\", out);
            break;
        case '\n':
            fputs("\\n", out);
            break;
        case '\r':
            fputs("\\r", out);
            break;
        case '\t':
            fputs("\\t", out);
            break;
        case '\b':
            fputs("\\b", out);
            break;
        case '\f':
            fputs("\\f", out);
            break;
        default:
            if (c < 0x20)
                fprintf(out, "\\u%04x", c);
            else
                putc(c, out);
        }
    }
    putc('"', out);
}

/* Python's value of the field starting at src[off]: the first line's value stripped, then
 * " " + each continuation line stripped (SP/HTAB; CR of CRLF dropped). Returns a malloc'd
 * string (length in *n) or NULL. */
static char *py_value(const char *src, size_t len, size_t off, size_t *n)
{
    char *out = malloc(len - off + 1);
    size_t k = 0, p = off;
    bool first = true;
    if (!out)
        return NULL;
    while (p < len) {
        size_t e = p, a = 0, b = 0;
        while (e < len && src[e] != '\n')
            e++;
        b = e;
        if (b > p && src[b - 1] == '\r')
            b--;
        if (first) {
            a = p;
            while (a < b && src[a] != ':')
                a++;
            if (a < b)
                a++;
        } else {
            if (b == p || (src[p] != ' ' && src[p] != '\t'))
                break; /* next field or the empty line */
            out[k++] = ' ';
            a = p;
        }
        while (a < b && (src[a] == ' ' || src[a] == '\t'))
            a++;
        while (b > a && (src[b - 1] == ' ' || src[b - 1] == '\t'))
            b--;
        memcpy(out + k, src + a, b - a);
        k += b - a;
        first = false;
        p = e + 1;
    }
    out[k] = '\0';
    *n = k;
    return out;
}

/* "amc parse: out of memory" on stderr; returns exit status 2 (the output is incomplete). */
static int parse_nomem(void)
{
    fprintf(stderr, "amc parse: out of memory\n");
    return CLI_EXIT_ERROR;
}

static void compat_member(FILE *out, bool *first, const char *key)
{
    fprintf(out, "%s\n  ", *first ? "" : ",");
    py_json_str(out, key, strlen(key));
    fputs(": ", out);
    *first = false;
}

static void compat_list(FILE *out, const char *v, size_t n)
{
    size_t i = 0, start = 0, count = 0;
    fputc('[', out);
    for (i = 0; i <= n; i++) {
        if (i == n || v[i] == ',') {
            size_t a = start, b = i;
            while (a < b && (v[a] == ' ' || v[a] == '\t'))
                a++;
            while (b > a && (v[b - 1] == ' ' || v[b - 1] == '\t'))
                b--;
            if (b > a) {
                fputs(count ? ",\n    " : "\n    ", out);
                py_json_str(out, v + a, b - a);
                count++;
            }
            start = i + 1;
        }
    }
    fputs(count ? "\n  ]" : "]", out);
}

static bool compat_is_core(const char *name, size_t n)
{
    size_t i = 0;
    for (i = 0; i < N_COMPAT_CORE; i++)
        if (strlen(compat_core[i][1]) == n && !strncasecmp(name, compat_core[i][1], n))
            return true;
    return false;
}

/* The body member, with universal newlines (CRLF and a lone CR become LF). Returns 0 or -1. */
static int compat_body(FILE *out, bool *first, const char *body, size_t blen)
{
    char *nb = malloc(blen + 1);
    size_t nbn = 0, i = 0;
    if (!nb)
        return -1;
    for (i = 0; i < blen; i++) {
        if (body[i] == '\r') {
            nb[nbn++] = '\n';
            if (i + 1 < blen && body[i + 1] == '\n')
                i++;
        } else {
            nb[nbn++] = body[i];
        }
    }
    compat_member(out, first, "body");
    py_json_str(out, nb, nbn);
    free(nb);
    return 0;
}

static int compat_extras(const char *src, size_t len, const amc_mime *m, bool *first, FILE *out);

static int print_ignite_compat(const char *src, size_t len, const amc_mime *m, FILE *out)
{
    size_t i = 0, blen = 0, boff = 0;
    const char *body = amc_mime_body(m, &blen, &boff);
    bool first = true;
    fputc('{', out);
    for (i = 0; i < N_COMPAT_CORE; i++) {
        const amc_mime_field *f = amc_mime_find(m, compat_core[i][1]);
        char *v = NULL;
        size_t vn = 0;
        compat_member(out, &first, compat_core[i][0]);
        if (f) {
            v = py_value(src, len, f->offset, &vn);
            if (!v)
                return parse_nomem();
        }
        if (i == 2 || i == 3)
            compat_list(out, v ? v : "", vn);
        else if (i == 7 && !f)
            py_json_str(out, "normal", 6);
        else
            py_json_str(out, v ? v : "", vn);
        free(v);
    }
    if (compat_body(out, &first, body, blen) != 0)
        return parse_nomem();
    return compat_extras(src, len, m, &first, out);
}

/* The X-IGNITE-* fields ignite_mime.py does not name, in order of first appearance, keyed as it
 * keys them (lower case, '-' to '_'). */
static int compat_extras(const char *src, size_t len, const amc_mime *m, bool *first, FILE *out)
{
    size_t i = 0, j = 0;
    for (i = 0; i < amc_mime_field_count(m); i++) {
        const amc_mime_field *f = amc_mime_field_at(m, i);
        char key[256];
        const char *name = f->name;
        size_t k = 0, vn = 0;
        char *v = NULL;
        if (f->name_len <= 9 || strncasecmp(f->name, "X-IGNITE-", 9) != 0 ||
            compat_is_core(f->name, f->name_len))
            continue;
        for (j = 0; j < sizeof compat_known_x / sizeof compat_known_x[0]; j++)
            if (strlen(compat_known_x[j]) == f->name_len &&
                !strncasecmp(f->name, compat_known_x[j], f->name_len))
                name = compat_known_x[j];
        for (j = 9; j < f->name_len && k + 1 < sizeof key; j++)
            key[k++] = name[j] == '-' ? '_' : (char)tolower((unsigned char)name[j]);
        key[k] = '\0';
        v = py_value(src, len, f->offset, &vn);
        if (!v)
            return parse_nomem();
        compat_member(out, first, key);
        py_json_str(out, v, vn);
        free(v);
    }
    fputs("\n}\n", out);
    return CLI_EXIT_OK;
}

/* Runs the ignite profile (no path) and keeps the header-block diagnostics. Returns 1 when an
 * error was kept, 0 when none, -1 out of memory (said). */
static int compat_check(const char *buf, size_t len, const amc_limits *lim, amc_diags *ds)
{
    static const char *const keep[] = {"IGNITE-MSG-001", "IGNITE-MSG-002", "IGNITE-MSG-003",
                                       "IGNITE-HDR-002", "IGNITE-HDR-003", "IGNITE-HDR-007"};
    amc_validator_opts opts = {"ignite", false, NULL, lim, NULL};
    amc_validator *v = NULL;
    amc_diags *tmp = amc_diags_new(lim->max_diags);
    int err = 0;
    size_t i = 0, k = 0;
    if (!tmp || amc_validator_new(&opts, NULL, &v) != AMC_OK) {
        amc_diags_free(tmp);
        (void)parse_nomem();
        return -1;
    }
    if (amc_validator_check(v, NULL, buf, len, tmp, NULL) == AMC_ENOMEM)
        err = -1; /* a finding was lost */
    for (i = 0; err >= 0 && i < amc_diags_count(tmp); i++) {
        const amc_diag *d = amc_diags_get(tmp, i);
        bool kept = d->rule_id == NULL;
        for (k = 0; !kept && k < sizeof keep / sizeof keep[0]; k++)
            kept = !strcmp(d->rule_id, keep[k]);
        if (!kept)
            continue;
        if (amc_diags_add(ds, d) != AMC_OK)
            err = -1;
        else if (d->sev == AMC_SEV_ERROR)
            err = 1;
    }
    amc_validator_free(v);
    amc_diags_free(tmp);
    if (err < 0)
        (void)parse_nomem();
    return err;
}

/* --ignite-compat: the header-block checks, then the JSON of ignite_mime.py parse. Returns the
 * exit status. */
static int parse_compat(const char *buf, size_t len, const amc_limits *lim, amc_diags *ds)
{
    amc_mime *mime = NULL;
    amc_diags *rd = NULL;
    amc_status st = AMC_OK;
    int rc = CLI_EXIT_INVALID, ck = compat_check(buf, len, lim, ds);
    if (ck != 0)
        return ck < 0 ? CLI_EXIT_ERROR : CLI_EXIT_INVALID;
    rd = amc_diags_new(lim->max_diags);
    st = rd ? amc_mime_read(buf, len, lim, rd, &mime) : AMC_ENOMEM;
    amc_diags_free(rd);
    if (st == AMC_OK)
        rc = print_ignite_compat(buf, len, mime, stdout);
    else if (st == AMC_ENOMEM)
        rc = parse_nomem();
    amc_mime_free(mime);
    return rc;
}

/* Reads buf as JSON, YAML or MIME and prints the normalized JSON. Returns the exit status. */
static int parse_doc(cli_syntax as, const char *buf, size_t len, const amc_limits *lim,
                     bool compact, amc_diags *ds)
{
    amc_doc *doc = NULL;
    amc_mime *mime = NULL;
    amc_status st = AMC_EINTERNAL;
    int rc = CLI_EXIT_OK;
    if (as == CLI_SYN_JSON)
        st = amc_json_read(buf, len, lim, ds, &doc);
    else if (as == CLI_SYN_YAML)
        st = amc_yaml_read(buf, len, lim, ds, &doc);
    else if (as == CLI_SYN_MIME)
        st = amc_mime_read(buf, len, lim, ds, &mime);
    if (st == AMC_OK && doc) {
        char *s = amc_value_to_json(amc_doc_root(doc), compact ? -1 : 2, NULL);
        if (s)
            puts(s);
        else
            fprintf(stderr, "amc parse: out of memory\n");
        rc = s ? CLI_EXIT_OK : CLI_EXIT_ERROR;
        amc_free(s);
    } else if (st == AMC_OK && mime) {
        rc = print_mime(mime, lim, ds, compact, stdout);
    } else {
        rc = st == AMC_ENOMEM ? parse_nomem() : CLI_EXIT_INVALID;
    }
    if (rc == CLI_EXIT_OK && amc_diags_errors(ds))
        rc = CLI_EXIT_INVALID;
    amc_doc_free(doc);
    amc_mime_free(mime);
    return rc;
}

typedef struct pargs {
    int as, format;
    bool compact, compat;
    uint64_t max_size, max_depth;
} pargs;

static int parse_main(void *args, const cli_list *ops)
{
    const pargs *a = args;
    const char *path = ops->v[0];
    cli_syntax as = (cli_syntax)a->as;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = NULL;
    cli_report *rep = NULL;
    char *buf = NULL;
    size_t len = 0;
    int rc = CLI_EXIT_ERROR, rr = 0;
    lim.max_depth = (uint32_t)a->max_depth;
    lim.max_input_bytes = (size_t)a->max_size;
    amc_limits_normalize(&lim);
    ds = amc_diags_new(lim.max_diags);
    rep = cli_report_new((cli_format)a->format, stderr, "parse");
    if (!ds || !rep) {
        fprintf(stderr, "amc parse: out of memory\n");
        goto out;
    }
    rr = cli_read_file(path, lim.max_input_bytes, &buf, &len);
    if (rr == -2) {
        amc_pos p0 = {0, 0, 0};
        amc_diags_addf(ds, AMC_C_LIMIT_SIZE, p0, "input is larger than the %zu-byte limit",
                       lim.max_input_bytes);
        cli_report_file(rep, path, ds);
        rc = CLI_EXIT_INVALID;
        goto out;
    }
    if (rr != 0)
        goto out;
    if (as == CLI_SYN_AUTO)
        as = guess(path, buf, len);
    if (a->compat && as != CLI_SYN_MIME) {
        fprintf(stderr, "amc parse: --ignite-compat reads MIME messages (use --as mime)\n");
        goto out;
    }
    rc = a->compat ? parse_compat(buf, len, &lim, ds)
                   : parse_doc(as, buf, len, &lim, a->compact, ds);
    if (a->compat)
        amc_diags_sort(ds);
    cli_report_file(rep, path, ds);
out:
    cli_report_finish(rep);
    amc_diags_free(ds);
    free(buf);
    return rc;
}

#define O(field) CLI_AT(pargs, field)
const cli_command cli_cmd_parse = {
    .name = "parse",
    .summary = "read a JSON, YAML or MIME message and print it as normalized JSON",
    .description =
        "Reads one message (strict RFC 8259 JSON, YAML 1.2 core schema, or an RFC 5322/2045 "
        "header block with a YAML body) and prints it as normalized JSON on standard output; "
        "diagnostics go to standard error. --as defaults to the file extension (.json .yaml "
        ".yml .mime .eml), else to the content. For MIME, prints the header fields in order and "
        "the body, parsed as YAML when Content-Type names YAML.\n"
        "--ignite-compat prints exactly what the IGNITE implementation's ignite_mime.py parse "
        "prints (message_id, from, to[], cc[], ..., body, extra X-IGNITE-* fields), after the "
        "header-block rules of the ignite profile; an error among them prints no JSON.",
    .options =
        (const cli_opt[]){
            {.shared = &cli_opt_as, O(as)},
            {.shared = &cli_opt_format,
             O(format),
             .allow = "text json",
             .help = "format of the diagnostics on standard error"},
            {.name = "compact", .kind = CLI_FLAG, O(compact), .help = "print the JSON on one line"},
            {.name = "ignite-compat",
             .kind = CLI_FLAG,
             O(compat),
             .help = "(MIME) print the JSON of IGNITE's ignite_mime.py parse"},
            {.shared = &cli_opt_max_depth, O(max_depth)},
            {.shared = &cli_opt_max_size, O(max_size)},
            {0}},
    .operands = "FILE|-",
    .min_operands = 1,
    .max_operands = 1,
    .missing = "no input given (use - for standard input)",
    .exits = (const cli_exit[]){{0, "the message is well-formed"},
                                {1, "the message is malformed (or too large)"},
                                {2, "usage or I/O error"},
                                {0, NULL}},
    .examples = (const cli_example[]){{"A MIME message with a YAML body, as JSON:",
                                       "amc parse examples/messages/"
                                       "task_assignment_1763794243123456.mime"},
                                      {"What IGNITE's own parser would print:",
                                       "amc parse --as mime --ignite-compat msg.mime"},
                                      {NULL, NULL}},
    .args_size = sizeof(pargs),
    .run = parse_main,
};
#undef O
