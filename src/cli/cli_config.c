/*
 * cli_config.c - per-rule settings: the config file loader, .amc.yaml discovery and the
 * diagnostics filter (cli_config.h has the format and the decisions).
 */
#include "cli_config.h"
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

const char *cli_config_check_id(const char *id)
{
    if (amc_rule_find(id) || amc_code_lookup(id))
        return NULL;
    return "is not a rule ID or code (amc rules lists them)";
}

static int add_setting(cli_config *cfg, const char *id, int level)
{
    cli_rule_setting *p = NULL;
    const amc_rule *r = amc_rule_find(id);
    amc_code c = r ? (amc_code)0 : amc_code_lookup(id);
    if (!r && !c)
        return -1;
    p = realloc(cfg->rules, (cfg->n_rules + 1) * sizeof *p);
    if (!p)
        return -2;
    cfg->rules = p;
    p = &cfg->rules[cfg->n_rules];
    p->id = xstrdup(id);
    if (!p->id)
        return -2;
    p->code = c;
    p->rule_id = r ? r->id : NULL;
    p->level = level;
    cfg->n_rules++;
    return 0;
}

int cli_config_disable(cli_config *cfg, const char *id)
{
    return add_setting(cfg, id, CLI_LEVEL_OFF) == 0 ? 0 : -1;
}

int cli_config_level(const cli_config *cfg, amc_code code, const char *rule_id, int dflt)
{
    size_t i = 0;
    int by_code = dflt, by_rule = dflt;
    bool rule_set = false;
    /* later settings win (--disable after the file); a rule id beats a code */
    for (i = 0; cfg && i < cfg->n_rules; i++) {
        const cli_rule_setting *s = &cfg->rules[i];
        if (s->rule_id) {
            if (rule_id && !strcmp(s->rule_id, rule_id)) {
                by_rule = s->level;
                rule_set = true;
            }
        } else if (s->code == code) {
            by_code = s->level;
        }
    }
    return rule_set ? by_rule : by_code;
}

static bool filter(amc_diag *d, void *ud)
{
    int lv = cli_config_level(ud, d->code, d->rule_id, (int)d->sev);
    if (lv == CLI_LEVEL_OFF)
        return false;
    d->sev = (amc_severity)lv;
    return true;
}

void cli_config_install(const cli_config *cfg, amc_diags *ds)
{
    if (cfg && cfg->n_rules && ds)
        amc_diags_set_filter(ds, filter, (void *)(uintptr_t)cfg);
}

void cli_config_free(cli_config *cfg)
{
    size_t i = 0;
    for (i = 0; i < cfg->n_rules; i++)
        free(cfg->rules[i].id);
    free(cfg->rules);
    for (i = 0; i < cfg->n_known_formats; i++)
        free(cfg->known_formats[i]);
    free(cfg->known_formats);
    free(cfg->path);
    free(cfg->profile);
    free(cfg->policy);
    free(cfg->format);
    memset(cfg, 0, sizeof *cfg);
}

/* ---- discovery ---- */

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

char *cli_config_discover(void)
{
    char dir[PATH_MAX + 16], probe[PATH_MAX + 32];
    size_t n = 0;
    if (!getcwd(dir, PATH_MAX))
        return NULL;
    for (;;) {
        snprintf(probe, sizeof probe, "%s%s.amc.yaml", dir, strcmp(dir, "/") ? "/" : "");
        if (exists(probe)) {
            char *found = xstrdup(probe);
            if (!found)
                cli_nomem(); /* run without it, then exit 2: the settings were not applied */
            return found;
        }
        snprintf(probe, sizeof probe, "%s%s.git", dir, strcmp(dir, "/") ? "/" : "");
        if (exists(probe) || !strcmp(dir, "/"))
            return NULL; /* the repository's root (or the filesystem's) ends the search */
        n = strlen(dir);
        while (n > 1 && dir[n - 1] != '/')
            n--;
        dir[n > 1 ? n - 1 : 1] = '\0';
    }
}

/* ---- the file ---- */

static const struct {
    const char *name;
    int level;
} levels[] = {{"off", CLI_LEVEL_OFF},
              {"error", AMC_SEV_ERROR},
              {"warning", AMC_SEV_WARNING},
              {"info", AMC_SEV_INFO},
              {"note", AMC_SEV_INFO}};

/* The config file as messages name it: "-" (--config -) is standard input. */
static const char *shown(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

/* "FILE:LINE:COL: " + printf(fmt, arg) on stderr. */
static void at(const char *path, const amc_doc *doc, size_t off, const char *fmt, const char *arg)
    __attribute__((format(printf, 4, 0)));
static void at(const char *path, const amc_doc *doc, size_t off, const char *fmt, const char *arg)
{
    amc_pos p = amc_doc_pos(doc, off);
    fprintf(stderr, "%s:%u:%u: ", shown(path), p.line + 1, p.col + 1);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    fprintf(stderr, fmt, arg);
#pragma GCC diagnostic pop
    fputc('\n', stderr);
}

static int setting(cli_config *cfg, const char *path, const amc_doc *doc, const char *id,
                   size_t id_off, const amc_value *lv)
{
    size_t k = 0;
    int rc = 0;
    const char *s = lv && lv->type == AMC_T_STRING ? lv->u.str.ptr : "";
    for (k = 0; lv && k < sizeof levels / sizeof levels[0] && strcmp(s, levels[k].name); k++)
        ;
    if (lv && k == sizeof levels / sizeof levels[0]) {
        at(path, doc, lv->offset, "%slevel must be off, info, warning or error", "");
        return -1;
    }
    rc = add_setting(cfg, id, lv ? levels[k].level : CLI_LEVEL_OFF);
    if (rc == -1)
        at(path, doc, id_off, "\"%s\" is not a rule ID or code (amc rules lists them)", id);
    else if (rc == -2)
        fprintf(stderr, "amc: out of memory\n");
    return rc ? -1 : 0;
}

static int str_key(char **out, const char *path, const amc_doc *doc, const amc_member *m,
                   const char *dir)
{
    size_t n = 0;
    if (m->value->type != AMC_T_STRING || !m->value->u.str.len) {
        at(path, doc, m->value->offset, "\"%s\" must be a non-empty string", m->key);
        return -1;
    }
    free(*out);
    n = strlen(dir) + m->value->u.str.len + 2;
    *out = malloc(n);
    if (!*out) {
        fprintf(stderr, "amc: out of memory\n"); /* was exit 2 without a word */
        return -1;
    }
    if (dir && *dir && m->value->u.str.ptr[0] != '/')
        snprintf(*out, n, "%s/%s", dir, m->value->u.str.ptr);
    else
        snprintf(*out, n, "%s", m->value->u.str.ptr);
    return 0;
}

/* known-formats: a list of format names (lint-schema does not report them as unknown). */
static int known_formats(cli_config *cfg, const char *path, const amc_doc *doc, const amc_member *m)
{
    const amc_value *v = m->value;
    size_t j = 0;
    char **p = NULL;
    if (v->type != AMC_T_ARRAY) {
        at(path, doc, m->key_offset, "\"%s\" must be a list of format names", m->key);
        return -1;
    }
    for (j = 0; j < v->u.arr.len; j++) {
        const amc_value *it = v->u.arr.items[j];
        if (it->type != AMC_T_STRING || it->u.str.len == 0) {
            at(path, doc, it->offset, "%sthe value is not a format name", "");
            return -1;
        }
        p = realloc(cfg->known_formats, (cfg->n_known_formats + 1) * sizeof *p);
        if (!p) {
            fprintf(stderr, "amc: out of memory\n"); /* was exit 2 without a word */
            return -1;
        }
        cfg->known_formats = p;
        p[cfg->n_known_formats] = strdup(it->u.str.ptr);
        if (!p[cfg->n_known_formats]) {
            fprintf(stderr, "amc: out of memory\n");
            return -1;
        }
        cfg->n_known_formats++;
    }
    return 0;
}

static int members(cli_config *cfg, const char *cmd, const char *path, const amc_doc *doc)
{
    const amc_value *root = amc_doc_root(doc);
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    size_t i = 0, j = 0;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 0, path);
    if (slash == path)
        snprintf(dir, sizeof dir, "/");
    if (root->type == AMC_T_NULL)
        return 0; /* an empty YAML file */
    if (root->type != AMC_T_OBJECT) {
        fprintf(stderr, "amc %s: %s: the config must be a mapping\n", cmd, shown(path));
        return -1;
    }
    for (i = 0; i < root->u.obj.len; i++) {
        const amc_member *m = &root->u.obj.members[i];
        const amc_value *v = m->value;
        if (!strcmp(m->key, "rules") || !strcmp(m->key, "severity")) {
            if (v->type == AMC_T_NULL)
                continue;
            if (v->type != AMC_T_OBJECT) {
                at(path, doc, m->key_offset, "\"%s\" must map rule IDs to levels", m->key);
                return -1;
            }
            for (j = 0; j < v->u.obj.len; j++)
                if (setting(cfg, path, doc, v->u.obj.members[j].key, v->u.obj.members[j].key_offset,
                            v->u.obj.members[j].value) != 0)
                    return -1;
        } else if (!strcmp(m->key, "disable")) {
            if (v->type != AMC_T_ARRAY) {
                at(path, doc, m->key_offset, "\"%s\" must be a list of rule IDs", m->key);
                return -1;
            }
            for (j = 0; j < v->u.arr.len; j++) {
                const amc_value *it = v->u.arr.items[j];
                if (it->type != AMC_T_STRING) {
                    at(path, doc, it->offset, "%sthe value is not a rule ID or code", "");
                    return -1;
                }
                if (setting(cfg, path, doc, it->u.str.ptr, it->offset, NULL) != 0)
                    return -1;
            }
        } else if (!strcmp(m->key, "profile")) {
            if (str_key(&cfg->profile, path, doc, m, "") != 0)
                return -1;
        } else if (!strcmp(m->key, "policy")) {
            if (str_key(&cfg->policy, path, doc, m, dir) != 0)
                return -1;
        } else if (!strcmp(m->key, "format")) {
            if (str_key(&cfg->format, path, doc, m, "") != 0)
                return -1;
        } else if (!strcmp(m->key, "known-formats")) {
            if (known_formats(cfg, path, doc, m) != 0)
                return -1;
        } else {
            at(path, doc, m->key_offset,
               "unknown config key \"%s\" (expected rules, profile, policy, format, disable, "
               "severity, known-formats)",
               m->key);
            return -1;
        }
    }
    return 0;
}

static int read_file(cli_config *cfg, const char *cmd, const char *path)
{
    char *buf = NULL;
    size_t len = 0, i = 0;
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    amc_status st = AMC_OK;
    const char *dot = strrchr(path, '.');
    bool json = dot && !strcmp(dot, ".json");
    int rc = -1;
    if (!ds) {
        fprintf(stderr, "amc %s: out of memory\n", cmd);
        goto out;
    }
    if (cli_read_file(path, (size_t)1 << 20, &buf, &len) != 0) {
        fprintf(stderr, "amc %s: %s: cannot read the config file (at most 1 MiB)\n", cmd, path);
        goto out;
    }
    st = json ? amc_json_read(buf, len, &lim, ds, &doc) : amc_yaml_read(buf, len, &lim, ds, &doc);
    if (st == AMC_ENOMEM) {
        fprintf(stderr, "amc %s: out of memory\n", cmd);
        goto out;
    }
    if (doc == NULL && st == AMC_EINVALID && !json && amc_diags_count(ds) == 1 &&
        amc_diags_get(ds, 0)->code == AMC_C_EMPTY_INPUT) {
        rc = 0; /* a YAML config with nothing in it (only comments, say): no settings */
        goto out;
    }
    /* errors only: "off" in a YAML 1.1 reader is a boolean, but this reader is YAML 1.2 */
    for (i = 0; i < amc_diags_count(ds); i++)
        if (amc_diags_get(ds, i)->sev == AMC_SEV_ERROR)
            cli_print_diag_text(stderr, path, amc_diags_get(ds, i), false);
    if (st == AMC_OK)
        rc = members(cfg, cmd, path, doc);
out:
    amc_doc_free(doc);
    amc_diags_free(ds);
    free(buf);
    return rc;
}

int cli_config_load(const char *cmd, const char *file, bool no_config, cli_config *cfg)
{
    const char *env = getenv("AMC_NO_CONFIG");
    char *found = NULL;
    memset(cfg, 0, sizeof *cfg);
    if (file)
        found = xstrdup(file);
    else if (!no_config && !(env && !strcmp(env, "1")))
        found = cli_config_discover();
    if (!found && file)
        fprintf(stderr, "amc %s: out of memory\n", cmd);
    if (!found)
        return file ? -1 : 0;
    cfg->path = found;
    return read_file(cfg, cmd, found);
}
