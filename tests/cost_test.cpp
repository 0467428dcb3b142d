// Cost: rental per hour and per job, electricity, cost per million tokens; currency presets.
#include <gtest/gtest.h>

#include "speed_test_util.h"

namespace gpucfg {
namespace {

TEST(Cost, RentalForATrainingJob) {
  speedtest::TrainSpec t;
  t.global_batch = 64;
  Scenario s = speedtest::TrainScenario(t, speedtest::Gpt(24, 2048, 16, 50304));
  s.workload.train_tokens = 1e10;
  s.pricing.currency = "CNY", s.pricing.per_gpu_hour = 10, s.pricing.electricity_per_kwh = 1;
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty());
  const CostReport& c = r.cost;
  EXPECT_EQ(c.currency, "CNY");
  EXPECT_DOUBLE_EQ(c.per_hour, 80);
  EXPECT_NEAR(c.gpu_hours, r.performance.time_to_train_s * 8 / 3600, 1e-9 * c.gpu_hours);
  EXPECT_NEAR(c.total, c.gpu_hours * 10, 1e-9 * c.total);
  EXPECT_NEAR(c.days, r.performance.time_to_train_s / 86400, 1e-12);
  EXPECT_NEAR(c.electricity_total, r.power.energy_kwh * 1, 1e-9);
  EXPECT_NEAR(c.per_million_tokens, 80 / (r.performance.tokens_per_s * 3600) * 1e6, 1e-9);
}

TEST(Cost, PerMillionOutputTokensAndCatalogPrice) {
  Scenario s = speedtest::InferScenario("H100-SXM5-80GB", "llama2-7b", 32, 512, 256, Precision::kBf16);
  s.pricing.currency = "USD";
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty());
  ASSERT_GT(r.cost.per_gpu_hour, 0);  // data/prices.json
  EXPECT_NEAR(r.cost.per_million_tokens, r.cost.per_hour / (r.performance.output_tokens_per_s * 3600) * 1e6, 1e-9);
  EXPECT_EQ(r.cost.total, 0);  // inference has no job duration
}

}  // namespace
}  // namespace gpucfg
