# tests-fuzzcli.cmake - `amc fuzz` (docs/fuzzing.md "amc fuzz").
# fuzz.planted: planted defects in in-repo implementations (tests/fuzz/: a lenient parser, a
#   crash on long strings, a hang on deep nesting, an exec-mode validator crashing on invalid
#   UTF-8, a json.loads socket server) are found within a bounded number of seeded runs, shrunk,
#   replayed and emitted as conformance cases; the reference adapter gives no finding for any
#   profile; the run ends on time against a hanging implementation; exit statuses 2 and 3.
add_test(NAME fuzz.planted
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/run_planted.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz.planted PROPERTIES LABELS fuzz TIMEOUT 900)
# fuzz.socket_closed: a socket server that closes every connection unread gives crash findings
#   of class "closed" that name the reason (connection reset or broken pipe).
add_test(NAME fuzz.socket_closed
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/run_socket_closed.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz.socket_closed PROPERTIES LABELS fuzz TIMEOUT 120)
