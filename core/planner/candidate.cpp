// The candidate path (candidate.h): resolve a shape once, rewrite the split per candidate, run the
// lean stages. Everything a candidate changes is a plain number in the scenario (ApplyCandidateSplit)
// and the split fields of the Resolved (ResolveSplit), so the models see exactly the scenario and
// resolution the full path builds from ApplyCandidate(base, c).
#include "planner/candidate.h"

#include "pipeline/evaluate.h"
#include "pipeline/mig_evaluate.h"

namespace gpucfg {

void ScoreFromReport(const Report& r, int gpus, CandidateScore& out) {
  if (!r.errors.empty()) {
    out = CandidateScore{};
    out.gpus = gpus;
    return;
  }
  if (!r.memory.fits) {
    // Only the memory figures: a report that does not fit has no later section to read (the lean
    // path stops at the memory stage, and the candidate path's leaves them stale: ranking_only).
    out = CandidateScore{};
    out.gpus = gpus;
    out.valid = true;
    out.total_gib = r.memory.per_gpu.total_gib;
    out.capacity_gib = r.memory.capacity_gib;
    return;
  }
  // Every field is written below (no zeroing first: this runs once per scored configuration).
  out.gpus = gpus;
  out.valid = true;
  out.fits = r.memory.fits;
  out.total_gib = r.memory.per_gpu.total_gib;
  out.capacity_gib = r.memory.capacity_gib;
  out.node_w = r.power.node_w, out.node_peak_w = r.power.node_peak_w, out.facility_kw = r.power.facility_kw;
  out.energy_kwh = r.power.energy_kwh;
  out.cost_total = r.cost.total, out.electricity_total = r.cost.electricity_total;
  out.per_million_tokens = r.cost.per_million_tokens;
  const PerformanceReport& p = r.performance;
  out.step_time_s = p.step_time_s, out.time_to_train_s = p.time_to_train_s, out.tokens_per_s = p.tokens_per_s;
  out.mfu = p.mfu, out.comm_fraction = p.comm_fraction;
  out.ttft_s = p.ttft_s, out.tpot_s = p.tpot_s, out.request_latency_s = p.request_latency_s;
  out.output_tokens_per_s = p.output_tokens_per_s;
  out.samples_per_s = p.samples_per_s, out.latency_s = p.latency_s, out.per_hour = r.cost.per_hour;
}

// A shape is what ApplyCandidate writes besides the split: the SKU (and its price), the node size
// and count, the inference weight format and MIG layout.
bool CandidateEvaluator::SameShape(const Scenario& base, const PlanCandidate& c) const {
  return base_ == &base && c.gpu == shape_c_.gpu && c.gpus_per_node == shape_c_.gpus_per_node &&
         c.nodes == shape_c_.nodes && c.weight_precision == shape_c_.weight_precision &&
         c.mig_profile == shape_c_.mig_profile;
}

void CandidateEvaluator::ResolveShape(const Scenario& base, const PlanCandidate& c) {
  base_ = &base;
  shape_c_ = c;
  // tp = pp = cp = ep = 1 always passes ResolveSplit's checks, so the shape's resolution runs to the end
  // exactly when any candidate's would (the later steps do not read the split).
  PlanCandidate one = c;
  one.tp = 1, one.pp = 1, one.cp = 1, one.ep = 1;
  ApplyCandidate(base, catalog_, one, work_);
  const bool mig = UsesMig(work_);
  mig_path_ = false;
  // An inference MIG layout: the boards and the instance resolved once (EvaluateMigInto's two
  // resolutions), the batch written into both per candidate. A network on MIG slices keeps the
  // whole evaluation (its split is resolved by another path), and so does training, whose split
  // would rewrite the instance's ZeRO stage.
  if (mig && work_.workload.kind == WorkloadKind::kInference) {
    // ResolveMig only adds errors and warnings to the report (read by no one here; the candidates'
    // evaluations reset them): no fresh 12 KB report per layout.
    report_.errors.clear(), report_.warnings.count = 0, report_.assumptions.count = 0;
    shape_ok_ = ResolveMig(work_, catalog_, mig_, report_);
    mig_path_ = !shape_ok_ || !IsNetwork(mig_.instance.network);
    full_path_ = !mig_path_;
    if (mig_path_) cache_.UseResolution(&mig_.instance);
    return;
  }
  shape_ok_ = Resolve(work_, catalog_, shape_, nullptr, nullptr);
  full_path_ = mig || (shape_ok_ && IsNetwork(shape_.network));
  // Candidates rewrite only the split of shape_ (ResolveSplit): its rates and fabric are shared.
  // The layer passes, collective times and power phases stay: their keys are exact (model_cache.h),
  // and other node counts of the SKU ask for the same passes.
  cache_.UseResolution(&shape_);
}

void CandidateEvaluator::Evaluate(const Scenario& base, const PlanCandidate& c, CandidateScore& out) {
  if (!SameShape(base, c)) ResolveShape(base, c);
  ApplyCandidateSplit(c, work_);
  if (mig_path_ && (c.tp != 1 || c.pp != 1 || c.cp != 1 || c.ep != 1)) {
    // Not a split MIG allows (mig_no_p2p): the whole evaluation says so.
    EvaluateInto(work_, catalog_, kLeanEvaluation, report_);
    return ScoreFromReport(report_, c.Gpus(), out);
  }
  if (mig_path_) {
    if (shape_ok_) {
      ApplyCandidateSplit(c, mig_.whole);
      ApplyCandidateSplit(c, mig_.one);
    }
    if (!shape_ok_ || !ResolveSplit(mig_.whole, mig_.boards, nullptr) || !ResolveSplit(mig_.one, mig_.instance, nullptr)) {
      out = CandidateScore{};
      out.gpus = c.Gpus();
      return;
    }
    EvaluateOptions o = kLeanEvaluation;
    o.cache = &cache_;
    EvaluateMigResolvedInto(mig_, o, report_);
    return ScoreFromReport(report_, c.Gpus(), out);
  }
  if (full_path_) {  // networks and MIG layouts: the scenario through the whole lean evaluation
    EvaluateInto(work_, catalog_, kLeanEvaluation, report_);
    return ScoreFromReport(report_, c.Gpus(), out);
  }
  if (!shape_ok_ || !ResolveSplit(work_, shape_, nullptr)) {
    out = CandidateScore{};
    out.gpus = c.Gpus();
    return;
  }
  report_.errors.clear();
  report_.warnings.count = 0;
  EvaluateOptions o = kLeanEvaluation;
  o.cache = &cache_;
  // A ranking reads no roofline point: a training pass goes to the power model through the cache
  // instead of as eleven written points (the same numbers, model_cache.h). Inference keeps its
  // points: its passes are the evaluation's own, and clearing them would cost more.
  o.roofline_points = !shape_.training();
  o.ranking_only = true;  // read by ScoreFromReport only
  EvaluateResolvedInto(shape_, o, report_);
  ScoreFromReport(report_, c.Gpus(), out);
}

}  // namespace gpucfg
