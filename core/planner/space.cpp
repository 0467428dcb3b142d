// The planner's space: usual node sizes per SKU, node counts, the pruning rules' names, and how a
// candidate is written into a scenario.
#include "planner/space.h"

namespace gpucfg {

const PruneRuleInfo& PruneRuleOf(PruneRule r) {
  static constexpr std::array<PruneRuleInfo, kPruneRuleCount> kInfo = {{
      {"split_not_dividing_gpus", "tp x pp x cp does not divide the GPU count"},
      {"tp_beyond_node", "tensor parallelism larger than a node"},
      {"tp_beyond_nvlink_domain", "tensor parallelism beyond the NVLink bridge pair (would cross PCIe)"},
      {"tp_not_dividing_heads", "tp does not divide the attention heads"},
      {"pp_beyond_layers", "more pipeline stages than layers"},
      {"pp_not_dividing_layers", "pipeline stages of unequal layer counts"},
      {"batch_not_divisible", "global_batch is not a multiple of micro_batch x dp"},
      {"zero_without_data_parallel", "ZeRO stage > 0 with dp x cp = 1 (the same as ZeRO 0)"},
      {"precision_unsupported", "the GPU has no Tensor Core rate for this weight format"},
      {"memory_lower_bound", "model states per GPU alone exceed its usable memory"},
      {"cp_not_dividing_sequence", "the sequence does not split into 2 x cp equal chunks"},
      {"ep_not_dividing", "ep does not divide both the experts and dp"},
  }};
  return kInfo[static_cast<int>(r)];
}

std::span<const int> UsualNodeSizes(const GpuSpec& g) {
  static constexpr int kSxm[] = {4, 8};        // HGX 4-GPU and 8-GPU boards
  static constexpr int kEight[] = {8};         // DGX-1 / HGX-1 hybrid cube mesh
  static constexpr int kPcie[] = {1, 2, 4, 8}; // PCIe servers hold 1 to 8 cards
  static constexpr int kBridge[] = {2, 4, 8};  // bridged pairs
  static constexpr int kOne[] = {1};           // modules (Jetson) and superchips counted per node below
  static constexpr int kSuperchip[] = {4};     // GH200/GB200 trays: 4 GPUs per compute tray
  static constexpr int kOam[] = {8};           // OAM baseboards (MI300X): 8 accelerators
  if (g.default_intra_node == "nvlink-mesh") return kEight;
  if (g.default_intra_node == "nvlink-bridge") return kBridge;
  if (g.form_factor.find("module") != std::string::npos && g.default_intra_node == "nvswitch") return kSuperchip;
  if (g.form_factor == "module") return kOne;
  if (g.form_factor == "OAM") return kOam;
  if (g.default_intra_node == "nvswitch") return kSxm;
  return kPcie;
}

std::vector<int> PlanNodeCounts(int gpus_per_node, int max_gpus) {
  std::vector<int> out;
  for (int p = 1; p * gpus_per_node <= max_gpus; p *= 2) {
    out.push_back(p);
    const int mid = p + p / 2;  // 3, 6, 12, ...
    if (p >= 2 && mid * gpus_per_node <= max_gpus) out.push_back(mid);
  }
  return out;
}

void ApplyCandidate(const Scenario& base, const Catalog& catalog, const PlanCandidate& c, Scenario& out) {
  out = base;
  out.plan = PlanConfig{};
  const GpuSpec& g = catalog.gpus[c.gpu];
  // A price the scenario gave is for its own GPU; every other SKU takes the site's catalog price.
  if (!EqualsIgnoreCase(base.cluster.gpu, g.id)) out.pricing.per_gpu_hour = 0;
  out.cluster.gpu = g.id;
  out.cluster.intra_node.clear();  // the SKU's usual fabric
  out.cluster.gpus_per_node = c.gpus_per_node;
  out.cluster.nodes = c.nodes;
  ParallelismConfig& p = out.parallelism;
  p.dp = 0, p.interleave = 1;
  if (base.workload.kind != WorkloadKind::kTraining) out.workload.weight_precision = c.weight_precision;
  // The candidate's layout replaces the base's: whole GPUs, or max_instances of one profile.
  out.cluster.mig = MigConfig{};
  const MigTable* t = c.mig_profile >= 0 ? PlanMigTable(catalog, g) : nullptr;
  if (t && c.mig_profile < static_cast<int>(t->profiles.size())) {
    const MigProfile& p = t->profiles[c.mig_profile];
    out.cluster.mig.profile = p.name;
    out.cluster.mig.instances_per_gpu = p.max_instances;
  }
  ApplyCandidateSplit(c, out);
}

const MigTable* PlanMigTable(const Catalog& catalog, const GpuSpec& g) {
  const MigTable* t = FindMigTable(catalog.mig_tables, g.id);
  return t && !t->profiles.empty() ? t : nullptr;
}

bool FleetShape(const GpuSpec& g, int gpus_needed, int min_node, int& gpus_per_node, int& nodes) {
  const std::span<const int> sizes = UsualNodeSizes(g);
  const int largest = sizes.empty() ? 1 : sizes.back();
  if (largest < min_node) return false;
  if (gpus_needed <= largest) {
    gpus_per_node = gpus_needed, nodes = 1;
    return true;
  }
  int64_t best_total = -1;
  for (int size : sizes) {
    if (size < min_node || size % min_node != 0) continue;
    const int64_t n = (static_cast<int64_t>(gpus_needed) + size - 1) / size;
    if (best_total < 0 || n * size <= best_total) best_total = n * size, gpus_per_node = size, nodes = static_cast<int>(n);
  }
  return best_total > 0;
}

bool InPlanMigSpace(const MigProfile& p) {
  return !p.media_extensions && p.memory_gib > 0 && p.sms > 0 && p.max_instances > 0;
}

void ApplyCandidateSplit(const PlanCandidate& c, Scenario& out) {
  ParallelismConfig& p = out.parallelism;
  p.tp = c.tp, p.pp = c.pp;
  p.cp = 1, p.ep = 1;
  if (out.workload.kind == WorkloadKind::kTraining) {
    p.cp = c.cp, p.ep = c.ep;
    p.zero = c.zero;
    p.recompute = c.recompute;
    out.workload.micro_batch = c.micro_batch;
  } else {
    out.workload.batch = c.batch;
  }
}

}  // namespace gpucfg
