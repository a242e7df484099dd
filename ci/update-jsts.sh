#!/usr/bin/env bash
# Refreshes tests/external/JSON-Schema-Test-Suite from a checkout of the upstream repository
# (github.com/json-schema-org/JSON-Schema-Test-Suite).
#
# Usage: ci/update-jsts.sh UPSTREAM [COMMIT]
#   UPSTREAM  a git checkout or a bare git directory of the upstream repository
#   COMMIT    the commit to take (default: HEAD of UPSTREAM)
#
# Copies what amc runs and nothing else: tests/{draft2020-12,draft2019-09,draft7,draft6,draft4}
# (required, optional and optional/format), remotes/ (without remotes/draft3 and remotes/v1,
# which only the drafts amc does not implement use) and LICENSE; not bin/, the node package,
# annotations/ or output-tests/. Rewrites the commit recorded in the README. Review the diff,
# run the suites (ctest -R 'schema\.'), adjust tests/schema/expected-failures.txt if a new test
# fails for a reason worth listing, and commit the whole directory in one commit.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
up=$1
rev=${2:-HEAD}
if [ -d "$up/.git" ] || [ -f "$up/.git" ]; then
  gitdir=$(git -C "$up" rev-parse --absolute-git-dir)
elif git --git-dir="$up" rev-parse --git-dir >/dev/null 2>&1; then
  gitdir=$(cd "$up" && pwd)
else
  echo "update-jsts: $up is not a git checkout or git directory" >&2
  exit 2
fi
commit=$(git --git-dir="$gitdir" rev-parse --verify "$rev^{commit}")
date=$(git --git-dir="$gitdir" log -1 --format=%cs "$commit")
dest=tests/external/JSON-Schema-Test-Suite
drafts="draft2020-12 draft2019-09 draft7 draft6 draft4"
for d in $drafts; do
  git --git-dir="$gitdir" rev-parse --verify -q "$commit:tests/$d" >/dev/null ||
    { echo "update-jsts: $commit has no tests/$d" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
paths="LICENSE remotes"
for d in $drafts; do paths="$paths tests/$d"; done
# shellcheck disable=SC2086
git --git-dir="$gitdir" archive --format=tar "$commit" $paths | tar -x -C "$tmp"
rm -rf "$tmp/remotes/draft3" "$tmp/remotes/v1"
# keep our README, replace everything else
mkdir -p "$dest"
find "$dest" -mindepth 1 -maxdepth 1 ! -name README.md -exec rm -rf {} +
cp -R "$tmp/." "$dest/"
if [ -f "$dest/README.md" ]; then
  sed -i -E "s/^(- Commit: )\`[0-9a-f]{40}\` \([0-9-]+\)/\1\`$commit\` ($date)/" "$dest/README.md"
  grep -q "$commit" "$dest/README.md" ||
    { echo "update-jsts: could not record the commit in $dest/README.md" >&2; exit 1; }
fi
echo "update-jsts: $dest is now upstream $commit ($date)"
git status --short -- "$dest" | head -20
