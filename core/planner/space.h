// The planner's search space: which configurations `gpucfg plan` scores, and the named rules that
// drop a configuration before it is evaluated because it cannot be valid or cannot fit. The space
// is finite and listed here in full, so "evaluated" is always the whole space minus what a named
// rule pruned (counted per rule), never a sample.
#pragma once

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "base/precision.h"
#include "catalog/catalog.h"
#include "contract/scenario.h"
#include "catalog/mig_catalog.h"

namespace gpucfg {

inline constexpr int kPlanDefaultMaxGpus = 1024;  // plan.max_gpus = 0 (a judgement: one large pod)

// Training axes. Nodes: 1, 2, 3, 4, 6, 8, 12, ... (powers of two and 1.5 x them) up to max_gpus.
inline constexpr std::array<int, 7> kPlanTp = {1, 2, 4, 8, 16, 32, 64};
inline constexpr std::array<int, 12> kPlanPp = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64};
inline constexpr std::array<int, 4> kPlanMicroBatch = {1, 2, 4, 8};
inline constexpr std::array<int, 4> kPlanZero = {0, 1, 2, 3};
inline constexpr std::array<Recompute, 3> kPlanRecompute = {Recompute::kNone, Recompute::kSelective,
                                                            Recompute::kFull};
// Context parallelism splits each sequence over cp ranks (Megatron-Core context parallel: ring
// attention over 2 x cp load-balanced chunks). It is searched only for sequences of at least
// kPlanCpMinSeqLen tokens (a judgement: below that, activations are small beside the model states
// and tp with sequence parallelism already splits them); shorter jobs keep cp = 1.
inline constexpr std::array<int, 4> kPlanCp = {1, 2, 4, 8};
inline constexpr int kPlanCpMinSeqLen = 8192;
// Expert parallelism shards a mixture-of-experts model's experts over ep of the dp ranks (GShard,
// Lepikhin et al. 2021; Megatron-Core MoE). Searched only for MoE models; dense ones keep ep = 1.
inline constexpr std::array<int, 5> kPlanEp = {1, 2, 4, 8, 16};
// Inference axes: one replica of tp GPUs (a server slice rented per GPU), batch, weight format.
inline constexpr std::array<int, 4> kPlanInferenceTp = {1, 2, 4, 8};
inline constexpr std::array<int, 9> kPlanInferenceBatch = {1, 2, 4, 8, 16, 32, 64, 128, 256};
inline constexpr std::array<Precision, 3> kPlanQuantised = {Precision::kFp8, Precision::kInt8,
                                                            Precision::kInt4};
// MIG layouts (inference, MIG-capable SKUs): one GPU split into as many instances of one profile as
// fit (the profile's max_instances: a homogeneous layout, always valid by the MIG User Guide's
// placement table), each instance one replica at tp 1 (MIG has no P2P), at each batch and weight
// format. The cost is the whole board's (rental, its server's power) over all instances' tokens, so
// a small model whose whole-GPU replica leaves the GPU idle between kernels pays here. Mixed layouts
// per tenant are `gpucfg mig plan`'s. Profiles with media extensions ("+me": the same slices as
// their base profile) and profiles with no published size are not in the space.
const MigTable* PlanMigTable(const Catalog& catalog, const GpuSpec& g);  // nullptr: no MIG layouts for this SKU
bool InPlanMigSpace(const MigProfile& p);
// Tenants (plan.tenants = T > 0): each tenant its own copy (tp GPUs, or one MIG instance), running
// workload.batch sequences (the batch axis is that one value). The copies are packed into the
// fewest GPUs in whole nodes: up to the SKU's largest usual node, one node of exactly the GPUs
// needed (a server slice, as a single replica is); past it, nodes of the usual size (a multiple of
// `min_node`) that leaves the fewest GPUs spare, the larger size on a tie (fewer hosts). False when
// no usual node holds `min_node` GPUs.
bool FleetShape(const GpuSpec& g, int gpus_needed, int min_node, int& gpus_per_node, int& nodes);

// The pruning rules, in the order they are tried (the first that matches is counted).
enum class PruneRule {
  kSplitNotDividingGpus,   // tp x pp x cp must divide the GPU count (Resolve would refuse it)
  kTpBeyondNode,           // tensor parallelism stays inside one node (all-reduce per layer)
  kTpBeyondNvlinkDomain,   // NVLink bridges join pairs: tp > 2 would cross PCIe
  kTpNotDividingHeads,     // Megatron splits attention heads over tp (Resolve would refuse it)
  kPpBeyondLayers,         // a stage needs at least one layer (Resolve would refuse it)
  kPpNotDividingLayers,    // uneven stages: the busiest stage sets the pace
  kBatchNotDivisible,      // global_batch must be micro_batch x dp x a whole number (else the recipe changes)
  kZeroWithoutDataParallel,// ZeRO shards over dp x cp: with dp x cp = 1 it is ZeRO 0 again (a duplicate)
  kPrecisionUnsupported,   // inference: the GPU has no Tensor Core rate for this weight format
  kMemoryLowerBound,       // weights (+ gradients + optimizer states) per GPU alone exceed the memory
  kCpNotDividingSequence,  // the sequence must split into 2 x cp equal chunks (Megatron's load balance)
  kEpNotDividing,          // ep must divide the experts and dp (Resolve would refuse it)
  kCount
};
inline constexpr int kPruneRuleCount = static_cast<int>(PruneRule::kCount);
struct PruneRuleInfo {
  std::string_view name;
  std::string_view meaning;
};
const PruneRuleInfo& PruneRuleOf(PruneRule r);

// One point of the space. Fields not used by the workload's kind keep their defaults.
struct PlanCandidate {
  int gpu = -1;                    // row of Catalog::gpus
  int gpus_per_node = 1, nodes = 1;
  int tp = 1, pp = 1;
  int cp = 1, ep = 1;              // training: context- and expert-parallel degrees
  int micro_batch = 1, zero = 0;
  Recompute recompute = Recompute::kNone;
  int batch = 1;                   // inference (per replica: per MIG instance in a MIG layout)
  Precision weight_precision = Precision::kBf16;  // inference
  int mig_profile = -1;            // inference: profile row of PlanMigTable(gpu), -1 = whole GPUs
  int tenants = 0;                 // inference: plan.tenants the fleet (gpus_per_node x nodes) serves; 0 = one replica
  int Gpus() const { return gpus_per_node * nodes; }
};

// GPUs per node the SKU's servers usually have (a judgement from the form factor and fabric:
// HGX boards of 4 or 8 SXM GPUs, DGX-1 8 x SXM2, 1-8 PCIe cards, bridged pairs, one module).
std::span<const int> UsualNodeSizes(const GpuSpec& g);

// Node counts of the training space for nodes of `gpus_per_node` GPUs, at most max_gpus GPUs.
std::vector<int> PlanNodeCounts(int gpus_per_node, int max_gpus);

// The base scenario with the candidate's choices written in: the scenario that is evaluated, and
// the one a plan prints (plan section cleared). Keeps `out`'s string storage when reused.
void ApplyCandidate(const Scenario& base, const Catalog& catalog, const PlanCandidate& c, Scenario& out);
// The part of ApplyCandidate that varies inside one shape (SKU, node size, nodes, weight format, MIG layout):
// tp, pp and, for training, cp, ep, ZeRO, recompute and micro-batch, for inference the batch. Writes only
// plain numbers (no strings), so the candidate path (candidate.h) rewrites a scenario in place.
void ApplyCandidateSplit(const PlanCandidate& c, Scenario& out);

}  // namespace gpucfg
