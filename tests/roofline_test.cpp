// Roofline ceilings, GEMM shape efficiency and per-op layer costs: hand-worked examples and the
// roofline_microbench calibration cases (shared/calibration/cases.json).
#include <gtest/gtest.h>

#include "catalog/catalog.h"
#include "models/speed/roofline.h"
#include "speed_test_util.h"

namespace gpucfg {
namespace {

// The catalog GPU as a whole device (the models read devices, never catalog rows).
EffectiveDevice Gpu(const char* id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  return g ? MakeDevice(*g) : EffectiveDevice{};
}

// MAMF best achievable matmul (Bekman, ML Engineering): the catalog's efficiencies come from these
// rows, so the tolerance is 2% (rounding of the stored efficiency only).
TEST(Roofline, AchievableMatmulMatchesMicrobenchmarks) {
  EXPECT_NEAR(Ceiling(Gpu("A100-SXM4-80GB"), Precision::kBf16, false).achievable_tflops, 271.2, 0.02 * 271.2);
  EXPECT_NEAR(Ceiling(Gpu("H100-SXM5-80GB"), Precision::kBf16, false).achievable_tflops, 794.5, 0.02 * 794.5);
  EXPECT_NEAR(Ceiling(Gpu("B200"), Precision::kBf16, false).achievable_tflops, 1745.0, 0.02 * 1745.0);
  // FP8 is derived (BF16 efficiency x 0.88), not stored: 3%.
  EXPECT_NEAR(Ceiling(Gpu("H100-SXM5-80GB"), Precision::kFp8, false).achievable_tflops, 1402.6, 0.03 * 1402.6);
}

// STREAM-like bandwidth (te42kyfo/gpu-benches; Paranumal cudaMemcpy). Kernels differ (read-only,
// triad, memcpy) by up to ~10%, so the tolerance is 12%.
TEST(Roofline, AchievableBandwidthMatchesStream) {
  struct Case { const char* gpu; double gbps; };
  for (Case c : {Case{"V100-PCIe-16GB", 814}, Case{"V100-PCIe-16GB", 790}, Case{"A100-SXM4-80GB", 1759},
                 Case{"H100-PCIe-80GB", 1832}}) {
    double model = Ceiling(Gpu(c.gpu), Precision::kBf16, false).achievable_hbm_gbps;
    EXPECT_NEAR(model, c.gbps, 0.12 * c.gbps) << c.gpu;
  }
}

// gpu-roofline intensity scan on A100-40GB (FP32): attainable = min(roof, I x BW). 12%: the
// scan's low-intensity points sit below the STREAM plateau.
TEST(Roofline, Fp32IntensityScanA100) {
  RooflineCeiling c = Ceiling(Gpu("A100-SXM4-40GB"), Precision::kFp32, false);
  struct P { double intensity, gflops; };
  for (P p : {P{0.25, 343}, P{10.25, 13166}, P{20.25, 17204}, P{122.25, 19077}})
    EXPECT_NEAR(AttainableTflops(c, p.intensity) * 1000, p.gflops, 0.12 * p.gflops) << p.intensity;
}

// Hand-worked: ridge = achievable TFLOP/s x 1000 / achievable GB/s (Williams 2009).
TEST(Roofline, RidgePointHandWorked) {
  GpuSpec spec;
  spec.architecture = "Ampere";
  spec.peak_tflops[int(Precision::kBf16)] = {312, 624};
  spec.hbm_gbps = 2000, spec.matmul_efficiency = 0.8, spec.hbm_efficiency = 0.9;
  const EffectiveDevice g = MakeDevice(spec);
  RooflineCeiling c = Ceiling(g, Precision::kBf16, false);
  EXPECT_DOUBLE_EQ(c.achievable_tflops, 249.6);
  EXPECT_DOUBLE_EQ(c.achievable_hbm_gbps, 1800);
  EXPECT_NEAR(c.ridge_flops_per_byte, 249.6 * 1000 / 1800, 1e-9);
  EXPECT_NEAR(c.peak_ridge_flops_per_byte, 156, 1e-9);
  EXPECT_DOUBLE_EQ(Ceiling(g, Precision::kBf16, true).peak_tflops, 624);
  EXPECT_DOUBLE_EQ(AttainableTflops(c, 10), 18.0);  // memory-bound: 10 FLOP/B x 1.8 TB/s
}

TEST(Roofline, ArchitectureDefaultsWhenUnmeasured) {
  GpuSpec spec;
  spec.architecture = "Volta";
  const EffectiveDevice g = MakeDevice(spec);
  EXPECT_DOUBLE_EQ(MatmulEfficiency(g, Precision::kFp16, {}), 0.75);
  EXPECT_DOUBLE_EQ(HbmEfficiency(g, {}), 0.90);
  SpeedOptions o;
  o.matmul_efficiency = 0.5;
  EXPECT_DOUBLE_EQ(MatmulEfficiency(g, Precision::kFp16, o), 0.5);
}

TEST(Roofline, GemmShapeEfficiencyFallsForSmallAndMisaligned) {
  double big = GemmShapeEfficiency(8192, 8192, 8192, 1, 108, Precision::kBf16);
  EXPECT_GT(big, 0.95);
  EXPECT_LT(GemmShapeEfficiency(8192, 8191, 8192, 1, 108, Precision::kBf16), 0.65 * big);
  EXPECT_LT(GemmShapeEfficiency(64, 256, 8192, 1, 108, Precision::kBf16), 0.2);
  EXPECT_LT(GemmShapeEfficiency(8192, 8192, 64, 1, 108, Precision::kBf16), 0.7);
}

TEST(Roofline, LayerOpsTrainingComputeBoundDecodeMemoryBound) {
  const EffectiveDevice g = Gpu("A100-SXM4-80GB");
  TransformerArch a = speedtest::Gpt(32, 4096, 32, 50304);
  LayerPrecision lp;
  DeviceRates d = RatesFor(g, lp, false, {});
  LayerShape s;
  s.batch = 4, s.q_tokens = 2048, s.context = 2048;
  LayerCost train = LayerForward(a, s, lp, d);
  // QKV FLOPs = 2 x tokens x h x 3h (hand-worked).
  EXPECT_DOUBLE_EQ(train.ops[int(OpKind::kQkv)].flops, 2.0 * 4 * 2048 * 4096 * 3 * 4096);
  EXPECT_TRUE(train.ops[int(OpKind::kMlpUp)].compute_bound);
  EXPECT_FALSE(train.ops[int(OpKind::kNorm)].compute_bound);
  s.batch = 1, s.q_tokens = 1, s.phase = Phase::kDecode;
  LayerCost decode = LayerForward(a, s, lp, d);
  EXPECT_FALSE(decode.ops[int(OpKind::kQkv)].compute_bound);
  EXPECT_FALSE(decode.ops[int(OpKind::kAttnScore)].compute_bound);
  // Decoding one token streams the layer's weights: time >= bytes / achievable bandwidth.
  double weights = 12.0 * 4096 * 4096 * 2;
  EXPECT_GT(decode.time_s, weights / (d.gemm.achievable_hbm_gbps * 1e9));
}

// In a running job Tensor Core kernels get the sustained share of the microbenchmark rate (0.85
// by default): a large compute-bound GEMM slows by 1/0.85, a memory-bound decode GEMM does not; an
// override of 1.0 restores the microbenchmark, and an absurdly small one is floored (finite times).
TEST(Roofline, SustainedEfficiencyScalesComputeBoundOpsOnly) {
  const EffectiveDevice g = Gpu("A100-SXM4-80GB");
  RooflineCeiling c = Ceiling(g, Precision::kBf16, false);
  EXPECT_DOUBLE_EQ(c.sustained_tflops, c.achievable_tflops * 0.85);
  SpeedOptions micro;
  micro.sustained_efficiency = 1.0;
  EXPECT_DOUBLE_EQ(Ceiling(g, Precision::kBf16, false, micro).sustained_tflops, c.achievable_tflops);
  TransformerArch a = speedtest::Gpt(32, 4096, 32, 50304);
  LayerPrecision lp;
  LayerShape s;
  s.batch = 4, s.q_tokens = 2048, s.context = 2048;
  auto mlp_up = [&](const SpeedOptions& o) {
    return LayerForward(a, s, lp, RatesFor(g, lp, false, o)).ops[int(OpKind::kMlpUp)].time_s;
  };
  double kernel = 2e-6;  // the per-kernel overhead is not a Tensor Core rate: it does not scale
  EXPECT_NEAR((mlp_up({}) - kernel) / (mlp_up(micro) - kernel), 1 / 0.85, 1e-9);
  s.batch = 1, s.q_tokens = 1, s.phase = Phase::kDecode;
  EXPECT_DOUBLE_EQ(mlp_up({}), mlp_up(micro));
  SpeedOptions tiny;
  tiny.sustained_efficiency = 1e-300;
  EXPECT_DOUBLE_EQ(Ceiling(g, Precision::kBf16, false, tiny).sustained_efficiency, 0.01);
}

// Training fills per-op backward costs; inference phases do not.
TEST(Roofline, TrainingBackwardCosts) {
  const EffectiveDevice g = Gpu("A100-SXM4-80GB");
  TransformerArch a = speedtest::Gpt(32, 4096, 32, 50304);
  LayerPrecision lp;
  DeviceRates d = RatesFor(g, lp, false, {});
  // FlashAttention-2 backward: 63/73 of the forward efficiency (Dao 2023).
  EXPECT_NEAR(d.attention_backward_efficiency, 0.60 * 63 / 73, 1e-12);
  LayerShape s;
  s.batch = 4, s.q_tokens = 2048, s.context = 2048;
  LayerCost train = LayerForward(a, s, lp, d);
  // GEMM backward = dgrad + wgrad: twice the forward FLOPs at similar shapes -> ~2x the time.
  const OpCost& up = train.ops[int(OpKind::kMlpUp)];
  EXPECT_NEAR(up.backward_time_s / up.time_s, 2.0, 0.15);
  // Flash backward: 2.5x the FLOPs at 63/73 of the rate -> ~2.9x the forward time.
  double attn_f = train.ops[int(OpKind::kAttnScore)].time_s + train.ops[int(OpKind::kAttnContext)].time_s;
  double attn_b = train.ops[int(OpKind::kAttnScore)].backward_time_s +
                  train.ops[int(OpKind::kAttnContext)].backward_time_s;
  EXPECT_NEAR(attn_b / attn_f, 2.5 * 73 / 63, 0.1);
  // Norm backward: 3 streams for the forward's 2.
  const OpCost& norm = train.ops[int(OpKind::kNorm)];
  EXPECT_NEAR(norm.backward_time_s / norm.time_s, 1.5, 0.1);
  double sum = 0;
  for (const OpCost& op : train.ops) sum += op.backward_time_s;
  EXPECT_DOUBLE_EQ(train.backward_time_s, sum);
  // The whole layer's backward stays near the 2x-forward rule of Narayanan 2021 (within 15%).
  EXPECT_NEAR(train.backward_time_s / train.time_s, 2.0, 0.3);
  // Training logits include the fp32 cross-entropy (~38 bytes per logit forward).
  OpCost logits = LogitsForward(a, 8192, 1, lp, d);
  OpCost logits_inf = LogitsForward(a, 8192, 1, lp, d, Phase::kPrefill);
  EXPECT_NEAR(logits.time_s - logits_inf.time_s, 38.0 * 8192 * 50304 / (d.gemm.achievable_hbm_gbps * 1e9) + 6 * d.kernel_overhead_s, 1e-9);
  EXPECT_GT(logits.backward_time_s, 1.9 * logits_inf.time_s);
  EXPECT_EQ(logits_inf.backward_time_s, 0);
  s.phase = Phase::kPrefill;
  EXPECT_EQ(LayerForward(a, s, lp, d).backward_time_s, 0);
}

// FP8 keeps the streams between kernels in 16-bit (Transformer Engine) and adds casts.
TEST(Roofline, Fp8StreamsStaySixteenBit) {
  const EffectiveDevice g = Gpu("H100-SXM5-80GB");
  TransformerArch a = speedtest::Gpt(32, 4096, 32, 50304);
  LayerPrecision bf, f8;
  f8.gemm = Precision::kFp8, f8.act_bytes = 1, f8.weight_bytes = 1, f8.kv_bytes = 1;
  LayerShape s;
  s.batch = 1, s.q_tokens = 2048, s.context = 2048;
  LayerCost lb = LayerForward(a, s, bf, RatesFor(g, bf, false, {}));
  LayerCost l8 = LayerForward(a, s, f8, RatesFor(g, f8, false, {}));
  EXPECT_DOUBLE_EQ(l8.ops[int(OpKind::kNorm)].bytes, lb.ops[int(OpKind::kNorm)].bytes);
  // casts of the out_proj and mlp_down inputs: 4 bytes per element (cast + transpose) in training
  EXPECT_DOUBLE_EQ(l8.ops[int(OpKind::kElementwise)].bytes - lb.ops[int(OpKind::kElementwise)].bytes,
                   4.0 * 2048 * (4096 + 16384));
  // The LM head stays 16-bit in FP8 training (Megatron-Core's output layer is no Transformer Engine
  // module; torchtitan's Float8 skips "output"): same cost as BF16; inference prefill keeps FP8.
  const DeviceRates db = RatesFor(g, bf, false, {}), d8 = RatesFor(g, f8, false, {});
  EXPECT_DOUBLE_EQ(LogitsForward(a, 2048, 1, f8, d8).time_s, LogitsForward(a, 2048, 1, bf, db).time_s);
  EXPECT_DOUBLE_EQ(LogitsForward(a, 2048, 1, f8, d8).backward_time_s,
                   LogitsForward(a, 2048, 1, bf, db).backward_time_s);
  EXPECT_LT(LogitsForward(a, 2048, 1, f8, d8, Phase::kPrefill).time_s,
            LogitsForward(a, 2048, 1, bf, db, Phase::kPrefill).time_s);
}

TEST(Roofline, ChartListsSupportedPrecisions) {
  RooflineChart v100 = ChartFor(Gpu("V100-SXM2-32GB"), false);
  RooflineChart h100 = ChartFor(Gpu("H100-SXM5-80GB"), false);
  EXPECT_LT(v100.count, h100.count);  // no BF16/TF32/FP8/INT8 Tensor Cores on Volta
  for (int i = 0; i < h100.count; ++i) EXPECT_GT(h100.ceilings[i].ridge_flops_per_byte, 0);
}

}  // namespace
}  // namespace gpucfg
