# tests-stfz.cmake - amc fuzz --stateful and --lifecycle (issue 22: tests that catch regressions)
#   cli.alloc_fail_stateful  (AMC_ALLOC_FAILPOINTS=ON builds only: CI's ASan+UBSan build,
#                   ci/coverage.sh) tests/cli/alloc_fail.py --group stateful: seeded
#                   amc fuzz --stateful runs (mailbox and ignite against amc adapter; a finding
#                   shrunk and saved) with one allocation failing per run: each ends with the
#                   clean run's result or exit 2 "out of memory", never a different session, a
#                   finding of our own making, a crash, a hang or a leak
#   cli.alloc_fail_lifecycle  the same for amc fuzz --lifecycle (--group lifecycle)
if(AMC_ALLOC_FAILPOINTS)
  foreach(group stateful lifecycle)
    add_test(NAME cli.alloc_fail_${group}
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                     $<TARGET_FILE:amc-cli> --group ${group}
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(cli.alloc_fail_${group} PROPERTIES LABELS "cli;sweep" TIMEOUT 600)
  endforeach()
endif()
#   cli.stfz_cli  tests/cli/stfz_cli.py: amc fuzz --stateful / --lifecycle / plain on errors and
#                 limits, exact statuses and output: findings that cannot be written (exit 2),
#                 garbage replies in a session, replays of a keyed session that cannot run, exec
#                 validators that cannot start or die, socket paths that are no socket, lines
#                 of findings.jsonl that are not findings
add_test(NAME cli.stfz_cli
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/stfz_cli.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.stfz_cli PROPERTIES LABELS cli TIMEOUT 300)
