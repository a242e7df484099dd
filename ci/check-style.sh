#!/usr/bin/env bash
# Style gate: clang-format clean, and no raw malloc/free/printf/exit/abort/atoi in the library
# (src/ outside src/cli/). See STYLE.md 13.
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
if command -v clang-format >/dev/null; then
  for f in $(git ls-files 'src/*.c' 'src/*.h' 'tests/*.c' 'fuzz/*.c'); do
    if ! clang-format --dry-run -Werror "$f" >/dev/null 2>&1; then
      echo "check-style: not clang-formatted: $f (run: clang-format -i $f)"; fail=1
    fi
  done
fi
lib=$(git ls-files 'src/core/*.c' 'src/formats/*.c' 'src/schema/*.c' 'src/profiles/*.c' 'src/lifecycle/*.c' 'src/conform/*.c')
# the allocation wrappers themselves live in src/core/arena.c
banned='\b(malloc|calloc|realloc|free|printf|fprintf|puts|exit|abort|atoi|atol|strtok)\s*\('
for f in $lib; do
  [ "$f" = src/core/arena.c ] && continue
  if grep -nP "$banned" "$f" | grep -vP '^\d+:\s*(\*|//)' ; then
    echo "check-style: banned call in library file $f (use amc_x* / diagnostics)"; fail=1
  fi
done
[ $fail -eq 0 ] && echo "check-style: ok"
exit $fail
