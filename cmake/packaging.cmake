# packaging.cmake - where the installed amc finds its data, and the Debian package (CPack).
#
# The CLI locates the installed conformance suite relative to its own executable
# (<bindir>/<AMC_DATA_REL>/conformance, normally ../share/amc/conformance), so an installed tree
# stays relocatable: `cmake --install --prefix DIR`, a DESTDIR staging root and the package's
# /usr all work without a rebuild.
file(RELATIVE_PATH _amc_data_rel ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_DATADIR}/amc)
target_compile_definitions(amc-cli PRIVATE AMC_DATA_REL="${_amc_data_rel}")

# `cpack -G DEB` in a build directory (ci/package.sh builds and checks it): one package with the
# tool, the libraries, headers, man page, schemas and the conformance kit. Runtime dependencies
# come from dpkg-shlibdeps.
set(CPACK_PACKAGE_NAME amc)
set(CPACK_PACKAGE_VENDOR "amc")
set(CPACK_PACKAGE_CONTACT "amc maintainers <amc@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "reference validator and conformance kit for five multi-agent messaging protocols")
set(CPACK_PACKAGE_DESCRIPTION
    "amc parses and validates IGNITE, mailbox, discussion, socket and ACP messages, lints JSON Schemas, checks lifecycle traces and workspaces, and runs other implementations through golden conformance fixtures (amc conform).")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
