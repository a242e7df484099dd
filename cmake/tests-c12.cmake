# tests-c12.cmake - tests written for surviving mutants of src/cli/ on allocation-failure and
# rarely run paths (issue 22; docs/testing.md "Mutation testing"), each file's docstring says
# what it pins:
#   cli.c12_alloc_load    (AMC_ALLOC_FAILPOINTS builds) every allocation of amc validate --schema
#                         with a $ref read from disk by the CLI's loader fails once: the clean
#                         result, "out of memory" or the $ref unresolved, never a crash
#                         (kills cli_schema.c:211)
#   cli.c12_alloc_lcfuzz  (AMC_ALLOC_FAILPOINTS builds) each allocation of amc fuzz --lifecycle's
#                         set-up up to the adapter's handshake fails once: exit 2 "out of
#                         memory", never a crash (kills cli_fuzz_lc.c:441)
#   cli.c12_adapter_cache (AMC_ALLOC_FAILPOINTS builds: the allocation counter) amc adapter keeps
#                         its plain validator per profile: a repeated validate request costs less
#                         than a quarter of the first one's allocations (kills cmd_adapter.c:254)
#   cli.c12_fuzz_keyring  amc fuzz --stateful: a keyring key whose principal is not a JSON string
#                         (NaN) is the fuzzer's shared key, as one without a principal: the same
#                         messages are sent (kills cli_fuzz_st.c:673)
#   cli.c12_alloc_stfuzz  (AMC_ALLOC_FAILPOINTS builds; skipped under ASan) amc fuzz --stateful with
#                         each of 40 allocations across the end of the set-up and the start
#                         of the worker failing once: exit 2 "out of memory", never a crash
#                         (kills cli_fuzz_st.c:546; the window is checked for drift)
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c12_alloc_load
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c12_alloc_load.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c12_alloc_load PROPERTIES LABELS "cli")
  add_test(NAME cli.c12_alloc_lcfuzz
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c12_alloc_lcfuzz.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c12_alloc_lcfuzz PROPERTIES LABELS "cli;fuzz")
  add_test(NAME cli.c12_adapter_cache
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c12_adapter_cache.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c12_adapter_cache PROPERTIES LABELS "cli")
  add_test(NAME cli.c12_alloc_stfuzz
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c12_alloc_stfuzz.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.c12_alloc_stfuzz PROPERTIES LABELS "cli;fuzz")
endif()
add_test(NAME cli.c12_fuzz_keyring
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c12_fuzz_keyring.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c12_fuzz_keyring PROPERTIES LABELS "cli;fuzz")
