# docs/profiles/<profile>-rules.md must equal `amc rules --profile <profile> --format markdown`
# for every profile with a catalog src/profiles/rules_<profile>.def (the catalog's one source).
file(GLOB _amc_catalogs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/profiles/rules_*.def)
foreach(_amc_cat ${_amc_catalogs})
  get_filename_component(_amc_prof ${_amc_cat} NAME_WE)
  string(REGEX REPLACE "^rules_" "" _amc_prof ${_amc_prof})
  add_test(NAME docs.rules_${_amc_prof}_current
           COMMAND ${CMAKE_COMMAND} -DAMC=$<TARGET_FILE:amc-cli> -DPROFILE=${_amc_prof}
                   -DDOC=${PROJECT_SOURCE_DIR}/docs/profiles/${_amc_prof}-rules.md
                   -P ${PROJECT_SOURCE_DIR}/cmake/check-catalog-doc.cmake)
  set_tests_properties(docs.rules_${_amc_prof}_current PROPERTIES LABELS docs)
endforeach()
