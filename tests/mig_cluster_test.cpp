// Tests of cluster.mig (core/pipeline/mig_evaluate): the layout is checked by placement with
// /cluster/mig/... paths, one instance is priced as a device by the unchanged models, the cluster is
// that instance times the instances, and the report's mig section and performance.per_instance
// follow contract v2. Reports without cluster.mig carry neither.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "test_util.h"

namespace gpucfg {
namespace {

using Json = nlohmann::json;

Scenario Serve(const char* gpu, const char* profile, int n) {
  Scenario s;
  s.cluster.gpu = gpu;
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-7b";
  s.workload.arch = FindModel(BuiltinCatalog(), "llama2-7b")->arch;
  s.workload.precision = Precision::kFp16;
  s.workload.weight_precision = Precision::kInt4;
  s.workload.kv_precision = Precision::kFp16;
  s.workload.batch = 4;
  s.workload.prompt_tokens = 512;
  s.workload.output_tokens = 128;
  s.cluster.mig.profile = profile;
  s.cluster.mig.instances_per_gpu = n;
  return s;
}

TEST(MigCluster, SevenSlicesOfAnA100ServeSevenCopies) {
  const Report r = Evaluate(Serve("A100-SXM4-80GB", "1g.10gb", 7));
  ASSERT_TRUE(r.errors.empty()) << r.errors[0].path << ": " << r.errors[0].message;
  ASSERT_TRUE(r.mig.present);
  ASSERT_TRUE(r.per_instance.present);
  EXPECT_EQ(r.mig.instances_per_gpu, 7);
  EXPECT_EQ(r.mig.instances, 56);  // 8 GPUs x 7
  EXPECT_EQ(r.mig.placement_count, 7);
  EXPECT_EQ(r.mig.instance.sms, 14);
  EXPECT_DOUBLE_EQ(r.mig.instance.memory_gib, 9.5);
  EXPECT_NEAR(r.mig.instance.hbm_gbps, 2039.0 / 8, 1e-9);
  EXPECT_NEAR(r.mig.instance.fraction_of_gpu, 1.0 / 7, 1e-12);
  // Memory is the instance's: 9.5 GiB of capacity.
  EXPECT_DOUBLE_EQ(r.memory.capacity_gib, 9.5);
  // Cluster = one instance x 56; latency is one instance's.
  const PerformanceReport& one = r.per_instance.performance;
  EXPECT_GT(one.output_tokens_per_s, 0);
  EXPECT_NEAR(r.performance.output_tokens_per_s, 56 * one.output_tokens_per_s, 1e-6 * r.performance.output_tokens_per_s);
  EXPECT_NEAR(r.performance.output_tokens_per_s_per_gpu, 7 * one.output_tokens_per_s_per_gpu, 1e-9 * one.output_tokens_per_s);
  EXPECT_DOUBLE_EQ(r.performance.tpot_s, one.tpot_s);
  // Power and rental are the whole boards' in their servers: a board between idle and its limit,
  // the node with its host, energy for an hour of serving (it was the bare TDP, no host, 0 kWh).
  EXPECT_GT(r.power.gpu_w, r.power.gpu_idle_w);
  EXPECT_LE(r.power.gpu_w, r.power.gpu_limit_w);
  EXPECT_GT(r.power.host_w, 0);
  EXPECT_NEAR(r.power.node_w, (8 * r.power.gpu_w + r.power.host_w) / r.power.psu_efficiency, 1e-9 * r.power.node_w);
  EXPECT_GT(r.power.energy_kwh, 0);
  EXPECT_DOUBLE_EQ(r.power.energy_kwh, r.power.facility_kw);  // one hour
  EXPECT_NEAR(r.cost.electricity_total, r.power.energy_kwh * 0.12, 1e-9);  // USD preset, 0.12 per kWh
  EXPECT_EQ(r.setup.total_gpus, 8);
  // The same job on whole GPUs: decode of a 7B model is bandwidth-bound, so seven slices of 1/8 of
  // the bandwidth each give about 7/8 of the whole GPU's decode rate, batch for batch x 7.
  Scenario w = Serve("A100-SXM4-80GB", "", 0);
  w.workload.batch = 28;
  const Report whole = Evaluate(w);
  ASSERT_TRUE(whole.errors.empty());
  std::printf("[ mig cluster ] A100 80GB, llama2-7b int4 decode: 7 x 1g.10gb (batch 4 each) %.0f tok/s per GPU vs whole GPU (batch 28) %.0f\n",
              r.performance.output_tokens_per_s_per_gpu, whole.performance.output_tokens_per_s_per_gpu);
  EXPECT_LT(r.performance.output_tokens_per_s_per_gpu, 1.05 * whole.performance.output_tokens_per_s_per_gpu);
}

// A layout that leaves slices empty draws only its busy slices' dynamic power: one 3g.40gb (3 of 7
// compute slices) on an A100 draws less than seven busy 1g.10gb, and the same server host.
TEST(MigCluster, EmptySlicesDrawOnlyIdlePower) {
  const Report seven = Evaluate(Serve("A100-SXM4-80GB", "1g.10gb", 7));
  const Report one = Evaluate(Serve("A100-SXM4-80GB", "3g.40gb", 1));
  ASSERT_TRUE(seven.errors.empty() && one.errors.empty());
  EXPECT_LT(one.power.gpu_w, seven.power.gpu_w);
  EXPECT_GT(one.power.gpu_w, one.power.gpu_idle_w);
  EXPECT_LT(one.power.node_w, seven.power.node_w);
  EXPECT_GT(one.power.host_w, 0);
}

TEST(MigCluster, TheJsonHasTheContractsMigSectionOnlyWithClusterMig) {
  const Json with = Json::parse(ReportToJson(Evaluate(Serve("H100-SXM5-80GB", "3g.40gb", 2))));
  ASSERT_TRUE(with.contains("mig")) << with.dump().substr(0, 300);
  for (const char* k : {"profile", "instances_per_gpu", "placement", "instance"}) EXPECT_TRUE(with["mig"].contains(k)) << k;
  for (const char* k : {"sms", "memory_gib", "hbm_gbps", "fraction_of_gpu"}) EXPECT_TRUE(with["mig"]["instance"].contains(k)) << k;
  EXPECT_EQ(with["mig"]["placement"].size(), 2u);
  EXPECT_EQ(with["mig"]["placement"][0]["start"], 0);
  EXPECT_EQ(with["mig"]["placement"][1]["start"], 4);
  EXPECT_EQ(with["mig"]["instance"]["sms"], 60);
  EXPECT_TRUE(with["performance"].contains("per_instance"));
  const Json without = Json::parse(ReportToJson(Evaluate(Serve("H100-SXM5-80GB", "", 0))));
  EXPECT_FALSE(without.contains("mig"));
  EXPECT_FALSE(without["performance"].contains("per_instance"));
}

TEST(MigCluster, BadLayoutsAndSplitsAreErrorsWithPaths) {
  using test::HasError;
  EXPECT_TRUE(HasError(Evaluate(Serve("A100-SXM4-80GB", "3g.40gb", 3)).errors, "/cluster/mig/instances_per_gpu", "invalid_layout"));
  EXPECT_TRUE(HasError(Evaluate(Serve("A100-SXM4-80GB", "1g.5gb", 7)).errors, "/cluster/mig/profile", "unknown_profile"));
  EXPECT_TRUE(HasError(Evaluate(Serve("A100-SXM4-80GB", "1g.10gb", 0)).errors, "/cluster/mig/instances_per_gpu"));
  EXPECT_TRUE(HasError(Evaluate(Serve("A100-SXM4-80GB", "", 2)).errors, "/cluster/mig/profile"));
  EXPECT_TRUE(HasError(Evaluate(Serve("L40S-48GB", "1g.10gb", 1)).errors, "/cluster/gpu", "no_mig"));
  Scenario tp = Serve("A100-SXM4-80GB", "3g.40gb", 2);
  tp.parallelism.tp = 2;
  EXPECT_TRUE(HasError(Evaluate(tp).errors, "/parallelism/tp", "mig_no_p2p"));
  // The message of an invalid layout names the rule and the closest layouts.
  const Report bad = Evaluate(Serve("A100-SXM4-80GB", "3g.40gb", 3));
  ASSERT_FALSE(bad.errors.empty());
  EXPECT_NE(bad.errors[0].message.find("count limit"), std::string::npos) << bad.errors[0].message;
  EXPECT_NE(bad.errors[0].message.find("closest valid"), std::string::npos);
  // The JSON reader accepts the section and rejects a wrong type with its path.
  const ParseResult p = ParseScenario(
      R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","mig":{"profile":"1g.10gb","instances_per_gpu":"x"}},"workload":{"model":"llama2-7b"}})");
  EXPECT_TRUE(HasError(p.errors, "/cluster/mig/instances_per_gpu"));
  const ParseResult q = ParseScenario(
      R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","gpus_per_node":1,"mig":{"profile":"1g.10gb","instances_per_gpu":7}},
        "workload":{"kind":"inference","model":"llama2-7b","precision":"fp16","weight_precision":"int4"}})");
  ASSERT_TRUE(q.ok()) << q.errors[0].path;
  EXPECT_EQ(q.scenario.cluster.mig.instances_per_gpu, 7);
  EXPECT_TRUE(Evaluate(q.scenario).mig.present);
}

}  // namespace
}  // namespace gpucfg
