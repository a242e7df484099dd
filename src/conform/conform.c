/*
 * conform.c - the conformance runner's core (amc/conform.h, SPEC 7): manifests, replies,
 * verdict comparison, expected failures, scoring.
 *
 * Decisions:
 *   - A manifest is an array of case objects (conformance/README.md and
 *     conformance/mailbox/README.md). Required: id, rule, level (MUST|SHOULD), verdict
 *     (valid|invalid), codes, and exactly one of input / session. Unknown members are ignored
 *     (the fixtures carry extras such as `implementation`, `schema`).
 *   - A case whose codes do not contain its rule's code is a passing case of that rule: the
 *     rule's code is added to its absent set (the same reading as test_conform_fixtures.c).
 *     The rule's code is known only for profiles amc implements (amc_rule_find).
 *   - Capabilities a case needs: "<profile>" always; "<profile>.stateful" for sessions,
 *     "<profile>.policy" with a policy, "<profile>.clock" with `now`, "<profile>.path" for
 *     cases tagged placement or file-name. "codes" is a capability of the adapter as a whole.
 *   - Replies are parsed strictly: a JSON object on one line whose "seq" equals the request's,
 *     with exactly one of the outcome members the request type allows; wrong member types,
 *     strings with U+0000 and unknown verdicts are errors. Unknown extra members are allowed
 *     (forward compatibility; --validate-protocol in the CLI additionally runs the schemas).
 *   - A "skipped" reply is FAIL: the runner sends only cases whose capabilities the adapter
 *     claimed, so skipping one would otherwise raise the pass rate by dodging (capability
 *     gating, not the adapter, decides what is SKIP).
 *   - Score denominator: every selected case except SKIP (so ERROR and NOT_TESTED count: an
 *     unreachable implementation never scores 100%).
 *   - Exit: 3 when the implementation was never reached (no hello) or every selected case was
 *     skipped (nothing measured); 1 when a
 *     MUST case failed/errored/was not tested without an xfail entry, or an xfail entry is
 *     stale (XPASS); else 0 (SHOULD failures are warnings).
 */
#include <stdio.h>
#include <string.h>
#include "amc/catalog.h"
#include "amc/conform.h"
#include "amc/doc.h"
#include "amc/json.h"
#include "amc/profile.h"
#include "core/arena_int.h"
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "core/utf8_int.h"

struct amc_conform_suite {
    amc_conform_case *cases;
    size_t n, cap;
    amc_doc **docs;
    size_t ndocs;
};

/* In place: invalid UTF-8 bytes (a truncated sequence included) and control characters become
 * '?', so every report is valid UTF-8/JSON/XML whatever an adapter or xfail file sent. */
static void sanitize(char *p)
{
    size_t n = strlen(p), i = 0;
    while (i < n) {
        uint32_t cp = 0;
        size_t k = amc_utf8_decode((const unsigned char *)p + i, n - i, &cp);
        if (k == 0 || cp < 0x20 || cp == 0x7f) {
            p[i++] = '?';
            continue;
        }
        i += k;
    }
}

const char *amc_conform_outcome_str(amc_conform_outcome o)
{
    switch (o) {
    case AMC_CONFORM_NOT_TESTED:
        return "not-tested";
    case AMC_CONFORM_PASS:
        return "pass";
    case AMC_CONFORM_FAIL:
        return "fail";
    case AMC_CONFORM_SKIP:
        return "skip";
    case AMC_CONFORM_ERROR:
        return "error";
    case AMC_CONFORM_XFAIL:
        return "xfail";
    case AMC_CONFORM_XPASS:
        return "xpass";
    }
    return "?";
}

amc_conform_suite *amc_conform_suite_new(void)
{
    return amc_xcalloc(1, sizeof(amc_conform_suite));
}

void amc_conform_suite_free(amc_conform_suite *s)
{
    size_t i = 0;
    if (!s)
        return;
    for (i = 0; i < s->ndocs; i++)
        amc_doc_free(s->docs[i]);
    amc_xfree(s->docs);
    amc_xfree(s->cases);
    amc_xfree(s);
}

size_t amc_conform_case_count(const amc_conform_suite *s)
{
    return s ? s->n : 0;
}

amc_conform_case *amc_conform_case_at(amc_conform_suite *s, size_t i)
{
    return s && i < s->n ? &s->cases[i] : NULL;
}

static const char *str_of(const amc_value *v)
{
    if (!v || v->type != AMC_T_STRING || strlen(v->u.str.ptr) != v->u.str.len)
        return NULL;
    return v->u.str.ptr;
}

/* A string array member into *out (doc-allocated). absent_ok: a missing member is empty. */
static bool str_array(amc_doc *doc, const amc_value *o, const char *key, bool absent_ok,
                      size_t extra, const char ***out, size_t *n)
{
    const amc_value *a = amc_value_getz(o, key);
    size_t i = 0;
    *out = NULL;
    *n = 0;
    if (!a)
        return absent_ok;
    if (a->type != AMC_T_ARRAY)
        return false;
    *out = amc_doc_alloc(doc, (a->u.arr.len + extra + 1) * sizeof(char *));
    if (!*out)
        return false;
    for (i = 0; i < a->u.arr.len; i++) {
        (*out)[i] = str_of(a->u.arr.items[i]);
        if (!(*out)[i])
            return false;
    }
    *n = a->u.arr.len;
    return true;
}

/* Whether member key of o is absent or an array of strings: str_array() then failed only for
 * want of memory. */
static bool str_array_ok(const amc_value *o, const char *key)
{
    const amc_value *a = amc_value_getz(o, key);
    size_t i = 0;
    if (!a)
        return true;
    if (a->type != AMC_T_ARRAY)
        return false;
    for (i = 0; i < a->u.arr.len; i++)
        if (!str_of(a->u.arr.items[i]))
            return false;
    return true;
}

static bool list_has(const char **l, size_t n, const char *s)
{
    size_t i = 0;
    for (i = 0; i < n; i++)
        if (!strcmp(l[i], s))
            return true;
    return false;
}

/* false when out of memory (the case would lack a capability it needs) */
static bool add_cap(amc_doc *doc, amc_conform_case *c, const char *profile, const char *suffix)
{
    size_t n = strlen(profile) + strlen(suffix) + 2;
    char *cap = NULL;
    if (c->ncaps >= sizeof c->caps / sizeof c->caps[0])
        return true;
    cap = amc_doc_alloc(doc, n);
    if (!cap)
        return false;
    snprintf(cap, n, "%s%s%s", profile, *suffix ? "." : "", suffix);
    c->caps[c->ncaps++] = cap;
    return true;
}

/* load_case's answer when it ran out of memory (not a member name) */
static const char load_nomem[] = "(out of memory)";

/* An optional string-array member that str_array() refused: malformed, or out of memory. */
static const char *array_fail(const amc_value *v, const char *key)
{
    return str_array_ok(v, key) ? load_nomem : key;
}

/* Fills c from the case object v; returns the name of the offending member, load_nomem when
 * out of memory, or NULL. */
static const char *load_case(amc_doc *doc, const char *profile, const amc_value *v,
                             amc_conform_case *c)
{
    const char *level = NULL, *verdict = NULL, *input = NULL, **tags = NULL;
    size_t ntags = 0;
    const amc_rule *rule = NULL;
    memset(c, 0, sizeof *c);
    if (v->type != AMC_T_OBJECT)
        return "(case)";
    c->profile = profile;
    c->id = str_of(amc_value_getz(v, "id"));
    if (!c->id || !*c->id)
        return "id";
    c->rule = str_of(amc_value_getz(v, "rule"));
    if (!c->rule)
        return "rule";
    c->description = str_of(amc_value_getz(v, "description"));
    if (!c->description)
        c->description = "";
    level = str_of(amc_value_getz(v, "level"));
    if (!level || (strcmp(level, "MUST") && strcmp(level, "SHOULD")))
        return "level";
    c->must = !strcmp(level, "MUST");
    verdict = str_of(amc_value_getz(v, "verdict"));
    if (!verdict || (strcmp(verdict, "valid") && strcmp(verdict, "invalid")))
        return "verdict";
    c->want_valid = !strcmp(verdict, "valid");
    if (!str_array(doc, v, "codes", false, 0, &c->codes, &c->ncodes))
        return amc_value_getz(v, "codes") ? array_fail(v, "codes") : "codes";
    if (!str_array(doc, v, "absent_codes", true, 1, &c->absent, &c->nabsent))
        return array_fail(v, "absent_codes");
    if (!str_array(doc, v, "tags", true, 0, &tags, &ntags))
        return array_fail(v, "tags");
    c->tags = tags;
    c->ntags = ntags;
    c->source = "cases.json";
    c->got_verdict = -1;
    input = str_of(amc_value_getz(v, "input"));
    if (amc_value_getz(v, "input") && !input)
        return "input";
    if (!str_array(doc, v, "session", true, 0, &c->files, &c->nfiles))
        return array_fail(v, "session");
    if (!input == !amc_value_getz(v, "session") || (!input && c->nfiles == 0))
        return "input";
    if (input) {
        c->files = amc_doc_alloc(doc, sizeof(char *));
        if (!c->files)
            return load_nomem;
        c->files[0] = input;
        c->nfiles = 1;
    } else {
        c->stateful = true;
    }
    c->policy = str_of(amc_value_getz(v, "policy"));
    if (amc_value_getz(v, "policy") && !c->policy)
        return "policy";
    c->now = str_of(amc_value_getz(v, "now"));
    if (amc_value_getz(v, "now") && !c->now)
        return "now";
    rule = amc_rule_find(c->rule);
    if (rule && !list_has(c->codes, c->ncodes, amc_code_id(rule->code))) {
        if (!c->absent) {
            c->absent = amc_doc_alloc(doc, sizeof(char *));
            if (!c->absent)
                return load_nomem;
        }
        if (!list_has(c->absent, c->nabsent, amc_code_id(rule->code)))
            c->absent[c->nabsent++] = amc_code_id(rule->code);
    }
    if (!add_cap(doc, c, profile, "") || (c->stateful && !add_cap(doc, c, profile, "stateful")) ||
        (c->policy && !add_cap(doc, c, profile, "policy")) ||
        (c->now && !add_cap(doc, c, profile, "clock")) ||
        ((list_has(tags, ntags, "placement") || list_has(tags, ntags, "file-name") ||
          list_has(tags, ntags, "tree")) &&
         !add_cap(doc, c, profile, "path")))
        return load_nomem;
    c->xfail_reason = "";
    return NULL;
}

amc_status amc_conform_suite_add(amc_conform_suite *s, const char *profile, const char *buf,
                                 size_t len, amc_diags *diags)
{
    amc_doc *doc = NULL, **docs = NULL;
    const amc_value *root = NULL;
    amc_conform_case *cases = NULL;
    char *prof = NULL;
    amc_status st = AMC_OK;
    size_t i = 0, n0 = 0;
    if (!s || !profile || (!buf && len))
        return AMC_EUSAGE;
    st = amc_json_read(buf, len, NULL, diags, &doc);
    if (st != AMC_OK)
        goto out;
    root = amc_doc_root(doc);
    if (root->type != AMC_T_ARRAY) {
        amc_diags_addf(diags, AMC_C_CONFORM_MANIFEST_INVALID, amc_pos_of(buf, len, root->offset),
                       "manifest of %s is not an array", profile);
        st = AMC_EINVALID;
        goto out;
    }
    prof = amc_doc_strdup(doc, profile, strlen(profile));
    if (!prof || s->n + root->u.arr.len < s->n) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (s->n + root->u.arr.len > s->cap) {
        size_t cap = s->n + root->u.arr.len + 16;
        cases = amc_xrealloc(s->cases, cap * sizeof *cases);
        if (!cases) {
            st = AMC_ENOMEM;
            goto out;
        }
        s->cases = cases;
        s->cap = cap;
    }
    docs = amc_xrealloc(s->docs, (s->ndocs + 1) * sizeof *docs);
    if (!docs) {
        st = AMC_ENOMEM;
        goto out;
    }
    s->docs = docs;
    n0 = s->n;
    for (i = 0; i < root->u.arr.len; i++) {
        const amc_value *v = root->u.arr.items[i];
        const char *bad = load_case(doc, prof, v, &s->cases[n0 + i]);
        if (bad == load_nomem) {
            st = AMC_ENOMEM;
            goto out;
        }
        if (bad) {
            amc_diags_addf(diags, AMC_C_CONFORM_MANIFEST_INVALID, amc_pos_of(buf, len, v->offset),
                           "%s: case %zu: member \"%s\" missing or malformed", profile, i, bad);
            st = AMC_EINVALID;
        }
    }
    if (st != AMC_OK)
        goto out;
    s->n = n0 + root->u.arr.len;
    s->docs[s->ndocs++] = doc;
    doc = NULL;
out:
    amc_doc_free(doc);
    return st;
}

amc_status amc_conform_suite_check(const amc_conform_suite *s, amc_diags *diags)
{
    amc_status st = AMC_OK;
    size_t i = 0, j = 0, k = 0;
    amc_pos nopos = {0, 0, 0};
    if (!s)
        return AMC_EUSAGE;
    for (i = 0; i < s->n; i++) {
        const amc_conform_case *c = &s->cases[i];
        const amc_rule *r = amc_rule_find(c->rule);
        for (j = 0; j < i; j++)
            if (!strcmp(c->id, s->cases[j].id)) {
                amc_diags_addf(diags, AMC_C_CONFORM_DUPLICATE_ID, nopos, "%s: duplicate id", c->id);
                st = AMC_EINVALID;
            }
        if (strspn(c->id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") !=
            strlen(c->id)) {
            amc_diags_addf(diags, AMC_C_CONFORM_DUPLICATE_ID, nopos,
                           "%s: id has characters outside [A-Za-z0-9._-] (unusable in xfail files)",
                           c->id);
            st = AMC_EINVALID;
        }
        if (!amc_profile_find(c->profile))
            continue; /* not implemented yet: its catalog is not known */
        if (!r || strcmp(r->profile, c->profile)) {
            amc_diags_addf(diags, AMC_C_CONFORM_RULE_UNKNOWN, nopos,
                           "%s: rule %s is not in the %s catalog", c->id, c->rule, c->profile);
            st = AMC_EINVALID;
        } else if (c->must != (r->level == AMC_RULE_MUST)) {
            amc_diags_addf(diags, AMC_C_CONFORM_RULE_UNKNOWN, nopos,
                           "%s: level differs from the catalog's %s", c->id,
                           amc_rule_level_str(r->level));
            st = AMC_EINVALID;
        }
        for (k = 0; k < c->ncodes; k++)
            if (!amc_code_lookup(c->codes[k])) {
                amc_diags_addf(diags, AMC_C_CONFORM_MANIFEST_INVALID, nopos, "%s: unknown code %s",
                               c->id, c->codes[k]);
                st = AMC_EINVALID;
            }
    }
    for (k = 0; k < amc_rule_count(); k++) {
        const amc_rule *r = amc_rule_at(k);
        bool pass = false, fail = false, any_manifest = false;
        if (strstr(r->id, "-LC-"))
            continue; /* lifecycle rules: scenarios, not message cases */
        if (strstr(r->id, "-WS-"))
            continue; /* workspace rules: several files (amc audit; tests/unit/test_audit.c) */
        if (strstr(r->id, "-LIVE-"))
            continue; /* live rules: a running server (amc probe; tests/live/) */
        for (i = 0; i < s->n; i++) {
            const amc_conform_case *c = &s->cases[i];
            if (strcmp(c->profile, r->profile))
                continue;
            any_manifest = true;
            if (strcmp(c->rule, r->id))
                continue;
            if (list_has(c->codes, c->ncodes, amc_code_id(r->code)))
                fail = true;
            else
                pass = true;
        }
        if (any_manifest && (!pass || !fail)) {
            amc_diags_addf(diags, AMC_C_CONFORM_COVERAGE, nopos, "%s: no %s case", r->id,
                           pass ? "failing" : "passing");
            st = AMC_EINVALID;
        }
    }
    return st;
}

bool amc_conform_glob(const char *p, const char *s)
{
    if (!p || !s)
        return false;
    for (; *p; p++, s++) {
        if (*p == '*') {
            while (p[1] == '*')
                p++;
            if (!p[1])
                return true;
            for (; *s; s++)
                if (amc_conform_glob(p + 1, s))
                    return true;
            return false;
        }
        if (!*s)
            return false;
        if (*p == '[') {
            const char *q = p + 1;
            bool neg = *q == '!', hit = false;
            if (neg)
                q++;
            for (; *q && *q != ']'; q++) {
                if (q[1] == '-' && q[2] && q[2] != ']') {
                    hit = hit || (*s >= q[0] && *s <= q[2]);
                    q += 2;
                } else {
                    hit = hit || *s == *q;
                }
            }
            if (!*q || hit == neg)
                return false;
            p = q;
        } else if (*p != '?' && *p != *s) {
            return false;
        }
    }
    return !*s;
}

/* ---- replies ---- */

typedef struct reply_int {
    amc_conform_reply r;
    amc_doc *doc;
} reply_int;

void amc_conform_reply_free(amc_conform_reply *r)
{
    reply_int *ri = (reply_int *)r;
    if (!r)
        return;
    amc_doc_free(ri->doc);
    amc_xfree(ri);
}

static amc_status bad_reply(amc_diags *ds, const char *buf, size_t len, size_t off,
                            const char *what)
{
    /* No memory for the diagnostic: the reply is not known to be at fault, so the caller must
       not report it as garbage without its reason. */
    if (amc_diags_addf(ds, AMC_C_CONFORM_REPLY_INVALID, amc_pos_of(buf, len, off < len ? off : len),
                       "adapter reply: %s", what) == AMC_ENOMEM)
        return AMC_ENOMEM;
    return AMC_EINVALID;
}

amc_status amc_conform_reply_parse(const char *buf, size_t len, const char *op, long long seq,
                                   amc_diags *diags, amc_conform_reply **out)
{
    reply_int *ri = NULL;
    const amc_value *root = NULL, *v = NULL;
    amc_status st = AMC_OK;
    amc_diags *tmp = NULL;
    int outcomes = 0;
    bool is_hello = false, is_validate = false, is_lc = false;
    if (!out)
        return AMC_EUSAGE;
    *out = NULL;
    if ((!buf && len) || !op)
        return AMC_EUSAGE;
    is_hello = !strcmp(op, "hello");
    is_validate = !strcmp(op, "validate");
    is_lc = !strcmp(op, "lifecycle");
    if (!is_hello && !is_validate && !is_lc && strcmp(op, "reset") && strcmp(op, "stop"))
        return AMC_EUSAGE;
    if (memchr(buf, '\n', len))
        return bad_reply(diags, buf, len, (size_t)((const char *)memchr(buf, '\n', len) - buf),
                         "more than one line");
    ri = amc_xcalloc(1, sizeof *ri);
    if (!ri)
        return AMC_ENOMEM;
    tmp = amc_diags_new(4);
    if (!tmp) {
        st = AMC_ENOMEM;
        goto out;
    }
    st = amc_json_read(buf, len, NULL, tmp, &ri->doc);
    if (st == AMC_ENOMEM)
        goto out;
    if (st != AMC_OK) {
        const amc_diag *d = amc_diags_get(tmp, 0);
        st = bad_reply(diags, buf, len, d ? d->at.offset : 0, "not JSON");
        goto out;
    }
    root = amc_doc_root(ri->doc);
    if (root->type != AMC_T_OBJECT) {
        st = bad_reply(diags, buf, len, root->offset, "not a JSON object");
        goto out;
    }
    v = amc_value_getz(root, "seq");
    if (!v || v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INT64) || v->u.num.i != seq) {
        st = bad_reply(diags, buf, len, v ? v->offset : root->offset,
                       "\"seq\" missing or not the request's");
        goto out;
    }
    ri->r.seq = seq;
    v = amc_value_getz(root, "error");
    if (v) {
        outcomes++;
        ri->r.kind = AMC_CONFORM_R_ERROR;
        ri->r.text = str_of(v);
        if (!ri->r.text) {
            st = bad_reply(diags, buf, len, v->offset, "\"error\" is not a string");
            goto out;
        }
    }
    v = amc_value_getz(root, "skipped");
    if (v) {
        outcomes++;
        ri->r.kind = AMC_CONFORM_R_SKIPPED;
        ri->r.text = str_of(v);
        if (!ri->r.text || (!is_validate && !is_lc)) {
            st = bad_reply(diags, buf, len, v->offset, "\"skipped\" malformed or not allowed");
            goto out;
        }
    }
    if (is_hello && !amc_value_getz(root, "error")) {
        const amc_value *impl = amc_value_getz(root, "implementation");
        outcomes++;
        ri->r.kind = AMC_CONFORM_R_HELLO;
        v = amc_value_getz(root, "protocol");
        if (!v || v->type != AMC_T_NUMBER || !(v->flags & AMC_NUM_INT64) || v->u.num.i < 1 ||
            v->u.num.i > 1000) {
            st = bad_reply(diags, buf, len, v ? v->offset : root->offset,
                           "hello: \"protocol\" missing or not a version number");
            goto out;
        }
        ri->r.protocol = (int)v->u.num.i;
        if (!impl || impl->type != AMC_T_OBJECT || !str_of(amc_value_getz(impl, "name")) ||
            !*str_of(amc_value_getz(impl, "name"))) {
            st = bad_reply(diags, buf, len, impl ? impl->offset : root->offset,
                           "hello: \"implementation\" needs a non-empty \"name\"");
            goto out;
        }
        ri->r.name = str_of(amc_value_getz(impl, "name"));
        ri->r.version = str_of(amc_value_getz(impl, "version"));
        ri->r.language = str_of(amc_value_getz(impl, "language"));
        ri->r.homepage = str_of(amc_value_getz(impl, "homepage"));
        if (!str_array(ri->doc, root, "profiles", false, 0, &ri->r.profiles, &ri->r.nprofiles) ||
            !str_array(ri->doc, root, "capabilities", true, 0, &ri->r.capabilities,
                       &ri->r.ncapabilities)) {
            st = amc_value_getz(root, "profiles") && str_array_ok(root, "profiles") &&
                         str_array_ok(root, "capabilities")
                     ? AMC_ENOMEM
                     : bad_reply(diags, buf, len, root->offset,
                                 "hello: \"profiles\"/\"capabilities\" must be arrays of strings");
            goto out;
        }
    } else if (is_validate) {
        v = amc_value_getz(root, "verdict");
        if (v) {
            const char *s = str_of(v);
            outcomes++;
            ri->r.kind = AMC_CONFORM_R_VERDICT;
            if (!s || (strcmp(s, "valid") && strcmp(s, "invalid"))) {
                st = bad_reply(diags, buf, len, v->offset,
                               "\"verdict\" is not \"valid\" or \"invalid\"");
                goto out;
            }
            ri->r.valid = !strcmp(s, "valid");
            ri->r.has_codes = amc_value_getz(root, "codes") != NULL;
            if (!str_array(ri->doc, root, "codes", true, 0, &ri->r.codes, &ri->r.ncodes)) {
                st = str_array_ok(root, "codes")
                         ? AMC_ENOMEM /* not the reply's fault */
                         : bad_reply(diags, buf, len, root->offset,
                                     "\"codes\" is not an array of strings");
                goto out;
            }
            v = amc_value_getz(root, "locations");
            if (v && v->type != AMC_T_ARRAY) {
                st = bad_reply(diags, buf, len, v->offset, "\"locations\" is not an array");
                goto out;
            }
        }
    } else if (is_lc) {
        v = amc_value_getz(root, "states");
        if (v) {
            outcomes++;
            ri->r.kind = AMC_CONFORM_R_STATES;
            if (v->type != AMC_T_ARRAY) {
                st = bad_reply(diags, buf, len, v->offset, "\"states\" is not an array");
                goto out;
            }
            ri->r.states = v;
            ri->r.final = amc_value_getz(root, "final");
            if (ri->r.final && ri->r.final->type != AMC_T_OBJECT) {
                st = bad_reply(diags, buf, len, ri->r.final->offset, "\"final\" is not an object");
                goto out;
            }
        }
    } else {
        v = amc_value_getz(root, "ok");
        if (v) {
            outcomes++;
            ri->r.kind = AMC_CONFORM_R_OK;
            if (v->type != AMC_T_BOOL || !v->u.boolean) {
                st = bad_reply(diags, buf, len, v->offset, "\"ok\" is not true");
                goto out;
            }
        }
    }
    if (outcomes != 1) {
        st = bad_reply(diags, buf, len, root->offset,
                       outcomes ? "more than one outcome member"
                                : "no outcome member for this request");
        goto out;
    }
    *out = &ri->r;
    ri = NULL;
out:
    amc_diags_free(tmp);
    if (ri)
        amc_conform_reply_free(&ri->r);
    return st;
}

bool amc_conform_claims(const amc_conform_reply *h, const char *cap)
{
    if (!h || !cap)
        return false;
    if (list_has(h->capabilities, h->ncapabilities, cap))
        return true;
    /* a bare profile name in "profiles" claims the profile's base capability */
    return !strchr(cap, '.') && list_has(h->profiles, h->nprofiles, cap);
}

bool amc_conform_gate(amc_conform_case *c, const amc_conform_reply *claims)
{
    size_t k = 0, first = 0;
    if (!c)
        return false;
    c->missing = 0;
    for (k = 0; k < c->ncaps; k++)
        if (!amc_conform_claims(claims, c->caps[k]))
            c->missing |= 1u << k;
    if (!c->missing)
        return true;
    while (!(c->missing & (1u << first)))
        first++;
    c->outcome = AMC_CONFORM_SKIP;
    snprintf(c->message, sizeof c->message, "needs %s (%s), not claimed", c->caps[first],
             amc_conform_capability_text(c->caps[first]));
    if (c->missing & ~(1u << first)) {
        size_t n = strlen(c->message);
        snprintf(c->message + n, sizeof c->message - n, "; also");
        for (k = first + 1; k < c->ncaps; k++)
            if (c->missing & (1u << k)) {
                n = strlen(c->message);
                snprintf(c->message + n, sizeof c->message - n, " %s", c->caps[k]);
            }
    }
    return false;
}

const char *amc_conform_capability_text(const char *cap)
{
    const char *dot = cap ? strrchr(cap, '.') : NULL;
    if (!cap)
        return "";
    if (!strcmp(cap, "codes"))
        return "reports amc's code ids";
    if (!dot)
        return "validates the profile's messages";
    dot++;
    if (!strcmp(dot, "path"))
        return "reads the file's name and place in the tree";
    if (!strcmp(dot, "stateful"))
        return "validates a session of several messages";
    if (!strcmp(dot, "policy"))
        return "reads a policy file";
    if (!strcmp(dot, "clock"))
        return "takes the reference clock";
    if (!strcmp(dot, "lifecycle"))
        return "replays lifecycle events";
    return "an extension";
}

/* c->got_codes from a reply's codes: space-separated, cut with " ..." */
static void keep_codes(amc_conform_case *c, const char *const *codes, size_t n)
{
    size_t k = 0, len = 0, cap = sizeof c->got_codes;
    c->got_codes[0] = '\0';
    for (k = 0; k < n; k++) {
        size_t l = strlen(codes[k]);
        if (len + (len ? 1 : 0) + l + 5 > cap) {
            snprintf(c->got_codes + len, cap - len, "%s...", len ? " " : "");
            return;
        }
        snprintf(c->got_codes + len, cap - len, "%s%s", len ? " " : "", codes[k]);
        len = strlen(c->got_codes);
    }
}

/* "invalid" or "invalid [A B]" (codes compared) into buf */
static void expected_text(const amc_conform_case *c, bool verdict_only, char *buf, size_t n)
{
    size_t k = 0, len = 0;
    snprintf(buf, n, "%s", c->want_valid ? "valid" : "invalid");
    if (verdict_only || c->ncodes == 0)
        return;
    for (k = 0; k < c->ncodes; k++) {
        len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s", k ? " " : " [", c->codes[k]);
    }
    len = strlen(buf);
    snprintf(buf + len, n - len, "]");
}

void amc_conform_judge(amc_conform_case *c, const amc_conform_reply *r, bool verdict_only)
{
    size_t k = 0;
    char want[160], got[200];
    if (!c)
        return;
    c->message[0] = '\0';
    c->got_codes[0] = '\0';
    c->got_verdict = -1;
    if (!r) {
        c->outcome = AMC_CONFORM_ERROR;
        snprintf(c->message, sizeof c->message, "no reply");
        return;
    }
    switch (r->kind) {
    case AMC_CONFORM_R_SKIPPED:
        /* the runner only sends cases whose capabilities the adapter claimed */
        c->outcome = AMC_CONFORM_FAIL;
        snprintf(c->message, sizeof c->message, "skipped a case it claims: %s", r->text);
        return;
    case AMC_CONFORM_R_ERROR:
        c->outcome = AMC_CONFORM_ERROR;
        snprintf(c->message, sizeof c->message, "adapter error: %s", r->text);
        return;
    case AMC_CONFORM_R_VERDICT:
        break;
    case AMC_CONFORM_R_HELLO:
    case AMC_CONFORM_R_STATES:
    case AMC_CONFORM_R_OK:
        c->outcome = AMC_CONFORM_ERROR;
        snprintf(c->message, sizeof c->message, "reply is not a verdict");
        return;
    }
    c->got_verdict = r->valid ? 1 : 0;
    keep_codes(c, r->codes, r->ncodes);
    expected_text(c, verdict_only, want, sizeof want);
    snprintf(got, sizeof got, "%s%s%.180s%s", r->valid ? "valid" : "invalid",
             verdict_only || !r->ncodes ? "" : " [", verdict_only ? "" : c->got_codes,
             verdict_only || !r->ncodes ? "" : "]");
    if (r->valid != c->want_valid) {
        c->outcome = AMC_CONFORM_FAIL;
        snprintf(c->message, sizeof c->message, "expected %.100s, got %.120s", want, got);
        return;
    }
    c->outcome = AMC_CONFORM_PASS;
    if (verdict_only)
        return;
    for (k = 0; k < c->ncodes; k++)
        if (!list_has(r->codes, r->ncodes, c->codes[k])) {
            c->outcome = AMC_CONFORM_FAIL;
            snprintf(c->message, sizeof c->message, "expected code %.60s not reported; got %.140s",
                     c->codes[k], got);
            return;
        }
    for (k = 0; k < c->nabsent; k++)
        if (list_has(r->codes, r->ncodes, c->absent[k])) {
            c->outcome = AMC_CONFORM_FAIL;
            snprintf(c->message, sizeof c->message,
                     "code %.60s reported but must not be; got %.140s", c->absent[k], got);
            return;
        }
}

/* ---- expected failures ---- */

amc_status amc_conform_xfail_read(amc_conform_suite *s, const char *buf, size_t len,
                                  amc_diags *diags)
{
    size_t off = 0, i = 0;
    amc_status st = AMC_OK;
    if (!s || (!buf && len))
        return AMC_EUSAGE;
    while (off < len) {
        size_t end = off, a = 0, b = 0, r = 0;
        bool found = false;
        while (end < len && buf[end] != '\n')
            end++;
        a = off;
        while (a < end && (buf[a] == ' ' || buf[a] == '\t' || buf[a] == '\r'))
            a++;
        if (a < end && buf[a] != '#') {
            b = a;
            while (b < end && buf[b] != ' ' && buf[b] != '\t' && buf[b] != '\r' && buf[b] != '#')
                b++;
            r = b;
            while (r < end && (buf[r] == ' ' || buf[r] == '\t' || buf[r] == '\r'))
                r++;
            if (r < end && buf[r] != '#') {
                amc_diags_addf(diags, AMC_C_CONFORM_XFAIL_INVALID, amc_pos_of(buf, len, r),
                               "expected \"case-id  # reason\"");
                st = AMC_EINVALID;
            } else {
                for (i = 0; i < s->n; i++) {
                    amc_conform_case *c = &s->cases[i];
                    if (strlen(c->id) != b - a || memcmp(c->id, buf + a, b - a))
                        continue;
                    found = true;
                    c->xfail_listed = true;
                    if (r < end) {
                        size_t e = end, q = r + 1;
                        char *why = NULL;
                        while (q < e && buf[q] == ' ')
                            q++;
                        while (e > q && (buf[e - 1] == '\r' || buf[e - 1] == ' '))
                            e--;
                        why = s->ndocs ? amc_doc_strdup(s->docs[0], buf + q, e - q) : NULL;
                        if (why)
                            sanitize(why);
                        c->xfail_reason = why ? why : "";
                    }
                }
                if (!found)
                    amc_diags_addf(diags, AMC_C_CONFORM_XFAIL_UNKNOWN, amc_pos_of(buf, len, a),
                                   "%.*s: no such case", (int)(b - a), buf + a);
            }
        }
        off = end + 1;
    }
    return st;
}

static bool bad_outcome(amc_conform_outcome o)
{
    return o == AMC_CONFORM_FAIL || o == AMC_CONFORM_ERROR || o == AMC_CONFORM_NOT_TESTED;
}

void amc_conform_finalize(amc_conform_suite *s)
{
    size_t i = 0;
    for (i = 0; s && i < s->n; i++) {
        amc_conform_case *c = &s->cases[i];
        c->message[sizeof c->message - 1] = '\0';
        sanitize(c->message);
        c->got_codes[sizeof c->got_codes - 1] = '\0';
        sanitize(c->got_codes);
        if (!c->selected || !c->xfail_listed)
            continue;
        if (c->outcome == AMC_CONFORM_FAIL || c->outcome == AMC_CONFORM_ERROR)
            c->outcome = AMC_CONFORM_XFAIL;
        else if (c->outcome == AMC_CONFORM_PASS) {
            c->outcome = AMC_CONFORM_XPASS;
            snprintf(c->message, sizeof c->message,
                     "passes but is listed as an expected failure (stale entry)");
        }
    }
}

amc_status amc_conform_xfail_render(const amc_conform_suite *s, char **out, size_t *len)
{
    amc_buf b;
    size_t i = 0;
    if (!s || !out)
        return AMC_EUSAGE;
    amc_buf_init(&b, 0);
    amc_buf_puts(&b, "# amc conform expected failures: case-id  # reason\n");
    for (i = 0; i < s->n; i++) {
        const amc_conform_case *c = &s->cases[i];
        if (!c->selected)
            continue;
        if (bad_outcome(c->outcome) || c->outcome == AMC_CONFORM_XFAIL)
            amc_buf_printf(&b, "%s  # %s\n", c->id,
                           *c->xfail_reason ? c->xfail_reason
                                            : (*c->message ? c->message : "expected failure"));
    }
    if (b.failed) {
        amc_buf_release(&b);
        return AMC_ENOMEM;
    }
    *out = amc_buf_take(&b, len);
    return *out ? AMC_OK : AMC_ENOMEM;
}

void amc_conform_summarize(const amc_conform_suite *s, const char *profile, amc_conform_summary *o)
{
    size_t i = 0;
    memset(o, 0, sizeof *o);
    for (i = 0; s && i < s->n; i++) {
        const amc_conform_case *c = &s->cases[i];
        if (!c->selected || (profile && strcmp(profile, c->profile)))
            continue;
        o->total++;
        switch (c->outcome) {
        case AMC_CONFORM_NOT_TESTED:
            o->not_tested++;
            break;
        case AMC_CONFORM_PASS:
            o->pass++;
            break;
        case AMC_CONFORM_FAIL:
            o->fail++;
            break;
        case AMC_CONFORM_SKIP:
            o->skip++;
            break;
        case AMC_CONFORM_ERROR:
            o->error++;
            break;
        case AMC_CONFORM_XFAIL:
            o->xfail++;
            break;
        case AMC_CONFORM_XPASS:
            o->xpass++;
            break;
        }
        if (bad_outcome(c->outcome)) {
            if (c->must)
                o->must_bad++;
            else
                o->should_bad++;
        }
        {
            bool measured = c->outcome != AMC_CONFORM_SKIP && c->outcome != AMC_CONFORM_NOT_TESTED;
            bool passed = c->outcome == AMC_CONFORM_PASS || c->outcome == AMC_CONFORM_XPASS;
            o->measured += measured;
            if (c->must) {
                o->must_total++;
                o->must_measured += measured;
                o->must_pass += passed;
                o->must_excused += c->outcome == AMC_CONFORM_XFAIL;
            } else {
                o->should_total++;
                o->should_measured += measured;
                o->should_pass += passed;
            }
        }
    }
    o->denominator = o->total - o->skip;
}

amc_conform_verdict amc_conform_verdict_of(const amc_conform_suite *s,
                                           const amc_conform_run_info *info)
{
    amc_conform_summary m;
    amc_conform_summarize(s, NULL, &m);
    if (!info || !info->reached || m.measured == 0)
        return AMC_CONFORM_NOT_MEASURED;
    if (m.must_bad || m.must_excused)
        return AMC_CONFORM_NOT_CONFORMANT;
    if (m.must_measured < m.must_total)
        return AMC_CONFORM_INCOMPLETE;
    return AMC_CONFORM_CONFORMANT;
}

const char *amc_conform_verdict_str(amc_conform_verdict v)
{
    switch (v) {
    case AMC_CONFORM_CONFORMANT:
        return "conformant";
    case AMC_CONFORM_NOT_CONFORMANT:
        return "not-conformant";
    case AMC_CONFORM_INCOMPLETE:
        return "incomplete";
    case AMC_CONFORM_NOT_MEASURED:
        return "not-measured";
    }
    return "?";
}

int amc_conform_exit_status(const amc_conform_suite *s, const amc_conform_run_info *info)
{
    amc_conform_summary sum;
    amc_conform_summarize(s, NULL, &sum);
    if (!info || !info->reached || sum.measured == 0)
        return 3;
    if (sum.must_bad || sum.xpass)
        return 1;
    return 0;
}

/* ---- lifecycle scenarios ---- */

amc_status amc_conform_suite_add_scenario(amc_conform_suite *s, const char *profile,
                                          const char *buf, size_t len, amc_diags *diags)
{
    return amc_conform_suite_add_scenario_file(s, profile, NULL, buf, len, diags);
}

amc_status amc_conform_suite_add_scenario_file(amc_conform_suite *s, const char *profile,
                                               const char *file, const char *buf, size_t len,
                                               amc_diags *diags)
{
    amc_doc *doc = NULL, **docs = NULL;
    const amc_value *root = NULL, *v = NULL, *rules = NULL;
    amc_conform_case *c = NULL;
    const char *level = NULL, *bad = NULL;
    char *prof = NULL;
    amc_status st = AMC_OK;
    size_t i = 0;
    if (!s || !profile || (!buf && len))
        return AMC_EUSAGE;
    st = amc_json_read(buf, len, NULL, diags, &doc);
    if (st != AMC_OK)
        goto out;
    root = amc_doc_root(doc);
    if (s->n + 1 > s->cap) {
        amc_conform_case *cases = amc_xrealloc(s->cases, (s->cap + 16) * sizeof *cases);
        if (!cases) {
            st = AMC_ENOMEM;
            goto out;
        }
        s->cases = cases;
        s->cap += 16;
    }
    docs = amc_xrealloc(s->docs, (s->ndocs + 1) * sizeof *docs);
    if (!docs) {
        st = AMC_ENOMEM;
        goto out;
    }
    s->docs = docs;
    prof = amc_doc_strdup(doc, profile, strlen(profile));
    c = &s->cases[s->n];
    memset(c, 0, sizeof *c);
    c->profile = prof;
    c->lifecycle = true;
    c->xfail_reason = "";
    c->got_verdict = -1;
    c->source = file ? amc_doc_strdup(doc, file, strlen(file)) : "lifecycle/";
    c->id = str_of(amc_value_getz(root, "id"));
    rules = amc_value_getz(root, "rules");
    level = str_of(amc_value_getz(root, "level"));
    c->steps = amc_value_getz(root, "steps");
    c->final = amc_value_getz(root, "final");
    v = amc_value_getz(root, "policy");
    if (!prof || !c->source) {
        st = AMC_ENOMEM;
        goto out;
    }
    if (root->type != AMC_T_OBJECT)
        bad = "(scenario)";
    else if (!c->id || !*c->id)
        bad = "id";
    else if (!rules || rules->type != AMC_T_ARRAY || rules->u.arr.len == 0 ||
             !str_of(rules->u.arr.items[0]))
        bad = "rules";
    else if (!level || (strcmp(level, "MUST") && strcmp(level, "SHOULD")))
        bad = "level";
    else if (!c->steps || c->steps->type != AMC_T_ARRAY)
        bad = "steps";
    else if (c->final && c->final->type != AMC_T_OBJECT)
        bad = "final";
    else if (v && v->type != AMC_T_NULL && !str_of(v))
        bad = "policy";
    for (i = 0; !bad && i < c->steps->u.arr.len; i++) {
        const amc_value *step = c->steps->u.arr.items[i];
        const amc_value *ex = amc_value_getz(step, "expect");
        const amc_value *acc = amc_value_getz(ex, "accepted");
        if (step->type != AMC_T_OBJECT || !amc_value_getz(step, "event") ||
            amc_value_getz(step, "event")->type != AMC_T_OBJECT || !ex ||
            ex->type != AMC_T_OBJECT || !acc || acc->type != AMC_T_BOOL)
            bad = "steps[].event/expect.accepted";
    }
    if (bad) {
        amc_diags_addf(diags, AMC_C_CONFORM_MANIFEST_INVALID, amc_pos_of(buf, len, root->offset),
                       "%s scenario: member \"%s\" missing or malformed", profile, bad);
        st = AMC_EINVALID;
        goto out;
    }
    c->rule = str_of(rules->u.arr.items[0]);
    c->must = !strcmp(level, "MUST");
    c->description = str_of(amc_value_getz(root, "description"));
    if (!c->description)
        c->description = "";
    if (str_of(v)) {
        size_t n = strlen(str_of(v)) + sizeof "lifecycle/";
        char *pol = amc_doc_alloc(doc, n);
        if (!pol) {
            st = AMC_ENOMEM;
            goto out;
        }
        snprintf(pol, n, "lifecycle/%s", str_of(v));
        c->policy = pol;
    }
    if ((c->policy && !add_cap(doc, c, prof, "policy")) || !add_cap(doc, c, prof, "lifecycle")) {
        st = AMC_ENOMEM; /* the scenario would lack a capability it needs */
        goto out;
    }
    s->n++;
    s->docs[s->ndocs++] = doc;
    doc = NULL;
out:
    amc_doc_free(doc);
    return st;
}

amc_status amc_conform_lifecycle_request(const amc_conform_case *c, long long seq, char **out,
                                         size_t *len)
{
    amc_buf b;
    size_t i = 0;
    if (!c || !c->lifecycle || !out)
        return AMC_EUSAGE;
    amc_buf_init(&b, 0);
    amc_buf_printf(&b, "{\"seq\":%lld,\"op\":\"lifecycle\",\"case\":\"", seq);
    amc_buf_json_escape(&b, c->id, strlen(c->id));
    amc_buf_puts(&b, "\",\"profile\":\"");
    amc_buf_json_escape(&b, c->profile, strlen(c->profile));
    amc_buf_puts(&b, "\",\"events\":[");
    for (i = 0; i < c->steps->u.arr.len; i++) {
        size_t n = 0;
        char *ev = amc_value_to_json(amc_value_getz(c->steps->u.arr.items[i], "event"), -1, &n);
        if (!ev) {
            amc_buf_release(&b);
            return AMC_ENOMEM;
        }
        if (i)
            amc_buf_putc(&b, ',');
        amc_buf_append(&b, ev, n);
        amc_free(ev);
    }
    amc_buf_puts(&b, "]}");
    if (b.failed) {
        amc_buf_release(&b);
        return AMC_ENOMEM;
    }
    *out = amc_buf_take(&b, len);
    return *out ? AMC_OK : AMC_ENOMEM;
}

/* want contained in got: objects member-wise (subset), everything else equal. */
static bool contains(const amc_value *want, const amc_value *got)
{
    size_t i = 0;
    if (!got)
        return false;
    if (want->type != AMC_T_OBJECT || got->type != AMC_T_OBJECT)
        return amc_value_equal(want, got);
    for (i = 0; i < want->u.obj.len; i++) {
        const amc_member *m = &want->u.obj.members[i];
        if (!contains(m->value, amc_value_get(got, m->key, m->key_len)))
            return false;
    }
    return true;
}

/* The string members of a reported "codes" array into c->got_codes. */
static void keep_step_codes(amc_conform_case *c, const amc_value *gcodes)
{
    const char *list[32];
    size_t n = 0, j = 0;
    for (j = 0; gcodes && gcodes->type == AMC_T_ARRAY && j < gcodes->u.arr.len && n < 32; j++)
        if (str_of(gcodes->u.arr.items[j]))
            list[n++] = str_of(gcodes->u.arr.items[j]);
    keep_codes(c, list, n);
}

/* Checks one step result against its expectation; on a mismatch fills c->message (what was
 * expected and what was got) and c->got_codes. */
static bool step_ok(amc_conform_case *c, const amc_value *expect, const amc_value *got,
                    const char *where)
{
    const amc_value *acc = amc_value_getz(expect, "accepted"), *codes = NULL, *state = NULL;
    const amc_value *gcodes = NULL, *ga = NULL;
    size_t i = 0, j = 0;
    char *msg = c->message;
    size_t msglen = sizeof c->message;
    if (!got || got->type != AMC_T_OBJECT) {
        snprintf(msg, msglen, "%s: no result object", where);
        return false;
    }
    gcodes = amc_value_getz(got, "codes");
    ga = amc_value_getz(got, "accepted");
    if (acc && acc->type == AMC_T_BOOL) {
        if (!ga || ga->type != AMC_T_BOOL || ga->u.boolean != acc->u.boolean) {
            keep_step_codes(c, gcodes);
            snprintf(msg, msglen, "%s: expected %s, got %s%s%.160s%s", where,
                     acc->u.boolean ? "accepted" : "rejected",
                     !ga || ga->type != AMC_T_BOOL ? "no \"accepted\""
                     : ga->u.boolean               ? "accepted"
                                                   : "rejected",
                     *c->got_codes ? " [" : "", c->got_codes, *c->got_codes ? "]" : "");
            return false;
        }
    }
    codes = amc_value_getz(expect, "codes");
    for (i = 0; codes && codes->type == AMC_T_ARRAY && i < codes->u.arr.len; i++) {
        bool seen = false;
        for (j = 0; gcodes && gcodes->type == AMC_T_ARRAY && j < gcodes->u.arr.len; j++)
            seen = seen || amc_value_equal(codes->u.arr.items[i], gcodes->u.arr.items[j]);
        if (!seen) {
            keep_step_codes(c, gcodes);
            snprintf(msg, msglen, "%s: expected code %.60s not reported; got [%.140s]", where,
                     codes->u.arr.items[i]->type == AMC_T_STRING ? codes->u.arr.items[i]->u.str.ptr
                                                                 : "?",
                     c->got_codes);
            return false;
        }
    }
    state = amc_value_getz(expect, "state");
    if (state && !contains(state, amc_value_getz(got, "state"))) {
        size_t nw = 0, ng = 0;
        char *w = amc_value_to_json(state, -1, &nw);
        char *g = amc_value_getz(got, "state")
                      ? amc_value_to_json(amc_value_getz(got, "state"), -1, &ng)
                      : NULL;
        keep_step_codes(c, gcodes);
        snprintf(msg, msglen, "%s: state %.80s%s not contained in %.100s%s", where,
                 w ? w : "(expected)", nw > 80 ? "..." : "", g ? g : "(none reported)",
                 ng > 100 ? "..." : "");
        amc_free(w);
        amc_free(g);
        return false;
    }
    return true;
}

void amc_conform_judge_lifecycle(amc_conform_case *c, const amc_conform_reply *r)
{
    size_t i = 0;
    char where[48];
    if (!c || !c->lifecycle)
        return;
    c->message[0] = '\0';
    c->got_codes[0] = '\0';
    c->got_verdict = -1;
    if (!r || r->kind != AMC_CONFORM_R_STATES) {
        amc_conform_judge(c, r, true); /* error / skipped / no reply */
        if (r && r->kind != AMC_CONFORM_R_ERROR && r->kind != AMC_CONFORM_R_SKIPPED) {
            c->outcome = AMC_CONFORM_ERROR;
            snprintf(c->message, sizeof c->message, "reply is not a lifecycle result");
        }
        return;
    }
    c->outcome = AMC_CONFORM_FAIL;
    if (r->states->u.arr.len != c->steps->u.arr.len) {
        snprintf(c->message, sizeof c->message, "%zu results for %zu events", r->states->u.arr.len,
                 c->steps->u.arr.len);
        return;
    }
    for (i = 0; i < c->steps->u.arr.len; i++) {
        snprintf(where, sizeof where, "step %zu", i + 1);
        if (!step_ok(c, amc_value_getz(c->steps->u.arr.items[i], "expect"),
                     r->states->u.arr.items[i], where))
            return;
    }
    if (c->final && !step_ok(c, c->final, r->final, "final"))
        return;
    c->outcome = AMC_CONFORM_PASS;
}
