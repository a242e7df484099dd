/*
 * amc/amc.h - umbrella header of libamc, the Agent Message Conformance kit.
 *
 * Ownership rule (applies to the whole API; exceptions say so on the function):
 *   - Inputs are borrowed and const. amc never modifies what it is given.
 *   - Outputs are owned by the caller and freed with the matching amc_*_free(), which accepts NULL.
 *   - Strings and nodes inside a result live exactly as long as that result.
 * The library never prints, never exits and never opens a file it was not asked to open; every
 * problem is reported through an amc_diags sink.
 */
#ifndef AMC_AMC_H
#define AMC_AMC_H

#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"
#include "amc/json.h"
#include "amc/yaml.h"
#include "amc/mime.h"
#include "amc/date.h"
#include "amc/jcs.h"
#include "amc/schema.h"
#include "amc/lint.h"
#include "amc/profile.h"
#include "amc/lifecycle.h"
#include "amc/catalog.h"
#include "amc/conform.h"
#include "amc/audit.h"

#endif
