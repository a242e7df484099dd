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
