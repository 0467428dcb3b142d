// The power view's questions in the core (core/query/power_views.h): the breakdown adds up to the
// facility power, and the cap sweep's points are the scenario's own evaluations at those caps.
#include <gtest/gtest.h>

#include <cmath>

#include "pipeline/evaluate.h"
#include "query/power_views.h"
#include "test_util.h"

namespace gpucfg {
namespace {

TEST(PowerViews, BreakdownAddsUpToTheFacilityOnEveryExample) {
  for (const ExampleScenario& e : ExampleNames()) {
    Scenario s;
    ASSERT_TRUE(MakeExample(e.name, s));
    const Report r = Evaluate(s, BuiltinCatalog());
    if (!r.errors.empty() || r.mig.present) continue;
    const PowerBreakdown b = PowerBreakdownOf(s, r);
    EXPECT_NEAR(b.gpus_kw + b.hosts_kw + b.psu_loss_kw + b.facility_extra_kw, r.power.facility_kw, 1e-9 * r.power.facility_kw) << e.name;
    EXPECT_GT(b.gpus_kw, 0) << e.name;
    EXPECT_GT(b.psu_loss_kw, 0) << e.name;  // no supply is lossless
  }
}

TEST(PowerViews, CapSweepPointsAreTheScenarioAtThoseCaps) {
  Scenario s = test::Example("default");
  s.power.gpu_cap_w = 300;  // the sweep's reference is the board default, whatever the scenario caps at
  PowerCapSweep w;
  SweepPowerCap(s, BuiltinCatalog(), w);
  ASSERT_TRUE(w.ok);
  EXPECT_LT(w.range.lo_w, w.range.hi_w);
  EXPECT_EQ(w.cap_w[0], std::round(w.range.lo_w));
  EXPECT_EQ(w.cap_w[PowerCapSweep::kPoints - 1], std::round(w.range.hi_w));
  for (int i : {0, 4, PowerCapSweep::kPoints - 1}) {
    Scenario at = s;
    at.power.gpu_cap_w = w.cap_w[i];
    const Report r = Evaluate(at, BuiltinCatalog());
    EXPECT_EQ(r.power.energy_kwh, w.energy_kwh[i]);
    EXPECT_EQ(r.power.throughput_factor, w.throughput_factor[i]);
  }
  for (int i = 1; i < PowerCapSweep::kPoints; ++i) EXPECT_GE(w.throughput_factor[i], w.throughput_factor[i - 1]);
  Scenario none = s;
  none.power.gpu_cap_w = 0;
  EXPECT_EQ(w.base.power.energy_kwh, Evaluate(none, BuiltinCatalog()).power.energy_kwh);
  Scenario unknown = s;
  unknown.cluster.gpu = "no-such-gpu";
  SweepPowerCap(unknown, BuiltinCatalog(), w);
  EXPECT_FALSE(w.ok);
}

}  // namespace
}  // namespace gpucfg
