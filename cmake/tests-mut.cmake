# Tests written for mutants that survived a sampled run (issue 22; docs/testing.md):
#   cli.mut_edges  edges no other test pinned, one block per mutant (the file's docstring lists them)
add_test(NAME cli.mut_edges
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mut_edges.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR}/conformance
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mut_edges PROPERTIES LABELS "cli")
