# docs/profiles/<profile>-rules.md must equal `amc rules --profile <profile> --format markdown`
# for every implemented profile (the catalog has one source: src/profiles/rules_<profile>.def).
foreach(_amc_prof ignite)
  add_test(NAME docs.rules_${_amc_prof}_current
           COMMAND ${CMAKE_COMMAND} -DAMC=$<TARGET_FILE:amc-cli> -DPROFILE=${_amc_prof}
                   -DDOC=${PROJECT_SOURCE_DIR}/docs/profiles/${_amc_prof}-rules.md
                   -P ${PROJECT_SOURCE_DIR}/cmake/check-catalog-doc.cmake)
  set_tests_properties(docs.rules_${_amc_prof}_current PROPERTIES LABELS docs)
endforeach()
