/*
 * diag_int.h - internal helpers for reporting diagnostics.
 */
#ifndef AMC_DIAG_INT_H
#define AMC_DIAG_INT_H

#include "amc/diag.h"

/* Position of offset within buf (same as amc_pos_of). */
#define AMC_POS_NONE ((amc_pos){AMC_NO_OFFSET, 0, 0})

/* Adds a diagnostic with explicit severity, position and optional instance pointer. */
/* Diagnostics that could not be stored for lack of memory since the list was created or
 * cleared. Entry points that report into a caller's list compare it before and after their work:
 * a rise means a finding was lost, and they return AMC_ENOMEM rather than an incomplete verdict. */
size_t amc_diags_nomem(const amc_diags *ds);

/* One finding, one entry: among diagnostics [first, count) of ds, drops each one identical to
 * an earlier one (code, severity, position, message, instance, rule) and folds each rule
 * finding (rule_id set) that another rule's earlier finding states at the same position with
 * the same message and severity into that one's also_code (when it has none yet). Counts are
 * adjusted. Used by amc_validator_check on what a profile reported. */
void amc_diags_compact(amc_diags *ds, size_t first);

amc_status amc_diag_emit(amc_diags *ds, amc_code code, amc_severity sev, amc_pos at,
                         const char *instance_ptr, const char *fmt, ...) AMC_PRINTF(6, 7);
amc_status amc_diag_vemit(amc_diags *ds, amc_code code, amc_severity sev, amc_pos at,
                          const char *instance_ptr, const char *fmt, va_list ap) AMC_PRINTF(6, 0);
#endif
