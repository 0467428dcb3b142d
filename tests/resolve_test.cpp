// Resolution: catalog lookups, dependent defaults and the cross-field rules, each error at the
// field a user has to change.
#include "test_util.h"

namespace gpucfg {
namespace {

using test::HasError;

Issues ResolveErrors(const Scenario& s) {
  Resolved r;
  Issues errors;
  Resolve(s, BuiltinCatalog(), r, &errors);
  return errors;
}

TEST(Resolve, DefaultsFollowTheGpuAndTheCluster) {
  Scenario s = test::Example("default");
  Resolved r = test::MustResolve(s);
  EXPECT_EQ(r.intra_kind, IntraKind::kNvswitch);  // A100 SXM4 sits on an NVSwitch board
  EXPECT_EQ(r.dp, 8);                   // 8 GPUs / (tp 1 * pp 1)
  EXPECT_EQ(r.micro_batches, 64);       // 512 / (1 * 8)
  EXPECT_EQ(r.total_gpus, 8);
  s.cluster.gpu = "RTX-4090";
  EXPECT_EQ(test::MustResolve(s).intra_kind, IntraKind::kPcie);
}

TEST(Resolve, ParallelSplitMustDivideTheGpus) {
  Scenario s = test::Example("default");
  s.parallelism.tp = 3;
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/tp", "incompatible"));
  s.parallelism.tp = 2;
  s.parallelism.dp = 3;
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/dp", "incompatible"));
}

TEST(Resolve, TensorParallelMustDivideHeads) {
  Scenario s = test::Example("default");
  s.cluster.gpus_per_node = 8;
  s.workload.model = "bert-large";  // 16 heads
  s.parallelism.tp = 8;
  EXPECT_TRUE(ResolveErrors(s).empty()) << test::Dump(ResolveErrors(s));
  s.cluster.gpus_per_node = 64;
  s.parallelism.tp = 32;
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/tp"));
}

TEST(Resolve, NvlinkTopologyNeedsNvlinkGpus) {
  Scenario s = test::Example("default");
  s.cluster.gpu = "L40S-48GB";
  s.cluster.intra_node = "nvswitch";
  EXPECT_TRUE(HasError(ResolveErrors(s), "/cluster/intra_node", "incompatible"));
}

TEST(Resolve, SeveralNodesTakeTheNetworkTheyName) {
  Scenario s = test::Example("default");
  s.cluster.nodes = 2;  // no network named: the generation's usual one (fabric_defaults_test.cpp)
  EXPECT_TRUE(ResolveErrors(s).empty());
  s.cluster.inter_node = "ib-hdr";
  Resolved r = test::MustResolve(s);
  EXPECT_EQ(r.nics_per_node, 8);  // rail-optimised default: one NIC per GPU
  s.cluster.inter_node = "nvlink3";
  EXPECT_TRUE(HasError(ResolveErrors(s), "/cluster/inter_node", "unknown_value"));
}

TEST(Resolve, BatchRoundingIsAWarningNotAnError) {
  Scenario s = test::Example("default");
  s.workload.global_batch = 500;  // not a multiple of 8
  Resolved r;
  Issues errors;
  WarningList warnings;
  ASSERT_TRUE(Resolve(s, BuiltinCatalog(), r, &errors, &warnings));
  EXPECT_EQ(r.micro_batches, 63);  // ceil(500 / 8)
  ASSERT_EQ(warnings.count, 1);
  EXPECT_EQ(warnings.items[0].code, "global_batch_rounded");
  EXPECT_EQ(warnings.items[0].value, 504);
}

TEST(Resolve, PriceComesFromTheCatalogUnlessGiven) {
  Scenario s = test::Example("default");
  Resolved r = test::MustResolve(s);
  EXPECT_GT(r.per_gpu_hour, 0);
  EXPECT_EQ(r.currency, "USD");
  s.pricing.per_gpu_hour = 1.5;
  EXPECT_EQ(test::MustResolve(s).per_gpu_hour, 1.5);
  s.pricing.currency = "CNY";
  s.pricing.per_gpu_hour = 0;
  EXPECT_EQ(test::MustResolve(s).currency, "CNY");
  s.pricing.currency = "XYZ";
  EXPECT_TRUE(HasError(ResolveErrors(s), "/pricing/currency"));
}

}  // namespace
}  // namespace gpucfg
