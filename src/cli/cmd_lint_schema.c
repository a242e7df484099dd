/*
 * cmd_lint_schema.c - amc lint-schema: checks JSON Schema files against their meta-schema and
 * the lint rules of src/schema/lint.c (amc_schema_lint()); docs/lint-rules.md lists the rules.
 *
 * Decisions:
 *   - Every FILE (and every --schema) is added to one schema set before any is linted, so $refs
 *     between the files resolve (the mailbox schemas reference each other).
 *   - Rules are named by their code identifier (LINT_UNKNOWN_KEYWORD) or dotted name
 *     (lint.unknown-keyword) in --disable and in the config file; an unknown name is a usage
 *     error (exit 2), so a typo cannot silently leave a rule on.
 *   - Config file (--config; JSON for *.json, YAML otherwise):
 *         disable: [LINT_ENUM_DUPLICATE, lint.dialect]
 *         severity: {LINT_UNKNOWN_KEYWORD: error, LINT_FORMAT_UNKNOWN: info}
 *     severity values: error, warning, info (or note), off (= disable). Other top-level keys are
 *     errors. --disable adds to the config's list.
 *   - A file that is not a schema document at all (not JSON, not an object or boolean, a
 *     malformed $id) gets the reader's or registry's diagnostics and counts as an error.
 *   - Exit: 0 no error, 1 any error (with --strict: any warning too), 2 usage or I/O error.
 */
#include <stdlib.h>
#include <string.h>
#include "cli_schema.h"

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: amc lint-schema [--disable RULE]... [--config FILE] [--format text|json|sarif]\n"
        "                       [--strict] [--schema MORE]... [--map-uri PREFIX=DIR]... FILE...\n\n"
        "Validates each schema FILE against its meta-schema (draft 2020-12 unless its\n"
        "\"$schema\" names another known one) and applies the lint rules:\n");
    {
        size_t k = 0;
        for (k = 0; k < AMC_CODE_COUNT; k++) {
            amc_code c = amc_code_at(k);
            if (amc_lint_is_rule(c))
                fprintf(f, "  %-27s %-7s  %s\n", amc_code_id(c),
                        amc_severity_str(amc_code_severity(c)), amc_code_message(c));
        }
    }
    fprintf(f,
            "\n  --disable RULE       do not run RULE (code identifier or dotted name)\n"
            "  --config FILE        JSON or YAML: {disable: [RULE...], severity: {RULE: LEVEL}}\n"
            "                       LEVEL: error, warning, info or off\n"
            "  --format FMT         text (default), json or sarif\n"
            "  --strict             warnings make the exit status 1\n"
            "  --schema MORE        another schema document $refs may point to (not linted)\n"
            "  --map-uri PREFIX=DIR serve schema URIs starting with PREFIX from DIR\n\n"
            "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage or I/O.\n"
            "docs/lint-rules.md describes each rule.\n");
}

typedef struct lint_cfg {
    amc_code *disable;
    size_t n_disable;
    amc_lint_severity *sev;
    size_t n_sev;
} lint_cfg;

static int rule_code(const char *name, amc_code *out)
{
    amc_code c = amc_code_lookup(name);
    if (!c || !amc_lint_is_rule(c))
        return -1;
    *out = c;
    return 0;
}

static int add_disable(lint_cfg *cfg, amc_code c)
{
    amc_code *p = realloc(cfg->disable, (cfg->n_disable + 1) * sizeof *p);
    if (!p)
        return -1;
    cfg->disable = p;
    p[cfg->n_disable++] = c;
    return 0;
}

/* Reads the config file; prints the problem and returns -1 on any error. */
static int read_config(const char *path, lint_cfg *cfg)
{
    char *buf = NULL;
    size_t len = 0, i = 0;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    const amc_value *root = NULL;
    int rc = -1;
    if (!ds)
        return -1;
    if (cli_read_file(path, (size_t)1 << 20, &buf, &len) != 0) {
        fprintf(stderr, "amc lint-schema: %s: cannot read the config file (at most 1 MiB)\n", path);
        goto out;
    }
    {
        const char *dot = strrchr(path, '.');
        if (dot && !strcmp(dot, ".json"))
            st = amc_json_read(buf, len, &lim, ds, &doc);
        else
            st = amc_yaml_read(buf, len, &lim, ds, &doc);
    }
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_print_diag_text(stderr, path, amc_diags_get(ds, i), false);
    if (st != AMC_OK)
        goto out;
    root = amc_doc_root(doc);
    if (root->type == AMC_T_NULL) {
        rc = 0; /* an empty YAML file */
        goto out;
    }
    if (root->type != AMC_T_OBJECT) {
        fprintf(stderr, "amc lint-schema: %s: the config must be a mapping\n", path);
        goto out;
    }
    for (i = 0; i < root->u.obj.len; i++) {
        const amc_member *m = &root->u.obj.members[i];
        amc_pos at = amc_doc_pos(doc, m->key_offset);
        size_t j = 0;
        if (!strcmp(m->key, "disable")) {
            if (m->value->type != AMC_T_ARRAY) {
                fprintf(stderr, "%s:%u:%u: \"disable\" must be a list of rule IDs\n", path,
                        at.line + 1, at.col + 1);
                goto out;
            }
            for (j = 0; j < m->value->u.arr.len; j++) {
                const amc_value *it = m->value->u.arr.items[j];
                amc_code c = (amc_code)0;
                amc_pos ip = amc_doc_pos(doc, it->offset);
                if (it->type != AMC_T_STRING || rule_code(it->u.str.ptr, &c) != 0) {
                    fprintf(stderr,
                            "%s:%u:%u: %s%s%s is not a lint rule ID (see amc lint-schema --help)\n",
                            path, ip.line + 1, ip.col + 1, it->type == AMC_T_STRING ? "\"" : "",
                            it->type == AMC_T_STRING ? it->u.str.ptr : "the value",
                            it->type == AMC_T_STRING ? "\"" : "");
                    goto out;
                }
                if (add_disable(cfg, c) != 0)
                    goto out;
            }
        } else if (!strcmp(m->key, "severity")) {
            if (m->value->type != AMC_T_OBJECT) {
                fprintf(stderr, "%s:%u:%u: \"severity\" must map rule IDs to levels\n", path,
                        at.line + 1, at.col + 1);
                goto out;
            }
            for (j = 0; j < m->value->u.obj.len; j++) {
                const amc_member *r = &m->value->u.obj.members[j];
                amc_code c = (amc_code)0;
                amc_pos kp = amc_doc_pos(doc, r->key_offset);
                amc_pos vp = amc_doc_pos(doc, r->value->offset);
                const char *lv = r->value->type == AMC_T_STRING ? r->value->u.str.ptr : "";
                amc_severity sev = AMC_SEV_ERROR;
                if (rule_code(r->key, &c) != 0) {
                    fprintf(stderr, "%s:%u:%u: \"%s\" is not a lint rule ID\n", path, kp.line + 1,
                            kp.col + 1, r->key);
                    goto out;
                }
                if (!strcmp(lv, "off")) {
                    if (add_disable(cfg, c) != 0)
                        goto out;
                    continue;
                } else if (!strcmp(lv, "error")) {
                    sev = AMC_SEV_ERROR;
                } else if (!strcmp(lv, "warning")) {
                    sev = AMC_SEV_WARNING;
                } else if (!strcmp(lv, "info") || !strcmp(lv, "note")) {
                    sev = AMC_SEV_INFO;
                } else {
                    fprintf(stderr, "%s:%u:%u: severity must be error, warning, info or off\n",
                            path, vp.line + 1, vp.col + 1);
                    goto out;
                }
                {
                    amc_lint_severity *p = realloc(cfg->sev, (cfg->n_sev + 1) * sizeof *p);
                    if (!p)
                        goto out;
                    cfg->sev = p;
                    p[cfg->n_sev].code = c;
                    p[cfg->n_sev].sev = sev;
                    cfg->n_sev++;
                }
            }
        } else {
            fprintf(stderr, "%s:%u:%u: unknown config key \"%s\" (expected disable, severity)\n",
                    path, at.line + 1, at.col + 1, m->key);
            goto out;
        }
    }
    rc = 0;
out:
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
    return rc;
}

int cli_cmd_lint_schema(int argc, char **argv)
{
    cli_format fmt = CLI_FMT_TEXT;
    bool strict = false;
    const char **files = NULL, **extra = NULL, **maps = NULL;
    const char **uris = NULL;
    amc_diags **fds = NULL;
    size_t nfiles = 0, nextra = 0, nmaps = 0, i = 0;
    const char *config = NULL;
    lint_cfg cfg;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    cli_loader *loader = NULL;
    amc_schema_set *set = NULL;
    cli_report *rep = NULL;
    size_t errors = 0, warnings = 0;
    bool io_error = false;
    int rc = CLI_EXIT_OK, a = 0;

    memset(&cfg, 0, sizeof cfg);
    files = calloc((size_t)argc, sizeof *files);
    extra = calloc((size_t)argc, sizeof *extra);
    maps = calloc((size_t)argc, sizeof *maps);
    if (!files || !extra || !maps) {
        fprintf(stderr, "amc lint-schema: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (a = 1; a < argc; a++) {
        const char *s = argv[a];
        bool has_val = a + 1 < argc;
        if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
            usage(stdout);
            goto out;
        } else if (!strcmp(s, "--disable") && has_val) {
            amc_code c = (amc_code)0;
            if (rule_code(argv[++a], &c) != 0) {
                fprintf(stderr, "amc lint-schema: '%s' is not a lint rule ID\n", argv[a]);
                rc = CLI_EXIT_ERROR;
                goto out;
            }
            if (add_disable(&cfg, c) != 0) {
                rc = CLI_EXIT_ERROR;
                goto out;
            }
        } else if (!strcmp(s, "--config") && has_val) {
            config = argv[++a];
        } else if (!strcmp(s, "--format") && has_val) {
            if (cli_parse_format(argv[++a], &fmt) != 0 ||
                (fmt != CLI_FMT_TEXT && fmt != CLI_FMT_JSON && fmt != CLI_FMT_SARIF)) {
                fprintf(stderr, "amc lint-schema: --format must be text, json or sarif\n");
                rc = CLI_EXIT_ERROR;
                goto out;
            }
        } else if (!strcmp(s, "--strict")) {
            strict = true;
        } else if (!strcmp(s, "--schema") && has_val) {
            extra[nextra++] = argv[++a];
        } else if (!strcmp(s, "--map-uri") && has_val) {
            maps[nmaps++] = argv[++a];
        } else if (s[0] == '-' && s[1] != '\0') {
            fprintf(stderr, "amc lint-schema: unknown option '%s'%s\n", s,
                    has_val ? "" : " (or missing value)");
            fprintf(stderr, "Run 'amc lint-schema --help' for usage.\n");
            rc = CLI_EXIT_ERROR;
            goto out;
        } else {
            files[nfiles++] = s;
        }
    }
    if (nfiles == 0) {
        fprintf(stderr, "amc lint-schema: no schema file given\n");
        fprintf(stderr, "Run 'amc lint-schema --help' for usage.\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    if (config && read_config(config, &cfg) != 0) {
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    amc_limits_normalize(&lim);
    loader = cli_loader_new(&lim);
    set = amc_schema_set_new(&lim);
    uris = calloc(nfiles, sizeof *uris);
    fds = calloc(nfiles, sizeof *fds);
    if (!loader || !set || !uris || !fds) {
        fprintf(stderr, "amc lint-schema: out of memory\n");
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    for (i = 0; i < nmaps; i++) {
        if (cli_loader_map(loader, maps[i]) != 0) {
            fprintf(stderr, "amc lint-schema: --map-uri wants PREFIX=DIR, got '%s'\n", maps[i]);
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    cli_loader_install(loader, set);
    for (i = 0; i < nextra; i++) {
        const char *uri = NULL;
        if (cli_schema_add_file(loader, set, extra[i], &lim, NULL, &uri) != 0) {
            rc = CLI_EXIT_ERROR;
            goto out;
        }
    }
    /* add every file first so $refs between them resolve */
    for (i = 0; i < nfiles; i++) {
        int r = 0;
        fds[i] = amc_diags_new(lim.max_diags);
        if (!fds[i]) {
            rc = CLI_EXIT_ERROR;
            goto out;
        }
        r = cli_schema_add_file(loader, set, files[i], &lim, fds[i], &uris[i]);
        if (r == -1)
            io_error = true;
    }
    rep = cli_report_new(fmt, stdout, "lint-schema");
    if (!rep) {
        rc = CLI_EXIT_ERROR;
        goto out;
    }
    cli_report_declare_rules(rep, 2300, 2399);
    for (i = 0; i < nfiles; i++) {
        amc_lint_opts opts = AMC_LINT_OPTS_DEFAULT;
        opts.disable = cfg.disable;
        opts.n_disable = cfg.n_disable;
        opts.severity = cfg.sev;
        opts.n_severity = cfg.n_sev;
        if (uris[i]) {
            amc_status st = amc_schema_lint(set, uris[i], &opts, fds[i]);
            if (st != AMC_OK) {
                fprintf(stderr, "amc lint-schema: %s: %s\n", files[i], amc_status_str(st));
                io_error = true;
            }
        } else if (amc_diags_count(fds[i]) == 0) {
            continue; /* unreadable: already reported */
        }
        errors += amc_diags_errors(fds[i]);
        warnings += amc_diags_warnings(fds[i]);
        cli_report_file(rep, files[i], fds[i]);
    }
    if (io_error)
        rc = CLI_EXIT_ERROR;
    else if (errors || (strict && warnings))
        rc = CLI_EXIT_INVALID;
out:
    cli_report_finish(rep);
    for (i = 0; fds && i < nfiles; i++)
        amc_diags_free(fds[i]);
    free(fds);
    free(uris);
    amc_schema_set_free(set);
    cli_loader_free(loader);
    free(cfg.disable);
    free(cfg.sev);
    free(files);
    free(extra);
    free(maps);
    return rc;
}
