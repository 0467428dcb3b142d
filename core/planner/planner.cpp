// The search: validate the plan section, list the SKUs, walk the space, drop what a named rule
// proves invalid or unable to fit, score the rest with the models (ScoreCandidate), keep the best
// per objective and the time-cost Pareto front online (no list of every result is kept).
#include <algorithm>
#include <cmath>
#include <string>

#include "evaluate.h"
#include "planner/plan.h"
#include "planner/plan_internal.h"
#include "resolve/resolve.h"

namespace gpucfg {
namespace {

// [SECTION] Validation ---------------------------------------------------------------------------

void ValidatePlan(const Scenario& s, const Catalog& catalog, std::vector<int>& skus, Issues& errors) {
  const PlanConfig& plan = s.plan;
  auto priced = [&](const GpuSpec& g) {
    return FindPrice(catalog, g.id, s.pricing.currency) != nullptr ||
           (s.pricing.per_gpu_hour > 0 && EqualsIgnoreCase(g.id, s.cluster.gpu));
  };
  for (size_t i = 0; i < plan.gpus.size(); ++i) {
    const std::string path = "/plan/gpus/" + std::to_string(i);
    const GpuSpec* g = FindGpu(catalog, plan.gpus[i]);
    if (!g) {
      errors.push_back({"unknown_gpu", "unknown GPU \"" + plan.gpus[i] + "\"; `gpucfg gpus` lists the ids", path});
      continue;
    }
    if (!priced(*g)) {
      errors.push_back({"no_price", "no " + s.pricing.currency + " price for " + g->id +
                                        " in the catalog: add one (--catalog) or leave it out", path});
      continue;
    }
    const int row = static_cast<int>(g - catalog.gpus.data());
    bool dup = false;
    for (int k : skus) dup = dup || k == row;
    if (dup) {
      errors.push_back({"duplicate", "\"" + plan.gpus[i] + "\" is listed twice", path});
      continue;
    }
    skus.push_back(row);
  }
  if (plan.gpus.empty()) {
    for (size_t i = 0; i < catalog.gpus.size(); ++i)
      if (priced(catalog.gpus[i])) skus.push_back(static_cast<int>(i));
    if (skus.empty())
      errors.push_back({"no_price", "no GPU has a " + s.pricing.currency + " price: name GPUs and give prices", "/plan/gpus"});
  }
  if (s.workload.kind == WorkloadKind::kTraining && s.workload.train_tokens <= 0)
    errors.push_back({"missing_field", "the planner needs a token budget to compare time and cost (tokens, > 0)",
                      "/workload/train_tokens"});
}

double ElectricityPrice(const Scenario& s, const Catalog& catalog) {
  if (s.pricing.electricity_per_kwh > 0) return s.pricing.electricity_per_kwh;
  const CurrencyPreset* c = FindCurrency(catalog, s.pricing.currency);
  return c ? c->electricity_per_kwh : 0;
}

// [SECTION] Online bests and front ---------------------------------------------------------------

double MetricOf(const PlanScore& s, PlanMetric m) {
  switch (m) {
    case PlanMetric::kTime: return s.time_s;
    case PlanMetric::kCost: return s.cost;
    case PlanMetric::kEnergy: return s.energy_kwh;
    case PlanMetric::kGpus: return s.gpus;
  }
  return 0;
}

// Strictly better on the metric, then cost, time, GPUs; a tie keeps the earlier configuration.
bool Better(const PlanScore& a, const PlanScore& b, PlanMetric m) {
  const double am = MetricOf(a, m), bm = MetricOf(b, m);
  if (am != bm) return am < bm;
  if (a.cost != b.cost) return a.cost < b.cost;
  if (a.time_s != b.time_s) return a.time_s < b.time_s;
  return a.gpus < b.gpus;
}

struct Kept {
  PlanCandidate c;
  PlanScore s;
};

void AddToFront(std::vector<Kept>& front, const Kept& k) {
  for (const Kept& f : front)
    if (f.s.time_s <= k.s.time_s && f.s.cost <= k.s.cost) return;  // dominated or equal: keep the first
  size_t w = 0;
  for (size_t i = 0; i < front.size(); ++i)
    if (!(k.s.time_s <= front[i].s.time_s && k.s.cost <= front[i].s.cost)) front[w++] = front[i];
  front.resize(w);
  front.push_back(k);
}

PlanMetric MetricOfObjective(PlanObjective o) {
  switch (o) {
    case PlanObjective::kCost: return PlanMetric::kCost;
    case PlanObjective::kTime: return PlanMetric::kTime;
    case PlanObjective::kEnergy: return PlanMetric::kEnergy;
  }
  return PlanMetric::kCost;
}

}  // namespace

// [SECTION] Search -------------------------------------------------------------------------------

PlanResult Plan(const Scenario& scenario, const Catalog& catalog, const PlanSettings& settings) {
  PlanResult out;
  out.kind = scenario.workload.kind;
  out.objective = scenario.plan.objective;
  out.currency = scenario.pricing.currency;
  std::vector<int> skus;
  ValidatePlan(scenario, catalog, skus, out.errors);
  if (!out.errors.empty()) return out;
  out.skus = static_cast<int>(skus.size());

  Scenario base = scenario;
  base.plan = PlanConfig{};
  PlanLimits limits;
  limits.max_gpus = scenario.plan.max_gpus > 0 ? scenario.plan.max_gpus : kPlanDefaultMaxGpus;
  limits.deadline_s = scenario.plan.deadline_days * 86400.0;
  limits.budget = scenario.plan.budget;
  limits.max_node_kw = scenario.plan.max_rack_kw;
  limits.electricity_per_kwh = ElectricityPrice(scenario, catalog);
  {
    Resolved r;
    if (!Resolve(base, catalog, r, &out.errors)) return out;
    limits.layers = r.arch.layers, limits.heads = r.arch.heads;
  }

  PlanScorer scorer(catalog, limits);
  const PlanMetric objective = MetricOfObjective(out.objective);
  bool have[4] = {false, false, false, false};
  std::array<Kept, 4> best{};
  std::vector<Kept> front;
  int64_t since_progress = 0;
  const double sku_count = static_cast<double>(skus.size());
  int sku_done = 0;

  auto visit = [&](const PlanCandidate& c, const PlanScore& s) {
    ++out.evaluated;
    if (!s.valid) ++out.invalid;
    if (!s.feasible) return;
    ++out.feasible;
    const Kept k{c, s};
    for (int m = 0; m < 4; ++m)
      if (!have[m] || Better(s, best[m].s, static_cast<PlanMetric>(m))) best[m] = k, have[m] = true;
    AddToFront(front, k);
    if (settings.progress && ++since_progress >= 4096) {
      since_progress = 0;
      settings.progress(settings.progress_ctx, sku_done / sku_count);
    }
  };
  for (int sku : skus) {
    WalkSpace(base, catalog, sku, settings.disabled_rules, scorer, out, visit);
    ++sku_done;
    if (settings.progress) settings.progress(settings.progress_ctx, sku_done / sku_count);
  }

  if (!have[static_cast<int>(objective)]) return out;
  out.has_best = true;
  for (int m = 0; m < 4; ++m) out.best_by[m] = MakeOption(base, catalog, best[m].c, best[m].s, limits);
  out.best = out.best_by[static_cast<int>(objective)];
  std::sort(front.begin(), front.end(), [](const Kept& a, const Kept& b) { return a.s.time_s < b.s.time_s; });
  for (const Kept& k : front) out.pareto.push_back(MakeOption(base, catalog, k.c, k.s, limits));
  ExplainBest(out, objective, front.size());
  return out;
}

}  // namespace gpucfg
