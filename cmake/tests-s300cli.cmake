# tests-s300cli.cmake - tests written for surviving mutants of src/cli/ in the 300-mutant run
# (issue 22, seed 112901; docs/testing.md "Mutation testing"):
#   cli.s300cli_trace_html  trace check's HTML page: which lanes an event links (string party keys
#                           only, never its own entity again) and which of two errors its mark shows
add_test(NAME cli.s300cli_trace_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_trace_html.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.s300cli_trace_html PROPERTIES LABELS "cli")
#   cli.s300cli_fuzz  amc fuzz: --replay refuses a finding line of an unknown kind; a --socket reply
#                     of exactly 64 MiB is an answer, one byte more a garbage finding; an adapter
#                     that closes its output and lives on is a "closed" crash; --generate's key
#                     operator flips the case of A-Z and a-z and of nothing next to them
add_test(NAME cli.s300cli_fuzz
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_fuzz.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.s300cli_fuzz PROPERTIES LABELS "cli;fuzz")
#   cli.s300cli_audit  audit's HTML line for a file: its first three findings, then "and N more"
add_test(NAME cli.s300cli_audit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_audit.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.s300cli_audit PROPERTIES LABELS "cli")
#   cli.s300cli_config  a .amc.yaml found one and two folders up is named by its exact path; one in
#                       a sibling folder whose name is a prefix of the working folder's is not read
add_test(NAME cli.s300cli_config
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_config.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.s300cli_config PROPERTIES LABELS "cli")
#   cli.s300cli_shrink  the shrinker's chunk pass goes down to 1 byte up to 512 bytes, 4 up to 4096,
#                       16 above, and a cut chunk lets the shrinking go on (exact shrunk sizes)
add_test(NAME cli.s300cli_shrink
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_shrink.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.s300cli_shrink PROPERTIES LABELS "cli;fuzz")
#   cli.s300cli_alloc  (AMC_ALLOC_FAILPOINTS builds) each of the last 12 allocations of an amc fuzz
#                      run that stores one finding fails once, and (not under ASan) each of the last
#                      52 of a socket-profile run: the clean result or exit 2 "out of memory",
#                      never a crash; not labelled 'sweep', so mutate.py --quick runs it
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.s300cli_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_alloc.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.s300cli_alloc PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.s300cli_alloc_policy  (AMC_ALLOC_FAILPOINTS builds; skipped under ASan) amc fuzz --stateful
#                      with each allocation failing once up to the second read of cases.json (the
#                      keyed policy's): exit 2 "out of memory" or the clean result, never a run
#                      that goes on unkeyed; about 400 short runs, not labelled 'sweep'
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.s300cli_alloc_policy
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/s300cli_alloc_policy.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.s300cli_alloc_policy PROPERTIES LABELS "cli;fuzz")
endif()
