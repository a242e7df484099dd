/*
 * amc/catalog.h - the rule catalog: every rule of every implemented profile, whichever part of
 * amc checks it - the profile's message rules (amc_validator), its lifecycle rules
 * (amc_lifecycle) and its workspace rules (amc_audit). `amc rules` prints it.
 */
#ifndef AMC_CATALOG_H
#define AMC_CATALOG_H

#include "amc/common.h"
#include "amc/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup profile
 *  @{ */

/** Number of rules of every implemented profile. */
AMC_API size_t amc_rule_count(void);
/**
 * The i-th rule, or NULL. Order: profile order (amc_profile_at), and within a profile its
 * message rules, then its lifecycle rules, then its workspace rules, each in catalog order.
 */
AMC_API const amc_rule *amc_rule_at(size_t i);
/** The rule with this id (exact), or NULL. */
AMC_API const amc_rule *amc_rule_find(const char *id);

/** @} */

#ifdef __cplusplus
}
#endif
#endif
