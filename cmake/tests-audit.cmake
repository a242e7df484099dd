# amc audit filesystem test (FIFO, size limit, unreadable file, read-only proof with strace).
add_test(NAME cli.audit_fs COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/audit_fs.sh
                                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.audit_fs PROPERTIES LABELS cli)
# amc watch on a live temporary workspace (tests/cli/watch.sh: files landing, read-only, signals).
add_test(NAME cli.watch COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/watch.sh
                               $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.watch PROPERTIES LABELS cli TIMEOUT 120)
