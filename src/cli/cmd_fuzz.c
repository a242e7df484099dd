/*
 * cmd_fuzz.c - amc fuzz: black-box differential fuzzing of any implementation against amc
 * (docs/fuzzing.md "amc fuzz"). The implementation is reached like `amc conform` reaches it
 * (--impl adapter, --impl-exec command) or over its Unix socket (--socket); no compiler and no
 * libFuzzer are needed.
 *
 * Decisions:
 *   - At most one of --impl, --impl-exec, --socket; one is needed to fuzz. --replay DIR without
 *     one uses the implementation each finding recorded; --replay DIR --emit-cases DIR2 without
 *     one only converts the findings (no implementation is run).
 *   - Time: --seconds S (default 60 when neither --seconds nor --runs is given); the run ends
 *     within S seconds even when the implementation hangs (every wait is cut at the deadline).
 *   - --seed N; without it a seed is taken from the clock and printed, so a run can be repeated.
 *   - Exit status: 0 no finding, 1 findings (new or known from DIR), 2 usage or I/O error,
 *     3 the implementation could not be reached.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "cli_fuzz.h"

typedef struct fargs {
    const char *profile, *impl, *exec, *socket, *corpus, *out, *suite, *replay, *emit, *seed;
    double seconds, timeout;
    uint64_t runs, jobs, max_len, max_findings, generate;
    bool quiet, verbose, lifecycle, stateful;
} fargs;

static bool has_model(const char *profile)
{
    size_t i = 0;
    for (i = 0; i < amc_lifecycle_model_count(); i++)
        if (!strcmp(amc_lifecycle_model_at(i), profile))
            return true;
    return false;
}

static const char *check_profile(const char *v)
{
    return amc_profile_find(v) ? NULL : "is not a profile amc implements (amc rules lists them)";
}

/* The implementation option as it would be typed again (for the replay command). */
static void replay_option(fz_opts *o)
{
    char *q = cli_shell_quote(o->cmd);
    snprintf(o->replay_cmd, sizeof o->replay_cmd, "%s %s",
             o->mode == FZ_MODE_ADAPTER ? "--impl"
             : o->mode == FZ_MODE_EXEC  ? "--impl-exec"
                                        : "--socket",
             q ? q : o->cmd);
    free(q);
}

static int check_args(const fargs *a, fz_opts *o)
{
    int n = (a->impl != NULL) + (a->exec != NULL) + (a->socket != NULL);
    if (a->generate && (n || a->replay || a->emit || a->lifecycle || a->stateful))
        return cli_usage_error(&cli_cmd_fuzz, "--generate runs no implementation: give none of "
                                              "--impl, --impl-exec, --socket, --replay, "
                                              "--emit-cases, --lifecycle and --stateful");
    if (a->generate && (a->runs || a->seconds > 0))
        return cli_usage_error(&cli_cmd_fuzz, "--generate N is the count: no --runs, --seconds");
    if (a->generate && !a->profile)
        return cli_usage_error(&cli_cmd_fuzz, "--generate: --profile is required");
    if (n > 1)
        return cli_usage_error(&cli_cmd_fuzz, "give one of --impl, --impl-exec and --socket");
    if (n == 0 && !a->replay && !a->generate)
        return cli_usage_error(&cli_cmd_fuzz,
                               "give the implementation: --impl CMD, --impl-exec 'CMD {file}' "
                               "or --socket PATH");
    if (!a->replay && !a->profile && !a->socket)
        return cli_usage_error(&cli_cmd_fuzz, "--profile is required");
    if (a->exec && !strstr(a->exec, "{file}"))
        return cli_usage_error(&cli_cmd_fuzz, "--impl-exec: the command has no {file}");
    if (a->socket && a->profile && strcmp(a->profile, "socket"))
        return cli_usage_error(&cli_cmd_fuzz, "--socket speaks the socket profile only");
    if (a->lifecycle && !a->replay && !a->impl)
        return cli_usage_error(&cli_cmd_fuzz, "--lifecycle needs an adapter (--impl CMD): the "
                                              "lifecycle request is the adapter protocol's");
    if (a->lifecycle && a->profile && !has_model(a->profile))
        return cli_usage_error(&cli_cmd_fuzz, "--lifecycle: the profile has no lifecycle model");
    if (a->stateful && a->lifecycle)
        return cli_usage_error(&cli_cmd_fuzz, "give one of --lifecycle and --stateful");
    if (a->stateful && !a->replay && !a->impl)
        return cli_usage_error(&cli_cmd_fuzz, "--stateful needs an adapter (--impl CMD): the "
                                              "stateful validate request is the adapter "
                                              "protocol's");
    if (a->stateful && a->corpus)
        return cli_usage_error(&cli_cmd_fuzz, "--stateful builds its sessions from the suite's "
                                              "valid cases (--suite DIR), not --corpus");
    o->profile = a->profile ? a->profile : a->socket ? "socket" : NULL;
    o->mode = a->exec ? FZ_MODE_EXEC : a->socket ? FZ_MODE_SOCKET : FZ_MODE_ADAPTER;
    o->cmd = a->impl ? a->impl : a->exec ? a->exec : a->socket;
    o->seconds = a->seconds > 0 || a->runs ? a->seconds : 60;
    o->runs = a->runs;
    o->seed =
        a->seed ? strtoull(a->seed, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    o->jobs = (unsigned)a->jobs;
    o->timeout = a->timeout;
    o->max_len = (size_t)a->max_len;
    o->corpus = a->corpus;
    o->out = a->out ? a->out : a->generate ? "fuzz-inputs" : "fuzz-findings";
    o->generate = a->generate;
    o->suite = a->suite;
    o->emit = a->emit;
    o->verbose = a->verbose;
    o->lifecycle = a->lifecycle;
    o->stateful = a->stateful;
    o->progress = !a->quiet && isatty(2);
    o->max_findings = (int)a->max_findings;
    if (o->cmd)
        replay_option(o);
    return 0;
}

/* dir without its trailing slashes ("/" stays "/") in buf: "out/" names the paths below it
 * "out/x", not "out//x". NULL stays NULL. */
static const char *no_trailing_slash(const char *dir, char *buf, size_t n)
{
    size_t len = dir ? strlen(dir) : 0;
    if (!dir)
        return NULL;
    while (len > 1 && dir[len - 1] == '/')
        len--;
    snprintf(buf, n, "%.*s", (int)len, dir);
    return buf;
}

static int fuzz_main(void *args, const cli_list *ops)
{
    fargs *a = args;
    fz_opts o;
    int rc = 0;
    char outb[4096], replayb[4096];
    (void)ops;
    /* An implementation that exits early (or never reads) must not kill amc with SIGPIPE when
     * it writes the next request: the write fails with EPIPE and the adapter client reports the
     * implementation unreachable or crashed (as amc conform does). */
    signal(SIGPIPE, SIG_IGN);
    memset(&o, 0, sizeof o);
    rc = check_args(a, &o);
    if (rc != 0)
        return rc;
    o.out = no_trailing_slash(o.out, outb, sizeof outb);
    a->replay = no_trailing_slash(a->replay, replayb, sizeof replayb);
    if (a->replay && a->emit && !o.cmd) /* converting needs no implementation */
        return fz_emit_cases(&o, a->replay, a->emit) == 0 ? CLI_EXIT_OK : CLI_EXIT_ERROR;
    if (a->replay) {
        rc = fz_replay(&o, a->replay);
        if (a->emit && rc != CLI_EXIT_ERROR && fz_emit_cases(&o, a->replay, a->emit) != 0)
            rc = CLI_EXIT_ERROR;
        return rc;
    }
    if (!a->seed && !a->quiet)
        fprintf(stderr, "amc fuzz: seed %llu (--seed repeats this run)\n",
                (unsigned long long)o.seed);
    if (o.generate)
        return fz_generate(&o);
    return o.lifecycle  ? fz_run_lifecycle(&o)
           : o.stateful ? fz_run_stateful(&o)
                        : fz_run_messages(&o);
}

static const char *seed_check(const char *v)
{
    char *end = NULL;
    if (*v == '-')
        return "is not a number";
    (void)strtoull(v, &end, 0);
    return *v && end && !*end ? NULL : "is not a number";
}

#define O(field) CLI_AT(fargs, field)
static const cli_opt options[] = {
    {.shared = &cli_opt_profile,
     O(profile),
     .arg = "P",
     .check = check_profile,
     .help = "the profile whose messages are generated (socket with --socket)"},
    {.name = "impl",
     .kind = CLI_STRING,
     .arg = "CMD",
     O(impl),
     .help = "adapter speaking the conformance protocol on stdin/stdout (conformance/PROTOCOL.md)"},
    {.name = "impl-exec",
     .kind = CLI_STRING,
     .arg = "CMD",
     O(exec),
     .help = "command run per input: {file} = the input's path, {profile}; exit 0 valid, 1 "
             "invalid, a signal or any other status a crash"},
    {.name = "socket",
     .kind = CLI_STRING,
     .arg = "PATH",
     O(socket),
     .help = "a live server's Unix socket (socket profile: one request per connection; an "
             "error reply = invalid). Sends every generated message, tasks included: use a "
             "test instance"},
    {.name = "lifecycle",
     .kind = CLI_FLAG,
     O(lifecycle),
     .help = "stateful differential fuzzing of the profile's lifecycle model: random event "
             "sequences (one lifecycle request each) against amc's model; needs --impl and "
             "capability <profile>.lifecycle"},
    {.name = "stateful",
     .kind = CLI_FLAG,
     O(stateful),
     .help = "stateful differential fuzzing of validate sessions: random sessions of the "
             "profile's valid envelopes (one stateful validate request each) against amc's "
             "stateful validator; needs --impl and capability <profile>.stateful"},
    {.name = "generate",
     .kind = CLI_UINT,
     .arg = "N",
     .min = 1,
     .max = 100000000,
     O(generate),
     .help = "run no implementation: write N generated inputs to --out DIR (DIR/inputs/, "
             "listed in DIR/inputs.jsonl with seed, operator, size and SHA-256)"},
    {.name = "seconds",
     .kind = CLI_SECONDS,
     .arg = "S",
     .max = 31536000,
     O(seconds),
     .help = "stop after S seconds (default 60 unless --runs is given)"},
    {.name = "runs",
     .kind = CLI_UINT,
     .arg = "N",
     .min = 1,
     O(runs),
     .help = "stop after N inputs (seeds included; with --lifecycle N sequences, with "
             "--stateful N sessions)"},
    {.name = "seed",
     .kind = CLI_STRING,
     .arg = "N",
     O(seed),
     .check = seed_check,
     .help = "random seed (decimal or 0x hex; default from the clock, printed): the same seed "
             "gives the same inputs"},
    {.name = "jobs",
     .short_name = 'j',
     .kind = CLI_UINT,
     .arg = "N",
     .min = 1,
     .max = 64,
     .def = "1",
     O(jobs),
     .help = "parallel workers, each with its own implementation process and random stream"},
    {.name = "timeout",
     .kind = CLI_SECONDS,
     .arg = "S",
     .max = 3600,
     .def = "5",
     O(timeout),
     .help = "per input: no answer in time is a hang"},
    {.name = "corpus",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(corpus),
     .help = "seed inputs (default: the profile's conformance inputs, SUITE/P/inputs)"},
    {.name = "suite",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(suite),
     .help = "fixture root for the default seeds (default $AMC_CONFORMANCE_DIR, else "
             "./conformance)"},
    {.name = "out",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(out),
     .help = "where findings go: DIR/<id>.<ext> and DIR/findings.jsonl (default "
             "fuzz-findings; with --generate the inputs, default fuzz-inputs)"},
    {.name = "replay",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(replay),
     .help = "re-check the findings of DIR/findings.jsonl (against the implementation given, "
             "else the one recorded); exit 1 if any still shows"},
    {.name = "emit-cases",
     .kind = CLI_STRING,
     .arg = "DIR",
     O(emit),
     .help = "write the findings as conformance cases under DIR/<profile>/ (for amc conform "
             "--suite DIR); after a run, or from --replay DIR"},
    {.name = "max-len",
     .kind = CLI_SIZE,
     .arg = "BYTES",
     .min = 16,
     .def = "1M",
     O(max_len),
     .help = "largest generated input"},
    {.name = "max-findings",
     .kind = CLI_UINT,
     .arg = "N",
     .def = "50",
     O(max_findings),
     .help = "stop after N new findings (0: never)"},
    {.name = "quiet", .short_name = 'q', .kind = CLI_FLAG, O(quiet), .help = "no progress line"},
    {.name = "verbose",
     .short_name = 'v',
     .kind = CLI_FLAG,
     O(verbose),
     .help = "print findings as they come; keep the implementation's stderr in exec mode"},
    {0}};
#undef O

const cli_command cli_cmd_fuzz = {
    .name = "fuzz",
    .summary = "differential fuzzing of an implementation against amc, no compiler needed",
    .synopsis =
        (const char *const[]){"--profile P (--impl CMD | --impl-exec 'CMD {file}' | --socket PATH) "
                              "[options]",
                              "--lifecycle --profile P --impl CMD [options]",
                              "--stateful --profile P --impl CMD [options]",
                              "--replay DIR [--impl CMD | --impl-exec CMD | --socket PATH] "
                              "[--emit-cases DIR]",
                              "--generate N --profile P [--out DIR] [--seed N] [--corpus DIR]",
                              NULL},
    .description =
        "Generates messages of a profile and sends each to the implementation under test and to "
        "amc: a verdict that differs (either way; with capability codes, an error code amc "
        "reports and the implementation does not), a crash, a hang (--timeout) or a garbage "
        "reply is a finding. Findings are shrunk while they still show, deduplicated and saved "
        "as DIR/<id>.<ext> with one line each in DIR/findings.jsonl (kind, input, impl, amc, "
        "codes, replay).\n"
        "Inputs start from the profile's conformance inputs (or --corpus) and are mutated with "
        "what the profile's schemas say (members dropped, added, retyped; numbers and lengths "
        "at their bounds; formats; deep nesting; long strings; Unicode edge cases; invalid "
        "UTF-8; BOM; duplicate keys; trailing commas; CRLF; MIME header fields; YAML 1.1 "
        "scalars, tags, anchors in IGNITE bodies) and byte by byte. An input that gives a new "
        "pair of amc's codes and the implementation's verdict is kept for more mutation.\n"
        "--replay DIR re-checks saved findings (exit 1 while any still shows); --emit-cases DIR "
        "turns them into conformance cases for amc conform --suite DIR. On a terminal a "
        "progress line shows execs, execs/s, findings and the profile's codes amc reached.\n"
        "--lifecycle fuzzes the profile's lifecycle model instead (ignite, mailbox, discussion, "
        "socket, acp; an adapter claiming <profile>.lifecycle): random event sequences from the "
        "model (many entities and re-used ids, up to 400 events, times just before, at and "
        "after every timing bound, restarts, illegal steps), each one lifecycle request, "
        "compared step by step with amc's model (accepted, codes when claimed, state); "
        "generation aims at the transitions not reached yet and the progress line and summary "
        "show the model coverage. A divergence is shrunk (events dropped, entities merged, gaps "
        "shortened, counters lowered) and saved as a lifecycle scenario (--emit-cases writes "
        "it under DIR/<profile>/lifecycle/).\n"
        "--stateful fuzzes stateful validate sessions instead (an adapter claiming "
        "<profile>.stateful): sessions built from the profile's valid conformance cases "
        "(mailbox: envelopes re-signed with msg_id, nonce, task_id, state_version and "
        "delivery_attempt chosen for redeliveries, msg_id conflicts, the same msg_id from "
        "another sender, nonce reuse, state_version order, rejected messages, at reuse "
        "distances up to 40 and up to 160 messages), each one stateful validate request after "
        "a reset, compared with amc's stateful validator (verdict; with codes, amc's error "
        "codes and its session-rule codes both ways). A divergence is shrunk (messages "
        "dropped, ids merged, values lowered) and saved as a session case in the suite's "
        "format (DIR/<id>.json with its files in DIR/<id>/; --emit-cases writes it into "
        "DIR/<profile>/cases.json).\n"
        "--generate N runs no implementation: it writes N inputs mutated from the seeds as "
        "the message fuzzer mutates them (each from a seed or, half of the time, from one of "
        "the last 64 inputs, so mutations stack) to DIR/inputs/<n>.<ext> and lists each in "
        "DIR/inputs.jsonl (n, file, seed, depth, op, size, sha256): a corpus for another "
        "fuzzer or test suite. The same seed gives the same files; DIR/inputs.jsonl must not "
        "exist yet.",
    .options = options,
    .exits = (const cli_exit[]){{0, "no finding"},
                                {1, "findings (or, with --replay, findings that still show)"},
                                {2, "usage or I/O error"},
                                {3, "the implementation could not be reached"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"Fuzz your adapter for a minute:",
             "amc fuzz --profile mailbox --impl 'python3 my_adapter.py' --seconds 60"},
            {"A command-line validator, exit 0 valid / 1 invalid:",
             "amc fuzz --profile ignite --impl-exec 'mytool check {file}' --runs 5000"},
            {"Stateful differential fuzzing of the mailbox lifecycle (dedup, nonces, leases):",
             "amc fuzz --lifecycle --profile mailbox --impl 'python3 my_adapter.py' --seconds "
             "120"},
            {"Stateful differential fuzzing of mailbox sessions (dedup, nonces, state_version):",
             "amc fuzz --stateful --profile mailbox --impl 'python3 my_adapter.py' --seconds 60"},
            {"A corpus of 1000 mutated mailbox envelopes for another fuzzer:",
             "amc fuzz --generate 1000 --profile mailbox --seed 1 --out mailbox-corpus"},
            {"Re-check the findings after a fix:",
             "amc fuzz --replay fuzz-findings --impl 'python3 my_adapter.py'"},
            {NULL, NULL}},
    .args_size = sizeof(fargs),
    .run = fuzz_main,
};
