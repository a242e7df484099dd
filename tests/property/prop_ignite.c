/*
 * prop_ignite.c - property tests of the IGNITE lifecycle model (typed core, lc_ignite.h).
 *
 * Alphabet: the eight ignite events over 2 messages; a[0] message, a[1] time step (s),
 * a[2] Retry-Count offset from the correct one (0: correct), a[3] jitter in permille of the
 * backoff bound (0..1200, so some are out of bounds). Invariants after every step:
 *   - a rejected step changes nothing;
 *   - nothing leaves a terminal state (deleted, dead_letter);
 *   - Retry-Count never exceeds max_retries (3) and grows by exactly one per accepted timeout;
 *   - every accepted Next-Retry-After is within [t, t + min(300, 5 * 2^n)] s;
 *   - dead_letter only at the limit; a dead-lettered message is escalated at most once.
 */
#include <stdlib.h>
#include <string.h>
#include "lifecycle/lc_ignite.h"
#include "prop.h"

#define NMSG 2
static const char *const names[] = {"enqueue", "claim",   "deliver",     "delete",
                                    "timeout", "requeue", "dead_letter", "escalate"};
static const int64_t steps[] = {0, 1, 3, 5, 10, 40, 100, 301};

typedef struct st {
    ig_model m;
    int64_t clock;
} st;

static void *create(void)
{
    st *s = calloc(1, sizeof *s);
    if (s)
        ig_init(&s->m, 3);
    return s;
}

static void destroy(void *p)
{
    st *s = p;
    ig_fini(&s->m);
    free(s);
}

static void gen(prop_rng *r, size_t index, prop_event *ev)
{
    (void)index;
    /* bias toward the happy path and timeouts */
    static const int weights[] = {3, 4, 2, 1, 4, 3, 2, 2};
    int total = 0, k = 0, x = 0;
    for (k = 0; k < IGE_N; k++)
        total += weights[k];
    x = (int)prop_below(r, (uint64_t)total);
    for (k = 0; x >= weights[k]; k++)
        x -= weights[k];
    ev->kind = k;
    ev->a[0] = (int64_t)prop_below(r, NMSG);
    ev->a[1] = (int64_t)prop_below(r, sizeof steps / sizeof steps[0]);
    ev->a[2] = prop_below(r, 5) == 0 ? (int64_t)prop_below(r, 3) + 1 : 0;
    ev->a[3] = (int64_t)prop_below(r, 1201);
}

/* accepted steps per kind: the generator must reach every transition */
static unsigned long accepted[IGE_N];
static unsigned long taken[PROP_MAX_TRANSITIONS]; /* per declared transition */

static const char *step(void *p, const prop_event *pe)
{
    st *s = p;
    ig_event ev;
    ig_msg before, after;
    lc_out out;
    bool existed = (size_t)pe->a[0] < s->m.n;
    memset(&ev, 0, sizeof ev);
    memset(&out, 0, sizeof out);
    s->clock += steps[pe->a[1]] * 1000;
    ev.kind = (ig_kind)pe->kind;
    ev.msg = (size_t)pe->a[0];
    ev.t = s->clock;
    memset(&before, 0, sizeof before);
    if (existed)
        before = s->m.msgs[ev.msg];
    ev.retry_count = before.retry_count + 1 + pe->a[2];
    ev.next_retry_after = ev.t + ig_backoff_max_ms(before.retry_count) * pe->a[3] / 1000;
    if (lc_step(&amc_lc_ignite, &s->m, &ev, &out) != AMC_OK)
        return "ig_step failed";
    after = s->m.msgs[ev.msg];
    if (out.rejected)
        return memcmp(&before, &after, sizeof before) ? "a rejected step changed the state" : NULL;
    accepted[ev.kind]++;
    if ((before.state == IG_DELETED || before.state == IG_DEAD_LETTER) &&
        after.state != before.state)
        return "a message left a terminal state";
    if (after.retry_count > s->m.max_retries)
        return "Retry-Count exceeds max_retries";
    if (after.retry_count != before.retry_count &&
        !(ev.kind == IGE_TIMEOUT && after.retry_count == before.retry_count + 1))
        return "Retry-Count changed other than by one on a timeout";
    if (ev.kind == IGE_TIMEOUT &&
        (after.next_retry_after < ev.t ||
         after.next_retry_after - ev.t > ig_backoff_max_ms(before.retry_count)))
        return "Next-Retry-After outside the backoff bound";
    if (after.state == IG_DEAD_LETTER && before.state != IG_DEAD_LETTER &&
        after.retry_count != s->m.max_retries)
        return "dead-lettered before the retry limit";
    if (before.escalated && ev.kind == IGE_ESCALATE)
        return "escalated twice";
    return prop_lc_transition(&out, taken);
}

static const prop_model model = {"ignite", IGE_N, names, gen, create, destroy, step, NULL, NULL};

int main(void)
{
    prop_opts o = PROP_OPTS_DEFAULT;
    prop_result *r = calloc(1, sizeof *r);
    bool failed = false;
    int64_t n = 0;
    if (!r)
        return 2;
    /* the bound table itself */
    for (n = 0; n < 10; n++) {
        int64_t want = 5000LL << n;
        if (ig_backoff_max_ms(n) != (want < 300000 ? want : 300000)) {
            fprintf(stderr, "backoff bound of retry %lld wrong\n", (long long)n);
            free(r);
            return 1;
        }
    }
    o.runs = 3000;
    o.max_len = 120;
    failed = prop_run(&model, &o, r);
    for (n = 0; n < IGE_N && !failed; n++)
        if (!accepted[n]) {
            fprintf(stderr, "property.ignite: no accepted %s event: the generator misses it\n",
                    names[n]);
            failed = true;
        }
    if (!failed && !prop_lc_all_taken(&amc_lc_ignite, taken, "property.ignite"))
        failed = true;
    printf("property.ignite: %u runs, %lu events%s\n", r->runs, r->events,
           failed ? ": FAILED" : ", all invariants held");
    free(r);
    return failed ? 1 : 0;
}
