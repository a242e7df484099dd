/*
 * amc/conform.h - the conformance runner's core (SPEC 7): fixture manifests, the adapter
 * protocol's replies, verdict comparison, scoring, expected-failure lists and reports.
 *
 * Pure: no process handling and no file I/O (the CLI, `amc conform`, does those). Protocol:
 * conformance/PROTOCOL.md. Fixture format: conformance/README.md.
 */
#ifndef AMC_CONFORM_H
#define AMC_CONFORM_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup conform Conformance runner
 *  @{ */

/** Protocol version spoken by this runner. */
#define AMC_CONFORM_PROTOCOL 1

/** Outcome of one case. */
typedef enum amc_conform_outcome {
    AMC_CONFORM_NOT_TESTED = 0, /**< selected but never run (adapter gone, --max-fail hit) */
    AMC_CONFORM_PASS,           /**< the implementation's verdict (and codes) match */
    AMC_CONFORM_FAIL,           /**< they do not */
    AMC_CONFORM_SKIP,           /**< needs an unclaimed capability, or the adapter skipped */
    AMC_CONFORM_ERROR,          /**< error reply, crash, timeout or garbage reply */
    AMC_CONFORM_XFAIL,          /**< failed/errored and listed in the expected-failure file */
    AMC_CONFORM_XPASS           /**< passed but listed there: a stale entry (fails the run) */
} amc_conform_outcome;

/** "pass", "fail", "skip", "error", "not-tested", "xfail", "xpass". */
AMC_API const char *amc_conform_outcome_str(amc_conform_outcome o);

/** One case of a manifest, plus its result. Strings live as long as the suite. */
typedef struct amc_conform_case {
    const char *id, *profile, *rule, *description;
    bool must;          /**< level MUST (else SHOULD) */
    bool want_valid;    /**< expected verdict */
    const char **codes; /**< minimum set of codes */
    size_t ncodes;
    const char **absent; /**< absent_codes, plus the rule's code for a passing case */
    size_t nabsent;
    const char **files; /**< input (1) or session files, relative to the manifest */
    size_t nfiles;
    bool stateful;            /**< a session */
    const char *policy, *now; /**< NULL when absent */
    const char *caps[6];      /**< capabilities needed (PROTOCOL.md "Capabilities") */
    bool lifecycle;           /**< a lifecycle scenario (conformance/LIFECYCLE.md) */
    const amc_value *steps;   /**< scenario: its "steps" array */
    const amc_value *final;   /**< scenario: its "final" object, or NULL */
    size_t ncaps;
    const char **tags; /**< the case's tags (none for scenarios) */
    size_t ntags;
    /** The file that holds the case, relative to the profile's directory: "cases.json", or
     *  "lifecycle/NAME.json" for a scenario added with a file name ("lifecycle/" otherwise). */
    const char *source;
    /* set by the caller / the runner */
    bool selected; /**< part of this run (--profile, --filter) */
    amc_conform_outcome outcome;
    bool xfail_listed;
    const char *xfail_reason; /**< "" when none */
    char message[240];        /**< why it failed/errored/was skipped ("" when passed) */
    double seconds;
    unsigned missing; /**< SKIP by amc_conform_gate(): bit k set = caps[k] not claimed */
    int got_verdict;  /**< the implementation's verdict: 1 valid, 0 invalid, -1 none (yet) */
    /** The codes it reported (a verdict reply with "codes"; for a scenario, those of the step
     *  that failed), space-separated, cut with " ..." when longer; "" when none. */
    char got_codes[256];
} amc_conform_case;

typedef struct amc_conform_suite amc_conform_suite;

AMC_API amc_conform_suite *amc_conform_suite_new(void);
AMC_API void amc_conform_suite_free(amc_conform_suite *s);
/**
 * Adds the cases of one manifest (conformance/<profile>/cases.json bytes). Malformed manifests
 * are AMC_EINVALID (CONFORM_MANIFEST_INVALID, positions in buf); nothing is added then.
 */
AMC_API amc_status amc_conform_suite_add(amc_conform_suite *s, const char *profile, const char *buf,
                                         size_t len, amc_diags *diags);
/**
 * Adds one lifecycle scenario (conformance/<profile>/lifecycle/NAME.json bytes, format in
 * conformance/LIFECYCLE.md) as a case needing "<profile>.lifecycle". Its `policy`, when not null,
 * is kept in files[0] (relative to the profile directory: "lifecycle/" + the path). Malformed:
 * AMC_EINVALID (CONFORM_MANIFEST_INVALID).
 */
AMC_API amc_status amc_conform_suite_add_scenario(amc_conform_suite *s, const char *profile,
                                                  const char *buf, size_t len, amc_diags *diags);
/**
 * The same, naming the scenario's file relative to the profile's directory (for example
 * "lifecycle/dedup.json"): reports show it as the case's input. NULL: unknown.
 */
AMC_API amc_status amc_conform_suite_add_scenario_file(amc_conform_suite *s, const char *profile,
                                                       const char *file, const char *buf,
                                                       size_t len, amc_diags *diags);
/** The lifecycle request of a scenario case (one line, no newline). *out: amc_free(). */
AMC_API amc_status amc_conform_lifecycle_request(const amc_conform_case *c, long long seq,
                                                 char **out, size_t *len);
AMC_API size_t amc_conform_case_count(const amc_conform_suite *s);
AMC_API amc_conform_case *amc_conform_case_at(amc_conform_suite *s, size_t i);
/**
 * Suite sanity (--check-suite): ids unique across profiles and made of [A-Za-z0-9._-];
 * every rule of an implemented profile in its catalog with the right level; every catalog
 * rule (except lifecycle -LC- rules) with a passing and a failing case. AMC_OK or AMC_EINVALID.
 */
AMC_API amc_status amc_conform_suite_check(const amc_conform_suite *s, amc_diags *diags);

/** fnmatch-style glob (* ? [..]) over a case id. */
AMC_API bool amc_conform_glob(const char *pattern, const char *id);

/** Kinds of replies. */
typedef enum amc_conform_reply_kind {
    AMC_CONFORM_R_HELLO = 0,
    AMC_CONFORM_R_VERDICT,
    AMC_CONFORM_R_STATES,
    AMC_CONFORM_R_OK,      /**< reset / stop acknowledged */
    AMC_CONFORM_R_SKIPPED, /**< "skipped": reason */
    AMC_CONFORM_R_ERROR    /**< "error": message */
} amc_conform_reply_kind;

/** A parsed adapter reply. Strings live as long as the reply. */
typedef struct amc_conform_reply {
    amc_conform_reply_kind kind;
    long long seq;
    bool valid;     /**< verdict */
    bool has_codes; /**< the reply had a "codes" member */
    const char **codes;
    size_t ncodes;
    const char *text;                                 /**< skipped reason / error message */
    const char *name, *version, *language, *homepage; /**< hello */
    int protocol;                                     /**< hello */
    const char **profiles, **capabilities;
    size_t nprofiles, ncapabilities;
    const amc_value *states; /**< lifecycle: the "states" array */
    const amc_value *final;  /**< lifecycle: "final", or NULL */
} amc_conform_reply;

/**
 * Parses and checks one reply line against the protocol (PROTOCOL.md; schemas in
 * conformance/protocol/) for a request of type op ("hello", "validate", "lifecycle", "reset",
 * "stop") with sequence number seq. Anything else (not JSON, wrong seq, wrong member types,
 * unknown verdict, NUL bytes) is AMC_EINVALID with CONFORM_REPLY_INVALID; AMC_ENOMEM when
 * memory runs out, also for that diagnostic (never AMC_EINVALID without its diagnostic).
 * *out: free with amc_conform_reply_free().
 */
AMC_API amc_status amc_conform_reply_parse(const char *buf, size_t len, const char *op,
                                           long long seq, amc_diags *diags,
                                           amc_conform_reply **out) AMC_WARN_UNUSED_RESULT;
AMC_API void amc_conform_reply_free(amc_conform_reply *r);
/** Whether the hello reply claims this capability (or a whole profile's via its name). */
AMC_API bool amc_conform_claims(const amc_conform_reply *hello, const char *cap);

/**
 * Capability gating (PROTOCOL.md "Capabilities"): when the case needs a capability that
 * `claims` (a hello reply, or one the caller filled in: exec mode) does not claim, marks it
 * SKIP, records every unclaimed one in c->missing, says which in c->message and returns false.
 * Returns true when the case may run. A NULL claims claims nothing.
 */
AMC_API bool amc_conform_gate(amc_conform_case *c, const amc_conform_reply *claims);

/**
 * What a capability means, for reports: "reads the file's name and place in the tree" for
 * "<profile>.path", and so on; "implements the profile" for a bare profile name, "reports amc's
 * code ids" for "codes". Static string; never NULL.
 */
AMC_API const char *amc_conform_capability_text(const char *cap);

/**
 * Judges a lifecycle case from its reply (states/skipped/error): one state per step; each
 * step's `accepted` equal to the expected one, every expected code reported, the expected
 * `state` contained in the reported one (objects: subset, recursively; arrays and scalars:
 * equal); the same for `final` when the scenario has one.
 */
AMC_API void amc_conform_judge_lifecycle(amc_conform_case *c, const amc_conform_reply *r);

/**
 * Judges a case from a verdict/skipped/error reply: sets outcome and message. With
 * verdict_only (exec mode, or an adapter without the "codes" capability) only the verdict is
 * compared; otherwise every listed code must be reported and no absent code.
 */
AMC_API void amc_conform_judge(amc_conform_case *c, const amc_conform_reply *r, bool verdict_only);

/**
 * Reads an expected-failure file: lines "case-id  # reason", blank lines and lines starting
 * with '#' ignored. Marks listed cases. A malformed line is CONFORM_XFAIL_INVALID (AMC_EINVALID);
 * an id naming no case is a warning (CONFORM_XFAIL_UNKNOWN).
 */
AMC_API amc_status amc_conform_xfail_read(amc_conform_suite *s, const char *buf, size_t len,
                                          amc_diags *diags);
/** After the run: listed failures become XFAIL, listed passes XPASS (stale); every message is
 *  made valid UTF-8 without control characters ('?' replaces the rest). Call before reports. */
AMC_API void amc_conform_finalize(amc_conform_suite *s);
/** A new expected-failure file listing every selected case that failed or errored now
 *  (reasons kept from the old file). *out: amc_free(). */
AMC_API amc_status amc_conform_xfail_render(const amc_conform_suite *s, char **out, size_t *len);

/** Counts over the selected cases of one profile (NULL: all). */
typedef struct amc_conform_summary {
    size_t total, pass, fail, skip, error, not_tested, xfail, xpass;
    size_t must_bad;    /**< MUST cases failed/errored/not tested (not expected) */
    size_t should_bad;  /**< SHOULD cases failed/errored/not tested (not expected) */
    size_t denominator; /**< total - skip: what the score divides by */
    /** Cases that ran and got an outcome from the implementation: pass, fail, error, xfail
     *  and xpass ("measured N of M cases"). SKIP and NOT TESTED are not measured. */
    size_t measured;
    size_t must_total, must_measured, must_pass; /**< the same over MUST cases */
    size_t must_excused; /**< MUST cases failed/errored but listed as expected failures (XFAIL) */
    size_t should_total, should_measured, should_pass; /**< and over SHOULD cases */
} amc_conform_summary;
AMC_API void amc_conform_summarize(const amc_conform_suite *s, const char *profile,
                                   amc_conform_summary *out);

/** What the report says about the run. Members after `reached` may be left zero. */
typedef struct amc_conform_run_info {
    const char *impl_name, *impl_version, *impl_language, *impl_homepage; /**< NULL: unknown */
    const char *mode;  /**< "adapter" or "exec" */
    bool verdict_only; /**< codes were not compared */
    bool reached;      /**< the implementation could be started and answered */
    /** What the implementation claims (its hello, or the exec mode's capabilities); reports
     *  list it and explain skipped cases with it. NULL: not known. */
    const amc_conform_reply *claims;
    const char *suite; /**< the fixture root the run used (reports show inputs below it) */
    /** A command that reruns this run (shell words, already quoted): reports append
     *  " --filter 'CASE-ID'" to replay one case. NULL: no replay commands. */
    const char *replay;
} amc_conform_run_info;

/**
 * The verdict, which never overstates (conformance/REPORT.md):
 *   CONFORMANT      every selected MUST case was measured and passed (SHOULD failures are
 *                   warnings), none only excused by the expected-failure list;
 *   NOT_CONFORMANT  a MUST case failed, errored or was not tested, excused or not;
 *   INCOMPLETE      no MUST case failed, but some were not measured (unclaimed capabilities);
 *   NOT_MEASURED    the implementation was not reached, or no selected case was measured.
 * The gate (exit status) is a separate question: see amc_conform_exit_status().
 */
typedef enum amc_conform_verdict {
    AMC_CONFORM_CONFORMANT = 0,
    AMC_CONFORM_NOT_CONFORMANT,
    AMC_CONFORM_INCOMPLETE,
    AMC_CONFORM_NOT_MEASURED
} amc_conform_verdict;
AMC_API amc_conform_verdict amc_conform_verdict_of(const amc_conform_suite *s,
                                                   const amc_conform_run_info *info);
/** "conformant", "not-conformant", "incomplete", "not-measured". */
AMC_API const char *amc_conform_verdict_str(amc_conform_verdict v);

/**
 * The gate, as an exit status: 3 not measured; 1 fail (a MUST case failed, errored or was not
 * tested without an expected-failure entry, or an entry is stale); 0 pass (excused failures,
 * SHOULD failures and unclaimed capabilities keep it green: the verdict says what they mean).
 */
AMC_API int amc_conform_exit_status(const amc_conform_suite *s, const amc_conform_run_info *info);

typedef enum amc_conform_format {
    AMC_CONFORM_TEXT = 0,
    AMC_CONFORM_JSON,
    AMC_CONFORM_JUNIT,
    AMC_CONFORM_TAP,
    AMC_CONFORM_MARKDOWN
} amc_conform_format;

/** Writes a report of the selected cases. *out: NUL-terminated, amc_free(). */
AMC_API amc_status amc_conform_report(const amc_conform_suite *s, const amc_conform_run_info *info,
                                      amc_conform_format fmt, char **out, size_t *len);

/* ---- lifecycle fuzzing (amc fuzz --lifecycle): a reply against amc's results ---- */

struct amc_lifecycle_gen;

/** Where an implementation's lifecycle result first differs from amc's. */
typedef struct amc_conform_divergence {
    long step;         /**< 0-based event index; the sequence's length: the end; -1: none */
    char cls[160];     /**< what differs at which event, without its position
                            ("accepted:ack:impl-accepted", "codes:consume:LC_MAILBOX_DUPLICATE",
                            "state:relay", "results", "final:codes:..."): stable under
                            shrinking, the finding's class */
    char message[400]; /**< one line */
    char *impl;        /**< the implementation's result of that step (JSON), or NULL */
    bool nomem;        /**< out of memory: amc's side could not be compared (true returned,
                            not a divergence of the implementation) */
} amc_conform_divergence;

/**
 * Compares the reply to a lifecycle request of the generator's current sequence with amc's
 * results on it, as the scenario judge would with all of amc's results as the expectations:
 * per step `accepted`, amc's codes (only when codes is true) and amc's state contained in the
 * reported one, then the end of the stream. True with d filled at the first difference; then
 * amc_conform_divergence_clear(d).
 */
AMC_API bool amc_conform_lifecycle_diverges(const struct amc_lifecycle_gen *g,
                                            const amc_conform_reply *r, bool codes,
                                            amc_conform_divergence *d);
AMC_API void amc_conform_divergence_clear(amc_conform_divergence *d);

/**
 * The generator's current sequence as a scenario file (conformance/LIFECYCLE.md) with amc's
 * results as its expectations (codes only when codes is true), the rules amc reported in it.
 * *json: amc_free().
 */
AMC_API amc_status amc_conform_lifecycle_scenario(const struct amc_lifecycle_gen *g,
                                                  const char *profile, const char *id,
                                                  const char *description, bool codes, char **json,
                                                  size_t *len);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
