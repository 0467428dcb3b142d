#!/usr/bin/env bash
# Evaluates every scenario of a folder with a gpucfg binary and writes each report (or error
# document) next to the others in OUT_DIR, so that two runs can be compared with `diff -r`.
# usage: golden_run.sh GPUCFG_BINARY SCENARIO_DIR OUT_DIR
set -uo pipefail
bin="$1" in="$2" out="$3"
mkdir -p "$out"
for f in "$in"/*.json; do
  name=$(basename "$f")
  "$bin" evaluate "$f" --format json >"$out/$name" 2>&1
  echo "exit $?" >>"$out/$name"
done
echo "golden_run: $(ls "$in"/*.json | wc -l) scenarios -> $out"
