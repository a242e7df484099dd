/*
 * lc_discussion.h - the typed core of the discussion lifecycle model
 * (docs/lifecycle/discussion.md): status OPEN -> IN_PROGRESS -> VOTING -> DECIDED -> CLOSED with
 * TIMEOUT (24 h) and ESCALATED, phases 1..6 in order, objections reopening phase 5, the 100
 * message / 50,000 token limits. Driven by lc_discussion.c and tests/property/prop_discussion.c.
 */
#ifndef AMC_LC_DISCUSSION_H
#define AMC_LC_DISCUSSION_H

#include "lifecycle/model.h"

#define DC_TIMEOUT_MS (24LL * 3600 * 1000)
#define DC_MAX_MSGS   100
#define DC_MAX_TOKENS 50000

typedef enum dc_status {
    DC_NONE = 0,
    DC_OPEN,
    DC_IN_PROGRESS,
    DC_VOTING,
    DC_DECIDED,
    DC_CLOSED,
    DC_TIMEOUT,
    DC_ESCALATED,
    DC_NSTATUS
} dc_status;

typedef enum dc_kind {
    DCE_OPEN = 0,  /* a discussion is opened (trigger) */
    DCE_STATUS,    /* status change (not OPEN) */
    DCE_PHASE,     /* phase n starts */
    DCE_MESSAGE,   /* a message, with its tokens */
    DCE_OBJECTION, /* an objection against the decision, accepted or not */
    DCE_N
} dc_kind;

typedef struct dc_event {
    dc_kind kind;
    int64_t t;
    size_t disc;
    dc_status status; /* STATUS */
    int phase;        /* PHASE: 1..6 */
    int64_t tokens;   /* MESSAGE */
    bool accepted;    /* OBJECTION */
} dc_event;

typedef struct dc_disc {
    dc_status status;
    int phase; /* last phase started, 0 before the first */
    int64_t opened;
    int64_t msgs, tokens;
    unsigned reopened; /* accepted objections */
} dc_disc;

typedef struct dc_model {
    dc_disc *v;
    size_t n, cap;
} dc_model;

/* The model (its declaration: model.h). A zeroed dc_model is the initial state. */
extern const lc_model amc_lc_discussion;

/* Frees what the core (a dc_model) holds. */
void dc_fini(void *core);
/* One step of the core (a dc_model) on ev (a dc_event); on rejection the model is unchanged.
 * AMC_ENOMEM only. lc_step(&amc_lc_discussion, ...) also says which transition it took. */
amc_status dc_step(void *core, const void *ev, lc_out *out);
void dc_finish(const void *core, lc_out *out);
const char *dc_status_name(dc_status s);
bool dc_terminal(dc_status s);

#endif
