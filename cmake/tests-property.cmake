# tests-property.cmake - property tests of the lifecycle models (tests/property/prop_<model>.c,
# harness prop.h/prop.c) as ctest property.<model>, and property.selftest: the mailbox
# properties against a deliberately broken model (AMC_LC_BUG_DEAD_DELIVERY), which must be caught.
file(GLOB _amc_props CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/property/prop_*.c)
foreach(_amc_p ${_amc_props})
  get_filename_component(_amc_n ${_amc_p} NAME_WE)
  string(REGEX REPLACE "^prop_" "" _amc_n ${_amc_n})
  add_executable(property_${_amc_n} ${_amc_p} ${PROJECT_SOURCE_DIR}/tests/property/prop.c)
  target_include_directories(property_${_amc_n} PRIVATE ${PROJECT_SOURCE_DIR}/src
                             ${PROJECT_SOURCE_DIR}/tests/property ${PROJECT_BINARY_DIR}/generated)
  target_link_libraries(property_${_amc_n} PRIVATE amc_static)
  add_test(NAME property.${_amc_n} COMMAND property_${_amc_n})
  set_tests_properties(property.${_amc_n} PROPERTIES LABELS property)
endforeach()
add_executable(property_selftest ${PROJECT_SOURCE_DIR}/tests/property/prop_mailbox.c
               ${PROJECT_SOURCE_DIR}/tests/property/prop.c
               ${PROJECT_SOURCE_DIR}/src/lifecycle/lc_mailbox.c)
target_include_directories(property_selftest PRIVATE ${PROJECT_SOURCE_DIR}/src
                           ${PROJECT_SOURCE_DIR}/tests/property ${PROJECT_BINARY_DIR}/generated)
target_compile_definitions(property_selftest PRIVATE AMC_LC_BUG_DEAD_DELIVERY)
target_link_libraries(property_selftest PRIVATE amc_static)
add_test(NAME property.selftest COMMAND property_selftest)
set_tests_properties(property.selftest PROPERTIES LABELS property)
