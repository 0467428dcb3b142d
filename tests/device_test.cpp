// The effective device (core/resolve/device.h): a whole GPU is the catalog row unchanged, a clock
// derate scales every peak rate, MIG fractions scale their own figures, and Resolve builds the
// device once from the scenario (speed.clock_factor, memory.usable_gib).
#include "resolve/device.h"

#include "test_util.h"

namespace gpucfg {
namespace {

const GpuSpec& Row(const char* id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  static const GpuSpec kNone;
  return g ? *g : kNone;
}

TEST(Device, WholeGpuIsTheCatalogRow) {
  const GpuSpec& g = Row("A100-SXM4-80GB");
  const EffectiveDevice d = MakeDevice(g);
  EXPECT_EQ(d.kind, DeviceKind::kWhole);
  EXPECT_EQ(DeviceKindName(d.kind), "whole");
  EXPECT_EQ(d.id, g.id);
  EXPECT_EQ(d.sms, g.sms);
  for (int i = 0; i < kPrecisionCount; ++i) {
    EXPECT_EQ(d.peak_tflops[i].dense, g.peak_tflops[i].dense);
    EXPECT_EQ(d.peak_tflops[i].sparse, g.peak_tflops[i].sparse);
  }
  EXPECT_EQ(d.usable_gib, g.memory_usable_gib);
  EXPECT_EQ(d.hbm_gbps, g.hbm_gbps);
  EXPECT_EQ(d.tdp_w, g.tdp_watts);
  EXPECT_EQ(d.nvlink_gen, g.nvlink_gen);
}

TEST(Device, ClockFactorScalesEveryPeakRate) {
  // A100 BF16 dense 312 TFLOP/s; at 0.75 of the boost clock: 234. HBM is not an SM clock: unchanged.
  const GpuSpec& g = Row("A100-SXM4-80GB");
  DeviceLimits l;
  l.clock_factor = 0.75;
  const EffectiveDevice d = MakeDevice(g, l);
  EXPECT_EQ(d.kind, DeviceKind::kCapped);
  EXPECT_DOUBLE_EQ(d.Peak(Precision::kBf16), 234.0);
  EXPECT_DOUBLE_EQ(d.peak_tflops[int(Precision::kBf16)].sparse, 0.75 * g.peak_tflops[int(Precision::kBf16)].sparse);
  EXPECT_DOUBLE_EQ(d.Peak(Precision::kFp32), 0.75 * g.peak_tflops[int(Precision::kFp32)].dense);
  EXPECT_EQ(d.hbm_gbps, g.hbm_gbps);
  EXPECT_EQ(d.sms, g.sms);
}

TEST(Device, MigFractionsScaleTheirFigures) {
  // Illustrative fractions (the MIG stage sets the real profile's): 1/7 of the SMs and 1/8 of the
  // memory system. 108 SMs / 7 = 15.4 -> 15; 312 / 7 = 44.57 TFLOP/s; 2039 GB/s / 8 = 254.9.
  const GpuSpec& g = Row("A100-SXM4-80GB");
  DeviceLimits l;
  l.sm_fraction = 1.0 / 7, l.memory_fraction = 1.0 / 8, l.bandwidth_fraction = 1.0 / 8, l.l2_fraction = 1.0 / 8;
  const EffectiveDevice d = MakeDevice(g, l);
  EXPECT_EQ(d.kind, DeviceKind::kMig);
  EXPECT_EQ(d.sms, 15);
  EXPECT_NEAR(d.Peak(Precision::kBf16), 312.0 / 7, 1e-9);
  EXPECT_NEAR(d.hbm_gbps, g.hbm_gbps / 8, 1e-9);
  EXPECT_NEAR(d.usable_gib, g.memory_usable_gib / 8, 1e-9);
  EXPECT_NEAR(d.l2_mib, g.l2_mib / 8, 1e-9);
}

TEST(Device, UsableOverrideWins) {
  DeviceLimits l;
  l.usable_gib = 70;
  l.memory_fraction = 0.5;  // the override is what the job may allocate, slice or not
  EXPECT_EQ(MakeDevice(Row("A100-SXM4-80GB"), l).usable_gib, 70);
}

TEST(Device, ResolveBuildsTheDeviceFromTheScenario) {
  Scenario s = test::Example("default");
  s.speed.clock_factor = 0.5;
  s.memory.usable_gib = 60;
  const Resolved r = test::MustResolve(s);
  EXPECT_EQ(r.device.kind, DeviceKind::kCapped);
  EXPECT_EQ(r.device.usable_gib, 60);
  const GpuSpec& g = Row(s.cluster.gpu.c_str());
  EXPECT_DOUBLE_EQ(r.device.Peak(Precision::kBf16), 0.5 * g.peak_tflops[int(Precision::kBf16)].dense);
  EXPECT_EQ(&BuiltinCatalog().gpus[r.device.catalog_index], &g);
}

TEST(Device, SlowerClockSlowsTheStepAndNamesTheKind) {
  // Compute-bound GPT-3 on 1024 A100s: at 0.8 of the clock the step takes longer (not 1/0.8 x:
  // communication and HBM-bound ops keep their speed), and the report says "capped".
  Scenario s = test::Example("gpt3-175b");
  const Report whole = Evaluate(s);
  s.speed.clock_factor = 0.8;
  const Report capped = Evaluate(s);
  EXPECT_EQ(whole.setup.device_kind, "whole");
  EXPECT_EQ(capped.setup.device_kind, "capped");
  EXPECT_GT(capped.performance.step_time_s, whole.performance.step_time_s * 1.05);
  EXPECT_LT(capped.performance.step_time_s, whole.performance.step_time_s / 0.8 + 1e-9);
  EXPECT_DOUBLE_EQ(capped.performance.ceiling.peak_tflops, 0.8 * whole.performance.ceiling.peak_tflops);
  EXPECT_EQ(capped.memory.per_gpu.total_gib, whole.memory.per_gpu.total_gib);
}

TEST(Device, ClockFactorIsAScenarioFieldWithARange) {
  auto doc = [](const char* factor) {
    return std::string(R"({"schema_version": 1, "cluster": {"gpu": "A100-SXM4-80GB"},)") +
           R"("workload": {"model": "llama2-7b"}, "speed": {"clock_factor": )" + factor + "}}";
  };
  ParseResult ok = ParseScenario(doc("0.9"));
  EXPECT_TRUE(ok.ok()) << test::Dump(ok.errors);
  EXPECT_EQ(ok.scenario.speed.clock_factor, 0.9);
  for (const char* bad : {"0", "1.5"}) {
    ParseResult r = ParseScenario(doc(bad));
    EXPECT_TRUE(test::HasError(r.errors, "/speed/clock_factor")) << bad;
  }
}

}  // namespace
}  // namespace gpucfg
