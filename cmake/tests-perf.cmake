# -j N and --shard K/N (issue 18): -j 2 and -j 3 print what -j 1 prints, byte for byte; shards
# merged by amc report merge equal the unsharded run; --stateful shards keep a task together.
add_test(NAME cli.jobs_shard
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/jobs_shard.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.jobs_shard PROPERTIES LABELS cli)

# GNU parallel as the map step on one machine (examples/scaling/gnu-parallel.sh): the merged
# report equals one run's. Skipped (77) without GNU parallel (ci/install-deps.sh installs it).
add_test(NAME cli.gnu_parallel
         COMMAND sh ${PROJECT_SOURCE_DIR}/tests/cli/gnu_parallel.sh $<TARGET_FILE:amc-cli>
                 ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.gnu_parallel PROPERTIES LABELS cli SKIP_RETURN_CODE 77)

# HMAC-SHA256 under seven keys (more than the keyed contexts a validator keeps), signed here with
# Python's hmac: every envelope valid, a wrong key and changed content caught, -j 1 and -j 2.
add_test(NAME cli.hmac_keys
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/hmac_keys.py
                 $<TARGET_FILE:amc-cli>
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.hmac_keys PROPERTIES LABELS cli)
