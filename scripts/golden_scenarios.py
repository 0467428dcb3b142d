#!/usr/bin/env python3
"""Writes the built-in examples and N seeded random scenarios into a folder, one JSON file each.

Used to prove that a change which should not move any number leaves every report byte-identical
(scripts/golden_run.sh evaluates a folder; diff two runs), and as the golden set of the tests.
The generator only uses ids the CLI lists, so the set follows the catalog; a few scenarios are
deliberately invalid (bad splits) so the error reports are covered too.

A second, independently seeded set covers contract v2's workloads: the catalog networks (training
and inference, every precision) and engine profiles, power caps and allocator reserves on both
networks and transformers, so a change to those models shows in the goldens too.

usage: golden_scenarios.py GPUCFG_BINARY OUT_DIR [--count N] [--v2-count N] [--seed S]
"""
import argparse
import json
import os
import random
import subprocess


def cli_json(binary, *args):
    return json.loads(subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout)


def random_scenario(rng, base, gpus, models, networks):
    s = json.loads(json.dumps(base))
    c, w, p = s["cluster"], s["workload"], s["parallelism"]
    c["gpu"] = rng.choice(gpus)
    c["gpus_per_node"] = rng.choice([1, 2, 4, 8, 8, 8, 16])
    c["nodes"] = rng.choice([1, 1, 2, 4, 16, 64, 128])
    c["intra_node"] = rng.choice(["", "", "pcie", "nvlink-bridge", "nvswitch"])
    c["inter_node"] = "none" if c["nodes"] == 1 else rng.choice(networks)
    c["nics_per_node"] = rng.choice([0, 0, 1, 4, 8])
    w["model"] = rng.choice(models)
    w["kind"] = rng.choice(["training", "training", "inference"])
    w["precision"] = rng.choice(["bf16", "bf16", "fp16", "fp8", "fp32", "tf32"])
    w["seq_len"] = rng.choice([512, 2048, 4096, 8192, 32768])
    w["micro_batch"] = rng.choice([1, 1, 2, 4, 8])
    w["global_batch"] = rng.choice([64, 512, 1010, 1536, 4096])
    w["optimizer"] = rng.choice(["adamw", "adam", "sgd", "adam-8bit", "lion"])
    w["train_tokens"] = rng.choice([0, 1e9, 3e11])
    w["flash_attention"] = rng.random() < 0.8
    w["batch"] = rng.choice([1, 4, 32, 256])
    w["prompt_tokens"] = rng.choice([128, 512, 2048])
    w["output_tokens"] = rng.choice([1, 128, 512])
    w["weight_precision"] = rng.choice(["bf16", "int8", "int4", "fp8"])
    w["kv_precision"] = rng.choice(["bf16", "fp8", "int8"])
    total = c["gpus_per_node"] * c["nodes"]
    p["tp"] = rng.choice([t for t in [1, 2, 4, 8] if t <= c["gpus_per_node"]] or [1])
    rest = max(1, total // p["tp"])
    p["pp"] = rng.choice([q for q in [1, 1, 2, 4, 8, 16] if rest % q == 0])
    p["cp"] = rng.choice([1, 1, 1, 2]) if (rest // p["pp"]) % 2 == 0 else 1
    p["dp"] = 0 if rng.random() < 0.95 else rng.choice([1, 3])
    p["zero"] = rng.choice([0, 1, 2, 3])
    p["sequence_parallel"] = p["tp"] > 1 and rng.random() < 0.5
    p["recompute"] = rng.choice(["none", "selective", "full"])
    p["interleave"] = rng.choice([1, 2]) if p["pp"] > 1 else 1
    s["pricing"]["currency"] = rng.choice(["USD", "CNY"])
    if rng.random() < 0.1:
        s["speed"]["sustained_efficiency"] = rng.choice([0.7, 1.0])
    if rng.random() < 0.1:
        s["memory"]["fragmentation"] = rng.choice([0.0, 0.3])
    return s


ENGINES = ["", "", "megatron", "deepspeed", "fsdp", "pytorch", "tensorflow", "paddle", "hf",
           "vllm", "sglang", "trt-llm", "tensorrt", "onnxruntime"]


def random_v2_scenario(rng, base, gpus, models, nets):
    """A network or an engine-profiled transformer; some combinations are rejected on purpose."""
    s = json.loads(json.dumps(base))
    c, w, p = s["cluster"], s["workload"], s["parallelism"]
    c["gpu"] = rng.choice(gpus)
    c["gpus_per_node"] = rng.choice([1, 1, 2, 4, 8])
    c["nodes"] = rng.choice([1, 1, 1, 2, 4])
    c["inter_node"] = "none" if c["nodes"] == 1 else rng.choice(["ib-ndr", "roce-200g", "eth-100g"])
    network = rng.random() < 0.7
    w["model"] = rng.choice(nets if network else models)
    w["kind"] = rng.choice(["training", "inference"])
    w["precision"] = rng.choice(["bf16", "fp16", "fp8", "fp32", "tf32", "int8"])
    w["engine"] = rng.choice(ENGINES)
    w["optimizer"] = rng.choice(["adamw", "sgd", "lion", "adam-8bit"])
    total = c["gpus_per_node"] * c["nodes"]
    w["micro_batch"] = rng.choice([1, 8, 32, 128])
    w["global_batch"] = w["micro_batch"] * total * rng.choice([1, 1, 4])
    w["batch"] = rng.choice([1, 8, 64, 512])
    w["train_tokens"] = 0
    if network:
        p["zero"] = rng.choice([0, 0, 1, 2, 3])
    else:
        w["seq_len"] = rng.choice([512, 2048, 4096])
        w["prompt_tokens"] = rng.choice([128, 1024])
        w["output_tokens"] = rng.choice([1, 256])
        p["tp"] = rng.choice([t for t in [1, 2, 4, 8] if t <= c["gpus_per_node"]])
    if rng.random() < 0.3:
        s["power"]["gpu_cap_w"] = rng.choice([150.0, 250.0, 300.0])
    if rng.random() < 0.2:
        s["memory"]["fragmentation"] = rng.choice([0.0, 0.3])
    s["pricing"]["currency"] = rng.choice(["USD", "CNY"])
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--v2-count", type=int, default=80)
    ap.add_argument("--seed", type=int, default=20261201)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    gpus = sorted(g["id"] for g in cli_json(a.binary, "gpus", "--format", "json")["gpus"])
    listed = cli_json(a.binary, "models", "--format", "json")
    models = sorted(m["id"] for m in listed["models"])
    nets = sorted(n["id"] for n in listed.get("networks", []))
    networks = ["ib-hdr", "ib-ndr", "ib-edr", "roce-200g", "roce-400g", "eth-100g", "eth-25g"]
    names = [line.split("\t")[0] for line in subprocess.run(
        [a.binary, "example", "--list"], check=True, capture_output=True, text=True).stdout.splitlines() if line]
    base = cli_json(a.binary, "example", "default")
    for name in names:
        with open(os.path.join(a.out, f"example-{name}.json"), "w") as f:
            json.dump(cli_json(a.binary, "example", name), f, indent=2, sort_keys=True)
    for i in range(a.count):
        with open(os.path.join(a.out, f"random-{i:04d}.json"), "w") as f:
            json.dump(random_scenario(rng, base, gpus, models, networks), f, indent=2, sort_keys=True)
    rng_v2 = random.Random(a.seed + 2)  # its own stream: the first set does not move when this one grows
    for i in range(a.v2_count if nets else 0):
        with open(os.path.join(a.out, f"v2-{i:04d}.json"), "w") as f:
            json.dump(random_v2_scenario(rng_v2, base, gpus, models, nets), f, indent=2, sort_keys=True)


if __name__ == "__main__":
    main()
