# Tests written for surviving mutants of the library outside the schema engine (issue 22;
# docs/testing.md), each file's docstring says what it pins:
#   cli.mutlib3_openssl  amc sign / validate of an HMAC mailbox envelope when OpenSSL's
#                        algorithm fetches all fail (an OpenSSL configuration in
#                        tests/data/mutlib3)
#   cli.mutlib3_acp      ACP message ids naming impossible dates, against Python's calendar
#   cli.mutlib3_socket   socket task ids (SOCKET-ID-002) against a reference of the rule
#   cli.mutlib3_ignite_mid  IGNITE Message-IDs (IGNITE-MID-001/002/003) against a reference
#   cli.mutlib3_policy   each integer key of a policy file at and one step past its bounds
#   cli.mutlib3_discussion  discussion and message ids (DISC-ID-001, DISC-XREF-001) against a reference
#   cli.mutlib3_audit    amc audit's IGNITE-WS-002 retry limit against a reference, three limits
# The unit tests tests/unit/test_mutlib3_*.c are registered by the glob of CMakeLists.txt.
foreach(t openssl acp socket ignite_mid policy discussion audit)
  add_test(NAME cli.mutlib3_${t}
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/mutlib3_${t}.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.mutlib3_${t} PROPERTIES LABELS "cli")
endforeach()
