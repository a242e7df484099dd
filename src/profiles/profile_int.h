/*
 * profile_int.h - the interface every profile implements, and helpers the profiles share.
 *
 * Adding a profile: write src/profiles/<name>.c defining a `const amc_profile_ops
 * amc_profile_<name>`, its catalog rules_<name>.def and codes_<name>.def, and add one row to the
 * table in profile.c. Nothing else changes (the CLI, `amc rules` and the fixture test are
 * generic over the table).
 */
#ifndef AMC_PROFILE_INT_H
#define AMC_PROFILE_INT_H

#include <stdarg.h>
#include "amc/common.h"
#include "amc/date.h"
#include "amc/diag.h"
#include "amc/doc.h"
#include "amc/jcs.h"
#include "amc/json.h"
#include "amc/lint.h"
#include "amc/mime.h"
#include "amc/profile.h"
#include "amc/schema.h"
#include "amc/yaml.h"
#include "core/diag_int.h"
#include "formats/date_int.h"

typedef struct amc_profile_ops {
    amc_profile_info info;
    /* Confidence 0..100 that buf (at path, may be NULL) is a message of this profile. */
    int (*detect)(const char *path, const char *buf, size_t len);
    /* Per-validator state (session, caches); may be NULL. */
    amc_status (*state_new)(amc_validator *v, void **state);
    void (*state_free)(void *state);
    /* Checks one message; reports into ds. Returns AMC_OK or AMC_ENOMEM/AMC_ELIMIT; the verdict
     * is the number of errors the check added. */
    amc_status (*check)(amc_validator *v, void *state, const char *path, const char *buf,
                        size_t len, amc_diags *ds);
} amc_profile_ops;

struct amc_validator {
    const amc_profile_ops *fixed; /* NULL: auto */
    bool stateful;
    const amc_policy *policy;
    amc_limits lim;
    amc_schema_set *schemas; /* created on first use */
    void **states;           /* one per profile of the table, created on first use */
    bool has_now;            /* a reference clock was given */
    int64_t now_ms;          /* the clock, milliseconds since the epoch */
    /* compiled schemas by id (amc_prof_schema_check), so a message costs no registry lookup */
    struct {
        char id[160];
        const amc_schema *schema;
    } compiled[32];
    size_t ncompiled;
    amc_diags *scratch; /* reused by amc_prof_schema_check */
};

/* Policy accessors (policy.c). p may be NULL (defaults). */
uint32_t amc_policy_ignite_max_retries(const amc_policy *p);

/* The mailbox settings (docs/profiles/mailbox.md "Policy file"). Strings and values point into
 * the policy's document. NULL members mean the default. */
typedef struct amc_mailbox_key {
    char *key_id;
    char *principal; /* NULL: a shared key */
    unsigned char *secret;
    size_t secret_len;
} amc_mailbox_key;

typedef struct amc_mailbox_policy {
    bool hmac;                        /* security.signature_algorithm: hmac_sha256 */
    bool from_match;                  /* security.require_from_sender_match */
    bool task_match;                  /* security.require_task_id_match */
    const amc_value *task_types;      /* security.task_id_match_types (NULL: default) */
    int64_t skew_sec, ttl_sec;        /* security.max_clock_skew_sec, nonce_ttl_sec */
    int64_t max_delivery;             /* mailbox.max_delivery_attempts */
    const char *rr_consumer;          /* review.review_result_consumer */
    const char *ar_consumer;          /* review.aggregation_result_consumer */
    const amc_value *required_agents; /* review.required_agents (NULL: codex, claude) */
    const amc_value *acl;             /* security.acl (NULL: derived) */
    const amc_value *workers;         /* workers (NULL: ROUTE-003 off) */
    const char *keyring_file;         /* security.keyring_file */
    amc_mailbox_key *keys;
    size_t nkeys;
    /* Lifecycle timings (seconds; 0: the seed's default): retries.max_attempts,
     * mailbox.visibility_timeout_sec, lease.ttl_sec, heartbeat.ttl_sec,
     * timeouts.task_soft_timeout_sec, timeouts.task_hard_timeout_sec. */
    int64_t max_attempts, visibility_sec, lease_sec, heartbeat_sec, soft_sec, hard_sec;
} amc_mailbox_policy;

const amc_mailbox_policy *amc_policy_mailbox(const amc_policy *p);

/* Rules. Each room owns its rules: the profiles their message rules (rules_<profile>.def),
 * src/lifecycle the lifecycle rules, src/audit the workspace rules; src/conform/catalog.c joins
 * them into the public catalog (amc/catalog.h). One row of a rules_*.def file, AMC_RULE(id,
 * level, section, code, summary, decision), becomes an amc_rule of profile P with
 *   #define AMC_RULE(...) AMC_RULE_ROW("P", __VA_ARGS__)                                      */
#define AMC_RULE_ROW(P, id, lvl, sec, code, sum, dec)                                              \
    {id, P, AMC_RULE_##lvl, sec, AMC_C_##code, sum, dec},

/* One profile's rules of one room, in catalog order. */
typedef struct amc_rule_set {
    const char *profile;
    const amc_rule *v;
    size_t n;
} amc_rule_set;

/* The message rules of a profile (NULL: no such profile). */
const amc_rule_set *amc_prof_rules(const char *profile);
/* The message rule with this id; NULL if unknown (a bug). */
const amc_rule *amc_prof_rule(const char *rule_id);
/* The rule with this id in n sets (a linear search, for a room's few rules); NULL if none. */
const amc_rule *amc_rule_set_find(const amc_rule_set *list, size_t n, const char *id);

/* Emits a diagnostic for rule r: its code and the severity of its level (MUST: error, SHOULD:
 * warning), rule_id set; instance_ptr may be NULL (a header name for header rules). fmt NULL:
 * the code's default message. r NULL (an unknown rule: a bug) is AMC_EINTERNAL. */
amc_status amc_prof_emit_rule(amc_diags *ds, const amc_rule *r, amc_pos at,
                              const char *instance_ptr, const char *fmt, ...) AMC_PRINTF(5, 6);
amc_status amc_prof_vemit_rule(amc_diags *ds, const amc_rule *r, amc_pos at,
                               const char *instance_ptr, const char *fmt, va_list ap)
    AMC_PRINTF(5, 0);
/* The same for the message rule with this id (amc_prof_rule). */
amc_status amc_prof_emit(amc_diags *ds, const char *rule_id, amc_pos at, const char *instance_ptr,
                         const char *fmt, ...) AMC_PRINTF(5, 6);
/* Same with an explicit code (reader codes that accompany a rule). */
amc_status amc_prof_emit_code(amc_diags *ds, const char *rule_id, amc_code code, amc_severity sev,
                              amc_pos at, const char *instance_ptr, const char *fmt, ...)
    AMC_PRINTF(7, 8);
/* A profile rule that restates a reader diagnostic takes its place (one finding, one line): a
 * copy of reader with the rule's code, severity and id, the reader's code as also_code. */
amc_status amc_prof_restate(amc_diags *ds, const char *rule_id, const amc_diag *reader);
/* Appends copies of every diagnostic of src to dst with rule_id set where it has none (NULL:
 * unchanged), rebased by base (NULL: none; see amc_diags_rebase) for a sub-buffer. */
amc_status amc_prof_copy(amc_diags *dst, const amc_diags *src, const char *rule_id,
                         const amc_pos *base);

/* Validates value (in doc) against the embedded schema with this $id. Schema failures are
 * appended to ds with rule_id set (instance/keyword locations kept; positions in doc's source).
 * base rebases positions (see amc_prof_copy). *valid gets the verdict. A schema that does not
 * compile is AMC_EINTERNAL. */
amc_status amc_prof_schema_check(amc_validator *v, const char *schema_id, const amc_doc *doc,
                                 const amc_value *value, const amc_pos *base, amc_diags *ds,
                                 const char *rule_id, bool *valid);

/* The rule of the first schema object, from a failing keyword's absolute location (uri, with a
 * JSON Pointer fragment) outwards within its document, whose $comment starts with "[RULE-ID]";
 * NULL if none (schemas/<profile>/ tag their subschemas that way). *st becomes AMC_ENOMEM if
 * the schema document could not be looked up for lack of memory (untouched otherwise). */
const amc_rule *amc_prof_tagged_rule(amc_validator *v, const char *uri, amc_status *st);

#endif
