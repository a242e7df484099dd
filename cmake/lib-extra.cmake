# lib-extra.cmake - adds the lifecycle models (src/lifecycle), the audit engine (src/audit) and the
# conformance runner core (src/conform) to the library.
file(GLOB _amc_extra_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/lifecycle/*.c
     ${PROJECT_SOURCE_DIR}/src/audit/*.c ${PROJECT_SOURCE_DIR}/src/conform/*.c)
list(APPEND AMC_LIB_SOURCES ${_amc_extra_sources})
