#!/usr/bin/env bash
# Mutation testing: a seeded random sample of small changes to src/, each built in a scratch
# copy of the tree (build/mutate/, never the working tree) and run against the tests that
# execute the mutated line (a test map made during the clean run), fastest first, up to the
# first failure. Prints every mutant's fate and the score. Method, operators and the documented
# large runs: docs/testing.md. Options: ci/mutate.sh --help.
#   ci/mutate.sh                  # 30 mutants, seed 22 (what ci/test.sh runs)
#   ci/mutate.sh -n 300 -s 7      # a bigger sample
#   ci/mutate.sh --only src/formats/jcs.c:124   # the mutants of one line
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 ci/mutate.py "$@"
