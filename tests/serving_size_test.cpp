// SizeServing (core/planner/serving_size.h): GPUs and copies for a number of users or a request
// rate within the latency targets. Each check re-evaluates what the search returned, so it tests
// the search against the models rather than against numbers written down here.
#include <cmath>

#include "planner/serving_size.h"
#include "test_util.h"

namespace gpucfg {
namespace {

Scenario Serving(double tpot_ms = 50) {
  Scenario s;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-7b";
  s.workload.prompt_tokens = 512;
  s.workload.output_tokens = 256;
  s.speed.tpot_target_ms = tpot_ms;
  s.speed.ttft_target_ms = 2000;
  return s;
}

ServingNeed Users(double n) {
  ServingNeed need;
  need.users = n;
  return need;
}

TEST(ServingSize, UsersWithinTheTargetsOnTheFewestCopies) {
  const ServingSize a = SizeServing(Serving(), Users(50));
  ASSERT_TRUE(a.errors.empty()) << test::Dump(a.errors);
  ASSERT_TRUE(a.feasible) << a.why;
  EXPECT_EQ(a.why_code, a.copies == 1 ? "one_copy" : "batch_bound");
  // The service it returns meets the targets, fits, and holds every user.
  const Report r = Evaluate(a.scenario);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  EXPECT_TRUE(r.memory.fits);
  EXPECT_LE(r.performance.tpot_s * 1e3, 50.0);
  EXPECT_LE(r.performance.ttft_s * 1e3, 2000.0);
  EXPECT_GE(r.setup.dp * a.scenario.workload.batch, 50);
  EXPECT_EQ(r.setup.dp, a.copies);
  EXPECT_EQ(a.gpus, a.scenario.TotalGpus());
  EXPECT_EQ(a.gpus, a.copies * a.tp);
  EXPECT_DOUBLE_EQ(a.tpot_s, r.performance.tpot_s);
  EXPECT_DOUBLE_EQ(a.per_hour, r.cost.per_hour);
  // One copy fewer of the same size would have to batch more users than the target allows.
  if (a.copies > 1) {
    Scenario fewer = a.scenario;
    fewer.cluster.gpus_per_node = (a.copies - 1) * a.tp;
    fewer.workload.batch = static_cast<int>(std::ceil(50.0 / (a.copies - 1)));
    const Report f = Evaluate(fewer);
    EXPECT_TRUE(!f.memory.fits || f.performance.tpot_s * 1e3 > 50.0 || f.performance.ttft_s * 1e3 > 2000.0);
  }
}

TEST(ServingSize, MoreUsersOrATighterTargetNeedMoreGpus) {
  const ServingSize base = SizeServing(Serving(), Users(50));
  const ServingSize more = SizeServing(Serving(), Users(800));
  const ServingSize tight = SizeServing(Serving(15), Users(50));
  ASSERT_TRUE(base.feasible && more.feasible && tight.feasible) << more.why << tight.why;
  EXPECT_GT(more.gpus, base.gpus);
  EXPECT_GE(tight.gpus, base.gpus);
  EXPECT_LE(tight.tpot_s * 1e3, 15.0);
}

TEST(ServingSize, RequestsPerSecondBecomeUsersByLittlesLaw) {
  ServingNeed need;
  need.requests_per_s = 20;
  const ServingSize a = SizeServing(Serving(), need);
  ASSERT_TRUE(a.feasible) << a.why;
  // Concurrency = arrival rate x time in the system, at the latency of the batch it chose.
  const Scenario one = [&] {
    Scenario s = Serving();
    s.cluster.gpus_per_node = a.tp;
    s.parallelism.tp = a.tp;
    s.workload.batch = a.batch_per_copy;
    return s;
  }();
  const Report r = Evaluate(one);
  EXPECT_NEAR(a.concurrency, 20 * r.performance.request_latency_s, 1e-9 * a.concurrency);
  EXPECT_GE(a.copies * a.batch_per_copy, a.concurrency - 1e-9);
}

TEST(ServingSize, PastOneNodeTheCopiesFillWholeNodesWithoutANetworkError) {
  const ServingSize a = SizeServing(Serving(), Users(3000));
  ASSERT_TRUE(a.feasible) << a.why;
  EXPECT_GT(a.nodes, 1);
  EXPECT_EQ(a.gpus, a.nodes * 8);
  EXPECT_EQ(a.copies * a.tp, a.gpus);
  const Report r = Evaluate(a.scenario);  // inter_node "none": the generation's usual network, warned
  EXPECT_TRUE(r.errors.empty()) << test::Dump(r.errors);
}

// Issue 14: two nodes of independent serving copies (tp within a node, no network named) must give
// a report, not a network error, and no "set a real network" warning (no traffic crosses nodes).
TEST(ServingSize, TwoNodesOfIndependentCopiesEvaluate) {
  Scenario s = Serving();
  s.cluster.nodes = 2;
  s.cluster.inter_node = "none";
  s.parallelism.tp = 2;
  s.workload.batch = 16;
  const Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  EXPECT_EQ(r.setup.dp, 8);
  EXPECT_GT(r.performance.output_tokens_per_s, 0);
  bool assumed = false;
  for (const Warning& w : r.warnings) assumed |= w.code == "inter_node_assumed";
  for (const Warning& w : r.assumptions) assumed |= w.code == "inter_node_assumed";
  EXPECT_FALSE(assumed);  // each copy (tp 2) fits in a node: nothing crosses the network
  EXPECT_FALSE(r.setup.inter_node.empty());  // the usual network is still named in the setup
}

TEST(ServingSize, ImpossibleTargetsSayWhy) {
  const ServingSize a = SizeServing(Serving(0.01), Users(10));
  ASSERT_TRUE(a.errors.empty());
  EXPECT_FALSE(a.feasible);
  EXPECT_EQ(a.why_code, "latency");
  Scenario huge = Serving();
  huge.workload.model = "llama2-70b";
  huge.cluster.gpu = "RTX-4090";
  huge.cluster.gpus_per_node = 1;
  const ServingSize b = SizeServing(huge, Users(10));
  if (b.errors.empty()) {
    EXPECT_FALSE(b.feasible);
    EXPECT_TRUE(b.why_code == "no_fit" || b.why_code == "invalid") << b.why_code;
  }
}

TEST(ServingSize, BadInputGivesErrorsWithPaths) {
  Scenario training = Serving();
  training.workload.kind = WorkloadKind::kTraining;
  EXPECT_TRUE(test::HasError(SizeServing(training, Users(5)).errors, "/workload/kind", "incompatible"));
  Scenario network = Serving();
  network.workload.model = "resnet50";
  EXPECT_TRUE(test::HasError(SizeServing(network, Users(5)).errors, "/workload/model", "incompatible"));
  ServingNeed both;
  both.users = 5, both.requests_per_s = 2;
  EXPECT_TRUE(test::HasError(SizeServing(Serving(), both).errors, "/need/users", "out_of_range"));
  EXPECT_TRUE(test::HasError(SizeServing(Serving(), ServingNeed{}).errors, "/need/requests_per_s", "out_of_range"));
  EXPECT_NE(ServingSizeToJson(SizeServing(Serving(), ServingNeed{})).find("\"errors\""), std::string::npos);
}

TEST(ServingSize, TheJsonVerbReadsTheNeedAndOverridesTheTargets) {
  const std::string scenario = ScenarioToJson(Serving(100));
  const JsonResult r = ServingSizeJson(scenario, R"({"users": 50, "tpot_ms": 50})");
  ASSERT_TRUE(r.ok) << r.text;
  EXPECT_EQ(r.text, ServingSizeToJson(SizeServing(Serving(50), Users(50))));
  const JsonResult bad = ServingSizeJson(scenario, R"({"people": 5})");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.text.find("/need/people"), std::string::npos);
  EXPECT_NE(ServingSizeJson(scenario, "[1]").text.find("invalid_json"), std::string::npos);
  EXPECT_NE(ServingSizeJson(scenario, R"({"users": "many"})").text.find("/need/users"), std::string::npos);
  // The need is read as strictly as a scenario: invalid JSON says where, a key given twice is an error.
  const JsonResult broken = ServingSizeJson(scenario, "{\"users\": 5,\n \"tpot_ms\": }");
  EXPECT_FALSE(broken.ok);
  EXPECT_NE(broken.text.find("line 2, column 13"), std::string::npos) << broken.text;
  EXPECT_NE(broken.text.find("\"path\": \"/need\""), std::string::npos) << broken.text;
  const JsonResult twice = ServingSizeJson(scenario, R"({"users": 5, "users": 50})");
  EXPECT_FALSE(twice.ok);
  EXPECT_NE(twice.text.find("duplicate_key"), std::string::npos) << twice.text;
  EXPECT_NE(twice.text.find("/need/users"), std::string::npos) << twice.text;
}

}  // namespace
}  // namespace gpucfg
