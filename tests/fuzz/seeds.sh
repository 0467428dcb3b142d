#!/usr/bin/env bash
# Sourced by replay.sh and scripts/fuzz.sh: SEED_DIRS[target] = the read-only folders of valid (and
# known-bad) documents a target starts from. Only files already in the repository: the examples,
# the CLI fixtures, the bad-input corpus, the golden scenarios, the data files, tests/fuzz/seeds/.
# usage: . seeds.sh REPO_ROOT TARGET   -> sets the array SEED_DIRS
root="$1" target="$2"
SEED_DIRS=()
add() { for d in "$@"; do if [ -d "$d" ]; then SEED_DIRS+=("$d"); fi; done; }
case "$target" in
  fuzz_scenario) add "$root/examples" "$root/tests/fuzz/seeds/scenario" "$root/tests/bad_inputs"
                 add "$root/tests/golden/scenarios" ;;
  fuzz_hf_import) add "$root/tests/fuzz/seeds/hf" ;;
  fuzz_catalog) add "$root/data" "$root/tests/fuzz/seeds/catalog" ;;
  fuzz_plan) add "$root/tests/fuzz/seeds/plan" "$root/tests/bad_inputs" ;;        # its plan-* documents
  fuzz_mig_plan) add "$root/tests/fuzz/seeds/mig_plan" "$root/tests/bad_inputs" ;;  # its migplan-* documents
esac
add "$root/tests/fuzz/regressions/$target"
