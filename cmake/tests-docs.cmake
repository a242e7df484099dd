# docs/codes.md must equal `amc rules --format markdown` (STYLE 19: docs come from one source).
add_test(NAME docs.codes_current
         COMMAND ${CMAKE_COMMAND} -DAMC=$<TARGET_FILE:amc-cli>
                 -DDOC=${PROJECT_SOURCE_DIR}/docs/codes.md
                 -P ${PROJECT_SOURCE_DIR}/cmake/check-doc.cmake)
set_tests_properties(docs.codes_current PROPERTIES LABELS docs)

# docs/amc.1 must equal `amc help --man`: the man page comes from the command declarations
# (src/cli/cmd_*.c), like --help.
add_test(NAME docs.man_current
         COMMAND ${CMAKE_COMMAND} -DAMC=$<TARGET_FILE:amc-cli> "-DARGS=help;--man"
                 -DDOC=${PROJECT_SOURCE_DIR}/docs/amc.1
                 -P ${PROJECT_SOURCE_DIR}/cmake/check-doc.cmake)
set_tests_properties(docs.man_current PROPERTIES LABELS docs)

# `amc help CMD` = `amc CMD --help` for every command; every declaration is consistent.
add_test(NAME cli.help_every_command
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/check_help.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.help_every_command PROPERTIES LABELS "cli;docs")
