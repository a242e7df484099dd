# tests-c14.cmake - tests written for surviving mutants of src/cli/ (HTML reports, help, report,
# audit and fuzz paths) of the 300-mutant runs (issue 22; docs/testing.md "Mutation testing"):
#   cli.c14_html_fields  report html leaves out implementation and case fields that are not
#                        strings; conform --html shows a failed case's input whole up to 16 KiB
#                        and cuts it there (16383, 16384, 16385 and 20000 bytes)
add_test(NAME cli.c14_html_fields
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_html_fields.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_html_fields PROPERTIES LABELS "cli")
#   cli.c14_audit  audit's HTML line for a file: "; and N more" after the first three findings
#                  only while they took less than 1000 bytes (500, 999, 1000, 1001)
add_test(NAME cli.c14_audit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_audit.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_audit PROPERTIES LABELS "cli")
#   cli.c14_conform_epipe  conform --impl: an adapter that closes its input after the hello and
#                          lives on makes the case an error at once ("adapter exited or closed
#                          its output"), not a timeout: a failed write (EPIPE) is not retried
add_test(NAME cli.c14_conform_epipe
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_conform_epipe.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_conform_epipe PROPERTIES LABELS "cli")
#   cli.c14_xfail_alloc  (AMC_ALLOC_FAILPOINTS builds) conform --update-xfail with each of its
#                        ~40 allocations failing once: the clean result, or exit 2 "out of
#                        memory" with the --xfail file as it was or as the clean run wrote it
#                        (never emptied); not labelled 'sweep', so mutate.py --quick runs it
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c14_xfail_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_xfail_alloc.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c14_xfail_alloc PROPERTIES LABELS "cli")
endif()
#   cli.c14_fuzz_alloc  (AMC_ALLOC_FAILPOINTS builds) fuzz --generate 1 from a 4097-member object,
#                       each of the last 64 allocations failing once, a tree mutation (seed 1) and
#                       a byte-level one (seed 157): the clean result or exit 2 "out of memory",
#                       never a crash; not labelled 'sweep', so mutate.py --quick runs it
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.c14_fuzz_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_fuzz_alloc.py
                   $<TARGET_FILE:amc-cli>)
  set_tests_properties(cli.c14_fuzz_alloc PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.c14_conform_page  conform --html and report html compared whole with tests/data/c14/*.html:
#                         every outcome (pass, fail, error, xfail with and without a reason,
#                         stale xfail, not-tested, skip), inputs shown and hidden (.. paths), and
#                         two reports side by side with absent cases
add_test(NAME cli.c14_conform_page
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_conform_page.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_conform_page PROPERTIES LABELS "cli")
#   cli.c14_html_utf8  the HTML pages' text escaping (cli_html.c) against a reference, byte for
#                      byte, on a 15 KiB input of every byte, UTF-8 edge and cut sequence
add_test(NAME cli.c14_html_utf8
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_html_utf8.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c14_html_utf8 PROPERTIES LABELS "cli")
#   cli.c14_report_page  report html of five reports compared whole with
#                        tests/data/c14/report-columns.html: a column per name, version and mode
#                        (a shard joins its column), a row per id and profile, cases without an
#                        id or a profile left out, an empty outcome "?", a title only for a message
add_test(NAME cli.c14_report_page
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_report_page.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_report_page PROPERTIES LABELS "cli")
#   cli.c14_conform_impl  conform --html's head from an adapter's hello compared whole with
#                         tests/data/c14/conform-impl-*.html: empty version, language and
#                         homepage left out; all set, escaped
add_test(NAME cli.c14_conform_impl
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_conform_impl.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_conform_impl PROPERTIES LABELS "cli")
#   cli.c14_trace_pages  trace check --format html on the events of each of the 81 lifecycle
#                        scenarios of the conformance suite (five profiles), page bodies compared
#                        with tests/data/c14/trace-pages.txt
add_test(NAME cli.c14_trace_pages
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_trace_pages.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_trace_pages PROPERTIES LABELS "cli")
#   cli.c14_trace_long  trace check --format html of a 516-event discussion trace (a span starting
#                       on event 500, the second part's first), cut at 500 and 501 events and with
#                       an illegal step at 499 and 500, compared with tests/data/c14/trace-long.txt
add_test(NAME cli.c14_trace_long
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c14_trace_long.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.c14_trace_long PROPERTIES LABELS "cli")
