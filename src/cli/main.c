/*
 * main.c - amc entry point: finds the subcommand (src/cli/cmd_<name>.c) and runs it through
 * the option layer (cli_opt.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

/* "amc: unknown command 'X'; did you mean 'Y'?" */
int cli_unknown_command(const char *name)
{
    const char *names[64];
    size_t i = 0, n = 0;
    const char *near = NULL;
    for (i = 0; i < cli_command_count() && n < 64; i++)
        if (!cli_command_at(i)->hidden)
            names[n++] = cli_command_at(i)->name;
    near = cli_suggest(name, strlen(name), names, n);
    if (near)
        fprintf(stderr, "amc: unknown command '%s'; did you mean '%s'?\n", name, near);
    else
        fprintf(stderr, "amc: unknown command '%s'\n", name);
    fprintf(stderr, "Run 'amc help' for the list of commands.\n");
    return CLI_EXIT_ERROR;
}

/* Output that could not be written (a full disk, a closed pipe end) is an I/O error, exit 2, not
 * the verdict of output nobody got; said once (a command that noticed it has said so already). */
static int finish(int rc)
{
    int flushed = fflush(stdout), err = errno;
    if (cli_nomem_seen()) { /* the command went on without a piece: the output lacks it */
        if (rc != CLI_EXIT_ERROR)
            fprintf(stderr, "amc: out of memory: the output is incomplete\n");
        return CLI_EXIT_ERROR;
    }
    if (flushed == 0 && !ferror(stdout))
        return rc;
    if (rc != CLI_EXIT_ERROR)
        fprintf(stderr, "amc: cannot write standard output: %s\n",
                flushed ? strerror(err) : "a write failed");
    return CLI_EXIT_ERROR;
}

int main(int argc, char **argv)
{
    const cli_command *cmd = NULL;
    if (argc < 2) {
        cli_print_commands(stderr);
        return CLI_EXIT_ERROR;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        cli_print_commands(stdout);
        return finish(CLI_EXIT_OK);
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        char *vargv[] = {argv[1], NULL};
        return finish(cli_run(&cli_cmd_version, 1, vargv));
    }
    cmd = cli_find_command(argv[1]);
    if (!cmd)
        return cli_unknown_command(argv[1]);
    return finish(cli_run(cmd, argc - 1, argv + 1));
}
