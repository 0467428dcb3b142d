// The four presets' decision paths (core/planner/decision_path.h): each has the guide's steps in
// order, every step's figures equal what evaluating its scenario gives, every code has an English
// sentence; and the resumable search (PlanSearch) gives the same plan as Plan in any slicing.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "pipeline/evaluate.h"
#include "contract/json_io.h"
#include "planner/decision_path.h"
#include "planner/plan.h"

namespace gpucfg {
namespace {

Scenario Preset(const char* name) {
  Scenario s;
  EXPECT_TRUE(MakeExample(name, s)) << name;
  return s;
}

std::vector<std::string> Codes(const DecisionPath& p) {
  std::vector<std::string> out;
  for (const DecisionStep& st : p.steps) out.emplace_back(st.figures.code);
  return out;
}

int Count(const DecisionPath& p, std::string_view code) {
  int n = 0;
  for (const DecisionStep& st : p.steps) n += st.figures.code == code;
  return n;
}

const DecisionStep* Find(const DecisionPath& p, std::string_view code, int nth = 0) {
  for (const DecisionStep& st : p.steps)
    if (st.figures.code == code && nth-- == 0) return &st;
  return nullptr;
}

Report Eval(const DecisionStep& st) {
  EXPECT_TRUE(st.has_scenario) << st.figures.code;
  return Evaluate(st.scenario);
}

double KwhPerM(const Report& r) { return r.power.facility_kw / r.performance.output_tokens_per_s * 1e6 / 3600.0; }

TEST(DecisionPath, EveryCodeHasASentenceAndNoPlaceholderIsLeft) {
  for (const char* name : {"edge", "mid-training", "large-cluster", "multi-tenant"}) {
    const Scenario s = Preset(name);
    const PlanResult plan = Plan(s);
    const DecisionPath p = MakeDecisionPath(name, s, &plan);
    ASSERT_GE(p.steps.size(), 4u) << name;
    bool corrects = false;
    for (const DecisionStep& st : p.steps) {
      ASSERT_NE(DecisionStepTemplate(st.figures.code), nullptr) << st.figures.code;
      const std::string text = DecisionStepText(st);
      EXPECT_EQ(text.find('{'), std::string::npos) << text;
      corrects = corrects || st.corrects_guide;
    }
    EXPECT_TRUE(corrects) << name << ": each preset shows at least one rule of thumb measured wrong";
    EXPECT_EQ(p.steps.back().figures.code.substr(0, 9), "plan_pick") << name;
  }
  EXPECT_FALSE(HasDecisionPath("default"));
  EXPECT_TRUE(MakeDecisionPath("default", Preset("default"), nullptr).steps.empty());
}

TEST(DecisionPath, EdgeStepsAreTheModelsNumbers) {
  const Scenario s = Preset("edge");
  const DecisionPath p = MakeDecisionPath("edge", s, nullptr);
  EXPECT_EQ(Codes(p).front(), "edge_compute_rule");
  const DecisionStep* rule = Find(p, "edge_compute_rule");
  const Report r = Eval(*rule);
  EXPECT_DOUBLE_EQ(rule->figures.value, r.performance.tpot_s * 1000);
  EXPECT_DOUBLE_EQ(rule->figures.limit, s.speed.tpot_target_ms);
  EXPECT_DOUBLE_EQ(rule->figures.args[2], r.power.mode_tops);
  // The guide's rule: 2 x params FLOPs / (latency x 2) x 2.
  EXPECT_NEAR(rule->figures.args[0], 2 * r.memory.parameters / (s.speed.tpot_target_ms / 1000.0) / 1e12, 1e-12);
  EXPECT_NE(Find(p, "edge_tops_per_watt"), nullptr);
  // Both devices are shown against the budget; the A100 server is over 300 W, the module within.
  ASSERT_EQ(Count(p, "edge_device_within") + Count(p, "edge_device_over"), 2);
  const DecisionStep* over = Find(p, "edge_device_over");
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->subject, "A100-PCIe-80GB");
  const Report ro = Eval(*over);
  EXPECT_DOUBLE_EQ(over->figures.args[0], ro.power.node_peak_w);
  EXPECT_GT(over->figures.args[0], over->figures.args[1]);
  EXPECT_DOUBLE_EQ(over->figures.args[2], KwhPerM(ro));
  // Every power mode of the module, each re-evaluated; lower modes are slower.
  const int modes = Count(p, "edge_mode_meets") + Count(p, "edge_mode_misses");
  EXPECT_EQ(modes, 4);
  double last_ms = 0;
  for (const DecisionStep& st : p.steps) {
    if (st.figures.code != "edge_mode_meets" && st.figures.code != "edge_mode_misses") continue;
    const Report rm = Eval(st);
    EXPECT_EQ(st.scenario.power.mode, st.subject);
    EXPECT_DOUBLE_EQ(st.figures.value, rm.performance.tpot_s * 1000);
    EXPECT_DOUBLE_EQ(st.figures.args[0], rm.power.gpu_limit_w);
    EXPECT_EQ(st.figures.code == "edge_mode_meets", st.figures.value <= st.figures.limit);
    EXPECT_GE(st.figures.value, last_ms);
    last_ms = st.figures.value;
  }
}

TEST(DecisionPath, MidTrainingIsMemoryFirst) {
  const Scenario s = Preset("mid-training");
  const DecisionPath p = MakeDecisionPath("mid-training", s, nullptr);
  const std::vector<std::string> codes = Codes(p);
  ASSERT_GE(codes.size(), 8u);
  EXPECT_EQ(codes[0], "mid_memory_rule");
  EXPECT_EQ(codes[1], "mid_no_single_gpu");
  const DecisionStep& rule = p.steps[0];
  const Report r1 = Eval(rule);
  const MemoryBreakdown& m = r1.memory.per_gpu;
  EXPECT_DOUBLE_EQ(rule.figures.limit, m.weights_gib + m.gradients_gib + m.optimizer_gib);
  EXPECT_NEAR(rule.figures.value, r1.memory.parameters * 8 / (1024.0 * 1024 * 1024), 1e-9);
  EXPECT_GT(rule.figures.limit, 1.5 * rule.figures.value) << "AdamW mixed precision is ~16 B/param, the guide's 8";
  EXPECT_TRUE(rule.corrects_guide);
  // Four layouts, each re-evaluated: memory per GPU, capacity, days and cost.
  EXPECT_EQ(Count(p, "mid_layout_fits") + Count(p, "mid_layout_oom"), 4);
  for (const DecisionStep& st : p.steps) {
    if (st.figures.code != "mid_layout_fits" && st.figures.code != "mid_layout_oom") continue;
    const Report r = Eval(st);
    EXPECT_EQ(st.figures.code == "mid_layout_fits", r.memory.fits);
    EXPECT_DOUBLE_EQ(st.figures.value, r.memory.per_gpu.total_gib);
    EXPECT_DOUBLE_EQ(st.figures.limit, r.memory.capacity_gib);
    EXPECT_EQ(st.figures.args[0], st.scenario.TotalGpus());
    EXPECT_EQ(st.figures.args[1], st.scenario.parallelism.zero);
    EXPECT_EQ(st.subject.rfind(st.scenario.cluster.gpu, 0), 0u) << st.subject;
    if (r.memory.fits) {
      EXPECT_DOUBLE_EQ(st.figures.args[2], r.performance.time_to_train_s / 86400);
      EXPECT_DOUBLE_EQ(st.figures.args[3], r.cost.total + r.cost.electricity_total);
    }
  }
  EXPECT_EQ(Count(p, "mid_zero_fits") + Count(p, "mid_zero_oom"), 4);
  for (const DecisionStep& st : p.steps) {
    if (st.figures.code != "mid_zero_fits" && st.figures.code != "mid_zero_oom") continue;
    const Report r = Eval(st);
    EXPECT_EQ(st.figures.args[0], st.scenario.parallelism.zero);
    EXPECT_DOUBLE_EQ(st.figures.value, r.memory.per_gpu.total_gib);
    EXPECT_EQ(st.figures.code == "mid_zero_fits", r.memory.fits);
  }
  // 4 x 40 GB and 2 x 80 GB hold no 13B AdamW job; 8 x 40 GB and 4 x 80 GB do: the guide's
  // "fewer, bigger" is compared on those, and ZeRO and NVLink are shown on 8 x 40 GB.
  const DecisionStep* fb = Find(p, "mid_fewer_bigger_wrong");
  if (!fb) fb = Find(p, "mid_fewer_bigger_holds");
  ASSERT_NE(fb, nullptr);
  EXPECT_EQ(fb->figures.args[0], 8);
  EXPECT_EQ(fb->figures.args[1], 4);
  EXPECT_EQ(fb->figures.value, Find(p, "mid_layout_fits", 0)->figures.args[2]);
  const DecisionStep* nv = Find(p, "mid_nvlink");
  ASSERT_NE(nv, nullptr);
  EXPECT_DOUBLE_EQ(nv->figures.limit, Eval(*nv).performance.comm_fraction * 100);
  EXPECT_EQ(nv->scenario.cluster.gpu, "A100-PCIe-40GB");
  EXPECT_DOUBLE_EQ(nv->figures.args[2], Eval(*nv).performance.time_to_train_s / 86400);
}

TEST(DecisionPath, LargeClusterNetworkAndNodeShape) {
  const Scenario s = Preset("large-cluster");
  const DecisionPath p = MakeDecisionPath("large-cluster", s, nullptr);
  const DecisionStep* node = Find(p, "large_node_size");
  ASSERT_NE(node, nullptr);
  EXPECT_EQ(node->figures.value, 8);
  const DecisionStep* ar = Find(p, "large_allreduce");
  ASSERT_NE(ar, nullptr);
  const Report r = Eval(*ar);
  const int dp = r.setup.dp;
  EXPECT_DOUBLE_EQ(ar->figures.value, 2.0 * (dp - 1) / dp * r.memory.per_gpu.gradients_gib);
  EXPECT_DOUBLE_EQ(ar->figures.limit, r.memory.per_gpu.gradients_gib * s.cluster.nodes / 2);
  EXPECT_DOUBLE_EQ(ar->figures.args[2], r.performance.breakdown.dp_comm_total_s);
  ASSERT_EQ(Count(p, "large_network"), 2);
  for (int k = 0; k < 2; ++k) {
    const DecisionStep* n = Find(p, "large_network", k);
    const Report rn = Eval(*n);
    EXPECT_EQ(n->subject, n->scenario.cluster.inter_node);
    EXPECT_DOUBLE_EQ(n->figures.value, rn.performance.step_time_s);
    EXPECT_DOUBLE_EQ(n->figures.args[0], rn.performance.comm_fraction * 100);
  }
  const DecisionStep* ps = Find(p, "large_pcie_vs_sxm");
  ASSERT_NE(ps, nullptr);
  EXPECT_DOUBLE_EQ(ps->figures.value, Eval(*ps).performance.mfu * 100);
  EXPECT_EQ(ps->scenario.cluster.gpus_per_node, 4);
}

TEST(DecisionPath, MultiTenantSizesTenantsOnMigProfiles) {
  const Scenario s = Preset("multi-tenant");
  const DecisionPath p = MakeDecisionPath("multi-tenant", s, nullptr);
  const DecisionStep* rule = Find(p, "tenant_quick_rule");
  ASSERT_NE(rule, nullptr);
  EXPECT_GT(rule->figures.limit, rule->figures.args[0]) << "the instance needs more than the weights";
  // A30, A100 and H100 have MIG: their smallest profile and the one that holds the tenant.
  EXPECT_EQ(Count(p, "tenant_smallest_profile"), 3);
  EXPECT_EQ(Count(p, "tenant_profile"), 3);
  for (int k = 0; k < 3; ++k) {
    const DecisionStep* st = Find(p, "tenant_profile", k);
    const Report r = Eval(*st);
    ASSERT_TRUE(r.errors.empty());
    EXPECT_EQ(st->scenario.cluster.mig.instances_per_gpu, st->figures.args[0]);
    EXPECT_EQ(st->figures.args[1], std::ceil(10.0 / st->figures.args[0]));
    EXPECT_DOUBLE_EQ(st->figures.args[3], r.cost.per_million_tokens);
    EXPECT_LE(st->figures.value, st->figures.limit);
  }
  const DecisionStep* whole = Find(p, "tenant_whole_gpu");
  ASSERT_NE(whole, nullptr);
  EXPECT_EQ(whole->subject, "L40S-48GB");
  EXPECT_DOUBLE_EQ(whole->figures.args[3], Eval(*whole).cost.per_million_tokens);
}

TEST(DecisionPath, ThePickIsThePlansBest) {
  const Scenario s = Preset("mid-training");
  const PlanResult plan = Plan(s);
  const DecisionPath p = MakeDecisionPath("mid-training", s, &plan);
  const DecisionStep& pick = p.steps.back();
  ASSERT_EQ(pick.figures.code, "plan_pick_training");
  EXPECT_EQ(pick.subject, plan.best.label);
  EXPECT_DOUBLE_EQ(pick.figures.args[1], plan.best.cost);
  const Report r = Eval(pick);
  EXPECT_DOUBLE_EQ(pick.figures.args[1], r.cost.total + r.cost.electricity_total);
  const std::string json = DecisionPathToJson(p);
  EXPECT_NE(json.find("\"decision_path\""), std::string::npos);
  EXPECT_NE(json.find("\"corrects_guide\": true"), std::string::npos);
}

// [SECTION] The resumable search ------------------------------------------------------------------

TEST(PlanSearch, AnySlicingGivesPlansBytes) {
  // large-cluster: two SKUs of several node sizes, so slices stop and resume (WalkCursor) at every
  // level of the training walk.
  for (const char* name : {"edge", "mid-training", "multi-tenant", "large-cluster"}) {
    const Scenario s = Preset(name);
    const std::string whole = PlanToJson(Plan(s));
    for (int64_t slice : {1, 7, 100, 5000}) {
      PlanSearch search(s);
      double last = 0;
      int calls = 0;
      while (!search.Done()) {
        const double f = search.Advance(slice);
        EXPECT_GE(f, last);
        last = f;
        ++calls;
      }
      EXPECT_EQ(last, 1.0);
      if (slice == 1) {
        EXPECT_GT(calls, 3) << name;
      }
      EXPECT_EQ(PlanToJson(search.Result()), whole) << name << " in slices of " << slice;
    }
  }
}

TEST(PlanSearch, ResultBeforeTheEndFinishesTheWalkAndErrorsAreDoneAtOnce) {
  const Scenario s = Preset("mid-training");
  PlanSearch search(s);
  // A slice of 50 is one cell of the training walk (48 configurations at most); the first cells
  // may be pruned whole.
  int64_t before = 0;
  for (int i = 0; i < 1000 && search.Evaluated() == 0; ++i) {
    search.Advance(50);
    EXPECT_LE(search.Evaluated() - before, 50);
    before = search.Evaluated();
  }
  EXPECT_FALSE(search.Done());
  EXPECT_GT(search.Evaluated(), 0);
  EXPECT_GT(search.Progress(), 0.0);
  EXPECT_LT(search.Progress(), 1.0);
  EXPECT_EQ(PlanToJson(search.Result()), PlanToJson(Plan(s)));
  Scenario bad = s;
  bad.plan.gpus = {"no-such-gpu"};
  PlanSearch refused(bad);
  EXPECT_TRUE(refused.Done());
  EXPECT_EQ(refused.Result().errors.size(), 1u);
}

}  // namespace
}  // namespace gpucfg
