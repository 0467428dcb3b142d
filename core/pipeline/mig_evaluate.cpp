// cluster.mig: check the layout by placement, price one instance as a device with the unchanged
// models, then scale to the cluster (see mig_evaluate.h). Cluster throughput = one instance's x
// instances (the slices share no SMs, bandwidth or L2: MIG User Guide, concepts); latencies are one
// instance's; power and rental are the whole boards' (cost: rental = price x GPUs x hours).
#include "pipeline/mig_evaluate.h"

#include <algorithm>

#include "base/units.h"
#include "pipeline/evaluate.h"
#include "catalog/mig_catalog.h"
#include "resolve/mig_device.h"
#include "mig/placement.h"
#include "models/power/power.h"
#include "resolve/resolve.h"

namespace gpucfg {

namespace {

void Fail(Report& out, const char* code, std::string message, const char* path) {
  out.errors.push_back(Issue{code, std::move(message), path});
}

std::string Names(const MigTable& t) {
  std::string s;
  for (size_t i = 0; i < t.profiles.size(); ++i) s += (i ? ", " : "") + t.profiles[i].name;
  return s;
}

// The MIG fields against the GPU's table; the profile index (its layout's check in `layout`), or -1
// after adding errors.
int CheckMig(const Scenario& s, const MigTable* t, Report& out, MigCheck& layout) {
  const MigConfig& m = s.cluster.mig;
  if (t == nullptr) {
    Fail(out, "no_mig", s.cluster.gpu + " does not support MIG (`gpucfg mig profiles GPU` on an A100, A30, H100, H200 or B200)", "/cluster/gpu");
    return -1;
  }
  if (t->profiles.empty()) {
    Fail(out, "mig_not_published", "NVIDIA publishes no MIG profile table for " + s.cluster.gpu + ": " + t->note, "/cluster/gpu");
    return -1;
  }
  if (m.profile.empty()) {
    Fail(out, "missing_field", "cluster.mig needs a profile, one of: " + Names(*t), "/cluster/mig/profile");
    return -1;
  }
  const int p = FindMigProfile(*t, m.profile);
  if (p < 0) {
    Fail(out, "unknown_profile", "unknown profile \"" + m.profile + "\" on " + s.cluster.gpu + "; its profiles: " + Names(*t),
         "/cluster/mig/profile");
    return -1;
  }
  if (m.instances_per_gpu < 1) {
    Fail(out, "out_of_range", "cluster.mig needs instances_per_gpu from 1 to " + std::to_string(t->profiles[p].max_instances),
         "/cluster/mig/instances_per_gpu");
    return -1;
  }
  layout = CheckMigLayout(*t, std::vector<int>(m.instances_per_gpu, p));
  const MigCheck& c = layout;
  if (!c.valid) {
    std::string closest;
    for (const MigCounts& l : ClosestMigLayouts(*t, CountsOf(*t, std::vector<int>(m.instances_per_gpu, p)))) {
      std::string names;
      for (const std::string& n : LayoutNames(*t, l)) names += (names.empty() ? "" : " + ") + n;
      closest += (closest.empty() ? "" : "; ") + names;
    }
    Fail(out, "invalid_layout", std::to_string(m.instances_per_gpu) + " x " + m.profile + " is not a valid layout: " +
                                    c.reason + (closest.empty() ? "" : "; closest valid: " + closest),
         "/cluster/mig/instances_per_gpu");
    return -1;
  }
  const ParallelismConfig& par = s.parallelism;
  const char* split = par.tp > 1 ? "/parallelism/tp" : par.pp > 1 ? "/parallelism/pp" : par.cp > 1 ? "/parallelism/cp"
                    : par.ep > 1 ? "/parallelism/ep" : nullptr;
  if (split != nullptr) {
    Fail(out, "mig_no_p2p", "MIG instances have no NVLink or P2P and NCCL does not support MIG (MIG User Guide, "
                            "deployment considerations): each copy runs on one instance, so tp = pp = cp = ep = 1", split);
    return -1;
  }
  return p;
}

// The power model's warning codes (power_warnings.inc, the table warnings.cpp reads).
bool IsPowerWarning(std::string_view code) {
  struct Entry { std::string_view code, text; };
  static constexpr Entry kPower[] = {
#include "base/power_warnings.inc"
  };
  for (const Entry& e : kPower)
    if (e.code == code) return true;
  return false;
}

void ScalePerformance(PerformanceReport& p, double copies, double per_gpu, double gpu_share) {
  p.tokens_per_s *= copies;
  p.tokens_per_s_per_gpu *= per_gpu;
  p.tflops_per_gpu *= per_gpu;
  p.mfu *= per_gpu * gpu_share;  // utilisation of the whole GPU's peak: n instances x their SM share
  p.hfu *= per_gpu * gpu_share;
  p.samples_per_s *= copies;  // networks and encoders: every instance serves (or trains) its own batches
  p.output_tokens_per_s *= copies;
  p.output_tokens_per_s_per_gpu *= per_gpu;
  p.decode_tokens_per_s *= copies;
  p.best_batch_output_tokens_per_s *= copies;
}

}  // namespace

bool UsesMig(const Scenario& s) { return s.cluster.mig.instances_per_gpu > 0 || !s.cluster.mig.profile.empty(); }

void EvaluateMigInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& options, Report& out) {
  out = Report{};
  MigResolution m;
  if (!ResolveMig(s, catalog, m, out)) return;
  EvaluateOptions o = options;
  o.cache = nullptr;  // a cache is keyed by one resolution (the candidate path registers the instance's)
  EvaluateMigResolvedInto(m, o, out);
}

bool ResolveMig(const Scenario& s, const Catalog& catalog, MigResolution& m, Report& out) {
  // The scenario as whole GPUs first: every other field checked with its own path, and the whole
  // board's price and electricity resolved.
  m.whole = s;
  m.whole.cluster.mig = {};
  if (!Resolve(m.whole, catalog, m.boards, &out.errors, &out.warnings)) return false;
  const GpuSpec& gpu = catalog.gpus[m.boards.device.catalog_index];
  m.table = FindMigTable(catalog.mig_tables, gpu.id);
  m.profile = CheckMig(s, m.table, out, m.layout);
  if (m.profile < 0) return false;
  m.instances_per_gpu = s.cluster.mig.instances_per_gpu;
  m.share = MigShare(gpu, *m.table, m.table->profiles[m.profile]);

  // One instance as a device (Resolve applies its limits, mig_device.h), priced by the unchanged
  // models on a one-device cluster. Its report starts over: the boards' resolution warnings are not
  // the instance's.
  m.one = m.whole;
  m.one.cluster.mig = s.cluster.mig;
  m.one.cluster.gpus_per_node = 1, m.one.cluster.nodes = 1;
  m.one.cluster.intra_node.clear(), m.one.cluster.inter_node = "none", m.one.cluster.nics_per_node = 0;
  m.one.parallelism.dp = 0, m.one.parallelism.zero = 0, m.one.parallelism.sequence_parallel = false;
  out.errors.clear();
  out.warnings.count = 0;
  out.assumptions.count = 0;
  if (!Resolve(m.one, catalog, m.instance, &out.errors, &out.warnings)) {
    out.setup = {}, out.memory = {}, out.performance = {}, out.power = {}, out.cost = {};
    return false;
  }
  m.instance_warnings = out.warnings;
  return true;
}

void EvaluateMigResolvedInto(const MigResolution& m, const EvaluateOptions& o, Report& out) {
  out.errors.clear();
  out.warnings = m.instance_warnings;
  out.assumptions.count = 0;
  EvaluateResolvedInto(m.instance, o, out);
  if (!out.errors.empty()) return;
  if (!o.speed_if_unfit && !out.memory.fits) return;  // decided at the memory stage (evaluate_options.h)

  const Resolved& r = m.boards;
  const GpuSpec& gpu = r.catalog->gpus[r.device.catalog_index];
  const MigProfile& prof = m.table->profiles[m.profile];
  const int n = m.instances_per_gpu;
  const int gpus = r.total_gpus;
  const double copies = static_cast<double>(n) * gpus;
  const MigInstanceShare& share = m.share;
  out.per_instance.present = true;
  out.per_instance.performance = out.performance;
  ScalePerformance(out.performance, copies, n, share.sm_fraction);
  out.performance.gpu_hours = out.performance.time_to_train_s * gpus / kSecondsPerHour;
  out.setup.total_gpus = gpus;

  // Power: the whole boards and their servers, every instance busy. Each instance runs the same
  // kernels on its slice, at the utilisations of its own ceiling, so the power model on the whole
  // GPU (its resolution `r`: the real node size, host and node count) at those utilisations gives
  // the board as if every slice were busy; a layout that leaves slices empty draws only the active
  // share of the dynamic power (dynamic power is the sum of the active units': AccelWattch,
  // Kandiah et al., MICRO 2021). The instance's own power pass priced a one-GPU node: its power
  // warnings are replaced by the whole node's.
  EvaluateOptions board = o;
  board.cache = nullptr;  // the cache, if any, is the instance's
  const double throughput_factor = out.power.throughput_factor, clock_factor = out.power.clock_factor;
  WarningList board_warnings;
  ComputePowerInto(r, out.per_instance.performance, board, board_warnings, out.power);
  PowerReport& pw = out.power;
  const double active = std::min(1.0, n * share.fraction_of_gpu);
  const double idle_share_w = (pw.gpu_w - pw.gpu_idle_w) * (1 - active);
  pw.gpu_w -= idle_share_w;
  pw.node_w -= r.gpus_per_node * idle_share_w / pw.psu_efficiency;
  pw.cluster_kw = pw.node_w * r.nodes / 1000.0;
  pw.facility_kw = pw.cluster_kw * r.pue;
  pw.throughput_factor = throughput_factor, pw.clock_factor = clock_factor;  // what the speed figures used
  SetEnergy(r, out.performance.time_to_train_s, pw);
  int kept = 0;
  for (int i = 0; i < out.warnings.count; ++i)
    if (!IsPowerWarning(out.warnings.items[i].code)) out.warnings.items[kept++] = out.warnings.items[i];
  out.warnings.count = kept;
  for (const Warning& w : board_warnings) out.warnings.Add(w.code, w.path, w.value, w.limit, w.args);

  // Rental: the whole boards (price x GPUs x hours).
  const bool inference = m.whole.workload.kind == WorkloadKind::kInference;
  CostReport& c = out.cost;
  c.per_gpu_hour = r.per_gpu_hour;
  c.per_hour = r.per_gpu_hour * gpus;
  const double tokens_per_s = inference ? out.performance.output_tokens_per_s : out.performance.tokens_per_s;
  c.per_million_tokens = tokens_per_s > 0 ? c.per_hour / (tokens_per_s * kSecondsPerHour) * 1e6 : 0;
  if (!inference && out.performance.time_to_train_s > 0) {
    c.gpu_hours = out.performance.time_to_train_s * gpus / kSecondsPerHour;
    c.total = c.gpu_hours * r.per_gpu_hour;
  }
  c.electricity_total = pw.energy_kwh * r.electricity_per_kwh;  // as ComputeCost prices it

  // The report's mig section.
  MigSection& sec = out.mig;
  sec.present = true;
  sec.profile = prof.name;
  sec.instances_per_gpu = n;
  sec.instances = static_cast<int>(copies);
  const MigCheck& placed = m.layout;  // CheckMigLayout(*t, n x p), the check that admitted it
  sec.placement_count = std::min<int>(static_cast<int>(placed.placement.size()), MigSection::kMaxPlacement);
  for (int i = 0; i < sec.placement_count; ++i) sec.placement[i] = MigPlacementEntry{prof.name, placed.placement[i].start};
  sec.instance.sms = share.sms;
  sec.instance.memory_gib = share.memory_gib;
  sec.instance.hbm_gbps = gpu.hbm_gbps * share.bandwidth_fraction;
  sec.instance.l2_mib = gpu.l2_mib * share.l2_fraction;
  sec.instance.fraction_of_gpu = share.fraction_of_gpu;

  out.assumptions.Add("mig_replicated", "/cluster/mig/instances_per_gpu", copies);
  out.assumptions.Add("mig_slice_owns", "/cluster/mig/profile");
  out.assumptions.Add("mig_no_p2p", "/parallelism/tp");
  out.assumptions.Add("mig_power_whole_board", "/cluster/gpu", gpus);
  const int unused = m.table->compute_slots - n * prof.compute_slices;
  if (unused > 0) out.warnings.Add("mig_slot_unused", "/cluster/mig/instances_per_gpu", unused, m.table->compute_slots);
}

}  // namespace gpucfg
