#!/usr/bin/env bash
# Fuzzes each libFuzzer target of build/native-asan for SECONDS seconds (CI: scripts/test.sh
# gives each of the five about 12 s), starting from the seed folders of tests/fuzz/seeds.sh, with the contract
# keys as a dictionary. New inputs go to a scratch corpus under build/, never into the repository;
# a finding (crash-*, leak-*, timeout-*, oom-*) stops the run and fails it: fix it, then copy the
# file into tests/fuzz/regressions/TARGET/ so replay keeps it fixed.
# usage: scripts/fuzz.sh [SECONDS] [TARGET...]    env: FUZZ_BUILD (default build/native-asan),
#        FUZZ_RUNS (stop after that many executions instead, e.g. 10000000), FUZZ_TIMEOUT (seconds
#        one input may take, default 10: raise it for long runs beside other work, whose wall clock
#        a starved fuzzer would overrun), FUZZ_FORK (N worker processes sharing the corpus, for
#        long local runs on N cores: libFuzzer's -fork=N, its executions counted over all workers;
#        a timeout, out-of-memory or crash still stops the run as a finding), FUZZ_JOBS_LOG (a file
#        the executions count is appended to)
set -uo pipefail
cd "$(dirname "$0")/.."
secs="${1:-15}"; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(fuzz_scenario fuzz_hf_import fuzz_catalog fuzz_plan fuzz_mig_plan)
build="${FUZZ_BUILD:-build/native-asan}"
root=$(pwd)
status=0
for t in "${targets[@]}"; do
  bin="$build/tests/fuzz/$t"
  [ -x "$bin" ] || { echo "fuzz: $bin not built (cmake --build --preset native-asan)"; exit 1; }
  . tests/fuzz/seeds.sh "$root" "$t"
  work="$build/fuzz/$t"; mkdir -p "$work/corpus" "$work/findings"
  limit=(-max_total_time="$secs")
  [ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
  # Fork mode ignores timeouts and out-of-memory units by default: here they stay findings.
  fork=()
  [ -n "${FUZZ_FORK:-}" ] && fork=(-fork="$FUZZ_FORK" -ignore_timeouts=0 -ignore_ooms=0 -ignore_crashes=0)
  log="$work/log.txt"
  ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" "$bin" "${fork[@]}" "${limit[@]}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
    -max_len=65536 -dict=tests/fuzz/contract.dict -artifact_prefix="$work/findings/" -print_final_stats=1 \
    "$work/corpus" "${SEED_DIRS[@]}" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  # Fork mode prints no final stats: its count of every worker's executions is in its last lines.
  [ -z "$execs" ] && execs=$(grep -o 'INFO: fuzzed for [0-9]* iterations' "$log" | grep -o '[0-9][0-9]*' | tail -1)
  [ -z "$execs" ] && execs=$(grep -o '^#[0-9]*:' "$log" | tr -d '#:' | tail -1)
  bound="${secs}s budget"; [ -n "${FUZZ_RUNS:-}" ] && bound="a limit of $FUZZ_RUNS runs"
  line="fuzz $t: ${execs:-?} executions (${bound}${FUZZ_FORK:+, $FUZZ_FORK workers}), exit $rc"
  echo "$line"; [ -n "${FUZZ_JOBS_LOG:-}" ] && echo "$(date -u +%FT%TZ) $line" >>"$FUZZ_JOBS_LOG"
  if [ $rc -ne 0 ]; then
    status=1
    tail -n 40 "$log"
    ls "$work/findings"
  fi
done
exit $status
