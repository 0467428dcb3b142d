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

namespace gpucfg {
namespace {

// Truth in one place: Resolve counts micro-batches with a ceiling, and memory, speed and the
// report's setup all use that count. 1010 sequences on dp 8 at micro-batch 1: ceil(126.25) = 127
// micro-batches, 127 x 1 x 8 = 1016 sequences per step (a rounding would have said 126 / 1008).
TEST(Evaluate, MicroBatchCountIsResolvesCeilingEverywhere) {
  Scenario s = test::Example("default");
  s.workload.global_batch = 1010, s.workload.micro_batch = 1;
  const Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  EXPECT_EQ(r.setup.dp, 8);
  EXPECT_EQ(r.performance.micro_batches, 127);
  EXPECT_EQ(r.setup.global_batch, 1016);
  const double tokens_per_step = r.performance.tokens_per_s * r.performance.step_time_s;
  EXPECT_NEAR(tokens_per_step, 1016.0 * s.workload.seq_len, 1e-6 * tokens_per_step);
  bool rounded = false;
  for (const Warning& w : r.warnings) rounded = rounded || (w.code == "global_batch_rounded" && w.value == 1016);
  EXPECT_TRUE(rounded) << "the warning and the figures name the same batch";
  s.workload.kind = WorkloadKind::kInference;
  EXPECT_EQ(Evaluate(s).setup.global_batch, 0);
}

// workload.train_steps: the time to train is steps x step time, the same as the token budget of
// those steps, for transformers and (which have no token budget) networks; not both at once.
TEST(Evaluate, TrainStepsGiveTheTimeToTrain) {
  Scenario s = test::Example("default");
  s.workload.train_tokens = 0, s.workload.train_steps = 1000;
  const Report steps = Evaluate(s);
  ASSERT_TRUE(steps.errors.empty()) << test::Dump(steps.errors);
  EXPECT_NEAR(steps.performance.time_to_train_s, 1000 * steps.performance.step_time_s,
              1e-9 * steps.performance.time_to_train_s);
  EXPECT_GT(steps.cost.total, 0);
  s.workload.train_steps = 0;
  s.workload.train_tokens = 1000.0 * steps.setup.global_batch * s.workload.seq_len;
  EXPECT_NEAR(Evaluate(s).performance.time_to_train_s, steps.performance.time_to_train_s,
              1e-9 * steps.performance.time_to_train_s);
  s.workload.train_steps = 1000;
  EXPECT_TRUE(test::HasError(Evaluate(s).errors, "/workload/train_steps", "incompatible"));

  Scenario n = test::Example("resnet50-training");
  n.workload.train_tokens = 0, n.workload.train_steps = 500;
  const Report net = Evaluate(n);
  ASSERT_TRUE(net.errors.empty()) << test::Dump(net.errors);
  EXPECT_DOUBLE_EQ(net.performance.time_to_train_s, 500 * net.performance.step_time_s);
  EXPECT_GT(net.cost.total, 0);
  EXPECT_GT(net.power.energy_kwh, 0);
}

}  // namespace
}  // namespace gpucfg
