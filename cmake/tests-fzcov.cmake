# tests-fzcov.cmake - amc fuzz's branches that no test ran or checked (issue 22: tests that
# catch regressions)
#   cli.fzcov_cli  tests/cli/fzcov_cli.py: seeded, short amc fuzz runs (plain, --stateful,
#                  --lifecycle, --replay), each asserting the exact output, finding and exit
#                  status
add_test(NAME cli.fzcov_cli
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/fzcov_cli.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.fzcov_cli PROPERTIES LABELS cli TIMEOUT 120)
