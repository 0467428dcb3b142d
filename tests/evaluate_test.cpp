// The whole pipeline: every example evaluates, invalid scenarios give errors and empty sections,
// and the first power model (GPU count x board power) on hand-worked numbers.
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

TEST(Power, BoardPowerTimesGpuCount) {
  // GPT-3 example: 128 nodes x 8 A100-SXM4-80GB at 400 W = 3200 W per node, 409.6 kW;
  // facility at PUE 1.3: 532.48 kW.
  Report r = Evaluate(test::Example("gpt3-175b"));
  EXPECT_DOUBLE_EQ(r.power.gpu_w, 400);
  EXPECT_DOUBLE_EQ(r.power.node_w, 3200);
  EXPECT_DOUBLE_EQ(r.power.cluster_kw, 409.6);
  EXPECT_NEAR(r.power.facility_kw, 532.48, 1e-9);
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
