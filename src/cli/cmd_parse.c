/*
 * cmd_parse.c - amc parse: reads one message (JSON, YAML or MIME header block + body) and prints
 * the normalized document as JSON. Exit 0 well-formed, 1 malformed, 2 usage or I/O error.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"

typedef enum { AS_AUTO, AS_JSON, AS_YAML, AS_MIME } parse_as;

static void usage(FILE *f)
{
    fprintf(f, "usage: amc parse [--as json|yaml|mime] [--format text|json] [--compact]\n"
               "                 [--max-depth N] [--max-size BYTES] FILE|-\n\n"
               "Reads one message and prints it as normalized JSON on stdout; diagnostics go to\n"
               "stderr. --as defaults to the file extension (.json .yaml .yml .mime .eml), else\n"
               "to the content. For MIME, prints the header fields in order and the body, parsed\n"
               "as YAML when Content-Type names YAML.\n"
               "Exit status: 0 well-formed, 1 malformed, 2 usage or I/O error.\n");
}

static parse_as guess(const char *path, const char *buf, size_t len)
{
    const char *dot = strrchr(path, '.');
    size_t i = 0;
    if (dot && (!strcmp(dot, ".json") || !strcmp(dot, ".jsonl")))
        return AS_JSON;
    if (dot && (!strcmp(dot, ".yaml") || !strcmp(dot, ".yml")))
        return AS_YAML;
    if (dot && (!strcmp(dot, ".mime") || !strcmp(dot, ".eml")))
        return AS_MIME;
    while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
        i++;
    if (i < len && (buf[i] == '{' || buf[i] == '['))
        return AS_JSON;
    /* a first line "Name: value" whose name is a header field name, plus MIME-Version */
    if (len >= 13 && strncasecmp(buf, "MIME-Version:", 13) == 0)
        return AS_MIME;
    return AS_YAML;
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
static int print_mime(const amc_mime *m, const amc_limits *lim, amc_diags *ds, bool compact,
                      FILE *out)
{
    size_t i = 0, blen = 0, boff = 0;
    const char *body = amc_mime_body(m, &blen, &boff);
    const amc_mime_field *ct = amc_mime_find(m, "Content-Type");
    amc_doc *bdoc = NULL;
    const char *nl = compact ? "" : "\n";
    const char *ind = compact ? "" : "  ";
    int rc = CLI_EXIT_OK;
    fprintf(out, "{%s%s\"headers\": [", nl, ind);
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
        fprintf(out, "%s%s%s%s{\"name\": %s, \"value\": %s}", i ? "," : "", nl, ind, ind,
                ns ? ns : "null", vs ? vs : "null");
        amc_free(ns);
        amc_free(vs);
        amc_doc_free(tmp);
    }
    fprintf(out, "%s%s],%s%s\"body\": ", amc_mime_field_count(m) ? nl : "",
            amc_mime_field_count(m) ? ind : "", nl, ind);
    if (ct && is_yaml_type(ct->value, ct->value_len)) {
        size_t first = amc_diags_count(ds);
        amc_status st = amc_yaml_read(body, blen, lim, ds, &bdoc);
        amc_diags_rebase(ds, first, amc_mime_pos(m, boff));
        if (st == AMC_OK) {
            char *s = amc_value_to_json(amc_doc_root(bdoc), compact ? -1 : 2, NULL);
            /* indent the nested document by one level */
            const char *p = s;
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
        } else {
            fputs("null", out);
            rc = CLI_EXIT_INVALID;
        }
        fprintf(out, ",%s%s\"body_format\": \"yaml\"", nl, ind);
    } else {
        amc_doc *tmp = amc_doc_new(NULL, 0);
        amc_value *bv = tmp ? amc_doc_new_string(tmp, body, blen, AMC_NO_OFFSET) : NULL;
        char *s = bv ? amc_value_to_json(bv, -1, NULL) : NULL;
        fputs(s ? s : "null", out);
        amc_free(s);
        amc_doc_free(tmp);
        fprintf(out, ",%s%s\"body_format\": \"text\"", nl, ind);
    }
    fprintf(out, "%s}\n", nl);
    amc_doc_free(bdoc);
    return rc;
}

int cli_cmd_parse(int argc, char **argv)
{
    parse_as as = AS_AUTO;
    cli_format fmt = CLI_FMT_TEXT;
    bool compact = false;
    const char *path = NULL;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    char *buf = NULL;
    size_t len = 0;
    amc_diags *ds = NULL;
    amc_doc *doc = NULL;
    amc_mime *mime = NULL;
    amc_status st = AMC_OK;
    cli_report *rep = NULL;
    int rc = CLI_EXIT_OK, i = 0;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return CLI_EXIT_OK;
        } else if (!strcmp(a, "--as") && i + 1 < argc) {
            const char *v = argv[++i];
            if (!strcmp(v, "json"))
                as = AS_JSON;
            else if (!strcmp(v, "yaml"))
                as = AS_YAML;
            else if (!strcmp(v, "mime"))
                as = AS_MIME;
            else {
                fprintf(stderr, "amc parse: --as must be json, yaml or mime\n");
                return CLI_EXIT_ERROR;
            }
        } else if (!strcmp(a, "--format") && i + 1 < argc) {
            if (cli_parse_format(argv[++i], &fmt) != 0 ||
                (fmt != CLI_FMT_TEXT && fmt != CLI_FMT_JSON)) {
                fprintf(stderr, "amc parse: --format must be text or json\n");
                return CLI_EXIT_ERROR;
            }
        } else if (!strcmp(a, "--compact")) {
            compact = true;
        } else if (!strcmp(a, "--max-depth") && i + 1 < argc) {
            lim.max_depth = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else if (!strcmp(a, "--max-size") && i + 1 < argc) {
            lim.max_input_bytes = (size_t)strtoull(argv[++i], NULL, 10);
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "amc parse: unknown option '%s'\n", a);
            usage(stderr);
            return CLI_EXIT_ERROR;
        } else if (!path) {
            path = a;
        } else {
            fprintf(stderr, "amc parse: only one input is accepted\n");
            return CLI_EXIT_ERROR;
        }
    }
    if (!path) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    amc_limits_normalize(&lim);
    /* read up to one byte past the limit so the reader reports the limit itself */
    if (cli_read_file(path, lim.max_input_bytes + 1, &buf, &len) != 0)
        return CLI_EXIT_ERROR;
    ds = amc_diags_new(lim.max_diags);
    rep = cli_report_new(fmt, stderr, "parse");
    if (!ds || !rep) {
        fprintf(stderr, "amc parse: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    if (as == AS_AUTO)
        as = guess(path, buf, len);
    switch (as) {
    case AS_JSON:
        st = amc_json_read(buf, len, &lim, ds, &doc);
        break;
    case AS_YAML:
        st = amc_yaml_read(buf, len, &lim, ds, &doc);
        break;
    case AS_MIME:
        st = amc_mime_read(buf, len, &lim, ds, &mime);
        break;
    case AS_AUTO:
        st = AMC_EINTERNAL;
        break;
    }
    if (st == AMC_OK && doc) {
        char *s = amc_value_to_json(amc_doc_root(doc), compact ? -1 : 2, NULL);
        if (!s) {
            fprintf(stderr, "amc parse: out of memory\n");
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        puts(s);
        amc_free(s);
    } else if (st == AMC_OK && mime) {
        rc = print_mime(mime, &lim, ds, compact, stdout);
    } else if (st == AMC_ENOMEM) {
        rc = CLI_EXIT_ERROR;
    } else {
        rc = CLI_EXIT_INVALID;
    }
    if (rc == CLI_EXIT_OK && amc_diags_errors(ds))
        rc = CLI_EXIT_INVALID;
    cli_report_file(rep, path, ds);
out:
    cli_report_finish(rep);
    amc_diags_free(ds);
    amc_doc_free(doc);
    amc_mime_free(mime);
    free(buf);
    return rc;
}
