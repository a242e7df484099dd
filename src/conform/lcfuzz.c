/*
 * lcfuzz.c - the comparison and the scenario of `amc fuzz --lifecycle` (issue 21): an
 * implementation's lifecycle reply against amc's results on a generated sequence
 * (amc_lifecycle_gen), and that sequence as a scenario file (conformance/LIFECYCLE.md).
 *
 * Decisions:
 *   - The comparison is the scenario judge's (amc_conform_judge_lifecycle) on a scenario whose
 *     expectations are all of amc's results: per step `accepted` equal, every code amc reports
 *     reported too (only when the implementation claims `codes`), amc's whole state contained
 *     in the reported one (objects: subset; arrays and scalars: equal); then the end of the
 *     stream the same way. The first step that differs is the divergence.
 *   - Its class names what differs and at which event, without the step's position, so that a
 *     shrunk sequence shows "the same" divergence: "accepted:ack:impl-accepted",
 *     "codes:consume:LC_MAILBOX_DUPLICATE", "state:relay", "results" (not one result per
 *     event), "final:codes:LC_...". Findings are deduplicated by it.
 *   - The scenario lists the rule ids amc reported anywhere in it (the model's first rule when
 *     none), MUST when one of them is a MUST rule; codes are written only for an implementation
 *     that claims them, as the judge then compares them.
 */
#include <stdio.h>
#include <string.h>
#include "amc/catalog.h"
#include "amc/conform.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "core/arena_int.h"
#include "core/buf_int.h"

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

/* The event name of a generated event ({"event":"NAME",...}), into buf. */
static void event_name(const char *ev, char *buf, size_t size)
{
    const char *p = ev ? strstr(ev, "\"event\":\"") : NULL;
    size_t n = 0;
    if (!p) {
        snprintf(buf, size, "end");
        return;
    }
    p += 9;
    n = strcspn(p, "\"");
    snprintf(buf, size, "%.*s", (int)(n < 60 ? n : 60), p);
}

static bool reported(const amc_value *codes, const char *id, size_t len)
{
    size_t j = 0;
    for (j = 0; codes && codes->type == AMC_T_ARRAY && j < codes->u.arr.len; j++) {
        const amc_value *c = codes->u.arr.items[j];
        if (c->type == AMC_T_STRING && c->u.str.len == len && !memcmp(c->u.str.ptr, id, len))
            return true;
    }
    return false;
}

/* Compares one result; false with d filled on a difference. */
static bool same(const amc_lifecycle_result *want, const amc_value *got, bool codes, bool final,
                 amc_doc **doc, amc_diags *ds, amc_conform_divergence *d)
{
    const amc_value *ga = NULL, *gc = NULL, *gs = NULL;
    char ev[64];
    const char *p = want->codes;
    amc_status st = AMC_OK;
    event_name(want->event, ev, sizeof ev);
    if (!got || got->type != AMC_T_OBJECT) {
        snprintf(d->cls, sizeof d->cls, "%sresult:%s", final ? "final:" : "", ev);
        snprintf(d->message, sizeof d->message, "no result object");
        return false;
    }
    ga = amc_value_getz(got, "accepted");
    gc = amc_value_getz(got, "codes");
    gs = amc_value_getz(got, "state");
    if (!final && (!ga || ga->type != AMC_T_BOOL || ga->u.boolean != want->accepted)) {
        bool acc = ga && ga->type == AMC_T_BOOL && ga->u.boolean;
        snprintf(d->cls, sizeof d->cls, "accepted:%s:%s", ev,
                 !ga || ga->type != AMC_T_BOOL ? "none"
                 : acc                         ? "impl-accepted"
                                               : "impl-rejected");
        snprintf(d->message, sizeof d->message, "'%s' %s by amc (%.*s), %s by the implementation",
                 ev, want->accepted ? "accepted" : "rejected",
                 (int)(strlen(want->codes) > 2 ? strlen(want->codes) - 2 : 0), want->codes + 1,
                 !ga || ga->type != AMC_T_BOOL ? "no \"accepted\""
                 : acc                         ? "accepted"
                                               : "rejected");
        return false;
    }
    while (codes && *p) {
        size_t n = 0;
        while (*p == ' ')
            p++;
        n = strcspn(p, " ");
        if (n && !reported(gc, p, n)) {
            snprintf(d->cls, sizeof d->cls, "%scodes:%s:%.*s", final ? "final:" : "", ev, (int)n,
                     p);
            snprintf(d->message, sizeof d->message,
                     "%s: amc reports %.*s, the implementation does not", final ? "end" : ev,
                     (int)n, p);
            return false;
        }
        p += n;
    }
    amc_diags_clear(ds);
    st = amc_json_read_reuse(want->state, strlen(want->state), NULL, ds, doc);
    if (st == AMC_ENOMEM) {
        d->nomem = true;
        return false;
    }
    if (st != AMC_OK || !contains(amc_doc_root(*doc), gs)) {
        snprintf(d->cls, sizeof d->cls, "%sstate:%s", final ? "final:" : "", ev);
        snprintf(d->message, sizeof d->message,
                 "%s: amc's state %.200s%s is not contained in the implementation's",
                 final ? "end" : ev, want->state, strlen(want->state) > 200 ? "..." : "");
        return false;
    }
    return true;
}

bool amc_conform_lifecycle_diverges(const amc_lifecycle_gen *g, const amc_conform_reply *r,
                                    bool codes, amc_conform_divergence *d)
{
    size_t n = amc_lifecycle_gen_len(g), i = 0;
    amc_lifecycle_result want;
    amc_doc *doc = NULL;
    amc_diags *ds = amc_diags_new(0);
    const amc_value *got = NULL;
    bool diff = false;
    memset(d, 0, sizeof *d);
    d->step = -1;
    if (!ds) {
        d->nomem = true;
        return true;
    }
    if (!r || r->kind != AMC_CONFORM_R_STATES || !r->states) {
        amc_diags_free(ds);
        d->step = 0;
        snprintf(d->cls, sizeof d->cls, "reply");
        snprintf(d->message, sizeof d->message, "no lifecycle result");
        return true;
    }
    if (r->states->u.arr.len != n) {
        d->step = (long)(r->states->u.arr.len < n ? r->states->u.arr.len : n);
        snprintf(d->cls, sizeof d->cls, "results");
        snprintf(d->message, sizeof d->message, "%zu results for %zu events", r->states->u.arr.len,
                 n);
        diff = true;
    }
    for (i = 0; !diff && i <= n; i++) {
        got = i < n ? r->states->u.arr.items[i] : r->final;
        if (amc_lifecycle_gen_step(g, i, &want) != AMC_OK)
            break;
        if (!same(&want, got, codes, i == n, &doc, ds, d)) {
            d->step = (long)i;
            d->impl = got && !d->nomem ? amc_value_to_json(got, -1, NULL) : NULL;
            d->nomem = d->nomem || (got && !d->impl);
            diff = true;
        }
    }
    amc_doc_free(doc);
    amc_diags_free(ds);
    return diff;
}

void amc_conform_divergence_clear(amc_conform_divergence *d)
{
    if (!d)
        return;
    amc_free(d->impl);
    d->impl = NULL;
}

/* A " A B " list as a JSON array. */
static amc_status put_list(amc_buf *b, const char *list)
{
    const char *p = list;
    bool first = true;
    amc_status st = amc_buf_putc(b, '[');
    while (st == AMC_OK && *p) {
        size_t n = 0;
        while (*p == ' ')
            p++;
        n = strcspn(p, " ");
        if (n) {
            st = amc_buf_printf(b, "%s\"%.*s\"", first ? "" : ", ", (int)n, p);
            first = false;
        }
        p += n;
    }
    if (st == AMC_OK)
        st = amc_buf_putc(b, ']');
    return st;
}

/* Whether the n bytes at id are a word of all (" A B ": words between spaces). id need not end
 * after those n bytes: it points into a step's own " A B " list. */
static bool listed(const char *all, const char *id, size_t n)
{
    const char *p = all;
    for (; (p = strchr(p, ' ')) != NULL; p++)
        if (!strncmp(p + 1, id, n) && (p[1 + n] == ' ' || p[1 + n] == '\0'))
            return true;
    return false;
}

amc_status amc_conform_lifecycle_scenario(const amc_lifecycle_gen *g, const char *profile,
                                          const char *id, const char *description, bool codes,
                                          char **json, size_t *len)
{
    amc_buf b, rules;
    amc_lifecycle_result r;
    size_t n = amc_lifecycle_gen_len(g), i = 0;
    bool must = false;
    amc_status st = AMC_OK;
    char first[64] = "";
    if (!g || !profile || !id || !json)
        return AMC_EUSAGE;
    amc_buf_init(&b, 0);
    amc_buf_init(&rules, 0);
    st = amc_buf_putc(&rules, ' ');
    for (i = 0; st == AMC_OK && i <= n; i++) {
        const char *p = NULL;
        if (amc_lifecycle_gen_step(g, i, &r) != AMC_OK)
            break;
        for (p = r.rules; st == AMC_OK && *p;) {
            size_t k = 0;
            while (*p == ' ')
                p++;
            k = strcspn(p, " ");
            if (k && !listed(rules.data, p, k)) {
                const amc_rule *ru = NULL;
                char rid[64];
                snprintf(rid, sizeof rid, "%.*s", (int)k, p);
                ru = amc_rule_find(rid);
                must = must || (ru && ru->level == AMC_RULE_MUST);
                st = amc_buf_printf(&rules, "%s ", rid);
            }
            p += k;
        }
    }
    if (st == AMC_OK && rules.len <= 1 &&
        amc_lifecycle_gen_item(g, AMC_LC_RULES, 0, first, sizeof first, NULL) == AMC_OK) {
        const amc_rule *ru = amc_rule_find(first);
        must = ru && ru->level == AMC_RULE_MUST;
        st = amc_buf_printf(&rules, "%s ", first);
    }
    if (st == AMC_OK)
        st = amc_buf_puts(&b, "{\n  \"id\": ");
    if (st == AMC_OK)
        st = amc_buf_printf(&b, "\"%s\",\n  \"profile\": \"%s\",\n  \"description\": \"", id,
                            profile);
    if (st == AMC_OK)
        st = amc_buf_json_escape(&b, description ? description : "",
                                 description ? strlen(description) : 0);
    if (st == AMC_OK)
        st = amc_buf_puts(&b, "\",\n  \"rules\": ");
    if (st == AMC_OK)
        st = put_list(&b, rules.data);
    if (st == AMC_OK)
        st = amc_buf_printf(&b, ",\n  \"level\": \"%s\",\n  \"policy\": null,\n  \"steps\": [",
                            must ? "MUST" : "SHOULD");
    for (i = 0; st == AMC_OK && i <= n; i++) {
        if (amc_lifecycle_gen_step(g, i, &r) != AMC_OK)
            break;
        if (i < n)
            st = amc_buf_printf(&b, "%s\n    {\"event\": %s,\n     \"expect\": {\"accepted\": %s",
                                i ? "," : "", r.event, r.accepted ? "true" : "false");
        else
            st = amc_buf_puts(&b, "\n  ],\n  \"final\": {");
        if (st == AMC_OK && codes) {
            st = amc_buf_puts(&b, i < n ? ", \"codes\": " : "\"codes\": ");
            if (st == AMC_OK)
                st = put_list(&b, r.codes);
        }
        if (st == AMC_OK)
            st = amc_buf_printf(&b, "%s\"state\": %s}%s", codes || i < n ? ", " : "", r.state,
                                i < n ? "}" : "\n}\n");
    }
    amc_buf_release(&rules);
    if (st != AMC_OK) {
        amc_buf_release(&b);
        return AMC_ENOMEM;
    }
    *json = amc_buf_take(&b, len);
    return AMC_OK;
}
