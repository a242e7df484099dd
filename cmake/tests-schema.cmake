# tests-schema.cmake - the JSON-Schema-Test-Suite runner (tests/schema/jsts_run.c) over the copy
# of the suite committed in the repository (tests/external/JSON-Schema-Test-Suite, see its
# README.md). AMC_JSTS_DIR (cache variable, or environment variable at test time) points the
# runner at another copy. A missing suite fails the test: it is never skipped.
set(AMC_JSTS_DIR "${PROJECT_SOURCE_DIR}/tests/external/JSON-Schema-Test-Suite" CACHE PATH
    "JSON-Schema-Test-Suite copy (default: the one committed in the repository)")

add_executable(jsts_run ${PROJECT_SOURCE_DIR}/tests/schema/jsts_run.c)
target_include_directories(jsts_run PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_definitions(jsts_run PRIVATE AMC_JSTS_DEFAULT_DIR="${AMC_JSTS_DIR}")
target_link_libraries(jsts_run PRIVATE amc_static)
add_test(NAME schema.jsts
         COMMAND jsts_run --expected ${PROJECT_SOURCE_DIR}/tests/schema/expected-failures.txt
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(schema.jsts PROPERTIES LABELS "schema;conform")
# schema.jsts_diags: the diagnostics of every test of the committed suite copy, pinned per file
# (tests/schema/jsts-diags.txt; jsts_run --diags). A meant change: review it with --dump, then
# rewrite the file with jsts_run --diags-write tests/schema/jsts-diags.txt (docs/testing.md).
add_test(NAME schema.jsts_diags
         COMMAND jsts_run --suite ${PROJECT_SOURCE_DIR}/tests/external/JSON-Schema-Test-Suite
                 --expected ${PROJECT_SOURCE_DIR}/tests/schema/expected-failures.txt
                 --diags ${PROJECT_SOURCE_DIR}/tests/schema/jsts-diags.txt
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(schema.jsts_diags PROPERTIES LABELS "schema")
