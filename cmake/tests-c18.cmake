# tests-c18.cmake - tests written for surviving mutants of src/cli/ (issue 22, helper c18;
# docs/testing.md "Mutation testing"):
#   cli.c18_trace_html  trace check's HTML page: a lane's name of up to 20 bytes is drawn whole, a
#                       longer one as 18 bytes and an ellipsis (cli_html_trace.c lane_label n > 20)
add_test(NAME cli.c18_trace_html
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_trace_html.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_trace_html PROPERTIES LABELS "cli")
#   cli.c18_uris  --map-uri: a segment that only starts with ".." is served; an escaped ".." that
#                 leads out of DIR is not read (its parse errors are not reported); segments of
#                 two bytes, with a '.' first or second (cli_schema.c has_dotdot)
add_test(NAME cli.c18_uris
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/c18_uris.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.c18_uris PROPERTIES LABELS "cli")
