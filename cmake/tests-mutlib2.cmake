# Tests written for surviving mutants of the library outside the schema engine (issue 22;
# docs/testing.md), each file's docstring says what it pins:
#   cli.mutlib2_heap   amc validate --profile discussion on discussions made only of execution
#                      orders, plainly and under glibc's malloc checking (a block one entry short)
add_test(NAME cli.mutlib2_heap
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutlib2_heap.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutlib2_heap PROPERTIES LABELS "cli")
