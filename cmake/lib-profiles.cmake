# lib-profiles.cmake - adds the protocol profiles (src/profiles/*.c) to the library.
file(GLOB _amc_profile_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/profiles/*.c)
list(APPEND AMC_LIB_SOURCES ${_amc_profile_sources})
