# tests-c15.cmake - tests written for surviving mutants of src/cli/ (HTML reports, help, report,
# audit and fuzz paths) of the 300-mutant runs (issue 22; docs/testing.md "Mutation testing"):
#   cli.c15_alloc_parse  (AMC_ALLOC_FAILPOINTS builds) amc parse of a MIME message with each of
#                        its ~30 allocations failing once: the clean result or exit 2 "out of
#                        memory"; the outputs of the runs that fail while printing, in order,
#                        against tests/data/c15/parse-oom.txt (kills cmd_parse.c:71)
#   cli.c15_alloc_fuzz_verbose  (AMC_ALLOC_FAILPOINTS builds) amc fuzz -v storing one finding,
#                        every other one of its last 80 allocations failing once: the clean
#                        result or exit 2 "out of memory", never a crash, and -v names only a
#                        stored finding (kills cli_fuzz_find.c:247)
# Neither is labelled 'sweep' (a few seconds each), so mutate.py --quick runs them.
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c15_alloc_parse
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_alloc_parse.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c15_alloc_parse PROPERTIES LABELS "cli")
  add_test(NAME cli.c15_alloc_fuzz_verbose
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_alloc_fuzz_verbose.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c15_alloc_fuzz_verbose PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c15_alloc_lcfuzz  (AMC_ALLOC_FAILPOINTS builds) amc fuzz --lifecycle against an adapter
#                        that answers garbage (one finding), every other one of its last 48
#                        allocations failing once: exit 2 "out of memory" or the clean finding,
#                        never an empty scenario stored (kills cli_fuzz_lc.c:307); not 'sweep'
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c15_alloc_lcfuzz
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_alloc_lcfuzz.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c15_alloc_lcfuzz PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c15_alloc_mutate  (AMC_ALLOC_FAILPOINTS builds) fuzz --generate 1 from a seed whose key and
#                        value are 70000 bytes (copies larger than the mutator's arena chunk),
#                        seeds 70 (a string insert) and 160 (a space after the key), each of the
#                        last 24 or 8 allocations failing once: the clean result or exit 2 "out of
#                        memory", never a crash (kills cli_fuzz_mut.c:445, :960, :1024); not 'sweep'
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c15_alloc_mutate
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_alloc_mutate.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c15_alloc_mutate PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c15_conform_deep  amc run from a folder deeper than PATH_MAX (it cannot read its own
#                        path): conform's replay lines name it "amc" (kills cmd_conform.c:835)
add_test(NAME cli.c15_conform_deep
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_conform_deep.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c15_conform_deep PROPERTIES LABELS "cli;conform")
#   cli.c15_trace_fold  trace check's HTML page folds the lanes past the 40 with the most events
#                       (46 tasks: T00, with one event, folded; kills cli_html_trace.c:528)
add_test(NAME cli.c15_trace_fold
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_trace_fold.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c15_trace_fold PROPERTIES LABELS "cli")
#   cli.c15_fuzz_socket_reply  amc fuzz --socket: a "result" reply to a reply-type seed is a
#                       verdict (a finding), an "error" reply none (kills cli_fuzz_target.c:543)
add_test(NAME cli.c15_fuzz_socket_reply
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_fuzz_socket_reply.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c15_fuzz_socket_reply PROPERTIES LABELS "cli;fuzz")
#   cli.c15_conform_fixture_gone  conform --impl-exec: a fixture deleted during the run (by the
#                       command of an earlier case): exit 2 "cannot read fixture", no report
#                       (kills cmd_conform.c:502)
add_test(NAME cli.c15_conform_fixture_gone
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c15_conform_fixture_gone.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c15_conform_fixture_gone PROPERTIES LABELS "cli;conform")
