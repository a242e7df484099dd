/*
 * prop.h - a small generic property-based test harness for the lifecycle models (issue 7).
 *
 * A model under test describes a typed event alphabet (prop_model): event kinds with up to
 * PROP_NARGS small integer arguments (entity indexes, attempt numbers, time steps...). The runner
 * generates seeded random event sequences, replays each one on a fresh model state and asks the
 * model's `step` after every event (and `finish` at the end) whether its invariants hold. On the
 * first failure the shrinker minimises the sequence (deleting chunks of halving size, then single
 * events, then simplifying arguments toward 0) while it still fails, and prints the seed, the
 * failure message and the shrunk sequence.
 *
 * Reproducing: every run has its own 64-bit seed; the failure report prints it. Setting the
 * environment variable AMC_PROP_SEED=<seed> replays exactly that run (once). AMC_PROP_RUNS=<n>
 * overrides the number of runs.
 *
 * Usage (tests/property/prop_<model>.c):
 *   static const prop_model m = {"ignite", NKINDS, kind_names, gen, create, destroy, step,
 *                                finish, NULL};
 *   prop_opts o = PROP_OPTS_DEFAULT;  // 2000 runs of up to 60 events
 *   prop_result r;
 *   return prop_run(&m, &o, &r) ? 1 : 0;
 *
 * Everything is deterministic: the generator uses only the prop_rng given to it, and `step`
 * must depend only on the state and the event.
 */
#ifndef AMC_PROP_H
#define AMC_PROP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PROP_NARGS   4
#define PROP_MAX_LEN 512

/** One event of the typed alphabet: a kind (0..n_kinds-1) and small integer arguments. */
typedef struct prop_event {
    int kind;
    int64_t a[PROP_NARGS];
} prop_event;

/** The generator's random source (splitmix64). */
typedef struct prop_rng {
    uint64_t s;
} prop_rng;

uint64_t prop_next(prop_rng *r);
/** Uniform in [0, n) (n > 0). */
uint64_t prop_below(prop_rng *r, uint64_t n);

typedef struct prop_model {
    const char *name;
    int n_kinds;
    const char *const *kind_names; /* n_kinds names, for reports */
    /* Fills ev (kind and arguments) at random. May look at the number of events so far. */
    void (*gen)(prop_rng *r, size_t index, prop_event *ev);
    /* Fresh state for one sequence (NULL: out of memory, reported as a failure). */
    void *(*create)(void);
    void (*destroy)(void *st);
    /* Applies ev; returns NULL when every invariant holds, else a static message. */
    const char *(*step)(void *st, const prop_event *ev);
    /* End-of-sequence invariants (eventual delivery...); NULL: none. */
    const char *(*finish)(void *st);
    /* Prints ev in a readable form (NULL: kind name and arguments). */
    void (*print)(FILE *f, const prop_event *ev);
} prop_model;

typedef struct prop_opts {
    uint64_t seed;    /* base seed (0: a fixed default) */
    unsigned runs;    /* sequences to try */
    unsigned max_len; /* events per sequence: 1..max_len (<= PROP_MAX_LEN) */
    bool quiet;       /* do not print a failure report (for tests of the harness itself) */
} prop_opts;

#define PROP_OPTS_DEFAULT                                                                          \
    {                                                                                              \
        0x5eed1e5u, 2000u, 60u, false                                                              \
    }

typedef struct prop_result {
    bool failed;
    uint64_t seed;                /* the failing run's seed */
    const char *message;          /* the invariant that failed (after shrinking) */
    size_t orig_len;              /* length of the failing sequence as generated */
    size_t len;                   /* length after shrinking */
    prop_event seq[PROP_MAX_LEN]; /* the shrunk sequence */
    unsigned runs;                /* runs executed */
    unsigned long events;         /* events applied in total (not counting shrinking) */
} prop_result;

/**
 * Runs o->runs random sequences (or the single run of AMC_PROP_SEED). Returns true when an
 * invariant failed; r then holds the seed and the shrunk sequence (printed to stderr unless
 * quiet).
 */
bool prop_run(const prop_model *m, const prop_opts *o, prop_result *r);

/** Replays seq on a fresh state; returns the failure message or NULL. */
const char *prop_replay(const prop_model *m, const prop_event *seq, size_t len);

/** Prints a sequence, one event a line. */
void prop_print_seq(FILE *f, const prop_model *m, const prop_event *seq, size_t len);

/* ---- the lifecycle models' declarations (src/lifecycle/model.h) ---- */

#include "lifecycle/model.h"

#define PROP_MAX_TRANSITIONS 64

/**
 * After a step taken through lc_step: counts an accepted step's transition in taken[] (one
 * counter per declared transition) and returns NULL, or the failure of an accepted step that
 * no declared transition matches (the model contradicts its declaration). Call it last, after
 * the model's own invariants.
 */
const char *prop_lc_transition(const lc_out *out, unsigned long *taken);

/** True when every declared transition of md was taken; else prints the missing ones. */
bool prop_lc_all_taken(const lc_model *md, const unsigned long *taken, const char *test);

#endif
