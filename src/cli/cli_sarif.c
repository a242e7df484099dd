/*
 * cli_sarif.c - SARIF 2.1.0 output (OASIS Static Analysis Results Interchange Format), the
 * format code-scanning services (GitHub code scanning, Azure DevOps, IDE viewers) ingest.
 *
 * Shape (one run; docs/sarif.md shows an example):
 *   {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
 *    "runs": [{"tool": {"driver": {"name": "amc", "version", "semanticVersion", "rules": [...]}},
 *              "columnKind": "unicodeCodePoints", "invocations": [...], "results": [...]}]}
 * Decisions:
 *   - One rule per diagnostic code: id = the code identifier ("SCHEMA_TYPE", "LINT_..."), name
 *     = the dotted name, shortDescription = the default message, fullDescription and help = the
 *     rule's long description (lint rules) or the default message, defaultConfiguration.level
 *     from the default severity, properties.number = the numeric code. rules[] lists the codes
 *     declared with cli_sarif_declare_rules() first, then every other code in the order results
 *     first use it; ruleIndex points into it.
 *   - Levels: error -> "error", warning -> "warning", info -> "note".
 *   - Every result has one physical location: artifactLocation.uri is the path as the user gave
 *     it, percent-encoded where RFC 3986 requires ("-" is reported as "stdin"); region.startLine
 *     and startColumn are 1-based (columns count Unicode code points, hence columnKind), plus
 *     charOffset (bytes). A diagnostic without a position gets startLine 1: GitHub code scanning
 *     rejects results without a line.
 *   - The JSON Schema output locations (instanceLocation, keywordLocation,
 *     absoluteKeywordLocation) go to result.properties; instanceLocation also becomes a logical
 *     location so viewers can show it.
 *   - A diagnostic's context with a position becomes a relatedLocation; without one it is
 *     appended to the message.
 *   - informationUri is written only when the build defines AMC_HOMEPAGE_URL (the project has
 *     no canonical address yet, and SARIF requires an absolute URI there).
 */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

struct cli_sarif {
    json_object *rules;   /* array */
    json_object *results; /* array */
    int *rule_index;      /* per code-table position: index in rules + 1, 0 = absent */
};

static size_t code_slot(amc_code c)
{
    size_t i = 0;
    for (i = 0; i < AMC_CODE_COUNT; i++)
        if (amc_code_at(i) == c)
            return i;
    return (size_t)-1;
}

cli_sarif *cli_sarif_new(void)
{
    cli_sarif *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->rules = json_object_new_array();
    s->results = json_object_new_array();
    s->rule_index = calloc(AMC_CODE_COUNT + 1, sizeof *s->rule_index);
    if (!s->rules || !s->results || !s->rule_index) {
        json_object_put(s->rules);
        json_object_put(s->results);
        free(s->rule_index);
        free(s);
        return NULL;
    }
    return s;
}

static const char *level_of(amc_severity sev)
{
    switch (sev) {
    case AMC_SEV_ERROR:
        return "error";
    case AMC_SEV_WARNING:
        return "warning";
    case AMC_SEV_INFO:
        return "note";
    }
    return "error";
}

static json_object *text_obj(const char *t)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "text", json_object_new_string(t ? t : ""));
    return o;
}

/* Index of code c in rules[], adding the rule on first use. -1 if c is not in the table. */
static int rule_for(cli_sarif *s, amc_code c)
{
    size_t slot = code_slot(c);
    json_object *r = NULL, *cfg = NULL, *props = NULL;
    const char *help = NULL;
    char buf[512];
    if (slot == (size_t)-1)
        return -1;
    if (s->rule_index[slot])
        return s->rule_index[slot] - 1;
    help = amc_lint_rule_help(c);
    if (!help) {
        snprintf(buf, sizeof buf,
                 "%s (amc code %d, %s). `amc rules` and docs/codes.md list every code.",
                 amc_code_message(c), (int)c, amc_code_name(c));
        help = buf;
    }
    r = json_object_new_object();
    json_object_object_add(r, "id", json_object_new_string(amc_code_id(c)));
    json_object_object_add(r, "name", json_object_new_string(amc_code_name(c)));
    json_object_object_add(r, "shortDescription", text_obj(amc_code_message(c)));
    json_object_object_add(r, "fullDescription", text_obj(help));
    json_object_object_add(r, "help", text_obj(help));
    cfg = json_object_new_object();
    json_object_object_add(cfg, "level", json_object_new_string(level_of(amc_code_severity(c))));
    json_object_object_add(r, "defaultConfiguration", cfg);
    props = json_object_new_object();
    json_object_object_add(props, "number", json_object_new_int((int)c));
    json_object_object_add(r, "properties", props);
    json_object_array_add(s->rules, r);
    s->rule_index[slot] = (int)json_object_array_length(s->rules);
    return s->rule_index[slot] - 1;
}

void cli_sarif_declare_rules(cli_sarif *s, int lo, int hi)
{
    size_t i = 0;
    if (!s)
        return;
    for (i = 0; i < AMC_CODE_COUNT; i++) {
        amc_code c = amc_code_at(i);
        if ((int)c >= lo && (int)c <= hi)
            (void)rule_for(s, c);
    }
}

/* Percent-encodes a path as an RFC 3986 URI reference (unreserved, sub-delims, ':' '@' '/'
 * kept). A leading segment with ':' would read as a scheme: prefixed with "./". */
static json_object *path_uri(const char *file)
{
    static const char keep[] = "-._~!$&'()*+,;=:@/";
    const char *p = NULL;
    size_t n = strlen(file), i = 0, o = 0;
    char *buf = NULL;
    json_object *res = NULL;
    bool colon_first = false;
    if (!strcmp(file, "-"))
        return json_object_new_string("stdin");
    for (p = file; *p && *p != '/'; p++)
        if (*p == ':')
            colon_first = true;
    buf = malloc(n * 3 + 3);
    if (!buf) {
        cli_nomem();
        return json_object_new_string("");
    }
    if (colon_first) {
        buf[o++] = '.';
        buf[o++] = '/';
    }
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)file[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            (c && strchr(keep, c))) {
            buf[o++] = (char)c;
        } else {
            static const char hex[] = "0123456789ABCDEF";
            buf[o++] = '%';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    buf[o] = '\0';
    res = json_object_new_string(buf);
    free(buf);
    return res;
}

static json_object *physical(const char *file, amc_pos at)
{
    json_object *pl = json_object_new_object(), *art = json_object_new_object();
    json_object *region = json_object_new_object();
    json_object_object_add(art, "uri", path_uri(file));
    json_object_object_add(pl, "artifactLocation", art);
    if (at.offset != AMC_NO_OFFSET) {
        json_object_object_add(region, "startLine", json_object_new_int64((int64_t)at.line + 1));
        json_object_object_add(region, "startColumn", json_object_new_int64((int64_t)at.col + 1));
        json_object_object_add(region, "charOffset", json_object_new_int64((int64_t)at.offset));
    } else {
        json_object_object_add(region, "startLine", json_object_new_int(1));
    }
    json_object_object_add(pl, "region", region);
    return pl;
}

void cli_sarif_add_diag(cli_sarif *s, const char *file, const amc_diag *d)
{
    json_object *res = NULL, *locs = NULL, *loc = NULL, *props = NULL;
    int idx = 0;
    if (!s)
        return;
    idx = rule_for(s, d->code);
    res = json_object_new_object();
    json_object_object_add(
        res, "ruleId",
        json_object_new_string(amc_code_id(d->code) ? amc_code_id(d->code) : "UNKNOWN"));
    if (idx >= 0)
        json_object_object_add(res, "ruleIndex", json_object_new_int(idx));
    json_object_object_add(res, "level", json_object_new_string(level_of(d->sev)));
    if (d->context && d->context_at.offset == AMC_NO_OFFSET) {
        size_t n = strlen(d->message) + strlen(d->context) + 4;
        char *m = malloc(n);
        if (m) {
            snprintf(m, n, "%s (%s)", d->message, d->context);
            json_object_object_add(res, "message", text_obj(m));
            free(m);
        } else {
            json_object_object_add(res, "message", text_obj(d->message));
        }
    } else {
        json_object_object_add(res, "message", text_obj(d->message));
    }
    locs = json_object_new_array();
    loc = json_object_new_object();
    json_object_object_add(loc, "physicalLocation", physical(file, d->at));
    if (d->instance_ptr && *d->instance_ptr) {
        json_object *ll = json_object_new_array(), *l = json_object_new_object();
        json_object_object_add(l, "fullyQualifiedName", json_object_new_string(d->instance_ptr));
        json_object_array_add(ll, l);
        json_object_object_add(loc, "logicalLocations", ll);
    }
    json_object_array_add(locs, loc);
    json_object_object_add(res, "locations", locs);
    if (d->context && d->context_at.offset != AMC_NO_OFFSET) {
        json_object *rl = json_object_new_array(), *r = json_object_new_object();
        json_object_object_add(r, "id", json_object_new_int(1));
        json_object_object_add(r, "physicalLocation", physical(file, d->context_at));
        json_object_object_add(r, "message", text_obj(d->context));
        json_object_array_add(rl, r);
        json_object_object_add(res, "relatedLocations", rl);
    }
    props = json_object_new_object();
    if (d->instance_ptr)
        json_object_object_add(props, "instanceLocation", json_object_new_string(d->instance_ptr));
    if (d->keyword_ptr)
        json_object_object_add(props, "keywordLocation", json_object_new_string(d->keyword_ptr));
    if (d->schema_uri)
        json_object_object_add(props, "absoluteKeywordLocation",
                               json_object_new_string(d->schema_uri));
    if (d->rule_id)
        json_object_object_add(props, "rule", json_object_new_string(d->rule_id));
    if (d->also_code)
        json_object_object_add(props, "alsoCode",
                               json_object_new_string(amc_code_id(d->also_code)));
    if (json_object_object_length(props) > 0)
        json_object_object_add(res, "properties", props);
    else
        json_object_put(props);
    json_object_array_add(s->results, res);
}

void cli_sarif_add(cli_sarif *s, const char *file, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++)
        cli_sarif_add_diag(s, file, amc_diags_get(ds, i));
}

void cli_sarif_finish(cli_sarif *s, FILE *out, bool success)
{
    json_object *root = NULL, *runs = NULL, *run = NULL, *tool = NULL, *driver = NULL;
    json_object *inv = NULL, *invs = NULL;
    if (!s)
        return;
    root = json_object_new_object();
    json_object_object_add(root, "$schema",
                           json_object_new_string("https://json.schemastore.org/sarif-2.1.0.json"));
    json_object_object_add(root, "version", json_object_new_string("2.1.0"));
    driver = json_object_new_object();
    json_object_object_add(driver, "name", json_object_new_string("amc"));
#ifdef AMC_HOMEPAGE_URL
    json_object_object_add(driver, "informationUri", json_object_new_string(AMC_HOMEPAGE_URL));
#endif
    json_object_object_add(driver, "version", json_object_new_string(amc_version()));
    json_object_object_add(driver, "semanticVersion", json_object_new_string(amc_version()));
    json_object_object_add(driver, "rules", s->rules);
    tool = json_object_new_object();
    json_object_object_add(tool, "driver", driver);
    run = json_object_new_object();
    json_object_object_add(run, "tool", tool);
    inv = json_object_new_object();
    json_object_object_add(inv, "executionSuccessful", json_object_new_boolean(success));
    invs = json_object_new_array();
    json_object_array_add(invs, inv);
    json_object_object_add(run, "invocations", invs);
    json_object_object_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
    json_object_object_add(run, "results", s->results);
    runs = json_object_new_array();
    json_object_array_add(runs, run);
    json_object_object_add(root, "runs", runs);
    cli_json_fputs(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                            JSON_C_TO_STRING_SPACED |
                                                            JSON_C_TO_STRING_NOSLASHESCAPE),
                   out);
    fputc('\n', out);
    json_object_put(root);
    free(s->rule_index);
    free(s);
}
