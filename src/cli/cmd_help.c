/*
 * cmd_help.c - amc help [COMMAND]: the list of commands, or one command's --help; `amc help
 * --man` prints the man page (docs/amc.1, checked by the docs.man_current test).
 */
#include "cli.h"

typedef struct hargs {
    bool man;
} hargs;

static int help_main(void *args, const cli_list *ops)
{
    const hargs *a = args;
    const cli_command *cmd = NULL;
    if (a->man)
        return ops->n ? cli_usage_error(&cli_cmd_help, "--man takes no command")
                      : cli_print_man(stdout);
    if (ops->n == 0) {
        cli_print_commands(stdout);
        return CLI_EXIT_OK;
    }
    cmd = cli_find_command(ops->v[0]);
    if (!cmd)
        return cli_unknown_command(ops->v[0]);
    if (ops->n == 2) { /* a verb: amc help report merge */
        const cli_command *verb = cli_find_verb(cmd, ops->v[1]);
        if (!verb)
            return cli_usage_error(&cli_cmd_help, "amc %s has no verb '%s'", cmd->name, ops->v[1]);
        cmd = verb;
    }
    cli_print_help(cmd, stdout);
    return CLI_EXIT_OK;
}

const cli_command cli_cmd_help = {
    .name = "help",
    .summary = "list the commands, or print one command's help",
    .description = "Without COMMAND, lists every command with a one-line summary (as amc "
                   "--help). With COMMAND, prints its help, as amc COMMAND --help does; with "
                   "COMMAND VERB, the help of that verb (amc help report merge).",
    .options = (const cli_opt[]){{.name = "man",
                                  .kind = CLI_FLAG,
                                  .hidden = true,
                                  .help = "print the man page (roff), docs/amc.1",
                                  CLI_AT(hargs, man)},
                                 {0}},
    .operands = "[COMMAND [VERB]]",
    .max_operands = 2,
    .exits =
        (const cli_exit[]){{0, "the help was printed"}, {2, "unknown command or verb"}, {0, NULL}},
    .examples =
        (const cli_example[]){{"The options of amc validate:", "amc help validate"}, {NULL, NULL}},
    .args_size = sizeof(hargs),
    .run = help_main,
};
