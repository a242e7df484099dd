# Tests written for mutants of the seed-9001 sample (issue 22; docs/testing.md):
#   cli.shrink_lines  the shrinker's line pass goes on past halves (an exact, deterministic run count)
add_test(NAME cli.shrink_lines
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/shrink_lines.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.shrink_lines PROPERTIES LABELS "cli")
