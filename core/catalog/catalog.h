// The hardware and model catalogs: GPUs, interconnects, model presets and rental prices.
// The built-in catalog is generated at build time from data/*.json and compiled in, so the CLI and
// the browser need no files. A site operator may merge an override catalog (extra GPUs, prices)
// given as JSON text. Every entry keeps the `source` it was taken from.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"
#include "workload/model.h"
#include "workload/network.h"
#include "base/precision.h"
#include "catalog/engines.h"
#include "catalog/mig_catalog.h"
#include "catalog/servers.h"
#include "catalog/sharing.h"

namespace gpucfg {

// [SECTION] GPUs ---------------------------------------------------------------------------------

// Peak rate in TFLOP/s (TOPS for int8/int4); 0 = not supported on this GPU.
struct PeakRate {
  double dense = 0.0;
  double sparse = 0.0;  // 2:4 structured sparsity (Ampere and later); = dense where none
  bool operator==(const PeakRate&) const = default;
};

struct GpuSpec {
  std::string id;            // stable catalog id, e.g. "A100-SXM4-80GB"
  std::string name;          // display name
  std::string vendor = "NVIDIA";
  std::string architecture;  // "Ampere"
  std::string chip;          // "GA100"
  double compute_capability = 0.0;
  int sms = 0;
  double boost_clock_mhz = 0.0;
  std::array<PeakRate, kPrecisionCount> peak_tflops{};  // indexed by Precision
  double memory_gb = 0.0;          // as marketed (10^9 bytes)
  double memory_usable_gib = 0.0;  // what nvidia-smi reports as total; 0 = unknown (derived)
  std::string memory_type;         // "HBM2e"
  double hbm_gbps = 0.0;           // memory bandwidth, GB/s
  double l2_mib = 0.0;
  double tdp_watts = 0.0;          // board power limit
  double idle_watts = 0.0;         // typical idle draw; 0 = unknown
  double min_power_limit_w = 0.0;  // nvidia-smi "Min Power Limit" (lowest -pl); 0 = unpublished
  double max_power_limit_w = 0.0;  // nvidia-smi "Max Power Limit"; 0 = tdp_watts
  std::string form_factor;         // "SXM4", "PCIe", "module"
  int pcie_gen = 0;
  int nvlink_gen = 0;              // 0 = none
  int nvlink_links = 0;
  double nvlink_gbps_bidir = 0.0;  // total over all links, both directions added (NVIDIA's figure)
  int mig_max_instances = 0;       // 0 = no MIG
  std::string default_intra_node;  // pcie | nvlink-bridge | nvlink-mesh | nvswitch
  // What real kernels reach, from published microbenchmarks (shared/calibration); 0 = unmeasured,
  // the speed model then uses its architecture default.
  double matmul_efficiency = 0.0;  // best achievable dense matmul / dense peak (16-bit)
  double hbm_efficiency = 0.0;     // achievable streaming bandwidth / hbm_gbps
  std::string verification;        // N / T / H / D / U codes of shared/reference/gpu-specs.md
  std::string source;
  bool operator==(const GpuSpec&) const = default;
};

// [SECTION] Interconnects ------------------------------------------------------------------------

struct InterconnectSpec {
  std::string id;                 // "pcie-gen4", "nvlink3", "nvswitch-gen2", "ib-hdr", "roce-200g"
  std::string kind;               // pcie | nvlink | nvlink-bridge | nvswitch | infiniband | roce | ethernet
  std::string name;
  int generation = 0;
  double gbps_per_direction = 0;  // GB/s (bytes) per direction: per x16 link, per GPU, or per port
  double gbit_per_direction = 0;  // Gb/s (bits) per direction, for network ports; 0 otherwise
  double latency_us = 0;          // typical one-hop latency used as the alpha term
  std::string source;
  bool operator==(const InterconnectSpec&) const = default;
};

// [SECTION] Model presets ------------------------------------------------------------------------

struct ModelPreset {
  std::string id;                // "llama2-7b"
  std::string name;              // "Llama-2 7B"
  TransformerArch arch;
  double published_params = 0;   // parameter count its authors state (for checking ParameterCount)
  std::string source;
  bool operator==(const ModelPreset&) const = default;
};

// [SECTION] Prices -------------------------------------------------------------------------------

struct GpuPrice {
  std::string gpu;               // catalog id
  std::string currency;          // ISO 4217: "USD", "CNY"
  double per_gpu_hour = 0;
  std::string source;
  bool operator==(const GpuPrice&) const = default;
};

struct CurrencyPreset {
  std::string code;              // "CNY"
  std::string symbol;            // "¥"
  double electricity_per_kwh = 0;
  std::string source;
  bool operator==(const CurrencyPreset&) const = default;
};

// [SECTION] The catalog --------------------------------------------------------------------------

// A citation code used by `source` fields ("A100-DS", or several joined by ", "), with its text
// ("NVIDIA A100 datasheet — https://..."): each data file's "sources" object.
struct SourceRef {
  std::string code;
  std::string citation;
  bool operator==(const SourceRef&) const = default;
};

struct Catalog {
  std::vector<GpuSpec> gpus;
  std::vector<InterconnectSpec> interconnects;
  std::vector<ModelPreset> models;
  std::vector<GpuPrice> prices;
  std::vector<CurrencyPreset> currencies;
  std::vector<NetworkPreset> networks;        // non-transformer networks (data/networks.json)
  std::vector<NetworkLayer> network_layers;   // their layers, each naming its network
  std::vector<SourceRef> sources;  // all files' "sources" merged, sorted by code (case-sensitive)
  std::vector<ServerSpec> servers;     // data/servers.json (catalog/servers.h)
  std::vector<GridPreset> grids;
  std::vector<PowerMode> power_modes;
  // Read by their own strict readers (MergeCatalogJson calls them), honored wherever the catalog is.
  std::vector<EngineProfile> engines;  // data/engines.json (catalog/engines.h)
  std::vector<MigTable> mig_tables;    // data/mig_profiles.json (catalog/mig_catalog.h)
  std::vector<SharingFact> sharing;    // data/gpu_sharing.json (catalog/sharing.h), in the data's order
  // Member-wise: the compiled-in snapshot is checked equal to the catalog read from data/*.json.
  bool operator==(const Catalog&) const = default;
};

// The compiled-in catalog, parsed once on first use.
const Catalog& BuiltinCatalog();

// Parses one catalog document ({"schema_version":1, "gpus":[...], ...}; any subset of the arrays)
// and merges it into `into`: entries with an existing id replace it, others are appended. Problems
// come back as issues with JSON pointers into `text`; valid entries are still merged.
Issues MergeCatalogJson(std::string_view text, Catalog& into);
// Puts each network's layer records side by side (MergeCatalogJson does it after every document:
// a later document's new layer joins its network's run). Resolve hands a network's records to the
// models as one span (LayersOf, below): a Catalog built by hand keeps runs whole too.
void GroupNetworkLayers(std::vector<NetworkLayer>& layers);

// Case-insensitive lookups; nullptr when absent. No allocation.
const GpuSpec* FindGpu(const Catalog& c, std::string_view id);
const InterconnectSpec* FindInterconnect(const Catalog& c, std::string_view id);
const ModelPreset* FindModel(const Catalog& c, std::string_view id);
const NetworkPreset* FindNetwork(const Catalog& c, std::string_view id);
const GpuPrice* FindPrice(const Catalog& c, std::string_view gpu, std::string_view currency);
const CurrencyPreset* FindCurrency(const Catalog& c, std::string_view code);
const SourceRef* FindSource(const Catalog& c, std::string_view code);

// The whole catalog as JSON text (for `gpucfg gpus --format json` and the wasm `catalog()`): every
// section, engines, MIG tables and sharing facts included, in the schema MergeCatalogJson reads,
// so merging it into an empty Catalog gives the same catalog back.
std::string CatalogToJson(const Catalog& c);
// One GPU entry as CatalogToJson writes it (for `gpucfg gpu ID --format json`).
std::string CatalogEntryToJson(const GpuSpec& g);
// One server entry, plus "psus" (contract v2), for `gpucfg server ID --format json`.
std::string CatalogEntryToJson(const ServerSpec& s);
// Every key of every entity kind a catalog document may hold, as a markdown table (JSON pointer,
// type, unit, required, meaning): `gpucfg schema --catalog`, the catalog table of docs/contract.md.
std::string CatalogFieldsMarkdown();

bool EqualsIgnoreCase(std::string_view a, std::string_view b);

// [SECTION] A catalog network's layer records ---------------------------------------------------

// Totals of a catalog network's layers: parameters, forward FLOPs per sample, kept activation elements.
struct NetworkTotals {
  double params = 0, forward_flops = 0, act_elems = 0;
  int layers = 0;
};
NetworkTotals TotalsOf(const Catalog& c, std::string_view network);
// A catalog network's layer records: one run, since the catalog keeps each network's records side
// by side (GroupNetworkLayers, catalog.h); empty when it has none.
std::span<const NetworkLayer> LayersOf(const Catalog& c, std::string_view network);

}  // namespace gpucfg
