#!/usr/bin/env bash
# README command 1: set up, build, show the CLI on its built-in default scenario, then serve the
# configurator page on http://127.0.0.1:PORT (default 8080; PORT=... to change). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
echo
./build/native/native_cli/gpucfg evaluate
echo
echo "CLI: ./build/native/native_cli/gpucfg --help   (evaluate, memory, example, gpus, models, ...)"
exec node scripts/serve.mjs --port "${PORT:-8080}"
