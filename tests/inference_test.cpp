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

// Batch-1 decode streams the weights: halving their bytes must cut the step, as weight-only int8
// and int4 kernels do (gpt-fast README). Padded to a 64-row tile the GEMMs were compute-bound and
// int4 equalled int8; the 16-row tile (mma.sync m16n8k16) keeps them memory-bound.
TEST(Inference, WeightOnlyQuantisationCutsBatchOneDecode) {
  auto tpot = [](Precision w) {
    Scenario s = InferScenario("A100-SXM4-80GB", "llama2-7b", 1, 512, 128, Precision::kBf16);
    s.workload.weight_precision = w;
    const Report r = Evaluate(s);
    EXPECT_TRUE(r.errors.empty());
    return r.performance.tpot_s;
  };
  const double bf16 = tpot(Precision::kBf16), int8 = tpot(Precision::kInt8), int4 = tpot(Precision::kInt4);
  EXPECT_LT(int8, 0.75 * bf16);  // half the bytes; launch overheads stay
  EXPECT_LT(int4, 0.85 * int8);
}

// An encoder under TensorRT computes only each sample's real tokens (varseqlen: data/engines.json
// TRT-BERT): fewer real tokens, more samples/s. Without the engine the padded length is charged.
TEST(Inference, TensorRtEncoderRemovesPadding) {
  auto samples = [](const std::string& engine, int real_tokens) {
    Scenario s = InferScenario("H100-SXM5-80GB", "bert-large", 256, real_tokens, 1, Precision::kInt8);
    s.workload.seq_len = 384, s.workload.engine = engine;
    const Report r = Evaluate(s);
    EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors.front().message);
    return r.performance.samples_per_s;
  };
  const double padded = samples("tensorrt", 384), real = samples("tensorrt", 172);
  EXPECT_GT(real, 1.8 * padded);  // 384 / 172 = 2.2 fewer tokens; attention and fixed costs shrink less
  EXPECT_LT(real, 2.6 * padded);
  EXPECT_EQ(samples("", 172), samples("", 384));  // no engine: seq_len is what runs
}

// Jetson AGX Orin's Tensor Cores (GPU share of the module's 275 sparse INT8 TOPS): INT8 work must
// not fall back to the FP32 units.
TEST(Inference, OrinHasTensorCoreRates) {
  const GpuSpec* orin = FindGpu(BuiltinCatalog(), "Jetson-AGX-Orin-64GB");
  ASSERT_NE(orin, nullptr);
  const auto peak = [&](Precision p) { return orin->peak_tflops[static_cast<size_t>(p)].dense; };
  EXPECT_GT(peak(Precision::kInt8), 8 * peak(Precision::kFp32));
  EXPECT_DOUBLE_EQ(peak(Precision::kInt8), 2 * peak(Precision::kFp16));
}

}  // namespace
}  // namespace gpucfg
