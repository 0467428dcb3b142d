// The planner's inner parts, shared by its .cpp files only: the limits a plan checks, one scored
// configuration, the scorer (the one place a configuration meets the models) and the walk over
// the space with its pruning rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"
#include "planner/candidate.h"
#include "planner/plan.h"
#include "planner/space.h"

namespace gpucfg {

struct PlanLimits {
  int max_gpus = kPlanDefaultMaxGpus;
  double deadline_s = 0, budget = 0, max_node_kw = 0;  // 0 = none
  double electricity_per_kwh = 0;
  int tenants = 0;                                      // plan.tenants (inference)
  int layers = 1, heads = 1, experts = 1;               // of the resolved architecture
  int seq_len = 1;
};

// What the planner keeps of one evaluation (see PlanOption for the meaning per workload kind).
struct PlanScore {
  bool valid = false, fits = false, feasible = false;
  double time_s = 0, cost = 0, energy_kwh = 0;
  int gpus = 0;
  double node_kw = 0;
  double total_gib = 0, capacity_gib = 0;   // memory per GPU
  double mfu = 0, comm_fraction = 0;        // training
  double tpot_s = 0, ttft_s = 0;            // inference
};

// Model states of one GPU's full model (tp = pp = dp = 1, ZeRO 0), from one probe evaluation per
// SKU (and weight format): the memory lower bound divides them by tp x pp and by dp where ZeRO
// shards them. 0 = unknown (the probe failed): no bound.
struct StatesProbe {
  double weights_gib = 0, gradients_gib = 0, optimizer_gib = 0, capacity_gib = 0;
};

class PlanScorer {
 public:
  PlanScorer(const Catalog& catalog, const PlanLimits& limits)
      : catalog_(catalog), limits_(limits), candidates_(catalog) {}

  // The one function that meets the models: ApplyCandidate(base, c) through the lean candidate
  // path (candidate.h: the shape resolved once, the same numbers as the full EvaluateInto).
  void ScoreCandidate(const Scenario& base, const PlanCandidate& c, PlanScore& out);

  StatesProbe Probe(const Scenario& base, const PlanCandidate& c);

  const PlanLimits& Limits() const { return limits_; }

 private:
  const Catalog& catalog_;
  const PlanLimits& limits_;
  Report report_;
  MemoryReport probe_memory_;  // a probe's memory stage (Probe)
  Scenario work_;
  CandidateEvaluator candidates_;
  CandidateScore score_;
};

// Weights + gradients + optimizer states per GPU at least (AddModelStates in
// models/memory/memory_training.cpp: ZeRO 1 shards optimizer states, 2 gradients, 3 weights over dp).
inline double StatesLowerBoundGib(const StatesProbe& p, int tp, int pp, int dp, int zero) {
  const double n = dp;
  return (p.weights_gib / (zero >= 3 ? n : 1.0) + p.gradients_gib / (zero >= 2 ? n : 1.0) +
          p.optimizer_gib / (zero >= 1 ? n : 1.0)) / (tp * pp);
}

// A slice of one SKU's walk, for a search resumed across calls (PlanSearch::Advance): the walk
// counts its cells (training: one gpus-per-node x nodes x tp x pp; inference: one weight format x
// tp) in walk order and handles only cells [begin, end); `seen` ends as the SKU's cell count when
// the walk ran to the end. The default range is the whole walk.
// Where a slice of the training walk stopped (the next cell's loop indices), so that the next slice
// starts there instead of walking every earlier cell again (a page plans in slices of a few cells).
struct WalkCursor {
  int64_t seen = -1;  // the cell index it stopped before; -1 = none
  size_t gi = 0, ni = 0, ti = 0, pi = 0, ci = 0, ei = 0;
};
struct ProbeCache {
  std::array<StatesProbe, 4> probes{};  // per weight format (inference: the scenario's + kPlanQuantised)
  std::array<bool, 4> have{};
  WalkCursor cursor;                    // the training walk's last stop
};
struct WalkRange {
  int64_t begin = 0, end = INT64_MAX;
  int64_t seen = 0;
  ProbeCache* cache = nullptr;  // keeps the SKU's probes across slices; nullptr = probe on each walk
  bool Skip() { const int64_t cell = seen++; return cell < begin || cell >= end; }
  StatesProbe Probe(PlanScorer& scorer, const Scenario& base, const PlanCandidate& c, int slot) {
    if (!cache) return scorer.Probe(base, c);
    if (!cache->have[slot]) cache->probes[slot] = scorer.Probe(base, c), cache->have[slot] = true;
    return cache->probes[slot];
  }
};

// The walk (space.h lists the axes). `visit(candidate, score)` gets every evaluated configuration.
template <class Visit>
void WalkSpace(const Scenario& base, const Catalog& catalog, int sku, uint32_t disabled,
               PlanScorer& scorer, PlanResult& out, Visit&& visit, WalkRange& range) {
  const GpuSpec& g = catalog.gpus[sku];
  const PlanLimits& lim = scorer.Limits();
  auto rule = [&](PruneRule r, bool applies, int64_t n) {
    if (!applies || ((disabled >> static_cast<int>(r)) & 1u)) return false;
    out.pruned[static_cast<int>(r)] += n;
    return true;
  };
  const bool bridge = g.default_intra_node == "nvlink-bridge";
  PlanScore score;
  PlanCandidate c;
  c.gpu = sku;
  if (base.workload.kind == WorkloadKind::kTraining) {
    c.gpus_per_node = 1;
    const StatesProbe probe = range.Probe(scorer, base, c, 0);
    constexpr int64_t kInner = kPlanMicroBatch.size() * kPlanZero.size() * kPlanRecompute.size();
    // cp and ep are searched only where they can matter (space.h); elsewhere they stay 1.
    const std::span<const int> cps = std::span<const int>(kPlanCp).first(lim.seq_len >= kPlanCpMinSeqLen ? kPlanCp.size() : 1);
    const std::span<const int> eps = std::span<const int>(kPlanEp).first(lim.experts > 1 ? kPlanEp.size() : 1);
    // A slice that starts where the last one stopped resumes at its cursor.
    WalkCursor* cursor = range.cache ? &range.cache->cursor : nullptr;
    bool resume = cursor && cursor->seen >= 0 && cursor->seen == range.begin;
    if (resume) range.seen = cursor->seen;
    const std::span<const int> sizes = UsualNodeSizes(g);
    for (size_t gi = resume ? cursor->gi : 0; gi < sizes.size(); ++gi) {
      const int gpn = sizes[gi];
      if (gpn > lim.max_gpus) continue;
      c.gpus_per_node = gpn;
      const std::vector<int> node_counts = PlanNodeCounts(gpn, lim.max_gpus);
      for (size_t ni = resume ? cursor->ni : 0; ni < node_counts.size(); ++ni) {
        c.nodes = node_counts[ni];
        const int total = gpn * c.nodes;
        for (size_t ti = resume ? cursor->ti : 0; ti < kPlanTp.size(); ++ti) {
          const int tp = kPlanTp[ti];
          if (tp > total) break;
          c.tp = tp;
          for (size_t pi = resume ? cursor->pi : 0; pi < kPlanPp.size(); ++pi) {
            const int pp = kPlanPp[pi];
            if (tp * pp > total) break;
            c.pp = pp;
            for (size_t ci = resume ? cursor->ci : 0; ci < cps.size(); ++ci) {
              const int cp = cps[ci];
              if (tp * pp * cp > total) break;
              c.cp = cp;
              for (size_t ei = resume ? cursor->ei : 0; ei < eps.size(); ++ei) {
                const int ep = eps[ei];
                c.ep = ep;
                resume = false;
                if (range.seen >= range.end) {  // the slice is done: remember where
                  if (cursor) *cursor = {range.seen, gi, ni, ti, pi, ci, ei};
                  return;
                }
                if (range.Skip()) continue;
                out.space += kInner;
                const int split = tp * pp * cp;
                if (rule(PruneRule::kSplitNotDividingGpus, total % split != 0, kInner)) continue;
                if (rule(PruneRule::kTpBeyondNode, tp > gpn, kInner)) continue;
                if (rule(PruneRule::kTpBeyondNvlinkDomain, bridge && tp > 2, kInner)) continue;
                if (rule(PruneRule::kTpNotDividingHeads, lim.heads % tp != 0, kInner)) continue;
                if (rule(PruneRule::kPpBeyondLayers, pp > lim.layers, kInner)) continue;
                if (rule(PruneRule::kPpNotDividingLayers, lim.layers % pp != 0, kInner)) continue;
                if (rule(PruneRule::kCpNotDividingSequence, cp > 1 && lim.seq_len % (2 * cp) != 0, kInner)) continue;
                const int dp = total / split;
                if (rule(PruneRule::kEpNotDividing, ep > 1 && (lim.experts % ep != 0 || dp % ep != 0), kInner)) continue;
                constexpr int64_t kPerMb = kPlanZero.size() * kPlanRecompute.size();
                for (int mb : kPlanMicroBatch) {
                  c.micro_batch = mb;
                  if (rule(PruneRule::kBatchNotDivisible, base.workload.global_batch % (mb * dp) != 0, kPerMb)) continue;
                  constexpr int64_t kPerZero = kPlanRecompute.size();
                  for (int zero : kPlanZero) {
                    c.zero = zero;
                    // ZeRO shards over dp x cp (Megatron's distributed optimizer spans both).
                    if (rule(PruneRule::kZeroWithoutDataParallel, zero > 0 && dp * cp == 1, kPerZero)) continue;
                    // Expert parallelism shards the experts' states below the probe's full-model
                    // states, so the bound holds only at ep = 1.
                    const bool over = ep == 1 && probe.capacity_gib > 0 &&
                                      StatesLowerBoundGib(probe, tp, pp, dp * cp, zero) > probe.capacity_gib;
                    if (rule(PruneRule::kMemoryLowerBound, over, kPerZero)) continue;
                    for (Recompute rc : kPlanRecompute) {
                      c.recompute = rc;
                      scorer.ScoreCandidate(base, c, score);
                      visit(c, score);
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return;
  }
  // Inference: one replica of tp GPUs (nodes = 1) at each batch; with tenants (space.h) one replica
  // per tenant, packed into a fleet (FleetShape), at the tenants' batch.
  const std::span<const int> sizes = UsualNodeSizes(g);
  const int largest_node = sizes.empty() ? 1 : sizes.back();
  std::array<Precision, 1 + kPlanQuantised.size()> formats{};
  int format_count = 0;
  formats[format_count++] = base.workload.weight_precision;
  for (Precision p : kPlanQuantised)
    if (p != base.workload.weight_precision) formats[format_count++] = p;
  const int tenants = lim.tenants;
  const std::span<const int> batches = tenants > 0 ? std::span<const int>(&base.workload.batch, 1)
                                                   : std::span<const int>(kPlanInferenceBatch);
  const int64_t kBatches = static_cast<int64_t>(batches.size());
  c.tenants = tenants;
  // The fleet for `needed` GPUs in replicas of `min_node`; false = not in the space (no such node,
  // or more GPUs than plan.max_gpus: as the training walk's node counts stop there).
  auto fleet = [&](int needed, int min_node) {
    if (tenants <= 0) return (c.gpus_per_node = needed, c.nodes = 1, true);
    return FleetShape(g, needed, min_node, c.gpus_per_node, c.nodes) && c.Gpus() <= lim.max_gpus;
  };
  const bool no_fp8 = !(g.peak_tflops[static_cast<int>(Precision::kFp8)].dense > 0);
  for (int f = 0; f < format_count; ++f) {
    c.weight_precision = formats[f];
    c.tp = 1, c.gpus_per_node = 1, c.nodes = 1, c.batch = 1;
    const StatesProbe probe = range.Probe(scorer, base, c, f);
    const bool no_rate = c.weight_precision == Precision::kFp8 && no_fp8;
    for (int tp : kPlanInferenceTp) {
      if (tp > lim.max_gpus) break;
      c.tp = tp;
      if (!fleet(tenants > 0 ? tenants * tp : tp, tp)) continue;
      if (range.Skip()) continue;
      out.space += kBatches;
      if (rule(PruneRule::kTpBeyondNode, tp > largest_node, kBatches)) continue;
      if (rule(PruneRule::kTpBeyondNvlinkDomain, bridge && tp > 2, kBatches)) continue;
      if (rule(PruneRule::kTpNotDividingHeads, lim.heads % tp != 0, kBatches)) continue;
      if (rule(PruneRule::kPrecisionUnsupported, no_rate, kBatches)) continue;
      const bool over = probe.capacity_gib > 0 && probe.weights_gib / tp > probe.capacity_gib;
      if (rule(PruneRule::kMemoryLowerBound, over, kBatches)) continue;
      for (int b : batches) {
        c.batch = b;
        scorer.ScoreCandidate(base, c, score);
        visit(c, score);
      }
    }
    // MIG layouts: max_instances of one profile per GPU, one replica per instance (space.h).
    const MigTable* mig = PlanMigTable(catalog, g);
    const int profiles = mig ? static_cast<int>(mig->profiles.size()) : 0;
    for (int k = 0; k < profiles; ++k) {
      const MigProfile& mp = mig->profiles[k];
      if (!InPlanMigSpace(mp)) continue;
      c.tp = 1, c.mig_profile = k;
      if (!fleet(tenants > 0 ? (tenants + mp.max_instances - 1) / mp.max_instances : 1, 1)) continue;
      if (range.Skip()) continue;
      out.space += kBatches;
      if (rule(PruneRule::kPrecisionUnsupported, no_rate, kBatches)) continue;
      // The instance's usable memory is at most the profile's size (less the CUDA context).
      if (rule(PruneRule::kMemoryLowerBound, probe.weights_gib > mp.memory_gib, kBatches)) continue;
      for (int b : batches) {
        c.batch = b;
        scorer.ScoreCandidate(base, c, score);
        visit(c, score);
      }
    }
    c.mig_profile = -1;
  }
}

// An option from a kept configuration: its scenario, label and numbers; `why` is its binding
// constraints (ExplainBest adds why the winners win).
PlanOption MakeOption(const Scenario& base, const Catalog& catalog, const PlanCandidate& c, const PlanScore& s,
                      const PlanLimits& limits);
void ExplainBest(PlanResult& out, PlanMetric objective, size_t front_size);

}  // namespace gpucfg
