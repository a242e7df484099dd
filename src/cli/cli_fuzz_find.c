/*
 * cli_fuzz_find.c - the findings of `amc fuzz`: deduplication, the out directory
 * (DIR/<id>.<ext> + DIR/findings.jsonl, one JSON object a line), `--replay DIR` and
 * `--emit-cases DIR`.
 *
 * Decisions:
 *   - A finding's signature is its kind, its class (direction of a verdict disagreement, the
 *     signal or exit status of a crash, ...) and amc's codes on the minimized input (lifecycle:
 *     the first diverging step's event name and codes). Findings already in DIR/findings.jsonl
 *     (earlier runs) are known: found again, they count for the exit status but are not
 *     written twice.
 *   - The id is the kind plus 8 hex digits of the signature's FNV-1a hash; the input keeps its
 *     extension (.json, .mime; lifecycle findings are scenario files, .json).
 *   - Lines are written as they are found (appended, flushed), so an interrupted run keeps them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli_fuzz.h"

const char *fz_kind_name(fz_kind k)
{
    switch (k) {
    case FZ_K_VERDICT:
        return "verdict";
    case FZ_K_CRASH:
        return "crash";
    case FZ_K_HANG:
        return "hang";
    case FZ_K_GARBAGE:
        return "garbage";
    case FZ_K_LIFECYCLE:
        return "lifecycle";
    case FZ_K_STATEFUL:
        return "stateful";
    }
    return "?";
}

int fz_kind_of(const char *name)
{
    int k = 0;
    for (k = FZ_K_VERDICT; k <= FZ_K_STATEFUL; k++)
        if (!strcmp(fz_kind_name((fz_kind)k), name))
            return k;
    return -1;
}

const char *fz_ext_of(const fz_opts *o)
{
    return o->lifecycle || o->stateful               ? "json"
           : fz_syntax_of(o->profile) == FZ_SYN_MIME ? "mime"
                                                     : "json";
}

static uint32_t fnv1a(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int fz_mkdirs(const char *dir)
{
    char path[4096];
    char *s = NULL;
    snprintf(path, sizeof path, "%s", dir);
    for (s = path + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

int fz_write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    int rc = 0;
    if (!f)
        return -1;
    if (len && fwrite(data, 1, len, f) != len)
        rc = -1;
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}

static int push_raw(fz_store *s, const char *sig)
{
    char *c = strdup(sig);
    if (!c) {
        cli_nomem();
        return -1;
    }
    if (s->nraw == s->capraw) {
        size_t nc = s->capraw ? s->capraw * 2 : 64;
        char **nv = realloc(s->raw, nc * sizeof *nv);
        if (!nv) {
            cli_nomem();
            free(c);
            return -1;
        }
        s->raw = nv;
        s->capraw = nc;
    }
    s->raw[s->nraw++] = c;
    return 0;
}

static bool raw_known(const fz_store *s, const char *sig)
{
    size_t i = 0;
    for (i = 0; i < s->nraw; i++)
        if (!strcmp(s->raw[i], sig))
            return true;
    return false;
}

/* Reads the signatures of DIR/findings.jsonl (earlier runs) as known. */
static void load_known(fz_store *s)
{
    char path[4096], *line = NULL;
    size_t cap = 0;
    FILE *f = NULL;
    snprintf(path, sizeof path, "%s/findings.jsonl", s->o->out);
    f = fopen(path, "r");
    if (!f)
        return;
    while (getline(&line, &cap, f) > 0) {
        json_object *o = json_tokener_parse(line), *v = NULL;
        if (o && json_object_object_get_ex(o, "signature", &v) &&
            json_object_is_type(v, json_type_string)) {
            char key[1100];
            snprintf(key, sizeof key, "old:%s", json_object_get_string(v));
            (void)push_raw(s, key);
        }
        json_object_put(o);
    }
    free(line);
    fclose(f);
}

int fz_store_init(fz_store *s, const fz_opts *o)
{
    memset(s, 0, sizeof *s);
    s->o = o;
    atomic_init(&s->full, false);
    pthread_mutex_init(&s->mu, NULL);
    if (fz_mkdirs(o->out) != 0) {
        fprintf(stderr, "amc fuzz: cannot create %s: %s\n", o->out, strerror(errno));
        return -1;
    }
    load_known(s);
    return 0;
}

bool fz_store_claim(fz_store *s, const char *sig)
{
    char key[1100];
    bool fresh = false;
    snprintf(key, sizeof key, "raw:%s", sig);
    pthread_mutex_lock(&s->mu);
    fresh = !atomic_load(&s->full) && !raw_known(s, key) && push_raw(s, key) == 0;
    pthread_mutex_unlock(&s->mu);
    return fresh;
}

void fz_finding_free(fz_finding *f)
{
    free(f->data);
    free(f->json_impl);
    free(f->json_amc);
    free(f->json_codes);
    free(f->json_extra);
    memset(f, 0, sizeof *f);
}

/* The findings.jsonl line of f. */
static char *finding_line(const fz_store *s, const fz_finding *f)
{
    cli_sb b = {NULL, 0, 0, false};
    const fz_opts *o = s->o;
    cli_sb_puts(&b, "{\"kind\":");
    cli_sb_str(&b, fz_kind_name(f->kind));
    cli_sb_puts(&b, ",\"input\":");
    cli_sb_str(&b, f->file);
    cli_sb_puts(&b, ",\"profile\":");
    cli_sb_str(&b, o->profile);
    if (f->name[0]) {
        cli_sb_puts(&b, ",\"name\":");
        cli_sb_str(&b, f->name);
    }
    cli_sb_puts(&b, ",\"impl\":");
    cli_sb_puts(&b, f->json_impl ? f->json_impl : "null");
    cli_sb_puts(&b, ",\"amc\":");
    cli_sb_puts(&b, f->json_amc ? f->json_amc : "null");
    cli_sb_puts(&b, ",\"codes\":");
    cli_sb_puts(&b, f->json_codes ? f->json_codes : "[]");
    if (f->json_extra) {
        cli_sb_puts(&b, ",");
        cli_sb_puts(&b, f->json_extra);
    }
    cli_sb_puts(&b, ",\"summary\":");
    cli_sb_str(&b, f->summary);
    cli_sb_printf(&b,
                  ",\"size\":%zu,\"original_size\":%zu,\"unit\":\"%s\",\"found_at_run\":%lu,"
                  "\"shrink_runs\":%lu",
                  f->min_size, f->orig_size, f->unit ? f->unit : "bytes", f->found_at,
                  f->shrink_runs);
    cli_sb_puts(&b, ",\"target\":{\"mode\":");
    cli_sb_str(&b, o->mode == FZ_MODE_ADAPTER ? "adapter"
                   : o->mode == FZ_MODE_EXEC  ? "exec"
                                              : "socket");
    cli_sb_puts(&b, ",\"command\":");
    cli_sb_str(&b, o->cmd);
    cli_sb_puts(&b, "},\"seed\":");
    cli_sb_printf(&b, "%llu", (unsigned long long)o->seed);
    cli_sb_puts(&b, ",\"signature\":");
    cli_sb_str(&b, f->sig);
    cli_sb_puts(&b, ",\"replay\":");
    {
        char rp[4096];
        snprintf(rp, sizeof rp, "amc fuzz --replay %s %s", o->out, o->replay_cmd);
        cli_sb_str(&b, rp);
    }
    cli_sb_puts(&b, "}\n");
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    return b.p;
}

bool fz_store_add(fz_store *s, fz_finding *f)
{
    char key[1100], path[4096];
    bool fresh = false, written = false;
    FILE *out = NULL;
    char *line = NULL;
    if (cli_nomem_seen()) /* made while out of memory: maybe by our failure, not the target's */
        return false;
    snprintf(key, sizeof key, "old:%s", f->sig);
    pthread_mutex_lock(&s->mu);
    if (raw_known(s, key)) { /* found by an earlier run, again */
        snprintf(key, sizeof key, "final:%s", f->sig);
        if (!raw_known(s, key) && push_raw(s, key) == 0) {
            s->hits++;
            s->old_hits++;
        }
        pthread_mutex_unlock(&s->mu);
        return false;
    }
    snprintf(key, sizeof key, "final:%s", f->sig);
    if (atomic_load(&s->full) || raw_known(s, key) ||
        push_raw(s, key) != 0) { /* full, or two shrinks of one finding */
        pthread_mutex_unlock(&s->mu);
        return false;
    }
    s->hits++;
    snprintf(f->id, sizeof f->id, "%s-%08x", fz_kind_name(f->kind), fnv1a(f->sig));
    snprintf(f->file, sizeof f->file, "%s.%s", f->id, f->ext[0] ? f->ext : "bin");
    snprintf(path, sizeof path, "%s/%s", s->o->out, f->file);
    out = fopen(path, "wb");
    written = out != NULL;
    if (out && f->len && fwrite(f->data, 1, f->len, out) != f->len)
        written = false;
    if (out && fclose(out) != 0)
        written = false;
    if (!written) {
        fprintf(stderr, "amc fuzz: cannot write %s: %s\n", path, strerror(errno));
        s->write_failed = true;
    }
    line = finding_line(s, f);
    if (!line)
        cli_nomem(); /* findings.jsonl lacks the line: exit 2 at the end */
    snprintf(path, sizeof path, "%s/findings.jsonl", s->o->out);
    out = line ? fopen(path, "a") : NULL;
    if (line && (!out || fputs(line, out) < 0 || fclose(out) != 0)) {
        fprintf(stderr, "amc fuzz: cannot write %s: %s\n", path, strerror(errno));
        s->write_failed = true;
    }
    free(line);
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 16;
        fz_finding *nv = realloc(s->v, nc * sizeof *nv);
        if (nv) {
            s->v = nv;
            s->cap = nc;
        } else {
            cli_nomem();
        }
    }
    if (s->n < s->cap) {
        s->v[s->n++] = *f;
        memset(f, 0, sizeof *f);
        fresh = true;
    }
    if (s->o->max_findings > 0 && s->n >= (size_t)s->o->max_findings)
        atomic_store(&s->full, true);
    pthread_mutex_unlock(&s->mu);
    return fresh;
}

int fz_store_status(fz_store *s, int rc)
{
    bool failed = false;
    pthread_mutex_lock(&s->mu);
    failed = s->write_failed;
    pthread_mutex_unlock(&s->mu);
    return failed && (rc == CLI_EXIT_OK || rc == CLI_EXIT_INVALID) ? CLI_EXIT_ERROR : rc;
}

void fz_store_write_failed(fz_store *s)
{
    pthread_mutex_lock(&s->mu);
    s->write_failed = true;
    pthread_mutex_unlock(&s->mu);
}

void fz_store_free(fz_store *s)
{
    size_t i = 0;
    for (i = 0; i < s->n; i++)
        fz_finding_free(&s->v[i]);
    free(s->v);
    for (i = 0; i < s->nraw; i++)
        free(s->raw[i]);
    free(s->raw);
    pthread_mutex_destroy(&s->mu);
}

/* ---- reading findings.jsonl back ---- */

const char *fz_jstr(json_object *o, const char *key)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* The lines of DIR/findings.jsonl as json-c objects (an array), NULL with a message. */
json_object *fz_read_findings(const char *dir)
{
    char path[4096], *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    FILE *f = NULL;
    json_object *arr = NULL;
    snprintf(path, sizeof path, "%s/findings.jsonl", dir);
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "amc fuzz: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    arr = json_object_new_array();
    while (getline(&line, &cap, f) > 0) {
        json_object *o = NULL;
        lineno++;
        if (line[strspn(line, " \t\r\n")] == '\0')
            continue;
        o = json_tokener_parse(line);
        if (!o || !json_object_is_type(o, json_type_object) || !fz_jstr(o, "kind") ||
            fz_kind_of(fz_jstr(o, "kind")) < 0 || !fz_jstr(o, "input") || !fz_jstr(o, "profile")) {
            fprintf(stderr, "amc fuzz: %s:%ld: not a finding line\n", path, lineno);
            json_object_put(o);
            json_object_put(arr);
            arr = NULL;
            break;
        }
        json_object_array_add(arr, o);
    }
    free(line);
    fclose(f);
    return arr;
}

/* ---- --emit-cases ---- */

/* The rule a passing case of a valid input is about: the profile's first MUST message rule
 * whose code amc did not report. */
static const amc_rule *passing_rule(const char *profile, const char *codes)
{
    size_t i = 0;
    for (i = 0; i < amc_rule_count(); i++) {
        const amc_rule *r = amc_rule_at(i);
        if (strcmp(r->profile, profile) || strstr(r->id, "-LC-") || strstr(r->id, "-WS-") ||
            strstr(r->id, "-LIVE-") || r->level != AMC_RULE_MUST)
            continue;
        if (!fz_has_code(codes, amc_code_id(r->code)))
            return r;
    }
    return NULL;
}

static int write_file(const char *path, const char *data, size_t len)
{
    char dir[4096];
    char *s = NULL;
    FILE *f = NULL;
    snprintf(dir, sizeof dir, "%s", path);
    s = strrchr(dir, '/');
    if (s) {
        *s = '\0';
        if (fz_mkdirs(dir) != 0)
            return -1;
    }
    f = fopen(path, "wb");
    if (!f)
        return -1;
    if (len)
        fwrite(data, 1, len, f);
    return fclose(f) == 0 ? 0 : -1;
}

/* One message finding as a case of emit/<profile>/cases.json (into arr), its input copied. */
static int emit_message(const char *dir, const char *emit, json_object *fo, json_object *arr)
{
    const char *profile = fz_jstr(fo, "profile"), *input = fz_jstr(fo, "input");
    const char *name = fz_jstr(fo, "name"), *summary = fz_jstr(fo, "summary");
    json_object *amc = NULL, *c = json_object_new_object(), *codes = json_object_new_array();
    json_object *tags = json_object_new_array(), *v = NULL;
    char src[4096], dst[4096], rel[2048], id[128], *buf = NULL, all[2048] = " ";
    const amc_rule *rule = NULL;
    bool valid = false;
    size_t len = 0, i = 0;
    snprintf(id, sizeof id, "fuzz-%.*s", (int)(strcspn(input, ".")), input);
    json_object_object_get_ex(fo, "amc", &amc);
    valid = amc && json_object_object_get_ex(amc, "verdict", &v) &&
            !strcmp(json_object_get_string(v), "valid");
    if (amc && json_object_object_get_ex(amc, "codes", &v))
        for (i = 0; i < json_object_array_length(v); i++) {
            const char *cid = json_object_get_string(json_object_array_get_idx(v, i));
            strncat(all, cid, sizeof all - strlen(all) - 2);
            strncat(all, " ", sizeof all - strlen(all) - 1);
            if (amc_code_severity(amc_code_lookup(cid)) == AMC_SEV_ERROR)
                json_object_array_add(codes, json_object_new_string(cid));
        }
    if (!valid && amc && fz_jstr(amc, "rule"))
        rule = amc_rule_find(fz_jstr(amc, "rule"));
    if (!rule)
        rule = passing_rule(profile, all);
    snprintf(rel, sizeof rel, "inputs/%.60s/%s", id, name ? name : input);
    snprintf(src, sizeof src, "%s/%s", dir, input);
    snprintf(dst, sizeof dst, "%s/%s/%s", emit, profile, rel);
    if (cli_read_file(src, (size_t)1 << 30, &buf, &len) != 0 || write_file(dst, buf, len) != 0) {
        fprintf(stderr, "amc fuzz: --emit-cases: cannot copy %s to %s\n", src, dst);
        free(buf);
        json_object_put(c);
        json_object_put(codes);
        json_object_put(tags);
        return -1;
    }
    free(buf);
    json_object_object_add(c, "id", json_object_new_string(id));
    json_object_object_add(c, "description",
                           json_object_new_string(summary ? summary : "found by amc fuzz"));
    json_object_object_add(c, "rule", json_object_new_string(rule ? rule->id : "?"));
    json_object_object_add(c, "level",
                           json_object_new_string(rule ? amc_rule_level_str(rule->level) : "MUST"));
    json_object_array_add(tags, json_object_new_string("fuzz"));
    json_object_array_add(tags, json_object_new_string(fz_jstr(fo, "kind")));
    json_object_object_add(c, "tags", tags);
    json_object_object_add(c, "input", json_object_new_string(rel));
    json_object_object_add(c, "verdict", json_object_new_string(valid ? "valid" : "invalid"));
    json_object_object_add(c, "codes", codes);
    json_object_array_add(arr, c);
    return 0;
}

static int write_json(const char *path, json_object *o)
{
    const char *s = json_object_to_json_string_ext(
        o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
    char *t = malloc(strlen(s) + 2);
    int rc = 0;
    if (!t)
        return -1;
    sprintf(t, "%s\n", s);
    rc = write_file(path, t, strlen(t));
    free(t);
    return rc;
}

/* A copy of path without its trailing slashes ("/" stays "/"): "regress/" gives "regress", so
 * the paths written and printed below it have no "//". NULL: out of memory. */
static char *no_trailing_slash(const char *path)
{
    size_t len = strlen(path);
    char *c = NULL;
    while (len > 1 && path[len - 1] == '/')
        len--;
    c = malloc(len + 1);
    if (c) {
        memcpy(c, path, len);
        c[len] = '\0';
    }
    return c;
}

static int emit_cases(const char *dir, const char *emit);

int fz_emit_cases(const fz_opts *o, const char *dir0, const char *emit0)
{
    char *dir = no_trailing_slash(dir0), *emit = no_trailing_slash(emit0);
    int rc = dir && emit ? emit_cases(dir, emit) : -1;
    (void)o;
    free(dir);
    free(emit);
    return rc;
}

static int emit_cases(const char *dir, const char *emit)
{
    json_object *lines = fz_read_findings(dir), *cases = NULL;
    char path[4096];
    const char *profile = NULL;
    size_t i = 0, nmsg = 0, nlc = 0;
    int rc = 0;
    if (!lines)
        return -1;
    cases = json_object_new_array();
    for (i = 0; i < json_object_array_length(lines) && rc == 0; i++) {
        json_object *fo = json_object_array_get_idx(lines, i);
        int k = fz_kind_of(fz_jstr(fo, "kind"));
        if (profile && strcmp(profile, fz_jstr(fo, "profile"))) {
            fprintf(stderr, "amc fuzz: --emit-cases: findings of several profiles in %s\n", dir);
            rc = -1;
            break;
        }
        profile = fz_jstr(fo, "profile");
        if (k == FZ_K_LIFECYCLE) {
            rc = fz_emit_scenario(dir, emit, fo);
            nlc++;
        } else if (k == FZ_K_STATEFUL) {
            rc = fz_emit_session(dir, emit, fo, cases);
            nmsg++;
        } else {
            rc = emit_message(dir, emit, fo, cases);
            nmsg++;
        }
    }
    if (rc == 0 && profile) {
        snprintf(path, sizeof path, "%s/%s/cases.json", emit, profile);
        rc = write_json(path, cases);
        if (rc == 0)
            printf("amc fuzz: wrote %zu case(s) and %zu scenario(s) under %s/%s (run them with: "
                   "amc conform --suite %s --impl CMD)\n",
                   nmsg, nlc, emit, profile, emit);
        else
            fprintf(stderr, "amc fuzz: --emit-cases: cannot write %s: %s\n", path, strerror(errno));
    } else if (rc == 0) {
        printf("amc fuzz: no findings in %s: no cases written\n", dir);
    }
    json_object_put(cases);
    json_object_put(lines);
    return rc;
}
