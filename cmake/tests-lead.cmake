# Tests written for surviving mutants of fresh samples (issue 22; docs/testing.md):
#   cli.shrink_lines  the shrinker's line pass goes on past halves (an exact, deterministic run count)
add_test(NAME cli.shrink_lines
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/shrink_lines.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.shrink_lines PROPERTIES LABELS "cli")
#   cli.html_more_files  conform --html names a failed session case's extra files, and a one-file
#                        case none (counted against the JSON report of the same run)
add_test(NAME cli.html_more_files
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/html_more_files.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.html_more_files PROPERTIES LABELS "cli")
#   cli.html_plural  conform's HTML page says "1 case", "2 cases", "0 cases" failed (against the
#                    JSON report of the same run)
add_test(NAME cli.html_plural
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/html_plural.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.html_plural PROPERTIES LABELS "cli")
#   cli.html_trace_clip  trace check's HTML timeline: a closed span crossing the end of a part is
#                        drawn to the middle of the next event's column (exact geometry)
add_test(NAME cli.html_trace_clip
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/html_trace_clip.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.html_trace_clip PROPERTIES LABELS "cli")
#   cli.fuzz_generate  amc fuzz --generate: the exact inputs a seed gives for every profile
#                      (goldens under tests/data/lead/gen/; --update rewrites them), the list
#                      against the files, --max-len, refusals and usage errors
add_test(NAME cli.fuzz_generate
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/fuzz_generate.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.fuzz_generate PROPERTIES LABELS "cli;fuzz")
#   cli.lead_fuzz_close  amc fuzz kills the adapter it started before it returns (an adapter
#                        that sleeps on after its input closes is dead, not sleeping)
add_test(NAME cli.lead_fuzz_close
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_fuzz_close.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_fuzz_close PROPERTIES LABELS "cli;fuzz")
#   cli.lead_fuzz_cut  amc fuzz stops trying an implementation it cannot reach while it shrinks
#                      a finding (three adapter starts, not one per shrink candidate)
add_test(NAME cli.lead_fuzz_cut
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_fuzz_cut.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_fuzz_cut PROPERTIES LABELS "cli;fuzz")
#   cli.lead_conform_many  amc conform loads every lifecycle scenario of a profile (1,055 here;
#                          it kept the first 1024 it read and dropped the others without a word)
add_test(NAME cli.lead_conform_many
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_conform_many.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_conform_many PROPERTIES LABELS "cli;conform")
#   cli.lead_serve_hold  amc serve --fault no-close frees a held connection when its client
#                        closes it: 256 closed held connections, then a status request answered
add_test(NAME cli.lead_serve_hold
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_serve_hold.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_serve_hold PROPERTIES LABELS "cli")
#   cli.lead_shrink_budget  the shrinker runs exactly its budget of 2000 candidates when none
#                           still fails, not one more
add_test(NAME cli.lead_shrink_budget
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_shrink_budget.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_shrink_budget PROPERTIES LABELS "cli;fuzz")
#   cli.lead_trace_limit  trace check takes 100,000 entities of a kind and stops at the
#                         100,001st with LIMIT_NODES
add_test(NAME cli.lead_trace_limit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_trace_limit.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_trace_limit PROPERTIES LABELS "cli")
#   cli.lead_watch_rewrite  amc watch checks a file again when it is rewritten in place with as
#                           many bytes within the same second (nanoseconds of the times differ)
add_test(NAME cli.lead_watch_rewrite
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_watch_rewrite.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_watch_rewrite PROPERTIES LABELS "cli")
#   cli.lead_probe_split  amc probe through a proxy that sends each reply in two pieces, 0.05 s
#                         apart: every rule passes (a read that finds nothing yet is no reset)
add_test(NAME cli.lead_probe_split
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_probe_split.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_probe_split PROPERTIES LABELS "cli")
#   cli.lead_alloc  (AMC_ALLOC_FAILPOINTS builds) every allocation of validate with two schemas,
#                   lint-schema with --schema, validate with a $ref read through --map-uri fails
#                   once: each run ends as the clean one, or with exit 2 and "out of memory"
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.lead_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_alloc.py
                   $<TARGET_FILE:amc-cli>
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.lead_alloc PROPERTIES LABELS "cli" TIMEOUT 300)
endif()
#   cli.lead_html_nodesc  conform --html: a failed case with an empty description gets no "case"
#                         entry in its card
add_test(NAME cli.lead_html_nodesc
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_html_nodesc.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_html_nodesc PROPERTIES LABELS "cli;conform")
#   cli.lead_fuzz_runs  amc fuzz --runs N runs exactly N inputs (1, 5, 16, 17)
add_test(NAME cli.lead_fuzz_runs
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_fuzz_runs.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_fuzz_runs PROPERTIES LABELS "cli;fuzz")
#   cli.lead_adapter_exit  an adapter that exits at once: status 127 and 128 are exit statuses,
#                          129 is signal 1 (the shell's 128 + N)
add_test(NAME cli.lead_adapter_exit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_adapter_exit.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_adapter_exit PROPERTIES LABELS "cli;conform")
#   cli.lead_fd0  commands that read files (audit, validate, lint-schema, trace check, sign,
#                 parse) give the same output with standard input closed
add_test(NAME cli.lead_fd0
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_fd0.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_fd0 PROPERTIES LABELS "cli")
#   cli.lead_conform_eof  amc conform with its standard input open and closed drives its
#                         adapter and closes the adapter's input at the end
add_test(NAME cli.lead_conform_eof
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_conform_eof.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_conform_eof PROPERTIES LABELS "cli;conform")
#   cli.lead_arena  report merge with JSON Lines records whose sizes meet the merger's string
#                   arena at its 64 KiB and 128 KiB edges: every record byte for byte (under
#                   ASan: no write past the block)
add_test(NAME cli.lead_arena
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_arena.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_arena PROPERTIES LABELS "cli")
#   cli.lead_sock_died  fuzz --socket against a server that answers once and stops listening:
#                       a crash ("it died?"), and the run does not stop as unreachable
add_test(NAME cli.lead_sock_died
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_sock_died.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_sock_died PROPERTIES LABELS "cli;fuzz")
#   cli.lead_lc_unreached  fuzz --lifecycle lists the model items no sequence reached: real
#                          names, by kind, exactly min(12, unreached) of them
add_test(NAME cli.lead_lc_unreached
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_lc_unreached.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_lc_unreached PROPERTIES LABELS "cli;fuzz")
#   cli.lead_adapter_linger  an adapter that lingers after "stop" is killed after 2 s: conform
#                            ends with its verdicts (bounded: 30 s)
add_test(NAME cli.lead_adapter_linger
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_adapter_linger.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_adapter_linger PROPERTIES LABELS "cli;conform")
#   cli.lead_gen_swap  fuzz --generate labels an input "header order" only when it has header
#                      fields to swap (a seed with none: 3000 inputs, seed 5)
add_test(NAME cli.lead_gen_swap
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_gen_swap.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_gen_swap PROPERTIES LABELS "cli;fuzz")
#   cli.lead_fd_limit  conform with standard input closed under RLIMIT_NOFILE 4..12: "Too many
#                      open files" (exit 3) until there are enough descriptors, then a pass
add_test(NAME cli.lead_fd_limit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_fd_limit.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_fd_limit PROPERTIES LABELS "cli;conform")
#   cli.lead_jsonl_mem  validate --jsonl through a 48 MiB line over --max-size: reported too
#                       large, and amc's peak RSS stays within 24 MiB of a run without it
add_test(NAME cli.lead_jsonl_mem
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_jsonl_mem.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_jsonl_mem PROPERTIES LABELS "cli")
#   cli.lead_stfz_cov  fuzz --stateful's coverage line for seeded runs of 1, 2 and 5 sessions
#                      (mailbox, seed 7, amc's adapter), pinned
add_test(NAME cli.lead_stfz_cov
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_stfz_cov.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_stfz_cov PROPERTIES LABELS "cli;fuzz")
#   cli.lead_max_findings  fuzz --max-findings 1 and 2, one job and two: exactly that many
#                          findings written and listed, "stopped: --max-findings N reached"
add_test(NAME cli.lead_max_findings
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_max_findings.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_max_findings PROPERTIES LABELS "cli;fuzz")
#   cli.lead_shrink_tail  a tail of 40 NUL bytes shrinks in as many candidate runs as one of '#'
#                         or '~' (the repetition pass sees a run that ends the input)
add_test(NAME cli.lead_shrink_tail
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_shrink_tail.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_shrink_tail PROPERTIES LABELS "cli;fuzz")
#   cli.lead_many_profiles  conform over a suite of 140 unimplemented profiles: every format lists
#                           all 140 profiles and their unclaimed capabilities (64 and 128 before)
add_test(NAME cli.lead_many_profiles
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_many_profiles.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_many_profiles PROPERTIES LABELS "cli;conform")
#   cli.lead_st_replay_alloc  (AMC_ALLOC_FAILPOINTS builds) each of the first 60 allocations of
#                             fuzz --replay of a --stateful finding fails once: the clean result
#                             or exit 2 "out of memory", never a crash; not labelled 'sweep'
if(AMC_ALLOC_FAILPOINTS)
  add_test(NAME cli.lead_st_replay_alloc
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_st_replay_alloc.py
                   $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
  set_tests_properties(cli.lead_st_replay_alloc PROPERTIES LABELS "cli;fuzz")
endif()
#   cli.lead_probe_many  probe against a server whose replies all differ: SOCKET-LIVE-003 keeps
#                        8 distinct findings and counts the rest ("(N more)")
add_test(NAME cli.lead_probe_many
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_probe_many.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_probe_many PROPERTIES LABELS "cli;live")
#   cli.lead_state_contains  conform: an expected lifecycle state member that is not an object
#                            (true) is not contained in the reported object; a subset is
add_test(NAME cli.lead_state_contains
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_state_contains.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_state_contains PROPERTIES LABELS "cli;conform")
#   cli.lead_sign_tail  sign --write keeps a last line of blanks without a newline byte for byte
add_test(NAME cli.lead_sign_tail
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_sign_tail.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_sign_tail PROPERTIES LABELS "cli")

#   cli.lead_par_ring  validate --jsonl -j 2 with a slow first batch: the other worker fills the
#   ring and waits; the output is -j 1's byte for byte (kills cli_par.c:48 `<` made `<=`)
add_test(NAME cli.lead_par_ring
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_par_ring.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_par_ring PROPERTIES LABELS "cli")
#   cli.lead_exe_path  conform finds no suite beside an executable whose path is 4095 bytes (the
#   location is unknown: readlink may have cut it) and names the place looked at for 4094
add_test(NAME cli.lead_exe_path
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_exe_path.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_exe_path PROPERTIES LABELS "cli;conform")
#   cli.lead_adapter_toolong  fuzz: a reply line of 257 MiB is a garbage reply "reply line too
#   long", not a crash or a hang
add_test(NAME cli.lead_adapter_toolong
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_adapter_toolong.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.lead_adapter_toolong PROPERTIES LABELS "cli;fuzz")
#   cli.lead_probe_oversized  probe's oversized request is exactly --max-request + 1 bytes (or the
#   shortest padded status request when that is smaller)
add_test(NAME cli.lead_probe_oversized
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_probe_oversized.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_probe_oversized PROPERTIES LABELS "cli;live")
#   cli.lead_probe_refused  probe: clients of the concurrent step that cannot connect (a server
#   that stopped accepting) are reported with connect()'s own reason
add_test(NAME cli.lead_probe_refused
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/cli/lead_probe_refused.py
                 $<TARGET_FILE:amc-cli>)
set_tests_properties(cli.lead_probe_refused PROPERTIES LABELS "cli;live")

#   cli.lead_corpus_digest  the JSON, YAML, MIME and date readers' exact results over the fuzz
#   corpora, one digest per corpus (tests/tools/corpus_digest.c, tests/data/lead/corpus-digests.txt)
add_executable(corpus_digest ${PROJECT_SOURCE_DIR}/tests/tools/corpus_digest.c)
target_include_directories(corpus_digest PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(corpus_digest PRIVATE amc_static)
add_test(NAME cli.lead_corpus_digest
         COMMAND corpus_digest ${PROJECT_SOURCE_DIR}
                 ${PROJECT_SOURCE_DIR}/tests/data/lead/corpus-digests.txt)
set_tests_properties(cli.lead_corpus_digest PROPERTIES LABELS "cli;fuzz")
