# Allocation failures in the amc executable (AMC_ALLOC_FAILPOINTS=ON test builds only: CI's
# ASan+UBSan build, ci/coverage.sh; never Release): amc is linked with --wrap for the allocation
# functions its own code calls and with tests/cli/alloc_fail_wrap.c, which fails the allocation
# numbered $AMC_FAIL_ALLOC and writes the count to $AMC_FAIL_ALLOC_COUNT at exit.
# The sweeps carry the label "sweep" (ci/mutate.py --quick runs them only for lines no other
# test runs; AMC_SWEEP_SHARE=K/N runs a share of each: ci/test.sh).
#   cli.alloc_fail  tests/cli/alloc_fail.py: every allocation of a set of commands fails once;
#                   each run ends with the clean run's result or exit 2 "out of memory", no
#                   crash, hang, sanitizer report or leak (docs/testing.md)
#   cli.alloc_fail_fuzz  the same for seeded amc fuzz runs (alloc_fail.py --group fuzz): the
#                   setup (schemas compiled, dictionary walked) every k-th allocation, the
#                   mutations, runs and findings every one
#   cli.alloc_fail_more  the same for commands and formats the plain run leaves out
#                   (alloc_fail.py --group more): the reference adapter answering every request
#                   kind, rules, version, conform's tap/junit/markdown/html reports, a stateful
#                   validation, lint-schema with a config, schemas list/export, help --man
if(AMC_ALLOC_FAILPOINTS)
  target_sources(amc-cli PRIVATE ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail_wrap.c)
  target_link_options(amc-cli PRIVATE
    "LINKER:--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup")
  add_test(NAME cli.alloc_fail
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.alloc_fail PROPERTIES LABELS "cli;sweep" TIMEOUT 600)
  add_test(NAME cli.alloc_fail_fuzz
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> --group fuzz
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.alloc_fail_fuzz PROPERTIES LABELS "cli;sweep" TIMEOUT 600)
  add_test(NAME cli.alloc_fail_more
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> --group more
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.alloc_fail_more PROPERTIES LABELS "cli;sweep" TIMEOUT 600)
endif()
