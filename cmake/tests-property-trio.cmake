# tests-property-trio.cmake - extra property tests of the socket/acp/discussion lifecycle models.
# tests/property/prop_<model>.c are registered by tests-property.cmake's glob (property.<model>);
# this file adds property.socket_selftest: the socket properties against a deliberately broken
# model (AMC_LC_BUG_BUSY_DISPATCH: no busy-worker check), which must be caught and shrunk.
add_executable(property_socket_selftest ${PROJECT_SOURCE_DIR}/tests/property/prop_socket.c
               ${PROJECT_SOURCE_DIR}/tests/property/prop.c
               ${PROJECT_SOURCE_DIR}/src/lifecycle/lc_socket.c)
target_include_directories(property_socket_selftest PRIVATE ${PROJECT_SOURCE_DIR}/src
                           ${PROJECT_SOURCE_DIR}/tests/property ${PROJECT_BINARY_DIR}/generated)
target_compile_definitions(property_socket_selftest PRIVATE AMC_LC_BUG_BUSY_DISPATCH)
target_link_libraries(property_socket_selftest PRIVATE amc_static)
add_test(NAME property.socket_selftest COMMAND property_socket_selftest)
set_tests_properties(property.socket_selftest PROPERTIES LABELS property)
