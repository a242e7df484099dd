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
#   cli.clicov_serve  amc serve: a stale socket replaced, --socket-mode, --fault error/no-close/close
#                 on invalid requests, tasks, status requests; the request log
#   cli.clicov_conform  amc conform --impl-exec: the command template, commands that exit 3, are
#                 killed or missing; the suite installed next to amc, or none found
#   cli.clicov_html  conform --format html of a stale --xfail entry without a reason, of an
#                 implementation never reached
#   cli.clicov_probe  amc probe's Markdown and JUnit reports of a server whose reply type holds
#                 '<&>"|' and a control character; a task's project_dir left non-empty
#   cli.clicov_audit  amc audit --stats's per-folder totals past 32 folders and 63 characters
#   cli.clicov_util  1 202 errors in one document (1 000 shown, the rest counted) in text and
#                 GitHub annotations; audit of the queue/ folder itself named with trailing slashes
#   cli.clicov_formats (golden) GitHub ::notice, no position, notes, second codes; JUnit escaping
#   cli.clicov_report (golden file tests/cli/clicov_report.test) report merge's refusals
#   cli.alloc_fail_live  (AMC_ALLOC_FAILPOINTS builds) every allocation of amc watch, amc probe
#                 (against a clean amc serve on a Unix socket), amc parse --ignite-compat fails
#                 once: the clean run's result or exit 2 "out of memory" (tests/cli/alloc_fail.py
#                 --group live)
#   cli.alloc_fail_walk  the same for amc validate walking a directory, sharding files by task_id
#                 and JSON Lines over 2 workers, and report merge of JSON documents (--group walk)
add_test(NAME cli.clicov_validate
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/clicov_validate.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
foreach(t files adapter watch serve conform html probe audit util)
  add_test(NAME cli.clicov_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/clicov_${t}.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
endforeach()
set_tests_properties(cli.clicov_validate cli.clicov_files cli.clicov_adapter cli.clicov_watch
                     cli.clicov_serve cli.clicov_conform cli.clicov_html cli.clicov_probe
                     cli.clicov_audit cli.clicov_util
                     PROPERTIES LABELS cli TIMEOUT 120)
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.alloc_fail_live
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> --group live
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  add_test(NAME cli.alloc_fail_walk
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/alloc_fail.py
                   $<TARGET_FILE:amc-cli> --group walk
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.alloc_fail_live cli.alloc_fail_walk PROPERTIES LABELS "cli;sweep" TIMEOUT 600)
endif()
