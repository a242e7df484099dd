/*
 * lc_mailbox.h - the typed core of the mailbox lifecycle model (docs/lifecycle/mailbox.md):
 * at-least-once relay (outbox -> inbox, ack/nack, visibility timeout, delivery attempts,
 * dead-letter), durable dedup receipts, the nonce store, tasks (claim, lease, heartbeat,
 * soft/hard timeout, requeue, max_attempts -> dead-letter, state_version order) and quorum=all
 * review aggregation. Driven by the JSON edge (lc_mailbox.c) and by tests/property/.
 */
#ifndef AMC_LC_MAILBOX_H
#define AMC_LC_MAILBOX_H

#include "lifecycle/model.h"

#define MB_MAX_REVIEWERS 16

typedef enum mb_mstate { MB_NONE = 0, MB_OUTBOX, MB_INFLIGHT, MB_ACKED, MB_DEAD } mb_mstate;
typedef enum mb_tstate {
    MT_NONE = 0,
    MT_QUEUED,
    MT_CLAIMED,
    MT_TIMED_OUT,
    MT_DONE,
    MT_DEAD
} mb_tstate;
typedef enum mb_verdict { MV_NONE = 0, MV_PASS, MV_FAIL, MV_MANUAL } mb_verdict;
typedef enum mb_reason { MR_SOFT = 0, MR_HARD, MR_LEASE, MR_HEARTBEAT } mb_reason;

typedef enum mb_kind {
    MBE_COMMIT = 0,    /* msg: outbox insert committed */
    MBE_RELAY,         /* msg: relay copies it to the inbox (a delivery attempt) */
    MBE_CONSUME,       /* msg: consumer processes it and persists the dedup receipt */
    MBE_ACK,           /* msg */
    MBE_NACK,          /* msg: back to the outbox */
    MBE_VISIBILITY,    /* msg: visibility timeout, back to the outbox */
    MBE_DEAD_LETTER,   /* msg */
    MBE_RELAY_CRASH,   /* the relay stops */
    MBE_RELAY_RESTART, /* the relay starts again */
    MBE_RESTART,       /* the whole runtime restarts (receipts and nonces are durable) */
    MBE_NONCE,         /* nonce: a nonce seen on a verified envelope */
    MBE_TASK_CREATE,   /* task */
    MBE_CLAIM,         /* task */
    MBE_RENEW,         /* task: lease renewal */
    MBE_HEARTBEAT,     /* task */
    MBE_TIMEOUT,       /* task, reason */
    MBE_REQUEUE,       /* task: nack + requeue after a timeout */
    MBE_TASK_DEAD,     /* task: dead-letter after a timeout at max_attempts */
    MBE_COMPLETE,      /* task */
    MBE_VERDICT,       /* task, reviewer, verdict, blocking, executed */
    MBE_AGGREGATE,     /* task, verdict: the aggregation_result */
    MBE_N
} mb_kind;

typedef struct mb_event {
    mb_kind kind;
    size_t id;          /* msg, task or nonce index */
    size_t reviewer;    /* MBE_VERDICT */
    int64_t t;          /* ms */
    mb_reason reason;   /* MBE_TIMEOUT */
    mb_verdict verdict; /* MBE_VERDICT (PASS/FAIL), MBE_AGGREGATE */
    int64_t blocking;   /* MBE_VERDICT */
    bool executed;      /* MBE_VERDICT */
    bool has_version;   /* task events: a state_version was given */
    int64_t state_version;
} mb_event;

typedef struct mb_msg {
    mb_mstate state;
    int64_t attempts;
    int64_t visible_at; /* inflight: the visibility deadline */
    bool receipt;       /* dedup receipt persisted */
    int64_t processed;  /* consumes (for invariants) */
} mb_msg;

typedef struct mb_review {
    mb_verdict verdict;
    int64_t blocking;
    bool executed;
} mb_review;

typedef struct mb_task {
    mb_tstate state;
    int64_t attempts;
    int64_t claimed_at, lease_until, hb_until;
    bool soft;
    bool has_version;
    int64_t state_version;
    mb_review rev[MB_MAX_REVIEWERS];
    mb_verdict aggregated;
    int aggregations;
} mb_task;

typedef struct mb_const {
    int64_t max_delivery;  /* mailbox.max_delivery_attempts (5) */
    int64_t max_attempts;  /* retries.max_attempts (2) */
    int64_t visibility_ms; /* mailbox.visibility_timeout_sec (60) */
    int64_t lease_ms;      /* lease.ttl_sec (180) */
    int64_t hb_ms;         /* heartbeat.ttl_sec (45) */
    int64_t soft_ms;       /* timeouts.task_soft_timeout_sec (600) */
    int64_t hard_ms;       /* timeouts.task_hard_timeout_sec (900) */
    int64_t nonce_ttl_ms;  /* security.nonce_ttl_sec (300) */
    size_t n_required;     /* reviewers 0..n_required-1 form the quorum (all) */
} mb_const;

typedef struct mb_model {
    mb_const c;
    bool relay_down;
    mb_msg *msgs;
    size_t n_msgs, cap_msgs;
    mb_task *tasks;
    size_t n_tasks, cap_tasks;
    int64_t *nonces; /* last time seen, -1: never */
    size_t n_nonces, cap_nonces;
} mb_model;

/* The model (its declaration: model.h). */
extern const lc_model amc_lc_mailbox;

void mb_default_const(mb_const *c);
void mb_init(mb_model *m, const mb_const *c);
/* Frees what the core (an mb_model) holds. */
void mb_fini(void *core);
/* One step of the core (an mb_model) on ev (an mb_event); on rejection the model is unchanged.
 * AMC_ENOMEM, AMC_ELIMIT only. lc_step(&amc_lc_mailbox, ...) also says which transition. */
amc_status mb_step(void *core, const void *ev, lc_out *out);
void mb_finish(const void *core, lc_out *out);
/* The verdict table (seed §8): the result for the required reviewers' reviews. */
mb_verdict mb_expected(const mb_model *m, const mb_task *t);
const char *mb_mstate_name(mb_mstate s);
const char *mb_tstate_name(mb_tstate s);
const char *mb_verdict_name(mb_verdict v);

#endif
