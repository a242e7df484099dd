/*
 * cli_fuzz.h - the pieces of `amc fuzz` (cmd_fuzz.c): random numbers, the profile dictionaries
 * and mutators (cli_fuzz_mut.c), shrinking (cli_fuzz_shrink.c), the implementation under test
 * and amc's own verdict (cli_fuzz_target.c), findings (cli_fuzz_find.c), message fuzzing
 * (cli_fuzz_msg.c), lifecycle fuzzing (cli_fuzz_lc.c) and stateful sessions (cli_fuzz_st.c).
 * docs/fuzzing.md "amc fuzz" describes the modes.
 */
#ifndef AMC_CLI_FUZZ_H
#define AMC_CLI_FUZZ_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "cli.h"
#include "cli_adapter.h"

/* ---- random numbers: xoshiro256** seeded through splitmix64 (same seed, same stream) ---- */

typedef struct fz_rng {
    uint64_t s[4];
} fz_rng;

void fz_seed(fz_rng *r, uint64_t seed);
uint64_t fz_u64(fz_rng *r);
/* Uniform in [0, n); 0 when n is 0. */
size_t fz_below(fz_rng *r, size_t n);
/* True with probability pct/100. */
bool fz_pct(fz_rng *r, unsigned pct);

/* ---- a bump allocator for one mutation's trees ---- */

typedef struct fz_arena {
    struct fz_chunk *head;
} fz_arena;
void *fz_alloc(fz_arena *a, size_t n); /* zeroed; NULL when out of memory */
void fz_arena_free(fz_arena *a);

/* ---- what the profile's schemas say (names, values, bounds, formats) ---- */

typedef struct fz_dict fz_dict;
/* Built from the embedded schemas of the profile (amc_schema_embedded_at) and its catalog. */
fz_dict *fz_dict_new(const char *profile);
void fz_dict_free(fz_dict *d);

/* ---- mutation ---- */

typedef enum fz_syntax {
    FZ_SYN_JSON = 0, /* one JSON document (mailbox, discussion, socket, acp) */
    FZ_SYN_MIME      /* a MIME header block + YAML body (ignite) */
} fz_syntax;

fz_syntax fz_syntax_of(const char *profile);

/* One input derived from in[0..len): 1-4 stacked mutations, structure-aware (from the parsed
 * tree and the dictionary) or byte-level; other (may be NULL) is a second input to splice
 * from. The result (at most max bytes) goes to out (reset first). what: a short description
 * of the last mutation (static). Returns 0, or -1 when out of memory. */
int fz_mutate(fz_rng *r, const fz_dict *d, fz_syntax syn, const char *in, size_t len,
              const char *other, size_t olen, size_t max, cli_sb *out, const char **what);

/* Profile fix-ups that let a mutant reach deeper rules (mailbox: the sha256 signature
 * recomputed over the mutated envelope). May leave buf unchanged. */
void fz_fixup(fz_rng *r, const char *profile, cli_sb *buf);

/* Shrinking (cli_fuzz_shrink.c): a predicate says whether a candidate still shows the finding. */
typedef bool (*fz_pred)(void *ud, const char *buf, size_t len);
/* Shrinks in[0..len) while pred holds: nesting chains unwrapped (binary search on the depth),
 * members and elements dropped (halves first), strings and runs of one byte halved, lines and
 * chunks deleted. At most budget calls of pred, none after deadline (CLOCK_MONOTONIC seconds,
 * fz_now). The smallest input found goes to best. Returns the number of pred calls. */
size_t fz_shrink(const char *in, size_t len, fz_pred pred, void *ud, size_t budget, double deadline,
                 cli_sb *best);

/* ---- amc's own verdict (the oracle) ---- */

typedef struct fz_amc {
    const char *profile;
    amc_validator *v;
    amc_diags *ds;
} fz_amc;

typedef struct fz_verdict {
    bool valid;      /* no error-severity diagnostic */
    char codes[512]; /* every distinct code id, " A B " (sorted), cut at 511 bytes */
    char errs[512];  /* the error-severity ones */
    char rule[64];   /* the catalog rule of the first error ("" if none) */
    char first[64];  /* the code id of the first error ("" if none) */
} fz_verdict;

int fz_amc_init(fz_amc *a, const char *profile);
void fz_amc_free(fz_amc *a);
/* Validates one message as `amc adapter` would for a validate request of it (name = the path
 * given to the validator; NULL: no path rules). */
void fz_amc_check(fz_amc *a, const char *name, const char *buf, size_t len, fz_verdict *out);
/* Whether the code id occurs in a " A B " list. */
bool fz_has_code(const char *list, const char *id);

/* ---- the implementation under test ---- */

typedef enum fz_mode { FZ_MODE_ADAPTER = 0, FZ_MODE_EXEC, FZ_MODE_SOCKET } fz_mode;

typedef enum fz_out {
    FZ_R_VERDICT = 0, /* a verdict (valid; codes when claimed) */
    FZ_R_CRASH,       /* died, killed by a signal, exit status not 0/1, error reply */
    FZ_R_HANG,        /* no answer within --timeout */
    FZ_R_GARBAGE,     /* an answer that is not one (protocol violation, not a reply) */
    FZ_R_CUT,         /* the run's deadline ended the exchange: no result */
    FZ_R_UNREACHED    /* the implementation cannot be (re)started */
} fz_out;

typedef struct fz_result {
    fz_out out;
    bool valid;
    bool has_codes;
    bool no_verdict;  /* socket: a reply-type message refused as "not a request": no verdict */
    char codes[1024]; /* " A B " as in fz_verdict */
    char detail[240]; /* for crash/hang/garbage: what happened */
    char cls[48];     /* its class, for deduplication: "signal 11", "exit 2", "timeout" ... */
    void *reply;      /* lifecycle: the amc_conform_reply (amc_conform_reply_free) */
} fz_result;

typedef struct fz_target {
    fz_mode mode;
    const char *cmd;     /* adapter command, exec template or socket path */
    const char *profile; /* the profile fuzzed */
    double timeout;      /* per input */
    bool verbose;
    cli_adapter ad;
    bool claims_codes, claims_path, claims_lifecycle, claims_stateful, claims_profile;
    char tmpdir[512]; /* exec mode: where inputs are written */
    unsigned long starts;
    bool reached; /* answered once */
} fz_target;

/* Prepares the target (adapter: start + hello; exec: a temporary directory; socket: the path
 * exists). 0, or -1 with why (the implementation is not reachable). */
int fz_target_open(fz_target *t, double deadline, char *why, size_t whylen);
/* One validate exchange (name as the fixture path of the input). */
void fz_target_validate(fz_target *t, const char *name, const char *buf, size_t len,
                        double deadline, fz_result *res);
/* Adapter mode: makes sure the adapter runs (restarting it after a crash); false with res set
 * (FZ_R_UNREACHED or FZ_R_CUT) when it cannot. Call before fz_target_seq for a request. */
bool fz_target_ready(fz_target *t, double deadline, fz_result *res);
/* The seq of the next request. */
long long fz_target_seq(fz_target *t);
/* Adapter mode: one request of op ("lifecycle", "validate", "reset") built in req with seq.
 * res->reply holds the parsed reply on FZ_R_VERDICT (an error reply is FZ_R_CRASH, a skipped
 * one FZ_R_GARBAGE). */
void fz_target_request(fz_target *t, const char *op, const char *req, size_t len, long long seq,
                       double deadline, fz_result *res);
void fz_target_close(fz_target *t);
/* A validate reply (res->reply, FZ_R_VERDICT) into res: valid, has_codes, codes; false (res
 * made garbage) when it is not a verdict. */
bool fz_result_verdict(fz_result *res);
void fz_result_clear(fz_result *r);

double fz_now(void);

/* ---- options, shared by the modes ---- */

typedef struct fz_opts {
    const char *profile;
    fz_mode mode;
    const char *cmd; /* --impl, --impl-exec or --socket */
    double seconds;  /* 0: no time limit (then runs > 0) */
    uint64_t runs;   /* 0: no run limit */
    uint64_t seed;
    unsigned jobs;
    double timeout;
    size_t max_len;
    const char *corpus, *out, *suite;
    const char *emit; /* --emit-cases DIR or NULL */
    bool lifecycle, stateful, verbose, progress;
    int max_findings;
    uint64_t generate;     /* --generate N: write N inputs, run no implementation (0: fuzz) */
    char replay_cmd[2048]; /* how the findings are replayed (the impl option, quoted) */
} fz_opts;

/* ---- findings (cli_fuzz_find.c) ---- */

typedef enum fz_kind {
    FZ_K_VERDICT = 0,
    FZ_K_CRASH,
    FZ_K_HANG,
    FZ_K_GARBAGE,
    FZ_K_LIFECYCLE,
    FZ_K_STATEFUL
} fz_kind;
const char *fz_kind_name(fz_kind k);

/* One finding, as written to findings.jsonl. */
typedef struct fz_finding {
    fz_kind kind;
    char sig[1024]; /* deduplication key (kind, class, amc's codes) */
    char id[64];    /* set by fz_store_add: "verdict-3f2a1b9c" */
    char ext[16];   /* "json", "mime" */
    char file[96];  /* set by fz_store_add: id.ext */
    char name[512]; /* messages: the fixture path sent with the input */
    char *data;     /* the file's bytes (malloc): the minimized input, or a scenario */
    size_t len;
    char *json_impl;   /* JSON: the implementation's result */
    char *json_amc;    /* JSON: amc's result */
    char *json_codes;  /* JSON array */
    char *json_extra;  /* more members ("\"step\": 3, ...") or NULL */
    char summary[400]; /* one line */
    size_t orig_size, min_size;
    const char *unit;       /* "bytes" or "events" */
    unsigned long found_at; /* the worker's run count when it showed (runs to find it) */
    unsigned long shrink_runs;
} fz_finding;

typedef struct fz_store {
    pthread_mutex_t mu;
    const fz_opts *o;
    fz_finding *v;
    size_t n, cap;
    char **raw; /* signatures: "raw:" claimed before shrinking, "final:" written, "old:" in
                   findings.jsonl before the run */
    size_t nraw, capraw;
    size_t hits;       /* findings made this run: new ones and ones known from earlier runs */
    size_t old_hits;   /* of which known from earlier runs */
    bool write_failed; /* a finding's file or findings.jsonl line could not be written */
    atomic_bool full;  /* --max-findings new findings made: no more are claimed or added */
} fz_store;

int fz_store_init(fz_store *s, const fz_opts *o);
/* The run's exit status rc, or 2 (an I/O error) when a finding could not be written (said on
 * stderr): the findings directory lacks it. */
int fz_store_status(fz_store *s, int rc);
/* Notes that a finding's file could not be written (the caller said so on stderr). */
void fz_store_write_failed(fz_store *s);
/* Claims a raw (pre-shrink) signature: true if new (the caller then minimizes and adds);
 * false once the store is full. */
bool fz_store_claim(fz_store *s, const char *sig);
/* Adds a finding (taking data and the json strings) unless its signature is known; writes
 * the input file and appends the findings.jsonl line. Returns true if it was new. Once
 * --max-findings new ones are in, the store is full: nothing more is added. */
bool fz_store_add(fz_store *s, fz_finding *f);
void fz_store_free(fz_store *s);
void fz_finding_free(fz_finding *f);
/* File extension for a profile's inputs ("json", "mime"). */
const char *fz_ext_of(const fz_opts *o);
/* fz_kind of a name, or -1. */
int fz_kind_of(const char *name);
struct json_object;
/* A string member of a json-c object, or NULL. */
const char *fz_jstr(struct json_object *o, const char *key);
/* DIR/findings.jsonl as a json-c array of objects; NULL after a message on stderr. */
struct json_object *fz_read_findings(const char *dir);

/* ---- the run every mode shares (cli_fuzz_drive.c) ---- */

#include <signal.h>
extern volatile sig_atomic_t fz_interrupted; /* SIGINT/SIGTERM during a run */

/* A run: embedded in a mode's shared state. */
typedef struct fz_run {
    const fz_opts *o;
    fz_store store;
    pthread_mutex_t mu;
    double start, deadline;
    unsigned long units; /* inputs, sequences or sessions */
    unsigned long items; /* lifecycle events, session messages */
    bool unreachable;
    unsigned running; /* jobs not finished */
    char why[256];    /* why the implementation became unreachable */
    char impl[160];   /* "name version" from the hello */
} fz_run;

/* A job (a worker thread with its own implementation process): first member of a mode's
 * worker. */
typedef struct fz_job {
    fz_run *run;
    unsigned idx;
    uint64_t runs; /* this job's share of --runs (0: unlimited) */
    fz_target t;
    unsigned long units, pending, pending_items;
    pthread_t th;
} fz_job;

/* The mode's part of a run: the capability suffix an adapter must claim ("lifecycle",
 * "stateful"; NULL: the profile), the work of one job (its argument is the fz_job), the
 * progress line and the summary (ctx = the mode's shared state). */
typedef struct fz_drive_ops {
    const char *cap;
    void *ctx;
    void *(*work)(void *job);
    void (*progress)(void *ctx, bool final);
    void (*summary)(void *ctx, const fz_target *t0);
} fz_drive_ops;

/* Starts the clock and opens the findings store (-1 after a message). */
int fz_run_init(fz_run *r, const fz_opts *o);
void fz_run_free(fz_run *r);
/* Job idx of r: its share of --runs and its target's settings from the options. */
void fz_job_init(fz_job *j, fz_run *r, unsigned idx);
/* Whether the job must stop (checked before every unit; adds its counts to the run). */
bool fz_job_done(fz_job *j);
/* One unit done (items: its events or messages). */
void fz_job_count(fz_job *j, unsigned long items);
/* The implementation can no longer be reached: every job stops. */
void fz_job_unreachable(fz_job *j, const char *why);
/* The job's last counts; it no longer runs. Call at the end of the work function. */
void fz_job_finish(fz_job *j);
/* Opens the jobs' targets (job 0 first, checking the claim), runs the jobs to the end, shows
 * progress on a terminal and prints the summary. Returns the exit status. */
int fz_drive(fz_run *r, const fz_drive_ops *d, fz_job *const *jobs);
/* rc after --emit-cases DIR (when the run made findings). */
int fz_drive_emit(const fz_opts *o, int rc);
/* The progress line on stderr: "#N <unit> (N/s), N findings, <extra>, N s". */
void fz_progress_line(fz_run *r, const char *unit, const char *extra, bool final);
/* The findings part of a summary on stdout (kinds: after "findings: N new"), the replay
 * command, and why the run stopped early. */
void fz_summary_findings(const fz_run *r, const char *kinds);
/* " A B " as a JSON array. */
void fz_list_json(cli_sb *b, const char *list);
/* b's string (the caller frees it), or NULL (freed) when b failed. */
char *fz_sb_take(cli_sb *b);

/* ---- the modes ---- */

int fz_run_messages(const fz_opts *o);

/* A seed input: a file of --corpus or of the suite's inputs (name relative to its root). */
typedef struct fz_input {
    char *name;
    char *data;
    size_t len;
} fz_input;
/* The seeds fz_run_messages starts from (sorted by name; a built-in one when there is none).
 * Returns 0 or -1 (reported on stderr); *seeds is freed with fz_seeds_free. */
int fz_seeds_load(const fz_opts *o, fz_input **seeds, size_t *n);
void fz_seeds_free(fz_input *seeds, size_t n);

/* --generate N (cli_fuzz_gen.c): N inputs mutated from the seeds, written to o->out, no
 * implementation run. Returns the exit status. */
int fz_generate(const fz_opts *o);

/* mkdir -p dir. Returns 0 or -1 (errno set). */
int fz_mkdirs(const char *dir);
/* Writes len bytes of data to path (created or truncated). Returns 0 or -1 (errno set). */
int fz_write_file(const char *path, const char *data, size_t len);
/* Lifecycle fuzzing (cli_fuzz_lc.c): --lifecycle. */
int fz_run_lifecycle(const fz_opts *o);
/* Re-runs one lifecycle finding (its scenario) against t: 1 reproduced, 0 not, -1 could not
 * run it; what happened into now. */
int fz_replay_lifecycle(fz_target *t, const char *dir, struct json_object *fo, char *now, size_t n);
/* Stateful session fuzzing (cli_fuzz_st.c): --stateful. */
int fz_run_stateful(const fz_opts *o);
/* Re-runs one stateful finding (its session case) against t: 1 reproduced, 0 not, -1 could
 * not run it; what happened into now. */
int fz_replay_stateful(fz_target *t, const char *dir, struct json_object *fo, char *now, size_t n);
/* Copies a stateful finding's session under emit/<profile>/inputs/ and adds its case to cases. */
int fz_emit_session(const char *dir, const char *emit, struct json_object *fo,
                    struct json_object *cases);
/* Copies a lifecycle finding's scenario to emit/<profile>/lifecycle/<id>.json. */
int fz_emit_scenario(const char *dir, const char *emit, struct json_object *fo);
int fz_replay(const fz_opts *o, const char *dir);
/* Writes the findings of dir (findings.jsonl) as conformance cases under emit. */
int fz_emit_cases(const fz_opts *o, const char *dir, const char *emit);

#endif
