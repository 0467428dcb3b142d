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
  // The error names the factor that breaks the division (issue 13): tp = 1 is not at fault.
  s.parallelism.tp = 1, s.parallelism.pp = 3;
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/pp", "incompatible"));
  EXPECT_FALSE(HasError(ResolveErrors(s), "/parallelism/tp"));
  s.parallelism.tp = 4, s.parallelism.pp = 4;  // each divides 8, their product does not
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/pp", "incompatible"));
  s.parallelism.tp = 2, s.parallelism.pp = 2, s.parallelism.cp = 3;
  EXPECT_TRUE(HasError(ResolveErrors(s), "/parallelism/cp", "incompatible"));
  s.parallelism.pp = 1, s.parallelism.cp = 1;
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

// Stages of unequal layer counts are modelled (the busiest one) but named: Megatron-LM refuses them
// unless told how to split (issue 13: "PP not dividing the layers" points at /parallelism/pp).
TEST(Resolve, UnevenPipelineStagesAreAWarningAtPp) {
  Scenario s = test::Example("default");  // Llama-2 7B: 32 layers, 8 GPUs
  s.cluster.gpus_per_node = 6;
  s.parallelism.pp = 3;
  s.workload.global_batch = 510;
  auto uneven = [](const WarningList& w) {
    for (int i = 0; i < w.count; ++i)
      if (w.items[i].code == "pp_uneven_stages") return &w.items[i];
    return static_cast<const Warning*>(nullptr);
  };
  Resolved r;
  Issues errors;
  WarningList warnings;
  ASSERT_TRUE(Resolve(s, BuiltinCatalog(), r, &errors, &warnings)) << test::Dump(errors);
  const Warning* w = uneven(warnings);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->path, "/parallelism/pp");
  EXPECT_EQ(w->value, 32);    // layers
  EXPECT_EQ(w->limit, 11);    // the busiest stage: ceil(32 / 3)
  EXPECT_EQ(w->args[0], 3);   // stages
  EXPECT_NE(WarningMessage(*w).find("32 layers over 3 stages"), std::string::npos) << WarningMessage(*w);
  s.cluster.gpus_per_node = 8, s.parallelism.pp = 4, s.workload.global_batch = 512;  // 8 layers a stage
  warnings = WarningList{};
  ASSERT_TRUE(Resolve(s, BuiltinCatalog(), r, &errors, &warnings));
  EXPECT_EQ(uneven(warnings), nullptr);
}

// A serving engine has no training profile: training with it is refused at the engine's field, and
// every engine data/engines.json marks as training (or both) is accepted.
TEST(Resolve, ServingEnginesDoNotTrain) {
  Scenario s = test::Example("default");
  for (const EngineProfile& e : BuiltinCatalog().engines) {
    s.workload.engine = e.id;
    s.workload.kind = WorkloadKind::kTraining;
    const Issues errors = ResolveErrors(s);
    if (e.kind == "inference") {
      EXPECT_TRUE(HasError(errors, "/workload/engine", "incompatible")) << e.id;
      s.workload.kind = WorkloadKind::kInference;
      EXPECT_TRUE(ResolveErrors(s).empty()) << e.id << ": " << test::Dump(ResolveErrors(s));
    } else {
      EXPECT_TRUE(errors.empty()) << e.id << ": " << test::Dump(errors);
    }
  }
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
