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

#define AMC_RULE(...) AMC_RULE_ROW("discussion", __VA_ARGS__)
static const amc_rule rules[] = {
#include "lifecycle/rules_lc_discussion.def"
};
#undef AMC_RULE

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

void dc_fini(void *core)
{
    dc_model *m = core;
    amc_xfree(m->v);
    memset(m, 0, sizeof *m);
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

amc_status dc_step(void *core, const void *event, lc_out *out)
{
    dc_model *m = core;
    const dc_event *ev = event;
    dc_disc *d = NULL, nx;
    amc_status st = AMC_OK;
    LC_RESERVE(st, m->v, m->n, m->cap, ev->disc);
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
    return AMC_OK;
}

void dc_finish(const void *core, lc_out *out)
{
    const dc_model *m = core;
    size_t i = 0, open = 0;
    for (i = 0; i < m->n; i++)
        open += m->v[i].status != DC_NONE && !dc_terminal(m->v[i].status) &&
                m->v[i].status != DC_ESCALATED;
    if (open)
        lc_out_add(out, false, "DISC-LC-007",
                   "%zu discussion(s) neither CLOSED, TIMEOUT nor ESCALATED at the end", open);
}

/* ---- the declaration (model.h) ---- */

enum { E_DISC };

static amc_status put_disc(amc_buf *b, const void *elem, const lc_names *names)
{
    const dc_disc *d = elem;
    (void)names;
    return amc_buf_printf(b,
                          "{\"status\":\"%s\",\"phase\":%d,\"opened\":%lld,"
                          "\"messages\":%lld,\"tokens\":%lld,\"reopened\":%u}",
                          dc_status_name(d->status), d->phase, (long long)d->opened,
                          (long long)d->msgs, (long long)d->tokens, d->reopened);
}

static const lc_entity entities[] = {{.name = "disc",
                                      .member = "disc",
                                      .noun = "discussions",
                                      LC_STATES(status_names),
                                      LC_ARRAY(dc_model, v, n, dc_disc),
                                      LC_STATE_FIELD(dc_disc, status),
                                      .map = "discussions",
                                      .put = put_disc}};

static const lc_member members[] = {
    {LC_NAMED("disc", LC_EVS(DCE_N), dc_event, disc, E_DISC)},
    {LC_VALUE("status", LC_ENUM, LC_EV(DCE_STATUS), true, dc_event, status),
     LC_CHOICE(status_names, DC_IN_PROGRESS, DC_NSTATUS - 1),
     LC_BAD(
         "status '", 40,
         "' (IN_PROGRESS, VOTING, DECIDED, CLOSED, TIMEOUT, ESCALATED; OPEN is the open event)")},
    {LC_VALUE("phase", LC_INT, LC_EV(DCE_PHASE), true, dc_event, phase),
     LC_RANGE(1, 6, "phase ", " (1-6)")},
    {LC_VALUE("tokens", LC_COUNT, LC_EV(DCE_MESSAGE), false, dc_event, tokens)},
    {LC_VALUE("accepted", LC_BOOL, LC_EV(DCE_OBJECTION), true, dc_event, accepted)}};

static const lc_transition transitions[] = {{DCE_OPEN, E_DISC, DC_NONE, DC_OPEN},
                                            {DCE_STATUS, E_DISC, DC_OPEN, DC_IN_PROGRESS},
                                            {DCE_STATUS, E_DISC, DC_IN_PROGRESS, DC_VOTING},
                                            {DCE_STATUS, E_DISC, DC_VOTING, DC_DECIDED},
                                            {DCE_STATUS, E_DISC, DC_DECIDED, DC_CLOSED},
                                            {DCE_STATUS, E_DISC, DC_IN_PROGRESS, DC_ESCALATED},
                                            {DCE_STATUS, E_DISC, DC_VOTING, DC_ESCALATED},
                                            {DCE_STATUS, E_DISC, DC_ESCALATED, DC_CLOSED},
                                            {DCE_STATUS, E_DISC, DC_OPEN, DC_TIMEOUT},
                                            {DCE_STATUS, E_DISC, DC_IN_PROGRESS, DC_TIMEOUT},
                                            {DCE_STATUS, E_DISC, DC_VOTING, DC_TIMEOUT},
                                            {DCE_PHASE, E_DISC, DC_IN_PROGRESS, DC_IN_PROGRESS},
                                            {DCE_PHASE, E_DISC, DC_VOTING, DC_VOTING},
                                            {DCE_PHASE, E_DISC, DC_DECIDED, DC_DECIDED},
                                            {DCE_MESSAGE, E_DISC, LC_ANY, LC_SAME},
                                            {DCE_OBJECTION, E_DISC, DC_DECIDED, DC_VOTING},
                                            {DCE_OBJECTION, E_DISC, DC_DECIDED, DC_DECIDED}};

/* Timing bounds for the generator: the 24 h timeout. */
static size_t gen_bounds(const void *core, int64_t *out, size_t max)
{
    (void)core;
    if (max == 0)
        return 0;
    out[0] = DC_TIMEOUT_MS;
    return 1;
}

LC_FITS(dc_event);

const lc_model amc_lc_discussion = {
    LC_TABLES("discussion"), LC_EVENT(dc_event, kind, t, kind_names, DCE_N),
    LC_CORE(dc_model, dc_fini, dc_step, dc_finish), .gen_bounds = gen_bounds};
