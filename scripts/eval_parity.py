#!/usr/bin/env python3
"""Byte-identity of two builds of the CLI on many scenarios (a refactor or speed work must not move
a number): the examples, every golden scenario, every bad input, and COUNT random scenarios made by
mutating the goldens (GPU, counts, fabric, split, batch, precision, engine, MIG, power, pricing),
each through `evaluate` (json and table), `memory`, `power` and `scale`, plus the roofline and
collective verbs over every GPU. Prints each difference; exit 1 on any.
usage: scripts/eval_parity.py BINARY REFERENCE [COUNT] [SEED]
"""
import glob, json, os, random, subprocess, sys, tempfile

def run(binary, args, stdin=None):
    p = subprocess.run([binary] + args, input=stdin, capture_output=True, timeout=120)
    return p.stdout + b"\n--stderr--\n" + p.stderr + b"\nexit %d" % p.returncode

def main():
    bin_, ref = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    gpus = [g["id"] for g in json.loads(subprocess.run([ref, "gpus", "--format", "json"], capture_output=True).stdout)["gpus"]]
    goldens = sorted(glob.glob(os.path.join(root, "tests/golden/scenarios/*.json")))
    docs = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "examples/*.json")))]
    docs += [open(p, "rb").read() for p in goldens]
    docs += [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(root, "tests/bad_inputs/*.json")))]
    base = [json.load(open(p)) for p in goldens]
    for _ in range(count):
        s = json.loads(json.dumps(rng.choice(base)))
        c, w, par = s.setdefault("cluster", {}), s.setdefault("workload", {}), s.setdefault("parallelism", {})
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(12)
            if k == 0: c["gpu"] = rng.choice(gpus)
            elif k == 1: c["gpus_per_node"] = rng.choice([1, 2, 4, 8])
            elif k == 2: c["nodes"] = rng.choice([1, 2, 4, 16, 64])
            elif k == 3: par["tp"] = rng.choice([1, 2, 4, 8])
            elif k == 4: par["pp"] = rng.choice([1, 2, 4])
            elif k == 5: par["zero"] = rng.choice([0, 1, 2, 3])
            elif k == 6: w["batch"] = rng.choice([1, 4, 16, 64, 256])
            elif k == 7: w["precision"] = rng.choice(["bf16", "fp16", "fp8", "int8", "int4"])
            elif k == 8: w["micro_batch"] = rng.choice([1, 2, 4, 8])
            elif k == 9: s.setdefault("power", {})["gpu_cap_w"] = rng.choice([0, 250, 300, 500])
            elif k == 10: s.setdefault("pricing", {})["currency"] = rng.choice(["USD", "CNY"])
            else: w["seq_len"] = rng.choice([512, 2048, 8192, 32768])
        docs.append(json.dumps(s).encode())
    tmp = tempfile.mkdtemp()
    diffs = runs = 0
    def same(args, stdin=None):
        nonlocal diffs, runs
        a, b = run(bin_, args, stdin), run(ref, args, stdin)
        runs += 1
        if a != b:
            diffs += 1
            if diffs <= 20:
                print("DIFF", " ".join(args), (stdin or b"")[:120])
    for d in docs:
        for verb in (["evaluate", "-", "--format", "json"], ["evaluate", "-"], ["memory", "-"], ["power", "-"],
                     ["scale", "-", "--format", "csv"]):
            same(verb, d)
    for g in gpus:
        same(["roofline", "--gpu", g, "--precision", "bf16", "--format", "json"])
        same(["collective", "--op", "allreduce", "--gpu", g, "--gpus-per-node", "8", "--nodes", "2",
              "--inter-node", "ib-ndr", "--format", "json"])
        same(["gpu", g])
    print(f"eval_parity: {len(docs)} documents ({count} random), {runs} runs, {diffs} differences")
    return 1 if diffs else 0

if __name__ == "__main__":
    sys.exit(main())
