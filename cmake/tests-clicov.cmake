# CLI tests of helper clicov (issue 22: branches of src/cli that no test ran, each asserted):
#   cli.clicov_parse (golden file tests/cli/clicov_parse.test, registered with the others)
#   cli.clicov_validate  amc validate on a directory with a FIFO, a link and a name without an
#                 extension; --stateful --shard of files and JSON Lines by task_id; JSON Lines
#                 from a pipe past a batch, lines longer than a read and than the buffer
#   cli.clicov_files  amc lint-schema walking a tree with a FIFO, links, names it skips, 65 levels
#   cli.clicov_adapter  amc adapter answering malformed requests and file entries, JSON Lines
#                 files, policies with and without their keyring, lifecycle requests it cannot serve
#   cli.clicov_watch  amc watch while files land: *.tmp then renamed, reopened unchanged, a hard
#                 link, a FIFO, a symbolic link, deleted, written in two pieces
#   cli.clicov_report (golden file tests/cli/clicov_report.test) report merge's refusals
#   cli.alloc_fail_live  (AMC_ALLOC_FAILPOINTS builds) every allocation of amc watch, amc probe
#                 (against a clean amc serve on a Unix socket), amc parse --ignite-compat fails
#                 once: the clean run's result or exit 2 "out of memory" (tests/cli/alloc_fail.py
#                 --group live)
add_test(NAME cli.clicov_validate
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/clicov_validate.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
foreach(t files adapter watch)
  add_test(NAME cli.clicov_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/clicov_${t}.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
endforeach()
set_tests_properties(cli.clicov_validate cli.clicov_files cli.clicov_adapter cli.clicov_watch
                     PROPERTIES LABELS cli TIMEOUT 120)
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.alloc_fail_live
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> --group live
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.alloc_fail_live PROPERTIES LABELS cli TIMEOUT 600)
endif()
