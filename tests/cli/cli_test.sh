#!/usr/bin/env bash
# The gpucfg binary as a user runs it: exit codes, error paths on stderr, stdin, formats.
set -u
bin="$1"; dir="$2"
fail=0; pass=0
check() {  # check NAME CONDITION...
  local name="$1"; shift
  if "$@"; then pass=$((pass + 1)); else echo "FAIL: $name"; fail=$((fail + 1)); fi
}
json_ok() { python3 -c 'import json,sys; json.load(sys.stdin)'; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

"$bin" evaluate >"$tmp/out" 2>&1; rc=$?
check "evaluate default exits 0" test $rc -eq 0
check "evaluate default prints memory" grep -q "Memory per GPU" "$tmp/out"

"$bin" example | "$bin" evaluate - --format json >"$tmp/report.json"; rc=$?
check "example | evaluate - exits 0" test $rc -eq 0
check "report is JSON" json_ok <"$tmp/report.json"
check "report has schema_version 2" grep -q '"schema_version": 2' "$tmp/report.json"

# contract-v2 "What a build supports": the versions read and the parts implemented.
"$bin" contract --format json >"$tmp/contract.json"; rc=$?
check "contract exits 0" test $rc -eq 0
check "contract lists versions 1 and 2 and the power part" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema_versions"] == [1, 2] and d["report_schema_version"] == 2 and "power" in d["features"], d' "$tmp/contract.json"
sed 's/"schema_version":1/"schema_version":2/' "$dir/../golden/scenarios/example-default.json" | "$bin" evaluate - --format json >/dev/null; rc=$?
check "a version-2 scenario is read" test $rc -eq 0

"$bin" evaluate "$dir/bad.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
check "bad input exits 2" test $rc -eq 2
check "bad input names /cluster/nodes" grep -q '"/cluster/nodes"' "$tmp/err"
check "bad input names /workload/micro_batch" grep -q '"/workload/micro_batch"' "$tmp/err"
check "errors are JSON on stderr" json_ok <"$tmp/err"
check "nothing on stdout for bad input" test ! -s "$tmp/out"

echo 'not json' | "$bin" evaluate - >/dev/null 2>"$tmp/err"; rc=$?
check "garbage on stdin exits 2" test $rc -eq 2
"$bin" evaluate /nonexistent.json >/dev/null 2>&1; rc=$?
check "missing file exits 2" test $rc -eq 2

"$bin" example 13b-a100-oom | "$bin" memory - >"$tmp/out"; rc=$?
check "memory exits 0" test $rc -eq 0
check "13B on one A100 does not fit" grep -q "DOES NOT FIT" "$tmp/out"
"$bin" memory --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert "per_gpu" in d["memory"]'
check "memory json has per_gpu" test $? -eq 0

for cmd in "gpus" "gpu a100-sxm4-80gb" "models" "example --list" "gpus --format json"; do
  $bin $cmd >"$tmp/out" 2>&1; rc=$?
  check "$cmd exits 0" test $rc -eq 0
done
check "gpu shows NVLink 3 for A100" bash -c "'$bin' gpu A100-SXM4-80GB | grep -q NVLink3"
"$bin" gpu V100-SXM3-48GB >/dev/null 2>&1; rc=$?
check "unknown gpu exits 2" test $rc -eq 2
"$bin" --help | grep -q evaluate
check "--help lists commands" test $? -eq 0
"$bin" evaluate --help >/dev/null; rc=$?
check "evaluate --help exits 0" test $rc -eq 0

"$bin" --catalog "$dir/extra_catalog.json" evaluate --format json | grep -q '"per_gpu_hour": 9.99'
check "--catalog override changes the price" test $? -eq 0

"$bin" import-hf "$dir/llama2_7b_config.json" | "$bin" evaluate - --format json |
  python3 -c 'import json,sys; p=json.load(sys.stdin)["setup"]["parameters"]; assert abs(p-6.738e9)/6.738e9 < 0.01, p'
check "import-hf of a Llama-2 7B config gives 6.74 B parameters" test $? -eq 0
echo '{"num_hidden_layers": 2, "hidden_size": 64, "n_routed_experts": 8}' | "$bin" import-hf - >/dev/null 2>"$tmp/err"; rc=$?
check "import-hf of unmappable keys exits 2" test $rc -eq 2
check "import-hf names the unmappable key" grep -q '"/n_routed_experts"' "$tmp/err"

# Power (issue 10): the server catalog, one server, the power section of a scenario.
"$bin" servers >"$tmp/out" 2>&1; rc=$?
check "servers exits 0" test $rc -eq 0
check "servers lists dgx-h100" grep -q "dgx-h100" "$tmp/out"
"$bin" server DGX-H100 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["rated_w"] == 10200 and d["psus"] == 6, d'
check "server dgx-h100 --format json has rated_w 10200 and psus 6" test $? -eq 0
"$bin" server dgx-z9000 >/dev/null 2>"$tmp/err"; rc=$?
check "unknown server exits 2" test $rc -eq 2
check "unknown server is unknown_server" grep -q '"unknown_server"' "$tmp/err"
"$bin" example | python3 -c 'import json,sys; d=json.load(sys.stdin); d["cluster"].update(gpu="A100-PCIe-80GB", server="pcie-8gpu"); d["power"]["node_supply_w"]=2000; print(json.dumps(d))' >"$tmp/pcie.json"
"$bin" power "$tmp/pcie.json" >"$tmp/out"; rc=$?
check "power exits 0" test $rc -eq 0
check "power flags 8 PCIe A100 on a 2000 W supply" grep -q "exceeds its 2000 W supply: 8 GPUs x 345 W" "$tmp/out"
"$bin" power - --format json <"$tmp/pcie.json" | python3 -c 'import json,sys; p=json.load(sys.stdin)["power"]; assert p["node_peak_w"] > 2000 and p["psus_per_node"] >= 1 and 0 < p["throughput_factor"] <= 1, p'
check "power --format json has the contract v2 names" test $? -eq 0
# The cap sweep (query/power_views.h): nine caps across the range, energy relative to the board default.
"$bin" example | "$bin" power - --cap-sweep --format json | python3 -c 'import json,sys; w=json.load(sys.stdin)["power_cap_sweep"]; pts=w["points"]; assert len(pts) == 9 and pts[0]["cap_w"] == w["min_w"] and pts[-1]["cap_w"] == w["max_w"] and all(a["throughput_factor"] <= b["throughput_factor"] for a, b in zip(pts, pts[1:])), w'
check "power --cap-sweep gives nine caps across the range" test $? -eq 0
"$bin" example edge-orin | "$bin" power - --cap-sweep --format json >"$tmp/out" 2>&1; rc=$?
check "power --cap-sweep on an edge module is refused at /power/mode" test $rc -eq 2 -a -n "$(grep -l '"path": "/power/mode"' "$tmp/out")"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["power"]["gpu_cap_w"]=999; print(json.dumps(d))' "$tmp/pcie.json" | "$bin" power - >/dev/null 2>"$tmp/err"; rc=$?
check "a cap outside the board range exits 2" test $rc -eq 2
check "the cap error gives the range" grep -q 'from 150 to 300' "$tmp/err"

# docs/contract.md carries the field table that `gpucfg schema` generates from the code.
"$bin" schema >"$tmp/schema.md"
missing=$(grep -vxF -f "$dir/../../docs/contract.md" "$tmp/schema.md" | head -3)
check "docs/contract.md has every scenario field (run: gpucfg schema) ${missing}" test -z "$missing"

# ... and the report table that `gpucfg schema --report` generates from the report's field list,
# with every key that any example's report emits (array items written /*).
"$bin" schema --report >"$tmp/report_schema.md"
missing=$(grep -vxF -f "$dir/../../docs/contract.md" "$tmp/report_schema.md" | head -3)
check "docs/contract.md has the report table (run: bash scripts/gen_contract_doc.sh) ${missing}" test -z "$missing"
for name in $("$bin" example --list | cut -f1); do
  "$bin" example "$name" | "$bin" evaluate - --format json
done >"$tmp/reports.jsonl"
missing=$(python3 - "$tmp/reports.jsonl" "$dir/../../docs/contract.md" <<'PY'
import json, re, sys
docs = open(sys.argv[2]).read()
text, reports, pos = open(sys.argv[1]).read(), [], 0
decoder = json.JSONDecoder()
while pos < len(text):
    while pos < len(text) and text[pos].isspace(): pos += 1
    if pos == len(text): break
    doc, pos = decoder.raw_decode(text, pos)
    reports.append(doc)
def walk(j, at, out):
    if isinstance(j, dict):
        for k, v in j.items(): out.add(at + "/" + k); walk(v, at + "/" + k, out)
    elif isinstance(j, list):
        for v in j: walk(v, at + "/*", out)
keys = set()
for r in reports: walk(r, "", keys)
print(" ".join(sorted(k for k in keys if "`%s`" % k not in docs)[:3]) if len(reports) > 5 else "too few reports")
PY
)
check "docs/contract.md documents every key the examples' reports emit ${missing}" test -z "$missing"

# roofline, scale, compare and collective write with the report's writer: its names, records and
# rounding (contract v1's required keys included), the same values as `evaluate` at the same keys.
"$bin" example >"$tmp/default.json"
"$bin" evaluate "$tmp/default.json" --format json >"$tmp/default_report.json"
"$bin" example 13b-a100-oom >"$tmp/oom.json"
"$bin" roofline --gpu A100-SXM4-80GB --precision bf16 --scenario "$tmp/default.json" --format json >"$tmp/roof.json"
python3 - "$tmp/roof.json" "$tmp/default_report.json" <<'PY'
import json, sys
roof, report = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for k in ["peak_tflops", "achievable_tflops", "hbm_gbps", "achievable_hbm_gbps", "ridge_flops_per_byte"]:
    assert isinstance(roof[k], (int, float)), k
ceiling = dict(report["performance"]["roofline"]); points = ceiling.pop("points")
assert all(roof[k] == v for k, v in ceiling.items()), "ceiling differs from the report's"
assert roof["points"] == points, "points differ from the report's"
assert "intensity" in points[0] and "compute_bound" in points[0] and "flops_per_byte" not in points[0]
assert all(set(c) == set(ceiling) for c in roof["ceilings"])
PY
check "roofline json: contract keys, the report's ceiling and points" test $? -eq 0
"$bin" scale "$tmp/default.json" --format json >"$tmp/scale.json"
python3 - "$tmp/scale.json" "$tmp/default_report.json" <<'PY'
import json, sys
scale, report = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert scale["scaling"] == report["performance"]["scaling"]
assert scale["scaling_break_gpus"] == report["performance"]["scaling_break_gpus"] and "break_gpus" not in scale
PY
check "scale json: the report's scaling records and scaling_break_gpus" test $? -eq 0
"$bin" compare "$tmp/default.json" "$tmp/oom.json" --format json >"$tmp/compare.json"
python3 - "$tmp/compare.json" "$tmp/default_report.json" <<'PY'
import json, sys
entry, report = json.load(open(sys.argv[1]))["compare"][0], json.load(open(sys.argv[2]))
n = 0
for section in ["setup", "memory", "performance", "cost", "power"]:
    def same(a, b):
        global n
        for k, v in a.items():
            if isinstance(v, dict): same(v, b[k])
            else: assert v == b[k], (section, k); n += 1
    same(entry[section], report[section])
assert n >= 18 and entry["memory"]["per_gpu"]["total_gib"] > 0 and "memory_total_gib" not in entry
PY
check "compare json: report keys at report pointers, same values" test $? -eq 0
"$bin" collective --op allreduce --bytes 1e9 --gpu A100-SXM4-80GB --gpus-per-node 8 --nodes 2 --inter-node ib-hdr --format json |
  python3 -c 'import json,sys; d=json.load(sys.stdin); assert all(d[k] > 0 for k in ["time_s", "algbw_gbps", "busbw_gbps"]); assert d["bytes"] == 1e9'
check "collective json has time_s, algbw_gbps, busbw_gbps" test $? -eq 0
for table in collective catalog contract; do
  "$bin" schema --$table >"$tmp/${table}_schema.md"
  missing=$(grep -vxF -f "$dir/../../docs/contract.md" "$tmp/${table}_schema.md" | head -3)
  check "docs/contract.md has the $table table ${missing}" test -z "$missing"
done

# MIG (contract v2): profiles, validate (exit 0 valid or not, 2 for bad input), plan.
"$bin" mig profiles A100-SXM4-80GB --format json | python3 -c '
import json,sys; d=json.load(sys.stdin); p=d["profiles"][0]
assert all(k in p for k in ["name","compute_slices","memory_slices","memory_gib","sms","max_instances","starts"]), p
assert d["gpu"] == "A100-SXM4-80GB" and d["layouts"]["maximal"]'
check "mig profiles json has the contract keys" test $? -eq 0
"$bin" mig validate A100-SXM4-80GB 1g.10gb 2g.20gb 2g.20gb 1g.10gb 1g.10gb 1g.10gb 1g.10gb --format json >"$tmp/mig.json"; rc=$?
check "mig validate of an invalid layout exits 0" test $rc -eq 0
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["valid"] is False and d["reason"] and d["closest"] and d["placement"] == []' "$tmp/mig.json"
check "mig validate: valid false, reason, closest" test $? -eq 0
"$bin" mig validate A100-SXM4-80GB 3g.40gb 2g.20gb 1g.10gb 1g.10gb --format json |
  python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["valid"] and [p["start"] for p in d["placement"]] == [4, 0, 2, 3], d'
check "mig validate: 3-2-1-1 placed with the 3g at slot 4" test $? -eq 0
"$bin" mig validate A100-SXM4-80GB 1g.10gb 1g.5gb >/dev/null 2>"$tmp/err"; rc=$?
check "mig validate of an unknown profile exits 2" test $rc -eq 2
check "mig validate names /profiles/1" grep -q '"/profiles/1"' "$tmp/err"
"$bin" mig validate L40S-48GB 1g.10gb >/dev/null 2>&1; rc=$?
check "mig validate on a GPU without MIG exits 2" test $rc -eq 2
"$bin" mig compare --format json | python3 -c '
import json,sys; d=json.load(sys.stdin); t={f["topic"] for f in d["facts"]}
assert {"fault_isolation","memory_qos","p2p_nvlink","reconfiguration","max_clients"} <= t, t
assert all(c.strip() in d["sources"] for f in d["facts"] for c in f["source"].split(","))'
check "mig compare lists sourced MIG / MPS / time-slicing facts" test $? -eq 0
"$bin" mig plan "$dir/../../examples/mig-saas-10-tenants.json" --format json |
  python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["gpus_needed"] == d["lower_bound_gpus"] == len(d["gpus"]) == 3 and len(d["tenants"]) == 10, d["gpus_needed"]'
check "mig plan packs the SaaS example onto 3 GPUs" test $? -eq 0
cat "$dir/../../examples/mig-saas-10-tenants.json" | "$bin" mig plan - >"$tmp/out"; rc=$?
check "mig plan - reads stdin (table)" test $rc -eq 0
echo '{"schema_version":2,"mig_plan":{"gpu":"A100-SXM4-80GB","tenants":[{"name":"a","model":"llama2-7b","batch":0}]}}' |
  "$bin" mig plan - >/dev/null 2>"$tmp/err"; rc=$?
check "mig plan bad tenant exits 2 with its path" grep -q '"/mig_plan/tenants/0/batch"' "$tmp/err"
# gpucfg plan (core/planner/): JSON on stdout only, the best re-evaluates to its numbers, errors with paths.
"$bin" example mid-training >"$tmp/plan_in.json"
"$bin" plan "$tmp/plan_in.json" --format json >"$tmp/plan.json" 2>"$tmp/plan_err"; rc=$?
check "plan exits 0" test $rc -eq 0
check "plan writes nothing on stderr when not a terminal" test ! -s "$tmp/plan_err"
python3 - "$tmp/plan.json" "$tmp" "$bin" <<'PY'
import json, subprocess, sys
plan = json.load(open(sys.argv[1]))
assert plan["evaluated"] > 0 and plan["feasible"] > 0 and plan["pareto"]
assert plan["space"] == plan["evaluated"] + sum(p["count"] for p in plan["pruned"])
best = plan["best"]
open(sys.argv[2] + "/best.json", "w").write(json.dumps(best["scenario"]))
report = json.loads(subprocess.run([sys.argv[3], "evaluate", sys.argv[2] + "/best.json", "--format", "json"],
                                   capture_output=True, text=True).stdout)
assert report["performance"]["time_to_train_s"] == best["time_s"], (report["performance"]["time_to_train_s"], best["time_s"])
assert report["setup"]["total_gpus"] == best["gpus"]
PY
check "plan json: counts add up, best re-evaluates to its time and GPUs" test $? -eq 0
"$bin" plan "$tmp/plan_in.json" --format csv | head -1 | grep -q '^role,label,gpu'
check "plan csv has its header" test $? -eq 0
echo '{"schema_version": 1, "cluster": {"gpu": "A100-SXM4-80GB"}, "workload": {"model": "llama2-7b", "train_tokens": 1e9}, "plan": {"gpus": ["nope"]}}' |
  "$bin" plan - >"$tmp/out" 2>"$tmp/err"; rc=$?
check "plan with an unknown GPU exits 2 naming /plan/gpus/0" bash -c "test $rc -eq 2 && grep -q '/plan/gpus/0' '$tmp/err'"

# memory --apply-fix N: the core's ApplyFix (the page's Apply button), a scenario document out.
"$bin" example 13b-a100-oom >"$tmp/oom.json"
last=$("$bin" memory "$tmp/oom.json" --format json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["memory"]["fixes"]) - 1)')
"$bin" memory "$tmp/oom.json" --apply-fix "$last" | "$bin" memory - >"$tmp/fixed.txt"; rc=$?
check "memory --apply-fix (the plan's last step) gives a scenario that fits" bash -c "test $rc -eq 0 && grep -q 'FITS' '$tmp/fixed.txt'"
"$bin" memory "$tmp/oom.json" --apply-fix 99 >"$tmp/out" 2>"$tmp/err"; rc=$?
check "memory --apply-fix 99 exits 2 naming /memory/fixes" bash -c "test $rc -eq 2 && grep -q '/memory/fixes' '$tmp/err'"

echo "cli: $pass passed, $fail failed"
test $fail -eq 0
