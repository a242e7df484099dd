#!/usr/bin/env bash
# Installs every build and test dependency of amc from Debian's packages. Idempotent: installs
# only what is missing, and runs apt-get update only when something is.
set -euo pipefail
PKGS=(cmake ninja-build gcc clang libclang-rt-14-dev clang-format pkg-config
      libjson-c-dev libyaml-dev libpcre2-dev libssl-dev libcmocka-dev valgrind python3 strace
      python3-jsonschema gcovr nodejs dpkg-dev parallel
      chromium fonts-dejavu-core fonts-noto-cjk)  # chromium, fonts: tests/browser/run_browser.py
      # (issue 20); fonts-noto-cjk: Japanese text in pages and screenshots, not boxes
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PKGS[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
