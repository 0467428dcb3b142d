#!/usr/bin/env bash
# Determinism (issue 13): the same scenario gives the same bytes across runs, locales and builds.
# Over the first COUNT scenarios of tests/golden/scenarios (default 100), with the first binary:
# two runs agree, and runs under LC_ALL=C, C.UTF-8 and de_DE.UTF-8 (decimal comma) agree, in both
# the JSON and the table format; every further binary given (another build: -O0, clang + ASan,
# ...) gives the first one's JSON bytes. Exit 77 (ctest: skipped) when de_DE.UTF-8 is not
# installed (scripts/setup.sh generates it).
# usage: check.sh GOLDEN_SCENARIO_DIR BINARY [OTHER_BINARY...]   env: COUNT
set -uo pipefail
dir="$1"; shift
bin="$1"; shift
count="${COUNT:-100}"
if ! locale -a 2>/dev/null | grep -qiE '^de_DE\.utf-?8$'; then
  echo "determinism: locale de_DE.UTF-8 not installed (scripts/setup.sh makes it): skipped"
  exit 77
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bad=0 n=0
run() {  # run OUT BINARY ENV... -- ARGS
  local out="$1" b="$2"; shift 2
  env "$@" "$b" evaluate "$f" $fmt >"$out" 2>&1; echo "exit $?" >>"$out"
}
for f in $(ls "$dir"/*.json | head -n "$count"); do
  n=$((n + 1))
  name=$(basename "$f")
  for fmt in "--format json" "--format table"; do
    run "$tmp/ref" "$bin" LC_ALL=C
    run "$tmp/again" "$bin" LC_ALL=C
    cmp -s "$tmp/ref" "$tmp/again" || { echo "FAIL $name ($fmt): two runs differ"; bad=$((bad + 1)); }
    for loc in C.UTF-8 de_DE.UTF-8; do
      run "$tmp/loc" "$bin" LC_ALL="$loc" LANG="$loc"
      cmp -s "$tmp/ref" "$tmp/loc" || { echo "FAIL $name ($fmt): LC_ALL=$loc differs"; diff "$tmp/ref" "$tmp/loc" | head -5; bad=$((bad + 1)); }
    done
    if [ "$fmt" = "--format json" ]; then
      for other in "$@"; do
        run "$tmp/other" "$other" LC_ALL=C
        cmp -s "$tmp/ref" "$tmp/other" || { echo "FAIL $name: $other differs from $bin"; diff "$tmp/ref" "$tmp/other" | head -6; bad=$((bad + 1)); }
      done
    fi
  done
done
echo "determinism: $n scenarios x (2 runs, 3 locales, 2 formats) + $# other build(s): $bad differences"
[ $bad -eq 0 ]
