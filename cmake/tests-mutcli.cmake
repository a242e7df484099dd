# Tests written for surviving mutants of src/cli (issue 22; docs/testing.md):
#   cli.mutcli_edges  edges no other test pinned, one block per behaviour (the file's docstring)
add_test(NAME cli.mutcli_edges
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_edges.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutcli_edges PROPERTIES LABELS "cli")
