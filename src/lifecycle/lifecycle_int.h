/*
 * lifecycle_int.h - what the lifecycle room offers the rooms above it: the models (model.h) by
 * profile.
 */
#ifndef AMC_LIFECYCLE_INT_H
#define AMC_LIFECYCLE_INT_H

#include "lifecycle/model.h"

/* The model of a profile (NULL: none). */
const lc_model *amc_lc_model(const char *profile);
/* The lifecycle rules of the profile's model (NULL: no model). */
const amc_rule_set *amc_lc_rules(const char *profile);
/* The model instance behind a public handle (gen.c reads its core). */
lc_inst *amc_lc_inst(const amc_lifecycle *lc);

#endif
