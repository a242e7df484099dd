/*
 * lc_acp.h - the typed core of the ACP lifecycle model (docs/lifecycle/acp.md): a task's
 * attempts, retries with backoff 1000/2000/4000 ms (at most 3), the escalation levels 2-4 of
 * seed §6 and the session counters (global_metrics).
 * Driven by the JSON edge (lc_acp.c) and directly by tests/property/prop_acp.c.
 */
#ifndef AMC_LC_ACP_H
#define AMC_LC_ACP_H

#include "lifecycle/model.h"

#define AC_MAX_RETRIES 3

typedef enum ac_state {
    AC_NONE = 0,
    AC_RUNNING,   /* assigned or retried, an attempt under way */
    AC_FAILED,    /* an attempt failed (ERROR); awaiting retry or escalation */
    AC_ESCALATED, /* Level 2: the Orchestrator is notified */
    AC_DONE,      /* RESULT: completed (terminal) */
    AC_SKIPPED,   /* Level 3 (terminal, counts as failed) */
    AC_STOPPED    /* Level 4: the session stopped (terminal, counts as failed) */
} ac_state;

typedef enum ac_kind {
    ACE_ASSIGN = 0, /* TASK_ASSIGN */
    ACE_FAIL,       /* an attempt failed (ERROR) */
    ACE_RETRY,      /* Level 1: retry n (attempt) */
    ACE_COMPLETE,   /* RESULT */
    ACE_ESCALATE,   /* level 2, 3 or 4 */
    ACE_METRICS,    /* a session-state snapshot */
    ACE_N
} ac_kind;

typedef struct ac_event {
    ac_kind kind;
    int64_t t;
    size_t task;
    int64_t attempt;                  /* RETRY */
    int level;                        /* ESCALATE: 2..4 */
    int64_t total, completed, failed; /* METRICS */
    double success_rate;              /* METRICS */
    bool has_rate;                    /* METRICS */
} ac_event;

typedef struct ac_task {
    ac_state state;
    int64_t retries;
    int64_t fail_t; /* time of the last failure */
} ac_task;

typedef struct ac_model {
    bool stopped;
    int64_t completed, failed;
    ac_task *tasks;
    size_t n, cap;
} ac_model;

/* The model (its declaration: model.h). A zeroed ac_model is the initial state. */
extern const lc_model amc_lc_acp;

/* The wait before retry n (1..3): 1000, 2000, 4000 ms. */
int64_t ac_backoff_ms(int64_t n);
/* Frees what the core (an ac_model) holds. */
void ac_fini(void *core);
/* One step of the core (an ac_model) on ev (an ac_event); on rejection the model is unchanged.
 * AMC_ENOMEM only. lc_step(&amc_lc_acp, ...) also says which transition it took. */
amc_status ac_step(void *core, const void *ev, lc_out *out);
void ac_finish(const void *core, lc_out *out);
const char *ac_state_name(ac_state s);

#endif
