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

# No include crosses the room order of docs/internals.md (ci/check-rooms.py), and the check
# catches what it forbids (tests/tools/check_rooms_selftest.py).
add_test(NAME docs.rooms COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/ci/check-rooms.py
                                 ${PROJECT_SOURCE_DIR})
add_test(NAME docs.rooms_selftest
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/tools/check_rooms_selftest.py
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(docs.rooms docs.rooms_selftest PROPERTIES LABELS docs)

# Every example command of README.md and docs/reports.md runs, in a scratch folder on bundled inputs, and exits and
# prints what the README shows (tests/docs/readme_examples.py says how README is read); a
# command that cannot run here is listed there with the reason.
add_test(NAME docs.readme_examples
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/docs/readme_examples.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(docs.readme_examples PROPERTIES LABELS docs TIMEOUT 300)
