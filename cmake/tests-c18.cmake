# tests-c18.cmake - tests written for surviving mutants of src/cli/ (issue 22, helper c18;
# docs/testing.md "Mutation testing"):
#   cli.c18_trace_html  trace check's HTML page: a lane's name of up to 20 bytes is drawn whole, a
#                       longer one as 18 bytes and an ellipsis (cli_html_trace.c lane_label n > 20)
add_test(NAME cli.c18_trace_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_trace_html.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_trace_html PROPERTIES LABELS "cli")
#   cli.c18_uris  --map-uri: a segment that only starts with ".." is served; an escaped ".." that
#                 leads out of DIR is not read (its parse errors are not reported); segments of
#                 two bytes, with a '.' first or second (cli_schema.c has_dotdot)
add_test(NAME cli.c18_uris
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_uris.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_uris PROPERTIES LABELS "cli")
#   cli.c18_alloc  (AMC_ALLOC_FAILPOINTS builds) amc validate (--jsonl, a file) and fuzz --generate with
#                  allocations failing one at a time: the clean result or exit 2 "out of memory",
#                  never a crash (cmd_validate.c:258, :308, :641, cli_fuzz_mut.c:1087); not labelled
#                  'sweep', so mutate.py --quick runs it
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c18_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_alloc.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c18_alloc PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c18_alloc_stfuzz  (AMC_ALLOC_FAILPOINTS builds) amc fuzz --stateful --profile mailbox with
#                         each allocation of the keyed set-up's window failing once: the clean
#                         result or exit 2 "out of memory" (cli_fuzz_st.c:594, :601, :641)
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c18_alloc_stfuzz
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_alloc_stfuzz.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c18_alloc_stfuzz PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c18_stfuzz  amc fuzz --stateful: a hang finding's shrinking spends its 100 runs and then
#                   the mailbox renumbering pass gets one more (shrink_runs 101; an adapter that
#                   hangs once, tests/cli/c18_hang_adapter.py, --timeout 5); sessions of socket
#                   from two invalid seeds only (at most 16 re-draws a message): 161 messages
#                   (cli_fuzz_st.c:1490 and :1326)
add_test(NAME cli.c18_stfuzz
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_stfuzz.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c18_stfuzz PROPERTIES LABELS "cli;fuzz" TIMEOUT 120)
#   cli.c18_shrink  the shrinker's repetition pass takes a 16-byte unit: 5200 bytes with 300 units
#                   shrink to 5008 (cli_fuzz_shrink.c:338 per <= 16)
add_test(NAME cli.c18_shrink
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_shrink.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c18_shrink PROPERTIES LABELS "cli;fuzz")
#   cli.c18_watch  amc watch stopped by SIGTERM while a file waits to settle: exit 1, the summary,
#                  nothing else (cmd_watch.c free_state i < NBUCKET)
add_test(NAME cli.c18_watch
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_watch.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_watch PROPERTIES LABELS "cli" TIMEOUT 180)
#   cli.c18_session_dir  amc fuzz --stateful with a read-only --out (its two files writable): the
#                        session folder cannot be made, "Permission denied" (run as nobody under
#                        root; cli_fuzz_st.c write_session's mkdir)
add_test(NAME cli.c18_session_dir
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_session_dir.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c18_session_dir PROPERTIES LABELS "cli;fuzz" TIMEOUT 120)
#   cli.c18_fuzz_corpus  amc fuzz --jobs 2 with 33000 seeds: each worker's corpus fills up (16384)
#                        and replaces entries without a crash (cli_fuzz_msg.c corpus_add)
add_test(NAME cli.c18_fuzz_corpus
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_fuzz_corpus.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_fuzz_corpus PROPERTIES LABELS "cli;fuzz")
