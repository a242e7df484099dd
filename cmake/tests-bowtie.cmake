# tests-bowtie.cmake - `amc bowtie` driven like Bowtie's own driver (tests/bowtie/bowtie_driver.py:
# start, dialect, one run per JSON-Schema-Test-Suite test group of every draft, stop; every
# message checked against Bowtie's protocol schemas committed in tests/bowtie/schemas).
# (the modules are included in name order: the suite's cache variable is declared here too)
set(AMC_JSTS_DIR "${PROJECT_SOURCE_DIR}/tests/external/JSON-Schema-Test-Suite" CACHE PATH
    "JSON-Schema-Test-Suite copy (default: the one committed in the repository)")
add_test(NAME bowtie.harness
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/bowtie/bowtie_driver.py
                 $<TARGET_FILE:amc-cli> ${AMC_JSTS_DIR} ${PROJECT_SOURCE_DIR}/tests/bowtie/schemas
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(bowtie.harness PROPERTIES LABELS "schema;cli" TIMEOUT 600)
