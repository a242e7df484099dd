#!/bin/sh
# Compiler launcher of ci/mutate.py's scratch build (CMAKE_C_COMPILER_LAUNCHER): a source file
# listed in the file $1 (the files of the mutant sample, one absolute path a line) compiles with
# -O0 --coverage, so that the clean run of the suite records which tests execute which of its
# lines (the per-line test map); every other file compiles as CMake says.
list=$1
shift
src=
prev=
for a in "$@"; do
  [ "$prev" = "-c" ] && src=$a
  prev=$a
done
if [ -n "$src" ] && [ -f "$list" ] && grep -qxF -- "$src" "$list"; then
  exec "$@" -O0 --coverage
fi
exec "$@"
