// The planner (core/planner/): on small spaces its best equals a brute force over the same space,
// no pruning rule ever drops the optimum, the best re-evaluates to exactly the printed numbers, and
// bad plan sections give errors with JSON pointers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "planner/plan.h"
#include "resolve/resolve.h"
#include "test_util.h"

namespace gpucfg {
namespace {

// llama2-7b on at most 8 GPUs of two SKUs: 7e9 x 16 bytes of model states (~104 GiB) cannot sit
// on one 40 GB A100 without sharding, so the memory bound has something to prune.
Scenario SmallTraining(const char* objective = "cost") {
  const std::string text = std::string(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-7b", "seq_len": 2048, "global_batch": 64,
                 "train_tokens": 2e9},
    "plan": {"objective": ")") + objective + R"(", "max_gpus": 8,
             "gpus": ["A100-SXM4-40GB", "A100-SXM4-80GB"]}})";
  ParseResult p = ParseScenario(text);
  EXPECT_TRUE(p.ok()) << test::Dump(p.errors);
  return p.scenario;
}

Scenario SmallInference() {
  ParseResult p = ParseScenario(R"({"schema_version": 1,
    "cluster": {"gpu": "L40S-48GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-13b", "prompt_tokens": 512, "output_tokens": 128},
    "plan": {"objective": "cost", "gpus": ["L40S-48GB", "H100-SXM5-80GB"]}})");
  EXPECT_TRUE(p.ok()) << test::Dump(p.errors);
  return p.scenario;
}

// The brute force: every configuration of the training space (space.h's axes), evaluated one by
// one with Evaluate, no rule applied; keeps the cheapest feasible (first on ties), as the planner.
struct Brute {
  double cost = 0, time_s = 0;
  int gpus = 0;
  int evaluated = 0;
  std::string scenario;
};
Brute BruteForceCost(const Scenario& s) {
  Brute best;
  bool have = false;
  // cp and ep are axes only where space.h searches them (long sequences, MoE models).
  Resolved resolved;
  EXPECT_TRUE(Resolve(s, BuiltinCatalog(), resolved, nullptr, nullptr));
  std::vector<int> cps{1}, eps{1};
  if (s.workload.seq_len >= kPlanCpMinSeqLen) cps.assign(kPlanCp.begin(), kPlanCp.end());
  if (resolved.arch.experts > 1) eps.assign(kPlanEp.begin(), kPlanEp.end());
  for (const std::string& id : s.plan.gpus) {
    const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
    for (int gpn : UsualNodeSizes(*g))
      for (int nodes : PlanNodeCounts(gpn, s.plan.max_gpus))
        for (int tp : kPlanTp)
          for (int pp : kPlanPp)
            for (int cp : cps)
              for (int ep : eps) {
                if (tp * pp * cp > gpn * nodes) continue;
                for (int mb : kPlanMicroBatch)
                  for (int zero : kPlanZero)
                    for (Recompute rc : kPlanRecompute) {
                      Scenario c = s;
                      c.plan = PlanConfig{};
                      c.cluster.gpu = g->id, c.cluster.intra_node = "", c.cluster.gpus_per_node = gpn, c.cluster.nodes = nodes;
                      if (!EqualsIgnoreCase(g->id, s.cluster.gpu)) c.pricing.per_gpu_hour = 0;
                      c.parallelism.tp = tp, c.parallelism.pp = pp, c.parallelism.dp = 0;
                      c.parallelism.cp = cp, c.parallelism.ep = ep;
                      c.parallelism.zero = zero, c.parallelism.recompute = rc;
                      c.workload.micro_batch = mb;
                      // The recipe's global batch is fixed: a layout that would round it is not this job.
                      const int dp = (gpn * nodes) / (tp * pp * cp);
                      if ((gpn * nodes) % (tp * pp * cp) != 0 || c.workload.global_batch % (mb * dp) != 0) continue;
                      Report r = Evaluate(c);
                      ++best.evaluated;
                      if (!r.errors.empty() || !r.memory.fits || r.performance.time_to_train_s <= 0) continue;
                      const double cost = r.cost.total + r.cost.electricity_total;
                      const double time = r.performance.time_to_train_s;
                      const bool better = !have || cost < best.cost || (cost == best.cost && time < best.time_s);
                      if (better) best = {cost, time, gpn * nodes, best.evaluated, ScenarioToJson(c)}, have = true;
                    }
              }
  }
  return best;
}

Scenario Parsed(const std::string& text) {
  ParseResult p = ParseScenario(text);
  EXPECT_TRUE(p.ok()) << test::Dump(p.errors);
  return p.scenario;
}

// Mixtral 8x7B (8 experts) on at most 8 GPUs: the expert-parallel axis is searched.
Scenario SmallMoe() {
  return Parsed(R"({"schema_version": 2,
    "cluster": {"gpu": "H200-SXM-141GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "mixtral-8x7b", "seq_len": 4096, "global_batch": 32,
                 "train_tokens": 1e9},
    "plan": {"objective": "cost", "max_gpus": 8, "gpus": ["H200-SXM-141GB"]}})");
}

// Llama 2 7B at 16k tokens per sequence: the context-parallel axis is searched.
Scenario SmallLongContext() {
  return Parsed(R"({"schema_version": 2,
    "cluster": {"gpu": "A100-SXM4-40GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-7b", "seq_len": 16384, "global_batch": 16,
                 "train_tokens": 1e9},
    "plan": {"objective": "cost", "max_gpus": 8, "gpus": ["A100-SXM4-40GB"]}})");
}

TEST(Planner, BestEqualsBruteForceOnSmallSpace) {
  const Scenario s = SmallTraining("cost");
  PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.errors.empty()) << test::Dump(plan.errors);
  ASSERT_TRUE(plan.has_best);
  Brute brute = BruteForceCost(s);
  ASSERT_GT(brute.cost, 0);
  EXPECT_EQ(plan.best.cost, brute.cost);
  EXPECT_EQ(plan.best.time_s, brute.time_s);
  EXPECT_EQ(plan.best.gpus, brute.gpus);
  EXPECT_EQ(ScenarioToJson(plan.best.scenario), brute.scenario);
  // Nothing is sampled: every configuration is either evaluated or pruned by a named rule.
  int64_t pruned = 0;
  for (int64_t n : plan.pruned) pruned += n;
  EXPECT_EQ(plan.evaluated + pruned, plan.space);
  EXPECT_GT(plan.pruned[static_cast<int>(PruneRule::kMemoryLowerBound)], 0);
  EXPECT_LE(plan.feasible, plan.evaluated);
}

// The same with the cp and ep axes: the planner's best is the brute force's (which walks them too),
// every configuration is evaluated or pruned by a named rule, and cp pays where sequences are long.
TEST(Planner, ContextAndExpertParallelAxesMatchBruteForce) {
  for (const Scenario& s : {SmallMoe(), SmallLongContext()}) {
    PlanResult plan = Plan(s);
    ASSERT_TRUE(plan.errors.empty()) << test::Dump(plan.errors);
    ASSERT_TRUE(plan.has_best) << s.workload.model;
    Brute brute = BruteForceCost(s);
    ASSERT_GT(brute.cost, 0);
    EXPECT_EQ(plan.best.cost, brute.cost) << s.workload.model;
    EXPECT_EQ(plan.best.time_s, brute.time_s) << s.workload.model;
    EXPECT_EQ(ScenarioToJson(plan.best.scenario), brute.scenario) << s.workload.model;
    int64_t pruned = 0;
    for (int64_t n : plan.pruned) pruned += n;
    EXPECT_EQ(plan.evaluated + pruned, plan.space);
  }
  const PlanResult moe = Plan(SmallMoe());
  EXPECT_GT(moe.pruned[static_cast<int>(PruneRule::kEpNotDividing)], 0);
  const PlanResult lc = Plan(SmallLongContext());
  // At 16k tokens on 40 GB GPUs, splitting the sequence pays: cp > 1 reaches the time-cost front.
  bool any_cp = false;
  for (const PlanOption& o : lc.pareto) any_cp = any_cp || o.candidate.cp > 1;
  EXPECT_TRUE(any_cp) << "no context-parallel option on the 16k-token front";
  // The dense, short job's space is the one before cp and ep existed (both stay 1).
  const PlanResult dense = Plan(SmallTraining("cost"));
  EXPECT_EQ(dense.pruned[static_cast<int>(PruneRule::kEpNotDividing)], 0);
  EXPECT_EQ(dense.pruned[static_cast<int>(PruneRule::kCpNotDividingSequence)], 0);
}

void ExpectSameBest(const PlanResult& a, const PlanResult& b, const std::string& what) {
  ASSERT_EQ(a.has_best, b.has_best) << what;
  for (int m = 0; m < 4; ++m) {
    EXPECT_EQ(a.best_by[m].cost, b.best_by[m].cost) << what << " metric " << m;
    EXPECT_EQ(a.best_by[m].time_s, b.best_by[m].time_s) << what << " metric " << m;
    EXPECT_EQ(a.best_by[m].energy_kwh, b.best_by[m].energy_kwh) << what << " metric " << m;
    EXPECT_EQ(a.best_by[m].gpus, b.best_by[m].gpus) << what << " metric " << m;
  }
  ASSERT_EQ(a.pareto.size(), b.pareto.size()) << what;
  for (size_t i = 0; i < a.pareto.size(); ++i) {
    EXPECT_EQ(a.pareto[i].cost, b.pareto[i].cost) << what;
    EXPECT_EQ(a.pareto[i].time_s, b.pareto[i].time_s) << what;
  }
}

// Each rule alone switched off, then all of them: the optimum (per objective) and the front stay.
TEST(Planner, NoPruningRuleDropsTheOptimum) {
  for (const Scenario& s : {SmallTraining("cost"), SmallTraining("time"), SmallInference(), SmallMoe(), SmallLongContext()}) {
    const PlanResult pruned = Plan(s);
    ASSERT_TRUE(pruned.has_best);
    for (int rule = 0; rule < kPruneRuleCount; ++rule) {
      PlanSettings off;
      off.disabled_rules = 1u << rule;
      const PlanResult without = Plan(s, BuiltinCatalog(), off);
      ExpectSameBest(pruned, without, std::string(PruneRuleOf(static_cast<PruneRule>(rule)).name));
      EXPECT_EQ(without.pruned[rule], 0);
      EXPECT_GE(without.evaluated, pruned.evaluated);
    }
    PlanSettings none;
    none.disabled_rules = ~0u;
    const PlanResult brute = Plan(s, BuiltinCatalog(), none);
    ExpectSameBest(pruned, brute, "all rules off");
    EXPECT_EQ(brute.evaluated, brute.space);
  }
}

// The best's scenario, evaluated again, gives exactly the plan's numbers (in memory and in JSON).
TEST(Planner, BestReEvaluatesToThePrintedNumbers) {
  const Scenario s = SmallTraining("time");
  const PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.has_best);
  const Report r = Evaluate(plan.best.scenario);
  ASSERT_TRUE(r.errors.empty());
  EXPECT_EQ(r.performance.time_to_train_s, plan.best.time_s);
  EXPECT_EQ(r.cost.total + r.cost.electricity_total, plan.best.cost);
  EXPECT_EQ(r.power.energy_kwh, plan.best.energy_kwh);
  EXPECT_EQ(r.setup.total_gpus, plan.best.gpus);

  const nlohmann::json doc = nlohmann::json::parse(PlanToJson(plan), nullptr, false);
  ASSERT_FALSE(doc.is_discarded());
  EXPECT_EQ(doc["evaluated"].get<int64_t>(), plan.evaluated);
  const std::string scenario_text = doc["best"]["scenario"].dump();
  const JsonResult again = EvaluateJson(scenario_text);
  ASSERT_TRUE(again.ok) << again.text;
  const nlohmann::json report = nlohmann::json::parse(again.text, nullptr, false);
  EXPECT_EQ(report["performance"]["time_to_train_s"], doc["best"]["time_s"]);
  EXPECT_EQ(report["power"]["energy_kwh"], doc["best"]["energy_kwh"]);
  EXPECT_EQ(report["setup"]["total_gpus"], doc["best"]["gpus"]);
}

TEST(Planner, InferenceBestMeetsTheLatencyTargetAndReEvaluates) {
  const Scenario s = SmallInference();
  const PlanResult plan = Plan(s);
  ASSERT_TRUE(plan.has_best);
  const Report r = Evaluate(plan.best.scenario);
  ASSERT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.memory.fits);
  EXPECT_LE(r.performance.tpot_s * 1000, s.speed.tpot_target_ms);
  EXPECT_EQ(r.performance.request_latency_s, plan.best.time_s);
  // Cheapest per token: nothing on the front is cheaper.
  for (const PlanOption& o : plan.pareto) EXPECT_GE(o.cost, plan.best.cost);
}

TEST(Planner, ParetoFrontIsSortedAndNonDominated) {
  const PlanResult plan = Plan(SmallTraining("cost"));
  ASSERT_FALSE(plan.pareto.empty());
  for (size_t i = 1; i < plan.pareto.size(); ++i) {
    EXPECT_GT(plan.pareto[i].time_s, plan.pareto[i - 1].time_s);  // slower ...
    EXPECT_LT(plan.pareto[i].cost, plan.pareto[i - 1].cost);      // ... only when cheaper
  }
  EXPECT_EQ(plan.pareto.front().time_s, plan.best_by[static_cast<int>(PlanMetric::kTime)].time_s);
  EXPECT_EQ(plan.pareto.back().cost, plan.best_by[static_cast<int>(PlanMetric::kCost)].cost);
}

TEST(Planner, ConstraintsBind) {
  Scenario s = SmallTraining("cost");
  const PlanResult free_plan = Plan(s);
  ASSERT_TRUE(free_plan.has_best);
  const double fastest = free_plan.best_by[static_cast<int>(PlanMetric::kTime)].time_s;
  // A deadline just above the fastest option leaves only options that fast.
  s.plan.deadline_days = fastest * 1.0001 / 86400;
  const PlanResult tight = Plan(s);
  ASSERT_TRUE(tight.has_best);
  EXPECT_LE(tight.best.time_s, fastest * 1.0001);
  EXPECT_LT(tight.feasible, free_plan.feasible);
  EXPECT_NE(tight.best.why.find("deadline"), std::string::npos) << tight.best.why;
  // A budget below the cheapest option: nothing is feasible, and it says so.
  s.plan.deadline_days = 0;
  s.plan.budget = free_plan.best.cost * 0.5;
  const PlanResult broke = Plan(s);
  EXPECT_FALSE(broke.has_best);
  EXPECT_EQ(broke.feasible, 0);
  EXPECT_NE(PlanToTable(broke).find("no feasible option"), std::string::npos);
}

TEST(Planner, BadPlanSectionsGiveErrorsWithPaths) {
  auto parse = [](const std::string& plan) {
    return ParseScenario(R"({"schema_version": 1, "cluster": {"gpu": "A100-SXM4-80GB"},
      "workload": {"model": "llama2-7b", "train_tokens": 1e9}, "plan": )" + plan + "}").errors;
  };
  EXPECT_TRUE(test::HasError(parse(R"({"objective": "speed"})"), "/plan/objective", "unknown_value"));
  EXPECT_TRUE(test::HasError(parse(R"({"max_gpus": -4})"), "/plan/max_gpus", "out_of_range"));
  EXPECT_TRUE(test::HasError(parse(R"({"deadline_days": "soon"})"), "/plan/deadline_days", "wrong_type"));
  EXPECT_TRUE(test::HasError(parse(R"({"gpus": "H100-SXM5-80GB"})"), "/plan/gpus", "wrong_type"));
  EXPECT_TRUE(test::HasError(parse(R"({"gpus": ["H100-SXM5-80GB", 7]})"), "/plan/gpus/1", "wrong_type"));
  EXPECT_TRUE(test::HasError(parse(R"({"budgett": 5})"), "/plan/budgett", "unknown_key"));
  EXPECT_TRUE(test::HasError(parse(R"([1])"), "/plan", "wrong_type"));

  Scenario s = SmallTraining();
  s.plan.gpus = {"A100-SXM4-80GB", "NO-SUCH-GPU", "a100-sxm4-80gb"};
  PlanResult bad = Plan(s);
  EXPECT_TRUE(test::HasError(bad.errors, "/plan/gpus/1", "unknown_gpu")) << test::Dump(bad.errors);
  EXPECT_TRUE(test::HasError(bad.errors, "/plan/gpus/2", "duplicate")) << test::Dump(bad.errors);
  EXPECT_FALSE(bad.has_best);
  s.plan.gpus = {"A100-SXM4-80GB"};
  s.pricing.currency = "EUR";
  EXPECT_TRUE(test::HasError(Plan(s).errors, "/plan/gpus/0", "no_price"));
  s = SmallTraining();
  s.workload.train_tokens = 0;
  EXPECT_TRUE(test::HasError(Plan(s).errors, "/workload/train_tokens", "missing_field"));
  // The text entry point answers with the errors document.
  const PlanTextResult text = PlanJson(R"({"schema_version": 1, "cluster": {"gpu": "A100-SXM4-80GB"},
      "workload": {"model": "llama2-7b", "train_tokens": 1e9}, "plan": {"gpus": ["nope"]}})");
  EXPECT_FALSE(text.ok);
  EXPECT_NE(text.text.find("/plan/gpus/0"), std::string::npos) << text.text;
}

TEST(Planner, PlanSectionIsWrittenOnlyWhenGiven) {
  Scenario plain;
  EXPECT_EQ(ScenarioToJson(plain).find("\"plan\""), std::string::npos);
  const Scenario s = SmallTraining("energy");
  const std::string text = ScenarioToJson(s);
  ParseResult again = ParseScenario(text);
  ASSERT_TRUE(again.ok()) << test::Dump(again.errors);
  EXPECT_TRUE(again.scenario.plan == s.plan);
  EXPECT_EQ(again.scenario.plan.objective, PlanObjective::kEnergy);
}

}  // namespace
}  // namespace gpucfg
