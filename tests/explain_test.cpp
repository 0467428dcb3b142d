// The headline figures' formulas (core/query/explain.h) hold on every example: evaluated left to
// right, each arithmetic chain gives the figure the report holds, so a tooltip built from them
// cannot disagree with the number it explains.
#include <gtest/gtest.h>

#include <cmath>

#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "query/explain.h"

namespace gpucfg {
namespace {

constexpr Figure kAll[] = {Figure::kMfu, Figure::kTokensPerS, Figure::kStepTime, Figure::kTflopsPerGpu,
                           Figure::kTimeToTrain, Figure::kGpuHours, Figure::kTtft, Figure::kTpot,
                           Figure::kOutputTokens, Figure::kGpuHourPrice, Figure::kClusterPerHour,
                           Figure::kJobRental, Figure::kElectricityCost, Figure::kGpuPower, Figure::kNodePower,
                           Figure::kClusterPower, Figure::kFacility, Figure::kEnergy};

// The value of the chain's terms before the first '=' (left to right), or NaN where an operator is
// not arithmetic; the term after '='.
bool Checked(const Formula& f, double& lhs, double& rhs) {
  lhs = f.terms[0].value;
  for (int i = 0; i + 1 < f.count; ++i) {
    const double x = f.terms[i + 1].value;
    switch (f.ops[i]) {
      case '*': lhs *= x; break;
      case '/': lhs /= x; break;
      case '+': lhs += x; break;
      case '=': rhs = x; return i + 2 == f.count;
      default: return false;
    }
  }
  return false;
}

TEST(Explain, EveryArithmeticFormulaGivesItsFigureOnEveryExample) {
  int checked = 0;
  for (const ExampleScenario& e : ExampleNames())
    for (int variant = 0; variant < 4; ++variant) {
    Scenario s;
    ASSERT_TRUE(MakeExample(e.name, s));
    // As given; a global batch that rounds; another facility and twice the nodes; a power cap.
    if (variant == 1) s.workload.global_batch += 7, s.workload.batch += 3;
    if (variant == 2) s.pricing.pue = 1.61, s.cluster.nodes *= 2;
    if (variant == 3) s.power.gpu_cap_w = 250;  // refused where the board allows no such cap: skipped
    const Report r = Evaluate(s, BuiltinCatalog());
    if (!r.errors.empty() || r.mig.present) continue;
    const bool training = s.workload.kind == WorkloadKind::kTraining;
    for (Figure fig : kAll) {
      const bool training_only = fig <= Figure::kGpuHours || fig == Figure::kJobRental;
      const bool inference_only = fig >= Figure::kTtft && fig <= Figure::kOutputTokens;
      if ((training_only && !training) || (inference_only && training)) continue;
      const Formula f = FormulaOf(fig, s, r);
      double lhs = 0, rhs = 0;
      if (!Checked(f, lhs, rhs)) continue;
      EXPECT_NEAR(lhs, rhs, 1e-9 * std::max(1.0, std::abs(rhs))) << e.name << " variant " << variant << " figure " << int(fig);
      ++checked;
    }
    }
  EXPECT_GT(checked, 200);
}

// The tokens/s chain reads the global batch the step ran, which the model rounds up to whole
// micro-batches: the scenario's own figure would give another number.
TEST(Explain, TokensPerSecondUsesTheRoundedGlobalBatch) {
  Scenario s;
  ASSERT_TRUE(MakeExample("default", s));
  s.workload.global_batch = 1001;  // not a multiple of micro_batch x dp
  const Report r = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(r.errors.empty());
  ASSERT_NE(r.setup.global_batch, 1001);
  const Formula f = FormulaOf(Figure::kTokensPerS, s, r);
  ASSERT_EQ(f.count, 4);
  EXPECT_EQ(f.terms[0].field, "setup.global_batch");
  EXPECT_NEAR(f.terms[0].value * f.terms[1].value / f.terms[2].value, r.performance.tokens_per_s, 1e-6 * r.performance.tokens_per_s);
}

}  // namespace
}  // namespace gpucfg
