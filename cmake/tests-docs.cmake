# docs/codes.md must equal `amc rules --format markdown` (STYLE 19: docs come from one source).
add_test(NAME docs.codes_current
         COMMAND ${CMAKE_COMMAND} -DAMC=$<TARGET_FILE:amc-cli>
                 -DDOC=${PROJECT_SOURCE_DIR}/docs/codes.md
                 -P ${PROJECT_SOURCE_DIR}/cmake/check-doc.cmake)
set_tests_properties(docs.codes_current PROPERTIES LABELS docs)
