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
#include "workload/model_fields.h"

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
  v.Number("min_power_limit_w", g.min_power_limit_w, "W", "lowest power limit nvidia-smi -pl accepts (Min Power Limit); 0 = unpublished");
  v.Number("max_power_limit_w", g.max_power_limit_w, "W", "highest power limit (Max Power Limit); 0 = tdp_watts");
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
// (VisitArch, workload/model_fields.h), leniently on ranges: the catalog checks types, Resolve the shape.
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

// Servers, grids and edge power modes (data/servers.json; the power model, issue 10).
template <class V, RecordOf<ServerSpec> S>
void VisitServerFields(V& v, S& s) {
  v.Text("id", s.id, "server id, e.g. dgx-h100", Need::kKey);
  v.Text("name", s.name, "display name");
  v.Text("vendor", s.vendor, "NVIDIA, Dell, Supermicro, Inspur, or generic (a typical configuration)");
  v.Text("typical_gpu", s.typical_gpu, "the GPU it ships with (informational; may be absent from the GPU catalog)");
  v.Text("gpu_form_factor", s.gpu_form_factor, "SXM4, SXM5, PCIe, module, ...");
  v.Integer("gpu_count", s.gpu_count, "GPU slots");
  v.Integer("cpu_count", s.cpu_count, "host CPUs");
  v.Number("cpu_w", s.cpu_w, "W", "one CPU's TDP");
  v.Number("memory_w", s.memory_w, "W", "all DIMMs at load");
  v.Integer("nic_count", s.nic_count, "network adapters (compute and storage)");
  v.Number("nic_w", s.nic_w, "W", "one adapter");
  v.Integer("nvswitch_count", s.nvswitch_count, "NVSwitch chips");
  v.Number("nvswitch_w", s.nvswitch_w, "W", "one NVSwitch chip");
  v.Number("fans_w", s.fans_w, "W", "all fans at full speed");
  v.Number("storage_w", s.storage_w, "W", "all drives at load");
  v.Number("other_w", s.other_w, "W", "BMC, boards, PCIe switches, retimers");
  v.Integer("psu_count", s.psu_count, "installed power supplies");
  v.Number("psu_w", s.psu_w, "W", "rating of one supply at 200-240 V");
  v.Integer("psu_spares", s.psu_spares, "redundant supplies in the vendor's configuration (4+2: 2)");
  v.Number("psu_efficiency", s.psu_efficiency, "fraction", "AC to DC efficiency at typical load (80 PLUS level)");
  v.Number("rated_w", s.rated_w, "W", "rated maximum input of the node");
  v.Number("idle_w", s.idle_w, "W",
           "measured input at the wall with every GPU idle, before a job's process holds them; 0 = not measured (the host is estimated from its components)");
  v.Number("gpu_power_limit_w", s.gpu_power_limit_w, "W", "the server's own GPU power limit; 0 = the board's");
  v.Text("cooling", s.cooling, "air | liquid | immersion");
  v.Number("max_inlet_c", s.max_inlet_c, "C", "highest supported inlet air temperature");
  v.Integer("height_u", s.height_u, "rack units; 0 = not rack-mounted");
  v.Text("estimated", s.estimated, "which figures are gpucfg estimates rather than published");
  v.Text("source", s.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<GridPreset> G>
void VisitGridFields(V& v, G& g) {
  v.Text("id", g.id, "grid preset id: cn, us, eu, fr, world", Need::kKey);
  v.Text("name", g.name, "display name");
  v.Number("kg_per_kwh", g.kg_per_kwh, "kg CO2e/kWh", "carbon intensity of the electricity consumed", Need::kRequired);
  v.Text("source", g.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<PowerMode> M>
void VisitPowerModeFields(V& v, M& m) {
  v.Text("gpu", m.gpu, "GPU catalog id the mode belongs to", Need::kKey);
  v.Text("id", m.id, "mode name as /power/mode takes it: maxn, 50w, ...", Need::kKey);
  v.Integer("nvpmodel_id", m.nvpmodel_id, "nvpmodel -m number");
  v.Number("module_w", m.module_w, "W", "the mode's module power budget", Need::kRequired);
  v.Integer("cpu_cores", m.cpu_cores, "online CPU cores");
  v.Number("cpu_max_mhz", m.cpu_max_mhz, "MHz", "CPU maximum clock");
  v.Integer("gpu_tpcs", m.gpu_tpcs, "GPU TPCs online");
  v.Number("gpu_max_mhz", m.gpu_max_mhz, "MHz", "GPU maximum clock");
  v.Number("dla_max_mhz", m.dla_max_mhz, "MHz", "DLA maximum clock");
  v.Number("emc_max_mhz", m.emc_max_mhz, "MHz", "memory controller maximum clock (bandwidth scales with it)");
  v.Number("tops", m.tops, "TOPS", "INT8 sparse TOPS the mode allows (GPU + DLAs, derived from the clocks)");
  v.Text("verification", m.verification, "how the figures were read");
  v.Text("source", m.source, "source code(s)", Need::kRequired);
}

template <class V, RecordOf<NetworkPreset> N>
void VisitNetworkFields(V& v, N& n) {
  v.Text("id", n.id, "network id, e.g. resnet50", Need::kKey);
  v.Text("name", n.name, "display name; default: the id");
  v.Text("family", n.family, "cnn | detector | segmentation | recommender | speech | vision-language");
  v.Text("input", n.input, "what one sample is, e.g. 224x224x3 image");
  v.Number("published_params", n.published_params, "parameters", "parameter count its authors state; 0 = none found");
  v.Number("published_gflops", n.published_gflops, "GFLOP", "forward GFLOPs per sample they state (multiply-add = 2); 0 = none found");
  v.Number("items_per_inference_sample", n.items_per_inference_sample, "records",
           "records (the layers' per-sample unit) one inference sample aggregates, e.g. an MLPerf DLRM query of user-item pairs; default 1");
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
  v.Number("in_elems", l.in_elems, "elements per sample",
           "gemm: input elements really read per step, all counts (a convolution's input, not its im2col matrix)");
  v.Number("act_elems", l.act_elems, "elements per sample", "activations kept for the backward pass");
  v.Number("mem_elems", l.mem_elems, "elements per sample",
           "memory-bound traffic in training, forward (backward twice it): elementwise, pooling, gathered rows; a norm and activation read and written once "
           "(fused)");
  v.Number("eager_elems", l.eager_elems, "elements per sample", "the same as an eager engine's separate kernels move it (eager_kernels); 0 = mem_elems");
  v.Number("eager_backward_elems", l.eager_backward_elems, "elements per sample", "their backward traffic; 0 = twice eager_elems");
  v.Number("fused_elems", l.fused_elems, "elements per sample", "the same traffic with an inference engine's fusions (GEMM epilogues, fused softmax)");
  v.Number("fused_in_elems", l.fused_in_elems, "elements per sample",
           "gemm with an engine that fuses embedding gathers into it: elements it moves per sample besides the gathered rows, its other input and its output "
           "(0 = as eager)");
  v.Number("fused_gather_elems", l.fused_gather_elems, "elements per sample",
           "gemm with such an engine: embedding-row elements it gathers in the same kernel (their embedding records then move nothing)");
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
  v.Kind("servers", "a server entry", c.servers, [](auto& w, auto& x) { VisitServerFields(w, x); });
  v.Kind("grids", "a grid entry", c.grids, [](auto& w, auto& x) { VisitGridFields(w, x); });
  v.Kind("power_modes", "a power mode entry", c.power_modes, [](auto& w, auto& x) { VisitPowerModeFields(w, x); });
  v.Kind("networks", "a network entry", c.networks, [](auto& w, auto& x) { VisitNetworkFields(w, x); });
  v.Kind("network_layers", "a network layer entry", c.network_layers, [](auto& w, auto& x) { VisitNetworkLayerFields(w, x); });
}

}  // namespace gpucfg
