# lib-audit.cmake - adds the workspace auditor (src/audit/*.c) to the library.
file(GLOB _amc_audit_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/audit/*.c)
list(APPEND AMC_LIB_SOURCES ${_amc_audit_sources})
