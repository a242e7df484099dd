/*
 * embed_int.h - the table of schema documents embedded at build time (cmake/lib-embed.cmake
 * generates it from every .json file under schemas/).
 */
#ifndef AMC_EMBED_INT_H
#define AMC_EMBED_INT_H

#include <stddef.h>

typedef struct amc_embedded_schema {
    const char *path;          /* path under schemas/, e.g. "meta/2020-12/core.json" */
    const char *id;            /* the root "$id" as written, or NULL */
    const unsigned char *data; /* the file's bytes (followed by a NUL not counted in len) */
    size_t len;
} amc_embedded_schema;

/* Terminated by an all-NULL row; amc_embedded_schemas_count rows before it. */
extern const amc_embedded_schema amc_embedded_schemas[];
extern const size_t amc_embedded_schemas_count;
#endif
