// The fabrics a scenario gets when it names none: a multi-node cluster with inter_node "none" gets
// its GPU generation's usual network and a warning (not an error), and NVSwitch / NVLink-bridge
// nodes get the fabric that matches the GPU's own NVLink rate (A800 / H800 run NVLink at 400 GB/s).
#include "test_util.h"

#include <utility>

namespace gpucfg {
namespace {

struct Outcome {
  bool ok = false;
  Resolved r;
  WarningList warnings;
};

Outcome ResolveWithWarnings(const Scenario& s) {
  Outcome o;
  Issues errors;
  o.ok = Resolve(s, BuiltinCatalog(), o.r, &errors, &o.warnings);
  EXPECT_TRUE(o.ok) << test::Dump(errors);
  return o;
}

const Warning* FindWarning(const WarningList& w, std::string_view code) {
  for (const Warning& x : w)
    if (x.code == code) return &x;
  return nullptr;
}

TEST(FabricDefaults, SeveralNodesWithoutANetworkGetTheUsualOneAndAWarning) {
  Scenario s = test::Example("default");  // 8x A100 SXM4 80GB
  s.cluster.nodes = 4;
  Outcome o = ResolveWithWarnings(s);
  ASSERT_NE(o.r.inter, nullptr);
  EXPECT_EQ(o.r.inter->id, "ib-hdr");  // DGX A100: 8x HDR 200 Gb/s
  EXPECT_EQ(o.r.nics_per_node, 8);     // one port per GPU, as for a named network
  const Warning* w = FindWarning(o.warnings, "inter_node_assumed");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->path, "/cluster/inter_node");
  EXPECT_EQ(w->value, 4);    // nodes
  EXPECT_EQ(w->limit, 200);  // Gb/s per port
  EXPECT_NE(WarningMessage(*w).find("200 Gb/s"), std::string::npos) << WarningMessage(*w);
  // The report names the fabric it assumed, and the step is priced over it.
  Report rep = Evaluate(s);
  EXPECT_TRUE(rep.errors.empty());
  EXPECT_EQ(rep.setup.inter_node, "ib-hdr");
  EXPECT_GT(rep.performance.step_time_s, 0);
}

TEST(FabricDefaults, EachGenerationHasItsUsualNetwork) {
  const std::pair<const char*, const char*> cases[] = {
      {"V100-SXM2-32GB", "ib-edr"},  {"A100-SXM4-40GB", "ib-hdr"},      {"A800-SXM4-80GB", "ib-hdr"},
      {"H100-SXM5-80GB", "ib-ndr"},  {"H800-SXM5-80GB", "ib-ndr"},      {"H20-96GB", "ib-ndr"},
      {"H200-SXM-141GB", "ib-ndr"},  {"B200", "ib-ndr"},                {"GB200", "ib-ndr"},
      {"L40S-48GB", "roce-200g"},    {"RTX-4090", "roce-200g"},         {"A100-PCIe-80GB", "roce-200g"},
      {"Jetson-AGX-Orin-64GB", "eth-25g"}};
  for (const auto& [gpu, net] : cases) {
    Scenario s = test::Example("default");
    s.cluster.gpu = gpu, s.cluster.nodes = 2;
    Outcome o = ResolveWithWarnings(s);
    ASSERT_NE(o.r.inter, nullptr) << gpu;
    EXPECT_EQ(o.r.inter->id, net) << gpu;
    EXPECT_NE(FindWarning(o.warnings, "inter_node_assumed"), nullptr) << gpu;
  }
}

TEST(FabricDefaults, OneNodeOrANamedNetworkIsNotWarnedAbout) {
  Scenario s = test::Example("default");
  Outcome one = ResolveWithWarnings(s);
  EXPECT_EQ(one.r.inter, nullptr);
  EXPECT_EQ(FindWarning(one.warnings, "inter_node_assumed"), nullptr);
  s.cluster.nodes = 2, s.cluster.inter_node = "roce-400g";
  Outcome named = ResolveWithWarnings(s);
  ASSERT_NE(named.r.inter, nullptr);
  EXPECT_EQ(named.r.inter->id, "roce-400g");
  EXPECT_EQ(FindWarning(named.warnings, "inter_node_assumed"), nullptr);
}

// Issue 14: inference copies that each fit in a node (tp * pp <= gpus_per_node, replicas across
// nodes) send nothing between nodes, so the assumed network is not warned about; a copy that spans
// nodes, experts spread over copies across nodes, or training (gradients cross nodes) still are.
TEST(FabricDefaults, IndependentServingCopiesAcrossNodesAreNotWarnedAbout) {
  Scenario s;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-7b";
  s.cluster.gpu = "A100-SXM4-80GB";
  s.cluster.gpus_per_node = 8, s.cluster.nodes = 2, s.cluster.inter_node = "none";
  for (const auto& [tp, pp] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{4, 2}, std::pair{8, 1}}) {
    s.parallelism.tp = tp, s.parallelism.pp = pp;
    Outcome o = ResolveWithWarnings(s);
    ASSERT_NE(o.r.inter, nullptr);  // the usual network is still assumed (the report names it)
    EXPECT_EQ(FindWarning(o.warnings, "inter_node_assumed"), nullptr) << "tp " << tp << " pp " << pp;
    EXPECT_EQ(o.r.dp, 16 / (tp * pp));
  }
  s.parallelism.tp = 8, s.parallelism.pp = 2;  // one copy on 16 GPUs: its pipeline crosses nodes
  EXPECT_NE(FindWarning(ResolveWithWarnings(s).warnings, "inter_node_assumed"), nullptr);
  s.parallelism.tp = 2, s.parallelism.pp = 1;
  s.workload.kind = WorkloadKind::kTraining;  // the gradient all-reduce crosses nodes
  EXPECT_NE(FindWarning(ResolveWithWarnings(s).warnings, "inter_node_assumed"), nullptr);
  // Experts spread over 16 copies (ep 16 on 2 x 8): the all-to-all crosses nodes.
  Scenario moe = s;
  moe.workload.kind = WorkloadKind::kInference;
  moe.workload.model = "mixtral-8x7b";
  moe.parallelism.tp = 1, moe.parallelism.ep = 8;
  EXPECT_EQ(FindWarning(ResolveWithWarnings(moe).warnings, "inter_node_assumed"), nullptr);  // ep 8 in a node
  moe.cluster.gpus_per_node = 4, moe.cluster.nodes = 4;
  EXPECT_NE(FindWarning(ResolveWithWarnings(moe).warnings, "inter_node_assumed"), nullptr);  // ep 8 over 2 nodes
}

// NVLink fabrics by the GPU's own rate: A800 and H800 HGX boards switch 400 GB/s (200 per
// direction), not the 600 / 900 of A100 / H100; bridges likewise (A100 PCIe 600 GB/s pairs, not the
// A40's 112.5; H200 NVL 900 GB/s).
TEST(FabricDefaults, NvlinkFabricFollowsTheGpusRate) {
  const std::pair<const char*, double> cases[] = {
      {"A100-SXM4-80GB", 300}, {"A800-SXM4-80GB", 200}, {"H100-SXM5-80GB", 450}, {"H800-SXM5-80GB", 200},
      {"H20-96GB", 450},       {"B200", 900},           {"GB200", 900}};
  for (const auto& [gpu, gbps] : cases) {
    Scenario s = test::Example("default");
    s.cluster.gpu = gpu;
    Resolved r = test::MustResolve(s);
    EXPECT_EQ(r.intra_kind, IntraKind::kNvswitch) << gpu;
    ASSERT_NE(r.intra, nullptr) << gpu;
    EXPECT_DOUBLE_EQ(r.intra->gbps_per_direction, gbps) << gpu;
  }
  const std::pair<const char*, double> bridges[] = {
      {"A100-PCIe-80GB", 300}, {"A800-PCIe-80GB", 200}, {"H100-PCIe-80GB", 300}, {"H800-PCIe-80GB", 200},
      {"H200-NVL-141GB", 450}, {"A40-48GB", 56.25},     {"RTX-A6000", 56.25},     {"A30-24GB", 100}};
  for (const auto& [gpu, gbps] : bridges) {
    Scenario s = test::Example("default");
    s.cluster.gpu = gpu, s.cluster.gpus_per_node = 2, s.cluster.intra_node = "nvlink-bridge";
    Resolved r = test::MustResolve(s);
    ASSERT_NE(r.intra, nullptr) << gpu;
    EXPECT_DOUBLE_EQ(r.intra->gbps_per_direction, gbps) << gpu;
  }
}

}  // namespace
}  // namespace gpucfg
