# Exact-output tests of amc fuzz (issue 22: surviving mutants of src/cli/cli_fuzz_*.c and
# cmd_fuzz.c; tests/cli/mutfuzz_golden.py says what is compared):
#   cli.mutfuzz_st   --stateful, seeded runs against planted session-rule defects and the
#                    reference (every profile): requests, findings, shrunk cases, replay, emit
#   cli.mutfuzz_lc   --lifecycle, the same against planted lifecycle defects and the reference
#   cli.mutfuzz_msg  message fuzzing: planted adapters (lenient duplicate keys, a crash on long
#                    strings), the planted exec validator, the reference (every profile)
# Goldens: tests/data/mutfuzz/<scenario>.txt (mutfuzz_golden.py AMC SRC GROUP --update).
foreach(g st lc msg)
  add_test(NAME cli.mutfuzz_${g}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutfuzz_golden.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR} ${g}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutfuzz_${g} PROPERTIES LABELS "cli" TIMEOUT 300)
endforeach()
