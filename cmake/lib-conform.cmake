# lib-conform.cmake - adds the conformance runner core (src/conform/*.c) to the library.
file(GLOB _amc_conform_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/conform/*.c)
list(APPEND AMC_LIB_SOURCES ${_amc_conform_sources})
