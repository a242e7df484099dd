/*
 * cli_report.h - the verbs of `amc report` (src/cli/cmd_report.c holds the verb table). A verb
 * is a cli_command named "report VERB" (cli_opt.h, .verbs); one declared here and defined in
 * its own file is added to the table in cmd_report.c.
 */
#ifndef AMC_CLI_REPORT_H
#define AMC_CLI_REPORT_H

#include "cli.h"

/* amc report merge FILE...: per-shard reports into one (cmd_report.c). */
extern const cli_command cli_report_merge;
/* amc report html REPORT.json...: conform reports side by side as HTML (cli_html_report.c). */
extern const cli_command cli_report_html;

#endif
