# tests-schemacli.cmake - JSON-Schema-Test-Suite driven through the CLI (one `amc validate`
# process per test; tests/schema/suite_via_cli.py), independently of the linked runner
# (schema.jsts). Uses AMC_JSTS_DIR (cmake/tests-schema.cmake) when set, else looks next to the
# checkout; skipped (exit 77) when the suite is missing.
if(NOT DEFINED AMC_JSTS_DIR OR NOT AMC_JSTS_DIR)
  set(_amc_jsts_cli "")
  foreach(cand ${PROJECT_SOURCE_DIR}/../shared/external/JSON-Schema-Test-Suite
               ${PROJECT_SOURCE_DIR}/../../shared/external/JSON-Schema-Test-Suite)
    if(NOT _amc_jsts_cli AND EXISTS ${cand}/tests/draft2020-12)
      get_filename_component(_amc_jsts_cli ${cand} ABSOLUTE)
    endif()
  endforeach()
else()
  set(_amc_jsts_cli ${AMC_JSTS_DIR})
endif()
if(NOT _amc_jsts_cli)
  set(_amc_jsts_cli ${PROJECT_SOURCE_DIR}/../shared/external/JSON-Schema-Test-Suite)
endif()
add_test(NAME schema.suite_via_cli
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/schema/suite_via_cli.py
                 ${_amc_jsts_cli} $<TARGET_FILE:amc-cli>
                 --expected ${PROJECT_SOURCE_DIR}/tests/schema/expected-failures.txt
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(schema.suite_via_cli PROPERTIES LABELS "schema;cli" SKIP_RETURN_CODE 77
                     TIMEOUT 900)

# docs/lint-rules.md must equal `amc lint-schema --rules-markdown` (STYLE 19).
add_test(NAME docs.lint_rules_current
         COMMAND ${Python3_EXECUTABLE} -c
                 "import subprocess, sys; out = subprocess.run([sys.argv[1], 'lint-schema', '--rules-markdown'], capture_output=True, text=True).stdout; ok = out == open(sys.argv[2], encoding='utf-8').read(); print(sys.argv[2] + (' is current' if ok else ' is out of date; regenerate it with: ' + sys.argv[1] + ' lint-schema --rules-markdown > ' + sys.argv[2])); sys.exit(0 if ok else 1)"
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR}/docs/lint-rules.md)
set_tests_properties(docs.lint_rules_current PROPERTIES LABELS docs)
