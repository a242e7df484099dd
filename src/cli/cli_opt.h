/*
 * cli_opt.h - the option layer of the amc tool: every subcommand is a declaration (a
 * cli_command: name, summary, synopsis, description, options, operands, exit statuses,
 * examples) plus an action that receives the parsed values. The layer parses argv with
 * getopt_long, checks every value (numbers, sizes, enums), prints amc's own messages
 * ("amc validate: --max-depth: 'x' is not a number", exit 2), suggests the nearest option or
 * command on a typo, and renders --help, `amc help` and the man page (docs/amc.1) from the same
 * tables. docs/internals.md "Adding a subcommand / an option" has a worked example.
 */
#ifndef AMC_CLI_OPT_H
#define AMC_CLI_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The values of a repeatable option (CLI_LIST) or the operands, in command-line order. */
typedef struct cli_list {
    const char **v;
    size_t n;
} cli_list;

/* What an option takes, and the C type of the field its value is stored in. */
typedef enum cli_kind {
    CLI_FLAG = 1, /* bool: no value; true when given */
    CLI_STRING,   /* const char *: the value as given (the last one wins) */
    CLI_LIST,     /* cli_list: repeatable, every value in order */
    CLI_UINT,     /* uint64_t: a decimal number in [min, max] (max 0: no upper bound) */
    CLI_SIZE,     /* uint64_t: bytes, decimal with an optional K, M or G (KiB, MiB, GiB) */
    CLI_ENUM,     /* int: the .value of one of .values (restricted to .allow) */
    CLI_SECONDS   /* double: a positive decimal with an optional "s", at most max if max */
} cli_kind;

typedef enum cli_ctype {
    CLI_T_OTHER = 0,
    CLI_T_BOOL,
    CLI_T_STR,
    CLI_T_LIST,
    CLI_T_U64,
    CLI_T_INT,
    CLI_T_DOUBLE
} cli_ctype;

/* Where a value goes: CLI_AT(args struct type, field). The layer checks (for every command, in
 * `amc help --man` and before each run) that the field's type fits the option's kind. */
#define CLI_CTYPE_OF(e)                                                                            \
    _Generic((e),                                                                                 \
        bool: CLI_T_BOOL,                                                                         \
        const char *: CLI_T_STR,                                                                  \
        cli_list: CLI_T_LIST,                                                                     \
        uint64_t: CLI_T_U64,                                                                      \
        int: CLI_T_INT,                                                                           \
        double: CLI_T_DOUBLE,                                                                     \
        default: CLI_T_OTHER)
#define CLI_AT(T, field) .off = offsetof(T, field), .ctype = CLI_CTYPE_OF(((T *)0)->field)

/* One value of a CLI_ENUM option; arrays end with {NULL}. */
typedef struct cli_value {
    const char *name;
    int value;
} cli_value;

/* One option. A shared option (declared once in cli_shared.c, cli_opt_format ...) is used by
 * naming it in .shared: every non-zero field of the entry overrides the shared declaration (a
 * command's own help text, its .allow subset of formats, its default). Arrays end with {0}. */
typedef struct cli_opt {
    const char *name;        /* long name without "--"; NULL: short only */
    char short_name;         /* 'v' for -v; 0: none ('h' is --help everywhere) */
    cli_kind kind;           /* what it takes */
    const char *arg;         /* placeholder in help: "FILE" (enum: the values joined by |) */
    const char *help;        /* one or more sentences (wrapped; --names are bold in roff) */
    const char *def;         /* default, stored before argv is read; shown "(default X)" */
    const cli_value *values; /* CLI_ENUM: every name this option may know */
    const char *allow;       /* CLI_ENUM: the names this command takes, space-separated */
    uint64_t min, max;       /* CLI_UINT, CLI_SIZE: bounds; CLI_SECONDS: max (max 0: none) */
    const char *(*check)(const char *value); /* CLI_STRING, CLI_LIST: NULL if fine, else why
                                                not ("is not a lint rule ID") */
    bool hidden;                             /* accepted, not in --help or the man page */
    const struct cli_opt *shared;            /* the shared option this entry uses, or NULL */
    size_t off;                              /* CLI_AT(T, field) */
    cli_ctype ctype;
} cli_opt;

/* An exit status and what it means for the command; arrays end with {0, NULL}. */
typedef struct cli_exit {
    int code;
    const char *meaning;
} cli_exit;

/* A command line with what it does; arrays end with {NULL}. */
typedef struct cli_example {
    const char *what;
    const char *cmd;
} cli_example;

#define CLI_MANY (-1) /* max_operands: no limit */

/* A subcommand: src/cli/cmd_<name>.c defines `const cli_command cli_cmd_<name>` (dashes in the
 * name become underscores in the file and symbol). Text fields: .description is paragraphs, one
 * per line ("\n"); a line starting with two spaces is kept verbatim (an example block), a line
 * starting with "- " is a list item. Rendered wrapped for --help, filled for roff. */
typedef struct cli_command {
    const char *name;               /* "lint-schema" */
    const char *summary;            /* one line for `amc help`, lower case, no final period */
    const char *const *synopsis;    /* forms after "amc NAME ", NULL-terminated; NULL: generated */
    const char *description;        /* what it does and the decisions a user must know */
    const cli_opt *options;         /* ends with {0}; -h/--help is added */
    const char *operands;           /* placeholder: "FILE...|-" (NULL: none) */
    int min_operands, max_operands; /* max: CLI_MANY for any number */
    const char *missing;            /* message when fewer than min_operands are given */
    const cli_exit *exits;          /* every exit status the command can return */
    const cli_example *examples;
    size_t args_size; /* sizeof the struct the options fill (0: none) */
    /* The action: args = the filled struct (zeroed, then defaults, then argv), operands in
     * order. Returns the exit status. */
    int (*run)(void *args, const cli_list *operands);
    void (*help_more)(FILE *out); /* --help only: text generated from library data */
    bool hidden;                  /* not listed by `amc help` (still in the man page) */
    /* A command with verbs (`amc report merge ...`): NULL-terminated; each verb is a command
     * of its own whose .name is "PARENT VERB" (its options, operands, help and man section).
     * `amc PARENT VERB ARGS` runs the verb; the parent's own .run sees only what names no verb
     * (no operand: its usage error). A verb may live in another file (cli_report_*.c). */
    const struct cli_command *const *verbs;
} cli_command;

/* The verb of cmd named word (the part of its .name after the space), or NULL. */
const cli_command *cli_find_verb(const cli_command *cmd, const char *word);
/* The short name of a verb ("merge" of "report merge"). */
const char *cli_verb_word(const cli_command *verb);

/* Parses argv (argv[0] = the command name) and runs the command. Returns the exit status. */
int cli_run(const cli_command *cmd, int argc, char **argv);

/* Prints "amc NAME: message" and "Run 'amc NAME --help' for usage." on stderr; returns 2. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The command table (generated from src/cli/cmd_*.c), in name order. */
size_t cli_command_count(void);
const cli_command *cli_command_at(size_t i);
const cli_command *cli_find_command(const char *name);
/* Prints "amc: unknown command 'X'" (with the nearest command) and the hint; returns 2. */
int cli_unknown_command(const char *name);
/* The nearest of the n candidate names to s when it is close enough to be a typo, else NULL. */
const char *cli_suggest(const char *s, size_t len, const char *const *cand, size_t n);
/* Checks a declaration (shared options resolve, field types fit, enum sets and defaults are
 * valid, names unique). Returns 0, or -1 after printing "amc: internal error: ..." */
int cli_check_command(const cli_command *cmd);
/* Checks every command (and that cmd_<name>.c declares the command <name>). 0 or -1. */
int cli_check_all(void);

/* Help (cli_help.c). */
void cli_print_help(const cli_command *cmd, FILE *out);
/* `amc help`: usage line, the commands with their summaries. */
void cli_print_commands(FILE *out);
/* The man page (roff) of every command. Returns 0, or 2 if a declaration is inconsistent. */
int cli_print_man(FILE *out);

/* Resolved options (shared declarations merged). Returns a new array ending with {0} (free
 * with free()) or NULL (out of memory). */
cli_opt *cli_resolve_options(const cli_command *cmd);

/* Shared options (cli_shared.c): declared once, used by naming them in .shared. */
extern const cli_opt cli_opt_format;          /* --format FMT (CLI_ENUM of cli_format) */
extern const cli_opt cli_opt_profile;         /* --profile NAME */
extern const cli_opt cli_opt_policy;          /* --policy FILE */
extern const cli_opt cli_opt_keyring;         /* --keyring FILE */
extern const cli_opt cli_opt_strict;          /* --strict */
extern const cli_opt cli_opt_stateful;        /* --stateful */
extern const cli_opt cli_opt_schema;          /* --schema FILE (repeatable) */
extern const cli_opt cli_opt_map_uri;         /* --map-uri PREFIX=DIR (repeatable) */
extern const cli_opt cli_opt_default_dialect; /* --default-dialect DIALECT */
extern const cli_opt cli_opt_max_size;        /* --max-size BYTES */
extern const cli_opt cli_opt_max_depth;       /* --max-depth N */
extern const cli_opt cli_opt_as;              /* --as SYNTAX (CLI_ENUM of cli_syntax) */
extern const cli_opt cli_opt_jobs;            /* -j, --jobs N (0: the CPUs available) */
extern const cli_opt cli_opt_shard;           /* --shard K/N (checked: 1 <= K <= N) */
extern const cli_opt cli_opt_disable;         /* --disable ID (repeatable; cli_config.h) */
extern const cli_opt cli_opt_config;          /* --config FILE (cli_config.h) */
extern const cli_opt cli_opt_no_config;       /* --no-config */

/* Whether the option with this long name was given on the command line of the command being
 * run (not just its default). */
bool cli_opt_given(const char *name);

#endif
