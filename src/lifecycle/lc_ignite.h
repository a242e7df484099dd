/*
 * lc_ignite.h - the typed core of the IGNITE lifecycle model (docs/lifecycle/ignite.md): the file
 * lifecycle queue/<agent>/ -> processed/ (processing) -> delivered -> deleted, timeouts with
 * full-jitter backoff, the retry limit and the dead-letter queue with its escalation.
 * Driven by the JSON edge (lc_ignite.c) and directly by tests/property/prop_ignite.c.
 */
#ifndef AMC_LC_IGNITE_H
#define AMC_LC_IGNITE_H

#include "lifecycle/model.h"

typedef enum ig_state {
    IG_NONE = 0,
    IG_QUEUED,
    IG_PROCESSING,
    IG_DELIVERED,
    IG_RETRYING,
    IG_DEAD_LETTER,
    IG_DELETED
} ig_state;

typedef enum ig_kind {
    IGE_ENQUEUE = 0, /* a new file in queue/<agent>/ */
    IGE_CLAIM,       /* moved to processed/, status processing */
    IGE_DELIVER,     /* status delivered */
    IGE_DELETE,      /* file deleted */
    IGE_TIMEOUT,     /* processing timed out: status retrying, retry_count, next_retry_after */
    IGE_REQUEUE,     /* back to queue/<agent>/ */
    IGE_DEAD_LETTER, /* moved to dead_letter/ with a DLQ entry */
    IGE_ESCALATE,    /* escalation message to the leader for a dead-lettered message */
    IGE_N
} ig_kind;

typedef struct ig_event {
    ig_kind kind;
    size_t msg;
    int64_t t;                /* ms */
    int64_t retry_count;      /* IGE_TIMEOUT */
    int64_t next_retry_after; /* IGE_TIMEOUT, ms */
} ig_event;

typedef struct ig_msg {
    ig_state state;
    int64_t retry_count;
    int64_t next_retry_after;
    bool escalated;
} ig_msg;

typedef struct ig_model {
    int64_t max_retries;
    ig_msg *msgs;
    size_t n, cap;
} ig_model;

/* The model (its declaration: model.h). */
extern const lc_model amc_lc_ignite;

/* The backoff bound of retry n (the count before the timeout): min(300, 5 * 2^n) seconds. */
int64_t ig_backoff_max_ms(int64_t n);
void ig_init(ig_model *m, int64_t max_retries);
/* Frees what the core (an ig_model) holds. */
void ig_fini(void *core);
/* One step of the core (an ig_model) on ev (an ig_event); on rejection the model is
 * unchanged. AMC_ENOMEM only. lc_step(&amc_lc_ignite, ...) also says which transition. */
amc_status ig_step(void *core, const void *ev, lc_out *out);
/* End of stream obligations; the findings are about the first message concerned. */
void ig_finish(const void *core, lc_out *out);
const char *ig_state_name(ig_state s);

#endif
