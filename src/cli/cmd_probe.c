/*
 * cmd_probe.c - amc probe: check a running server of the socket protocol over its Unix socket
 * (docs/probe.md). The checks and their rules are cli_probe.c's; this file is the declaration,
 * the option checks and the report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_probe.h"

typedef struct pargs {
    const char *profile, *socket;
    double timeout, block_limit, max_time;
    uint64_t max_request, clients;
    int format;
    bool allow_tasks, strict, verbose;
} pargs;

static int probe_main(void *args, const cli_list *operands)
{
    const pargs *a = args;
    probe_opts o;
    probe_result *res = NULL;
    int st = 0;
    (void)operands;
    if (!a->socket)
        return cli_usage_error(&cli_cmd_probe, "--socket PATH is required");
    if (!*a->socket)
        return cli_usage_error(&cli_cmd_probe, "--socket: the path is empty");
    if (a->profile && strcmp(a->profile, "socket") != 0)
        return cli_usage_error(&cli_cmd_probe,
                               "--profile %s: amc probe has live checks for the socket profile "
                               "only",
                               a->profile);
    memset(&o, 0, sizeof o);
    o.path = a->socket;
    o.timeout = a->timeout;
    o.block_limit = a->block_limit;
    o.max_time = a->max_time;
    o.max_request = a->max_request;
    o.clients = (unsigned)a->clients;
    o.allow_tasks = a->allow_tasks;
    res = calloc(1, sizeof *res);
    if (!res || cli_probe_run(&o, res) != 0) {
        fprintf(stderr, "amc probe: out of memory\n");
        free(res);
        return CLI_EXIT_ERROR;
    }
    if (!res->reached)
        fprintf(stderr, "amc probe: %s\n", res->connect_error);
    cli_probe_report(res, &o, a->format, a->strict, a->verbose, stdout);
    st = cli_probe_exit(res, a->strict);
    free(res);
    return st;
}

#define O(field) CLI_AT(pargs, field)
const cli_command cli_cmd_probe = {
    .name = "probe",
    .summary = "check a running server of the socket protocol over its Unix socket",
    .description =
        "Connects to the Unix socket --socket PATH (and to nothing else) and checks the server "
        "behind it against the live rules of the socket profile, SOCKET-LIVE-001 to "
        "SOCKET-LIVE-009 (amc rules --profile socket lists them; docs/probe.md says what each "
        "step sends). Every reply is validated like amc validate --profile socket would.\n"
        "Safe by default: it sends status requests and requests the protocol rejects (an empty "
        "request, malformed JSON, a top-level array, an unknown type, invalid UTF-8, a status "
        "request one byte longer than --max-request), each followed by a status request to see "
        "that the server is still there; then a status request while another client holds an "
        "idle connection (--block-limit), then --clients status requests at once. "
        "--allow-tasks also sends one task with a harmless instruction and a new empty "
        "temporary project_dir: on a real agent that runs real work (an LLM call).\n"
        "Every request waits at most --timeout seconds and no step starts after --max-time "
        "seconds, so a server that never answers or never closes cannot hang the run. When the "
        "first status request gets no complete answer, or the server stops answering, nothing "
        "more is sent and the rules left are reported as not run.\n"
        "Reports (--format): text, json, junit, markdown, one entry per rule (pass, fail, "
        "not run) with what each failing step saw.",
    .options =
        (const cli_opt[]){
            {.name = "socket",
             .kind = CLI_STRING,
             .arg = "PATH",
             O(socket),
             .help = "the server's Unix socket (required)"},
            {.shared = &cli_opt_profile,
             O(profile),
             .def = "socket",
             .help = "the protocol profile: socket (the only one with live checks)"},
            {.name = "allow-tasks",
             .kind = CLI_FLAG,
             O(allow_tasks),
             .help = "also send one task (harmless instruction, new empty temporary "
                     "project_dir); a real agent runs it"},
            {.name = "timeout",
             .kind = CLI_SECONDS,
             .arg = "SECONDS",
             .def = "5",
             .max = 600,
             O(timeout),
             .help = "longest wait for one request's reply and close"},
            {.name = "block-limit",
             .kind = CLI_SECONDS,
             .arg = "SECONDS",
             .def = "2",
             .max = 600,
             O(block_limit),
             .help = "longest an idle client may keep another client waiting (SOCKET-LIVE-008)"},
            {.name = "max-request",
             .kind = CLI_SIZE,
             .arg = "BYTES",
             .def = "8M",
             .min = 16,
             .max = (uint64_t)1 << 30,
             O(max_request),
             .help = "the largest request a server is expected to take; the oversized request "
                     "is one byte longer (K, M, G: binary multiples)"},
            {.name = "clients",
             .kind = CLI_UINT,
             .arg = "N",
             .def = "8",
             .min = 1,
             .max = PROBE_MAX_CLIENTS,
             O(clients),
             .help = "how many clients connect at once (SOCKET-LIVE-009)"},
            {.name = "max-time",
             .kind = CLI_SECONDS,
             .arg = "SECONDS",
             .def = "55",
             .max = 3600,
             O(max_time),
             .help = "no step starts later than this"},
            {.shared = &cli_opt_format, O(format), .allow = "text json junit markdown"},
            {.shared = &cli_opt_strict,
             O(strict),
             .help = "a failed SHOULD rule makes the exit status 1"},
            {.name = "verbose",
             .short_name = 'v',
             .kind = CLI_FLAG,
             O(verbose),
             .help = "the text report also lists every step: what was sent and what came back"},
            {0}},
    .exits = (const cli_exit[]){{0, "no MUST rule failed (--strict: no SHOULD rule either)"},
                                {1, "a rule failed, or a MUST rule could not be checked"},
                                {2, "usage error"},
                                {3, "nothing to probe: the first connection failed (no socket, "
                                    "connection refused)"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"Probe a worker of the public implementation (status requests only):",
             "amc probe --profile socket --socket /tmp/yadon-agent-yadon-1.sock"},
            {"Probe amc's own reference server, tasks included, warnings failing:",
             "amc probe --strict --allow-tasks --socket /tmp/amc.sock"},
            {"A JUnit report for CI:", "amc probe --socket /tmp/w.sock --format junit"},
            {NULL, NULL}},
    .args_size = sizeof(pargs),
    .run = probe_main,
};
#undef O
