/*
 * audit_int.h - what the audit room offers the rooms above it.
 */
#ifndef AMC_AUDIT_INT_H
#define AMC_AUDIT_INT_H

#include "profiles/profile_int.h"

/* The workspace rules of a profile (rules_ws_<profile>.def; NULL: it has none). */
const amc_rule_set *amc_audit_rules(const char *profile);

#endif
