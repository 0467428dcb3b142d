#!/usr/bin/env python3
"""Writes the bad-input corpus: one malformed document per file and expected.tsv, the manifest of
what each must answer (error code, JSON pointer, a piece of the message). The expectations below
are written by hand, case by case; they are not captured from the binary. Rerun after adding a
case: python3 tests/bad_inputs/make_corpus.py (then review `git diff tests/bad_inputs`).

File name prefixes pick the face (tests/bad_inputs/README.md):
  (none)    a scenario document:            gpucfg evaluate FILE        / evaluate(text)
  catalog-  a site catalog override:        gpucfg --catalog FILE evaluate / evaluateWithCatalog
  hf-       a Hugging Face config.json:     gpucfg import-hf FILE       / importHfConfig(text)
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
add("neg-fragmentation", edit("memory", "fragmentation", -0.1), "out_of_range", "/memory/fragmentation")
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
add("split-pp-not-dividing", edit("parallelism", "pp", 3), "incompatible", "/parallelism/tp", "",
    "pending core-v2: /parallelism/pp")
add("split-cp-not-dividing", edit("parallelism", "cp", 3), "incompatible", "/parallelism/tp", "",
    "pending core-v2: /parallelism/cp")
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

# [SECTION] Hugging Face config.json (import-hf) ---------------------------------------------------
add("hf-layers-string", dict(HF, num_hidden_layers="many"), "wrong_type", "/num_hidden_layers")
add("hf-unknown-key", dict(HF, colour="green"), "unknown_key", "/colour")
add("hf-missing-vocab", {k: v for k, v in HF.items() if k != "vocab_size"}, "missing_key", "/vocab_size")
add("hf-array", [HF], "invalid_json", "")
add("hf-broken", '{"model_type": "llama",', "invalid_json", "", "line 1, column 24")
add("hf-unsupported-key", dict(HF, n_shared_experts=2), "unsupported_key", "/n_shared_experts")
add("hf-negative-layers", dict(HF, num_hidden_layers=-32), "wrong_type", "/num_hidden_layers")

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
