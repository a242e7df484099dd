/*
 * amc/lint.h - the JSON Schema linter behind `amc lint-schema`: meta-schema validation plus
 * rules with stable IDs (the LINT_* codes of codes_lint.def, numbers 2300-2399) and severities.
 *
 * The linter works on a document already registered in an amc_schema_set (the caller reads the
 * file and adds it; the library never opens files). It reports through an amc_diags sink with
 * positions in that document. docs/lint-rules.md describes every rule with an example.
 */
#ifndef AMC_LINT_H
#define AMC_LINT_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"
#include "amc/schema.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup lint JSON Schema linter
 *  @{ */

/** A severity override for one rule. */
typedef struct amc_lint_severity {
    amc_code code;    /**< a LINT_* code */
    amc_severity sev; /**< the severity to report it with */
} amc_lint_severity;

/** Options of amc_schema_lint(). Start from AMC_LINT_OPTS_DEFAULT; zero fields are defaults. */
typedef struct amc_lint_opts {
    const amc_code *disable; /**< rules not to run (LINT_* codes; others are ignored) */
    size_t n_disable;
    const amc_lint_severity *severity; /**< severity overrides (later entries win) */
    size_t n_severity;
    const char *const *formats; /**< custom "format" names: never LINT_FORMAT_UNKNOWN */
    size_t n_formats;
} amc_lint_opts;

#define AMC_LINT_OPTS_DEFAULT                                                                      \
    {                                                                                              \
        NULL, 0, NULL, 0, NULL, 0                                                                  \
    }

/**
 * Lints the schema document registered under doc_uri (see amc_schema_set_doc()):
 *   1. validates it against the meta-schema its root "$schema" names (the 2020-12 one when
 *      absent or unknown) from the set's registry: one LINT_META_SCHEMA per failure;
 *   2. runs every enabled rule over every subschema (amc_schema_walk());
 *   3. if no error was found so far, compiles it and reports the remaining compile problems as
 *      LINT_COMPILE.
 * Diagnostics are sorted by position and carry positions in the document and, in instance_ptr,
 * the JSON Pointer of the subschema or keyword concerned.
 * @param[in,out] set  the set holding the document (documents it references may be loaded
 *                     through the set's loader)
 * @param[in] doc_uri  the document's URI (as returned by amc_schema_set_add())
 * @param[in] opts     NULL: AMC_LINT_OPTS_DEFAULT
 * @param[in,out] diags where findings go (must not be NULL)
 * @returns AMC_OK when the lint ran (findings, errors included, are in diags); AMC_EINVALID if
 *          no document is registered under doc_uri; AMC_ENOMEM; AMC_EUSAGE for NULL arguments.
 */
AMC_API amc_status amc_schema_lint(amc_schema_set *set, const char *doc_uri,
                                   const amc_lint_opts *opts,
                                   amc_diags *diags) AMC_WARN_UNUSED_RESULT;

/** true if code is a lint rule (a LINT_* code). */
AMC_API bool amc_lint_is_rule(amc_code code);

/**
 * Static long description of a lint rule (what it finds, why it matters and how to fix it),
 * or NULL if code is not a lint rule.
 */
AMC_API const char *amc_lint_rule_help(amc_code code);

/**
 * The 2020-12 keyword nearest to the unknown keyword kw[0..len) by edit distance (optimal string
 * alignment, case-insensitive), or NULL if none is close enough (distance 1 for names up to 4
 * bytes, 2 up to 11 bytes, 3 beyond). Also maps keywords of earlier drafts to their replacement
 * ("definitions"
 * -> "$defs"). Static string.
 */
AMC_API const char *amc_lint_suggest_keyword(const char *kw, size_t len);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
