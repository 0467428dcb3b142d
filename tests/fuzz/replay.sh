#!/usr/bin/env bash
# ctest: replays every seed and every past finding (tests/fuzz/regressions/TARGET/) through a
# fuzz target once, no fuzzing. Any crash, leak, timeout or sanitizer report fails the test.
# usage: replay.sh FUZZ_BINARY TESTS_FUZZ_DIR TARGET
set -euo pipefail
bin="$1" dir="$2" target="$3"
root=$(cd "$dir/../.." && pwd)
. "$dir/seeds.sh" "$root" "$target"
files=()
for d in "${SEED_DIRS[@]}"; do
  while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$d" -maxdepth 1 -type f ! -name '*.md' ! -name '*.tsv' -print0 | sort -z)
done
# tests/bad_inputs holds no 10 MB document (its test generates one); add one here too.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ "$target" = fuzz_scenario ]; then
  python3 -c 'import sys; sys.stdout.write("[" * 20000)' >"$tmp/deep.json"
  files+=("$tmp/deep.json")
fi
echo "replay $target: ${#files[@]} inputs"
# -runs=1 per file is implied when files (not folders) are given; -timeout catches hangs.
"$bin" -timeout=10 -rss_limit_mb=2048 "${files[@]}" >"$tmp/log" 2>&1 || { tail -n 60 "$tmp/log"; exit 1; }
echo "replay $target: ok"
