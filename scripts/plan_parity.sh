#!/usr/bin/env bash
# Byte-identity of the planner across two builds (speed work must not move a number): runs
# `gpucfg plan` in JSON, table and CSV on the four plan presets, the examples with a plan section,
# and every golden scenario given a plan section (training ones need a token budget; inference ones
# take the site's priced GPUs up to 64 GPUs), with BINARY and REFERENCE, and reports every
# difference. Exit 1 on any difference.
# usage: scripts/plan_parity.sh BINARY REFERENCE [COUNT]   (COUNT: golden scenarios, default all)
set -uo pipefail
cd "$(dirname "$0")/.."
bin="$1" ref="$2" count="${3:-100000}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
compare() {  # compare NAME FILE
  local name="$1" file="$2"
  for fmt in json table csv; do
    "$bin" plan "$file" --format "$fmt" >"$tmp/a" 2>&1; echo "exit $?" >>"$tmp/a"
    "$ref" plan "$file" --format "$fmt" >"$tmp/b" 2>&1; echo "exit $?" >>"$tmp/b"
    if ! cmp -s "$tmp/a" "$tmp/b"; then
      echo "DIFF $name ($fmt)"; diff "$tmp/b" "$tmp/a" | head -6; bad=$((bad + 1))
    fi
  done
  n=$((n + 1))
}
for p in edge mid-training large-cluster multi-tenant; do
  "$ref" example "$p" >"$tmp/$p.json"
  compare "example $p" "$tmp/$p.json"
done
# Golden scenarios with a plan section added (python3: the JSON edit only).
python3 - "$tmp/planned" "$count" tests/golden/scenarios/*.json <<'EOF'
import json, os, sys
out, count, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
os.makedirs(out, exist_ok=True)
written = 0
for f in files:
    if written >= count: break
    try: s = json.load(open(f))
    except Exception: continue
    w = s.get("workload", {})
    if w.get("kind", "training") == "training":
        if not (w.get("train_tokens") or w.get("train_steps")): w["train_tokens"] = 1e11
        s.setdefault("plan", {"objective": "cost", "max_gpus": 128})
    else:
        s.setdefault("plan", {"objective": "cost", "max_gpus": 64})
    s["workload"] = w
    json.dump(s, open(os.path.join(out, os.path.basename(f)), "w"))
    written += 1
EOF
for f in "$tmp"/planned/*.json; do compare "golden $(basename "$f")" "$f"; done
echo "plan_parity: $n scenarios x 3 formats, $bad differences"
[ "$bad" -eq 0 ]
