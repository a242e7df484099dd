/*
 * cli_schema.h - schema files for the CLI commands that take them (validate, lint-schema): the
 * loader the library calls for documents it does not hold (the CLI opens files, the library
 * never does), --map-uri, file:// URIs, and which file a diagnostic belongs to.
 */
#ifndef AMC_CLI_SCHEMA_H
#define AMC_CLI_SCHEMA_H

#include "cli.h"

typedef struct cli_loader cli_loader;

/* New loader serving file:// URIs (local files) and the --map-uri prefixes. NULL on ENOMEM. */
cli_loader *cli_loader_new(const amc_limits *lim);
void cli_loader_free(cli_loader *l);

/* Adds a "PREFIX=DIR" mapping: URIs starting with PREFIX are served from files under DIR (the
 * rest of the URI, percent-decoded, is the relative path; ".." segments are refused). Returns 0,
 * -1 for a malformed spec, -2 out of memory. */
int cli_loader_map(cli_loader *l, const char *spec);

/* cli_loader_map() for each spec of --map-uri; on failure says why on stderr ("amc CMD: out of
 * memory" or "amc CMD: --map-uri wants PREFIX=DIR, got '...'") and returns -1. */
int cli_loader_map_all(cli_loader *l, const char *const *specs, size_t n, const char *cmd);

/* Sets the default dialect of set (not NULL) from a --default-dialect value (NULL: leave
 * 2020-12), which the option layer has checked (cli_shared.c check_dialect). */
void cli_set_default_dialect(amc_schema_set *set, const char *value);

/* Installs l as the loader of set. */
void cli_loader_install(cli_loader *l, amc_schema_set *set);

/* The file:// URI of path (absolute, percent-encoded). New string: free(). NULL if the path
 * cannot be resolved (the error is printed). */
char *cli_file_uri(const char *path);

/*
 * Reads schema file path (JSON, or YAML for .yaml/.yml) and adds it to set with its file:// URI
 * as retrieval URI. Diagnostics are printed as text to stderr, named by path. On success *uri
 * is the document's canonical URI (owned by set) and 0 is returned; -1 if the file could not be
 * read, -2 if it is not an acceptable schema document (diagnostics printed).
 * If ds is not NULL, the diagnostics are also appended there (and not printed).
 */
int cli_schema_add_file(cli_loader *l, amc_schema_set *set, const char *path, const amc_limits *lim,
                        amc_diags *ds, const char **uri);

/* The file a schema URI (fragment ignored) was read from: a file given to
 * cli_schema_add_file() or one the loader served. NULL if unknown. */
const char *cli_loader_file_of(const cli_loader *l, const char *uri);

/* Prints diagnostics of schema documents to f as text, each named by the file its schema_uri
 * belongs to (fallback when unknown). */
void cli_print_schema_diags(FILE *f, const cli_loader *l, const amc_diags *ds,
                            const char *fallback);

/* Path extension test: true if path ends with .yaml or .yml. */
bool cli_is_yaml_path(const char *path);

#endif
