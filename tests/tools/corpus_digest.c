/*
 * corpus_digest.c - the readers' exact results over the fuzz corpora, pinned (ctest
 * cli.lead_corpus_digest; issue 22: tests that catch regressions).
 *
 * usage: corpus_digest SOURCE_DIR GOLDEN [--write] [--dump SURFACE/FILE]
 *
 * For each reader corpus (corpus/json_read, yaml_read, mime_read, date, jcs: the committed fuzz
 * inputs, 600-odd files found by libFuzzer to reach distinct code), every file minus its first
 * byte (the harnesses' configuration byte) is read with the default limits, and the result
 * goes into one FNV-1a-64 digest per corpus: the status; every diagnostic (code, severity,
 * offset, line, column, message); for JSON and YAML the document as JSON text
 * (amc_value_to_json, indent 0); for MIME every field (name, value, offsets), the body's
 * offset and length and the line ending; for dates the result code, warning and Unix time of
 * the RFC 3339 date-time, date and time readers and the RFC 5322 reader; for jcs the JSON
 * reader's status and amc_jcs_write()'s status and canonical text; for the five profile
 * corpora (corpus/profile_*) a stateless validator of the profile (no policy, no clock, a path
 * of the profile's kind): the status, every diagnostic and its rule; for corpus/trace (byte 0
 * picks the lifecycle model, as fuzz_trace does) every line's status and transition, the end
 * and the final state; for corpus/conform_reply (bytes 0 and 1: request type and seq, as
 * fuzz_conform_reply) the reply parser's status and every field it read; for
 * corpus/schema_compile the whole file as a schema: add, compile and lint, their statuses and
 * diagnostics; for corpus/schema_validate (fuzz_schema_validate's framing) the schema compiled
 * and the instance validated with every error; for corpus/regex (fuzz_regex's framing) a
 * pattern's compile result, error text, portability note and search results, or a string's
 * answer from every format checker; for corpus/conform_diff (fuzz_conform_diff's framing) the
 * profile's validator at the path "fuzz". GOLDEN holds a line
 * "SURFACE DIGEST FILES DIAGNOSTICS" per corpus. A corpus whose line differs fails the run and
 * is named; --dump prints one file's results, and --write rewrites GOLDEN after a meant change
 * (review it with --dump against the old binary first). The fuzz replays check properties
 * (no crash, positions in range, round trips); this checks the answers themselves.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "amc/amc.h"
#include "amc/conform.h"
#include "amc/date.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "amc/mime.h"
#include "amc/profile.h"
#include "amc/schema.h"
#include "amc/lint.h"
#include "amc/yaml.h"
#include "core/utf8_int.h"
#include "schema/format_int.h"
#include "schema/regex_int.h"
#include "../unit/fnv.h"

static amc_validator *vs[5]; /* one per profile, reused (schemas compile once) */

typedef struct digest {
    unsigned long long h;
    size_t files, diags;
    FILE *dump;
} digest;

static void mix(digest *d, const void *p, size_t n)
{
    d->h = fnv1a_field(d->h, p, n);
}

static void mix_num(digest *d, unsigned long long v)
{
    mix(d, &v, sizeof v);
    if (d->dump)
        fprintf(d->dump, " %llu", v);
}

static void mix_text(digest *d, const char *s, size_t n)
{
    mix(d, s ? s : "", s ? n : 0);
    if (d->dump)
        fprintf(d->dump, " [%.*s]", (int)(n > 300 ? 300 : n), s ? s : "(null)");
}

static void mix_diags(digest *d, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *g = amc_diags_get(ds, i);
        if (d->dump)
            fprintf(d->dump, "\n  diag");
        mix_text(d, amc_code_id(g->code), strlen(amc_code_id(g->code)));
        mix_num(d, (unsigned long long)g->sev);
        mix_num(d, (unsigned long long)g->at.offset);
        mix_num(d, g->at.line);
        mix_num(d, g->at.col);
        mix_text(d, g->message, strlen(g->message));
        d->diags++;
    }
}

static void mix_doc(digest *d, amc_status st, const amc_doc *doc)
{
    mix_num(d, (unsigned long long)st);
    if (st == AMC_OK && doc) {
        size_t n = 0;
        char *j = amc_value_to_json(amc_doc_root(doc), 0, &n);
        if (d->dump)
            fprintf(d->dump, "\n  doc");
        mix_text(d, j, j ? n : 0);
        amc_free(j);
    }
}

static void one(const char *surface, const char *buf, size_t len, digest *d)
{
    amc_diags *ds = amc_diags_new(0);
    if (!ds) {
        fprintf(stderr, "corpus_digest: out of memory\n");
        exit(2);
    }
    if (!strcmp(surface, "json_read") || !strcmp(surface, "yaml_read")) {
        amc_doc *doc = NULL;
        amc_status st = surface[0] == 'j' ? amc_json_read(buf, len, NULL, ds, &doc)
                                          : amc_yaml_read(buf, len, NULL, ds, &doc);
        mix_doc(d, st, doc);
        amc_doc_free(doc);
    } else if (!strcmp(surface, "jcs")) {
        amc_doc *doc = NULL;
        amc_status st = amc_json_read(buf, len, NULL, ds, &doc);
        mix_num(d, (unsigned long long)st);
        if (st == AMC_OK) {
            char *out = NULL;
            size_t n = 0;
            st = amc_jcs_write(amc_doc_root(doc), ds, &out, &n);
            mix_num(d, (unsigned long long)st);
            if (d->dump)
                fprintf(d->dump, "\n  jcs");
            mix_text(d, out, out ? n : 0);
            amc_free(out);
        }
        amc_doc_free(doc);
    } else if (!strcmp(surface, "schema_compile") || !strcmp(surface, "schema_validate")) {
        /* schema_compile: the file is a schema (its first byte is not skipped: see run());
           schema_validate: a 4-byte little-endian length n, n bytes of schema, the instance */
        const char *sch = buf - 1, *inst = NULL;
        size_t slen = len + 1, ilen = 0;
        amc_schema_set *set = amc_schema_set_new(NULL);
        const char *uri = NULL;
        const amc_schema *cs = NULL;
        amc_status st = AMC_OK;
        if (!set) {
            fprintf(stderr, "corpus_digest: out of memory\n");
            exit(2);
        }
        if (surface[7] == 'v') {
            const unsigned char *u = (const unsigned char *)buf - 1;
            size_t n = slen < 4 ? 0
                                : (size_t)u[0] | (size_t)u[1] << 8 | (size_t)u[2] << 16 |
                                      (size_t)u[3] << 24;
            if (slen < 4 || n > slen - 4) {
                mix_num(d, 1000); /* malformed framing */
                amc_schema_set_free(set);
                mix_diags(d, ds);
                amc_diags_free(ds);
                d->files++;
                return;
            }
            sch = buf + 3;
            inst = sch + n;
            ilen = slen - 4 - n;
            slen = n;
        }
        st = amc_schema_set_add(set, NULL, sch, slen, ds, &uri);
        if (st == AMC_OK)
            st = amc_schema_compile(set, uri, ds, &cs);
        mix_num(d, (unsigned long long)st);
        if (st == AMC_OK && inst) {
            amc_doc *doc = NULL;
            amc_validate_opts o = AMC_VALIDATE_OPTS_DEFAULT;
            bool valid = false;
            st = amc_json_read(inst, ilen, NULL, ds, &doc);
            mix_num(d, (unsigned long long)st);
            if (st == AMC_OK) {
                o.all_errors = true;
                mix_num(d, (unsigned long long)amc_schema_validate(cs, amc_doc_root(doc), doc, &o,
                                                                   ds, &valid));
                mix_num(d, valid);
            }
            amc_doc_free(doc);
        } else if (uri && !inst) {
            mix_num(d, (unsigned long long)amc_schema_lint(set, uri, NULL, ds));
        }
        amc_schema_set_free(set);
    } else if (!strcmp(surface, "regex")) { /* fuzz_regex's framing: byte 0 % 3 picks */
        static const char *const formats[] = {"date",          "date-time",
                                              "duration",      "email",
                                              "hostname",      "idn-email",
                                              "idn-hostname",  "ipv4",
                                              "ipv6",          "iri",
                                              "iri-reference", "json-pointer",
                                              "regex",         "relative-json-pointer",
                                              "time",          "uri",
                                              "uri-reference", "uri-template",
                                              "uuid"};
        int mode = (unsigned char)buf[-1] % 3;
        mix_num(d, (unsigned long long)mode);
        if (mode == 0 && len >= 1) { /* limit byte, pattern 0xFF subject */
            const char *p = buf + 1, *sep = memchr(p, 0xFF, len - 1);
            size_t plen = sep ? (size_t)(sep - p) : len - 1;
            const char *subj = sep ? sep + 1 : "";
            size_t sl = sep ? len - 1 - plen - 1 : 0;
            char err[128];
            const char *why = amc_regex_portability(p, plen, NULL);
            amc_regex *re = NULL;
            err[0] = '\0';
            re = amc_regex_compile(p, plen, 1000u + 200u * (unsigned char)buf[0], err, sizeof err);
            mix_num(d, re != NULL);
            mix_text(d, err, re ? 0 : strlen(err));
            mix_text(d, why, why ? strlen(why) : 0);
            if (re && amc_utf8_validate(subj, sl) == sl) {
                mix_num(d, (unsigned long long)(amc_regex_search(re, subj, sl) + 1));
                mix_num(d, (unsigned long long)(amc_regex_search(re, "", 0) + 1));
            }
            amc_regex_free(re);
        } else if (mode == 1 && amc_utf8_validate(buf, len) == len) { /* every format */
            size_t f = 0;
            for (f = 0; f < sizeof formats / sizeof formats[0]; f++)
                mix_num(d, (unsigned long long)(amc_format_check(formats[f], buf, len) + 1));
        }
    } else if (!strcmp(surface, "trace")) { /* fuzz_trace's framing: byte 0 picks the model */
        amc_lifecycle_opts o;
        amc_lifecycle *lc = NULL;
        size_t n = amc_lifecycle_model_count(), off = 0, slen = 0;
        char *state = NULL;
        memset(&o, 0, sizeof o);
        o.profile = amc_lifecycle_model_at((unsigned char)buf[-1] % n);
        if (amc_lifecycle_new(&o, ds, &lc) != AMC_OK) {
            fprintf(stderr, "corpus_digest: no lifecycle model %s\n", o.profile);
            exit(2);
        }
        mix_text(d, o.profile, strlen(o.profile));
        while (off < len) {
            const char *nl = memchr(buf + off, '\n', len - off);
            size_t end = nl ? (size_t)(nl - buf) : len;
            mix_num(d, (unsigned long long)amc_lifecycle_apply(lc, buf + off, end - off, ds));
            mix_num(d, (unsigned long long)amc_lifecycle_last_transition(lc));
            off = end + 1;
        }
        mix_num(d, (unsigned long long)amc_lifecycle_finish(lc, ds));
        if (amc_lifecycle_state(lc, &state, &slen) == AMC_OK) {
            if (d->dump)
                fprintf(d->dump, "\n  state");
            mix_text(d, state, slen);
        }
        amc_free(state);
        amc_lifecycle_free(lc);
    } else if (!strcmp(surface, "conform_reply")) { /* byte 0: the request, byte 1: the seq */
        static const char *const ops[] = {"hello", "validate", "lifecycle", "reset", "stop"};
        amc_conform_reply *r = NULL;
        amc_status st = AMC_OK;
        size_t i = 0;
        if (len >= 1) {
            st = amc_conform_reply_parse(buf + 1, len - 1, ops[(unsigned char)buf[-1] % 5],
                                         (unsigned char)buf[0], ds, &r);
            mix_num(d, (unsigned long long)st);
        }
        if (r) {
            if (d->dump)
                fprintf(d->dump, "\n  reply");
            mix_num(d, (unsigned long long)r->kind);
            mix_num(d, r->valid);
            mix_num(d, r->has_codes);
            mix_num(d, (unsigned long long)r->protocol);
            mix_text(d, r->text, r->text ? strlen(r->text) : 0);
            mix_text(d, r->name, r->name ? strlen(r->name) : 0);
            mix_text(d, r->version, r->version ? strlen(r->version) : 0);
            for (i = 0; i < r->ncodes; i++)
                mix_text(d, r->codes[i], strlen(r->codes[i]));
            for (i = 0; i < r->nprofiles; i++)
                mix_text(d, r->profiles[i], strlen(r->profiles[i]));
            for (i = 0; i < r->ncapabilities; i++)
                mix_text(d, r->capabilities[i], strlen(r->capabilities[i]));
            mix_num(d, r->states ? (unsigned long long)r->states->u.arr.len : 99999);
            mix_num(d, r->final != NULL);
        }
        amc_conform_reply_free(r);
    } else if (!strncmp(surface, "profile_", 8) || !strcmp(surface, "conform_diff")) {
        /* a stateless validator of the profile, no policy, no clock; a path of the profile's
           own kind (ignite: a queue file; mailbox: an inbox); conform_diff (fuzz_conform_diff's
           framing): byte 0 picks the profile (ignite, mailbox, discussion, socket, acp), the
           path is "fuzz" */
        static const char *const names[] = {"acp", "discussion", "ignite", "mailbox", "socket"};
        static const char *const paths[] = {"inbox/b/MSG-2025-08-25-001.json", "d.json",
                                            "queue/tasks/t.mime", "inbox/orchestrator/m.json",
                                            "m.json"};
        static const size_t diff_order[] = {2, 3, 1, 4, 0};
        bool diff = surface[0] == 'c';
        size_t k = 0;
        amc_status st = AMC_OK;
        if (diff)
            k = diff_order[(unsigned char)buf[-1] % 5];
        else
            while (k < 4 && strcmp(surface + 8, names[k]))
                k++;
        if (!vs[k]) {
            amc_validator_opts o;
            memset(&o, 0, sizeof o);
            o.profile = names[k];
            if (amc_validator_new(&o, NULL, &vs[k]) != AMC_OK) {
                fprintf(stderr, "corpus_digest: no validator for %s\n", names[k]);
                exit(2);
            }
        }
        st = amc_validator_check(vs[k], diff ? "fuzz" : paths[k], buf, len, ds, NULL);
        mix_num(d, (unsigned long long)st);
        for (k = 0; k < amc_diags_count(ds); k++) { /* the rule of each finding */
            const char *r = amc_diags_get(ds, k)->rule_id;
            mix_text(d, r, r ? strlen(r) : 0);
        }
    } else if (!strcmp(surface, "mime_read")) {
        amc_mime *m = NULL;
        amc_status st = amc_mime_read(buf, len, NULL, ds, &m);
        mix_num(d, (unsigned long long)st);
        if (st == AMC_OK && m) {
            size_t i = 0, blen = 0, boff = 0;
            const char *body = amc_mime_body(m, &blen, &boff);
            for (i = 0; i < amc_mime_field_count(m); i++) {
                const amc_mime_field *f = amc_mime_field_at(m, i);
                if (d->dump)
                    fprintf(d->dump, "\n  field");
                mix_text(d, f->name, f->name_len);
                mix_text(d, f->value, f->value_len);
                mix_num(d, (unsigned long long)f->offset);
                mix_num(d, (unsigned long long)f->value_offset);
            }
            if (d->dump)
                fprintf(d->dump, "\n  body");
            mix_num(d, (unsigned long long)blen);
            mix_num(d, (unsigned long long)boff);
            mix_num(d, body != NULL);
            mix_num(d, (unsigned long long)amc_mime_line_ending(m));
        }
        amc_mime_free(m);
    } else { /* date */
        amc_datetime dt;
        amc_code c = 0, w = 0;
        int k = 0;
        for (k = 0; k < 4; k++) {
            memset(&dt, 0, sizeof dt);
            w = 0;
            c = k == 0   ? amc_rfc3339_datetime(buf, len, &dt)
                : k == 1 ? amc_rfc3339_date(buf, len, &dt)
                : k == 2 ? amc_rfc3339_time(buf, len, &dt)
                         : amc_rfc5322_date(buf, len, &dt, &w);
            if (d->dump)
                fprintf(d->dump, "\n  date%d", k);
            mix_num(d, (unsigned long long)c);
            mix_num(d, (unsigned long long)w);
            if (c == 0 && k != 2)
                mix_num(d, (unsigned long long)amc_datetime_unix(&dt));
        }
    }
    mix_diags(d, ds);
    amc_diags_free(ds);
    d->files++;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of dir in name order (the corpus file names are content hashes). */
static void run(const char *src, const char *surface, const char *only, digest *d)
{
    char dir[4096], path[8192];
    DIR *dp = NULL;
    struct dirent *e = NULL;
    char **names = NULL;
    size_t n = 0, i = 0;
    snprintf(dir, sizeof dir, "%s/corpus/%s", src, surface);
    dp = opendir(dir);
    if (!dp) {
        fprintf(stderr, "corpus_digest: cannot read %s\n", dir);
        exit(2);
    }
    while ((e = readdir(dp)) != NULL) {
        char **nn = NULL;
        if (e->d_name[0] == '.')
            continue;
        nn = realloc(names, (n + 1) * sizeof *names);
        if (!nn || !(nn[n] = strdup(e->d_name))) {
            fprintf(stderr, "corpus_digest: out of memory\n");
            exit(2);
        }
        names = nn;
        n++;
    }
    closedir(dp);
    qsort(names, n, sizeof *names, cmp);
    for (i = 0; i < n; i++) {
        FILE *f = NULL;
        char *buf = NULL;
        long len = 0;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        f = fopen(path, "rb");
        if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
            fprintf(stderr, "corpus_digest: cannot read %s\n", path);
            exit(2);
        }
        buf = malloc((size_t)len + 1);
        if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
            fprintf(stderr, "corpus_digest: cannot read %s\n", path);
            exit(2);
        }
        fclose(f);
        buf[len] = '\0';
        d->dump = only && !strcmp(only, names[i]) ? stdout : NULL;
        if (d->dump)
            printf("%s/%s:", surface, names[i]);
        if (len > 0) /* the harnesses' configuration byte first */
            one(surface, buf + 1, (size_t)len - 1, d);
        if (d->dump)
            printf("\n");
        free(buf);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    static const char *const surfaces[] = {"json_read",
                                           "yaml_read",
                                           "mime_read",
                                           "date",
                                           "jcs",
                                           "profile_acp",
                                           "profile_discussion",
                                           "profile_ignite",
                                           "profile_mailbox",
                                           "profile_socket",
                                           "trace",
                                           "conform_reply",
                                           "schema_compile",
                                           "schema_validate",
                                           "regex",
                                           "conform_diff"};
    const size_t ns = sizeof surfaces / sizeof surfaces[0];
    const char *src = NULL, *golden = NULL, *dump = NULL;
    bool write = false;
    char line[256];
    size_t k = 0, bad = 0;
    FILE *g = NULL;
    char got[16][128];
    int i = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--write"))
            write = true;
        else if (!strcmp(argv[i], "--dump") && i + 1 < argc)
            dump = argv[++i];
        else if (!src)
            src = argv[i];
        else if (!golden)
            golden = argv[i];
    }
    if (!src || !golden) {
        fprintf(stderr, "usage: corpus_digest SOURCE_DIR GOLDEN [--write] [--dump SURFACE/FILE]\n");
        return 2;
    }
    for (k = 0; k < ns; k++) {
        digest d = {FNV_INIT, 0, 0, NULL};
        const char *slash = dump ? strchr(dump, '/') : NULL;
        bool here = slash && (size_t)(slash - dump) == strlen(surfaces[k]) &&
                    !strncmp(dump, surfaces[k], strlen(surfaces[k]));
        run(src, surfaces[k], here ? slash + 1 : NULL, &d);
        snprintf(got[k], sizeof got[k], "%s %016llx %zu %zu", surfaces[k], d.h, d.files, d.diags);
    }
    for (k = 0; k < 5; k++)
        amc_validator_free(vs[k]);
    if (dump)
        return 0;
    if (write) {
        g = fopen(golden, "w");
        if (!g)
            return 2;
        fprintf(g, "# corpus_digest --write (tests/tools/corpus_digest.c): SURFACE DIGEST FILES "
                   "DIAGNOSTICS\n");
        for (k = 0; k < ns; k++)
            fprintf(g, "%s\n", got[k]);
        return fclose(g) == 0 ? 0 : 2;
    }
    g = fopen(golden, "r");
    if (!g) {
        fprintf(stderr, "corpus_digest: cannot read %s\n", golden);
        return 2;
    }
    k = 0;
    while (fgets(line, sizeof line, g)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || !line[0])
            continue;
        if (k < ns && strcmp(line, got[k])) {
            printf("FAIL: the readers' results changed: %s (the golden file says %s); see one "
                   "file's with --dump SURFACE/FILE\n",
                   got[k], line);
            bad++;
        }
        k++;
    }
    fclose(g);
    if (k != ns) {
        printf("FAIL: %s has %zu lines, not %zu\n", golden, k, ns);
        bad++;
    }
    for (k = 0; k < ns && !bad; k++)
        printf("%s\n", got[k]);
    printf("corpus_digest: %s\n", bad ? "FAIL" : "ok");
    return bad ? 1 : 0;
}
