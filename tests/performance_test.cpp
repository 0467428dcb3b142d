// Training step model: FLOP counts, MFU/HFU definitions, pipeline bubble, overlap, ZeRO-3 and the
// scaling curve, on hand-worked examples.
#include <gtest/gtest.h>

#include "models/speed/performance.h"
#include "speed_test_util.h"

namespace gpucfg {
namespace {

using speedtest::Gpt;
using speedtest::TrainScenario;
using speedtest::TrainSpec;

// Narayanan 2021 sec. 5.1: a GPT layer's forward is 24 B s h^2 (1 + s/(6h)) FLOPs; the logits add
// 2 B s h V (their 96 B s L h^2 V/(16 L h) = 6 B s h V is forward + backward of it).
TEST(Performance, ForwardFlopsMatchNarayanan) {
  TransformerArch a = Gpt(96, 12288, 96, 51200);
  double L = 96, h = 12288, s = 2048, V = 51200;
  double narayanan = 24 * L * h * h * (1 + s / (6 * h)) + 2 * h * V;
  EXPECT_NEAR(ForwardFlopsPerToken(a, s), narayanan, 1e-9 * narayanan);
}

TEST(Performance, MfuAndHfuDefinitions) {
  TrainSpec t;
  t.tp = 8, t.global_batch = 16, t.recompute = Recompute::kFull, t.sp = false;
  Report r = Evaluate(TrainScenario(t, Gpt(24, 4096, 32, 51200)));
  ASSERT_TRUE(r.errors.empty());
  const PerformanceReport& p = r.performance;
  // PaLM: MFU = model FLOPs/s / (GPUs x dense peak); tflops_per_gpu is the same numerator.
  EXPECT_NEAR(p.mfu, p.model_flops_per_step / p.step_time_s / 8 / 312e12, 1e-9);
  EXPECT_NEAR(p.tflops_per_gpu / 312, p.mfu, 1e-9);
  // Full recompute redoes one forward: hardware FLOPs = 4/3 of model FLOPs.
  EXPECT_NEAR(p.hfu / p.mfu, 4.0 / 3.0, 1e-6);
  EXPECT_GT(p.breakdown.recompute_s, 0);
  EXPECT_GT(p.breakdown.tp_comm_s, 0);
  EXPECT_NEAR(p.tokens_per_s, 16 * 2048 / p.step_time_s, 1e-6 * p.tokens_per_s);
}

// Narayanan 2021: bubble = (p-1)/(v m) of the ideal step.
TEST(Performance, PipelineBubbleHandWorked) {
  TrainSpec t;
  t.pp = 4, t.gpus_per_node = 4, t.global_batch = 8, t.vp = 2;
  Report r = Evaluate(TrainScenario(t, Gpt(16, 2048, 16, 51200)));
  ASSERT_TRUE(r.errors.empty());
  const StepBreakdown& b = r.performance.breakdown;
  double ideal = b.compute_s + b.recompute_s + b.tp_comm_s + b.pp_comm_s;  // m micro-batches
  EXPECT_EQ(r.performance.micro_batches, 8);
  EXPECT_NEAR(b.bubble_s / ideal, 3.0 / (2 * 8), 1e-9);
  double sum = ideal + b.bubble_s + b.dp_comm_s + b.zero3_comm_s + b.optimizer_s;
  EXPECT_NEAR(sum, r.performance.step_time_s, 1e-9);
}

TEST(Performance, GradientReductionOverlapsBackward) {
  TrainSpec t;
  t.gpu = "V100-PCIe-32GB", t.intra = "pcie", t.precision = Precision::kFp16, t.flash = false;
  t.global_batch = 64, t.micro_batch = 8, t.seq = 512;
  Scenario s = TrainScenario(t, Gpt(24, 1024, 16, 30528));
  Report overlapped = Evaluate(s);
  s.speed.dp_overlap = 0;
  Report serial = Evaluate(s);
  ASSERT_TRUE(serial.errors.empty());
  EXPECT_LT(overlapped.performance.breakdown.dp_comm_s, serial.performance.breakdown.dp_comm_s);
  EXPECT_NEAR(serial.performance.breakdown.dp_comm_s, serial.performance.breakdown.dp_comm_total_s, 1e-12);
}

TEST(Performance, PackedSamplesAttendWithinThemselves) {
  // Packing 16 samples of 256 tokens into a 4096-token sequence: each token attends its sample's
  // keys, so attention's FLOPs are 256/4096 of the unpacked pass while the GEMMs stay the same.
  TrainSpec t;
  t.gpu = "H100-SXM5-80GB", t.precision = Precision::kBf16, t.flash = true;
  t.global_batch = 8, t.micro_batch = 1, t.seq = 4096;
  Scenario s = TrainScenario(t, Gpt(32, 4096, 32, 32000));
  const Report whole = Evaluate(s);
  s.workload.packed_sample_tokens = 256;
  const Report packed = Evaluate(s);
  ASSERT_TRUE(packed.errors.empty());
  EXPECT_LT(packed.performance.step_time_s, whole.performance.step_time_s);
  auto attention_s = [](const Report& r) {
    double t = 0;
    for (int i = 0; i < r.performance.roofline_count; ++i) {
      const RooflinePoint& p = r.performance.roofline[i];
      if (p.op == std::string_view("attn_score") || p.op == std::string_view("attn_context")) t += p.time_s;
    }
    return t;
  };
  ASSERT_GT(attention_s(whole), 0);
  // Its FLOPs fall 16x; its time less: Q, K and V are still read once each, and a query tile
  // visiting 256 keys runs the kernel at a lower rate than one visiting 4,096 (roofline.cpp).
  const double ratio = attention_s(packed) / attention_s(whole);
  EXPECT_GE(ratio, 256.0 / 4096 - 1e-12);
  EXPECT_LT(ratio, 0.25);
  // The model FLOPs count the attention done (within each sample), so MFU does not rise by itself.
  EXPECT_LT(packed.performance.model_flops_per_step, whole.performance.model_flops_per_step);
  // A sample as long as the sequence (or longer) is the unpacked case, to the bit.
  s.workload.packed_sample_tokens = 4096;
  EXPECT_EQ(Evaluate(s).performance.step_time_s, whole.performance.step_time_s);
  s.workload.packed_sample_tokens = 100000;
  EXPECT_EQ(Evaluate(s).performance.step_time_s, whole.performance.step_time_s);
}

// A flash kernel's FLOP rate rises with the keys each query tile visits (its fixed per-tile work
// amortised, and fewer half-masked diagonal tiles when causal); the efficiency figure holds at
// 2,048 keys. The attention kernel's compute roof at 512, 2,048 and 32,768 keys:
TEST(Performance, FlashRateRisesWithKeys) {
  auto rate_at = [](int seq) {
    TrainSpec t;
    t.gpu = "H100-SXM5-80GB", t.precision = Precision::kBf16, t.flash = true;
    t.global_batch = 8, t.micro_batch = 1, t.seq = seq;
    TransformerArch a = Gpt(32, 4096, 32, 32000);
    a.max_seq = 65536;
    const Scenario s = TrainScenario(t, a);
    const Report r = Evaluate(s);
    EXPECT_TRUE(r.errors.empty()) << seq;
    for (int i = 0; i < r.performance.roofline_count; ++i) {
      const RooflinePoint& p = r.performance.roofline[i];
      if (p.op == std::string_view("attn_score") && p.compute_bound) return p.attainable_tflops;
    }
    return 0.0;
  };
  const double r512 = rate_at(512), r2k = rate_at(2048), r32k = rate_at(32768);
  ASSERT_GT(r2k, 0);
  // 512 keys: (512/742)/(2048/2278) x causal tiles (4/5)/(16/17): 0.65 of the 2,048-key rate.
  EXPECT_NEAR(r512 / r2k, (512.0 / 742) / (2048.0 / 2278) * (0.8 / (16.0 / 17)), 1e-9);
  // 32,768 keys: ~1.16x (1.10 from the tiles' fixed work, 1.06 from the diagonal).
  EXPECT_NEAR(r32k / r2k, (32768.0 / 32998) / (2048.0 / 2278) * ((256.0 / 257) / (16.0 / 17)), 1e-9);
}

TEST(Performance, Zero3AddsParameterGathers) {
  TrainSpec t;
  t.zero = 3, t.global_batch = 16;
  Report r = Evaluate(TrainScenario(t, Gpt(32, 4096, 32, 50304)));
  ASSERT_TRUE(r.errors.empty());
  EXPECT_GT(r.performance.breakdown.zero3_comm_s, 0);
}

// FSDP2 under pipeline parallelism (torchtitan: reshard_after_forward=False with PP; pipelining
// stage: no gradient sync before the last backward) gathers and reduce-scatters each layer once per
// step: 4x the micro-batches leave its FSDP communication unchanged; without PP it grows with them.
TEST(Performance, FsdpUnderPipelineCommunicatesOncePerStep) {
  TrainSpec t;
  t.gpu = "H100-SXM5-80GB", t.gpus_per_node = 8, t.nodes = 2, t.inter = "ib-ndr";
  t.zero = 3, t.pp = 2, t.micro_batch = 1, t.seq = 2048, t.global_batch = 16;
  Scenario s = TrainScenario(t, Gpt(32, 4096, 32, 50304));
  s.workload.engine = "fsdp";
  auto comm = [&](int global_batch, int pp) {
    s.workload.global_batch = global_batch, s.parallelism.pp = pp;
    const Report r = Evaluate(s);
    EXPECT_TRUE(r.errors.empty());
    return r.performance.breakdown.zero3_comm_s + r.performance.breakdown.dp_comm_total_s;
  };
  EXPECT_GT(comm(16, 2), 0);
  EXPECT_DOUBLE_EQ(comm(16, 2), comm(64, 2));
  EXPECT_GT(comm(64, 1), 3.0 * comm(16, 1));
}

TEST(Performance, ScalingCurveAndTimeToTrain) {
  TrainSpec t;
  t.nodes = 16, t.inter = "eth-25g", t.nics = 1, t.global_batch = 128 * 4, t.micro_batch = 4;
  Scenario s = TrainScenario(t, Gpt(24, 2048, 16, 50304));
  s.workload.train_tokens = 1e10;
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty());
  const PerformanceReport& p = r.performance;
  ASSERT_EQ(p.scaling_count, 8);  // 1, 2, 4, ..., 128
  EXPECT_EQ(p.scaling[0].gpus, 1);
  EXPECT_EQ(p.scaling[7].gpus, 128);
  EXPECT_GT(p.scaling[0].efficiency, 0.9);
  EXPECT_LE(p.scaling[0].efficiency, 1.0);
  // Leaving the node over 25 GbE costs far more than NVSwitch inside it.
  EXPECT_LT(p.scaling[4].efficiency, 0.8 * p.scaling[3].efficiency);
  EXPECT_EQ(p.scaling_break_gpus, 16);
  EXPECT_NEAR(p.scaling[7].step_time_s, p.step_time_s, 1e-12);
  EXPECT_NEAR(p.time_to_train_s, 1e10 / p.tokens_per_s, 1e-6 * p.time_to_train_s);
  EXPECT_NEAR(p.gpu_hours, p.time_to_train_s * 128 / 3600, 1e-6 * p.gpu_hours);
}

TEST(Performance, RooflinePointsForTheLayer) {
  TrainSpec t;
  Report r = Evaluate(TrainScenario(t, Gpt(24, 2048, 16, 50304)));
  ASSERT_TRUE(r.errors.empty());
  EXPECT_GE(r.performance.roofline_count, 8);
  EXPECT_EQ(r.performance.roofline[0].op, "qkv");
  EXPECT_GT(r.performance.ceiling.ridge_flops_per_byte, 0);
}

// The seed article's two claims, checked (examples/v100-*.json hold the same scenarios).
// BERT-large, fp16, micro-batch 8, data parallel over 8 V100s.
Scenario BertOnV100(const char* gpu, const char* intra, int nodes, const char* inter) {
  Scenario s;
  s.cluster.gpu = gpu, s.cluster.gpus_per_node = 8, s.cluster.nodes = nodes;
  s.cluster.intra_node = intra, s.cluster.inter_node = inter, s.cluster.nics_per_node = 1;
  s.workload.model = "bert-large", s.workload.precision = Precision::kFp16, s.workload.seq_len = 512;
  s.workload.global_batch = 8 * 8 * nodes, s.workload.micro_batch = 8, s.workload.flash_attention = false;
  return s;
}

double EfficiencyAt(const Scenario& s, int gpus, bool comm_fraction = false) {
  Report r = Evaluate(s);
  EXPECT_TRUE(r.errors.empty());
  for (int i = 0; i < r.performance.scaling_count; ++i)
    if (r.performance.scaling[i].gpus == gpus)
      return comm_fraction ? r.performance.scaling[i].comm_fraction : r.performance.scaling[i].efficiency;
  ADD_FAILURE() << "no scaling point at " << gpus;
  return 0;
}

// "8 GPUs over PCIe reach ~58% scaling, NVLink ~82%": reproduced when the gradient all-reduce
// runs after the backward pass (no overlap), wrong once it overlaps backward as DDP does, where
// PCIe keeps ~90%.
TEST(Performance, ArticlePcieVsNvlinkHoldsOnlyWithoutOverlap) {
  Scenario pcie = BertOnV100("V100-PCIe-32GB", "pcie", 1, "none");
  Scenario nvlink = BertOnV100("V100-SXM2-32GB", "nvlink-mesh", 1, "none");
  pcie.speed.dp_overlap = nvlink.speed.dp_overlap = 0;
  EXPECT_NEAR(EfficiencyAt(pcie, 8), 0.58, 0.08);
  EXPECT_GT(EfficiencyAt(nvlink, 8), 0.80);
  pcie.speed.dp_overlap = nvlink.speed.dp_overlap = 1;
  EXPECT_GT(EfficiencyAt(pcie, 8), 0.85);
  EXPECT_GT(EfficiencyAt(nvlink, 8), EfficiencyAt(pcie, 8));
}

// "Past 32 V100s over the network, over half the time goes to communication": holds for one
// 100 GbE NIC per node with fp32 gradients; with 16-bit gradients overlapped it is about a quarter.
TEST(Performance, ArticleV100Past32GpusHoldsOnlyForFp32GradientsOnOneNic) {
  Scenario s = BertOnV100("V100-SXM2-32GB", "nvlink-mesh", 16, "eth-100g");
  s.speed.grad_reduce_bytes = 4;
  EXPECT_GT(EfficiencyAt(s, 64, true), 0.5);
  EXPECT_GT(EfficiencyAt(s, 128, true), 0.5);
  s.speed.grad_reduce_bytes = 0;
  EXPECT_LT(EfficiencyAt(s, 64, true), 0.35);
  EXPECT_LT(EfficiencyAt(s, 128, true), 0.35);
}

// A Mixtral-shaped MoE (32 layers, hidden 4096, 16 experts of 14336, top-2, GQA 8) on 64 A100s.
Scenario MoeOn64A100(int ep) {
  TrainSpec t;
  t.nodes = 8, t.inter = "ib-hdr", t.nics = 8, t.zero = 1, t.global_batch = 256;
  TransformerArch a = Gpt(32, 4096, 32, 32000, 14336);
  a.kv_heads = 8, a.glu = true, a.learned_positions = false, a.tied_embeddings = false;
  a.experts = 16, a.top_k = 2;
  Scenario s = TrainScenario(t, a);
  s.parallelism.ep = ep;
  return s;
}

// GShard / DeepSpeed-MoE: expert parallelism adds four all-to-alls per MoE layer per micro-batch and
// shrinks the gradient reduction (each GPU reduces 1/ep of the experts, over dp/ep replicas).
TEST(Performance, ExpertParallelAllToAllAndExpertGradients) {
  Report none = Evaluate(MoeOn64A100(1));
  Report ep8 = Evaluate(MoeOn64A100(8));
  Report ep16 = Evaluate(MoeOn64A100(16));
  ASSERT_TRUE(none.errors.empty() && ep8.errors.empty() && ep16.errors.empty());
  EXPECT_EQ(none.performance.breakdown.ep_comm_s, 0);
  EXPECT_GT(ep8.performance.breakdown.ep_comm_s, 0);
  // An EP group of 8 stays inside a node (NVSwitch); 16 crosses InfiniBand and costs more.
  EXPECT_GT(ep16.performance.breakdown.ep_comm_s, 2 * ep8.performance.breakdown.ep_comm_s);
  EXPECT_LT(ep8.performance.breakdown.dp_comm_total_s, none.performance.breakdown.dp_comm_total_s);
  // ZeRO-1 shards optimizer states over dp either way: dense/dp + (experts/ep)/(dp/ep) = all/dp.
  EXPECT_NEAR(ep8.performance.breakdown.optimizer_s, none.performance.breakdown.optimizer_s,
              1e-9 * none.performance.breakdown.optimizer_s);
  // The all-to-all is exposed: it is in the step, and counted as communication.
  const PerformanceReport& p = ep8.performance;
  const StepBreakdown& b = p.breakdown;
  EXPECT_NEAR(p.step_time_s, b.compute_s + b.recompute_s + b.tp_comm_s + b.pp_comm_s + b.ep_comm_s +
                                 b.bubble_s + b.dp_comm_s + b.zero3_comm_s + b.optimizer_s,
              1e-9 * p.step_time_s);
  EXPECT_NEAR(p.comm_fraction * p.step_time_s,
              b.tp_comm_s + b.pp_comm_s + b.dp_comm_s + b.zero3_comm_s + b.ep_comm_s, 1e-9 * p.step_time_s);
  // Dense models never pay it.
  EXPECT_EQ(Evaluate(BertOnV100("V100-SXM2-32GB", "nvlink-mesh", 1, "none")).performance.breakdown.ep_comm_s, 0);
}

// Context-parallel ranks hold the same weights: gradients are reduced (and ZeRO shards) over
// dp x cp. On 16 GPUs, cp 2 x dp 8 reduces exactly as dp 16 does.
TEST(Performance, ContextParallelRanksJoinTheGradientReduction) {
  TrainSpec t;
  t.nodes = 2, t.inter = "ib-hdr", t.nics = 8, t.zero = 1, t.global_batch = 64, t.seq = 8192;
  Scenario dp16 = TrainScenario(t, Gpt(32, 4096, 32, 50304));
  Scenario cp2 = dp16;
  cp2.parallelism.cp = 2;
  Report a = Evaluate(dp16), b = Evaluate(cp2);
  ASSERT_TRUE(a.errors.empty() && b.errors.empty());
  ASSERT_EQ(b.setup.dp, 8);
  EXPECT_DOUBLE_EQ(b.performance.breakdown.dp_comm_total_s, a.performance.breakdown.dp_comm_total_s);
  EXPECT_DOUBLE_EQ(b.performance.breakdown.optimizer_s, a.performance.breakdown.optimizer_s);
}

// Ring attention passes K/V chunks under the attention of the chunk at hand: inside an NVSwitch node
// at 64K context the sends hide completely; a ring crossing nodes over one 25 GbE NIC does not.
TEST(Performance, ContextParallelRingHidesUnderAttentionUnlessTheNetworkIsSlow) {
  TrainSpec t;
  t.gpu = "H100-SXM5-80GB", t.nodes = 2, t.global_batch = 16, t.seq = 65536;
  t.recompute = Recompute::kFull;
  TransformerArch a = Gpt(32, 4096, 32, 128256, 14336);
  a.kv_heads = 8, a.glu = true, a.learned_positions = false;
  auto cp_comm = [&](int cp, const char* inter, int nics) {
    TrainSpec u = t;
    u.inter = inter, u.nics = nics;
    Scenario s = TrainScenario(u, a);
    s.parallelism.cp = cp;
    Report r = Evaluate(s);
    EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].message);
    return r.performance.breakdown.cp_comm_s;
  };
  EXPECT_EQ(cp_comm(1, "ib-ndr", 8), 0);
  EXPECT_EQ(cp_comm(8, "ib-ndr", 8), 0);       // the ring stays on NVSwitch
  EXPECT_EQ(cp_comm(16, "ib-ndr", 8), 0);      // crosses 400G NDR, still hidden
  EXPECT_GT(cp_comm(16, "eth-25g", 1), 1.0);   // one 25 GbE NIC per node: exposed
}

}  // namespace
}  // namespace gpucfg
