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

/** @} */

#ifdef __cplusplus
}
#endif
#endif
