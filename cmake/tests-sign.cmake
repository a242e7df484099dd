# amc sign --write (writes files, so a shell test in a temporary directory, not a golden test).
add_test(NAME cli.sign_write COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/sign_write.sh
                                     $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.sign_write PROPERTIES LABELS cli)
