/*
 * amc/profile.h - protocol profiles: the rule catalog, policies and the message validator.
 *
 * A profile checks one protocol's messages (SPEC 5): its schemas plus semantic rules the schemas
 * cannot express. Every rule has a catalog entry (amc_rule, amc/catalog.h); every diagnostic a
 * rule reports carries the rule's id in amc_diag.rule_id. Only implemented profiles are listed.
 */
#ifndef AMC_PROFILE_H
#define AMC_PROFILE_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup profile Profiles
 *  @{ */

/** Rule level: a failing MUST rule is an error, a failing SHOULD rule a warning. */
typedef enum amc_rule_level { AMC_RULE_MUST = 0, AMC_RULE_SHOULD = 1 } amc_rule_level;

/** One catalog entry. All strings are static. */
typedef struct amc_rule {
    const char *id;       /**< "IGNITE-HDR-001" */
    const char *profile;  /**< "ignite" */
    amc_rule_level level; /**< MUST or SHOULD */
    const char *section;  /**< the seed section the rule comes from */
    amc_code code;        /**< the diagnostic code it reports */
    const char *summary;  /**< what it checks */
    const char *decision; /**< decision note where the seed is ambiguous ("" if none) */
} amc_rule;

/* The catalog of every rule (amc_rule_count, amc_rule_at, amc_rule_find) is amc/catalog.h. */

/** "MUST" or "SHOULD". */
AMC_API const char *amc_rule_level_str(amc_rule_level level);

/** An implemented profile. */
typedef struct amc_profile_info {
    const char *name;  /**< "ignite" */
    const char *title; /**< one line */
    const char *seed;  /**< the seed document it implements */
} amc_profile_info;

/** Number of implemented profiles. */
AMC_API size_t amc_profile_count(void);
/** The i-th profile, or NULL. */
AMC_API const amc_profile_info *amc_profile_at(size_t i);
/** The profile with this name, or NULL. */
AMC_API const amc_profile_info *amc_profile_find(const char *name);

/**
 * Deployment settings read from a YAML or JSON policy file (SPEC 5). A mapping; keys:
 *   max_retries: N        (ignite: the X-IGNITE-Retry-Count limit of IGNITE-RTY-002; default 3)
 *   ignite: {max_retries: N}   (the same, scoped to the profile; wins over the top-level key)
 * The mailbox profile reads the implementation's runtime config format as is (security.*,
 * review.*, mailbox.max_delivery_attempts, retries.max_attempts, workers; docs/profiles/
 * mailbox.md "Policy file"); its other sections are recognized without a diagnostic.
 * Unknown keys are warnings (POLICY_UNKNOWN_KEY): later profiles add their own keys.
 */
typedef struct amc_policy amc_policy;

/** Reads a policy. Errors (POLICY_INVALID, reader codes) go to diags. *out: amc_policy_free. */
AMC_API amc_status amc_policy_read(const char *buf, size_t len, amc_diags *diags,
                                   amc_policy **out) AMC_WARN_UNUSED_RESULT;
/** Frees a policy. NULL: no-op. */
AMC_API void amc_policy_free(amc_policy *p);

/**
 * The mailbox keyring file named by the policy (security.keyring_file, as written: relative to
 * the policy file's directory), or NULL. The library opens no file: the caller reads it and
 * passes the bytes to amc_policy_set_keyring().
 */
AMC_API const char *amc_policy_keyring_file(const amc_policy *p);
/**
 * Sets the mailbox keyring (YAML/JSON bytes, format in docs/profiles/mailbox.md "Keyring"),
 * replacing any earlier one. Errors: MAILBOX_KEYRING_INVALID (AMC_EINVALID; the policy keeps
 * its previous keyring).
 */
AMC_API amc_status amc_policy_set_keyring(amc_policy *p, const char *buf, size_t len,
                                          amc_diags *diags) AMC_WARN_UNUSED_RESULT;

/**
 * Mailbox signature of an envelope (JSON bytes): lowercase hex into out (65 bytes, NUL-terminated)
 * under scheme "sha256" or "hmac_sha256" (NULL: the policy's security.signature_algorithm; no
 * policy: sha256). hmac_sha256 takes the key of the envelope's key_id from the policy's keyring.
 * Errors (AMC_EINVALID, reported): JSON errors, not an object, MAILBOX_KEY_UNKNOWN, a value JCS
 * cannot canonicalize; AMC_EUSAGE for an unknown scheme.
 */
AMC_API amc_status amc_mailbox_signature(const char *buf, size_t len, const amc_policy *policy,
                                         const char *scheme, amc_diags *diags, char out[65]);

/** Options of amc_validator_new(). Zero/NULL fields mean the default. */
typedef struct amc_validator_opts {
    const char *profile;      /**< a profile name or "auto" (NULL: "auto") */
    bool stateful;            /**< one session across every checked message, in order */
    const amc_policy *policy; /**< borrowed; must outlive the validator (NULL: defaults) */
    const amc_limits *limits; /**< NULL: AMC_LIMITS_DEFAULT */
    const char *now;          /**< reference clock, RFC 3339 date-time (NULL: none; the
                                   mailbox time rules then do not run) */
} amc_validator_opts;

typedef struct amc_validator amc_validator;

/**
 * New validator. An unknown profile name is AMC_EUSAGE with a diagnostic (PROFILE_UNDETECTED)
 * listing the available profiles; so is a `now` that is not an RFC 3339 date-time.
 */
AMC_API amc_status amc_validator_new(const amc_validator_opts *opts, amc_diags *diags,
                                     amc_validator **out) AMC_WARN_UNUSED_RESULT;

/**
 * Checks one message.
 * @param path  the message's path relative to the walked root ('/' separators), used by
 *              detection and placement rules; NULL when unknown (stdin): those rules are skipped
 * @param buf,len the message bytes
 * @param diags where the diagnostics go (appended; positions are in buf)
 * @param profile_used (may be NULL) the profile that checked it, or NULL if none was detected
 * @returns AMC_OK: no error was reported (warnings maybe); AMC_EINVALID: errors reported
 *          (including PROFILE_UNDETECTED); AMC_ELIMIT; AMC_ENOMEM; AMC_EUSAGE (NULL arguments).
 */
AMC_API amc_status amc_validator_check(amc_validator *v, const char *path, const char *buf,
                                       size_t len, amc_diags *diags, const char **profile_used);

/**
 * Forgets every message checked so far (a stateful validator's session: seen ids, nonces,
 * state versions, ...): the validator then checks as a new one with the same options would,
 * but keeps the schemas it has compiled, so checking many independent sessions does not pay a
 * schema compile each. NULL: no-op.
 */
AMC_API void amc_validator_reset(amc_validator *v);

/** Frees the validator. NULL: no-op. */
AMC_API void amc_validator_free(amc_validator *v);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
