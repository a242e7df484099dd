/*
 * cli_html_tl.h - timelines as inline SVG (cli_html_trace.c): the lanes, spans and marks of
 * `amc trace check --format html` and `amc audit --format html`.
 */
#ifndef AMC_CLI_HTML_TL_H
#define AMC_CLI_HTML_TL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "amc/amc.h"

typedef struct cli_tl cli_tl;

/* A new timeline; lc (may be NULL: no model) gives the transitions events are read with. */
cli_tl *cli_tl_new(const amc_lifecycle *lc);
void cli_tl_free(cli_tl *tl); /* NULL: no-op */

/* One lifecycle event (the JSON text given to amc_lifecycle_apply(), which returned st; its
 * diagnostics are ds[first..]) read from trace line `line`. */
void cli_tl_event(cli_tl *tl, const amc_lifecycle *lc, const char *ev, size_t len, size_t line,
                  amc_status st, const amc_diags *ds, size_t first);

/* A mark on lane (kind, name): sev 0 ok, 1 warning, 2 error; diag (may be NULL) its finding.
 * Returns its index, (size_t)-1 when out of memory. */
size_t cli_tl_mark(cli_tl *tl, const char *kind, const char *name, size_t line, const char *event,
                   const char *t, int sev, const char *diag);
/* The mark's lane enters state (a new span when it changes). */
void cli_tl_state(cli_tl *tl, size_t mark, const char *state);
/* Another party of the mark: its lane gets an arrow to the mark's lane (outward: from it). */
void cli_tl_link(cli_tl *tl, size_t mark, const char *kind, const char *name, bool outward);

/* The timeline: parts of at most 500 events, each a <details> with one SVG. */
void cli_tl_timeline(FILE *out, const cli_tl *tl);
/* The line of the first error mark (0: none); *part_no its part. */
size_t cli_tl_first_error(const cli_tl *tl, size_t *part_no);

/* The page of `amc trace check --format html`: the verdict, the totals, every diagnostic (the
 * illegal step's first, linked to its part) and the timeline. */
typedef struct cli_tl_trace_info {
    const char *file, *profile;
    bool illegal;
    size_t stop_line, lines, events;
    const char *const *names; /* events by name */
    const size_t *counts;
    size_t nnames;
} cli_tl_trace_info;
void cli_html_trace(FILE *out, const cli_tl *tl, const cli_tl_trace_info *in, const amc_diags *ds);

#endif

/* One file of `amc audit --format html`: its path below the workspace, the task it belongs to
 * (NULL: none found), its sender and receiver (NULL: unknown), its order key (the first run of
 * at least 10 digits in its name: the time IGNITE and mailbox file names carry; 0: none), the
 * folder it sits in, its worst severity (0 clean, 1 warning, 2 error) and findings. */
typedef struct cli_audit_file {
    char *rel, *task, *from, *to, *folder, *diag;
    unsigned long long key;
    size_t walk; /* walk order (ties) */
    int sev;
} cli_audit_file;
/* Fills task, from, to, key and folder of f from the file's bytes and f->rel. */
void cli_audit_file_read(cli_audit_file *f, const char *buf, size_t len);
void cli_audit_file_free(cli_audit_file *f);
/* The page: a lane per task with its files in the order their names say, flagged files
 * highlighted and listed; ws_diag (may be NULL) holds the workspace-level findings. */
void cli_html_audit(FILE *out, const char *root, cli_audit_file *files, size_t n,
                    const char *ws_diag, size_t errors, size_t warnings);
