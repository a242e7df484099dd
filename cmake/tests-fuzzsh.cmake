# tests-fuzzsh.cmake - ci/fuzz.sh, the libFuzzer campaign tool (docs/fuzzing.md "Campaigns").
# fuzz.script_usage: --help, an unknown harness (exit 2 listing the valid ones), a bare number,
#   bad option values; nothing is built.
# fuzz.script_run: a 5-second ASan+UBSan run with --merge into a scratch copy of a corpus, a
#   pinned fuzz_conform_diff run, finding deduplication. Needs clang (ci/install-deps.sh installs
#   it); registered in unsanitized builds without --coverage only, so CI runs it once (Release):
#   it builds the library and two harnesses with clang in <build>/fuzzsh, so what it checks does
#   not depend on the build it is registered in, and it adds nothing to the gcov counts of
#   ci/coverage.sh (its own clang objects) or to ci/mutate.sh (which leaves it out).
add_test(NAME fuzz.script_usage
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/test_fuzz_sh.py
                 ${PROJECT_SOURCE_DIR} usage)
set_tests_properties(fuzz.script_usage PROPERTIES LABELS fuzz TIMEOUT 120)
find_program(AMC_CLANG_FOR_FUZZ clang)
if(AMC_CLANG_FOR_FUZZ AND NOT AMC_SANITIZE AND NOT CMAKE_C_FLAGS MATCHES "--coverage")
  add_test(NAME fuzz.script_run
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/test_fuzz_sh.py
                   ${PROJECT_SOURCE_DIR} run ${PROJECT_BINARY_DIR}/fuzzsh)
  set_tests_properties(fuzz.script_run PROPERTIES LABELS fuzz TIMEOUT 1800)
else()
  message(STATUS "fuzz.script_run not registered: needs clang and an unsanitized build "
                 "without --coverage")
endif()
