// The search: validate the plan section, list the SKUs, walk the space, drop what a named rule
// proves invalid or unable to fit, score the rest with the models (ScoreCandidate), keep the best
// per objective and the time-cost Pareto front online (no list of every result is kept). The walk
// is resumable (PlanSearch: a page plans in slices across frames); Plan is a loop over it.
#include <algorithm>
#include <cmath>
#include <string>

#include "pipeline/evaluate.h"
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
  if (s.workload.kind == WorkloadKind::kTraining && plan.tenants > 0)
    errors.push_back({"out_of_range", "tenants are for inference plans (each tenant its own model copy); 0 for training",
                      "/plan/tenants"});
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

// Everything one search holds between Advance calls. Not movable: the scorer keeps a reference
// to the limits.
struct PlanSearch::State {
  const Catalog& catalog;
  uint32_t disabled = 0;
  PlanResult out;
  std::vector<int> skus;
  Scenario base;
  PlanLimits limits;
  PlanScorer scorer{catalog, limits};
  PlanMetric objective = PlanMetric::kCost;
  bool have[4] = {false, false, false, false};
  std::array<Kept, 4> best{};
  std::vector<Kept> front;
  std::vector<int64_t> cells;  // cells of each SKU's walk
  std::vector<ProbeCache> probes;  // each SKU's probes, taken once
  int64_t total_cells = 0, done_cells = 0;
  size_t sku_at = 0;           // the SKU being walked
  int64_t cell_at = 0;         // its next cell
  bool finished = false;

  explicit State(const Catalog& c) : catalog(c) {}

  void Visit(const PlanCandidate& c, const PlanScore& s) {
    ++out.evaluated;
    if (!s.valid) ++out.invalid;
    else if (!s.fits) ++out.unfit;
    if (!s.feasible) return;
    ++out.feasible;
    const Kept k{c, s};
    for (int m = 0; m < 4; ++m)
      if (!have[m] || Better(s, best[m].s, static_cast<PlanMetric>(m))) best[m] = k, have[m] = true;
    AddToFront(front, k);
  }

  // Walks cells [begin, end) of one SKU; returns the SKU's cell count.
  int64_t Walk(size_t sku_index, int64_t begin, int64_t end, PlanResult& into) {
    WalkRange range{begin, end};
    range.cache = &probes[sku_index];
    const int sku = skus[sku_index];
    WalkSpace(base, catalog, sku, disabled, scorer, into,
              [this](const PlanCandidate& c, const PlanScore& s) { Visit(c, s); }, range);
    return range.seen;
  }
};

PlanSearch::PlanSearch(const Scenario& scenario, const Catalog& catalog, uint32_t disabled_rules)
    : state_(std::make_unique<State>(catalog)) {
  State& st = *state_;
  st.disabled = disabled_rules;
  PlanResult& out = st.out;
  out.kind = scenario.workload.kind;
  out.objective = scenario.plan.objective;
  out.currency = scenario.pricing.currency;
  st.finished = true;
  ValidatePlan(scenario, catalog, st.skus, out.errors);
  if (!out.errors.empty()) return;
  out.skus = static_cast<int>(st.skus.size());

  st.base = scenario;
  st.base.plan = PlanConfig{};
  PlanLimits& limits = st.limits;
  limits.max_gpus = scenario.plan.max_gpus > 0 ? scenario.plan.max_gpus : kPlanDefaultMaxGpus;
  limits.deadline_s = scenario.plan.deadline_days * 86400.0;
  limits.budget = scenario.plan.budget;
  limits.max_node_kw = scenario.plan.max_rack_kw;
  limits.electricity_per_kwh = ElectricityPrice(scenario, catalog);
  limits.tenants = scenario.plan.tenants;
  out.tenants = scenario.plan.tenants;
  {
    Resolved r;
    if (!Resolve(st.base, catalog, r, &out.errors)) return;
    limits.layers = r.arch.layers, limits.heads = r.arch.heads;
    limits.experts = std::max(1, r.arch.experts), limits.seq_len = std::max(1, r.seq_len);
    out.per_sample = out.kind != WorkloadKind::kTraining && IsNetwork(r.network);
  }
  st.objective = MetricOfObjective(out.objective);
  // Count each SKU's cells with an empty range (a walk that scores nothing, into a scratch result).
  st.probes.resize(st.skus.size());
  for (size_t k = 0; k < st.skus.size(); ++k) {
    PlanResult scratch;
    st.cells.push_back(st.Walk(k, INT64_MAX, INT64_MAX, scratch));
    st.total_cells += st.cells.back();
  }
  st.finished = false;
}

PlanSearch::~PlanSearch() = default;

double PlanSearch::Advance(int64_t max_configurations) {
  State& st = *state_;
  if (st.finished) return 1.0;
  // A cell scores at most this many configurations (the inner axes of space.h).
  const int64_t per_cell = st.out.kind == WorkloadKind::kTraining
                               ? static_cast<int64_t>(kPlanMicroBatch.size() * kPlanZero.size() * kPlanRecompute.size())
                               : static_cast<int64_t>(kPlanInferenceBatch.size());
  int64_t budget = std::max<int64_t>(1, max_configurations / per_cell);
  while (budget > 0 && st.sku_at < st.skus.size()) {
    const int64_t cells = st.cells[st.sku_at];
    const int64_t end = std::min(cells, st.cell_at + budget);
    if (end > st.cell_at) st.Walk(st.sku_at, st.cell_at, end, st.out);
    budget -= end - st.cell_at;
    st.done_cells += end - st.cell_at;
    st.cell_at = end;
    if (st.cell_at >= cells) ++st.sku_at, st.cell_at = 0;
  }
  if (st.sku_at >= st.skus.size()) st.finished = true;
  return Progress();
}

bool PlanSearch::Done() const { return state_->finished; }

double PlanSearch::Progress() const {
  const State& st = *state_;
  if (st.finished) return 1.0;
  return st.total_cells > 0 ? static_cast<double>(st.done_cells) / st.total_cells : 0.0;
}

int64_t PlanSearch::Evaluated() const { return state_->out.evaluated; }

PlanResult PlanSearch::Result() {
  State& st = *state_;
  while (!st.finished) Advance(INT64_MAX / 2);
  PlanResult out = st.out;
  if (!out.errors.empty() || !st.have[static_cast<int>(st.objective)]) return out;
  out.has_best = true;
  for (int m = 0; m < 4; ++m) out.best_by[m] = MakeOption(st.base, st.catalog, st.best[m].c, st.best[m].s, st.limits);
  out.best = out.best_by[static_cast<int>(st.objective)];
  std::vector<Kept> front = st.front;
  std::sort(front.begin(), front.end(), [](const Kept& a, const Kept& b) { return a.s.time_s < b.s.time_s; });
  for (const Kept& k : front) out.pareto.push_back(MakeOption(st.base, st.catalog, k.c, k.s, st.limits));
  ExplainBest(out, st.objective, front.size());
  return out;
}

PlanResult Plan(const Scenario& scenario, const Catalog& catalog, const PlanSettings& settings) {
  PlanSearch search(scenario, catalog, settings.disabled_rules);
  while (!search.Done()) {
    const double fraction = search.Advance(4096);
    if (settings.progress) settings.progress(settings.progress_ctx, fraction);
  }
  return search.Result();
}

}  // namespace gpucfg
