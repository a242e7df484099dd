#!/usr/bin/env bash
# Builds the Debian package with CPack and checks it the way a user meets it:
#   1. the package's metadata (name, version, runtime dependencies) and contents (tool, library,
#      headers, man page, schemas, the conformance kit);
#   2. installed with dpkg into a temporary root (no root rights, nothing touches the system);
#   3. that installed amc prints its version, lists its embedded schemas, and, from an unrelated
#      folder with no ./conformance, finds its installed suite and scores its own reference
#      adapter CONFORMANT.
# Usage: ci/package.sh [BUILD_DIR]   (default build/package; an existing build is reused)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${1:-build/package}
case "$BUILD" in /*) ;; *) BUILD="$ROOT/$BUILD" ;; esac
JOBS=$(nproc 2>/dev/null || echo 2)
[ "$JOBS" -gt 2 ] && JOBS=2
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMC_BUILD_TESTS=OFF >/dev/null
fi
ninja -C "$BUILD" -j"$JOBS" >/dev/null
rm -f "$BUILD"/amc_*.deb
(cd "$BUILD" && cpack -G DEB >/dev/null)
deb=$(ls "$BUILD"/amc_*.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
fail() { echo "ci/package.sh: $*" >&2; exit 1; }

# 1. metadata and contents
info=$(dpkg-deb --info "$deb")
version=$(sed -n 's/^project(amc VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
grep -q "^ Package: amc$" <<<"$info" || fail "package name"
grep -q "^ Version: $version$" <<<"$info" || fail "version is not $version"
for dep in libjson-c libyaml libpcre2-8 libssl; do
  grep -q "^ Depends:.*$dep" <<<"$info" || fail "Depends lacks $dep: $(grep Depends <<<"$info")"
done
contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for f in ./usr/bin/amc ./usr/include/amc/amc.h ./usr/include/amc/conform.h ./usr/lib/libamc.a \
         ./usr/share/man/man1/amc.1 ./usr/share/amc/schemas/mailbox/mailbox-envelope.v1.schema.json \
         ./usr/share/amc/conformance/PROTOCOL.md ./usr/share/amc/conformance/REPORT.md \
         ./usr/share/amc/conformance/protocol/report.schema.json \
         ./usr/share/amc/conformance/mailbox/cases.json ./usr/share/amc/conformance/socket/lifecycle/happy-path.json \
         ./usr/share/amc/conformance/adapters/python/adapter.py \
         ./usr/share/amc/conformance/adapters/node/adapter.mjs; do
  grep -qx -- "$f" <<<"$contents" || fail "the package lacks $f"
done
files=$(dpkg-deb --contents "$deb" | awk '$1 ~ /^-/ {print $NF}')
n=$(grep -c '^./usr/share/amc/conformance/.*/inputs/' <<<"$files")
src=$(find conformance -path '*/inputs/*' -type f | wc -l)
[ "$n" -eq "$src" ] || fail "$n fixture input entries in the package, $src in the tree"
if grep -q '__pycache__\|\.gitattributes' <<<"$contents"; then fail "stray files in the package"; fi
echo "contents: ok ($(wc -l <<<"$contents") entries)"

# 2. install into a temporary root with dpkg itself
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$tmp/elsewhere"
touch "$root/var/lib/dpkg/status"
# (the empty root has none of the runtime dependencies: dpkg is told to go on, and says so)
dpkg --root="$root" --force-not-root --force-depends --force-script-chrootless \
     --log=/dev/null -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "dpkg -i"; }
dpkg --root="$root" -s amc | grep -q '^Status: install ok installed' || fail "dpkg install"
echo "dpkg install into $root: ok; $(grep '^ Depends:' <<<"$info" | sed 's/^ //')"
AMC="$root/usr/bin/amc"

# 3. the installed tool
"$AMC" version | head -1 | grep -qx "amc $version" || fail "amc version"
"$AMC" version | head -1
"$AMC" schemas list adapter-protocol/ | grep -q '^adapter-protocol/report.schema.json ' ||
  fail "amc schemas list"
out=$(cd "$tmp/elsewhere" && env -u AMC_CONFORMANCE_DIR "$AMC" conform --impl "'$AMC' adapter" --profile socket --profile mailbox) ||
  fail "installed amc conform: exit $?"$'\n'"$out"
grep -q "^suite: $root/usr/share/amc/conformance$" <<<"$out" || fail "installed suite not used:"$'\n'"$out"
grep -q "^verdict: CONFORMANT: measured 268 of 268 cases" <<<"$out" || fail "verdict:"$'\n'"$out"
tail -2 <<<"$out"
echo "ci/package.sh: ok"
