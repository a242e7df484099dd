/*
 * cmd_schemas.c - amc schemas: lists, prints and exports the JSON Schemas built into amc (SPEC
 * 8): every profile's schemas (schemas/<profile>/), the 2020-12 meta-schemas, and the
 * conformance adapter protocol's request, reply and report schemas (adapter-protocol/).
 *
 * Decisions:
 *   - The table is the library's (amc_schema_embedded_at), so what is listed is exactly what
 *     the validators use: a profile's schema printed here is byte for byte the one embedded.
 *   - `list [PREFIX]` (the default action) filters by a name prefix ("mailbox/",
 *     "adapter-protocol/"); `print NAME` takes a name or a "$id" and writes the bytes
 *     unchanged; `export DIR [PREFIX]` writes DIR/<name> for each schema, creating folders,
 *     and refuses to replace an existing file unless --force (it never deletes anything).
 *   - An unknown name is a usage error with the nearest name suggested.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

typedef struct sargs {
    int format;
    bool force;
} sargs;

static bool has_prefix(const char *name, const char *prefix)
{
    return !prefix || !strncmp(name, prefix, strlen(prefix));
}

static int list(const char *prefix, cli_format fmt)
{
    size_t i = 0, n = 0, width = 0;
    const char *name = NULL, *id = NULL;
    size_t len = 0;
    json_object *arr = fmt == CLI_FMT_JSON ? json_object_new_array() : NULL;
    for (i = 0; i < amc_schema_embedded_count(); i++) {
        (void)amc_schema_embedded_at(i, &name, NULL, NULL, NULL);
        if (has_prefix(name, prefix) && strlen(name) > width)
            width = strlen(name);
    }
    for (i = 0; i < amc_schema_embedded_count(); i++) {
        (void)amc_schema_embedded_at(i, &name, &id, NULL, &len);
        if (!has_prefix(name, prefix))
            continue;
        n++;
        if (arr) {
            json_object *o = json_object_new_object();
            json_object_object_add(o, "name", json_object_new_string(name));
            json_object_object_add(o, "id", id ? json_object_new_string(id) : NULL);
            json_object_object_add(o, "bytes", json_object_new_int64((int64_t)len));
            json_object_array_add(arr, o);
        } else {
            printf("%-*s  %s\n", (int)width, name, id ? id : "-");
        }
    }
    if (arr) {
        puts(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY |
                                                     JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(arr);
    }
    if (n == 0 && prefix)
        return cli_usage_error(&cli_cmd_schemas, "no built-in schema name starts with '%s'",
                               prefix);
    return CLI_EXIT_OK;
}

/* The index of the schema named (or with the $id) s, or -1 after a usage error. */
static long find(const char *s)
{
    size_t i = 0, n = amc_schema_embedded_count();
    const char **names = NULL, *hint = NULL;
    for (i = 0; i < n; i++) {
        const char *name = NULL, *id = NULL;
        (void)amc_schema_embedded_at(i, &name, &id, NULL, NULL);
        if (!strcmp(name, s) || (id && !strcmp(id, s)))
            return (long)i;
    }
    names = calloc(n ? n : 1, sizeof *names);
    for (i = 0; names && i < n; i++)
        (void)amc_schema_embedded_at(i, &names[i], NULL, NULL, NULL);
    hint = names ? cli_suggest(s, strlen(s), names, n) : NULL;
    if (hint)
        cli_usage_error(&cli_cmd_schemas, "no built-in schema '%s'; did you mean %s?", s, hint);
    else
        cli_usage_error(&cli_cmd_schemas, "no built-in schema '%s' (amc schemas list)", s);
    free(names);
    return -1;
}

static int print(const char *s)
{
    long i = find(s);
    const char *data = NULL;
    size_t len = 0;
    if (i < 0)
        return CLI_EXIT_ERROR;
    (void)amc_schema_embedded_at((size_t)i, NULL, NULL, &data, &len);
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
        fprintf(stderr, "amc schemas: cannot write: %s\n", strerror(errno));
        return CLI_EXIT_ERROR;
    }
    return CLI_EXIT_OK;
}

/* mkdir -p of the folders of path (not path itself). */
static int make_parents(char *path)
{
    char *p = NULL;
    for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "amc schemas: cannot create %s: %s\n", path, strerror(errno));
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    return 0;
}

static int export_to(const char *dir, const char *prefix, bool force)
{
    size_t i = 0, n = 0;
    for (i = 0; i < amc_schema_embedded_count(); i++) {
        const char *name = NULL, *data = NULL;
        size_t len = 0;
        char path[4096];
        struct stat st;
        FILE *f = NULL;
        (void)amc_schema_embedded_at(i, &name, NULL, &data, &len);
        if (!has_prefix(name, prefix))
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) {
            fprintf(stderr, "amc schemas: %s/%s: path too long\n", dir, name);
            return CLI_EXIT_ERROR;
        }
        if (!force && lstat(path, &st) == 0) {
            fprintf(stderr, "amc schemas: %s exists (--force replaces it)\n", path);
            return CLI_EXIT_ERROR;
        }
        if (make_parents(path) != 0)
            return CLI_EXIT_ERROR;
        f = fopen(path, "wb");
        if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
            fprintf(stderr, "amc schemas: cannot write %s: %s\n", path, strerror(errno));
            return CLI_EXIT_ERROR;
        }
        n++;
    }
    if (n == 0 && prefix)
        return cli_usage_error(&cli_cmd_schemas, "no built-in schema name starts with '%s'",
                               prefix);
    printf("%zu schema%s written under %s\n", n, n == 1 ? "" : "s", dir);
    return CLI_EXIT_OK;
}

static int schemas_main(void *args, const cli_list *ops)
{
    const sargs *a = args;
    const char *action = ops->n ? ops->v[0] : "list";
    static const char *const actions[] = {"list", "print", "export"};
    if (!strcmp(action, "list")) {
        if (ops->n > 2)
            return cli_usage_error(&cli_cmd_schemas, "list takes at most one PREFIX");
        return list(ops->n > 1 ? ops->v[1] : NULL, (cli_format)a->format);
    }
    if (!strcmp(action, "print")) {
        if (ops->n != 2)
            return cli_usage_error(&cli_cmd_schemas, "print takes one NAME (or $id)");
        return print(ops->v[1]);
    }
    if (!strcmp(action, "export")) {
        if (ops->n < 2 || ops->n > 3)
            return cli_usage_error(&cli_cmd_schemas, "export takes DIR and an optional PREFIX");
        return export_to(ops->v[1], ops->n > 2 ? ops->v[2] : NULL, a->force);
    }
    {
        const char *hint = cli_suggest(action, strlen(action), actions, 3);
        return cli_usage_error(&cli_cmd_schemas, "unknown action '%s'%s%s%s (list, print, export)",
                               action, hint ? "; did you mean " : "", hint ? hint : "",
                               hint ? "?" : "");
    }
}

#define O(field) CLI_AT(sargs, field)
const cli_command cli_cmd_schemas = {
    .name = "schemas",
    .summary = "list, print or export the JSON Schemas built into amc",
    .synopsis = (const char *const[]){"[list [PREFIX]] [--format text|json]", "print NAME",
                                      "export DIR [PREFIX] [--force]", NULL},
    .description =
        "The JSON Schemas amc validates with are built into it: each profile's message schemas "
        "(ignite/, mailbox/, discussion/, socket/, acp/), the draft 2020-12 meta-schemas (meta/), "
        "and the conformance adapter protocol's request, reply and report schemas "
        "(adapter-protocol/, conformance/PROTOCOL.md and REPORT.md). A schema given to amc "
        "validate --schema may $ref any of them by its $id.\n"
        "list prints each name and $id (those starting with PREFIX); print writes one schema, "
        "named or by $id, byte for byte; export writes them as files under DIR (folders "
        "created), never replacing a file unless --force.",
    .options = (const cli_opt[]){{.shared = &cli_opt_format,
                                  O(format),
                                  .allow = "text json",
                                  .help = "list: a table, or a JSON array of {name, id, bytes}"},
                                 {.name = "force",
                                  .kind = CLI_FLAG,
                                  O(force),
                                  .help = "export: replace files that exist"},
                                 {0}},
    .operands = "[ACTION [ARG...]]",
    .max_operands = 3,
    .exits = (const cli_exit[]){{0, "listed, printed or exported"},
                                {2, "usage error (unknown action or name), or a write failed"},
                                {0, NULL}},
    .examples =
        (const cli_example[]){
            {"The adapter protocol's schemas:", "amc schemas list adapter-protocol/"},
            {"One schema by name:", "amc schemas print mailbox/mailbox-envelope.v1.schema.json"},
            {"Every schema of a profile as files:", "amc schemas export ./schemas mailbox/"},
            {NULL, NULL}},
    .args_size = sizeof(sargs),
    .run = schemas_main,
};
#undef O
