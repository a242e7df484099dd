/*
 * cmd_rules.c - amc rules: the diagnostic code table (and, with profiles, the rule catalog).
 */
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

int cli_cmd_rules(int argc, char **argv)
{
    cli_format fmt = CLI_FMT_TEXT;
    int i = 0;
    size_t k = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: amc rules [--format text|json]\n\n"
                   "Lists every diagnostic code amc can report: number, identifier, default\n"
                   "severity, dotted name and message.\n");
            return CLI_EXIT_OK;
        }
        if (!strcmp(argv[i], "--format") && i + 1 < argc) {
            if (cli_parse_format(argv[++i], &fmt) != 0 ||
                (fmt != CLI_FMT_TEXT && fmt != CLI_FMT_JSON)) {
                fprintf(stderr, "amc rules: --format must be text or json\n");
                return CLI_EXIT_ERROR;
            }
            continue;
        }
        fprintf(stderr, "amc rules: unexpected argument '%s'\n", argv[i]);
        return CLI_EXIT_ERROR;
    }
    if (fmt == CLI_FMT_JSON) {
        json_object *arr = json_object_new_array();
        for (k = 0; k < AMC_CODE_COUNT; k++) {
            amc_code c = amc_code_at(k);
            json_object *o = json_object_new_object();
            json_object_object_add(o, "number", json_object_new_int((int)c));
            json_object_object_add(o, "code", json_object_new_string(amc_code_id(c)));
            json_object_object_add(o, "name", json_object_new_string(amc_code_name(c)));
            json_object_object_add(o, "severity",
                                   json_object_new_string(amc_severity_str(amc_code_severity(c))));
            json_object_object_add(o, "message", json_object_new_string(amc_code_message(c)));
            json_object_array_add(arr, o);
        }
        puts(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY |
                                                     JSON_C_TO_STRING_NOSLASHESCAPE));
        json_object_put(arr);
        return CLI_EXIT_OK;
    }
    for (k = 0; k < AMC_CODE_COUNT; k++) {
        amc_code c = amc_code_at(k);
        printf("%4d  %-24s %-7s  %-28s %s\n", (int)c, amc_code_id(c),
               amc_severity_str(amc_code_severity(c)), amc_code_name(c), amc_code_message(c));
    }
    return CLI_EXIT_OK;
}
