# tests-covfz.cmake - amc fuzz's generation and shrinking pinned, amc serve at its connection
# limit (issue 22: tests that catch regressions)
#   cli.covfz_stream  tests/cli/covfz_stream.py: seeded runs of each fuzz mode pinned (the
#                     inputs sent, the summaries, the findings' shrunk sizes and shrink runs)
add_test(NAME cli.covfz_stream
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/covfz_stream.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.covfz_stream PROPERTIES LABELS cli TIMEOUT 300)
#   cli.covfz_serve   tests/cli/covfz_serve.py: amc serve at its 256-connection limit (260
#                     clients, 10 of them queued while the server is stopped): every one
#                     answered, the server up
add_test(NAME cli.covfz_serve
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/covfz_serve.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.covfz_serve PROPERTIES LABELS cli TIMEOUT 300)
