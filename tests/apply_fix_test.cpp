// ApplyFix (core/pipeline/apply_fix.h): each memory fix, applied to its scenario and evaluated
// again, saves what the report said it saves and fits when the report said it would; a plan step
// applies the plan up to it; a bad index is an error at /memory/fixes.
#include <gtest/gtest.h>

#include "pipeline/apply_fix.h"
#include "test_util.h"

namespace gpucfg {
namespace {

using test::Example;

TEST(ApplyFix, EachFixSavesWhatTheReportSays) {
  const Scenario s = Example("13b-a100-oom");
  const Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty());
  ASSERT_FALSE(r.memory.fits);
  ASSERT_GT(r.memory.fix_count, 2);
  double plan_saved = 0;
  for (int i = 0; i < r.memory.fix_count; ++i) {
    const MemoryFix& f = r.memory.fixes[i];
    Scenario fixed;
    Issues errors;
    ASSERT_TRUE(ApplyFix(s, r.memory, i, BuiltinCatalog(), fixed, &errors)) << f.code << ": " << errors.front().message;
    const Report after = Evaluate(fixed);
    ASSERT_TRUE(after.errors.empty()) << f.code;
    if (f.plan_step > 0) plan_saved += f.saves_gib;
    const double saved = f.plan_step > 0 ? plan_saved : f.saves_gib;
    EXPECT_NEAR(after.memory.per_gpu.total_gib, r.memory.per_gpu.total_gib - saved, 1e-6) << f.code;
    EXPECT_EQ(after.memory.fits, f.fits_after) << f.code;
  }
  EXPECT_GT(plan_saved, 0);
}

TEST(ApplyFix, TheFixedScenarioChangesOnlyTheFixesFields) {
  const Scenario s = Example("13b-a100-oom");
  const Report r = Evaluate(s);
  for (int i = 0; i < r.memory.fix_count; ++i) {
    const MemoryFix& f = r.memory.fixes[i];
    if (f.plan_step > 0 || f.path != "/workload/micro_batch") continue;
    Scenario fixed;
    ASSERT_TRUE(ApplyFix(s, r.memory, i, BuiltinCatalog(), fixed));
    EXPECT_EQ(fixed.workload.micro_batch, static_cast<int>(f.to));
    fixed.workload.micro_batch = s.workload.micro_batch;
    EXPECT_EQ(ScenarioToJson(fixed), ScenarioToJson(s));
    return;
  }
  FAIL() << "no micro-batch fix in 13b-a100-oom";
}

TEST(ApplyFix, AnIndexOutsideTheFixesIsAnError) {
  const Scenario s = Example("13b-a100-oom");
  const Report r = Evaluate(s);
  for (int bad : {-1, r.memory.fix_count, 1000000}) {
    Scenario fixed;
    Issues errors;
    EXPECT_FALSE(ApplyFix(s, r.memory, bad, BuiltinCatalog(), fixed, &errors));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].code, "out_of_range");
    EXPECT_EQ(errors[0].path, "/memory/fixes");
  }
}

}  // namespace
}  // namespace gpucfg
