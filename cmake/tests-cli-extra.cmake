# CLI tests that a golden file cannot express:
#   cli.sign_write     amc sign --write (writes files: run in a temporary directory)
#   cli.rules_formats  amc rules as text, JSON and Markdown agree (instead of ~400 golden lines)
#   cli.config_discover .amc.yaml discovery, --no-config, AMC_NO_CONFIG, SARIF on exit 2
add_test(NAME cli.sign_write COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/sign_write.sh
                                     $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.rules_formats
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/rules_formats.py
                 $<TARGET_FILE:amc-cli>)
add_test(NAME cli.config_discover COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/config_discover.sh
                                          $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.sign_write cli.rules_formats cli.config_discover PROPERTIES LABELS cli)
