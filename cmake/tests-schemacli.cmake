# tests-schemacli.cmake - JSON-Schema-Test-Suite driven through the CLI (one `amc validate
# --default-dialect DRAFT` process per test group; tests/schema/suite_via_cli.py), independently
# of the linked runner (schema.jsts), one test per draft. Uses AMC_JSTS_DIR
# (cmake/tests-schema.cmake: the copy committed in the repository unless set otherwise); a
# missing suite fails the test.
foreach(draft draft2020-12 draft2019-09 draft7 draft6 draft4)
  add_test(NAME schema.suite_via_cli.${draft}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/schema/suite_via_cli.py
                   ${AMC_JSTS_DIR} $<TARGET_FILE:amc-cli> --draft ${draft}
                   --expected ${PROJECT_SOURCE_DIR}/tests/schema/expected-failures.txt
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(schema.suite_via_cli.${draft} PROPERTIES LABELS "schema;cli" TIMEOUT 900)
endforeach()

# docs/lint-rules.md must equal `amc lint-schema --rules-markdown` (STYLE 19).
add_test(NAME docs.lint_rules_current
         COMMAND ${Python3_EXECUTABLE} -c
                 "import subprocess, sys; out = subprocess.run([sys.argv[1], 'lint-schema', '--rules-markdown'], capture_output=True, text=True).stdout; ok = out == open(sys.argv[2], encoding='utf-8').read(); print(sys.argv[2] + (' is current' if ok else ' is out of date; regenerate it with: ' + sys.argv[1] + ' lint-schema --rules-markdown > ' + sys.argv[2])); sys.exit(0 if ok else 1)"
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR}/docs/lint-rules.md)
set_tests_properties(docs.lint_rules_current PROPERTIES LABELS docs)
