# CLI tests added for coverage (issue 22) that a golden file cannot express:
#   cli.cov_html  HTML pages of trace check and conform: input text escaped, invalid UTF-8 as U+FFFD
#   cli.cov_tty   colour on a terminal (a pseudo-terminal), none with NO_COLOR or on a pipe
#   cli.cov_watch_dirs  amc watch while directories are created, moved out and in, renamed, deleted
#   cli.cov_watch_root  amc watch with a directory 64 levels deep, its DIR moved away, DIR deleted
#   cli.cov_probe amc probe against servers answering wrongly (echo, result to status, too long ...)
#   cli.cov_report_html  conform's page with an xfail reason; report html of 2 implementations, of shards
#   cli.cov_full  standard output on /dev/full: exit 2 and one message, whatever the verdict
#   cli.cov_write_fail  sign --write and conform --update-xfail past a file size limit: exit 2, said
#   cli.cov_fuzz  amc fuzz against implementations failing one way each (error, skipped and garbage
#                 replies, exit statuses, signals, hangs in adapter, exec and socket mode), the
#                 shrinker's run budget, .jsonl seeds, the progress line, --replay/--emit-cases edges
#   cli.cov_edges  output at edges a golden file cannot hold: SARIF artifact URIs of odd file names;
#                 conform when the reset before a session fails and when the adapter cannot restart;
#                 serve answering a client that never half-closes after --timeout; github/junit/JSON
#                 escaping of file names and messages; trace check HTML of invalid events;
#                 --map-uri paths percent-decoded, NUL and .. refused; an empty directory; report
#                 merge of a CRLF JSON Lines report; bowtie registry keys with #, errored tests;
#                 probe --allow-tasks against a result without its id
#   cli.cov_fuzz_st  amc fuzz --stateful and --lifecycle against adapters failing one way each, their
#                 summaries and progress lines, unusable suites, broken findings directories
add_test(NAME cli.cov_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_html.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_tty
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_tty.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_watch_dirs COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/cov_watch_dirs.sh
                                         $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_watch_root COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/cov_watch_root.sh
                                         $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_probe
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_probe.py
                 $<TARGET_FILE:amc-cli>)
add_test(NAME cli.cov_report_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_report_html.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_full
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_full.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_write_fail
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_write_fail.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_fuzz
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_fuzz.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_edges
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_edges.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
add_test(NAME cli.cov_fuzz_st
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/cov_fuzz_st.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.cov_html cli.cov_tty cli.cov_watch_dirs cli.cov_probe cli.cov_report_html
                     cli.cov_full cli.cov_write_fail cli.cov_fuzz cli.cov_fuzz_st
                     cli.cov_edges cli.cov_watch_root PROPERTIES LABELS cli)
set_tests_properties(cli.cov_fuzz cli.cov_fuzz_st PROPERTIES TIMEOUT 300)
set_tests_properties(cli.cov_watch_dirs cli.cov_watch_root PROPERTIES TIMEOUT 120)
