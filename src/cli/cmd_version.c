/*
 * cmd_version.c - amc version: library version and the versions of the libraries it uses.
 */
#include <json-c/json.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <yaml.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include "cli.h"

static int version_main(void *args, const cli_list *ops)
{
    char pcre[64] = "";
    pcre2_config(PCRE2_CONFIG_VERSION, pcre);
    printf("amc %s\n", amc_version());
    printf("json-c %s\nlibyaml %s\npcre2 %s\n%s\n", json_c_version(), yaml_get_version_string(),
           pcre, OpenSSL_version(OPENSSL_VERSION));
    return CLI_EXIT_OK;
}

const cli_command cli_cmd_version = {
    .name = "version",
    .summary = "print the versions of amc and its libraries",
    .synopsis = (const char *const[]){"", NULL},
    .description = "Prints the amc version and the versions of the libraries it was built "
                   "with (json-c, libyaml, PCRE2, OpenSSL). amc --version and amc -V do the "
                   "same.",
    .exits = (const cli_exit[]){{0, "the versions were printed"}, {2, "usage error"}, {0, NULL}},
    .run = version_main,
};
