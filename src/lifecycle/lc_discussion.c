/*
 * lc_discussion.c - the discussion lifecycle model (docs/lifecycle/discussion.md): typed core and
 * JSON edge.
 *
 * Decisions:
 *   - Status edges: OPEN -> IN_PROGRESS -> VOTING -> DECIDED -> CLOSED; IN_PROGRESS or VOTING ->
 *     ESCALATED (決裁者判断); ESCALATED -> CLOSED; OPEN, IN_PROGRESS, VOTING -> TIMEOUT once 24 h
 *     have passed since OPEN. CLOSED and TIMEOUT are terminal.
 *   - Phases 1..6 in order, one step at a time: 1-4 while IN_PROGRESS, 5 while VOTING, 6 while
 *     DECIDED; VOTING needs phase 4, DECIDED phase 5, CLOSED from DECIDED phase 6.
 *   - An accepted objection against a DECIDED discussion sets VOTING with phase 4 done, so phase 5
 *     comes next (7.3 'Phase 5から再開'); a rejected one changes nothing.
 *   - From 24 h after OPEN an OPEN, IN_PROGRESS or VOTING discussion takes only TIMEOUT.
 *   - Limits (100 messages, 50,000 tokens) are warnings on the step that crosses them (once each).
 *   - A rejected step leaves the model unchanged, time included.
 */
#include <stdio.h>
#include <string.h>
#include "core/arena_int.h"
#include "lifecycle/lc_discussion.h"
#include "profiles/profile_int.h"

#define AMC_RULE(...) AMC_RULE_ROW("discussion", __VA_ARGS__)
static const amc_rule rule_rows[] = {
#include "lifecycle/rules_lc_discussion.def"
};
#undef AMC_RULE
static const amc_rule_set rules = {"discussion", rule_rows, sizeof rule_rows / sizeof rule_rows[0]};

static const char *const status_names[DC_NSTATUS] = {
    "NONE", "OPEN", "IN_PROGRESS", "VOTING", "DECIDED", "CLOSED", "TIMEOUT", "ESCALATED"};
static const char *const kind_names[DCE_N] = {"open", "status", "phase", "message", "objection"};

const char *dc_status_name(dc_status s)
{
    return status_names[s];
}

bool dc_terminal(dc_status s)
{
    return s == DC_CLOSED || s == DC_TIMEOUT;
}

void dc_init(dc_model *m)
{
    memset(m, 0, sizeof *m);
}

void dc_fini(dc_model *m)
{
    amc_xfree(m->v);
    memset(m, 0, sizeof *m);
}

static amc_status reserve(dc_model *m, size_t idx)
{
    if (idx < m->n)
        return AMC_OK;
    if (idx >= m->cap) {
        size_t nc = m->cap ? m->cap : 16;
        dc_disc *nv = NULL;
        while (nc <= idx)
            nc *= 2;
        nv = amc_xrealloc(m->v, nc * sizeof *nv);
        if (!nv)
            return AMC_ENOMEM;
        m->v = nv;
        m->cap = nc;
    }
    memset(m->v + m->n, 0, (idx + 1 - m->n) * sizeof *m->v);
    m->n = idx + 1;
    return AMC_OK;
}

static bool timed(dc_status s)
{
    return s == DC_OPEN || s == DC_IN_PROGRESS || s == DC_VOTING;
}

/* The status a phase belongs to. */
static dc_status phase_status(int phase)
{
    return phase <= 4 ? DC_IN_PROGRESS : phase == 5 ? DC_VOTING : DC_DECIDED;
}

static void status_step(const dc_disc *d, const dc_event *ev, dc_disc *nx, lc_out *out)
{
    dc_status from = d->status, to = ev->status;
    bool ok = false;
    int need = 0;
    switch (to) {
    case DC_IN_PROGRESS:
        ok = from == DC_OPEN;
        break;
    case DC_VOTING:
        ok = from == DC_IN_PROGRESS;
        need = 4;
        break;
    case DC_DECIDED:
        ok = from == DC_VOTING;
        need = 5;
        break;
    case DC_CLOSED:
        ok = from == DC_DECIDED || from == DC_ESCALATED;
        need = from == DC_DECIDED ? 6 : 0;
        break;
    case DC_ESCALATED:
        ok = from == DC_IN_PROGRESS || from == DC_VOTING;
        break;
    case DC_TIMEOUT:
        if (!timed(from)) {
            lc_out_add(out, true, "DISC-LC-001", "TIMEOUT of a discussion that is %s",
                       dc_status_name(from));
            return;
        }
        if (ev->t - d->opened < DC_TIMEOUT_MS)
            lc_out_add(out, true, "DISC-LC-003", "TIMEOUT %lld ms after OPEN (24 h is %lld ms)",
                       (long long)(ev->t - d->opened), (long long)DC_TIMEOUT_MS);
        nx->status = DC_TIMEOUT;
        return;
    case DC_NONE:
    case DC_OPEN:
    case DC_NSTATUS:
        break;
    }
    if (!ok) {
        lc_out_add(out, true, "DISC-LC-001", "status %s -> %s", dc_status_name(from),
                   dc_status_name(to));
        return;
    }
    if (need && d->phase != need) {
        lc_out_add(out, true, "DISC-LC-002", "status %s after phase %d (phase %d first)",
                   dc_status_name(to), d->phase, need);
        return;
    }
    nx->status = to;
}

amc_status dc_step(dc_model *m, const dc_event *ev, lc_out *out)
{
    dc_disc *d = NULL, nx;
    amc_status st = reserve(m, ev->disc);
    if (st != AMC_OK)
        return st;
    d = &m->v[ev->disc];
    nx = *d;
    if (ev->kind == DCE_OPEN) {
        if (d->status != DC_NONE) {
            lc_out_add(out, true, "DISC-LC-005", "discussion opened again (it is %s)",
                       dc_status_name(d->status));
            return AMC_OK;
        }
        nx.status = DC_OPEN;
        nx.opened = ev->t;
    } else if (d->status == DC_NONE) {
        lc_out_add(out, true, "DISC-LC-001", "%s of a discussion never opened",
                   kind_names[ev->kind]);
        return AMC_OK;
    } else if (dc_terminal(d->status)) {
        lc_out_add(out, true, "DISC-LC-005", "%s of a discussion that is %s", kind_names[ev->kind],
                   dc_status_name(d->status));
        return AMC_OK;
    } else if (timed(d->status) && ev->t - d->opened >= DC_TIMEOUT_MS &&
               !(ev->kind == DCE_STATUS && ev->status == DC_TIMEOUT)) {
        lc_out_add(out, true, "DISC-LC-003",
                   "%s %lld ms after OPEN: a discussion still %s after 24 h times out",
                   kind_names[ev->kind], (long long)(ev->t - d->opened), dc_status_name(d->status));
        return AMC_OK;
    } else {
        switch (ev->kind) {
        case DCE_STATUS:
            status_step(d, ev, &nx, out);
            break;
        case DCE_PHASE:
            if (ev->phase != d->phase + 1 || phase_status(ev->phase) != d->status)
                lc_out_add(out, true, "DISC-LC-002", "phase %d after phase %d while %s", ev->phase,
                           d->phase, dc_status_name(d->status));
            else
                nx.phase = ev->phase;
            break;
        case DCE_MESSAGE:
            nx.msgs++;
            nx.tokens += ev->tokens;
            if (nx.msgs == DC_MAX_MSGS + 1)
                lc_out_add(out, false, "DISC-LC-006", "message %lld: more than %d messages",
                           (long long)nx.msgs, DC_MAX_MSGS);
            if (d->tokens <= DC_MAX_TOKENS && nx.tokens > DC_MAX_TOKENS)
                lc_out_add(out, false, "DISC-LC-006", "%lld tokens: more than %d",
                           (long long)nx.tokens, DC_MAX_TOKENS);
            break;
        case DCE_OBJECTION:
            if (d->status != DC_DECIDED) {
                lc_out_add(out, true, "DISC-LC-004",
                           "objection to a discussion that is %s (it reopens a DECIDED one)",
                           dc_status_name(d->status));
            } else if (ev->accepted) {
                nx.status = DC_VOTING;
                nx.phase = 4;
                nx.reopened++;
            }
            break;
        case DCE_OPEN:
        case DCE_N:
            return AMC_EUSAGE;
        }
    }
    if (out->rejected)
        return AMC_OK;
    *d = nx;
    m->now = ev->t;
    return AMC_OK;
}

void dc_finish(const dc_model *m, lc_out *out)
{
    size_t i = 0, open = 0;
    for (i = 0; i < m->n; i++)
        open += m->v[i].status != DC_NONE && !dc_terminal(m->v[i].status) &&
                m->v[i].status != DC_ESCALATED;
    if (open)
        lc_out_add(out, false, "DISC-LC-007",
                   "%zu discussion(s) neither CLOSED, TIMEOUT nor ESCALATED at the end", open);
}

/* ---- JSON edge ---- */

typedef struct dc_json {
    dc_model m;
    lc_names names;
} dc_json;

static amc_status j_create(const amc_lc_config *cfg, void **out)
{
    dc_json *j = amc_xcalloc(1, sizeof *j);
    (void)cfg;
    if (!j)
        return AMC_ENOMEM;
    dc_init(&j->m);
    *out = j;
    return AMC_OK;
}

static void j_destroy(void *p)
{
    dc_json *j = p;
    if (!j)
        return;
    dc_fini(&j->m);
    lc_names_free(&j->names);
    amc_xfree(j);
}

static amc_status j_apply(void *p, const amc_doc *doc, const amc_value *e, amc_diags *ds)
{
    dc_json *j = p;
    const amc_value *name = amc_value_getz(e, "event"), *disc = NULL, *v = NULL;
    dc_event ev;
    lc_out out;
    size_t k = 0;
    int64_t x = 0;
    bool ok = true, present = false;
    amc_status st = AMC_OK;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    for (k = 0; k < DCE_N; k++)
        if (!strcmp(name->u.str.ptr, kind_names[k]))
            break;
    if (k == DCE_N) {
        amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, name),
                       "unknown discussion event '%s' (open, status, phase, message, objection)",
                       name->u.str.ptr);
        return AMC_EINVALID;
    }
    ev.kind = (dc_kind)k;
    ok = lc_event_time(doc, e, j->m.now, ds, &ev.t);
    ok = lc_get_str(doc, e, "disc", true, ds, &disc) && ok;
    if (ev.kind == DCE_STATUS && lc_get_str(doc, e, "status", true, ds, &v)) {
        for (k = DC_IN_PROGRESS; k < DC_NSTATUS; k++)
            if (!strcmp(v->u.str.ptr, status_names[k]))
                break;
        if (k == DC_NSTATUS) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, v),
                           "status '%.40s' (IN_PROGRESS, VOTING, DECIDED, CLOSED, TIMEOUT, "
                           "ESCALATED; OPEN is the open event)",
                           v->u.str.ptr);
            ok = false;
        }
        ev.status = (dc_status)k;
    } else if (ev.kind == DCE_STATUS) {
        ok = false;
    }
    if (ev.kind == DCE_PHASE && lc_get_int(doc, e, "phase", true, ds, &x, NULL)) {
        if (x < 1 || x > 6) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, amc_value_getz(e, "phase")),
                           "phase %lld (1-6)", (long long)x);
            ok = false;
        }
        ev.phase = (int)x;
    } else if (ev.kind == DCE_PHASE) {
        ok = false;
    }
    if (ev.kind == DCE_MESSAGE) {
        if (!lc_get_int(doc, e, "tokens", false, ds, &ev.tokens, &present)) {
            ok = false;
        } else if (present && ev.tokens < 0) {
            amc_diags_addf(ds, AMC_C_LC_EVENT_INVALID, lc_pos(doc, amc_value_getz(e, "tokens")),
                           "\"tokens\" must be >= 0");
            ok = false;
        }
    }
    if (ev.kind == DCE_OBJECTION)
        ok = lc_get_bool(doc, e, "accepted", true, ds, &ev.accepted, NULL) && ok;
    if (!ok)
        return AMC_EINVALID;
    st = lc_intern(&j->names, disc->u.str.ptr, disc->u.str.len, &ev.disc);
    if (st == AMC_ELIMIT)
        amc_diags_addf(ds, AMC_C_LIMIT_NODES, lc_pos(doc, disc), "more than %d discussions",
                       LC_MAX_ENTITIES);
    if (st != AMC_OK)
        return st;
    st = dc_step(&j->m, &ev, &out);
    if (st != AMC_OK)
        return st;
    return lc_out_emit(&out, &rules, ds, lc_pos(doc, e));
}

static amc_status j_finish(void *p, amc_diags *ds)
{
    dc_json *j = p;
    lc_out out;
    memset(&out, 0, sizeof out);
    dc_finish(&j->m, &out);
    return lc_out_emit(&out, &rules, ds, AMC_POS_NONE);
}

static amc_status j_state(const void *p, amc_buf *b)
{
    const dc_json *j = p;
    amc_status st = amc_buf_puts(b, "{\"discussions\":{");
    size_t i = 0;
    bool first = true;
    for (i = 0; st == AMC_OK && i < j->names.n && i < j->m.n; i++) {
        const dc_disc *d = &j->m.v[i];
        if (d->status == DC_NONE)
            continue; /* named by a rejected event only */
        if (!first)
            st = amc_buf_putc(b, ',');
        first = false;
        if (st == AMC_OK)
            st = lc_put_str(b, j->names.v[i]);
        if (st == AMC_OK)
            st = amc_buf_printf(b,
                                ":{\"status\":\"%s\",\"phase\":%d,\"opened\":%lld,"
                                "\"messages\":%lld,\"tokens\":%lld,\"reopened\":%u}",
                                dc_status_name(d->status), d->phase, (long long)d->opened,
                                (long long)d->msgs, (long long)d->tokens, d->reopened);
    }
    if (st == AMC_OK)
        st = amc_buf_printf(b, "},\"t\":%lld}", (long long)j->m.now);
    return st;
}

const amc_lc_ops amc_lc_discussion = {"discussion", &rules,   j_create, j_destroy,
                                      j_apply,      j_finish, j_state};
