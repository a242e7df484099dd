# Tests written for surviving mutants and uncovered branches of src/cli (issue 22;
# docs/testing.md), each file's docstring says what it pins:
#   cli.mutcli_edges   edges no other test pinned, one block per behaviour
#   cli.mutcli_limits  one byte written past a block (glibc's malloc checking) and threads that
#                      cannot start (an address-space limit); skipped in sanitizer builds
#   cli.mutcli_uris    which schema URIs --map-uri and file: serve from disk
#   cli.mutcli_parse   amc parse: syntax by extension and content, YAML bodies, --ignite-compat
#   cli.mutcli_report  amc report merge over CRLF, blank lines and white space; broken lines
#   cli.mutcli_bowtie  amc bowtie: the requests the usual run does not send
#   cli.mutcli_sites   report html score cells, fuzz --replay with and without <profile>.path,
#                      amc probe's concurrent clients by number, conform without a keyring file
#   cli.mutcli_alloc   every allocation of amc rules --config, validate --schema and lint-schema
#                      fails once (failpoint builds)
foreach(t edges limits uris parse report bowtie sites)
  add_test(NAME cli.mutcli_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_${t}.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcli_${t} PROPERTIES LABELS "cli")
endforeach()
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.mutcli_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutcli_alloc.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutcli_alloc PROPERTIES LABELS "cli" TIMEOUT 300)
endif()
