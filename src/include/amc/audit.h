/*
 * amc/audit.h - audits a whole workspace (SPEC 2: the library does no I/O; the caller walks the
 * tree and feeds every entry). Each message file goes through its profile's validator with its
 * path relative to the workspace root (placement and status-vs-folder rules are the profiles');
 * the auditor adds what needs several files: the same message in two folders, a message past
 * its retry/delivery limit outside the dead-letter folder, stray files in message folders, and
 * entries the walker could not read. Memory is bounded by small keys (id + first path), never
 * documents, so a 100k-file tree streams.
 */
#ifndef AMC_AUDIT_H
#define AMC_AUDIT_H

#include <stdbool.h>
#include "amc/common.h"
#include "amc/diag.h"
#include "amc/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup audit Workspace audit
 *  @{ */

/** Options of amc_audit_new(). Zero/NULL fields mean the default. */
typedef struct amc_audit_opts {
    const char *profile;      /**< "ignite", "mailbox", "acp" or "auto" (NULL: "auto") */
    const amc_policy *policy; /**< borrowed (NULL: defaults) */
    const amc_limits *limits; /**< NULL: AMC_LIMITS_DEFAULT */
    bool stateful;            /**< validators keep one session across files (walk order) */
} amc_audit_opts;

/** What the walker met instead of a readable regular file. */
typedef enum amc_audit_entry_kind {
    AMC_AUDIT_SYMLINK = 0, /**< a symbolic link (never followed) */
    AMC_AUDIT_UNREADABLE,  /**< open/read failed */
    AMC_AUDIT_SPECIAL,     /**< FIFO, socket, device */
    AMC_AUDIT_TOO_DEEP,    /**< a directory past the depth limit */
    AMC_AUDIT_TOO_LARGE    /**< a file past the size limit */
} amc_audit_entry_kind;

typedef struct amc_audit amc_audit;

/** Per-audit totals (amc_audit_stats). */
typedef struct amc_audit_stats_t {
    size_t files;     /**< files given to amc_audit_file */
    size_t messages;  /**< of those, files in a message folder (validated) */
    size_t other;     /**< files outside every message folder (not validated) */
    size_t entries;   /**< entries given to amc_audit_entry */
    const char *kind; /**< "ignite", "mailbox", "acp", "mixed" or NULL (none seen) */
} amc_audit_stats_t;

/** New auditor. An unknown profile name is AMC_EUSAGE (reported). *out: amc_audit_free. */
AMC_API amc_status amc_audit_new(const amc_audit_opts *opts, amc_diags *diags,
                                 amc_audit **out) AMC_WARN_UNUSED_RESULT;

/**
 * Audits one regular file. relpath: its path relative to the workspace root, '/' separators
 * (the root's own name first when the root is queue/, inbox/ or agent-workspace/ so that the
 * placement rules see it). Diagnostics about this file go to diags (positions in buf).
 * Returns AMC_OK, AMC_EINVALID (errors reported), AMC_ELIMIT, AMC_ENOMEM or AMC_EUSAGE.
 */
AMC_API amc_status amc_audit_file(amc_audit *a, const char *relpath, const char *buf, size_t len,
                                  amc_diags *diags);

/**
 * Parallel audits (amc audit -j N): amc_audit_file() is a check of the file, which needs only
 * the auditor's settings and a validator, and a record step, which updates the cross-file
 * tables. A worker (amc_audit_worker_new: its own validator, made as the auditor's) checks files
 * on any thread, each into a unit; the caller records the units in walk order on one thread
 * with amc_audit_record(). The diagnostics (the file's own, then the cross-file ones), totals
 * and status are those amc_audit_file() gives for the same files in the same order. Workers
 * only read the auditor: several may check at once, and amc_audit_record() may run meanwhile.
 * A stateful auditor (one session in walk order) has no workers: AMC_EUSAGE.
 */
typedef struct amc_audit_worker amc_audit_worker;
typedef struct amc_audit_unit amc_audit_unit;

/** New worker for a (which must outlive it). Problems go to diags. *out: amc_audit_worker_free. */
AMC_API amc_status amc_audit_worker_new(const amc_audit *a, amc_diags *diags,
                                        amc_audit_worker **out) AMC_WARN_UNUSED_RESULT;

/**
 * The check of one file, as amc_audit_file() does it: the file's own diagnostics go to diags.
 * *out gets the unit to record (set whenever memory allowed one, even with an error status).
 * Returns what amc_audit_file() would before its cross-file rules.
 */
AMC_API amc_status amc_audit_check(amc_audit_worker *w, const char *relpath, const char *buf,
                                   size_t len, amc_diags *diags, amc_audit_unit **out);

/**
 * Records a checked file (in walk order): totals, the cross-file rules (their diagnostics go to
 * diags, after the file's own). Frees u. Returns the file's status as amc_audit_file() would.
 */
AMC_API amc_status amc_audit_record(amc_audit *a, amc_audit_unit *u, amc_diags *diags);

/** Frees a unit not recorded. NULL: no-op. */
AMC_API void amc_audit_unit_free(amc_audit_unit *u);

/** Frees a worker. NULL: no-op. */
AMC_API void amc_audit_worker_free(amc_audit_worker *w);

/** Records an entry that was not read (diagnostic on diags, position 0). */
AMC_API amc_status amc_audit_entry(amc_audit *a, const char *relpath, amc_audit_entry_kind kind,
                                   amc_diags *diags);

/**
 * Forgets the file at relpath (as given to amc_audit_file): its message id no longer counts for
 * the duplicate rules. For a live workspace (amc watch): call it when a file is deleted or moved
 * away, and before a changed file is checked again, so a message that moves from one folder to
 * the next, or is rewritten in place, is not its own duplicate. A path never seen is a no-op.
 * Cost: one pass over the id table (no second index is kept for the batch audit's sake).
 * Returns AMC_OK or AMC_EUSAGE.
 */
AMC_API amc_status amc_audit_forget(amc_audit *a, const char *relpath);

/** Workspace-level findings after the last file (e.g. AUDIT_NO_WORKSPACE). */
AMC_API amc_status amc_audit_finish(amc_audit *a, amc_diags *diags);

/** Totals so far. */
AMC_API void amc_audit_stats(const amc_audit *a, amc_audit_stats_t *out);

/**
 * Forgets every file and entry given so far (the totals, the cross-file tables) and resets the
 * auditor's validator (amc_validator_reset): the auditor then works as a new one with the same
 * options would, keeping only the schemas its validator has compiled. NULL: no-op.
 */
AMC_API void amc_audit_reset(amc_audit *a);

/** Frees the auditor. NULL: no-op. */
AMC_API void amc_audit_free(amc_audit *a);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
