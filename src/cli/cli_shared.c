/*
 * cli_shared.c - options several commands take, declared once (cli_opt.h). A command uses one
 * with {.shared = &cli_opt_format, CLI_AT(args, field), ...}: fields it sets (.help, .allow,
 * .def ...) override these.
 */
#include <stdint.h>
#include <string.h>
#include "cli.h"
#include "cli_config.h"

static const cli_value formats[] = {{"text", CLI_FMT_TEXT},     {"json", CLI_FMT_JSON},
                                    {"sarif", CLI_FMT_SARIF},   {"junit", CLI_FMT_JUNIT},
                                    {"tap", CLI_FMT_TAP},       {"markdown", CLI_FMT_MARKDOWN},
                                    {"github", CLI_FMT_GITHUB}, {NULL, 0}};

static const cli_value syntaxes[] = {
    {"json", CLI_SYN_JSON}, {"yaml", CLI_SYN_YAML}, {"mime", CLI_SYN_MIME}, {NULL, 0}};

const cli_opt cli_opt_format = {
    .name = "format", .kind = CLI_ENUM, .values = formats, .def = "text", .help = "output format"};

const cli_opt cli_opt_profile = {.name = "profile",
                                 .kind = CLI_STRING,
                                 .arg = "NAME",
                                 .help = "the protocol profile (amc rules --profile NAME lists its "
                                         "rules)"};

const cli_opt cli_opt_policy = {.name = "policy",
                                .kind = CLI_STRING,
                                .arg = "FILE",
                                .help = "deployment settings (YAML or JSON; ignite: max_retries; "
                                        "mailbox: the implementation's runtime config, "
                                        "docs/profiles/mailbox.md)"};

const cli_opt cli_opt_keyring = {.name = "keyring",
                                 .kind = CLI_STRING,
                                 .arg = "FILE",
                                 .help = "mailbox hmac_sha256 keyring (overrides the policy's "
                                         "security.keyring_file)"};

const cli_opt cli_opt_strict = {
    .name = "strict", .kind = CLI_FLAG, .help = "warnings make the exit status 1"};

const cli_opt cli_opt_stateful = {.name = "stateful",
                                  .kind = CLI_FLAG,
                                  .help = "one validator session across every input, in order"};

const cli_opt cli_opt_schema = {.name = "schema",
                                .kind = CLI_LIST,
                                .arg = "FILE",
                                .help = "a schema document (JSON, or YAML by extension) that "
                                        "$refs may point to; repeatable"};

const cli_opt cli_opt_map_uri = {.name = "map-uri",
                                 .kind = CLI_LIST,
                                 .arg = "PREFIX=DIR",
                                 .help = "serve schema URIs starting with PREFIX from files under "
                                         "DIR (e.g. http://localhost:1234/=remotes); repeatable"};

static const char *check_dialect(const char *v)
{
    amc_schema_dialect d = AMC_DIALECT_2020_12;
    return amc_schema_dialect_parse(v, &d) == AMC_OK
               ? NULL
               : "is not a dialect amc implements (" AMC_SCHEMA_DIALECTS
                 ", or one of their meta-schema URIs)";
}

const cli_opt cli_opt_default_dialect = {
    .name = "default-dialect",
    .kind = CLI_STRING,
    .arg = "DIALECT",
    .check = check_dialect,
    .help = "dialect of schema documents without \"$schema\": 2020-12 (default), 2019-09, "
            "draft7, draft6, draft4, or the meta-schema URI (with or without its trailing #, "
            "http or https)"};

const cli_opt cli_opt_max_size = {.name = "max-size",
                                  .kind = CLI_SIZE,
                                  .arg = "BYTES",
                                  .min = 1,
                                  .def = "64M",
                                  .help = "largest input read (K, M, G: binary multiples)"};

const cli_opt cli_opt_max_depth = {.name = "max-depth",
                                   .kind = CLI_UINT,
                                   .arg = "N",
                                   .min = 1,
                                   .max = UINT32_MAX,
                                   .def = "128",
                                   .help = "deepest nesting of a document"};

const cli_opt cli_opt_as = {.name = "as",
                            .kind = CLI_ENUM,
                            .values = syntaxes,
                            .help = "the input's syntax (default: by file extension)"};

/* "K/N" with 1 <= K <= N: the check of --shard (cli_parse_shard does the parsing). */
static const char *check_shard(const char *v)
{
    unsigned k = 0, n = 0;
    return cli_parse_shard(v, &k, &n) == 0 ? NULL : "is not K/N (whole numbers, 1 <= K <= N)";
}

const cli_opt cli_opt_jobs = {.name = "jobs",
                              .short_name = 'j',
                              .kind = CLI_UINT,
                              .arg = "N",
                              .max = 1024,
                              .help = "threads (default, or 0: the CPUs this process may use); "
                                      "the output is the same as with -j 1"};

const cli_opt cli_opt_shard = {.name = "shard",
                               .kind = CLI_STRING,
                               .arg = "K/N",
                               .check = check_shard,
                               .help = "take only shard K of N of the work"};

const cli_opt cli_opt_disable = {.name = "disable",
                                 .kind = CLI_LIST,
                                 .arg = "ID",
                                 .check = cli_config_check_id,
                                 .help = "turn a rule off: a rule ID (MAILBOX-ROUTE-002), a code "
                                         "(MAILBOX_UNEXPECTED_ROUTE) or its dotted name; "
                                         "repeatable, after the config file's settings"};

const cli_opt cli_opt_config = {.name = "config",
                                .kind = CLI_STRING,
                                .arg = "FILE",
                                .help = "rule settings and defaults (JSON or YAML): {rules: {ID: "
                                        "off|info|warning|error}, profile, policy, format}; "
                                        "without it a .amc.yaml in the working folder or a "
                                        "parent, up to the repository root, is read"};

const cli_opt cli_opt_no_config = {.name = "no-config",
                                   .kind = CLI_FLAG,
                                   .help = "do not look for a .amc.yaml (also AMC_NO_CONFIG=1)"};

static bool word_in(const char *words, const char *w)
{
    size_t n = strlen(w);
    const char *p = words;
    while (p && *p) {
        while (*p == ' ')
            p++;
        if (!strncmp(p, w, n) && (p[n] == ' ' || p[n] == '\0'))
            return true;
        p = strchr(p, ' ');
    }
    return false;
}

int cli_config_format(const cli_config *cfg, const char *cmd, const char *allow, int *format)
{
    size_t k = 0;
    if (!cfg->format || cli_opt_given("format"))
        return 0;
    for (k = 0; formats[k].name; k++)
        if (!strcmp(formats[k].name, cfg->format) && word_in(allow, formats[k].name)) {
            *format = formats[k].value;
            return 0;
        }
    fprintf(stderr, "amc %s: %s: format '%s' is not one of %s\n", cmd, cfg->path, cfg->format,
            allow);
    return -1;
}
