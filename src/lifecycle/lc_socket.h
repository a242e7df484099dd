/*
 * lc_socket.h - the typed core of the socket lifecycle model (docs/lifecycle/socket.md): the
 * manager's three phases implement -> docs -> review per task, sub-tasks dispatched in parallel
 * inside a phase, workers idle/busy, status replies, the aggregated result.
 * Driven by the JSON edge (lc_socket.c) and directly by tests/property/prop_socket.c.
 */
#ifndef AMC_LC_SOCKET_H
#define AMC_LC_SOCKET_H

#include "lifecycle/model.h"

#define SK_NPHASES 3 /* implement, docs, review */

typedef enum sk_kind {
    SKE_TASK = 0,   /* the manager receives a task */
    SKE_PHASE,      /* the manager starts a phase of a task */
    SKE_DISPATCH,   /* a sub-task sent to a worker */
    SKE_SUB_RESULT, /* a worker's result of a sub-task */
    SKE_STATUS,     /* a worker's status reply (idle/busy) */
    SKE_RESULT,     /* the manager's result of a task */
    SKE_N
} sk_kind;

typedef enum sk_tstate { SKT_NONE = 0, SKT_OPEN, SKT_ANSWERED } sk_tstate;
typedef enum sk_sstate { SKS_NONE = 0, SKS_DISPATCHED, SKS_DONE } sk_sstate;

typedef struct sk_event {
    sk_kind kind;
    int64_t t;
    size_t task;   /* TASK PHASE DISPATCH RESULT */
    int phase;     /* PHASE: 0..2 */
    size_t sub;    /* DISPATCH SUB_RESULT */
    size_t worker; /* DISPATCH STATUS */
    bool ok;       /* SUB_RESULT: status success; RESULT: status success (else partial_error);
                      STATUS: state busy */
} sk_event;

typedef struct sk_task {
    sk_tstate state;
    int phase;        /* current phase, -1 before the first */
    size_t open;      /* sub-tasks of the current phase without result */
    bool any_error;   /* a sub-result was not success */
    unsigned nphases; /* phases started */
} sk_task;

typedef struct sk_sub {
    sk_sstate state;
    size_t task, worker;
    int phase;
} sk_sub;

typedef struct sk_worker {
    bool busy;
    bool used;  /* has had a sub-task (listed in the state) */
    size_t sub; /* while busy */
} sk_worker;

typedef struct sk_model {
    sk_task *tasks;
    size_t nt, ct;
    sk_sub *subs;
    size_t ns, cs;
    sk_worker *workers;
    size_t nw, cw;
} sk_model;

/* The model (its declaration: model.h). A zeroed sk_model is the initial state. */
extern const lc_model amc_lc_socket;

/* Frees what the core (an sk_model) holds. */
void sk_fini(void *core);
/* One step of the core (an sk_model) on ev (an sk_event); on rejection the model is unchanged.
 * AMC_ENOMEM only. lc_step(&amc_lc_socket, ...) also says which transition it took. */
amc_status sk_step(void *core, const void *ev, lc_out *out);
/* End of stream obligations. */
void sk_finish(const void *core, lc_out *out);
const char *sk_phase_name(int phase);

#endif
