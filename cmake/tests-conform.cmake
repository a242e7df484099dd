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
