#!/usr/bin/env bash
# Writes the golden reports (tests/golden/reports/NAME.json) from the scenarios in
# tests/golden/scenarios/ with a gpucfg binary: the exact bytes `gpucfg evaluate FILE --format json`
# prints (stdout on success, the errors document on stderr for a scenario it rejects).
# The ONLY thing that writes goldens: the tests compare and never rewrite. After running it,
# review the change like code:  git diff --stat tests/golden; git diff tests/golden
# and commit it with a message saying which numbers moved and why (tests/golden/README.md).
# usage: scripts/golden_update.sh [GPUCFG_BINARY] [--scenarios]
#   --scenarios  also regenerate the scenario set (the built-in examples, examples/*.json, 200
#                seeded random ones and 80 seeded v2 ones (networks, engines, power caps) from
#                scripts/golden_scenarios.py); only when the catalog or the
#                contract gained something the set should cover, since it renames nothing but
#                changes the inputs of every random case.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/native/native_cli/gpucfg}"
[ -x "$bin" ] || { echo "golden_update: build $bin first (cmake --build build/native --target gpucfg)"; exit 1; }
dir=tests/golden
if [ "${2:-}" = --scenarios ] || [ ! -d "$dir/scenarios" ]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  python3 scripts/golden_scenarios.py "$bin" "$tmp" --count 200
  for f in examples/*.json; do cp "$f" "$tmp/file-$(basename "$f")"; done
  rm -rf "$dir/scenarios"; mkdir -p "$dir/scenarios"
  # Compact, sorted keys: small to commit, and a one-line diff per changed scenario.
  python3 - "$tmp" "$dir/scenarios" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(src)):
    with open(os.path.join(src, name), encoding="utf-8") as f:
        doc = json.load(f)
    with open(os.path.join(dst, name), "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n")
PY
fi
rm -rf "$dir/reports"; mkdir -p "$dir/reports"
n=0
for f in "$dir"/scenarios/*.json; do
  name=$(basename "$f")
  set +e
  "$bin" evaluate "$f" --format json >"$dir/reports/$name" 2>"$dir/reports/$name.err"
  rc=$?
  set -e
  case $rc in
    0) rm "$dir/reports/$name.err" ;;
    2) mv "$dir/reports/$name.err" "$dir/reports/$name" ;;
    *) echo "golden_update: $name exits $rc"; cat "$dir/reports/$name.err"; exit 1 ;;
  esac
  n=$((n + 1))
done
echo "golden_update: $n reports written to $dir/reports ($(du -sh "$dir" | cut -f1) in $dir)"
echo "now review: git diff --stat $dir && git diff $dir"
