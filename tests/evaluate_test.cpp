// The whole pipeline: every example evaluates, invalid scenarios give errors and empty sections,
// and the power totals (nodes x wall power, PUE) on hand-worked relations.
#include "test_util.h"

namespace gpucfg {
namespace {

TEST(Evaluate, EveryExampleEvaluatesWithoutErrors) {
  for (const auto& e : ExampleNames()) {
    Report r = Evaluate(test::Example(std::string(e.name).c_str()));
    EXPECT_TRUE(r.errors.empty()) << e.name << "\n" << test::Dump(r.errors);
    EXPECT_GT(r.memory.per_gpu.total_gib, 0) << e.name;
    EXPECT_GT(r.power.cluster_kw, 0) << e.name;
  }
}

TEST(Evaluate, InvalidScenarioGivesErrorsNotNumbers) {
  Scenario s = test::Example("default");
  s.cluster.gpu = "no-such-gpu";
  Report r = Evaluate(s);
  EXPECT_TRUE(test::HasError(r.errors, "/cluster/gpu"));
  EXPECT_EQ(r.memory.per_gpu.total_gib, 0);
  EXPECT_EQ(r.power.cluster_kw, 0);
}

TEST(Evaluate, ReusingAReportGivesTheSameAnswer) {
  Scenario a = test::Example("gpt3-175b"), b = test::Example("edge-orin");
  Report reused;
  EvaluateInto(a, BuiltinCatalog(), reused);
  EvaluateInto(b, BuiltinCatalog(), reused);
  EXPECT_EQ(ReportToJson(reused), ReportToJson(Evaluate(b)));
}

TEST(Power, ClusterIsNodesTimesWallPowerAndFacilityAddsPue) {
  // Contract v2: gpu_w is what a GPU draws under this job (below its 400 W limit on average),
  // node_w the whole node at the wall; cluster = 128 nodes x node_w, facility = cluster x PUE 1.3.
  Report r = Evaluate(test::Example("gpt3-175b"));
  EXPECT_GT(r.power.gpu_w, 200);
  EXPECT_LE(r.power.gpu_w, 400);
  EXPECT_GT(r.power.node_w, 8 * r.power.gpu_w);  // the host adds to the GPUs
  EXPECT_NEAR(r.power.cluster_kw, 128 * r.power.node_w / 1000, 1e-9);
  EXPECT_NEAR(r.power.facility_kw, r.power.cluster_kw * 1.3, 1e-9);
  // Energy = facility power x time to train.
  EXPECT_NEAR(r.power.energy_kwh, r.power.facility_kw * r.performance.time_to_train_s / 3600, 1e-6);
}

TEST(Evaluate, WarningMessagesFillInTheirFigures) {
  Scenario s = test::Example("default");
  s.workload.global_batch = 500;
  Report r = Evaluate(s);
  ASSERT_GE(r.warnings.count, 1);
  std::string msg = WarningMessage(r.warnings.items[0]);
  EXPECT_NE(msg.find("504"), std::string::npos) << msg;
  EXPECT_NE(msg.find("500"), std::string::npos) << msg;
}

}  // namespace
}  // namespace gpucfg
