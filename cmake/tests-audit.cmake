# amc audit filesystem test (FIFO, size limit, unreadable file, read-only proof with strace).
add_test(NAME cli.audit_fs COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/audit_fs.sh
                                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.audit_fs PROPERTIES LABELS cli)
