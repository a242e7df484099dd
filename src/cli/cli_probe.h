/*
 * cli_probe.h - `amc probe`: the live checks of a running socket-protocol server (docs/probe.md).
 * The checks are the rules SOCKET-LIVE-001..009 of the catalog (src/conform/rules_live_socket.def);
 * this module runs them over a Unix socket and keeps, per rule, its outcome and findings.
 */
#ifndef AMC_CLI_PROBE_H
#define AMC_CLI_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "amc/amc.h"

#define PROBE_RULES       9 /* SOCKET-LIVE-001 .. SOCKET-LIVE-009 */
#define PROBE_MAX_FIND    8 /* findings kept per rule (the rest are counted) */
#define PROBE_MAX_STEPS   64
#define PROBE_MAX_CLIENTS 64

typedef struct probe_opts {
    const char *path;     /* the server's Unix socket: the only thing ever contacted */
    double timeout;       /* per request, seconds */
    double block_limit;   /* SOCKET-LIVE-008 */
    double max_time;      /* no step starts after this many seconds */
    uint64_t max_request; /* the oversized request is one byte longer */
    unsigned clients;     /* SOCKET-LIVE-009 */
    bool allow_tasks;     /* also send a task (real work on a real server) */
} probe_opts;

typedef enum probe_outcome { PROBE_NOT_RUN = 0, PROBE_PASS, PROBE_FAIL } probe_outcome;

typedef struct probe_finding {
    char step[24];
    char message[400];
    unsigned again; /* later steps that found the same */
} probe_finding;

typedef struct probe_rule {
    const amc_rule *rule;
    probe_outcome outcome;
    size_t nfind, more; /* findings kept, findings dropped */
    probe_finding find[PROBE_MAX_FIND];
    char notes[400]; /* the profile's warnings on replies (SOCKET-LIVE-002), "" if none */
} probe_rule;

typedef struct probe_step {
    char name[24];
    char sent[120];   /* what was sent, in words */
    char result[200]; /* what came back */
    double seconds;
} probe_step;

typedef struct probe_result {
    bool reached; /* the first connection succeeded */
    char connect_error[200];
    char stopped[240]; /* why the probe stopped before its last step, "" if it did not */
    char task_dir[64]; /* the task's project_dir when it was left behind (not empty), else "" */
    probe_rule rules[PROBE_RULES];
    probe_step steps[PROBE_MAX_STEPS];
    size_t nsteps;
    size_t requests;
    double seconds;
} probe_result;

/* Runs every check. Returns 0, or -1 when out of memory (res is then incomplete). */
int cli_probe_run(const probe_opts *o, probe_result *res);

/* Exit status: 3 not reached, 1 a MUST rule failed or was not run (or, strict, a SHOULD rule
 * failed), else 0. */
int cli_probe_exit(const probe_result *res, bool strict);

/* The report (fmt: text, json, junit or markdown; cli_format values) on out; verbose: the
 * text report also lists the steps. */
void cli_probe_report(const probe_result *res, const probe_opts *o, int fmt, bool strict,
                      bool verbose, FILE *out);

#endif
