// Resolution: the step between a Scenario (ids, defaults, zeros meaning "auto") and the models.
// Looks up the catalog entries, fills defaults that depend on other fields, and checks the
// cross-field rules (tp * pp * cp must divide the GPU count, ...). Errors name the field.
#pragma once

#include <string_view>

#include "catalog/catalog.h"
#include "catalog/engines.h"
#include "workload/finetune.h"
#include "resolve/device.h"
#include "base/issues.h"
#include "contract/scenario.h"
#include "base/warnings.h"

namespace gpucfg {

struct Resolved {
  const Scenario* scenario = nullptr;
  const Catalog* catalog = nullptr;
  EffectiveDevice device;                   // the GPU as this job sees it (MakeDevice); id empty = unresolved
  const InterconnectSpec* intra = nullptr;  // the fabric inside a node
  const InterconnectSpec* inter = nullptr;  // nullptr for inter_node "none"
  const ModelPreset* preset = nullptr;      // nullptr for an inline architecture
  TransformerArch arch;
  double parameters = 0;                    // ParameterCount(arch), counted once for every model
  double active_parameters = 0;             // ActiveParameterCount(arch)
  std::string_view intra_node;              // pcie | nvlink-bridge | nvlink-mesh | nvswitch
  int total_gpus = 1;
  int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
  int nics_per_node = 0;
  int micro_batches = 1;                    // per pipeline per step: ceil(global_batch / (micro_batch * dp))
  double per_gpu_hour = 0;                  // in `currency`
  std::string_view currency;
  double electricity_per_kwh = 0;
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
