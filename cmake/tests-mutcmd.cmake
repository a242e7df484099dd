# Tests written for surviving mutants of src/cli (the commands, not the fuzzers; issue 22;
# docs/testing.md). Golden files tests/cli/mutcmd_*.test are registered with the others.
#   cli.mutcmd_alloc  (AMC_ALLOC_FAILPOINTS builds) every allocation of a few cheap commands
#                     fails once (tests/cli/alloc_fail.py, the cases named below: report merge
#                     and html, sign and sign --write, parse, schemas print, trace check text and
#                     html, validate --format sarif and junit, bowtie, rules, --version, help,
#                     audit --format html; --full: every allocation, no stride):
#                     the clean run's result or exit 2 "out of memory". cli.alloc_fail runs
#                     the same cases, but it is labelled 'sweep', which ci/mutate.py --quick
#                     leaves out for a line other tests run; this one is not, so the out-of-memory
#                     branches of lines every run takes (cmd_report.c:342's !r || ...) are tested
#                     in CI's quick mutation sample too.
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.mutcmd_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> report-merge report-html sign sign-write parse schemas
                   trace-text trace-html validate-sarif validate-junit bowtie rules version help
                   audit-html --full
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcmd_alloc PROPERTIES LABELS "cli" TIMEOUT 300)
endif()
#   cli.mutcmd_html   amc's HTML pages (trace check, audit, conform, report html) compared whole
#                     with tests/data/mutcmd/*.html (tests/cli/mutcmd_html.py says which)
add_test(NAME cli.mutcmd_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcmd_html.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutcmd_html PROPERTIES LABELS "cli" TIMEOUT 120)
#   cli.mutcmd_probe  amc probe against a server that holds connections silent and one that closes
#                     without a reply: the whole text report and the JSON findings
add_test(NAME cli.mutcmd_probe
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcmd_probe.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutcmd_probe PROPERTIES LABELS "cli" TIMEOUT 120)
#   cli.mutcmd_serve_alloc  (AMC_ALLOC_FAILPOINTS builds) each allocation amc serve makes for a
#                     status request fails once: the server answers the next request or reports
#                     "out of memory" (it crashed when the second parse of a request failed)
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.mutcmd_serve_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcmd_serve_alloc.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcmd_serve_alloc PROPERTIES LABELS "cli" TIMEOUT 120)
endif()
#   cli.mutcmd_paths  amc schemas export with DIR/NAME of 4096 and 4095 bytes (its buffer's limit)
add_test(NAME cli.mutcmd_paths
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcmd_paths.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.mutcmd_paths PROPERTIES LABELS "cli" TIMEOUT 60)
