# tests-stfuzz.cmake - `amc fuzz --stateful` (docs/fuzzing.md "Stateful session fuzzing", issue 21
# item 2). fuzz.stateful: the reference adapter gives no finding (mailbox and a short run of every
#   other profile); a clean re-implementation of the mailbox session rules agrees with amc and
#   the same seed gives the same sessions; planted session-rule defects that pass the fixed suite
#   (tests/fuzz/planted_st_adapter.py: a nonce cache of 3, a msg_id look-up among the last 2
#   messages) are found within --runs, shrunk, replayed and emitted as session cases; exit
#   statuses 2 and 3.
add_test(NAME fuzz.stateful
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/fuzz/run_stateful.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(fuzz.stateful PROPERTIES LABELS fuzz TIMEOUT 900)
