// The input: one cluster, one workload, how it is split, what it costs. A plain struct with its
// defaults in member initialisers; the JSON loader, the CLI and the ImGui page all fill this same
// struct. Field names follow shared/contract-v1.md; docs/contract.md documents units and defaults.
#pragma once

#include <string>
#include <vector>

#include "workload/model.h"
#include "workload/network.h"
#include "base/precision.h"

namespace gpucfg {

// What a new Scenario says (readers accept 1 and 2, contract/features.h; reports say 2).
inline constexpr int kSchemaVersion = 1;

enum class WorkloadKind { kTraining, kInference };
enum class Recompute { kNone, kSelective, kFull };

// MIG (contract v2 "MIG"): every GPU split into `instances_per_gpu` instances of one profile, the
// workload replicated one copy per instance. Empty profile and 0 instances = whole GPUs.
struct MigConfig {
  std::string profile;                 // GPU-instance profile name ("1g.10gb"); "" = no MIG
  int instances_per_gpu = 0;           // 0 = no MIG
};

struct ClusterConfig {
  std::string gpu = "A100-SXM4-80GB";  // catalog id
  int gpus_per_node = 8;
  int nodes = 1;
  std::string intra_node;              // pcie | nvlink-bridge | nvlink-mesh | nvswitch; "" = the GPU's usual
  std::string inter_node = "none";     // none | ib-edr | ib-hdr | ib-ndr | ib-xdr | roce-* | eth-*
  int nics_per_node = 0;               // 0 = one per GPU (rail-optimised), when inter_node != none
  double oversubscription = 1.0;       // network core oversubscription ratio (1 = non-blocking)
  double node_ram_gib = 0.0;           // host memory per node; 0 = not checked
  std::string server;                  // server catalog id (data/servers.json); "" = a generic one for the GPU
  MigConfig mig;                       // MIG slices (core/mig); default: whole GPUs
};

// LoRA / QLoRA fine-tuning (contract v2): adapters of `rank` on `targets`, frozen base in
// `base_precision` ("" = bf16 for lora, nf4 for qlora).
struct FinetuneConfig {
  std::string method;                  // "" | lora | qlora
  int rank = 16;
  std::string targets = "attention";   // qv | attention | all-linear
  std::string base_precision;          // "" | bf16 | fp16 | int8 | nf4 | int4
  bool bnb_keeps_inputs = false;       // bitsandbytes < 0.43.2: its 4-bit matmul keeps each input
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
  int train_steps = 0;                 // optimizer steps instead of a token budget; 0 = by train_tokens
  bool flash_attention = true;
  int packed_sample_tokens = 0;        // sequence packing: tokens per packed sample; 0 = one per sequence
  double lm_head_fraction = 1.0;       // share of positions the vocabulary head and loss compute
  bool channels_last = true;           // networks: activations NHWC (false: NCHW, transposed per convolution)
  // inference
  int batch = 1;
  int prompt_tokens = 512;
  int output_tokens = 128;
  Precision kv_precision = Precision::kBf16;
  Precision weight_precision = Precision::kBf16;  // inference weights (int8/int4 quantised)
  // [engines, issue 9] what runs the job, fine-tuning, serving load (contract v2, Workloads)
  std::string engine;                  // "" = no engine profile (the default model); data/engines.json ids
  FinetuneConfig finetune;             // method "" = full training of every weight
  double request_rate = 0;             // inference: requests per second to the whole cluster; 0 = no load model
  int scheduler_steps = 1;             // inference under load: decode steps per scheduler call (vLLM
                                       // --num-scheduler-steps); newcomers join between blocks
  // non-transformer networks: the contract's {"family": "generic", ...} object (workload/network.h);
  // a catalog network is a plain id in `model`
  bool generic_inline = false;
  GenericNetwork generic;
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

// Power, thermals and facility (contract v2 "power"; owned by the power model, issue 10). Every
// default that is a judgement says so in scenario_fields.h.
struct PowerConfig {
  double gpu_cap_w = 0;                // per-GPU power limit (nvidia-smi -pl); 0 = the board's default
  std::string mode;                    // edge modules' power mode (Jetson "maxn", "50w", "30w", "15w")
  double inlet_c = 25;                 // server inlet air temperature, C
  std::string cooling;                 // air | liquid | immersion; "" = the server's own
  double rack_kw = 30;                 // power budget of one rack
  double node_supply_w = 0;            // what the node's supplies deliver; 0 = the server's PSUs
  std::string psu_redundancy;          // none | n+1 | n+n; "" = the server's own scheme
  std::string grid;                    // CO2e preset (cn | us | eu | fr | world); "" = by currency
  double grid_kg_per_kwh = 0;          // CO2e intensity; 0 = the preset's
  double air_rack_kw = 30;             // heat one air-cooled rack can shed (rule of thumb)
  double outlet_rise_c = 11;           // inlet-to-outlet air temperature rise for the airflow figure
  double transient_factor = 1.15;      // millisecond power excursions / enforced limit (judgement)
};

struct OptionsConfig {
  bool sparse = false;                 // use 2:4 sparse Tensor Core peaks
};

// Speed-model knobs (owned by the speed model, issue 4). Every default is a judgement with a source
// in core/models/speed/performance.cpp or core/models/speed/collectives.cpp; 0 means "use the model's default".
struct SpeedOptions {
  double matmul_efficiency = 0;        // best dense GEMM / dense peak; 0 = catalog, then architecture
  double hbm_efficiency = 0;           // achievable / datasheet HBM bandwidth; 0 = catalog, then 0.90
  double attention_efficiency = 0;     // fused attention FLOP rate / dense peak at 2,048 keys; 0 = 0.60 (FA2)
  double sustained_efficiency = 0;     // Tensor Core rate in a running job / isolated microbenchmark; 0 = 0.85
  double kernel_overhead_us = 2.0;     // per kernel launch/tail, microseconds
  double tp_comm_overlap = 0.0;        // fraction of tensor-parallel communication hidden, 0..1
  double dp_overlap = 1.0;             // fraction of the last backward pass gradient reduction may hide under
  double bucket_mb = 25.0;             // gradient bucket, MB (10^6 bytes); the last one is exposed
  double grad_reduce_bytes = 0;        // bytes per gradient element reduced; 0 = 2 (16-bit), 4 (fp32/tf32)
  bool pcie_switch = false;            // PCIe P2P through a PCIe switch rather than the CPU root complex
  bool nvls = true;                    // use NVLink SHARP all-reduce where the switch supports it
  int nodes_per_leaf = 20;             // nodes under one leaf switch; oversubscription applies beyond
  double tpot_target_ms = 50.0;        // inference: latency target per output token for best batch
  double ttft_target_ms = 2000.0;      // inference: latency target for the first token
  double clock_factor = 1.0;           // SM clock / boost clock (a derate): every peak rate scales
  std::string algorithm = "auto";      // collectives: auto | ring | tree | nvls | nvls-tree | pat (force one)
};

// Memory-model knobs (owned by the memory model, issue 3). Each default is a judgement whose source
// is cited in core/models/memory/memory*.cpp; a negative value or 0 where stated means "use the model's default".
struct MemoryOptions {
  double usable_gib = 0;               // usable memory per GPU, GiB; 0 = catalog (nvidia-smi total)
  double cuda_context_gib = -1;        // per process, GiB; <0 = by architecture (1.3 pre-Ampere, 0.5 after)
  double nccl_gib_per_group = 0.25;    // NCCL buffers per communicator a GPU is in (group size > 1), GiB
  double fragmentation = -1;           // allocator reserve over activations + KV cache; <0 = engine's (0.15)
  int grad_bytes = 0;                  // bytes per gradient element; 0 = recipe (fp32 main grads = 4)
  int int4_group_size = 128;           // int4 weights: elements per fp16 scale + 4-bit zero group
  double kv_cache_copies = 0;          // 1 = preallocated/paged cache; 2 = HF tuple cache; 0 = engine's (1)
  double host_pinned_gib_per_gpu = 2.0;  // pinned host staging per GPU process, GiB
  int dataloader_workers_per_gpu = 4;  // host processes feeding each GPU
  double dataloader_worker_gib = 1.0;  // resident host memory per data-loader worker, GiB
};

// The planner's goal and limits (contract v2 "plan"; core/planner/). Zero means "no limit". Only
// `gpucfg plan` reads it; Evaluate ignores it.
enum class PlanObjective { kCost, kTime, kEnergy };
struct PlanConfig {
  PlanObjective objective = PlanObjective::kCost;
  double deadline_days = 0;            // time to train (training) at most this; 0 = none
  double budget = 0;                   // job cost (rental + electricity) at most this, `currency`; 0 = none
  int max_gpus = 0;                    // 0 = the planner's default cap (kPlanDefaultMaxGpus)
  double max_rack_kw = 0;              // power of one node (it must fit one rack) at most this; 0 = none
  int tenants = 0;                     // inference: isolated tenants, one model copy each; 0 = one service
  std::vector<std::string> gpus;       // allowed catalog ids; empty = every GPU priced in `currency`
  bool operator==(const PlanConfig&) const = default;
};

struct Scenario {
  int schema_version = kSchemaVersion;
  ClusterConfig cluster;
  WorkloadConfig workload;
  ParallelismConfig parallelism;
  PricingConfig pricing;
  OptionsConfig options;
  SpeedOptions speed;
  MemoryOptions memory;
  PowerConfig power;
  PlanConfig plan;                     // contract v2; ignored by Evaluate

  int TotalGpus() const { return cluster.gpus_per_node * cluster.nodes; }
};

}  // namespace gpucfg
