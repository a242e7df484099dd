# tests-lcfuzz.cmake - `amc fuzz --lifecycle` (docs/fuzzing.md "Lifecycle fuzzing", issue 21).
# fuzz.lifecycle: the reference adapter gives no finding for any profile (a bounded seeded run
#   each); the same seed gives the same sequences; planted lifecycle defects that pass the fixed
#   suite (tests/fuzz/planted_lc_adapter.py: ACP backoff from the start, mailbox visibility after a restart,
#   discussion phase order after 8 messages) are found within --runs, shrunk to at most 16
#   events, replayed and emitted as scenarios; exit statuses 2 and 3.
add_test(NAME fuzz.lifecycle
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/run_lifecycle.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz.lifecycle PROPERTIES LABELS fuzz TIMEOUT 900)
