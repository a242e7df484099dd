/*
 * prop_discussion.c - property tests of the discussion lifecycle model (typed core,
 * lc_discussion.h).
 *
 * Alphabet: the five discussion events over 2 discussions; a[0] discussion, a[1] time step
 * (index into steps[], up to 25 h), a[2] target status (STATUS) or phase (PHASE), 0-2 meaning
 * the next legal one, or objection accepted (OBJECTION, even a[2]), a[3] tokens (MESSAGE).
 * Invariants after every step:
 *   - a rejected step changes nothing;
 *   - nothing leaves a terminal state (CLOSED, TIMEOUT);
 *   - phase order is never violated by an accepted step: an accepted phase is the previous one
 *     plus one, inside its status (1-4 IN_PROGRESS, 5 VOTING, 6 DECIDED); only an accepted
 *     objection moves the phase back, to 4;
 *   - every accepted status change is an edge of the seed's diagram (plus ESCALATED and
 *     TIMEOUT), TIMEOUT only 24 h or more after OPEN, and nothing but TIMEOUT is accepted on an
 *     OPEN/IN_PROGRESS/VOTING discussion from 24 h on;
 *   - message and token counters only grow, by one message and its tokens.
 */
#include <stdlib.h>
#include <string.h>
#include "lifecycle/lc_discussion.h"
#include "prop.h"

#define ND 2
static const char *const names[] = {"open", "status", "phase", "message", "objection"};
static const int64_t steps[] = {0, 1000, 60000, 3600000, 6 * 3600000LL, 25 * 3600000LL};

typedef struct st {
    dc_model m;
    int64_t clock;
} st;

static void *create(void)
{
    return calloc(1, sizeof(st)); /* a zeroed dc_model is the initial state */
}

static void destroy(void *p)
{
    st *s = p;
    dc_fini(&s->m);
    free(s);
}

static void gen(prop_rng *r, size_t index, prop_event *ev)
{
    static const int weights[] = {1, 5, 5, 2, 1};
    int total = 0, k = 0, x = 0;
    (void)index;
    for (k = 0; k < DCE_N; k++)
        total += weights[k];
    x = (int)prop_below(r, (uint64_t)total);
    for (k = 0; x >= weights[k]; k++)
        x -= weights[k];
    ev->kind = k;
    ev->a[0] = (int64_t)prop_below(r, ND);
    /* mostly short steps: the 25 h one is rare */
    ev->a[1] = prop_below(r, 20) == 0 ? 5 : (int64_t)prop_below(r, 5);
    ev->a[2] = (int64_t)prop_below(r, 9); /* 0-2: the next legal step, else 3 + a random one */
    ev->a[3] = (int64_t)prop_below(r, 3) * 20000;
}

static unsigned long accepted[DCE_N];
static unsigned long taken[PROP_MAX_TRANSITIONS]; /* per declared transition */

static bool edge(dc_status from, dc_status to)
{
    switch (to) {
    case DC_IN_PROGRESS:
        return from == DC_OPEN;
    case DC_VOTING:
        return from == DC_IN_PROGRESS;
    case DC_DECIDED:
        return from == DC_VOTING;
    case DC_CLOSED:
        return from == DC_DECIDED || from == DC_ESCALATED;
    case DC_ESCALATED:
        return from == DC_IN_PROGRESS || from == DC_VOTING;
    case DC_TIMEOUT:
        return from == DC_OPEN || from == DC_IN_PROGRESS || from == DC_VOTING;
    case DC_NONE:
    case DC_OPEN:
    case DC_NSTATUS:
        break;
    }
    return false;
}

static const char *step(void *p, const prop_event *pe)
{
    st *s = p;
    dc_event ev;
    dc_disc before, after;
    lc_out out;
    size_t i = (size_t)pe->a[0];
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    memset(&before, 0, sizeof before);
    if (i < s->m.n)
        before = s->m.v[i];
    ev.kind = (dc_kind)pe->kind;
    ev.t = s->clock + steps[pe->a[1]];
    ev.disc = i;
    if (pe->a[2] < 3) {
        static const dc_status next[DC_NSTATUS] = {DC_IN_PROGRESS, DC_IN_PROGRESS, DC_VOTING,
                                                   DC_DECIDED,     DC_CLOSED,      DC_CLOSED,
                                                   DC_CLOSED,      DC_CLOSED};
        ev.status = next[before.status];
        ev.phase = before.phase < 6 ? before.phase + 1 : 6;
    } else {
        ev.status = (dc_status)(DC_IN_PROGRESS + pe->a[2] - 3);
        ev.phase = (int)pe->a[2] - 2;
    }
    ev.accepted = pe->a[2] % 2 == 0;
    ev.tokens = pe->a[3];
    if (lc_step(&amc_lc_discussion, &s->m, &ev, &out) != AMC_OK)
        return "dc_step failed";
    after = s->m.v[i];
    if (out.rejected)
        return memcmp(&before, &after, sizeof before) ? "a rejected step changed the state" : NULL;
    s->clock = ev.t;
    accepted[ev.kind]++;
    if (dc_terminal(before.status) && memcmp(&before, &after, sizeof before))
        return "a discussion left a terminal state";
    if (before.status != DC_NONE && before.status != DC_DECIDED && before.status != DC_ESCALATED &&
        !dc_terminal(before.status) && ev.t - before.opened >= DC_TIMEOUT_MS &&
        after.status != DC_TIMEOUT)
        return "an event other than TIMEOUT accepted after 24 h";
    if (after.status != before.status && ev.kind == DCE_STATUS) {
        if (!edge(before.status, after.status))
            return "a status change off the diagram";
        if (after.status == DC_TIMEOUT && ev.t - before.opened < DC_TIMEOUT_MS)
            return "TIMEOUT before 24 h";
    }
    if (after.phase != before.phase) {
        if (ev.kind == DCE_OBJECTION) {
            if (before.status != DC_DECIDED || after.phase != 4)
                return "an objection moved the phase other than back to 4 of a DECIDED discussion";
        } else if (ev.kind != DCE_PHASE || after.phase != before.phase + 1) {
            return "a phase skipped or went back";
        } else if ((after.phase <= 4 && after.status != DC_IN_PROGRESS) ||
                   (after.phase == 5 && after.status != DC_VOTING) ||
                   (after.phase == 6 && after.status != DC_DECIDED)) {
            return "a phase accepted outside its status";
        }
    }
    if (after.msgs < before.msgs || after.tokens < before.tokens ||
        (ev.kind == DCE_MESSAGE &&
         (after.msgs != before.msgs + 1 || after.tokens != before.tokens + ev.tokens)))
        return "message or token counters inconsistent";
    return prop_lc_transition(&out, taken);
}

static const prop_model model = {"discussion", DCE_N, names, gen, create,
                                 destroy,      step,  NULL,  NULL};

int main(void)
{
    prop_opts o = PROP_OPTS_DEFAULT;
    prop_result *r = calloc(1, sizeof *r);
    bool failed = false;
    int k = 0;
    if (!r)
        return 2;
    o.runs = 5000;
    o.max_len = 120;
    failed = prop_run(&model, &o, r);
    for (k = 0; k < DCE_N && !failed; k++)
        if (!accepted[k]) {
            fprintf(stderr, "property.discussion: no accepted %s event: the generator misses it\n",
                    names[k]);
            failed = true;
        }
    if (!failed && !prop_lc_all_taken(&amc_lc_discussion, taken, "property.discussion"))
        failed = true;
    printf("property.discussion: %u runs, %lu events%s\n", r->runs, r->events,
           failed ? ": FAILED" : ", all invariants held");
    free(r);
    return failed ? 1 : 0;
}
