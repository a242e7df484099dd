/*
 * lc_common.h - helpers shared by the ignite and mailbox models: the outcome of one typed step
 * (rule violations with messages), entity-name interning and event member readers for the JSON
 * edge (lifecycle_int.h).
 */
#ifndef AMC_LC_COMMON_H
#define AMC_LC_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include "lifecycle/lifecycle_int.h"

#define LC_OUT_MAX 4

/* Outcome of one typed step: rejected (the state is unchanged) and/or findings, each a catalog
 * rule id and a message. A finding of a SHOULD rule on an accepted step is a warning. */
typedef struct lc_out {
    bool rejected;
    int n;
    const char *rule[LC_OUT_MAX];
    char msg[LC_OUT_MAX][200];
} lc_out;

void lc_out_add(lc_out *o, bool reject, const char *rule, const char *fmt, ...) AMC_PRINTF(4, 5);
/* Emits o's findings (rules of the set) at pos; AMC_EINVALID if rejected. */
amc_status lc_out_emit(const lc_out *o, const amc_rule_set *rules, amc_diags *ds, amc_pos pos);
/* True if o has a finding of this rule. */
bool lc_out_has(const lc_out *o, const char *rule);

/* Entity names <-> dense indexes. */
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

/* Event members. Each reports LC_EVENT_INVALID (with the member's position) and returns false
 * when the member is missing (if required) or has the wrong type. */
bool lc_get_str(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                amc_diags *ds, const amc_value **out);
bool lc_get_int(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                amc_diags *ds, int64_t *out, bool *present);
bool lc_get_bool(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                 amc_diags *ds, bool *out, bool *present);
/* A time value: an RFC 3339 date-time string or integer milliseconds. */
bool lc_get_time(const amc_doc *doc, const amc_value *ev, const char *key, bool required,
                 amc_diags *ds, int64_t *out, bool *present);
/* The event's "t": absent = *now; earlier than *now is LC_TIME_BACKWARDS. On success *t is set
 * (the caller commits it to *now when the step is accepted). */
bool lc_event_time(const amc_doc *doc, const amc_value *ev, int64_t now, amc_diags *ds, int64_t *t);
amc_pos lc_pos(const amc_doc *doc, const amc_value *v);

/* JSON output helpers. */
amc_status lc_put_str(amc_buf *b, const char *s);

#endif
