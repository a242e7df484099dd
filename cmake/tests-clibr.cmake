# CLI tests of helper clibr (issue 22: branches of src/cli that no test ran, each asserted):
#   cli.clibr_usage, cli.clibr_validate, cli.clibr_config, cli.clibr_opts (golden files
#                 tests/cli/clibr_*.test, registered with the others)
#   cli.clibr_report  amc report html of crafted conform reports (shards of one implementation,
#                 another mode, no name, no profile, no outcome, every bad outcome), -o to a full
#                 disk; amc bowtie's OS from /etc/os-release
#   cli.clibr_live  amc probe --max-time shorter than a step; (failpoint builds) the task step
#                 out of memory; amc serve whose socket path was taken over while it ran
#   cli.clibr_util  GitHub and JUnit escaping of odd file names, keyring paths, workspace roots
#                 named agent-workspace/inbox, input over --max-size, stdin a directory, colour
#                 on a pseudo-terminal
#   cli.clibr_watch  amc watch: --strict, JSON, names never checked, DIR moved or deleted,
#                 folders renamed away and moved in, files rewritten, replaced, deleted while open
#   cli.clibr_conform  amc conform --impl-exec on a suite of its own: text, JSON and HTML reports,
#                 the commands run, the replay's name for amc by PATH, one skipped case
#   cli.clibr_html  audit --format html lanes from odd key layouts; trace --format html of a
#                 finding the settings made a warning or a note
#   cli.clibr_cmds  amc schemas export/print, amc sign of JSON Lines (--write), lint-schema
#                 walks, AMC_NO_CONFIG, a --config naming its policy, amc adapter's validators
#   cli.clibr_conform2  placeholders outside and inside [[...]] groups, a command that cannot be
#                 executed or outlives --timeout, --format html on stdout, "never:" codes
#   cli.clibr_watch2  amc watch: folders sub and sub2, sub renamed away with a file waiting
#   cli.clibr_live2  amc serve --quiet --timeout: a request never half-closed
#   cli.clibr_misc  paths longer than the text report's line buffer; a $ref loop in amc bowtie
#   cli.clibr_probe  amc probe through a proxy in front of amc serve that answers wrongly, stops
#                 answering or stops listening
foreach(t report live util watch conform html cmds conform2 watch2 live2 misc probe)
  add_test(NAME cli.clibr_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/clibr_${t}.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR}
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.clibr_${t} PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
