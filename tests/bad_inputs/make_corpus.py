#!/usr/bin/env python3
"""Writes the bad-input corpus: one malformed document per file and expected.tsv, the manifest of
what each must answer (error code, JSON pointer, a piece of the message). The expectations below
are written by hand, case by case; they are not captured from the binary. Rerun after adding a
case: python3 tests/bad_inputs/make_corpus.py (then review `git diff tests/bad_inputs`).

File name prefixes pick the face (tests/bad_inputs/README.md):
  (none)    a scenario document:            gpucfg evaluate FILE        / evaluate(text)
  catalog-  a site catalog override:        gpucfg --catalog FILE evaluate / evaluateWithCatalog
  hf-       a Hugging Face config.json:     gpucfg import-hf FILE       / importHfConfig(text)
  plan-     a scenario with a plan section: gpucfg plan FILE --format json / plan(text)
  migplan-  a MIG tenant plan:              gpucfg mig plan FILE --format json / migPlan(text)
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = {"schema_version": 1,
        "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 8, "nodes": 1},
        "workload": {"model": "llama2-7b"}}
ARCH = {"name": "tiny", "layers": 4, "hidden": 256, "heads": 8, "vocab": 1000}
HF = {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
      "num_hidden_layers": 32, "vocab_size": 32000, "max_position_embeddings": 4096}
CATALOG_GPU = {"id": "A100-SXM4-80GB", "source": "SITE"}

cases = []  # (file, bytes, code, path, message_has, note)


def add(name, doc, code, path, message_has="", note=""):
    if isinstance(doc, (dict, list)):
        data = json.dumps(doc, separators=(",", ":")).encode()
    elif isinstance(doc, str):
        data = doc.encode("utf-8")
    else:
        data = doc
    cases.append((name + ".json", data, code, path, message_has, note))


def edit(section, key, value, base=BASE):
    s = copy.deepcopy(base)
    if section is None:
        s[key] = value
    else:
        s.setdefault(section, {})[key] = value
    return s


def raw(section, key, text):
    """BASE with section.key set to raw JSON text (for what json.dumps cannot write)."""
    marker = "__RAW__"
    return json.dumps(edit(section, key, marker), separators=(",", ":")).replace('"%s"' % marker, text)


def inline(**changes):
    arch = dict(ARCH, **changes)
    return edit("workload", "model", {k: v for k, v in arch.items() if v is not None})


def without(section, key):
    s = copy.deepcopy(BASE)
    del s[section][key]
    return s


def catalog(*gpus, **top):
    doc = {"schema_version": 1, "sources": {"SITE": "a site operator's list (test fixture)"}}
    if gpus:
        doc["gpus"] = list(gpus)
    doc.update(top)
    return doc


# [SECTION] Wrong types --------------------------------------------------------------------------
add("type-nodes-string", edit("cluster", "nodes", "two"), "wrong_type", "/cluster/nodes", "expected an integer")
add("type-gpus_per_node-bool", edit("cluster", "gpus_per_node", True), "wrong_type", "/cluster/gpus_per_node")
add("type-gpu-number", edit("cluster", "gpu", 100), "wrong_type", "/cluster/gpu", "expected a string")
add("type-cluster-array", edit(None, "cluster", []), "wrong_type", "/cluster", "expected an object")
add("type-workload-string", edit(None, "workload", "llama"), "wrong_type", "/workload")
add("type-model-number", edit("workload", "model", 7), "wrong_type", "/workload/model")
add("type-micro_batch-fraction", edit("workload", "micro_batch", 1.5), "wrong_type", "/workload/micro_batch")
add("type-flash_attention-string", edit("workload", "flash_attention", "yes"), "wrong_type", "/workload/flash_attention")
add("type-precision-number", edit("workload", "precision", 16), "wrong_type", "/workload/precision")
add("type-tp-null", edit("parallelism", "tp", None), "wrong_type", "/parallelism/tp")
add("type-pue-string", edit("pricing", "pue", "1.3"), "wrong_type", "/pricing/pue")
add("type-sparse-number", edit("options", "sparse", 1), "wrong_type", "/options/sparse")
add("type-speed-array", edit(None, "speed", [1, 2]), "wrong_type", "/speed")
add("type-fragmentation-object", edit("memory", "fragmentation", {}), "wrong_type", "/memory/fragmentation")
add("type-document-array", [BASE], "wrong_type", "", "expected a JSON object")
add("type-document-string", '"A100-SXM4-80GB"', "wrong_type", "")
add("type-document-null", "null", "wrong_type", "")
add("type-schema_version-string", edit(None, "schema_version", "1"), "wrong_type", "/schema_version")
add("type-inline-layers-string", inline(layers="32"), "wrong_type", "/workload/model/layers")
add("type-inline-glu-number", inline(glu=1), "wrong_type", "/workload/model/glu")

# [SECTION] Negatives and zeros ------------------------------------------------------------------
add("neg-nodes", edit("cluster", "nodes", -1), "out_of_range", "/cluster/nodes", "from 1 to 100000")
add("neg-gpus_per_node", edit("cluster", "gpus_per_node", -8), "out_of_range", "/cluster/gpus_per_node")
add("neg-seq_len", edit("workload", "seq_len", -2048), "out_of_range", "/workload/seq_len")
add("neg-per_gpu_hour", edit("pricing", "per_gpu_hour", -1), "out_of_range", "/pricing/per_gpu_hour")
add("neg-train_tokens", edit("workload", "train_tokens", -1e9), "out_of_range", "/workload/train_tokens")
add("neg-zero-stage", edit("parallelism", "zero", -1), "out_of_range", "/parallelism/zero")
# -1 means the engine's default, so the bad value is below it
add("neg-fragmentation", edit("memory", "fragmentation", -2), "out_of_range", "/memory/fragmentation")
add("neg-inline-layers", inline(layers=-1), "out_of_range", "/workload/model/layers")
add("neg-zero-nodes", raw("cluster", "nodes", "-0"), "out_of_range", "/cluster/nodes")
add("zero-nodes", edit("cluster", "nodes", 0), "out_of_range", "/cluster/nodes")
add("zero-gpus_per_node", edit("cluster", "gpus_per_node", 0), "out_of_range", "/cluster/gpus_per_node")
add("zero-tp", edit("parallelism", "tp", 0), "out_of_range", "/parallelism/tp")
add("zero-micro_batch", edit("workload", "micro_batch", 0), "out_of_range", "/workload/micro_batch")
add("zero-global_batch", edit("workload", "global_batch", 0), "out_of_range", "/workload/global_batch")
add("zero-pue", edit("pricing", "pue", 0), "out_of_range", "/pricing/pue")
add("zero-oversubscription", edit("cluster", "oversubscription", 0), "out_of_range", "/cluster/oversubscription")
add("zero-inline-heads", inline(heads=0), "out_of_range", "/workload/model/heads")

# [SECTION] NaN, Infinity, huge and unrepresentable numbers ---------------------------------------
add("num-nan-text", raw("cluster", "nodes", "NaN"), "invalid_json", "", "line 1, column")
add("num-infinity-text", raw("pricing", "pue", "Infinity"), "invalid_json", "", "line 1, column")
add("num-minus-infinity-text", raw("workload", "train_tokens", "-Infinity"), "invalid_json", "")
add("num-nan-lowercase", raw("speed", "dp_overlap", "nan"), "invalid_json", "")
add("num-hex", raw("cluster", "nodes", "0x10"), "invalid_json", "")
add("num-leading-plus", raw("cluster", "nodes", "+2"), "invalid_json", "")
add("num-1e308-int", raw("workload", "seq_len", "1e308"), "out_of_range", "/workload/seq_len")
add("num-1e308-real", raw("pricing", "pue", "1e308"), "out_of_range", "/pricing/pue")
add("num-1e400-overflow", raw("workload", "train_tokens", "1e400"), "invalid_json", "", "line 1, column",
    "a number past the double range is rejected by the JSON reader (nlohmann: number overflow), so no field path")
add("num-past-2pow53", raw("cluster", "nodes", "9007199254740993"), "out_of_range", "/cluster/nodes")
add("num-past-2pow64", raw("workload", "global_batch", "18446744073709551617"), "out_of_range", "/workload/global_batch")
add("num-denormal-int", raw("cluster", "nodes", "1e-320"), "wrong_type", "/cluster/nodes")
add("num-int-max-plus-one", raw("parallelism", "dp", "2147483648"), "out_of_range", "/parallelism/dp")
add("num-negative-huge", raw("workload", "micro_batch", "-1e308"), "out_of_range", "/workload/micro_batch")

# [SECTION] Unknown ids, keys and values ---------------------------------------------------------
add("unknown-gpu", edit("cluster", "gpu", "Z9000"), "unknown_gpu", "/cluster/gpu", "expected a GPU catalog id")
add("unknown-gpu-empty", edit("cluster", "gpu", ""), "unknown_gpu", "/cluster/gpu")
add("unknown-gpu-html", edit("cluster", "gpu", "<script>alert(1)</script>"), "unknown_gpu", "/cluster/gpu")
add("unknown-model", edit("workload", "model", "gpt-9"), "unknown_model", "/workload/model")
add("unknown-key-top", edit(None, "colour", "green"), "unknown_key", "/colour")
add("unknown-key-cluster", edit("cluster", "colour", "green"), "unknown_key", "/cluster/colour")
add("unknown-key-slash", edit("cluster", "a/b", 1), "unknown_key", "/cluster/a~1b")
add("unknown-key-tilde", edit("cluster", "~x", 1), "unknown_key", "/cluster/~0x")
add("unknown-key-empty", edit("cluster", "", 1), "unknown_key", "/cluster/")
add("unknown-key-inline-model", inline(colour="green"), "unknown_key", "/workload/model/colour")
add("unknown-kind", edit("workload", "kind", "finetune"), "unknown_value", "/workload/kind")
add("unknown-recompute", edit("parallelism", "recompute", "some"), "unknown_value", "/parallelism/recompute")
add("unknown-optimizer", edit("workload", "optimizer", "sgd2"), "unknown_value", "/workload/optimizer")
add("unknown-precision", edit("workload", "precision", "fp4"), "unknown_value", "/workload/precision")
add("unknown-intra_node", edit("cluster", "intra_node", "infiniband"), "unknown_value", "/cluster/intra_node")
s = edit("cluster", "nodes", 2); s["cluster"]["inter_node"] = "ib-zdr"
add("unknown-inter_node", s, "unknown_value", "/cluster/inter_node")
add("unknown-currency", edit("pricing", "currency", "XYZ"), "unknown_value", "/pricing/currency")

# [SECTION] Missing fields and versions -----------------------------------------------------------
add("missing-everything", {}, "missing_field", "/schema_version")
add("missing-gpu", without("cluster", "gpu"), "missing_field", "/cluster/gpu")
add("missing-model", without("workload", "model"), "missing_field", "/workload/model")
s = copy.deepcopy(BASE); del s["schema_version"]
add("missing-schema_version", s, "missing_field", "/schema_version")
add("missing-inline-heads", inline(heads=None), "missing_field", "/workload/model/heads")
add("missing-inline-vocab", inline(vocab=None), "missing_field", "/workload/model/vocab")
add("version-99", edit(None, "schema_version", 99), "out_of_range", "/schema_version")
add("version-0", edit(None, "schema_version", 0), "out_of_range", "/schema_version")

# [SECTION] Contradictions ------------------------------------------------------------------------
add("split-tp-beyond-gpus", edit("parallelism", "tp", 16), "incompatible", "/parallelism/tp")
add("split-pp-not-dividing", edit("parallelism", "pp", 3), "incompatible", "/parallelism/pp", "divide the 8 GPUs")
add("split-cp-not-dividing", edit("parallelism", "cp", 3), "incompatible", "/parallelism/cp", "divide the 8 GPUs")
s = edit("parallelism", "tp", 4); s["parallelism"]["pp"] = 4  # each divides 8, tp x pp does not
add("split-tp-pp-product", s, "incompatible", "/parallelism/pp", "(16) to divide the 8 GPUs")
add("split-dp-mismatch", edit("parallelism", "dp", 3), "incompatible", "/parallelism/dp")
s = edit("cluster", "gpus_per_node", 6); s["parallelism"] = {"tp": 3}
add("split-tp-not-dividing-heads", s, "incompatible", "/parallelism/tp", "attention heads")
s = edit("cluster", "nodes", 8); s["cluster"]["inter_node"] = "ib-hdr"; s["parallelism"] = {"pp": 64}
add("split-pp-beyond-layers", s, "incompatible", "/parallelism/pp", "layers")
add("split-interleave-without-pp", edit("parallelism", "interleave", 2), "incompatible", "/parallelism/interleave")
add("split-ep-not-dividing", edit("parallelism", "ep", 3), "incompatible", "/parallelism/ep")
s = edit("cluster", "gpu", "V100-PCIe-16GB"); s["cluster"]["intra_node"] = "nvswitch"
add("net-nvswitch-without-nvlink", s, "incompatible", "/cluster/intra_node", "has no NVLink")
s = edit("cluster", "gpu", "H100-NVL-94GB"); s["cluster"]["gpus_per_node"] = 16
add("net-bridge-beyond-8", s, "incompatible", "/cluster/gpus_per_node")
add("arch-hidden-not-multiple", inline(hidden=250), "incompatible", "/workload/model/hidden")
add("arch-kv_heads-not-dividing", inline(kv_heads=3), "incompatible", "/workload/model/kv_heads")
add("arch-top_k-beyond-experts", inline(experts=4, top_k=8), "incompatible", "/workload/model/top_k")

# [SECTION] Invalid JSON text: each says where ----------------------------------------------------
text = json.dumps(BASE, separators=(",", ":"))
add("json-truncated", text[:40], "invalid_json", "", "line 1, column 41")
add("json-trailing-comma", text[:-1] + ",}", "invalid_json", "")
add("json-single-quotes", text.replace('"', "'"), "invalid_json", "", "line 1, column 2")
add("json-comment", "// a scenario\n" + text, "invalid_json", "", "line 1, column 1")
add("json-empty", "", "invalid_json", "", "line 1, column 1")
add("json-whitespace-only", " \n\t\n", "invalid_json", "", "line 3, column 1")
add("json-line-4", '{\n  "schema_version": 1,\n  "cluster": {"gpu": "A100-SXM4-80GB"},\n  "workload": {"model": llama2}\n}\n',
    "invalid_json", "", "line 4, column ")
add("json-two-documents", text + text, "invalid_json", "")
add("json-unclosed-string", '{"schema_version": 1, "cluster": {"gpu": "A100', "invalid_json", "")
add("json-bad-escape", raw("cluster", "gpu", '"A100\\x41"'), "invalid_json", "")
add("json-raw-control-char", raw("cluster", "gpu", '"A100\tSXM4"'), "invalid_json", "")
add("json-nul-byte", text.encode() + b"\x00", "invalid_json", "")

# [SECTION] Invalid UTF-8 and Unicode escapes ----------------------------------------------------
add("utf8-invalid-byte-value", raw("cluster", "gpu", '"A100-\xff"').encode("latin-1"), "invalid_json", "", "UTF-8")
add("utf8-invalid-byte-key", raw("cluster", "gpus_per_node", '8,"\xc3\x28":1').encode("latin-1"), "invalid_json", "")
add("utf8-overlong-slash", raw("cluster", "gpu", '"\xc0\xaf"').encode("latin-1"), "invalid_json", "")
add("utf8-truncated-sequence", raw("workload", "model", '"llama\xe2\x82"').encode("latin-1"), "invalid_json", "")
add("utf8-encoded-surrogate", raw("cluster", "gpu", '"\xed\xa0\x80"').encode("latin-1"), "invalid_json", "")
add("utf8-lone-surrogate-escape", raw("cluster", "gpu", '"\\ud800"'), "invalid_json", "", "surrogate")
add("utf8-valid-cjk-gpu", edit("cluster", "gpu", "显卡"), "unknown_gpu", "/cluster/gpu")

# [SECTION] Duplicate keys -------------------------------------------------------------------------
add("dup-top-level", text[:-1] + ',"cluster":{"gpu":"H100-SXM5-80GB"}}', "duplicate_key", "/cluster")
add("dup-nested", raw("cluster", "gpu", '"A100-SXM4-80GB","gpu":"H100-SXM5-80GB"'), "duplicate_key", "/cluster/gpu")
add("dup-inline-model", json.dumps(inline()).replace('"layers": 4', '"layers": 4, "layers": 8'),
    "duplicate_key", "/workload/model/layers")

# [SECTION] Deep nesting (10,000 levels) -----------------------------------------------------------
deep = 10000
add("deep-arrays-unknown-key", raw(None, "x", "[" * deep + "]" * deep), "unknown_key", "/x")
add("deep-objects-unknown-key", raw("cluster", "a", '{"a":' * deep + "1" + "}" * deep), "unknown_key", "/cluster/a")
add("deep-arrays-as-gpu", raw("cluster", "gpu", "[" * deep + "]" * deep), "wrong_type", "/cluster/gpu")
add("deep-unclosed", "[" * deep, "invalid_json", "", "line 1, column 10001")

# [SECTION] Site catalog overrides (--catalog; evaluated with the default scenario) ---------------
add("catalog-shadow-a100-negative", catalog(dict(CATALOG_GPU, memory_gb=-80)), "out_of_range", "/gpus/0/memory_gb")
add("catalog-shadow-a100-wrong-type", catalog(dict(CATALOG_GPU, hbm_gbps="fast")), "wrong_type", "/gpus/0/hbm_gbps")
add("catalog-shadow-a100-empty", catalog(CATALOG_GPU), "incompatible", "/cluster/gpu", "A100-SXM4-80GB",
    "the override replaced the built-in A100 with an entry that has no memory, bandwidth or peak")
add("catalog-shadow-a100-huge", catalog(dict(CATALOG_GPU, memory_gb=1e308, hbm_gbps=1e308, tdp_watts=1e308,
                                             peak_tflops={"bf16": {"dense": 1e308}})),
    "out_of_range", "/gpus/0/memory_gb")
add("catalog-gpus-object", catalog(gpus={}), "wrong_type", "/gpus")
add("catalog-version-2", dict(catalog(), schema_version=2), "unsupported_version", "/schema_version")
add("catalog-invalid-json", '{"schema_version": 1, "gpus": [', "invalid_json", "", "line 1, column 32")
add("catalog-duplicate-key", '{"schema_version": 1, "gpus": [], "gpus": []}', "duplicate_key", "/gpus")
add("catalog-unknown-key", catalog(colour="green"), "unknown_key", "/colour")
add("catalog-price-negative", catalog(prices=[{"gpu": "A100-SXM4-80GB", "currency": "USD", "per_gpu_hour": -1,
                                               "source": "SITE"}]), "out_of_range", "/prices/0/per_gpu_hour")
add("catalog-model-hidden-string", catalog(models=[{"id": "m", "arch": dict(ARCH, hidden="wide"), "source": "SITE"}]),
    "wrong_type", "/models/0/arch/hidden")
add("catalog-missing-source", catalog({"id": "X"}), "missing_field", "/gpus/0/source")
DGX = {"id": "dgx-a100", "source": "SITE", "typical_gpu": "A100-SXM4-80GB", "gpu_form_factor": "SXM4", "gpu_count": 8}
add("catalog-shadow-server-cooling", catalog(servers=[dict(DGX, cooling="freon")]), "incompatible", "/cluster/server",
    "cooling \"freon\"", "the default example's generic server for its A100 is the replaced dgx-a100")
add("catalog-server-negative-fans", catalog(servers=[dict(DGX, fans_w=-100)]), "out_of_range", "/servers/0/fans_w")
add("catalog-server-missing-source", catalog(servers=[{"id": "dgx-a100"}]), "missing_field", "/servers/0/source")
add("catalog-grid-negative", catalog(grids=[{"id": "us", "kg_per_kwh": -1, "source": "SITE"}]), "out_of_range",
    "/grids/0/kg_per_kwh")
add("catalog-grid-missing-intensity", catalog(grids=[{"id": "us", "source": "SITE"}]), "missing_field",
    "/grids/0/kg_per_kwh")
add("catalog-model-without-arch", catalog(models=[{"id": "llama2-7b", "source": "SITE"}]), "missing_field",
    "/models/0/arch")
add("catalog-power-mode-without-watts", catalog(power_modes=[{"gpu": "Jetson-AGX-Orin-64GB", "id": "maxn", "source": "SITE"}]),
    "missing_field", "/power_modes/0/module_w")

# [SECTION] Hugging Face config.json (import-hf) ---------------------------------------------------
add("hf-layers-string", dict(HF, num_hidden_layers="many"), "wrong_type", "/num_hidden_layers")
add("hf-unknown-key", dict(HF, colour="green"), "unknown_key", "/colour")
add("hf-missing-vocab", {k: v for k, v in HF.items() if k != "vocab_size"}, "missing_key", "/vocab_size")
add("hf-array", [HF], "invalid_json", "")
add("hf-broken", '{"model_type": "llama",', "invalid_json", "", "line 1, column 24")
add("hf-unsupported-key", dict(HF, n_shared_experts=2), "unsupported_key", "/n_shared_experts")
add("hf-negative-layers", dict(HF, num_hidden_layers=-32), "wrong_type", "/num_hidden_layers")

# [SECTION] Contract v2 inputs: MIG slices, servers, power, engines, fine-tuning, networks ---------
INF = edit("workload", "kind", "inference"); INF["cluster"]["gpus_per_node"] = 1


def mig(profile=None, instances=None, base=INF):
    s = copy.deepcopy(base)
    s["cluster"]["mig"] = {k: v for k, v in (("profile", profile), ("instances_per_gpu", instances)) if v is not None}
    return s


add("mig-unknown-profile", mig("9g.99gb", 1), "unknown_profile", "/cluster/mig/profile", "9g.99gb")
add("mig-count-beyond-profile", mig("3g.40gb", 7), "invalid_layout", "/cluster/mig/instances_per_gpu", "at most 2 per GPU")
add("mig-instances-9", mig("1g.10gb", 9), "out_of_range", "/cluster/mig/instances_per_gpu")
add("mig-without-profile", mig(None, 2), "missing_field", "/cluster/mig/profile")
add("mig-without-instances", mig("1g.10gb"), "out_of_range", "/cluster/mig/instances_per_gpu")
add("mig-string", edit("cluster", "mig", "1g.10gb", INF), "wrong_type", "/cluster/mig", "expected an object")
s = mig("1g.10gb", 1); s["cluster"]["gpu"] = "V100-SXM2-32GB"
add("mig-on-v100", s, "no_mig", "/cluster/gpu", "does not support MIG")
s = mig("3g.40gb", 2, BASE); s["parallelism"] = {"tp": 2}
add("mig-tensor-parallel", s, "mig_no_p2p", "/parallelism/tp", "NCCL")
add("server-unknown", edit("cluster", "server", "dgx-z"), "unknown_server", "/cluster/server", "dgx-a100")
add("server-number", edit("cluster", "server", 5), "wrong_type", "/cluster/server", "expected a string")
add("power-cap-below-board-min", edit("power", "gpu_cap_w", 10), "out_of_range", "/power/gpu_cap_w", "power-limit range")
add("power-cap-above-board-max", edit("power", "gpu_cap_w", 4000), "out_of_range", "/power/gpu_cap_w", "power-limit range")
add("power-mode-on-a100", edit("power", "mode", "15w"), "incompatible", "/power/mode", "no power modes")
add("power-cooling-unknown", edit("power", "cooling", "freon"), "unknown_value", "/power/cooling", "air | liquid | immersion")
add("power-redundancy-unknown", edit("power", "psu_redundancy", "2n"), "unknown_value", "/power/psu_redundancy")
add("power-grid-unknown", edit("power", "grid", "mars"), "unknown_value", "/power/grid")
add("power-rack-zero", edit("power", "rack_kw", 0), "out_of_range", "/power/rack_kw")
add("power-inlet-90c", edit("power", "inlet_c", 90), "out_of_range", "/power/inlet_c")
add("power-transient-below-1", edit("power", "transient_factor", 0.5), "out_of_range", "/power/transient_factor")
add("power-array", edit(None, "power", [1]), "wrong_type", "/power", "expected an object")
add("engine-unknown", edit("workload", "engine", "jax"), "unknown_value", "/workload/engine", "megatron")
add("engine-serving-for-training", edit("workload", "engine", "vllm"), "incompatible", "/workload/engine",
    "serves inference only")
ft = lambda **f: edit("workload", "finetune", f)
add("finetune-unknown-method", ft(method="dora"), "unknown_value", "/workload/finetune/method", "lora | qlora")
add("finetune-rank-zero", ft(method="lora", rank=0), "out_of_range", "/workload/finetune/rank")
add("finetune-targets-unknown", ft(method="lora", targets="mlp"), "unknown_value", "/workload/finetune/targets")
add("finetune-base-fp4", ft(method="qlora", base_precision="fp4"), "unknown_value", "/workload/finetune/base_precision")
add("finetune-bnb-number", ft(method="qlora", bnb_keeps_inputs=1), "wrong_type", "/workload/finetune/bnb_keeps_inputs")
s = copy.deepcopy(INF); s["workload"]["finetune"] = {"method": "lora"}
add("finetune-inference", s, "incompatible", "/workload/finetune/method", "training")
add("finetune-string", edit("workload", "finetune", "lora"), "wrong_type", "/workload/finetune")
s = edit("workload", "model", "resnet50"); s["parallelism"] = {"tp": 2}
add("network-tensor-parallel", s, "incompatible", "/parallelism/tp", "data-parallel only")
add("lm_head_fraction-2", edit("workload", "lm_head_fraction", 2), "out_of_range", "/workload/lm_head_fraction")
add("channels_last-string", edit("workload", "channels_last", "yes"), "wrong_type", "/workload/channels_last")
add("scheduler_steps-zero", edit("workload", "scheduler_steps", 0, INF), "out_of_range", "/workload/scheduler_steps")
add("request_rate-negative", edit("workload", "request_rate", -1, INF), "out_of_range", "/workload/request_rate")
add("packed_sample_tokens-negative", edit("workload", "packed_sample_tokens", -5), "out_of_range",
    "/workload/packed_sample_tokens")
add("algorithm-unknown", edit("speed", "algorithm", "butterfly"), "unknown_value", "/speed/algorithm", "nvls")
add("clock_factor-zero", edit("speed", "clock_factor", 0), "out_of_range", "/speed/clock_factor")

# [SECTION] Plan requests (gpucfg plan; the plan section) -----------------------------------------
PLAN = edit("workload", "train_tokens", 1e10)


def plan(**fields):
    return dict(copy.deepcopy(PLAN), plan=fields)


add("plan-objective-unknown", plan(objective="speed"), "unknown_value", "/plan/objective", "cost | time | energy")
add("plan-gpus-unknown", plan(gpus=["Z9000"]), "unknown_gpu", "/plan/gpus/0", "Z9000")
add("plan-gpus-string", plan(gpus="A100-SXM4-80GB"), "wrong_type", "/plan/gpus", "array of strings")
add("plan-gpus-number-item", plan(gpus=[1]), "wrong_type", "/plan/gpus/0")
add("plan-gpus-twice", plan(gpus=["A100-SXM4-80GB", "a100-sxm4-80gb"]), "duplicate", "/plan/gpus/1", "listed twice")
add("plan-deadline-negative", plan(deadline_days=-1), "out_of_range", "/plan/deadline_days")
add("plan-max_gpus-negative", plan(max_gpus=-1), "out_of_range", "/plan/max_gpus")
add("plan-tenants-training", plan(tenants=4), "out_of_range", "/plan/tenants", "inference")
add("plan-tenants-negative", dict(copy.deepcopy(INF), plan={"tenants": -4}), "out_of_range", "/plan/tenants")
add("plan-no-token-budget", dict(copy.deepcopy(BASE), plan={"objective": "time"}), "missing_field",
    "/workload/train_tokens", "token budget")
add("plan-unknown-key", plan(colour=1), "unknown_key", "/plan/colour")
add("plan-array", dict(copy.deepcopy(PLAN), plan=[]), "wrong_type", "/plan", "expected an object")
add("plan-split-pp-not-dividing", dict(edit("parallelism", "pp", 3, PLAN), plan={}), "incompatible",
    "/parallelism/pp", "", "the base scenario is checked before any search")

# [SECTION] MIG tenant plans (gpucfg mig plan) -----------------------------------------------------
TENANT = {"name": "a", "model": "llama2-7b", "precision": "fp16", "batch": 4, "prompt_tokens": 512, "output_tokens": 128}


def migplan(tenants=None, gpu="A100-SXM4-80GB", **top):
    doc = {"schema_version": 2, "mig_plan": {"gpu": gpu, "tenants": [TENANT] if tenants is None else tenants}}
    doc.update(top)
    return doc


def tenant(**changes):
    t = dict(TENANT, **changes)
    return {k: v for k, v in t.items() if v is not None}


add("migplan-gpu-without-mig", migplan(gpu="V100-SXM2-32GB"), "no_mig", "/mig_plan/gpu", "has no MIG")
add("migplan-gpu-unknown", migplan(gpu="Z9000"), "unknown_gpu", "/mig_plan/gpu")
add("migplan-tenants-empty", migplan([]), "out_of_range", "/mig_plan/tenants", "1..1000")
add("migplan-tenants-object", migplan({}), "wrong_type", "/mig_plan/tenants")
add("migplan-tenants-1001", migplan([tenant(name="t%d" % i, model="bert-large") for i in range(1001)]),
    "out_of_range", "/mig_plan/tenants", "1..1000")
add("migplan-profile-unknown", migplan([tenant(profile="9g.99gb")]), "unknown_profile", "/mig_plan/tenants/0/profile")
add("migplan-model-unknown", migplan([tenant(model="gpt-9")]), "unknown_model", "/mig_plan/tenants/0/model")
add("migplan-batch-zero", migplan([tenant(batch=0)]), "out_of_range", "/mig_plan/tenants/0/batch")
add("migplan-no-name", migplan([tenant(name=None)]), "missing_field", "/mig_plan/tenants/0/name")
add("migplan-name-twice", migplan([tenant(), tenant(model="bert-large")]), "duplicate", "/mig_plan/tenants/1/name",
    "own name")
add("migplan-tenant-unknown-key", migplan([tenant(colour=1)]), "unknown_key", "/mig_plan/tenants/0/colour")
add("migplan-tenant-kind", migplan([tenant(kind="training")]), "unknown_key", "/mig_plan/tenants/0/kind")
add("migplan-min-rate-negative", migplan([tenant(min_samples_per_s=-1)]), "out_of_range",
    "/mig_plan/tenants/0/min_samples_per_s")
add("migplan-precision-fp4", migplan([tenant(precision="fp4")]), "unknown_value", "/mig_plan/tenants/0/precision")
add("migplan-version-1", migplan(schema_version=1), "unsupported_version", "/schema_version")
add("migplan-missing", {"schema_version": 2}, "missing_field", "/mig_plan")
add("migplan-unknown-key", migplan(colour=1), "unknown_key", "/colour")
add("migplan-array", [migplan()], "wrong_type", "", "expected a JSON object")
text_mp = json.dumps(migplan(), separators=(",", ":"))
add("migplan-truncated", text_mp[:60], "invalid_json", "", "line 1, column 61")
add("migplan-duplicate-gpu", text_mp.replace('"gpu":"A100-SXM4-80GB"', '"gpu":"A100-SXM4-80GB","gpu":"V100-SXM2-32GB"'),
    "duplicate_key", "/mig_plan/gpu")

if __name__ == "__main__":
    for name in os.listdir(HERE):
        if name.endswith(".json"):
            os.remove(os.path.join(HERE, name))
    names = set()
    with open(os.path.join(HERE, "expected.tsv"), "w", encoding="utf-8") as tsv:
        tsv.write("# file\tcode\tpath\tmessage_has\tnote  (generated by make_corpus.py; the expectations are hand-written there)\n")
        for name, data, code, path, has, note in cases:
            assert name not in names, name
            names.add(name)
            with open(os.path.join(HERE, name), "wb") as f:
                f.write(data)
            tsv.write("\t".join([name, code, path, has, note]) + "\n")
    print("bad_inputs: %d documents" % len(cases))
