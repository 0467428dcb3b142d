#!/usr/bin/env bash
# README command 2: set up, build, and run every test: the GoogleTest suite natively and under
# node (wasm), the CLI contract tests, the wasm module's API tests and the browser test in
# headless Chromium. Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
export NODE_PATH=/usr/share/nodejs
echo "== native tests (ctest)"
ctest --preset native
echo "== wasm tests (GoogleTest under node, the API module vs the native CLI, the page in headless Chromium)"
ctest --preset wasm
