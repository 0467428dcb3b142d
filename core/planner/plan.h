// The planner: from a scenario (model, token budget or latency targets, currency) and its "plan"
// section (objective, deadline, budget, limits, allowed GPUs) to ranked, explained cluster options
// from what the site rents at its prices. Exhaustive over the space of core/planner/space.h: every
// configuration is either pruned by a named rule (counted) or evaluated; never sampled.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/issues.h"
#include "catalog/catalog.h"
#include "contract/scenario.h"
#include "planner/space.h"

namespace gpucfg {

// One option of a plan, in the contract's shape. Training: time_s = time to train, cost = rental +
// electricity of the job, energy_kwh = facility energy of the job. Inference: time_s = request
// latency (TTFT + decode), cost and energy_kwh per 1M output tokens.
struct PlanOption {
  Scenario scenario;     // evaluate this to get exactly these numbers (plan section cleared)
  PlanCandidate candidate;
  std::string label;     // "16 x H100-SXM5-80GB (2 x 8), tp 8 pp 1 dp 2, mb 1, zero 1, recompute none"
  double time_s = 0, cost = 0, energy_kwh = 0;
  int gpus = 0;
  double node_kw = 0;    // peak power of one node (power.node_peak_w), kW
  std::string why;       // why it wins and what binds it
  // The figures `why` quotes, for a face that words them itself (the page in Chinese); not written
  // to the plan JSON.
  double total_gib = 0, capacity_gib = 0;   // memory per GPU
  double mfu = 0, comm_fraction = 0;        // training
  double tpot_s = 0;                        // inference
};

enum class PlanMetric { kTime, kCost, kEnergy, kGpus };
inline constexpr std::array<std::string_view, 4> kPlanMetricNames = {"time", "cost", "energy", "gpus"};

struct PlanResult {
  Issues errors;                     // non-empty: nothing was searched
  WorkloadKind kind = WorkloadKind::kTraining;
  PlanObjective objective = PlanObjective::kCost;
  std::string currency;
  bool per_sample = false;           // inference of a network: cost and energy per 1M samples, time = a batch's latency
  int tenants = 0;                   // plan.tenants > 0: cost and energy per hour of the fleet
  int64_t space = 0;                 // configurations in the space (before pruning)
  int64_t evaluated = 0;             // configurations scored by the models
  int64_t feasible = 0;              // evaluated, fitting and within every constraint
  int64_t invalid = 0;               // evaluated but refused by the models (counted in evaluated)
  int64_t unfit = 0;                 // evaluated, valid, beyond the GPU's memory: decided by the memory
                                     // model alone (its speed, power and cost are not computed)
  std::array<int64_t, kPruneRuleCount> pruned{};
  int skus = 0;                      // GPU types searched
  bool has_best = false;
  PlanOption best;
  std::vector<PlanOption> pareto;    // time vs cost, fastest first
  std::array<PlanOption, 4> best_by; // indexed by PlanMetric; valid when has_best
};

struct PlanSettings {
  uint32_t disabled_rules = 0;       // bit i set = PruneRule i off (tests: brute force)
  void (*progress)(void* ctx, double fraction) = nullptr;  // called now and then while searching
  void* progress_ctx = nullptr;
};

// Validates the plan section (errors with JSON pointers) and searches. The scenario itself must
// already be valid (ParseScenario checked it). A loop over PlanSearch::Advance.
PlanResult Plan(const Scenario& base, const Catalog& catalog = BuiltinCatalog(),
                const PlanSettings& settings = {});

// The same search, resumable: each Advance walks on by about `max_configurations` scored
// configurations (whole cells of the walk: at most that many, at least one cell) and returns the
// fraction of the space's cells walked, so a page can plan in slices across frames and stop at
// will. Result() finishes the walk if needed; it is the same PlanResult as Plan's, byte for byte
// in every output. Validation errors show in Result().errors (Done() is then true at once).
class PlanSearch {
 public:
  explicit PlanSearch(const Scenario& scenario, const Catalog& catalog = BuiltinCatalog(),
                      uint32_t disabled_rules = 0);
  ~PlanSearch();
  PlanSearch(const PlanSearch&) = delete;
  PlanSearch& operator=(const PlanSearch&) = delete;

  double Advance(int64_t max_configurations);
  bool Done() const;
  double Progress() const;    // 0..1, cells walked / cells in the space
  int64_t Evaluated() const;  // configurations scored so far
  PlanResult Result();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The plan as the contract's JSON document, a table for people, or CSV (one row per Pareto
// option, then the best per objective). `gpucfg plan` and the wasm `plan()` print these.
std::string PlanToJson(const PlanResult& p, int indent = 2);
std::string PlanToTable(const PlanResult& p);
std::string PlanToCsv(const PlanResult& p);

// Parse + validate + plan + write (JSON): the plan document, or the errors document (ok = false).
struct PlanTextResult {
  std::string text;
  bool ok = false;
};
PlanTextResult PlanJson(std::string_view scenario_text, const Catalog& catalog = BuiltinCatalog(),
                        int indent = 2);

}  // namespace gpucfg
