/*
 * cli_config.h - per-rule settings of the amc tool (issue 14 item 5): `--disable ID`,
 * `--config FILE`, and a `.amc.yaml` discovered in the working folder or its parents (up to the
 * enclosing repository's root, the first folder holding a `.git`), unless `--no-config` or
 * AMC_NO_CONFIG=1. Used by validate, audit, lint-schema, trace check and rules; a reusable loader
 * for any command that wants the same settings (docs/output.md "Rule settings").
 *
 * Config file (JSON for *.json, YAML otherwise; every key optional):
 *     rules:                      # ID: off | info | warning | error
 *       MAILBOX-ROUTE-002: off    # a catalog rule id ...
 *       MAILBOX_SIGNATURE_UNKEYED: error   # ... a code identifier ...
 *       lint.dialect: warning     # ... or a code's dotted name
 *     profile: mailbox            # defaults for options not given on the command line
 *     policy: runtime.yaml        # (relative to the config file's folder)
 *     format: json
 *     disable: [LINT_DIALECT]     # lint-schema's older spelling: the same as ID: off
 *     severity: {LINT_FORMAT_UNKNOWN: info}   # lint-schema's older spelling of rules
 *     known-formats: [int32, x-color]  # lint-schema: custom formats your validators check
 * Decisions:
 *   - An unknown ID, level or key is an error with its position (exit 2): a typo must not leave
 *     a rule silently on.
 *   - A setting by rule id applies to that rule's diagnostics; by code, to every diagnostic with
 *     that code (whatever rule reported it). A diagnostic's second code (also_code) is not
 *     matched. When both match, the rule id wins. --disable comes after the file and wins.
 *   - Settings act as a filter on the diagnostics list as they are reported (amc_diags_set_filter):
 *     a rule turned off is neither printed nor counted, so it changes the verdict and the exit
 *     status like a rule that passed; a warning raised to error fails the input.
 */
#ifndef AMC_CLI_CONFIG_H
#define AMC_CLI_CONFIG_H

#include <stdbool.h>
#include "cli.h"

#define CLI_LEVEL_OFF (-1) /* a rule turned off; other levels are amc_severity values */

typedef struct cli_rule_setting {
    char *id;            /* as written */
    amc_code code;       /* the code it names (0: a rule id) */
    const char *rule_id; /* the catalog rule id it names (NULL: a code) */
    int level;           /* CLI_LEVEL_OFF or an amc_severity */
} cli_rule_setting;

typedef struct cli_config {
    char *path;                      /* the file read, or NULL */
    char *profile, *policy, *format; /* defaults (policy resolved against the file's folder) */
    cli_rule_setting *rules;
    size_t n_rules;
    char **known_formats; /* lint-schema's custom formats (as --known-format) */
    size_t n_known_formats;
} cli_config;

/* The .amc.yaml in the working folder or a parent, up to the enclosing repository's root (or
 * the filesystem root outside a repository); a new string, or NULL if there is none. */
char *cli_config_discover(void);

/* Loads the settings of `amc CMD`: FILE if given, else the discovered .amc.yaml unless no_config
 * or AMC_NO_CONFIG=1 (a missing .amc.yaml is no settings). Problems are printed on stderr
 * ("FILE:LINE:COL: message"); returns 0 or -1 (the caller exits 2). */
int cli_config_load(const char *cmd, const char *file, bool no_config, cli_config *cfg);

/* Adds "ID: off" (--disable). Returns 0, or -1 if ID names no rule or code (printing nothing). */
int cli_config_disable(cli_config *cfg, const char *id);

/* Whether id names a rule or a code: NULL if it does, else why not (a cli_opt .check). */
const char *cli_config_check_id(const char *id);

/* The level the settings give a diagnostic of this code and rule (rule_id may be NULL), or
 * dflt when no setting applies. */
int cli_config_level(const cli_config *cfg, amc_code code, const char *rule_id, int dflt);

/* Installs the settings on a diagnostics list (no-op without settings). cfg must outlive ds. */
void cli_config_install(const cli_config *cfg, amc_diags *ds);

void cli_config_free(cli_config *cfg);

/* The command line's choice wins over the config's defaults: the format the config names
 * (profile and policy: the caller uses them when its own option is NULL). Returns 0, or -1
 * after printing why (an unknown format name). */
int cli_config_format(const cli_config *cfg, const char *cmd, const char *allow, int *format);

#endif
