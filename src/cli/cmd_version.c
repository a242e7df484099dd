/*
 * cmd_version.c - amc version: library version and the versions of the libraries it uses.
 */
#include <json-c/json.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include "cli.h"

int cli_cmd_version(int argc, char **argv)
{
    char pcre[64] = "";
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: amc version\n\nPrints the amc version and the versions of the libraries "
               "it was built with.\n");
        return CLI_EXIT_OK;
    }
    if (argc > 1) {
        fprintf(stderr, "amc version: unexpected argument '%s'\n", argv[1]);
        return CLI_EXIT_ERROR;
    }
    pcre2_config(PCRE2_CONFIG_VERSION, pcre);
    printf("amc %s\n", amc_version());
    printf("json-c %s\nlibyaml %s\npcre2 %s\n%s\n", json_c_version(), yaml_get_version_string(),
           pcre, OpenSSL_version(OPENSSL_VERSION));
    return CLI_EXIT_OK;
}
