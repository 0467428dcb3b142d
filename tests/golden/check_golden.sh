#!/usr/bin/env bash
# ctest golden_native: every scenario of tests/golden/scenarios evaluated by the gpucfg binary
# must give exactly the bytes of its tests/golden/reports/NAME.json (stdout on exit 0, stderr on
# exit 2; any other exit fails). Never writes a golden: a difference fails with the diff, and the
# fix is either the code or a reviewed `scripts/golden_update.sh` (tests/golden/README.md).
# usage: check_golden.sh GPUCFG_BINARY GOLDEN_DIR
set -uo pipefail
bin="$1" dir="$2"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for f in "$dir"/scenarios/*.json; do
  name=$(basename "$f")
  n=$((n + 1))
  "$bin" evaluate "$f" --format json >"$tmp/out" 2>"$tmp/err"; rc=$?
  case $rc in
    0) got="$tmp/out" ;;
    2) got="$tmp/err" ;;
    *) echo "FAIL $name: exit $rc"; tail -n 20 "$tmp/err"; bad=$((bad + 1)); continue ;;
  esac
  if [ ! -f "$dir/reports/$name" ]; then
    echo "FAIL $name: no golden report (run scripts/golden_update.sh, review, commit)"; bad=$((bad + 1))
  elif ! cmp -s "$got" "$dir/reports/$name"; then
    bad=$((bad + 1))
    if [ $bad -le 5 ]; then
      echo "FAIL $name differs from its golden report:"
      diff "$dir/reports/$name" "$got" | head -n 20
    else
      echo "FAIL $name differs"
    fi
  fi
done
for g in "$dir"/reports/*.json; do
  [ -f "$dir/scenarios/$(basename "$g")" ] || { echo "FAIL $(basename "$g"): golden report without a scenario"; bad=$((bad + 1)); }
done
echo "golden: $n scenarios, $bad differ"
if [ $bad -gt 0 ]; then
  echo "If the change is intended: scripts/golden_update.sh, then review 'git diff tests/golden' and commit it."
  exit 1
fi
