/*
 * amc/yaml.h - YAML reader (libyaml events -> amc document), YAML 1.2 core schema.
 */
#ifndef AMC_YAML_H
#define AMC_YAML_H

#include "amc/common.h"
#include "amc/diag.h"
#include "amc/doc.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @defgroup yaml YAML reader
 *  @{ */

/**
 * Reads exactly one YAML document into the same tree the JSON reader builds. Scalars are typed
 * by the YAML 1.2 core schema; plain scalars that YAML 1.1 readers type differently get an
 * interop warning; duplicate keys, non-core tags, several documents and non-scalar keys are
 * errors; aliases are bounded by lim->max_alias_nodes. See src/formats/yaml_read.c.
 * Same contract as amc_json_read().
 */
AMC_API amc_status amc_yaml_read(const char *buf, size_t len, const amc_limits *lim,
                                 amc_diags *diags, amc_doc **out) AMC_WARN_UNUSED_RESULT;

/** @} */

#ifdef __cplusplus
}
#endif
#endif
