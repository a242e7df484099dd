# CLI tests that a golden file cannot express:
#   cli.sign_write     amc sign --write (writes files: run in a temporary directory)
#   cli.rules_formats  amc rules as text, JSON and Markdown agree (instead of ~400 golden lines)
add_test(NAME cli.sign_write COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/sign_write.sh
                                     $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.rules_formats
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/rules_formats.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.sign_write cli.rules_formats PROPERTIES LABELS cli)
