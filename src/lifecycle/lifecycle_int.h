/*
 * lifecycle_int.h - the interface every lifecycle model implements (SPEC 6).
 *
 * Adding a model: write src/lifecycle/<profile>.c defining `const amc_lc_ops amc_lc_<profile>`,
 * its rules in rules_lc_<profile>.def (ids <P>-LC-NNN, included by the model's file; the
 * catalog, src/conform/catalog.c, lists them), its codes in the codes_lc*.def range of the
 * profile, document its
 * events and state in docs/lifecycle/<profile>.md, and add one row to the table in
 * src/lifecycle/lifecycle.c.
 *
 * A model's typed core (its own struct state and typed events, in src/lifecycle/<profile>.h) is
 * what the property tests (tests/property/) drive directly; the ops below are the JSON edge used
 * by scenarios, traces and the conformance adapter. Both paths run the same transition code.
 */
#ifndef AMC_LIFECYCLE_INT_H
#define AMC_LIFECYCLE_INT_H

#include "amc/doc.h"
#include "amc/json.h"
#include "amc/lifecycle.h"
#include "profiles/profile_int.h"
#include "core/buf_int.h"
#include "core/diag_int.h"

typedef struct amc_lc_config {
    const amc_policy *policy; /* NULL: the seed's constants */
    amc_limits lim;           /* normalized */
} amc_lc_config;

typedef struct amc_lc_ops {
    const char *profile;
    const amc_rule_set *rules; /* its lifecycle rules (rules_lc_<profile>.def) */
    amc_status (*create)(const amc_lc_config *cfg, void **model);
    void (*destroy)(void *model);
    /* One event (a JSON object in doc). An illegal step reports errors into ds, leaves the
     * model unchanged and returns AMC_EINVALID; a malformed event is LC_EVENT_INVALID (with the
     * position of the offending member). */
    amc_status (*apply)(void *model, const amc_doc *doc, const amc_value *event, amc_diags *ds);
    /* End of stream: open obligations. */
    amc_status (*finish)(void *model, amc_diags *ds);
    /* Appends the observable state as one JSON object to out. */
    amc_status (*state)(const void *model, amc_buf *out);
} amc_lc_ops;

/* The lifecycle rules of the profile's model (NULL: no model). */
const amc_rule_set *amc_lc_rules(const char *profile);

#endif
