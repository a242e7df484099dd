# tests-live.cmake - `amc probe` and `amc serve` against live servers (docs/probe.md).
# live.probe: in-repo stdlib-Python servers with one planted defect each (tests/live/
#   defect_server.py: wrong id, NaN, dies on bad JSON, never answers, never closes, serial
#   blocking) fail with their rule; a correct one passes; exit statuses 1, 2, 3; report formats.
add_test(NAME live.probe
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/live/run_live.py
                 $<TARGET_FILE:amc-cli> probe)
set_tests_properties(live.probe PROPERTIES LABELS live TIMEOUT 120)
# live.serve: `amc serve` passes `amc probe --strict --allow-tasks`, answers and logs requests,
#   refuses a symlink, a regular file and a live socket at its path (exit 2, left untouched),
#   replaces a stale socket of its own, removes its socket on SIGINT/SIGTERM; each --fault is
#   found by the probe.
add_test(NAME live.serve
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/live/run_live.py
                 $<TARGET_FILE:amc-cli> serve)
set_tests_properties(live.serve PROPERTIES LABELS live TIMEOUT 120)
