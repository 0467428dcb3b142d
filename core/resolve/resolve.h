// Resolution: the step between a Scenario (ids, defaults, zeros meaning "auto") and the models.
// Looks up the catalog entries, fills defaults that depend on other fields, and checks the
// cross-field rules (tp * pp * cp must divide the GPU count, ...). Errors name the field.
#pragma once

#include <string_view>

#include "base/fabric_kind.h"
#include "catalog/catalog.h"
#include "catalog/engines.h"
#include "workload/finetune.h"
#include "resolve/device.h"
#include "base/issues.h"
#include "contract/scenario.h"
#include "base/warnings.h"

namespace gpucfg {

// The optimizer, parsed once by Resolve (contract names adamw | adam | sgd | adam-8bit | lion).
enum class OptimizerKind { kAdam, kSgd, kAdam8bit, kLion };
OptimizerKind ParseOptimizer(std::string_view name);

// Everything the models read, typed and complete: catalog rows, the effective device, the split,
// and every scenario value a model needs (enums, not strings; option sections copied by value).
// No model reads the raw Scenario (ctest core_layers keeps it so); a new scenario field a model
// needs is copied here once, in Resolve.
struct Resolved {
  const Catalog* catalog = nullptr;
  EffectiveDevice device;                   // the GPU as this job sees it (MakeDevice); id empty = unresolved
  const InterconnectSpec* intra = nullptr;  // the fabric inside a node
  const InterconnectSpec* inter = nullptr;  // nullptr for inter_node "none"
  const ModelPreset* preset = nullptr;      // nullptr for an inline architecture
  TransformerArch arch;
  double parameters = 0;                    // ParameterCount(arch), counted once for every model
  double active_parameters = 0;             // ActiveParameterCount(arch)
  IntraKind intra_kind = IntraKind::kNvswitch;  // cluster.intra_node, or the GPU's usual fabric
  int total_gpus = 1;
  int gpus_per_node = 8, nodes = 1;         // cluster
  double oversubscription = 1.0;            // cluster.oversubscription
  double node_ram_gib = 0;                  // cluster.node_ram_gib; 0 = not checked
  int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
  int nics_per_node = 0;
  int micro_batches = 1;                    // per pipeline per step: ceil(global_batch / (micro_batch * dp))
  // [SECTION] The workload and its split, as the scenario gave them (typed)
  WorkloadKind kind = WorkloadKind::kTraining;
  Precision precision = Precision::kBf16, weight_precision = Precision::kBf16, kv_precision = Precision::kBf16;
  OptimizerKind optimizer = OptimizerKind::kAdam;
  int seq_len = 2048, global_batch = 1024, micro_batch = 1;     // training
  int packed_sample_tokens = 0;                                 // keys a token attends when packed; 0 = seq_len
  int batch = 1, prompt_tokens = 512, output_tokens = 128;     // inference
  double train_tokens = 0;                  // 0 = no time to train
  int train_steps = 0;                      // optimizer steps instead of train_tokens; 0 = none
  double request_rate = 0;                  // inference: requests per second (cluster); 0 = no load model
  int scheduler_steps = 1;                  // decode steps per scheduler call (serving under load)
  bool flash_attention = true;
  double lm_head_fraction = 1;  // training: positions the vocabulary head computes (workload.lm_head_fraction)
  bool channels_last = true;    // networks: NHWC activations (workload.channels_last)
  int zero = 0, interleave = 1;
  bool sequence_parallel = false;
  Recompute recompute = Recompute::kNone;
  bool sparse = false;                      // options.sparse: 2:4 sparse Tensor Core peaks
  SpeedOptions speed;                       // the scenario's speed, memory and power sections
  MemoryOptions memory;
  PowerConfig power;
  bool training() const { return kind == WorkloadKind::kTraining; }
  // [SECTION] Pricing
  double per_gpu_hour = 0;                  // in `currency`
  bool price_from_catalog = false;          // pricing.per_gpu_hour was 0: the catalog's price
  std::string_view currency;
  double electricity_per_kwh = 0;
  double pue = 1.3;                         // pricing.pue
  // power (resolve_power.cpp)
  const ServerSpec* server = nullptr;       // the named server, or the generic one for the GPU
  const PowerMode* power_mode = nullptr;    // edge power mode in force (Jetson), else nullptr
  const PowerMode* power_mode_max = nullptr;  // the module's highest mode (the clocks' reference)
  double gpu_limit_w = 0;                   // the power limit each GPU runs under (cap, server or board)
  double gpu_board_w = 0;                   // the board's default limit (the uncapped reference)
  double gpu_min_limit_w = 0;               // lowest limit nvidia-smi -pl accepts (or a quarter of the board's)
  std::string_view cooling;                 // air | liquid | immersion
  int psu_spares = 0;                       // redundant supplies asked for (-1 = N, for n+n)
  double grid_kg_per_kwh = 0;
  std::string_view grid;
  // [engines, issue 9] the engine profile (nullptr for workload.engine "") and LoRA/QLoRA.
  const EngineProfile* engine = nullptr;
  FinetuneSpec finetune;
  NetworkWorkload network;                  // a non-transformer network (workload/network.h); kNone otherwise
};

// Checks the power section and cluster.server; fills the power part of `out` (resolve_power.cpp).
bool ResolvePower(const Scenario& s, const Catalog& catalog, Resolved& out, Issues* errors);

// Returns true when the scenario can be evaluated; otherwise appends errors (when given).
// Adjustments it makes (rounded batch, defaulted price) go to `warnings` when given.
bool Resolve(const Scenario& s, const Catalog& catalog, Resolved& out, Issues* errors,
             WarningList* warnings = nullptr);

// The parallelism part of Resolve again, on a Resolved of a transformer workload (not a network)
// whose scenario `s` changed only in parallelism.tp/pp/zero/recompute or workload.micro_batch/batch
// since it was resolved (out.scenario must be &s): the same checks and the fields they derive
// (tp, pp, dp, cp, ep, micro_batches), so the result equals Resolve(s) without its lookups. The
// planner's candidate path (planner/candidate.cpp) resolves a shape once and its splits with this.
bool ResolveSplit(const Scenario& s, Resolved& out, Issues* errors = nullptr);

}  // namespace gpucfg
