# tests-conform.cmake - the conformance runner (amc conform, SPEC 7).
# conform.reference: amc's own adapter scores 100% through the adapter path (every profile whose
#   fixtures exist and that amc implements; the rest are SKIP by capability gating).
# conform.check_suite: the fixtures themselves (ids, files, catalog coverage).
# conform.protocol_schemas: conformance/protocol/*.schema.json are lint-clean.
# conform.broken: broken implementations get the honest verdict and exit status; reports parse.
add_test(NAME conform.reference
         COMMAND $<TARGET_FILE:amc-cli> conform --suite ${PROJECT_SOURCE_DIR}/conformance
                 --impl "$<TARGET_FILE:amc-cli> adapter" --validate-protocol --timeout 30)
add_test(NAME conform.check_suite
         COMMAND $<TARGET_FILE:amc-cli> conform --check-suite --suite ${PROJECT_SOURCE_DIR}/conformance)
file(GLOB _amc_protocol_schemas CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/conformance/protocol/*.schema.json)
add_test(NAME conform.protocol_schemas
         COMMAND $<TARGET_FILE:amc-cli> lint-schema --strict ${_amc_protocol_schemas})
add_test(NAME conform.broken
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/conform/run_broken.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(conform.reference conform.check_suite conform.protocol_schemas conform.broken
                     PROPERTIES LABELS conform)
set_tests_properties(conform.broken PROPERTIES TIMEOUT 300)
# conform.kit: the adapter templates (conformance/adapters/python, node) score 100% of what they
#   claim, as shipped and wrapping amc's CLI (needs node).
# conform.readmes: every ```sh command in conformance/**/*.md runs and exits as documented.
# conform.action: the GitHub Action's run step (ci/action-run.sh, annotations, outputs).
# conform.hooks: the pre-commit hooks of .pre-commit-hooks.yaml.
# conform.installed: `cmake --install` into a fresh prefix; the installed amc finds its suite
#   from any folder and scores its own adapter CONFORMANT.
foreach(_t kit readmes action hooks)
  add_test(NAME conform.${_t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/conform/run_${_t}.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
endforeach()
add_test(NAME conform.installed
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/conform/run_installed.py
                 ${CMAKE_COMMAND} ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
set_tests_properties(conform.kit conform.readmes conform.action conform.hooks conform.installed
                     PROPERTIES LABELS conform TIMEOUT 600)
