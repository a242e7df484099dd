/*
 * prop.c - the property-test runner and shrinker (prop.h).
 *
 * Decisions:
 *   - The run seeds are splitmix64(base + i): independent, and one run is replayable alone.
 *   - Shrinking keeps a candidate if it fails at all (not necessarily with the same message):
 *     the usual choice (QuickCheck); the final message is the one of the shrunk sequence.
 *   - Deletion passes try chunks of len/2, len/4, ..., 1 at every offset, then each argument is
 *     tried at 0 and at half its value; passes repeat until nothing changes.
 */
#include "prop.h"
#include <stdlib.h>
#include <string.h>

uint64_t prop_next(prop_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t prop_below(prop_rng *r, uint64_t n)
{
    return n ? prop_next(r) % n : 0;
}

const char *prop_replay(const prop_model *m, const prop_event *seq, size_t len)
{
    void *st = m->create();
    const char *msg = NULL;
    size_t i = 0;
    if (!st)
        return "out of memory";
    for (i = 0; i < len && !msg; i++)
        msg = m->step(st, &seq[i]);
    if (!msg && m->finish)
        msg = m->finish(st);
    m->destroy(st);
    return msg;
}

void prop_print_seq(FILE *f, const prop_model *m, const prop_event *seq, size_t len)
{
    size_t i = 0;
    for (i = 0; i < len; i++) {
        fprintf(f, "  %3zu: ", i);
        if (m->print) {
            m->print(f, &seq[i]);
        } else {
            int k = seq[i].kind;
            fprintf(f, "%s(%lld, %lld, %lld, %lld)",
                    k >= 0 && k < m->n_kinds ? m->kind_names[k] : "?", (long long)seq[i].a[0],
                    (long long)seq[i].a[1], (long long)seq[i].a[2], (long long)seq[i].a[3]);
        }
        fputc('\n', f);
    }
}

static void shrink(const prop_model *m, prop_event *seq, size_t *lenp)
{
    prop_event cand[PROP_MAX_LEN];
    bool changed = true;
    while (changed) {
        size_t chunk = 0, off = 0, i = 0;
        int j = 0;
        changed = false;
        for (chunk = *lenp / 2 ? *lenp / 2 : 1; chunk >= 1; chunk /= 2) {
            off = 0;
            while (off + chunk <= *lenp) {
                size_t n = *lenp - chunk;
                memcpy(cand, seq, off * sizeof *seq);
                memcpy(cand + off, seq + off + chunk, (*lenp - off - chunk) * sizeof *seq);
                if (n > 0 && prop_replay(m, cand, n)) {
                    memcpy(seq, cand, n * sizeof *seq);
                    *lenp = n;
                    changed = true;
                } else {
                    off++;
                }
            }
            if (chunk == 1)
                break;
        }
        for (i = 0; i < *lenp; i++) {
            for (j = 0; j < PROP_NARGS; j++) {
                int64_t orig = seq[i].a[j], tries[2];
                int t = 0;
                tries[0] = 0;
                tries[1] = orig / 2;
                for (t = 0; t < 2 && seq[i].a[j] != 0; t++) {
                    if (tries[t] == seq[i].a[j])
                        continue;
                    seq[i].a[j] = tries[t];
                    if (prop_replay(m, seq, *lenp)) {
                        changed = true;
                        break;
                    }
                    seq[i].a[j] = orig;
                }
            }
        }
    }
}

bool prop_run(const prop_model *m, const prop_opts *o, prop_result *r)
{
    const char *env = getenv("AMC_PROP_SEED");
    const char *envr = getenv("AMC_PROP_RUNS");
    unsigned runs = o->runs, run = 0;
    unsigned max_len = o->max_len ? o->max_len : 60;
    uint64_t base = o->seed ? o->seed : 0x5eed1e5u;
    bool fixed = env && *env;
    memset(r, 0, sizeof *r);
    if (max_len > PROP_MAX_LEN)
        max_len = PROP_MAX_LEN;
    if (fixed)
        runs = 1;
    else if (envr && *envr)
        runs = (unsigned)strtoul(envr, NULL, 10);
    for (run = 0; run < runs; run++) {
        prop_rng g = {0}, sr = {base + run};
        uint64_t seed = fixed ? strtoull(env, NULL, 0) : prop_next(&sr);
        size_t len = 0, i = 0;
        void *st = NULL;
        const char *msg = NULL;
        g.s = seed;
        len = 1 + (size_t)prop_below(&g, max_len);
        for (i = 0; i < len; i++) {
            memset(&r->seq[i], 0, sizeof r->seq[i]);
            m->gen(&g, i, &r->seq[i]);
        }
        r->runs++;
        st = m->create();
        if (!st) {
            msg = "out of memory";
        } else {
            for (i = 0; i < len && !msg; i++) {
                msg = m->step(st, &r->seq[i]);
                r->events++;
            }
            if (!msg && m->finish)
                msg = m->finish(st);
            m->destroy(st);
        }
        if (!msg)
            continue;
        r->failed = true;
        r->seed = seed;
        r->orig_len = i; /* the prefix up to the failing event (or all, for finish) */
        r->len = i;
        shrink(m, r->seq, &r->len);
        r->message = prop_replay(m, r->seq, r->len);
        if (!r->message)
            r->message = msg;
        if (!o->quiet) {
            fprintf(stderr,
                    "property.%s: invariant failed: %s\n  run %u, seed 0x%llx (replay: "
                    "AMC_PROP_SEED=0x%llx)\n  first failing sequence had %zu events; shrunk to "
                    "%zu:\n",
                    m->name, r->message, run, (unsigned long long)seed, (unsigned long long)seed,
                    r->orig_len, r->len);
            prop_print_seq(stderr, m, r->seq, r->len);
        }
        return true;
    }
    return false;
}

const char *prop_lc_transition(const lc_out *out, unsigned long *taken)
{
    if (out->rejected)
        return NULL;
    if (out->undeclared || out->transition < 0 || out->transition >= PROP_MAX_TRANSITIONS)
        return "an accepted step took no declared transition";
    taken[out->transition]++;
    return NULL;
}

bool prop_lc_all_taken(const lc_model *md, const unsigned long *taken, const char *test)
{
    size_t t = 0;
    bool all = md->n_transitions <= PROP_MAX_TRANSITIONS;
    for (t = 0; t < md->n_transitions && t < PROP_MAX_TRANSITIONS; t++)
        if (!taken[t]) {
            char name[160];
            lc_transition_name(md, t, name, sizeof name);
            fprintf(stderr, "%s: transition '%s' never taken: the generator misses it\n", test,
                    name);
            all = false;
        }
    return all;
}
