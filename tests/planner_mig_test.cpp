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
    const MigTable* t = PlanMigTable(BuiltinCatalog(), *FindGpu(BuiltinCatalog(), gpu));
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
    const MigProfile& p = PlanMigTable(BuiltinCatalog(), *FindGpu(BuiltinCatalog(), "A100-SXM4-80GB"))->profiles[w.c.mig_profile];
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
      const MigTable* t = PlanMigTable(BuiltinCatalog(), *g);
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
    if (target_ms > 0) {
      EXPECT_LE(plan.best.time_s * 1000, target_ms);
    }
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
  c.mig_profile = FindMigProfile(*PlanMigTable(BuiltinCatalog(), BuiltinCatalog().gpus[c.gpu]), "1g.10gb");
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


// [SECTION] Tenants (plan.tenants): one copy per tenant, the fleet per hour ------------------------

TEST(PlannerMig, FleetShapesPackCopiesIntoTheFewestGpus) {
  const Catalog& cat = BuiltinCatalog();
  int gpn = 0, nodes = 0;
  ASSERT_TRUE(FleetShape(*FindGpu(cat, "H100-SXM5-80GB"), 10, 1, gpn, nodes));  // nodes of 4 or 8
  EXPECT_EQ(gpn * nodes, 12);
  EXPECT_EQ(gpn, 4);
  ASSERT_TRUE(FleetShape(*FindGpu(cat, "L40S-48GB"), 10, 1, gpn, nodes));  // PCIe: 1, 2, 4 or 8 per node
  EXPECT_EQ(gpn * nodes, 10);
  EXPECT_EQ(gpn, 2);  // 10 x 1 and 5 x 2 tie on GPUs: fewer hosts
  ASSERT_TRUE(FleetShape(*FindGpu(cat, "H100-SXM5-80GB"), 5, 1, gpn, nodes));  // within one node: a slice of it
  EXPECT_EQ(gpn, 5);
  EXPECT_EQ(nodes, 1);
  ASSERT_TRUE(FleetShape(*FindGpu(cat, "H100-SXM5-80GB"), 40, 8, gpn, nodes));  // tp 8 copies: whole 8-GPU nodes
  EXPECT_EQ(gpn, 8);
  EXPECT_EQ(nodes, 5);
  EXPECT_FALSE(FleetShape(*FindGpu(cat, "Jetson-AGX-Orin-64GB"), 2, 2, gpn, nodes));  // one module per node
}

Scenario TenantServing() {
  return Parsed(R"({"schema_version": 2, "cluster": {"gpu": "L40S-48GB", "gpus_per_node": 1},
    "workload": {"kind": "inference", "model": "llama3.1-8b", "batch": 4, "prompt_tokens": 1024, "output_tokens": 256},
    "speed": {"tpot_target_ms": 50, "ttft_target_ms": 2000},
    "plan": {"objective": "cost", "tenants": 10, "gpus": ["A30-24GB", "L40S-48GB"]}})");
}

// The brute force: for each SKU and weight format, ten copies on whole GPUs at tp 1, 2, 4, 8 and on
// every MIG layout of one profile, the fleets FleetShape packs, through Evaluate; the cheapest per
// hour that fits and meets both latency targets. The planner's best must be it, and re-evaluate.
TEST(PlannerMig, TenantFleetsMatchBruteForce) {
  const Scenario s = TenantServing();
  const PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.errors.empty()) << test::Dump(plan.errors);
  ASSERT_TRUE(plan.has_best);
  EXPECT_EQ(plan.tenants, 10);
  const Catalog& cat = BuiltinCatalog();
  const double price = FindCurrency(cat, "USD")->electricity_per_kwh;
  double best = 0;
  std::string best_scenario;
  for (const std::string& id : s.plan.gpus) {
    const GpuSpec* g = FindGpu(cat, id);
    struct Layout { int tp; MigConfig mig; int needed; };
    std::vector<Layout> layouts;
    for (int tp : kPlanInferenceTp) layouts.push_back({tp, MigConfig{}, 10 * tp});
    if (const MigTable* t = PlanMigTable(BuiltinCatalog(), *g))
      for (const MigProfile& p : t->profiles)
        if (InPlanMigSpace(p)) layouts.push_back({1, MigConfig{p.name, p.max_instances}, (10 + p.max_instances - 1) / p.max_instances});
    // FP8 weights on a GPU without an FP8 rate are not a configuration (the A30: no Tensor Core FP8).
    const bool fp8 = g->peak_tflops[static_cast<int>(Precision::kFp8)].dense > 0;
    for (Precision f : {Precision::kBf16, Precision::kFp8, Precision::kInt8, Precision::kInt4})
      for (const Layout& l : layouts) {
        if (f == Precision::kFp8 && !fp8) continue;
        Scenario c = s;
        c.plan = PlanConfig{};
        int gpn = 0, nodes = 0;
        if (!FleetShape(*g, l.needed, l.tp, gpn, nodes)) continue;
        c.cluster.gpu = g->id, c.cluster.intra_node = "", c.cluster.gpus_per_node = gpn, c.cluster.nodes = nodes;
        c.cluster.mig = l.mig;
        c.parallelism.tp = l.tp, c.parallelism.dp = 0;
        c.workload.weight_precision = f;
        const Report r = Evaluate(c);
        if (!r.errors.empty() || !r.memory.fits || r.performance.output_tokens_per_s <= 0) continue;
        if (r.performance.tpot_s * 1000 > 50 || r.performance.ttft_s * 1000 > 2000) continue;
        const double cost = r.cost.per_hour + r.power.facility_kw * price;
        if (best_scenario.empty() || cost < best) best = cost, best_scenario = ScenarioToJson(c);
      }
  }
  ASSERT_FALSE(best_scenario.empty());
  EXPECT_DOUBLE_EQ(plan.best.cost, best);
  EXPECT_EQ(ScenarioToJson(plan.best.scenario), best_scenario);
  // The best re-evaluates to its printed numbers, and its fleet holds a copy per tenant.
  const Report r = Evaluate(plan.best.scenario);
  ASSERT_TRUE(r.errors.empty());
  EXPECT_EQ(r.setup.total_gpus, plan.best.gpus);
  EXPECT_DOUBLE_EQ(r.cost.per_hour + r.power.facility_kw * price, plan.best.cost);
  EXPECT_EQ(r.power.facility_kw, plan.best.energy_kwh);  // kWh per hour
  const int copies = r.mig.present ? r.mig.instances : r.setup.total_gpus / plan.best.scenario.parallelism.tp;
  EXPECT_GE(copies, 10);
  EXPECT_EQ(nlohmann::json::parse(PlanToJson(plan))["cost_per"], "hour");
  EXPECT_NE(PlanToTable(plan).find("10 tenants (one model copy each), cost per hour of the fleet"), std::string::npos);
  EXPECT_NE(PlanToTable(plan).find("USD/hour"), std::string::npos);
  EXPECT_NE(plan.best.label.find("10 tenants on "), std::string::npos) << plan.best.label;
}

// Small tenants of an 8B model (4 conversations each): slices of a GPU are cheaper than a GPU per
// tenant, the guide's point, here from the models (latency targets held).
TEST(PlannerMig, SmallTenantsGoToMigSlices) {
  Scenario s;
  ASSERT_TRUE(MakeExample("multi-tenant", s));
  ASSERT_EQ(s.plan.tenants, 10);
  const PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.has_best);
  EXPECT_FALSE(plan.best.scenario.cluster.mig.profile.empty()) << plan.best.label;
  EXPECT_LT(plan.best.gpus, 10) << plan.best.label;
}

TEST(PlannerMig, TenantsAreForInferencePlans) {
  Scenario s = Parsed(R"({"schema_version": 2, "cluster": {"gpu": "A100-SXM4-80GB"},
    "workload": {"model": "llama2-7b", "train_tokens": 1e9}, "plan": {"tenants": 3}})");
  EXPECT_TRUE(test::HasError(Plan(s).errors, "/plan/tenants", "out_of_range"));
  EXPECT_TRUE(test::HasError(ParseScenario(R"({"schema_version": 2, "plan": {"tenants": -1}})").errors, "/plan/tenants"));
}


// No pruning rule drops the optimum of the MIG and tenant spaces (each rule off, then all).
TEST(PlannerMig, NoPruningRuleDropsTheOptimum) {
  for (const Scenario& s : {ResnetServing(), ResnetServing(0.6), TenantServing()}) {
    const PlanResult pruned = Plan(s);
    ASSERT_TRUE(pruned.has_best);
    for (uint32_t off : {1u << static_cast<int>(PruneRule::kMemoryLowerBound),
                         1u << static_cast<int>(PruneRule::kPrecisionUnsupported), ~0u}) {
      PlanSettings settings;
      settings.disabled_rules = off;
      const PlanResult all = Plan(s, BuiltinCatalog(), settings);
      ASSERT_TRUE(all.has_best);
      for (int m = 0; m < 4; ++m) {
        EXPECT_EQ(all.best_by[m].cost, pruned.best_by[m].cost) << m;
        EXPECT_EQ(all.best_by[m].time_s, pruned.best_by[m].time_s) << m;
        EXPECT_EQ(all.best_by[m].gpus, pruned.best_by[m].gpus) << m;
      }
      EXPECT_GE(all.evaluated, pruned.evaluated);
      if (off == ~0u) {
        EXPECT_EQ(all.evaluated, all.space);
      }
    }
  }
}

}  // namespace
}  // namespace gpucfg
