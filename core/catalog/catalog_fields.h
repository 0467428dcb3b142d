// The one list of catalog fields: for each entity kind (GPU, interconnect, model preset, currency,
// price) its JSON keys, units, meaning and which keys it needs, and the list of entity kinds a
// catalog document may hold. Read by the loader (MergeCatalogJson: errors with JSON pointers,
// valid entries kept), the writer (CatalogToJson) and the docs generator (`gpucfg schema
// --catalog`), so the three can never disagree. A new entity kind is its struct (catalog.h, with
// its vector in Catalog), one Visit...Fields function here and one line in VisitCatalogKinds.
// A visitor V provides (R is the record's type, const for the writer and the docs):
//   Text(key, std::string&, doc, need)       Number(key, double&, unit, doc, need)
//   Integer(key, int&, doc, need)            Flag(key, bool&, doc)
//   Peaks(key, std::array<PeakRate, kPrecisionCount>&, doc)   ({"bf16": {"dense", "sparse"}, ...})
//   Record(key, R&, need, what, doc, fn(V&, R&))  (a nested object: a model's architecture)
//   Kind(key, what, std::vector<R>&, fn(V&, R&))  (an array of entries)
//   Sources(key, std::vector<SourceRef>&, doc)    (the {CODE: "citation"} object)
// fn takes the visitor too, so a visitor may run an entry's list with a helper (merging collects
// the kKey fields of two entries to compare them).
#pragma once

#include <array>
#include <string_view>
#include <type_traits>

#include "base/record_of.h"
#include "catalog/catalog.h"
#include "contract/scenario_fields.h"

namespace gpucfg {

// Whether an entry must have a key. kKey: required, and part of the entry's identity: a merged
// entry replaces the one whose key fields all match (ignoring case).
enum class Need { kOptional, kRequired, kKey };

// [SECTION] Entities -----------------------------------------------------------------------------

template <class V, RecordOf<GpuSpec> G>
void VisitGpuFields(V& v, G& g) {
  v.Text("id", g.id, "stable catalog id, e.g. A100-SXM4-80GB", Need::kKey);
  v.Text("name", g.name, "display name; default: the id");
  v.Text("vendor", g.vendor, "default NVIDIA");
  v.Text("architecture", g.architecture, "Volta, Ampere, Hopper, ...");
  v.Text("chip", g.chip, "GA100, GH100, ...");
  v.Number("compute_capability", g.compute_capability, "major.minor", "CUDA compute capability");
  v.Integer("sms", g.sms, "streaming multiprocessors");
  v.Number("boost_clock_mhz", g.boost_clock_mhz, "MHz", "boost clock");
  v.Peaks("peak_tflops", g.peak_tflops,
          "peak rate per precision, TFLOP/s (TOPS for int8/int4): {\"bf16\": {\"dense\", \"sparse\"}}; sparse "
          "defaults to dense; an absent precision is unsupported");
  v.Number("memory_gb", g.memory_gb, "GB", "memory as marketed (10^9 bytes)");
  v.Number("memory_usable_gib", g.memory_usable_gib, "GiB", "what nvidia-smi reports as total; 0 = unknown (derived)");
  v.Text("memory_type", g.memory_type, "HBM2e, HBM3, GDDR6, ...");
  v.Number("hbm_gbps", g.hbm_gbps, "GB/s", "memory bandwidth");
  v.Number("l2_mib", g.l2_mib, "MiB", "L2 cache");
  v.Number("tdp_watts", g.tdp_watts, "W", "board power limit");
  v.Number("idle_watts", g.idle_watts, "W", "typical idle draw; 0 = unknown");
  v.Text("form_factor", g.form_factor, "SXM4, PCIe, module, ...");
  v.Integer("pcie_gen", g.pcie_gen, "PCIe generation of the host link");
  v.Integer("nvlink_gen", g.nvlink_gen, "NVLink generation; 0 = none");
  v.Integer("nvlink_links", g.nvlink_links, "NVLink links per GPU");
  v.Number("nvlink_gbps_bidir", g.nvlink_gbps_bidir, "GB/s (both directions added)",
           "NVLink bandwidth over all links, both directions added (NVIDIA's figure)");
  v.Integer("mig_max_instances", g.mig_max_instances, "MIG instances at most; 0 = no MIG");
  v.Text("default_intra_node", g.default_intra_node, "usual fabric in a node: pcie | nvlink-bridge | nvlink-mesh | nvswitch");
  v.Number("matmul_efficiency", g.matmul_efficiency, "a fraction of peak (0..1)",
           "best measured dense 16-bit GEMM / dense peak; 0 = unmeasured (architecture default)");
  v.Number("hbm_efficiency", g.hbm_efficiency, "a fraction of hbm_gbps (0..1)",
           "measured streaming bandwidth / hbm_gbps; 0 = unmeasured");
  v.Text("verification", g.verification, "N / T / H / D / U codes of shared/reference/gpu-specs.md");
  v.Text("source", g.source, "code(s) of the document's sources object the figures come from", Need::kRequired);
}

template <class V, RecordOf<InterconnectSpec> I>
void VisitInterconnectFields(V& v, I& ic) {
  v.Text("id", ic.id, "pcie-gen4, nvlink3, nvswitch-gen2, ib-hdr, roce-200g, ...", Need::kKey);
  v.Text("kind", ic.kind, "pcie | nvlink | nvlink-bridge | nvswitch | infiniband | roce | ethernet");
  v.Text("name", ic.name, "display name; default: the id");
  v.Integer("generation", ic.generation, "generation of its kind");
  v.Number("gbps_per_direction", ic.gbps_per_direction, "GB/s per direction",
           "bytes per second per direction: per x16 link, per GPU, or per port");
  v.Number("gbit_per_direction", ic.gbit_per_direction, "Gb/s per direction", "network ports: line rate in bits; 0 otherwise");
  v.Number("latency_us", ic.latency_us, "microseconds", "typical one-hop latency (the alpha term)");
  v.Text("source", ic.source, "source code(s)", Need::kRequired);
}

// The catalog reads a model's architecture with the scenario's inline-architecture keys
// (VisitArch in scenario_fields.h), leniently on ranges: the catalog checks types, Resolve the shape.
template <class V>
struct ArchAsCatalogFields {
  V& v;
  static constexpr std::array<std::string_view, 4> kRequired = {"layers", "hidden", "heads", "vocab"};
  template <class Int>
  void Field(std::string_view name, Int& x, int, int, std::string_view doc) {
    Need need = Need::kOptional;
    for (std::string_view r : kRequired) need = name == r ? Need::kRequired : need;
    v.Integer(name.data(), x, doc, need);  // VisitArch's names are NUL-terminated literals
  }
  template <class Bool>
  void Field(std::string_view name, Bool& x, std::string_view doc) { v.Flag(name.data(), x, doc); }
};

template <class V, RecordOf<ModelPreset> M>
void VisitModelFields(V& v, M& m) {
  v.Text("id", m.id, "preset id, e.g. llama2-7b", Need::kKey);
  v.Text("name", m.name, "display name; default: the id");
  v.Record("arch", m.arch, Need::kRequired, "a model architecture",
           "the architecture: the keys of an inline /workload/model", [](auto& w, auto& a) {
             ArchAsCatalogFields<std::remove_reference_t<decltype(w)>> keys{w};
             VisitArch(keys, const_cast<TransformerArch&>(a));  // VisitArch takes a mutable arch
           });
  v.Number("published_params", m.published_params, "parameters", "parameter count its authors state (checks ParameterCount)");
  v.Text("source", m.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<CurrencyPreset> C>
void VisitCurrencyFields(V& v, C& c) {
  v.Text("code", c.code, "ISO 4217 code: USD, CNY, ...", Need::kKey);
  v.Text("symbol", c.symbol, "$, ¥, ...");
  v.Number("electricity_per_kwh", c.electricity_per_kwh, "currency units per kWh", "default electricity price");
  v.Text("source", c.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<GpuPrice> P>
void VisitPriceFields(V& v, P& p) {
  v.Text("gpu", p.gpu, "GPU catalog id", Need::kKey);
  v.Text("currency", p.currency, "ISO 4217 code", Need::kKey);
  v.Number("per_gpu_hour", p.per_gpu_hour, "currency units per GPU-hour", "rental price", Need::kRequired);
  v.Text("source", p.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<NetworkPreset> N>
void VisitNetworkFields(V& v, N& n) {
  v.Text("id", n.id, "network id, e.g. resnet50", Need::kKey);
  v.Text("name", n.name, "display name; default: the id");
  v.Text("family", n.family, "cnn | detector | segmentation | recommender | speech | vision-language");
  v.Text("input", n.input, "what one sample is, e.g. 224x224x3 image");
  v.Number("published_params", n.published_params, "parameters", "parameter count its authors state; 0 = none found");
  v.Number("published_gflops", n.published_gflops, "GFLOP", "forward GFLOPs per sample they state (multiply-add = 2); 0 = none found");
  v.Text("note", n.note, "judgements and caveats of the entry");
  v.Text("source", n.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<NetworkLayer> L>
void VisitNetworkLayerFields(V& v, L& l) {
  v.Text("network", l.network, "the network id this layer belongs to", Need::kKey);
  v.Text("name", l.name, "layer name, unique within its network", Need::kKey);
  v.Text("op", l.op, "gemm | memory (elementwise, pooling) | embedding (gathered rows)", Need::kRequired);
  v.Number("m", l.m, "rows", "gemm: rows per sample per step (a convolution: output positions)");
  v.Number("n", l.n, "columns", "gemm: output width (a convolution: output channels / groups)");
  v.Number("k", l.k, "elements", "gemm: reduction length (a convolution: input channels / groups x kernel volume)");
  v.Number("count", l.count, "GEMMs", "identical GEMMs with their own operands (groups, heads, repeated layers); default 1");
  v.Number("steps", l.steps, "repetitions", "sequential repetitions sharing the weights (LSTM steps, decoded tokens); default 1");
  v.Number("params", l.params, "parameters", "parameters of the record, all counts");
  v.Number("in_elems", l.in_elems, "elements per sample", "gemm: input elements really read per step, all counts (a convolution's input, not its im2col matrix)");
  v.Number("act_elems", l.act_elems, "elements per sample", "activations kept for the backward pass");
  v.Number("mem_elems", l.mem_elems, "elements per sample", "memory-bound traffic as separate kernels (eager training): elementwise, pooling, gathered embedding rows");
  v.Number("fused_elems", l.fused_elems, "elements per sample", "the same traffic with an inference engine's fusions (GEMM epilogues, fused softmax)");
}

// Fills what an entry leaves to defaults once it is read (a display name defaults to the id).
inline void CompleteEntry(GpuSpec& g) {
  if (g.name.empty()) g.name = g.id;
}
inline void CompleteEntry(InterconnectSpec& ic) {
  if (ic.name.empty()) ic.name = ic.id;
}
inline void CompleteEntry(ModelPreset& m) {
  if (m.name.empty()) m.name = m.id;
}
inline void CompleteEntry(NetworkPreset& n) {
  if (n.name.empty()) n.name = n.id;
}
template <class T>
void CompleteEntry(T&) {}

// [SECTION] The entity kinds ---------------------------------------------------------------------

// The arrays a catalog document may hold, in the order they are merged and written.
template <class V, RecordOf<Catalog> C>
void VisitCatalogKinds(V& v, C& c) {
  v.Sources("sources", c.sources, "{CODE: \"title — url\"}: the documents the entries' source codes name");
  v.Kind("gpus", "a GPU entry", c.gpus, [](auto& w, auto& x) { VisitGpuFields(w, x); });
  v.Kind("interconnects", "an interconnect entry", c.interconnects, [](auto& w, auto& x) { VisitInterconnectFields(w, x); });
  v.Kind("models", "a model entry", c.models, [](auto& w, auto& x) { VisitModelFields(w, x); });
  v.Kind("currencies", "a currency entry", c.currencies, [](auto& w, auto& x) { VisitCurrencyFields(w, x); });
  v.Kind("prices", "a price entry", c.prices, [](auto& w, auto& x) { VisitPriceFields(w, x); });
  v.Kind("networks", "a network entry", c.networks, [](auto& w, auto& x) { VisitNetworkFields(w, x); });
  v.Kind("network_layers", "a network layer entry", c.network_layers, [](auto& w, auto& x) { VisitNetworkLayerFields(w, x); });
}

}  // namespace gpucfg
