#!/usr/bin/env python3
"""Scores the gpucfg CLI against the published measurements in tests/calibration/cases/*.json.

Each case holds a scenario (only the fields that differ from the defaults) or, for collectives,
the flags of `gpucfg collective`; a JSON pointer into the CLI's JSON output; and the measured
value with its unit and source. This script runs the CLI once per case and prints, per class and
per half (tune / check), n, how many could be evaluated, the median and 90th-percentile absolute
relative error and the signed median (bias). Errors are model/measured - 1 of the metric as the
case states it: for a throughput + means the model reads fast, for a time + means it reads slow.

    python3 scripts/calibration_report.py BIN [--class C] [--half tune|check|all] [--json]
                                              [--verbose] [--gate-check-factor F] [--cases DIR]

Halves are fixed per case in the files ("half"), set once by the rule in HalfByRule (first byte of
sha1(id) even = tune) so a case never moves; `--assign-halves` writes the rule into files whose
cases lack it. A case whose scenario names a field this build does not know yet (one of its
"optional_fields", by default /workload/engine) is evaluated without it and counted as
"degraded"; any other input error makes it "not evaluable" (listed, never hidden).
"""

import argparse
import concurrent.futures
import copy
import hashlib
import json
import math
import os
import subprocess
import sys

CLASSES = [
    "megatron_training", "fsdp_training", "deepspeed_training", "long_context", "fsdp_memory",
    "hf_inference_memory", "hf_generate", "vllm_serving", "trtllm_inference",
    "short_prompt_latency", "collectives", "networks", "network_training", "finetune", "mig", "power",
]
CASE_KEYS_REQUIRED = ["id", "half", "source", "notes", "metric", "measured", "unit"]
CASE_KEYS_ALLOWED = set(CASE_KEYS_REQUIRED) | {
    "scenario", "collective", "origin", "optional_fields", "configuration"}
DEFAULT_OPTIONAL_FIELDS = ["/workload/engine"]
COLLECTIVE_FLAGS = {"op", "bytes", "gpu", "gpus_per_node", "nodes", "intra_node", "inter_node",
                    "nics_per_node", "algorithm"}
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASES = os.path.join(os.path.dirname(HERE), "tests", "calibration", "cases")


def HalfByRule(case_id):
    """The fixed split: first byte of sha1(id) even = tune, odd = check."""
    return "tune" if hashlib.sha1(case_id.encode("utf-8")).digest()[0] % 2 == 0 else "check"


# [SECTION] Units ---------------------------------------------------------------------------------

TIME = {"s": 1.0, "ms": 1e-3, "us": 1e-6}
BYTES = {"GiB": 1.0, "GB": 1e9 / 2**30, "MiB": 1.0 / 1024, "MB": 1e6 / 2**30}


def ConvertFromReport(value, pointer, unit):
    """The report's value at `pointer` in the case's `unit` (report units follow the key suffix)."""
    key = pointer.rsplit("/", 1)[-1]
    if key.endswith("_s") and unit in TIME:
        return value / TIME[unit]
    if key.endswith("_gib") and unit in BYTES:
        return value / BYTES[unit]
    if key in ("mfu", "hfu", "efficiency", "bubble_fraction", "comm_fraction") and unit == "%":
        return value * 100.0
    return value


def Resolve(doc, pointer):
    """RFC 6901 JSON pointer; None when absent."""
    if pointer == "":
        return doc
    cur = doc
    for raw in pointer.lstrip("/").split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(cur, list):
            if not token.isdigit() or int(token) >= len(cur):
                return None
            cur = cur[int(token)]
        elif isinstance(cur, dict):
            if token not in cur:
                return None
            cur = cur[token]
        else:
            return None
    return cur


def RemovePointer(doc, pointer):
    parts = [t.replace("~1", "/").replace("~0", "~") for t in pointer.lstrip("/").split("/")]
    cur = doc
    for token in parts[:-1]:
        if not isinstance(cur, dict) or token not in cur:
            return False
        cur = cur[token]
    if isinstance(cur, dict) and parts[-1] in cur:
        del cur[parts[-1]]
        return True
    return False


# [SECTION] Loading and checking the case files ---------------------------------------------------

def LoadCases(directory, problems):
    """All cases of all class files, each with its class; file problems appended to `problems`."""
    cases = []
    seen = set()
    present = set()
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            problems.append(f"{name}: not readable JSON ({e})")
            continue
        cls = doc.get("class")
        if doc.get("schema_version") != 1:
            problems.append(f"{name}: schema_version must be 1")
        if cls not in CLASSES:
            problems.append(f"{name}: class {cls!r} is not one of {', '.join(CLASSES)}")
            continue
        if name != cls + ".json":
            problems.append(f"{name}: a class file is named <class>.json ({cls}.json)")
        present.add(cls)
        for i, case in enumerate(doc.get("cases", [])):
            where = f"{name} case {i} ({case.get('id', '?')})"
            for key in CASE_KEYS_REQUIRED:
                if key not in case:
                    problems.append(f"{where}: missing \"{key}\"")
            for key in case:
                if key not in CASE_KEYS_ALLOWED:
                    problems.append(f"{where}: unknown key \"{key}\"")
            if ("scenario" in case) == ("collective" in case):
                problems.append(f"{where}: needs exactly one of \"scenario\" or \"collective\"")
            if "collective" in case:
                for key in case["collective"]:
                    if key not in COLLECTIVE_FLAGS:
                        problems.append(f"{where}: collective flag \"{key}\" unknown")
            cid = case.get("id", "")
            if cid in seen:
                problems.append(f"{where}: duplicate id")
            seen.add(cid)
            if case.get("half") not in ("tune", "check"):
                problems.append(f"{where}: half must be tune or check")
            elif cid and case["half"] != HalfByRule(cid):
                problems.append(f"{where}: half {case['half']} differs from the rule ({HalfByRule(cid)})")
            m = case.get("measured")
            if not isinstance(m, (int, float)) or isinstance(m, bool) or not m > 0:
                problems.append(f"{where}: measured must be a positive number")
            if not str(case.get("source", "")).strip():
                problems.append(f"{where}: empty source")
            if not str(case.get("metric", "")).startswith("/"):
                problems.append(f"{where}: metric must be a JSON pointer")
            c = dict(case)
            c["class"] = cls
            cases.append(c)
    for cls in CLASSES:
        if cls not in present:
            problems.append(f"no case file for class {cls}")
    return cases


def AssignHalves(directory):
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(directory, name)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        changed = False
        for case in doc.get("cases", []):
            if "half" not in case and "id" in case:
                case["half"] = HalfByRule(case["id"])
                changed = True
        if changed:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=1, ensure_ascii=False)
                f.write("\n")
            print(f"assigned halves in {name}")


# [SECTION] Running the CLI -----------------------------------------------------------------------

def RunCli(binary, args, stdin_text):
    try:
        p = subprocess.run([binary] + args, input=stdin_text, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None, "the CLI ran past 20 s", -1
    out = p.stdout if p.returncode == 0 else (p.stderr or p.stdout)
    try:
        doc = json.loads(out)
    except ValueError:
        doc = None
    return doc, (p.stderr or p.stdout).strip()[:400], p.returncode


def Evaluate(binary, case):
    """One case -> dict with status evaluated | degraded | not_evaluable, model value, error."""
    result = {"id": case["id"], "class": case["class"], "half": case["half"],
              "measured": case["measured"], "unit": case["unit"], "metric": case["metric"]}
    dropped = []
    if "collective" in case:
        flags = dict(case["collective"])
        optional = [p.rsplit("/", 1)[-1] for p in case.get("optional_fields", []) if p.startswith("/collective/")]
        while True:
            args = ["collective", "--format", "json"]
            for key, value in flags.items():
                args += ["--" + key.replace("_", "-"), str(value)]
            doc, message, rc = RunCli(binary, args, None)
            if rc == 0 and doc is not None:
                break
            # A flag this build does not know (CLI11: "The following argument was not expected").
            unknown = [k for k in optional if k in flags and "--" + k.replace("_", "-") in message]
            if not unknown:
                result.update(status="not_evaluable", reason=f"collective exit {rc}: {message}")
                return result
            for k in unknown:
                del flags[k]
                dropped.append("/collective/" + k)
    else:
        scenario = copy.deepcopy(case["scenario"])
        scenario.setdefault("schema_version", 1)
        optional = case.get("optional_fields", DEFAULT_OPTIONAL_FIELDS)
        while True:
            doc, message, rc = RunCli(binary, ["evaluate", "-", "--format", "json"], json.dumps(scenario))
            if rc == 0 and doc is not None:
                break
            errors = doc.get("errors", []) if isinstance(doc, dict) else []
            unknown = [e.get("path", "") for e in errors if e.get("code") == "unknown_key"]
            others = [e for e in errors if e.get("code") != "unknown_key"]
            droppable = [p for p in unknown if p in optional and p not in dropped]
            if rc == 2 and errors and not others and len(droppable) == len(unknown) and droppable:
                for p in droppable:
                    RemovePointer(scenario, p)
                    dropped.append(p)
                continue
            errors.sort(key=lambda e: e.get("path", "") in optional)  # the blocking ones first
            reasons = "; ".join(f"{e.get('path', '')}: {e.get('message', '')}"[:160] for e in errors)
            result.update(status="not_evaluable", reason=f"evaluate exit {rc}: {reasons or message}")
            return result
    value = Resolve(doc, case["metric"])
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        result.update(status="not_evaluable", reason=f"no number at {case['metric']} in the output")
        return result
    model = ConvertFromReport(float(value), case["metric"], case["unit"])
    result.update(status="degraded" if dropped else "evaluated", model=model,
                  error=model / case["measured"] - 1.0, dropped=dropped)
    if model <= 0:
        result.update(status="not_evaluable", reason=f"the model gives {model} (no prediction)")
    return result


# [SECTION] Statistics ----------------------------------------------------------------------------

def Quantile(values, q):
    """Nearest-rank quantile (p90 of 5 values is the largest); None when empty."""
    if not values:
        return None
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q * len(s)) - 1))
    return s[k]


def Median(values):
    if not values:
        return None
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def Summarise(results, cls, half):
    rows = [r for r in results if r["class"] == cls and (half == "all" or r["half"] == half)]
    ok = [r for r in rows if r["status"] != "not_evaluable"]
    errs = [r["error"] for r in ok]
    return {"class": cls, "half": half, "n": len(rows), "evaluable": len(ok),
            "degraded": sum(1 for r in ok if r["status"] == "degraded"),
            "median_abs_error": Median([abs(e) for e in errs]),
            "p90_abs_error": Quantile([abs(e) for e in errs], 0.9),
            "bias": Median(errs),
            "median_factor": Median([max(1 + e, 1 / (1 + e)) for e in errs]),
            "not_evaluable": [r["id"] for r in rows if r["status"] == "not_evaluable"]}


def Pct(x):
    return "     -" if x is None else f"{100 * x:+5.0f}%" if x < 0 else f"{100 * x:5.0f}%"


# [SECTION] Main ----------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", nargs="?", help="the gpucfg CLI")
    ap.add_argument("--cases", default=DEFAULT_CASES, help="folder of <class>.json files")
    ap.add_argument("--class", dest="cls", choices=CLASSES, help="one class only")
    ap.add_argument("--half", default="all", choices=["tune", "check", "all"])
    ap.add_argument("--json", action="store_true", help="the summary and every case as JSON")
    ap.add_argument("--verbose", action="store_true", help="each case's error")
    ap.add_argument("--gate-check-factor", type=float, default=None,
                    help="exit 1 when a check-half class is off by more than this factor in the median "
                         "(median of max(model/measured, measured/model))")
    ap.add_argument("--assign-halves", action="store_true", help="write the rule's half into cases lacking one")
    ap.add_argument("--jobs", type=int, default=4)
    a = ap.parse_args()

    if a.assign_halves:
        AssignHalves(a.cases)
        return 0
    if not a.binary:
        ap.error("BIN (the gpucfg CLI) is required")
    problems = []
    cases = LoadCases(a.cases, problems)
    selected = [c for c in cases if (a.cls is None or c["class"] == a.cls)
                and (a.half == "all" or c["half"] == a.half)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(lambda c: Evaluate(a.binary, c), selected))

    classes = [a.cls] if a.cls else CLASSES
    halves = [a.half] if a.half != "all" else ["tune", "check", "all"]
    summary = [Summarise(results, cls, h) for cls in classes for h in halves]

    gate_failures = []
    if a.gate_check_factor is not None:
        for s in summary:
            if s["half"] == "check" and s["median_factor"] is not None and s["median_factor"] > a.gate_check_factor:
                gate_failures.append(f"{s['class']}: the check half is off by a factor {s['median_factor']:.2f} "
                                     f"in the median (bound {a.gate_check_factor:g})")

    if a.json:
        print(json.dumps({"summary": summary, "cases": results, "problems": problems,
                          "gate_failures": gate_failures}, indent=1))
    else:
        print(f"{'class':<22} {'half':<6} {'n':>3} {'eval':>4} {'degr':>4} {'median':>6} {'p90':>6} {'bias':>6}")
        for s in summary:
            print(f"{s['class']:<22} {s['half']:<6} {s['n']:>3} {s['evaluable']:>4} {s['degraded']:>4} "
                  f"{Pct(s['median_abs_error'])} {Pct(s['p90_abs_error'])} {Pct(s['bias'])}")
        n_all = len(results)
        n_ok = sum(1 for r in results if r["status"] != "not_evaluable")
        print(f"\n{n_all} cases, {n_ok} evaluable ({sum(1 for r in results if r['status'] == 'degraded')} "
              f"degraded: a field this build does not know was left out), {n_all - n_ok} not evaluable.")
        print("error = model/measured - 1 of each case's metric (throughput: + reads fast; time: + reads slow)")
        for s in summary:
            if s["half"] != halves[-1] or not s["not_evaluable"] or a.verbose or a.cls:
                continue
            first = next(r for r in results if r["id"] == s["not_evaluable"][0])
            print(f"  {s['class']}: {len(s['not_evaluable'])} not evaluable (e.g. {first['id']}: {first['reason'][:110]})")
        for r in results:
            if r["status"] == "not_evaluable" and (a.verbose or a.cls):
                print(f"  not evaluable {r['id']}: {r['reason']}")
        if a.verbose:
            print()
            for r in sorted(results, key=lambda r: (CLASSES.index(r["class"]), r["half"], r["id"])):
                if r["status"] == "not_evaluable":
                    continue
                tag = " (without " + ", ".join(r["dropped"]) + ")" if r["dropped"] else ""
                print(f"  {r['class']:<20} {r['half']:<5} {r['id']:<52} model {r['model']:11.4g} "
                      f"measured {r['measured']:11.4g} {r['unit']:<10} {100 * r['error']:+7.1f}%{tag}")
        for p in problems:
            print("PROBLEM:", p)
        for g in gate_failures:
            print("GATE:", g)
    return 1 if problems or gate_failures else 0


if __name__ == "__main__":
    sys.exit(main())
