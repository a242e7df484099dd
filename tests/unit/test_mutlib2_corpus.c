/*
 * test_mutlib2_corpus.c - what the library makes of every input of the fuzz corpora of the
 * readers (yaml_read, json_read, mime_read), dates, the five profiles, the lifecycle models
 * (trace), the auditor (audit), the conformance reply parser (conform_reply) and amc's side
 * of the differential fuzzer (conform_diff), pinned
 * (issue 22: the fuzz replays only check that nothing crashes or breaks an invariant, so a
 * mutant that changes a message, a position, a code, a rule, a value or a date's field survived
 * them). Each input is read the way its harness (fuzz/fuzz_<surface>.c) reads it (its first
 * bytes: limits, the model, the auditor, the request), and everything observable is rendered as
 * text and folded into one FNV-1a hash per input: statuses; each diagnostic's code, severity,
 * line, column, offset, rule, instance pointer and message; the document as JCS; the MIME
 * fields and body; the date fields; each trace line's status and the state at the end; the
 * audit's counts; the reply's fields. tests/data/mutlib2/corpus.txt holds "<surface>/<file>
 * <hash>" for the inputs in the corpora when it was made: one listed there but gone from the
 * corpus is skipped, a new one is not checked. When a change of behaviour is meant,
 * AMC_MUTLIB2_PRINT=1 prints the file anew (run from the source tree); a failure names each
 * input that reads differently (run amc on it to see how).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <cmocka.h>
#include "amc/amc.h"
#include "amc/audit.h"
#include "amc/conform.h"
#include "amc/date.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "amc/mime.h"
#include "amc/profile.h"
#include "amc/yaml.h"
#include "fnv.h"

typedef struct hasher {
    uint64_t h;
} hasher;

static void hadd(hasher *x, const void *p, size_t n)
{
    x->h = fnv1a(x->h, p, n);
}

static void hf(hasher *x, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    int n = 0;
    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        hadd(x, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void hstr(hasher *x, const char *s)
{
    if (s)
        hadd(x, s, strlen(s) + 1);
    else
        hadd(x, "(null)", 7);
}

static void hdiags(hasher *x, const amc_diags *ds)
{
    size_t i = 0;
    for (i = 0; i < amc_diags_count(ds); i++) {
        const amc_diag *d = amc_diags_get(ds, i);
        hf(x, "|%d %d %u:%u@%zu ", (int)d->code, (int)d->sev, (unsigned)d->at.line,
           (unsigned)d->at.col, (size_t)d->at.offset);
        hstr(x, d->rule_id);
        hstr(x, d->instance_ptr);
        hstr(x, d->message);
    }
}

static void hdoc(hasher *x, const amc_doc *doc)
{
    char *out = NULL;
    size_t len = 0;
    amc_diags *ds = amc_diags_new(0);
    amc_status st = AMC_OK;
    assert_non_null(ds);
    if (!doc) {
        hf(x, "nodoc");
        amc_diags_free(ds);
        return;
    }
    st = amc_jcs_write(amc_doc_root(doc), ds, &out, &len);
    hf(x, "jcs %d ", (int)st);
    if (out)
        hadd(x, out, len);
    hdiags(x, ds);
    amc_free(out);
    amc_diags_free(ds);
}

/* ---- the surfaces, each as its harness reads an input ---- */

static void s_yaml(hasher *x, const unsigned char *data, size_t size)
{
    static const size_t alias[4] = {0, 10, 100, 1000};
    static const uint32_t depth[4] = {0, 4, 16, 64};
    static const size_t nodes[4] = {0, 50, 1000, 100000};
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    uint8_t cfg = size ? data[0] : 0;
    amc_status st = AMC_OK;
    assert_non_null(ds);
    if (!size)
        return;
    if (alias[cfg & 3])
        lim.max_alias_nodes = alias[cfg & 3];
    if (depth[(cfg >> 2) & 3])
        lim.max_depth = depth[(cfg >> 2) & 3];
    if (nodes[(cfg >> 4) & 3])
        lim.max_nodes = nodes[(cfg >> 4) & 3];
    if (cfg & 0x40)
        lim.max_string_bytes = 64;
    if (cfg & 0x80)
        lim.max_input_bytes = 256;
    st = amc_yaml_read((const char *)data + 1, size - 1, &lim, ds, &doc);
    hf(x, "st %d", (int)st);
    hdiags(x, ds);
    hdoc(x, doc);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

static void s_json(hasher *x, const unsigned char *data, size_t size)
{
    static const uint32_t depths[4] = {0, 4, 32, 1000};
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_doc *doc = NULL;
    uint8_t cfg = size ? data[0] : 0;
    amc_status st = AMC_OK;
    assert_non_null(ds);
    if (!size)
        return;
    if (depths[cfg & 3])
        lim.max_depth = depths[cfg & 3];
    if (cfg & 4)
        lim.max_string_bytes = 16;
    if (cfg & 8)
        lim.max_nodes = 64;
    if (cfg & 16)
        lim.max_input_bytes = 256;
    st = amc_json_read((const char *)data + 1, size - 1, &lim, ds, &doc);
    hf(x, "st %d", (int)st);
    hdiags(x, ds);
    hdoc(x, doc);
    amc_doc_free(doc);
    amc_diags_free(ds);
}

static void s_mime(hasher *x, const unsigned char *data, size_t size)
{
    amc_limits lim = AMC_LIMITS_DEFAULT;
    amc_diags *ds = amc_diags_new(0);
    amc_mime *m = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    assert_non_null(ds);
    if (!size)
        return;
    if (data[0] & 0x80) {
        lim.max_header_bytes = 16 + (size_t)(data[0] & 0x3f) * 4;
        lim.max_header_fields = 1 + (data[0] & 0x07);
        lim.max_string_bytes = 8 + (size_t)(data[0] & 0x1f);
        if (data[0] & 0x40)
            lim.max_input_bytes = 64;
    }
    st = amc_mime_read((const char *)data + 1, size - 1, &lim, ds, &m);
    hf(x, "st %d", (int)st);
    hdiags(x, ds);
    for (i = 0; m && i < amc_mime_field_count(m); i++) {
        const amc_mime_field *f = amc_mime_field_at(m, i);
        hf(x, "|f ");
        hadd(x, f->name, f->name_len);
        hf(x, ":");
        hadd(x, f->value, f->value_len);
    }
    if (m) {
        size_t blen = 0, boff = 0;
        const char *body = amc_mime_body(m, &blen, &boff);
        hf(x, "|body %zu %zu ", blen, boff);
        if (body)
            hadd(x, body, blen);
    }
    amc_mime_free(m);
    amc_diags_free(ds);
}

static void hdt(hasher *x, amc_code r, const amc_datetime *dt)
{
    hf(x, "|%d", (int)r);
    if (!r)
        hf(x, " %d-%d-%d %d:%d:%d.%u/%d %d %d%d%d %d", dt->year, dt->month, dt->day, dt->hour,
           dt->minute, dt->second, (unsigned)dt->nanos, dt->frac_digits, dt->offset_min,
           (int)dt->has_time, (int)dt->has_offset, (int)dt->utc_unknown, dt->weekday);
}

static void s_date(hasher *x, const unsigned char *data, size_t size)
{
    const char *s = (const char *)data;
    amc_datetime dt;
    amc_code warn = (amc_code)0, r = (amc_code)0;
    memset(&dt, 0, sizeof dt);
    r = amc_rfc3339_datetime(s, size, &dt);
    hdt(x, r, &dt);
    if (!r)
        hf(x, " unix %lld", (long long)amc_datetime_unix(&dt));
    hdt(x, amc_rfc3339_date(s, size, &dt), &dt);
    hdt(x, amc_rfc3339_time(s, size, &dt), &dt);
    r = amc_rfc5322_date(s, size, &dt, &warn);
    hdt(x, r, &dt);
    hf(x, " w%d", (int)warn);
}

static const char *profile_of, *path_of;

static void s_profile(hasher *x, const unsigned char *data, size_t size)
{
    static amc_validator *v[5];
    static const char *const names[] = {"acp", "discussion", "ignite", "mailbox", "socket"};
    amc_diags *ds = amc_diags_new(0);
    size_t p = 0;
    amc_status st = AMC_OK;
    assert_non_null(ds);
    for (p = 0; strcmp(names[p], profile_of) != 0; p++)
        ;
    if (!v[p]) {
        amc_validator_opts vo;
        memset(&vo, 0, sizeof vo);
        vo.profile = names[p];
        assert_int_equal(amc_validator_new(&vo, ds, &v[p]), AMC_OK);
    }
    if (size) {
        st = amc_validator_check(v[p], path_of, (const char *)data + 1, size - 1, ds, NULL);
        hf(x, "st %d", (int)st);
        hdiags(x, ds);
    }
    amc_diags_free(ds);
}

/* conform_diff: the profile picked by the first byte, the file named "fuzz" */
static void s_diff(hasher *x, const unsigned char *data, size_t size)
{
    if (!size)
        return;
    profile_of = amc_profile_at(data[0] % amc_profile_count())->name;
    path_of = "fuzz";
    s_profile(x, data, size);
    path_of = NULL;
}

static void s_trace(hasher *x, const unsigned char *data, size_t size)
{
    amc_lifecycle_opts o;
    amc_lifecycle *lc = NULL;
    amc_diags *ds = amc_diags_new(0);
    const char *buf = (const char *)data + 1;
    size_t len = size ? size - 1 : 0, off = 0, n = amc_lifecycle_model_count();
    char *state = NULL;
    size_t slen = 0;
    amc_status st = AMC_OK;
    assert_non_null(ds);
    if (!size) {
        amc_diags_free(ds);
        return;
    }
    memset(&o, 0, sizeof o);
    o.profile = amc_lifecycle_model_at(data[0] % n);
    assert_int_equal(amc_lifecycle_new(&o, ds, &lc), AMC_OK);
    while (off < len) {
        const char *nl = memchr(buf + off, '\n', len - off);
        size_t end = nl ? (size_t)(nl - buf) : len;
        amc_diags_clear(ds);
        st = amc_lifecycle_apply(lc, buf + off, end - off, ds);
        hf(x, "|line %d", (int)st);
        hdiags(x, ds);
        off = end + 1;
    }
    amc_diags_clear(ds);
    hf(x, "|finish %d", (int)amc_lifecycle_finish(lc, ds));
    hdiags(x, ds);
    st = amc_lifecycle_state(lc, &state, &slen);
    hf(x, "|state %d ", (int)st);
    if (state)
        hadd(x, state, slen);
    amc_free(state);
    amc_lifecycle_free(lc);
    amc_diags_free(ds);
}

static void s_audit(hasher *x, const unsigned char *data, size_t size)
{
    static const char *const profiles[] = {"auto", "ignite", "mailbox", "auto"};
    static amc_audit *auditors[8];
    amc_diags *ds = amc_diags_new(0);
    amc_audit *a = NULL;
    amc_audit_opts o;
    amc_audit_stats_t st;
    size_t pos = 1, n = 0, k = 0;
    char path[256];
    assert_non_null(ds);
    if (size < 1) {
        amc_diags_free(ds);
        return;
    }
    memset(&o, 0, sizeof o);
    o.profile = profiles[data[0] & 3];
    o.stateful = (data[0] & 0x80) != 0;
    k = (data[0] & 3) | ((data[0] & 0x80) >> 5);
    if (!auditors[k])
        assert_int_equal(amc_audit_new(&o, ds, &auditors[k]), AMC_OK);
    a = auditors[k];
    amc_audit_reset(a);
    while (pos < size && n < 64) {
        size_t plen = data[pos++], blen = 0;
        amc_status r = AMC_OK;
        n++;
        amc_diags_clear(ds);
        if (plen == 255) {
            int kind = pos < size ? data[pos++] % 5 : 0;
            r = amc_audit_entry(a, "x/entry", (amc_audit_entry_kind)kind, ds);
            hf(x, "|entry %d", (int)r);
            hdiags(x, ds);
            continue;
        }
        if (plen > size - pos)
            plen = size - pos;
        memcpy(path, data + pos, plen);
        path[plen] = 0;
        pos += plen;
        if (pos + 2 <= size) {
            blen = (size_t)data[pos] | ((size_t)data[pos + 1] << 8);
            pos += 2;
        } else {
            pos = size;
        }
        if (blen > size - pos)
            blen = size - pos;
        r = amc_audit_file(a, path, (const char *)data + pos, blen, ds);
        pos += blen;
        hf(x, "|file %d ", (int)r);
        hstr(x, path);
        hdiags(x, ds);
    }
    amc_diags_clear(ds);
    hf(x, "|finish %d", (int)amc_audit_finish(a, ds));
    hdiags(x, ds);
    amc_audit_stats(a, &st);
    hf(x, "|stats %zu %zu %zu %zu ", st.files, st.messages, st.other, st.entries);
    hstr(x, st.kind);
    amc_diags_free(ds);
}

static void s_reply(hasher *x, const unsigned char *data, size_t size)
{
    static const char *const ops[] = {"hello", "validate", "lifecycle", "reset", "stop"};
    amc_diags *ds = amc_diags_new(16);
    amc_conform_reply *r = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    assert_non_null(ds);
    if (size < 2) {
        amc_diags_free(ds);
        return;
    }
    st = amc_conform_reply_parse((const char *)data + 2, size - 2, ops[data[0] % 5], data[1], ds,
                                 &r);
    hf(x, "st %d", (int)st);
    hdiags(x, ds);
    if (r) {
        hf(x, "|r %d %lld %d %d %d %zu %zu %zu ", (int)r->kind, r->seq, (int)r->valid,
           (int)r->has_codes, r->protocol, r->ncodes, r->nprofiles, r->ncapabilities);
        for (i = 0; i < r->ncodes; i++)
            hstr(x, r->codes[i]);
        for (i = 0; i < r->nprofiles; i++)
            hstr(x, r->profiles[i]);
        for (i = 0; i < r->ncapabilities; i++)
            hstr(x, r->capabilities[i]);
        hstr(x, r->text);
        hstr(x, r->name);
        hstr(x, r->version);
        hstr(x, r->language);
        hstr(x, r->homepage);
        hf(x, "|%d %d", r->states != NULL, r->final != NULL);
    }
    amc_conform_reply_free(r);
    amc_diags_free(ds);
}

static const struct surface {
    const char *dir, *profile;
    void (*run)(hasher *, const unsigned char *, size_t);
} surfaces[] = {
    {"yaml_read", NULL, s_yaml},
    {"json_read", NULL, s_json},
    {"mime_read", NULL, s_mime},
    {"date", NULL, s_date},
    {"profile_acp", "acp", s_profile},
    {"profile_discussion", "discussion", s_profile},
    {"profile_ignite", "ignite", s_profile},
    {"profile_mailbox", "mailbox", s_profile},
    {"profile_socket", "socket", s_profile},
    {"trace", NULL, s_trace},
    {"audit", NULL, s_audit},
    {"conform_reply", NULL, s_reply},
    {"conform_diff", NULL, s_diff},
};

static unsigned char *slurp_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long n = 0;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* The hash of corpus/<surface s>/<name>; false when the file is not there. */
static bool digest(const struct surface *s, const char *name, uint64_t *out)
{
    char path[512];
    size_t len = 0;
    unsigned char *buf = NULL;
    hasher x = {FNV_INIT};
    snprintf(path, sizeof path, "corpus/%s/%s", s->dir, name);
    buf = slurp_file(path, &len);
    if (!buf)
        return false;
    profile_of = s->profile;
    s->run(&x, buf, len);
    free(buf);
    *out = x.h;
    return true;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void print_all(void)
{
    size_t si = 0;
    for (si = 0; si < sizeof surfaces / sizeof surfaces[0]; si++) {
        char dir[256], **names = NULL;
        size_t n = 0, cap = 0, i = 0;
        DIR *d = NULL;
        struct dirent *e = NULL;
        snprintf(dir, sizeof dir, "corpus/%s", surfaces[si].dir);
        d = opendir(dir);
        assert_non_null(d);
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                names = realloc(names, cap * sizeof *names);
                assert_non_null(names);
            }
            names[n] = strdup(e->d_name);
            assert_non_null(names[n]);
            n++;
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_name);
        for (i = 0; i < n; i++) {
            uint64_t h = 0;
            if (digest(&surfaces[si], names[i], &h))
                printf("%s/%s %016llx\n", surfaces[si].dir, names[i], (unsigned long long)h);
            free(names[i]);
        }
        free(names);
    }
}

static void test_corpus(void **state)
{
    FILE *f = NULL;
    char line[1024];
    size_t checked = 0, bad = 0, skipped = 0;
    (void)state;
    if (getenv("AMC_MUTLIB2_PRINT")) {
        print_all();
        return;
    }
    f = fopen("tests/data/mutlib2/corpus.txt", "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        char *sp = strchr(line, ' '), *slash = strchr(line, '/');
        unsigned long long want = 0;
        uint64_t got = 0;
        size_t si = 0;
        if (line[0] == '#' || !sp || !slash || slash > sp)
            continue;
        *sp = '\0';
        *slash = '\0';
        want = strtoull(sp + 1, NULL, 16);
        for (si = 0; si < sizeof surfaces / sizeof surfaces[0]; si++)
            if (!strcmp(surfaces[si].dir, line))
                break;
        assert_true(si < sizeof surfaces / sizeof surfaces[0]);
        if (!digest(&surfaces[si], slash + 1, &got)) {
            skipped++;
            continue;
        }
        checked++;
        if (got != (uint64_t)want) {
            fprintf(stderr, "corpus/%s/%s reads differently (hash %016llx, expected %016llx)\n",
                    line, slash + 1, (unsigned long long)got, want);
            bad++;
        }
    }
    fclose(f);
    print_message("%zu inputs checked, %zu no longer in the corpus\n", checked, skipped);
    assert_true(checked >= 1000);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
