/*
 * cli.h - shared pieces of the amc command-line tool. The CLI owns stdout, stderr, exit codes,
 * colour and the filesystem; the library never does any of that.
 */
#ifndef AMC_CLI_H
#define AMC_CLI_H

#include <stdbool.h>
#include <stdio.h>
#include "amc/amc.h"

/* Exit statuses (SPEC 8). */
enum { CLI_EXIT_OK = 0, CLI_EXIT_INVALID = 1, CLI_EXIT_ERROR = 2 };

typedef enum cli_format {
    CLI_FMT_TEXT = 0,
    CLI_FMT_JSON,
    CLI_FMT_SARIF,
    CLI_FMT_JUNIT,
    CLI_FMT_TAP,
    CLI_FMT_MARKDOWN,
    CLI_FMT_GITHUB /* GitHub Actions workflow commands (::error file=...::message) */
} cli_format;

/* The syntax of an input (--as). */
typedef enum cli_syntax { CLI_SYN_AUTO = 0, CLI_SYN_JSON, CLI_SYN_YAML, CLI_SYN_MIME } cli_syntax;

#include "cli_opt.h"

/* Every subcommand: src/cli/cmd_<name>.c defines `const cli_command cli_cmd_<name>` (its
 * declaration and action, cli_opt.h). Declared from the generated table. */
#define CLI_COMMAND(fn, name) extern const cli_command cli_cmd_##fn;
#include "cli_commands.def"
#undef CLI_COMMAND

/* Reads a whole file ("-" = stdin) into a new NUL-terminated buffer (free with free()).
 * Returns 0; -1 after printing "amc: PATH: reason" to stderr (I/O error); -2, printing
 * nothing, when the input is larger than max bytes (callers report a LIMIT_SIZE diagnostic). */
int cli_read_file(const char *path, size_t max, char **buf, size_t *len);
/* The same, with the "amc: PATH: reason" message written to err (a worker's buffer). */
int cli_read_file_to(FILE *err, const char *path, size_t max, char **buf, size_t *len);

/* Parses --shard "K/N" (decimal, 1 <= K <= N <= 2^31). Returns 0, or -1 if it is not one. */
int cli_parse_shard(const char *s, unsigned *k, unsigned *n);

/* Out of memory where the command cannot stop at once (a piece of a report, a helper that
 * returns a value): records it, and main() ends with "amc: out of memory: the output is
 * incomplete" and exit status 2 instead of the verdict. Thread-safe. */
void cli_nomem(void);
bool cli_nomem_seen(void);

/* Small helpers shared by the workspace commands (audit, watch). */
/* Seconds on the monotonic clock. */
double cli_now(void);
/* "a/b" (just b when a is empty) in a new string (free()); NULL when out of memory. */
char *cli_path_join(const char *a, const char *b);
/* qsort comparator of char * names (strcmp order). */
int cli_cmp_names(const void *x, const void *y);
/* The last folder name of dir when it is one the workspace rules read as a root ("queue",
 * "inbox", "agent-workspace"), else "": the prefix of the paths audit and watch give the
 * rules. Returns a static buffer. */
const char *cli_ws_root_prefix(const char *dir);
/* --exclude: whether one of the GLOBs in ex (fnmatch: *, ?, [...]; ex may be NULL) matches an
 * entry's name or its path. */
bool cli_excluded(const cli_list *ex, const char *name, const char *path);

/* Reads --policy FILE (when given) and, when keyring is true, the mailbox keyring (keyring_file,
 * else the policy's security.keyring_file relative to the policy's folder) into *policy (NULL
 * when there is neither). Problems are printed on stderr ("amc CMD: FILE: invalid policy").
 * Returns 0 or -1. */
int cli_load_policy(const char *cmd, const char *policy_file, const char *keyring_file,
                    bool keyring, size_t max, amc_policy **policy);

/* Diagnostic reporting. A report collects per-file diagnostics and prints them in the chosen
 * format; text and github are printed as they come, json/sarif/junit at cli_report_finish().
 * github: one workflow command per finding (::error|::warning|::notice file=F,line=L,col=C,
 * title=CODE RULE::message; GitHub's escaping); junit: one <testcase> per input, a <failure>
 * when it has errors, its findings as text lines (docs/output.md). */
typedef struct cli_report cli_report;
cli_report *cli_report_new(cli_format fmt, FILE *out, const char *tool_command);
/* Reports the diagnostics of one input (file name as the user gave it; "-" shows "<stdin>"). */
void cli_report_file(cli_report *r, const char *file, const amc_diags *ds);
/* The text form of one input's diagnostics (what cli_report_file prints for --format text). */
void cli_report_text(FILE *out, const char *file, const amc_diags *ds, bool color);
/* Finishes the report (json/sarif/junit written here) and frees it. */
void cli_report_finish(cli_report *r);
/* The same, telling whether the run itself worked (false: exit status 2, a usage or I/O error):
 * SARIF's invocations[0].executionSuccessful, a JUnit <error>. */
void cli_report_end(cli_report *r, bool success);
/* Writes a JSON text (json-c's output) with U+2028 and U+2029 escaped as \u2028 / \u2029:
 * legal raw in JSON, but they end a line in JavaScript source before ES2019 and in some log
 * viewers, so amc's JSON output never carries them raw. */
void cli_json_fputs(const char *json, FILE *out);
/* Whether colour is used (text to a TTY, NO_COLOR unset). */
bool cli_use_color(FILE *f);

/* Prints "file:line:col: severity[CODE]: message" for one diagnostic. */
void cli_print_diag_text(FILE *out, const char *file, const amc_diag *d, bool color);
/* One diagnostic as a new json-c object (the shape of --format json). */
struct json_object *cli_diag_to_json(const amc_diag *d);
/* The summary of a run (amc validate --format json, amc report merge): the last record of a
 * JSON Lines report ({"summary": {...}}) and the "summary" member of a JSON document report.
 * status: the exit status of the run; shard_n > 0 adds "shard": "K/N". */
typedef struct cli_summary {
    uint64_t valid, invalid, unparseable;
    int status;
    unsigned shard_k, shard_n;
} cli_summary;
/* {"valid": N, "invalid": N, "unparseable": N, "status": S[, "shard": "K/N"]} as a new object. */
struct json_object *cli_summary_to_json(const cli_summary *s);
/* JSON document reports: the summary written with the files at cli_report_finish() (no-op for
 * the other formats). */
void cli_report_set_summary(cli_report *r, const cli_summary *s);

/* SARIF reports: declares codes lo..hi as rules even if no result uses them (no-op for the
 * other formats). */
void cli_report_declare_rules(cli_report *r, int lo, int hi);

/* SARIF 2.1.0 log builder (cli_sarif.c); cli_report uses it for --format sarif. */
typedef struct cli_sarif cli_sarif;
cli_sarif *cli_sarif_new(void);
void cli_sarif_declare_rules(cli_sarif *s, int lo, int hi);
/* Adds one result per diagnostic, located in file (the path as the user gave it). */
void cli_sarif_add_diag(cli_sarif *s, const char *file, const amc_diag *d);
void cli_sarif_add(cli_sarif *s, const char *file, const amc_diags *ds);
/* Writes the log to out and frees s. success: invocations[0].executionSuccessful. */
void cli_sarif_finish(cli_sarif *s, FILE *out, bool success);

#endif
