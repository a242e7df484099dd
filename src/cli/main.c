/*
 * main.c - amc entry point: dispatches to src/cli/cmd_<name>.c.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"

typedef struct cli_cmd {
    const char *name;
    int (*fn)(int, char **);
} cli_cmd;

static const cli_cmd commands[] = {
#define CLI_COMMAND(fn, name) {name, cli_cmd_##fn},
#include "cli_commands.def"
#undef CLI_COMMAND
};

/* One-line summaries for the usage text (commands without one are listed bare). */
static const struct {
    const char *name, *summary;
} summaries[] = {
    {"lint-schema", "check JSON Schema files: meta-schema, typos, impossible or odd constructs"},
    {"parse", "read a JSON, YAML or MIME message and print it as normalized JSON"},
    {"rules", "list every diagnostic code, or a profile's rule catalog"},
    {"trace", "check a lifecycle trace (JSON Lines events) against a profile's model"},
    {"sign", "print or write the mailbox signature (sha256 / hmac_sha256) of envelopes"},
    {"validate", "validate messages against JSON Schemas or a protocol profile"},
    {"version", "print the versions of amc and its libraries"},
};

static const char *summary_of(const char *name)
{
    size_t i = 0;
    for (i = 0; i < sizeof summaries / sizeof summaries[0]; i++)
        if (!strcmp(summaries[i].name, name))
            return summaries[i].summary;
    return "";
}

static void usage(FILE *f)
{
    size_t i = 0;
    fprintf(f,
            "usage: amc <command> [options] [args]\n\n"
            "amc - Agent Message Conformance kit %s\n\ncommands:\n",
            amc_version());
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-12s %s\n", commands[i].name, summary_of(commands[i].name));
    fprintf(f, "\nRun 'amc <command> --help' for a command's options.\n");
}

int main(int argc, char **argv)
{
    size_t i = 0;
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        char *vargv[] = {argv[1], NULL};
        return cli_cmd_version(1, vargv);
    }
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "amc: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return CLI_EXIT_ERROR;
}
