// The planner's MIG layouts and network serving (core/planner/space.h): every in-space profile of a
// MIG-capable SKU is walked at every batch and weight format a rule does not prune, each MIG
// candidate re-evaluates to the numbers it was scored with, the best over whole GPUs and MIG layouts
// equals a brute force of Evaluate, and networks are planned per sample.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "planner/plan.h"
#include "planner/plan_internal.h"
#include "test_util.h"

namespace gpucfg {
namespace {

Scenario Parsed(const std::string& text) {
  ParseResult p = ParseScenario(text);
  EXPECT_TRUE(p.ok()) << test::Dump(p.errors);
  return p.scenario;
}

// ResNet-50 int8 serving on the two MIG-capable SKUs of the A-generation (A30: 4 slices, A100: 7).
Scenario ResnetServing(double latency_target_ms = 0) {
  Scenario s = Parsed(R"({"schema_version": 2, "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1},
    "workload": {"kind": "inference", "model": "resnet50", "batch": 8, "precision": "int8", "weight_precision": "int8"},
    "plan": {"objective": "cost", "gpus": ["A30-24GB", "A100-SXM4-80GB"]}})");
  s.speed.ttft_target_ms = latency_target_ms;
  return s;
}

struct Walked {
  PlanCandidate c;
  PlanScore s;
};

// Every configuration the planner scores for one SKU, with its score.
std::vector<Walked> WalkAll(const Scenario& s, const char* gpu, PlanResult& out) {
  const Catalog& catalog = BuiltinCatalog();
  PlanLimits limits;
  limits.electricity_per_kwh = FindCurrency(catalog, s.pricing.currency)->electricity_per_kwh;
  PlanScorer scorer(catalog, limits);
  Scenario base = s;
  base.plan = PlanConfig{};
  const int sku = static_cast<int>(FindGpu(catalog, gpu) - catalog.gpus.data());
  std::vector<Walked> seen;
  WalkRange range;
  WalkSpace(base, catalog, sku, 0u, scorer, out, [&](const PlanCandidate& c, const PlanScore& sc) { seen.push_back({c, sc}); },
            range);
  return seen;
}

TEST(PlannerMig, EveryInSpaceProfileIsWalkedAtEveryBatch) {
  const Scenario s = ResnetServing();
  for (const char* gpu : {"A30-24GB", "A100-SXM4-80GB"}) {
    PlanResult out;
    const std::vector<Walked> seen = WalkAll(s, gpu, out);
    const MigTable* t = PlanMigTable(*FindGpu(BuiltinCatalog(), gpu));
    ASSERT_NE(t, nullptr) << gpu;
    int in_space = 0;
    for (const MigProfile& p : t->profiles) in_space += InPlanMigSpace(p) ? 1 : 0;
    EXPECT_GE(in_space, 3) << gpu;  // 1g, 2g, 4g (A30); 1g, 2g, 3g, 4g, 7g and 1g.20gb (A100)
    int mig = 0;
    for (const Walked& w : seen) {
      if (w.c.mig_profile < 0) continue;
      ++mig;
      const MigProfile& p = t->profiles[w.c.mig_profile];
      EXPECT_TRUE(InPlanMigSpace(p)) << p.name;
      EXPECT_EQ(w.c.Gpus(), 1);
      EXPECT_EQ(w.c.tp, 1);
    }
    // ResNet's weights fit every slice, and neither GPU has an FP8 rate: int8 and int4 remain.
    EXPECT_EQ(mig, in_space * 2 * static_cast<int>(kPlanInferenceBatch.size())) << gpu;
    EXPECT_GT(out.pruned[static_cast<int>(PruneRule::kPrecisionUnsupported)], 0) << gpu;
  }
}

// A MIG candidate's scenario is the layout the planner scored: evaluating it gives its numbers.
TEST(PlannerMig, MigCandidatesReEvaluateToTheirScores) {
  const Scenario s = ResnetServing();
  PlanResult out;
  const std::vector<Walked> seen = WalkAll(s, "A100-SXM4-80GB", out);
  const double price = FindCurrency(BuiltinCatalog(), "USD")->electricity_per_kwh;
  int checked = 0;
  for (const Walked& w : seen) {
    if (w.c.mig_profile < 0 || !w.s.valid) continue;
    Scenario one;
    ApplyCandidate(s, BuiltinCatalog(), w.c, one);
    const MigProfile& p = PlanMigTable(*FindGpu(BuiltinCatalog(), "A100-SXM4-80GB"))->profiles[w.c.mig_profile];
    EXPECT_EQ(one.cluster.mig.profile, p.name);
    EXPECT_EQ(one.cluster.mig.instances_per_gpu, p.max_instances);
    const Report r = Evaluate(one);
    ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
    ASSERT_TRUE(r.mig.present);
    EXPECT_EQ(r.mig.instances, p.max_instances);
    EXPECT_EQ(w.s.fits, r.memory.fits);
    EXPECT_EQ(w.s.time_s, r.performance.latency_s);
    const double per_s = r.performance.samples_per_s;
    ASSERT_GT(per_s, 0);
    const double energy = r.power.facility_kw / per_s * 1e6 / 3600.0;
    EXPECT_DOUBLE_EQ(w.s.energy_kwh, energy);
    EXPECT_DOUBLE_EQ(w.s.cost, r.cost.per_hour / (per_s * 3600.0) * 1e6 + energy * price);
    ++checked;
  }
  EXPECT_GT(checked, 40);
}

// The brute force: ResNet on whole GPUs (tp 1, one GPU: a network replica is one GPU) and on every
// MIG layout of one profile, every batch and weight format, through Evaluate; the cheapest feasible
// per 1M samples. The planner's best must be it.
TEST(PlannerMig, BestOverWholeGpusAndMigLayoutsEqualsBruteForce) {
  for (double target_ms : {0.0, 0.6}) {
    const Scenario s = ResnetServing(target_ms);
    const PlanResult plan = Plan(s);
    ASSERT_TRUE(plan.errors.empty()) << test::Dump(plan.errors);
    ASSERT_TRUE(plan.has_best);
    EXPECT_TRUE(plan.per_sample);
    double best = 0;
    std::string best_scenario;
    const double price = FindCurrency(BuiltinCatalog(), "USD")->electricity_per_kwh;
    for (const std::string& id : s.plan.gpus) {
      const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
      const MigTable* t = PlanMigTable(*g);
      std::vector<MigConfig> layouts{MigConfig{}};
      for (const MigProfile& p : t->profiles)
        if (InPlanMigSpace(p)) layouts.push_back(MigConfig{p.name, p.max_instances});
      for (Precision f : {Precision::kInt8, Precision::kFp8, Precision::kInt4})
        for (const MigConfig& m : layouts)
          for (int b : kPlanInferenceBatch) {
            Scenario c = s;
            c.plan = PlanConfig{};
            c.cluster.gpu = g->id, c.cluster.intra_node = "", c.cluster.gpus_per_node = 1, c.cluster.nodes = 1;
            c.cluster.mig = m;
            c.parallelism.dp = 0;
            c.workload.weight_precision = f, c.workload.batch = b;
            const Report r = Evaluate(c);
            if (!r.errors.empty() || !r.memory.fits || r.performance.samples_per_s <= 0) continue;
            if (target_ms > 0 && r.performance.latency_s * 1000 > target_ms) continue;
            const double per_s = r.performance.samples_per_s;
            const double cost = r.cost.per_hour / (per_s * 3600.0) * 1e6 + r.power.facility_kw / per_s * 1e6 / 3600.0 * price;
            if (best_scenario.empty() || cost < best) best = cost, best_scenario = ScenarioToJson(c);
          }
    }
    ASSERT_FALSE(best_scenario.empty());
    EXPECT_DOUBLE_EQ(plan.best.cost, best) << "target " << target_ms;
    EXPECT_EQ(ScenarioToJson(plan.best.scenario), best_scenario) << "target " << target_ms;
    if (target_ms > 0) EXPECT_LE(plan.best.time_s * 1000, target_ms);
  }
}

TEST(PlannerMig, NetworksArePlannedPerSampleAndMigOptionsSaySo) {
  const Scenario s = ResnetServing();
  const PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.has_best);
  const nlohmann::json doc = nlohmann::json::parse(PlanToJson(plan));
  EXPECT_EQ(doc["cost_per"], "1M_samples");
  EXPECT_NE(PlanToTable(plan).find("USD/1M samples"), std::string::npos);
  // A MIG option's words: the layout in its label, memory per instance; its CSV row names the layout.
  PlanCandidate c;
  c.gpu = static_cast<int>(FindGpu(BuiltinCatalog(), "A100-SXM4-80GB") - BuiltinCatalog().gpus.data());
  c.mig_profile = FindMigProfile(*PlanMigTable(BuiltinCatalog().gpus[c.gpu]), "1g.10gb");
  c.batch = 4, c.weight_precision = Precision::kInt8;
  PlanScore score;
  score.total_gib = 9.4, score.capacity_gib = 9.5;
  PlanResult one = plan;
  one.best = MakeOption(s, BuiltinCatalog(), c, score, PlanLimits{});
  EXPECT_EQ(one.best.label, "1 x A100-SXM4-80GB as MIG 7 x 1g.10gb, batch 4 per instance, weights int8");
  EXPECT_NE(one.best.why.find("per MIG instance"), std::string::npos) << one.best.why;
  const std::string csv = PlanToCsv(one);
  EXPECT_NE(csv.find(",mig_profile,mig_instances_per_gpu\n"), std::string::npos);
  EXPECT_NE(csv.find(",1g.10gb,7\n"), std::string::npos) << csv;
  // Training plans are per job, transformer serving per 1M output tokens.
  const Scenario llm = Parsed(R"({"schema_version": 2, "cluster": {"gpu": "L40S-48GB", "gpus_per_node": 1},
    "workload": {"kind": "inference", "model": "llama2-7b", "prompt_tokens": 256, "output_tokens": 64},
    "plan": {"gpus": ["L40S-48GB"]}})");
  EXPECT_EQ(nlohmann::json::parse(PlanToJson(Plan(llm)))["cost_per"], "1M_output_tokens");
}

}  // namespace
}  // namespace gpucfg
