/*
 * model.h - the lifecycle model API (SPEC 6): what a model declares, and what the framework
 * (model.c) does with the declaration.
 *
 * A model is its typed core - states, events, a step function - plus, as data:
 *   - its entities (lc_entity): the things events name ("task", "msg"), each with its states;
 *   - its events (names) and their members (lc_member): the framework decodes a JSON event into
 *     the model's typed event struct, with the diagnostics of docs/lifecycle/<profile>.md;
 *   - its transitions (lc_transition): (event, entity, from state, to state). Every accepted
 *     step takes exactly one declared transition; lc_step says which (out->transition);
 *   - its rules (rules_lc_<profile>.def, AMC_RULE rows).
 * The framework owns the rest: event decoding, entity names, the clock ("t"), state output,
 * the end-of-stream findings, the diagnostics of the rules a step broke, and coverage: which
 * rules, states and transitions a run reached (amc_lifecycle_item()).
 *
 * Adding a model: src/lifecycle/lc_<profile>.h (its typed core: states, events, model struct -
 * what tests and generators drive), lc_<profile>.c (the step, the declarations and `const
 * lc_model amc_lc_<profile>`), rules_lc_<profile>.def; its codes in
 * src/include/amc/codes_lc*.def; one row in the table of lifecycle.c; docs/lifecycle/<profile>.md.
 *
 * Generators (issue 21): gen.c generates event sequences for any model from its declaration
 * (events, members with their types and names, entities, transitions) and the current core
 * (which instance is in which state, to aim at the transitions a run has not reached); a model
 * adds only its timing bounds (gen_bounds). The property tests keep their own typed generators
 * (tests/property/prop_<profile>.c), which drive the typed cores through lc_step.
 */
#ifndef AMC_LC_MODEL_H
#define AMC_LC_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "amc/doc.h"
#include "amc/lifecycle.h"
#include "core/buf_int.h"
#include "core/diag_int.h"
#include "profiles/profile_int.h"

/* ---- the outcome of one typed step ---- */

#define LC_OUT_MAX 4

/* Rejected (the core is unchanged) and/or findings, each a rule id of the model and a message;
 * a finding of a SHOULD rule on an accepted step is a warning. lc_step adds the transition. */
typedef struct lc_out {
    bool rejected;
    int n;
    const char *rule[LC_OUT_MAX];
    char msg[LC_OUT_MAX][200];
    /* lc_step: the declared transition taken (-1: none, the step was rejected), the states of
     * the instance it moved before and after; undeclared: an accepted step that no declared
     * transition matches (the model contradicts its declaration). */
    int transition, from, to;
    bool undeclared;
    /* finish: finding i is about instance about_idx[i] of entity about: its name is appended
     * to the message ("... (first: 'name')"), each finding naming its own first instance */
    bool has_about;
    int about;
    size_t about_idx[LC_OUT_MAX];
} lc_out;

/* An empty outcome. */
void lc_out_init(lc_out *o);
void lc_out_add(lc_out *o, bool reject, const char *rule, const char *fmt, ...) AMC_PRINTF(4, 5);
/* True if o has a finding of this rule. */
bool lc_out_has(const lc_out *o, const char *rule);

/* ---- entity names <-> dense indexes ---- */

typedef struct lc_names {
    char **v;
    size_t *len; /* name lengths */
    size_t n, cap;
    size_t *slots; /* open addressing: index + 1, 0 empty */
    size_t nslots; /* a power of two, > 2 n */
} lc_names;

#define LC_MAX_ENTITIES 100000
/* Index of name (added if new). AMC_ELIMIT past LC_MAX_ENTITIES, AMC_ENOMEM. */
amc_status lc_intern(lc_names *t, const char *s, size_t len, size_t *idx);
/* Index of name if known. */
bool lc_find(const lc_names *t, const char *s, size_t len, size_t *idx);
void lc_names_free(lc_names *t);

/* Grows *v (n used, cap allocated, elements of size sz) to hold idx; new elements zeroed. */
amc_status lc_reserve(void **v, size_t *n, size_t *cap, size_t sz, size_t idx);
/* st = lc_reserve for an array arr of any element type (through a void *, no aliasing). */
#define LC_RESERVE(st, arr, n, cap, idx)                                                           \
    do {                                                                                           \
        void *lc_p_ = (arr);                                                                       \
        (st) = lc_reserve(&lc_p_, &(n), &(cap), sizeof *(arr), (idx));                             \
        (arr) = lc_p_;                                                                             \
    } while (0)

/* ---- the declaration ---- */

#define LC_MAX_KINDS 8 /* entity kinds of a model */

/* A kind of thing the events name. Instance 0.. are the names the events gave, in order of
 * first appearance. An entity without a member (member NULL) is the model itself: one
 * instance, index 0 (a session, the relay). */
typedef struct lc_entity {
    const char *name;          /* "task", "relay" */
    const char *member;        /* the event member naming an instance ("task"); NULL: the model */
    const char *noun;          /* "tasks": the limit's message ("more than 100000 tasks") */
    size_t max;                /* instances at most, 0: LC_MAX_ENTITIES */
    const char *max_noun;      /* the message past max ("reviewers") */
    const char *const *states; /* state names; for named entities [0] = never named by an
                                  accepted step ("none"): not listed in the state output */
    int n_states;
    /* Where the instances are (LC_ARRAY): element i of an array of structs in the core, its
     * state an enum field (LC_STATE_FIELD; the model itself: a field of the core)... */
    bool in_array;
    size_t arr_off, n_off, n_size, elem_size, state_off, state_size;
    /* ...or what state_of says (it wins; NULL and no state field: no states, names only). */
    int (*state_of)(const void *core, size_t idx);
    /* The state output: instances (LC_ARRAY) in a state other than the first, as
     * "map":{"name":value,...}; put writes the value of one element. NULL: not listed. */
    const char *map;
    amc_status (*put)(amc_buf *b, const void *elem, const lc_names *names);
} lc_entity;

/* The instances are the core's array ARR (struct CORE) of N elements of struct type ELEM. */
#define LC_ARRAY(CORE, ARR, N, ELEM)                                                               \
    .in_array = true, .arr_off = offsetof(CORE, ARR), .n_off = offsetof(CORE, N),                  \
    .n_size = sizeof(((CORE *)0)->N), .elem_size = sizeof(ELEM)
/* An element's state is its enum field F (of struct ELEM); for the model itself (no array) a
 * field F of the core (an enum or a bool). */
#define LC_STATE_FIELD(ELEM, F) .state_off = offsetof(ELEM, F), .state_size = sizeof(((ELEM *)0)->F)
/* The state names (an array). */
#define LC_STATES(NAMES) .states = NAMES, .n_states = (int)(sizeof NAMES / sizeof NAMES[0])
/* The state of instance idx of entity en in core (0 past the instances). */
int lc_state_of(const lc_entity *en, const void *core, size_t idx);

typedef enum lc_type {
    LC_ENTITY, /* a non-empty string naming an instance of entity `entity` -> size_t */
    LC_INT,    /* an integer (int64) -> int64_t or int; lo..hi when lo <= hi */
    LC_COUNT,  /* an integer >= 0 -> int64_t */
    LC_BOOL,   /* true or false -> bool */
    LC_TIME,   /* an RFC 3339 date-time with offset or integer milliseconds >= 0 -> int64_t */
    LC_NUMBER, /* any number -> double */
    LC_ENUM    /* a non-empty string, one of names[lo..hi] -> its index (int or bool) */
} lc_type;

/* A member of some events. Members are decoded in declaration order (their diagnostics come in
 * that order, after the event time's), entity names interned in that order once all decoded.
 * Declared with designated initializers; a field left out is 0. */
typedef struct lc_member {
    const char *key;
    lc_type type;
    uint32_t events; /* bit k (LC_EV(k)): events of kind k have it */
    bool required;
    size_t off, size; /* the field of the typed event (LC_AT) */
    size_t has;       /* LC_HAS: a bool field set when the member is present; 0: none */
    int entity;       /* LC_ENTITY: the entity kind */
    int64_t dflt;     /* the value when absent (LC_INT, LC_COUNT, LC_BOOL, LC_ENUM) */
    /* LC_ENUM: names; accepted indexes lo..hi; lenient: another string is `otherwise` */
    const char *const *names;
    int n_names, lo, hi;
    bool lenient;
    int otherwise;
    /* A value out of lo..hi (LC_INT, only when bad_pre is set) or not accepted (LC_ENUM) is
     * reported as bad_pre, the value (LC_INT: the integer; LC_ENUM: up to bad_show bytes of the
     * string, 0: none), bad_post. */
    const char *bad_pre, *bad_post;
    int bad_show;
} lc_member;

#define LC_AT(type, field) .off = offsetof(type, field), .size = sizeof(((type *)0)->field)

/* Member rows: K its key, EVS the events that have it (LC_EV bits), T.F the typed event's
 * field. Rarer settings (has, dflt, lenient) are written as designated initializers. */
#define LC_NAMED(K, EVS, T, F, ENT)                                                                \
    .key = K, .type = LC_ENTITY, .events = EVS, .required = true, LC_AT(T, F), .entity = ENT
#define LC_VALUE(K, TY, EVS, REQ, T, F)                                                            \
    .key = K, .type = TY, .events = EVS, .required = REQ, LC_AT(T, F)
#define LC_RANGE(LO, HI, PRE, POST) .lo = LO, .hi = HI, .bad_pre = PRE, .bad_post = POST
#define LC_CHOICE(NAMES, LO, HI)                                                                   \
    .names = NAMES, .n_names = (int)(sizeof NAMES / sizeof NAMES[0]), .lo = LO, .hi = HI
#define LC_BAD(PRE, SHOW, POST) .bad_pre = PRE, .bad_show = SHOW, .bad_post = POST
#define LC_HAS(type, field)     (offsetof(type, field) + 1)
#define LC_EV(k)                (1u << (k))
#define LC_EVS(n)               ((1u << (n)) - 1u) /* every event of a model with n kinds */

/* The typed event of a model: its struct, the fields of its kind (an enum) and time (int64),
 * the event names (an array of N). */
#define LC_EVENT(type, kind_field, t_field, NAMES, N)                                              \
    .event_size = sizeof(type), .kind_off = offsetof(type, kind_field),                            \
    .kind_size = sizeof(((type *)0)->kind_field), .t_off = offsetof(type, t_field),                \
    .events = NAMES, .n_events = N

#define LC_ANY  (-1) /* lc_transition.from: any state */
#define LC_SAME (-2) /* lc_transition.to: the state it was in */

/* One declared transition: an event moving one instance of an entity (the instance the event
 * names; the model itself for an entity without a member) from a state to a state. The
 * transitions of one event all name the same entity. lc_step takes the first row that matches,
 * so specific rows go before LC_ANY rows. */
typedef struct lc_transition {
    int event;
    int entity;
    int from, to;
} lc_transition;

typedef struct amc_lc_config {
    const amc_policy *policy; /* NULL: the protocol documents' constants */
    amc_limits lim;           /* normalized */
} amc_lc_config;

typedef struct lc_model {
    const char *profile;
    amc_rule_set rules; /* its rules: rules_lc_<profile>.def */
    /* entities */
    const lc_entity *entities;
    int n_entities;
    /* events and their members */
    const char *const *events;
    int n_events;
    const char *events_hint; /* the list in "unknown event" (NULL: the event names) */
    const lc_member *members;
    size_t n_members;
    size_t event_size, kind_off, kind_size, t_off; /* the typed event (LC_EVENT) */
    /* transitions */
    const lc_transition *transitions;
    size_t n_transitions;
    /* The typed core (core_size bytes, zeroed: its initial state). Its functions take the core
     * and event as void * so that the declaration names them directly. */
    size_t core_size;
    /* Reads the configuration (NULL: the zeroed core is the initial state); may name instances
     * (names is the instance's table per entity). fini frees what the core holds and must
     * accept a core that init failed on. */
    amc_status (*init)(void *core, lc_names *names, const amc_lc_config *cfg);
    void (*fini)(void *core);
    /* One step: findings into out; a rejected step leaves the core unchanged. AMC_ENOMEM,
     * AMC_ELIMIT or AMC_EUSAGE (an event the core cannot take) only. */
    amc_status (*step)(void *core, const void *ev, lc_out *out);
    /* End of stream: open obligations into out (NULL: none). */
    void (*finish)(const void *core, lc_out *out);
    /* State output after the entity maps: ,"member":value... (NULL: none). */
    amc_status (*put_extra)(amc_buf *b, const void *core);
    /* For the event generator (gen.c): the model's timing bounds in ms (TTLs, leases,
     * timeouts, backoff waits) as the core holds them, at most max into out; the generator
     * places event times just before, at and just after each (NULL: none). */
    size_t (*gen_bounds)(const void *core, int64_t *out, size_t max);
} lc_model;

/* lc_inst_apply's room for one decoded event: its typed event struct (LC_EVENT) and a value per
 * member. LC_FITS(type), beside each model, checks at compile time that the model's fit. */
#define LC_EVENT_BYTES 512
#define LC_MAX_MEMBERS 32
#define LC_FITS(type)                                                                              \
    _Static_assert(sizeof(type) <= LC_EVENT_BYTES, #type " exceeds LC_EVENT_BYTES");               \
    _Static_assert(sizeof members / sizeof members[0] <= LC_MAX_MEMBERS, "over LC_MAX_MEMBERS")

/* The typed core: its struct and functions (fini, step, finish may be NULL). */
#define LC_CORE(CORE, FINI, STEP, FINISH)                                                          \
    .core_size = sizeof(CORE), .fini = FINI, .step = STEP, .finish = FINISH

/* The tables of a model declared under the names rules, entities, members and transitions
 * (one model a file): lc_model's rules, entities, members and transitions members. */
#define LC_TABLES(P)                                                                               \
    .profile = P, .rules = {P, rules, sizeof rules / sizeof rules[0]}, .entities = entities,       \
    .n_entities = (int)(sizeof entities / sizeof entities[0]), .members = members,                 \
    .n_members = sizeof members / sizeof members[0], .transitions = transitions,                   \
    .n_transitions = sizeof transitions / sizeof transitions[0]

/* Steps a typed core through its model: md->step, then the transition taken. AMC_EUSAGE when
 * the event's kind is out of range. */
amc_status lc_step(const lc_model *md, void *core, const void *ev, lc_out *out);
/* "event: entity from -> to" of transition t ("(any)", "(same)" for LC_ANY, LC_SAME). */
void lc_transition_name(const lc_model *md, size_t t, char *buf, size_t size);

/* ---- an instance: the JSON edge (lifecycle.c) ---- */

typedef struct lc_inst lc_inst;

amc_status lc_inst_new(const lc_model *md, const amc_lc_config *cfg, lc_inst **out);
void lc_inst_free(lc_inst *in);
/* One event (a JSON object with a string member "event") of doc. */
amc_status lc_inst_apply(lc_inst *in, const amc_doc *doc, const amc_value *event, amc_diags *ds);
amc_status lc_inst_finish(lc_inst *in, amc_diags *ds);
/* The observable state as one JSON object. */
amc_status lc_inst_state(const lc_inst *in, amc_buf *b);
long lc_inst_last_transition(const lc_inst *in);
/* The typed core and the names of entity e (for generators). */
const void *lc_inst_core(const lc_inst *in);
const lc_names *lc_inst_names(const lc_inst *in, int e);
size_t lc_inst_items(const lc_inst *in, amc_lifecycle_item_kind kind);
amc_status lc_inst_item(const lc_inst *in, amc_lifecycle_item_kind kind, size_t i, char *name,
                        size_t size, unsigned long *hits);

/* ---- helpers for models ---- */

/* A JSON string (quoted, escaped). */
amc_status lc_put_str(amc_buf *b, const char *s);

#endif
