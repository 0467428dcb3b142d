// ScoreCandidate: one configuration through the models (the lean candidate path, candidate.h),
// reduced to what the planner compares.
// Training: time to train, rental + electricity of the job, facility energy of the job.
// Inference: request latency, rental + electricity and facility energy per 1M output tokens, within
// the scenario's latency targets (speed.tpot_target_ms, speed.ttft_target_ms; 0 = none). Networks
// (no tokens out: ResNet, RNN-T, ...): one batch's latency and the same per 1M samples served, the
// TTFT target bounding the batch's latency (its first and only result). With plan.tenants: the
// fleet's rental + electricity and facility energy per hour.
#include "pipeline/evaluate.h"
#include "pipeline/mig_evaluate.h"
#include "models/memory/memory.h"
#include "planner/plan_internal.h"
#include "resolve/resolve.h"

namespace gpucfg {

void PlanScorer::ScoreCandidate(const Scenario& base, const PlanCandidate& c, PlanScore& out) {
  candidates_.Evaluate(base, c, score_);
  const CandidateScore& r = score_;
  out = PlanScore{};
  out.gpus = r.gpus;
  out.valid = r.valid;
  if (!out.valid) return;
  out.fits = r.fits;
  out.total_gib = r.total_gib;
  out.capacity_gib = r.capacity_gib;
  if (!out.fits) return;  // not feasible; every other figure of it is 0 (ScoreFromReport)
  // A rack is provisioned for a node's peak draw (contract v2 power), else its average.
  out.node_kw = (r.node_peak_w > 0 ? r.node_peak_w : r.node_w) / 1000.0;
  bool ok = out.fits;
  if (base.workload.kind == WorkloadKind::kTraining) {
    out.time_s = r.time_to_train_s;
    out.cost = r.cost_total + r.electricity_total;
    out.energy_kwh = r.energy_kwh;
    out.mfu = r.mfu;
    out.comm_fraction = r.comm_fraction;
    ok = ok && out.time_s > 0;
    if (limits_.deadline_s > 0) ok = ok && out.time_s <= limits_.deadline_s;
  } else {
    const bool samples = r.output_tokens_per_s <= 0 && r.samples_per_s > 0;
    out.time_s = samples ? r.latency_s : r.request_latency_s;
    out.tpot_s = r.tpot_s;
    out.ttft_s = samples ? r.latency_s : r.ttft_s;
    const double per_s = samples ? r.samples_per_s : r.output_tokens_per_s;
    ok = ok && per_s > 0;
    if (limits_.tenants > 0) {
      // Tenants: the fleet that holds every tenant's copy, per hour (rental + facility energy).
      out.energy_kwh = r.facility_kw;
      out.cost = r.per_hour + out.energy_kwh * limits_.electricity_per_kwh;
    } else if (per_s > 0) {
      // kWh per 1M tokens (samples) = facility kW x seconds per token x 1e6 / 3600 s/h
      out.energy_kwh = r.facility_kw / per_s * 1e6 / 3600.0;
      const double rental = samples ? r.per_hour / (per_s * 3600.0) * 1e6 : r.per_million_tokens;
      out.cost = rental + out.energy_kwh * limits_.electricity_per_kwh;
    }
    if (base.speed.tpot_target_ms > 0) ok = ok && r.tpot_s * 1000.0 <= base.speed.tpot_target_ms;
    if (base.speed.ttft_target_ms > 0) ok = ok && out.ttft_s * 1000.0 <= base.speed.ttft_target_ms;
  }
  if (limits_.budget > 0) ok = ok && out.cost <= limits_.budget;
  if (limits_.max_node_kw > 0) ok = ok && out.node_kw <= limits_.max_node_kw;
  out.feasible = ok;
}

StatesProbe PlanScorer::Probe(const Scenario& base, const PlanCandidate& c) {
  PlanCandidate one = c;
  one.gpus_per_node = 1, one.nodes = 1, one.tp = 1, one.pp = 1, one.zero = 0, one.micro_batch = 1, one.batch = 1;
  one.cp = 1, one.ep = 1;
  ApplyCandidate(base, catalog_, one, work_);
  StatesProbe p;
  const MemoryReport* m = &report_.memory;
  if (UsesMig(work_)) {  // a MIG layout's memory is its instance's (EvaluateMigInto)
    EvaluateInto(work_, catalog_, kLeanEvaluation, report_);
    if (!report_.errors.empty()) return p;
  } else {
    // Only the memory stage: it reads nothing of the later ones, and its breakdown and capacity
    // do not depend on the options (they skip only the fixes and bisections around them).
    Resolved r;
    if (!Resolve(work_, catalog_, r, nullptr, nullptr)) return p;
    WarningList scratch;
    ComputeMemoryInto(r, kLeanEvaluation, scratch, probe_memory_);
    m = &probe_memory_;
  }
  const MemoryBreakdown& b = m->per_gpu;
  p.weights_gib = b.weights_gib;
  p.gradients_gib = b.gradients_gib;
  p.optimizer_gib = b.optimizer_gib;
  p.capacity_gib = m->capacity_gib;
  return p;
}

}  // namespace gpucfg
