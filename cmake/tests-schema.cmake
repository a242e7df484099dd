# tests-schema.cmake - the JSON-Schema-Test-Suite runner (tests/schema/jsts_run.c).
# The suite is looked for in AMC_JSTS_DIR (cache variable or environment variable at test
# time), else next to the checkout (../shared/external/JSON-Schema-Test-Suite, also one level
# further up for worktrees). The test is skipped (exit 77) when it is missing.
set(_amc_jsts_default "")
foreach(cand ${PROJECT_SOURCE_DIR}/../shared/external/JSON-Schema-Test-Suite
             ${PROJECT_SOURCE_DIR}/../../shared/external/JSON-Schema-Test-Suite)
  if(NOT _amc_jsts_default AND EXISTS ${cand}/tests/draft2020-12)
    get_filename_component(_amc_jsts_default ${cand} ABSOLUTE)
  endif()
endforeach()
set(AMC_JSTS_DIR "${_amc_jsts_default}" CACHE PATH "JSON-Schema-Test-Suite checkout")

add_executable(jsts_run ${PROJECT_SOURCE_DIR}/tests/schema/jsts_run.c)
target_include_directories(jsts_run PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_definitions(jsts_run PRIVATE AMC_JSTS_DEFAULT_DIR="${AMC_JSTS_DIR}")
target_link_libraries(jsts_run PRIVATE amc_static)
add_test(NAME schema.jsts
         COMMAND jsts_run --expected ${PROJECT_SOURCE_DIR}/tests/schema/expected-failures.txt
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(schema.jsts PROPERTIES LABELS "schema;conform" SKIP_RETURN_CODE 77)
