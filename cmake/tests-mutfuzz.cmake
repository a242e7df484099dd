# Exact-output tests of amc fuzz (issue 22: surviving mutants of src/cli/cli_fuzz_*.c and
# cmd_fuzz.c; tests/cli/mutfuzz_golden.py says what is compared):
#   cli.mutfuzz_st      --stateful, seeded runs against tests/fuzz's planted session-rule
#                       defects: requests, findings, shrunk cases, replay, emit
#   cli.mutfuzz_stx     --stateful against the reference (every profile) and the defects of
#                       tests/cli/mutfuzz_planted.py (other profiles' sessions, a dropped code)
#   cli.mutfuzz_lc      --lifecycle, the same against tests/fuzz's planted lifecycle defects and
#                       the reference (ignite, socket)
#   cli.mutfuzz_lcx     --lifecycle against mutfuzz_planted.py (codes, results, state, final,
#                       accepted)
#   cli.mutfuzz_msg     message fuzzing: planted adapters (lenient duplicate keys, a crash on
#                       long strings) and the planted exec validator
#   cli.mutfuzz_msgref  message fuzzing against the reference, every profile
#   cli.mutfuzz_gen     --generate 1000 inputs of every profile (seed 5), by blocks of 100
#   cli.mutfuzz_msgpl   message fuzzing against mutfuzz_planted.py (a missing code, error,
#                       skipped and wrong-seq replies, an exit)
# Goldens: tests/data/mutfuzz/<scenario>.txt (mutfuzz_golden.py AMC SRC GROUP --update).
foreach(g st stx lc lcx msg msgref msgpl gen)
  add_test(NAME cli.mutfuzz_${g}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutfuzz_golden.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR} ${g}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutfuzz_${g} PROPERTIES LABELS "cli" TIMEOUT 300)
endforeach()
