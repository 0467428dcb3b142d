// The planner's candidate path: one configuration of the space scored by the lean stages
// (evaluate.h, kLeanEvaluation) without copying or re-parsing a Scenario and without resolving the
// catalog's strings again. The base is resolved once per shape (SKU, GPUs per node, nodes, weight
// format); a candidate only rewrites the split (tp, pp, ZeRO, recompute, micro-batch or batch) in
// that scenario and in the Resolved (ResolveSplit), then runs memory -> speed -> power -> cost.
// Its numbers are the full EvaluateInto's of ApplyCandidate(base, c) bit for bit
// (tests/candidate_test.cpp checks it over many configurations); a configuration that does not fit
// is decided at the memory stage (its speed, power and cost are left 0: nothing ranks it).
#pragma once

#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"
#include "pipeline/mig_evaluate.h"
#include "models/model_cache.h"
#include "planner/space.h"
#include "resolve/resolve.h"

namespace gpucfg {

// What a ranking reads of one evaluation (the report's figures, unrounded).
struct CandidateScore {
  bool valid = false;             // the scenario resolves (else every figure below is 0)
  bool fits = false;              // memory.fits (false: only the memory figures and gpus are filled;
                                  // the lean path stops at the memory stage, kLeanEvaluation)
  int gpus = 0;
  double total_gib = 0, capacity_gib = 0;           // memory.per_gpu.total_gib, memory.capacity_gib
  double node_w = 0, node_peak_w = 0, facility_kw = 0;  // power
  double energy_kwh = 0;          // power.energy_kwh (training: the job; inference: one hour)
  double cost_total = 0, electricity_total = 0, per_million_tokens = 0;  // cost
  // training
  double step_time_s = 0, time_to_train_s = 0, tokens_per_s = 0, mfu = 0, comm_fraction = 0;
  // inference
  double ttft_s = 0, tpot_s = 0, request_latency_s = 0, output_tokens_per_s = 0;
  double samples_per_s = 0, latency_s = 0, per_hour = 0;  // networks: samples served, one batch's latency; rental
};

// The figures of a report, as CandidateScore names them (valid = no errors; a report that does not
// fit gives its memory figures only, whatever its later sections hold).
void ScoreFromReport(const Report& r, int gpus, CandidateScore& out);

class CandidateEvaluator {
 public:
  explicit CandidateEvaluator(const Catalog& catalog) : catalog_(catalog) {}

  // Scores ApplyCandidate(base, catalog, c). `base` must stay alive and unchanged between calls
  // that pass the same object (the shape's resolution is kept); Forget() drops it.
  void Evaluate(const Scenario& base, const PlanCandidate& c, CandidateScore& out);
  void Forget() { base_ = nullptr; }


 private:
  bool SameShape(const Scenario& base, const PlanCandidate& c) const;
  void ResolveShape(const Scenario& base, const PlanCandidate& c);

  const Catalog& catalog_;
  const Scenario* base_ = nullptr;  // the base of the shape below (nullptr = none yet)
  PlanCandidate shape_c_;
  Scenario work_;                   // ApplyCandidate(base, shape), its split rewritten per candidate
  Resolved shape_;                  // Resolve(work_) with tp = pp = 1, its split per candidate
  bool shape_ok_ = false;
  bool full_path_ = false;          // networks (and what mig_ does not cover): EvaluateInto (lean) on work_
  bool mig_path_ = false;           // an inference MIG layout: mig_ resolved once, the batch per candidate
  MigResolution mig_;               // ResolveMig(work_) of a MIG shape (valid when shape_ok_)
  ModelCache cache_;
  Report report_;
};

}  // namespace gpucfg
