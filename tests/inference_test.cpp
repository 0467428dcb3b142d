// Inference: TTFT/TPOT from the roofline, throughput accounting, best batch under latency targets.
#include <gtest/gtest.h>

#include "models/speed/performance.h"
#include "speed_test_util.h"

namespace gpucfg {
namespace {

using speedtest::InferScenario;

TEST(Inference, DecodeIsBoundByStreamingWeights) {
  Report r = Evaluate(InferScenario("A100-SXM4-80GB", "llama2-7b", 1, 512, 128, Precision::kBf16));
  ASSERT_TRUE(r.errors.empty());
  // Hand-worked: 6.74e9 params x 2 bytes / (2039 GB/s x 0.868) = 7.6 ms; launch overheads add
  // ~0.6 ms (32 layers x ~9 kernels x 2 us). Expect 7.6-9.5 ms.
  EXPECT_GT(r.performance.tpot_s, 7.6e-3);
  EXPECT_LT(r.performance.tpot_s, 9.5e-3);
  // Prefill of 512 tokens: ~2 N x 512 FLOPs at ~271 TFLOP/s (~26 ms), plus weight reads.
  EXPECT_GT(r.performance.ttft_s, 20e-3);
  EXPECT_LT(r.performance.ttft_s, 40e-3);
}

TEST(Inference, ThroughputAccounting) {
  Report r = Evaluate(InferScenario("H100-SXM5-80GB", "llama2-7b", 64, 256, 128, Precision::kBf16));
  ASSERT_TRUE(r.errors.empty());
  const PerformanceReport& p = r.performance;
  EXPECT_NEAR(p.request_latency_s, p.ttft_s + 127 * p.tpot_s, 1e-12);
  EXPECT_NEAR(p.output_tokens_per_s, 64 * 128 / p.request_latency_s, 1e-6);
  EXPECT_NEAR(p.output_tokens_per_s_per_gpu, p.output_tokens_per_s, 1e-9);
  EXPECT_NEAR(p.decode_tokens_per_s, 64 / p.tpot_s, 1e-6);
  bool has_decode = false;
  for (int i = 0; i < p.roofline_count; ++i) has_decode |= p.roofline[i].phase == "decode";
  EXPECT_TRUE(has_decode);
}

TEST(Inference, BestBatchRespectsLatencyTargets) {
  Scenario s = InferScenario("A100-SXM4-80GB", "llama2-7b", 1, 512, 128, Precision::kBf16);
  s.speed.tpot_target_ms = 30;
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty());
  const PerformanceReport& p = r.performance;
  ASSERT_GT(p.best_batch, 1);
  EXPECT_LE(p.best_batch_tpot_s, 30e-3);
  EXPECT_GT(p.best_batch_output_tokens_per_s, p.output_tokens_per_s);
  s.speed.tpot_target_ms = 1;  // impossible
  EXPECT_EQ(Evaluate(s).performance.best_batch, 0);
}

TEST(Inference, TensorParallelCutsDecodeLatency) {
  Report one = Evaluate(InferScenario("H100-SXM5-80GB", "llama2-70b", 8, 512, 128, Precision::kBf16, 4));
  Report two = Evaluate(InferScenario("H100-SXM5-80GB", "llama2-70b", 8, 512, 128, Precision::kBf16, 8));
  ASSERT_TRUE(one.errors.empty());
  ASSERT_TRUE(two.errors.empty());
  EXPECT_LT(two.performance.tpot_s, one.performance.tpot_s);
  EXPECT_GT(two.performance.tpot_s, 0.5 * one.performance.tpot_s);  // all-reduces do not halve
}

}  // namespace
}  // namespace gpucfg
