// The input: one cluster, one workload, how it is split, what it costs. A plain struct with its
// defaults in member initialisers; the JSON loader, the CLI and the ImGui page all fill this same
// struct. Field names follow shared/contract-v1.md; docs/contract.md documents units and defaults.
#pragma once

#include <string>

#include "model.h"
#include "precision.h"

namespace gpucfg {

inline constexpr int kSchemaVersion = 1;

enum class WorkloadKind { kTraining, kInference };
enum class Recompute { kNone, kSelective, kFull };

struct ClusterConfig {
  std::string gpu = "A100-SXM4-80GB";  // catalog id
  int gpus_per_node = 8;
  int nodes = 1;
  std::string intra_node;              // pcie | nvlink-bridge | nvlink-mesh | nvswitch; "" = the GPU's usual
  std::string inter_node = "none";     // none | ib-edr | ib-hdr | ib-ndr | ib-xdr | roce-* | eth-*
  int nics_per_node = 0;               // 0 = one per GPU (rail-optimised), when inter_node != none
  double oversubscription = 1.0;       // network core oversubscription ratio (1 = non-blocking)
  double node_ram_gib = 0.0;           // host memory per node; 0 = not checked
};

struct WorkloadConfig {
  WorkloadKind kind = WorkloadKind::kTraining;
  std::string model = "llama2-7b";     // catalog id; "custom" when `arch` came inline
  TransformerArch arch;                // filled from the catalog, or given inline in the scenario
  bool arch_inline = false;            // true when the scenario gave the architecture itself
  Precision precision = Precision::kBf16;
  int seq_len = 2048;
  // training
  std::string optimizer = "adamw";     // adamw | adam | sgd | adam-8bit | lion
  int global_batch = 1024;             // sequences per optimizer step
  int micro_batch = 1;
  double train_tokens = 0;             // 0 = no time-to-train
  bool flash_attention = true;
  // inference
  int batch = 1;
  int prompt_tokens = 512;
  int output_tokens = 128;
  Precision kv_precision = Precision::kBf16;
  Precision weight_precision = Precision::kBf16;  // inference weights (int8/int4 quantised)
};

struct ParallelismConfig {
  int tp = 1;
  int pp = 1;
  int dp = 0;                          // 0 = GPUs / (tp * pp * cp)
  int cp = 1;                          // context parallel
  int ep = 1;                          // expert parallel
  int zero = 0;                        // ZeRO stage 0..3 (3 = FSDP full shard)
  bool sequence_parallel = false;
  Recompute recompute = Recompute::kNone;
  int interleave = 1;                  // virtual pipeline stages per GPU
};

struct PricingConfig {
  std::string currency = "USD";        // picks the price list in data/prices.json
  double per_gpu_hour = 0;             // 0 = the catalog's price for this GPU and currency
  double electricity_per_kwh = 0;      // 0 = the currency preset's
  double pue = 1.3;                    // facility power / IT power
};

struct OptionsConfig {
  bool sparse = false;                 // use 2:4 sparse Tensor Core peaks
  double gpu_utilization = 0.0;        // 0 = estimated from the workload
};

struct Scenario {
  int schema_version = kSchemaVersion;
  ClusterConfig cluster;
  WorkloadConfig workload;
  ParallelismConfig parallelism;
  PricingConfig pricing;
  OptionsConfig options;

  int TotalGpus() const { return cluster.gpus_per_node * cluster.nodes; }
};

}  // namespace gpucfg
