#!/usr/bin/env bash
# README command 2: set up, build, and run every test: the GoogleTest suite natively and under
# node (wasm), the CLI contract tests, the wasm module's API tests and the browser test in
# headless Chromium; then the hardening steps of issue 13: the native ctest again under ASan +
# UBSan (clang-14, which also builds the libFuzzer targets; all but the calibration accuracy gate
# and the runs-and-locales test, tests/CMakeLists.txt says why), each fuzz target briefly,
# determinism across builds. Exits non-zero if anything fails. Each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
# Independent tests run side by side on every core (each makes its own temporary files); the
# browser tests (wasm preset) stay one at a time: on two cores their timeouts are the limit.
jobs=$(nproc 2>/dev/null || echo 2)
step_start=$SECONDS
step() { echo "   (took $((SECONDS - step_start)) s)"; step_start=$SECONDS; echo "== $*"; }
bash scripts/build.sh
export NODE_PATH=/usr/share/nodejs
step "native tests (ctest)"
ctest --preset native -j "$jobs"
step "wasm tests (GoogleTest under node, the API module vs the native CLI, the page in headless Chromium, hardening corpora, size budgets)"
ctest --preset wasm
step "sanitizers: build core, CLI, GoogleTest suite and fuzzers under ASan + UBSan (clang-14)"
cmake --preset native-asan >/dev/null
cmake --build --preset native-asan
step "sanitizers: the native ctest under ASan + UBSan (+ every fuzz seed and past finding)"
ctest --preset native-asan -j "$jobs"
step "fuzzing: each libFuzzer target for ${GPUCFG_FUZZ_SECONDS:-12} s (five targets: about a minute of CPU, two at a time)"
fuzz_secs="${GPUCFG_FUZZ_SECONDS:-12}"
bash scripts/fuzz.sh "$fuzz_secs" fuzz_scenario fuzz_catalog fuzz_mig_plan & fuzz_a=$!
fuzz_b_status=0
bash scripts/fuzz.sh "$fuzz_secs" fuzz_hf_import fuzz_plan || fuzz_b_status=$?
fuzz_a_status=0
wait "$fuzz_a" || fuzz_a_status=$?
[ "$fuzz_a_status" = 0 ] && [ "$fuzz_b_status" = 0 ] || { echo "fuzzing failed"; exit 1; }
step "determinism: -O0 (gcc), -O3 (gcc) and -O1 (clang + ASan) builds give the same bytes"
cmake --preset native-O0 >/dev/null
cmake --build --preset native-O0 --target gpucfg
bash tests/determinism/check.sh tests/golden/scenarios build/native/native_cli/gpucfg \
  build/native-O0/native_cli/gpucfg build/native-asan/native_cli/gpucfg
step "done"
