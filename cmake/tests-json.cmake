# JSON reader tools (included by CMakeLists.txt inside the tests section):
#   json_accept FILE...   prints ACCEPT/REJECT per file (tests/tools/jsontestsuite.sh uses it)
#   bench_json MODE FILE  parses a JSONL file line by line with amc or json-c (bench/)
#   bench_mailbox_parts FILE  per-envelope stage costs of the mailbox profile (bench/)
add_executable(json_accept ${PROJECT_SOURCE_DIR}/tests/tools/json_accept.c)
target_link_libraries(json_accept PRIVATE amc_static)
if(EXISTS ${PROJECT_SOURCE_DIR}/bench/bench_json.c)
  add_executable(bench_json ${PROJECT_SOURCE_DIR}/bench/bench_json.c)
  target_link_libraries(bench_json PRIVATE amc_static PkgConfig::JSONC)
endif()
# bench_mailbox_parts FILE: per-envelope cost of read, schema, JCS, SHA-256 and the whole mailbox
# profile (run it by hand on bench/data/mailbox-hmac-N.jsonl; bench/bench.py profile has the CLI figures)
add_executable(bench_mailbox_parts ${PROJECT_SOURCE_DIR}/bench/bench_mailbox_parts.c)
target_include_directories(bench_mailbox_parts PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(bench_mailbox_parts PRIVATE amc_static PkgConfig::CRYPTO)
# Optional: -DAMC_JSONTESTSUITE_DIR=/path/to/JSONTestSuite runs the whole suite in ctest.
if(AMC_JSONTESTSUITE_DIR)
  add_test(NAME json.testsuite
           COMMAND sh ${PROJECT_SOURCE_DIR}/tests/tools/jsontestsuite.sh ${AMC_JSONTESTSUITE_DIR}
                   $<TARGET_FILE:json_accept>)
  set_tests_properties(json.testsuite PROPERTIES LABELS conform)
endif()
