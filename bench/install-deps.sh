#!/usr/bin/env bash
# bench/install-deps.sh - what the benchmarks need beyond ci/install-deps.sh: Node.js and npm
# (Debian packages) and the peer validators pinned by bench/package-lock.json (ajv 8, ajv-formats,
# @exodus/schemasafe; `npm ci`, into bench/node_modules). Idempotent.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
missing=()
# a Node.js that brings its own npm (e.g. NodeSource's nodejs) counts: only what is absent is asked
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench/install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -d "$HERE/node_modules/ajv" ] || [ ! -d "$HERE/node_modules/@exodus/schemasafe" ] ||
   [ "$HERE/package-lock.json" -nt "$HERE/node_modules/.package-lock.json" ]; then
  echo "bench/install-deps: npm ci (ajv, ajv-formats, @exodus/schemasafe)"
  (cd "$HERE" && npm ci --no-audit --no-fund --silent)
fi
