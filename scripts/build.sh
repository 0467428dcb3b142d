#!/usr/bin/env bash
# Sets up (idempotent), then builds the native CLI/tests/benchmarks and the wasm module + page.
# All compiler and linker flags live in CMake; this only picks the presets.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export NODE_PATH=/usr/share/nodejs   # Emscripten 3.1.6 under Node 20 needs Debian's node modules
cmake --preset native >/dev/null
cmake --build --preset native
cmake --preset wasm >/dev/null
cmake --build --preset wasm
