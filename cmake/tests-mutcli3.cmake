# Tests written for surviving mutants of src/cli (issue 22; docs/testing.md). Golden files
# tests/cli/mutcli3_*.test are registered with the others; each script's docstring says what
# it pins:
#   cli.mutcli3_cli    diagnostics of cases a golden file cannot set up (a write that fails at
#                      fclose, ...)
#   cli.mutcli3_alloc  every allocation of amc lint-schema and validate with a config that has
#                      profile, policy, format and known-formats fails once (failpoint builds)
#   cli.mutcli3_alloc_cmds  every allocation of `amc CMD --help`, each command, fails once
#                      (failpoint builds): the option layer's out-of-memory paths
foreach(t cli)
  add_test(NAME cli.mutcli3_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli3_${t}.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcli3_${t} PROPERTIES LABELS "cli")
endforeach()
if(AMC_ALLOC_FAILPOINTS)
  foreach(t alloc alloc_cmds)
    add_test(NAME cli.mutcli3_${t}
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli3_${t}.py
                     $<TARGET_FILE:amc-cli>
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(cli.mutcli3_${t} PROPERTIES LABELS "cli" TIMEOUT 300)
  endforeach()
endif()
