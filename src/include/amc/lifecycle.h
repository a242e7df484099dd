/*
 * amc/lifecycle.h - lifecycle and dedup models (SPEC 6): replay events through a protocol's
 * state machine and report the first illegal step.
 *
 * A model is a pure transition function (state, event) -> (state', diagnostics): no I/O, no
 * clock (time comes in the events). Events are JSON objects in the per-profile format of
 * docs/lifecycle/<profile>.md; conformance/LIFECYCLE.md gives the common shape, the scenario
 * files (conformance/<profile>/lifecycle/NAME.json) and the trace format `amc trace check` reads.
 */
#ifndef AMC_LIFECYCLE_H
#define AMC_LIFECYCLE_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"
#include "amc/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup lifecycle Lifecycle models
 *  @{ */

typedef struct amc_lifecycle amc_lifecycle;

/** Options of amc_lifecycle_new(). Zero/NULL fields mean the default. */
typedef struct amc_lifecycle_opts {
    const char *profile;      /**< a profile with a model (required) */
    const amc_policy *policy; /**< borrowed; timing constants and limits (NULL: the seeds') */
    const amc_limits *limits; /**< NULL: AMC_LIMITS_DEFAULT */
} amc_lifecycle_opts;

/** Number of profiles that have a lifecycle model. */
AMC_API size_t amc_lifecycle_model_count(void);
/** The profile name of the i-th model, or NULL. */
AMC_API const char *amc_lifecycle_model_at(size_t i);

/**
 * New model instance in its initial state. An unknown profile (or one without a model) is
 * AMC_EUSAGE with a diagnostic (LC_PROFILE_UNKNOWN) listing the models.
 */
AMC_API amc_status amc_lifecycle_new(const amc_lifecycle_opts *opts, amc_diags *diags,
                                     amc_lifecycle **out) AMC_WARN_UNUSED_RESULT;

/**
 * Applies one event: a JSON object in buf (one trace line or one scenario step's "event").
 * @returns AMC_OK: legal step (warnings maybe); AMC_EINVALID: the event is malformed
 *          (LC_EVENT_INVALID) or the step is illegal (the model's codes) - the state is then
 *          unchanged; AMC_ELIMIT (too many entities: limits); AMC_ENOMEM.
 * Positions of diagnostics are in buf.
 */
AMC_API amc_status amc_lifecycle_apply(amc_lifecycle *lc, const char *buf, size_t len,
                                       amc_diags *diags);

/**
 * End of the event stream: reports obligations still open (e.g. a committed outbox message never
 * delivered, a processing message never finished) as the model documents. AMC_OK or AMC_EINVALID.
 */
AMC_API amc_status amc_lifecycle_finish(amc_lifecycle *lc, amc_diags *diags);

/**
 * The observable state as one JSON object (format per profile, docs/lifecycle/<profile>.md;
 * members in a stable order). *json is NUL-terminated; free it with amc_free().
 */
AMC_API amc_status amc_lifecycle_state(const amc_lifecycle *lc, char **json, size_t *len);

/** What a model declares (amc_lifecycle_item). */
typedef enum amc_lifecycle_item_kind {
    AMC_LC_RULES = 0,   /**< its rules: "IGNITE-LC-004" */
    AMC_LC_TRANSITIONS, /**< its transitions: "event: entity from -> to" ("retry: task failed ->
                             running"; "(any)" from any state, "(same)" to the state it was in) */
    AMC_LC_STATES       /**< its entities' states: "entity.state" ("task.running") */
} amc_lifecycle_item_kind;

/** Number of items of a kind the instance's model declares. */
AMC_API size_t amc_lifecycle_items(const amc_lifecycle *lc, amc_lifecycle_item_kind kind);

/**
 * The i-th item of a kind: its name into name (size bytes, NUL-terminated, cut if longer) and
 * in *hits (may be NULL) how often the events applied so far reached it: a rule by a finding, a
 * transition by an accepted step taking it, a state by an accepted step leaving or entering it.
 * A run's coverage is the items with hits > 0 ("rules 14/14, transitions 37/41").
 * @returns AMC_OK, or AMC_EUSAGE (i or kind out of range, NULL arguments).
 */
AMC_API amc_status amc_lifecycle_item(const amc_lifecycle *lc, amc_lifecycle_item_kind kind,
                                      size_t i, char *name, size_t size, unsigned long *hits);

/**
 * The transition the last amc_lifecycle_apply() took: an index for amc_lifecycle_item() with
 * AMC_LC_TRANSITIONS, or -1 (no event yet, the event was malformed or the step rejected).
 */
AMC_API long amc_lifecycle_last_transition(const amc_lifecycle *lc);

/** Frees the instance. NULL: no-op. */
AMC_API void amc_lifecycle_free(amc_lifecycle *lc);

/* ---- event sequences for differential fuzzing (amc fuzz --lifecycle, issue 21) ---- */

/**
 * A generator of random event sequences for a model, from its declaration: every event with
 * its members (entity names from a pool per sequence, many instances and re-used names,
 * counters near their last value, enums, optional members left out), times placed just
 * before, at and just after the model's timing bounds, long runs of one event, restarts and
 * crashes where the model has them, and a share of illegal and malformed steps. Generation
 * aims at the transitions the run has not reached yet. Each sequence is run through amc's model
 * (the oracle): its results are read with amc_lifecycle_gen_step(). The same seed gives the
 * same sequences.
 */
typedef struct amc_lifecycle_gen amc_lifecycle_gen;

/** New generator for opts->profile (AMC_EUSAGE without a model), seeded with seed. */
AMC_API amc_status amc_lifecycle_gen_new(const amc_lifecycle_opts *opts, uint64_t seed,
                                         amc_lifecycle_gen **out) AMC_WARN_UNUSED_RESULT;
AMC_API void amc_lifecycle_gen_free(amc_lifecycle_gen *g);

/**
 * Generates the next sequence (it becomes the current one) and runs amc's model on it; the
 * run's coverage (amc_lifecycle_gen_item) counts it. AMC_OK or AMC_ENOMEM.
 */
AMC_API amc_status amc_lifecycle_gen_next(amc_lifecycle_gen *g);

/** Number of events of the current sequence. */
AMC_API size_t amc_lifecycle_gen_len(const amc_lifecycle_gen *g);

/** The current sequence as a JSON array of event objects. *json: amc_free(). */
AMC_API amc_status amc_lifecycle_gen_events(const amc_lifecycle_gen *g, char **json, size_t *len);

/** amc's result of one step of the current sequence (i < len) or of the end of the stream
 *  (i == len): accepted (no error), the distinct code ids reported and the rule ids of the
 *  findings (" A B " lists), the event (NULL for the end) and the state after it (JSON).
 *  Pointers live until the sequence changes. AMC_EUSAGE when i is out of range. */
typedef struct amc_lifecycle_result {
    bool accepted;
    const char *codes, *rules;
    const char *event, *state;
} amc_lifecycle_result;
AMC_API amc_status amc_lifecycle_gen_step(const amc_lifecycle_gen *g, size_t i,
                                          amc_lifecycle_result *out);

/**
 * Shrinking. amc_lifecycle_gen_candidate(g, k) makes candidate k of the kept sequence current:
 * a smaller variant (events dropped, halves first; one entity merged into another; a gap
 * between events shortened; a counter lowered; an optional member dropped), run through amc's
 * model. AMC_OK; AMC_EUSAGE when k is past the last candidate. Then amc_lifecycle_gen_keep()
 * keeps it (the candidates are then those of the new sequence) or amc_lifecycle_gen_revert()
 * goes back to the kept one. A new sequence (amc_lifecycle_gen_next) is kept at once.
 */
AMC_API amc_status amc_lifecycle_gen_candidate(amc_lifecycle_gen *g, size_t k);
AMC_API void amc_lifecycle_gen_keep(amc_lifecycle_gen *g);
AMC_API void amc_lifecycle_gen_revert(amc_lifecycle_gen *g);

/** Coverage of the generated sequences so far (amc_lifecycle_item's items and names; hits
 *  summed over the sequences amc_lifecycle_gen_next made, shrinking not counted). */
AMC_API size_t amc_lifecycle_gen_items(const amc_lifecycle_gen *g, amc_lifecycle_item_kind kind);
AMC_API amc_status amc_lifecycle_gen_item(const amc_lifecycle_gen *g, amc_lifecycle_item_kind kind,
                                          size_t i, char *name, size_t size, unsigned long *hits);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
