# Tests written for surviving mutants of src/cli (issue 22; docs/testing.md):
#   cli.mutcli_edges   edges no other test pinned, one block per behaviour (the file's docstring)
#   cli.mutcli_limits  one byte written past a block (glibc's malloc checking) and threads that
#                      cannot start (an address-space limit); skipped in sanitizer builds
#   cli.mutcli_uris    which schema URIs --map-uri and file: serve from disk
#   cli.mutcli_alloc   every allocation of amc rules --config fails once (failpoint builds)
add_test(NAME cli.mutcli_edges
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_edges.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.mutcli_limits
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_limits.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.mutcli_uris
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_uris.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutcli_edges cli.mutcli_limits cli.mutcli_uris PROPERTIES LABELS "cli")
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.mutcli_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_alloc.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcli_alloc PROPERTIES LABELS "cli" TIMEOUT 300)
endif()
