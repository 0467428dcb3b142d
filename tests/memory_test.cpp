// The memory model on hand-worked examples (arithmetic in the comments) and on the guide's
// headline scenarios. Calibration against published measurements: calibration_memory_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <string_view>

#include "catalog/engines.h"
#include "models/memory/memory.h"
#include "workload/model.h"
#include "test_util.h"
#include "base/units.h"

namespace gpucfg {
namespace {

constexpr double kLlama7bParams = 6738415616.0;  // model_test.cpp, Llama2_7bHandWorked

MemoryInputs Llama7bTraining() {
  MemoryInputs in;
  in.arch = FindModel(BuiltinCatalog(), "llama2-7b")->arch;
  in.capacity_gib = 79.0;
  in.options.cuda_context_gib = 0, in.options.nccl_gib_per_group = 0, in.options.fragmentation = 0;
  return in;
}

// bf16 + Adam with 2-byte gradients (ZeRO paper's K = 12): 16 bytes per parameter, 112,614,649,856
// bytes = 104.9 GiB unsharded; dp = 8: ZeRO-1 = 2 + 2 + 12/8 = 5.5 B, ZeRO-2 = 2 + 14/8 = 3.75 B,
// ZeRO-3 = 16/8 = 2 B per parameter (+ two gathered layers of 202,383,360 x 2 B for ZeRO-3).
TEST(Memory, ModelStatesFollowZeroStages) {
  MemoryInputs in = Llama7bTraining();
  in.options.grad_bytes = 2, in.dp = 8;
  const double p = kLlama7bParams;
  const double expect[4] = {16.0 * p, 5.5 * p, 3.75 * p, 2.0 * p + 2.0 * 202383360.0 * 2.0};
  for (int zero = 0; zero <= 3; ++zero) {
    in.zero = zero;
    const MemoryBreakdown m = ComputeBreakdown(in);
    const double states = m.weights_gib + m.gradients_gib + m.optimizer_gib;
    EXPECT_NEAR(states, BytesToGiB(expect[zero]), 1e-3) << "zero " << zero;
  }
  in.zero = 0, in.options.grad_bytes = 0;  // Megatron default: fp32 main grads, 18 B/param
  const MemoryBreakdown m = ComputeBreakdown(in);
  EXPECT_NEAR(m.gradients_gib, BytesToGiB(4.0 * p), 1e-6);
  EXPECT_NEAR(m.optimizer_gib, BytesToGiB(12.0 * p), 1e-6);
}

TEST(Memory, OptimizersAndRecipes) {
  MemoryInputs in = Llama7bTraining();
  const double p = kLlama7bParams;
  in.optimizer = OptimizerKind::kAdam8bit;  // 4 master + 2 state bytes
  EXPECT_NEAR(ComputeBreakdown(in).optimizer_gib, BytesToGiB(6.0 * p), 1e-6);
  in.optimizer = OptimizerKind::kSgd;       // 4 master + 4 momentum
  EXPECT_NEAR(ComputeBreakdown(in).optimizer_gib, BytesToGiB(8.0 * p), 1e-6);
  in.precision = Precision::kFp32, in.optimizer = OptimizerKind::kAdam;  // 4 + 4 + 8
  MemoryBreakdown m = ComputeBreakdown(in);
  EXPECT_NEAR(m.weights_gib + m.gradients_gib + m.optimizer_gib, BytesToGiB(16.0 * p), 1e-6);
  // FP8 stores BF16's states (Transformer Engine casts per GEMM; Megatron's distributed optimizer
  // table: 18 B/param with Adam): 2 + 4 + (4 + 4) with Lion.
  in.precision = Precision::kFp8, in.optimizer = OptimizerKind::kLion;
  m = ComputeBreakdown(in);
  EXPECT_NEAR(m.weights_gib + m.gradients_gib + m.optimizer_gib, BytesToGiB(14.0 * p), 1e-6);
}

// FSDP2 under pipeline parallelism (torchtitan apply_fsdp: reshard_after_forward=False with PP;
// torch.distributed.pipelining: no gradient sync before the last backward): a pp = 2 stage of
// Llama-2 7B keeps all 16 layers gathered (202,383,360 x 2 B each) instead of the two prefetched
// ones, and all 16 layers' full fp32 gradients (x 4 B) instead of the one being reduce-scattered.
TEST(Memory, FsdpUnderPipelineKeepsTheStageGathered) {
  MemoryInputs in = Llama7bTraining();
  in.zero = 3, in.dp = 8, in.pp = 2;
  EngineProfile e = *FindEngine(BuiltinCatalog(), "fsdp");
  ASSERT_TRUE(e.gathered_under_pp);
  in.engine = &e;
  const MemoryBreakdown gathered = ComputeBreakdown(in);
  e.gathered_under_pp = false;
  const MemoryBreakdown per_layer = ComputeBreakdown(in);
  const double layer = 202383360.0;
  EXPECT_NEAR(gathered.weights_gib - per_layer.weights_gib, BytesToGiB(14.0 * layer * 2.0), 2e-3);  // the breakdown is rounded
  EXPECT_NEAR(gathered.gradients_gib - per_layer.gradients_gib, BytesToGiB(15.0 * layer * 4.0), 2e-3);
  in.pp = 1;  // without pipeline parallelism nothing changes
  const double off = ComputeBreakdown(in).weights_gib;
  e.gathered_under_pp = true;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).weights_gib, off);
}

// Korthikanti 2022 Table 2 for GPT-3 175B (s = 2048, b = 1, h = 12288, a = 96, t = 8):
// sbh = 25,165,824; 5as/h = 80. TP only: sbh (10 + 24/8 + 80/8) = 23 sbh = 578,813,952 B;
// TP + SP: sbh (34 + 80) / 8 = 358,612,992 B; TP + SP + selective: 34 sbh / 8 = 106,954,752 B;
// full recompute (no SP): 2 sbh = 50,331,648 B.
TEST(Memory, LayerActivationsKorthikantiTable2) {
  MemoryInputs in;
  in.arch = FindModel(BuiltinCatalog(), "gpt3-175b")->arch;
  in.tp = 8, in.flash_attention = false;
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kNone), 578813952.0);
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kFull), 50331648.0);
  in.sequence_parallel = true;
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kNone), 358612992.0);
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kSelective), 106954752.0);
  // FlashAttention: no s^2 term, only the fp32 log-sum-exp 4 a s b / t = 98,304 B.
  in.flash_attention = true;
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kNone), 106954752.0 + 98304.0);
}

// GQA + SwiGLU + fp32, one GPU, flash: Llama-2 70B shape with s = 1, b = 1 to keep the numbers
// small: h = 8192, KV width 8 x 128 = 1024, F = 28672, element 4 B (half = 2).
// replicated (8 half + 2) h = 18 x 8192 = 147,456; attention half (4h + 4 kv) = 2 x 36,864 =
// 73,728; SwiGLU half x 6F = 344,064; lse 4 x 64 = 256. Total 565,504 B.
TEST(Memory, LayerActivationsGqaGluFp32) {
  MemoryInputs in;
  in.arch = FindModel(BuiltinCatalog(), "llama2-70b")->arch;
  in.seq_len = 1, in.precision = Precision::kFp32;
  EXPECT_DOUBLE_EQ(LayerActivationBytes(in, Recompute::kNone), 565504.0);
}

// 1F1B: with pp = 4 and >= 4 micro-batches the first stage stores 4 micro-batches of its L/4
// layers, i.e. the whole model's worth of layers once (Korthikanti §4.2.3); interleaving v = 2
// multiplies by 1 + 3/8.
TEST(Memory, PipelineInFlightMicroBatches) {
  MemoryInputs in = Llama7bTraining();
  in.pp = 4, in.micro_batches = 16;
  const double layer = LayerActivationBytes(in, Recompute::kNone);
  const double sbh = 2048.0 * 4096.0;
  const double first = 8 * 4 * layer + layer + 4 * sbh;  // stored + working layer + dropout mask
  // pp = 4 puts the logits on the last stage, which stores far less: the first stage binds.
  EXPECT_NEAR(ComputeBreakdown(in).activations_gib, BytesToGiB(first), 1e-9);
  in.interleave = 2;
  const double interleaved = 8 * 4 * 1.375 * layer + layer + 4 * 1.375 * sbh;
  EXPECT_NEAR(ComputeBreakdown(in).activations_gib, BytesToGiB(interleaved), 1e-9);
  in.interleave = 1, in.micro_batches = 2;  // only 2 micro-batches ever in flight
  EXPECT_NEAR(ComputeBreakdown(in).activations_gib,
              BytesToGiB(8 * 2 * layer + layer + 2 * sbh), 1e-9);
}

// KV cache, Llama-2 7B bf16, batch 1, 4096 tokens: 2 x 32 layers x 32 heads x 128 x 4096 x 2 B
// = 2,147,483,648 B = 2 GiB. Llama-3.1 70B (8 KV heads) at TP 8: 1 head per GPU:
// 2 x 80 x 1 x 128 x 4096 x 2 = 0.15625 GiB; TP 16 still keeps 1 head per GPU (replicated).
TEST(Memory, KvCacheGqaAware) {
  MemoryInputs in;
  in.training = false, in.capacity_gib = 79;
  in.arch = FindModel(BuiltinCatalog(), "llama2-7b")->arch;
  in.prompt_tokens = 4000, in.output_tokens = 96;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).kv_cache_gib, 2.0);
  in.arch = FindModel(BuiltinCatalog(), "llama3.1-70b")->arch;
  in.tp = 8;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).kv_cache_gib, 0.15625);
  in.tp = 16;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).kv_cache_gib, 0.15625);
  in.kv_precision = Precision::kFp8;  // one byte, per-tensor scale
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).kv_cache_gib, 0.078125);
}

// int4 with groups of 128: 0.5 B + (2 B fp16 scale + 0.5 B zero) / 128 = 0.51953125 B/param;
// Llama-2 7B: 6,476,267,520 layer params (linears 6,476,005,376 + norms 262,144 at 2 B)
// and 262,148,096 embedding/head/final-norm params at 2 B.
TEST(Memory, QuantisedWeightsKeepEmbeddingsWide) {
  MemoryInputs in;
  in.training = false;
  in.arch = FindModel(BuiltinCatalog(), "llama2-7b")->arch;
  in.weight_precision = Precision::kInt4;
  EXPECT_DOUBLE_EQ(WeightBytesPerParam(in, Precision::kInt4), 0.51953125);
  const double expect = 6476005376.0 * 0.51953125 + (262144.0 + 262148096.0) * 2.0;
  EXPECT_NEAR(ComputeBreakdown(in).weights_gib, BytesToGiB(expect), 1e-9);
}

TEST(Memory, OverheadDefaultsAndOverrides) {
  MemoryInputs in = Llama7bTraining();
  in.options = MemoryOptions{};  // defaults
  in.compute_capability = 7.0;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).cuda_context_gib, 1.3);
  in.compute_capability = 9.0;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).cuda_context_gib, 0.5);
  in.options.cuda_context_gib = 0.8;
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).cuda_context_gib, 0.8);
  in.tp = 2, in.dp = 4, in.pp = 1;  // two communicators: TP and DP
  EXPECT_DOUBLE_EQ(ComputeBreakdown(in).nccl_gib, 0.5);
  const MemoryBreakdown m = ComputeBreakdown(in);
  EXPECT_NEAR(m.fragmentation_gib, 0.15 * m.activations_gib, 1e-12);
  EXPECT_NEAR(m.overhead_gib, m.cuda_context_gib + m.nccl_gib + m.fragmentation_gib, 1e-12);
}

Scenario OneA100(std::string_view model) {
  Scenario s;
  s.cluster.gpu = "A100-SXM4-80GB";
  s.cluster.gpus_per_node = 1, s.cluster.nodes = 1;
  s.workload.model = std::string(model);
  return s;
}

// The guide's example: a 13B model, AdamW, micro-batch 16 on one A100 80 GB does not fit
// (18 B/param alone is 218 GiB); the report names the binding component and fixes that work.
TEST(Memory, Headline13bOnOneA100DoesNotFit) {
  Scenario s = OneA100("llama2-13b");
  s.workload.micro_batch = 16, s.workload.global_batch = 16, s.workload.optimizer = "adamw";
  const Resolved r = test::MustResolve(s);
  WarningList w;
  const MemoryReport m = ComputeMemory(r, w);
  EXPECT_FALSE(m.fits);
  EXPECT_GT(m.per_gpu.total_gib, 300.0);
  EXPECT_EQ(m.binding, "activations_gib");
  EXPECT_EQ(m.max_micro_batch, 0);
  ASSERT_GT(m.fix_count, 0);
  bool some_fix_fits = false;
  for (int i = 0; i < m.fix_count; ++i) {
    EXPECT_GT(m.fixes[i].saves_gib, 0.0) << m.fixes[i].code;
    some_fix_fits |= m.fixes[i].fits_after;
  }
  EXPECT_TRUE(some_fix_fits);  // the combined plan (plan_step > 0) reaches a fit
  EXPECT_EQ(w.items[0].code, "memory_exceeds_capacity");
}

TEST(Memory, Headline7bBf16Batch1Fits) {
  Scenario s = OneA100("llama2-7b");
  s.workload.kind = WorkloadKind::kInference;
  s.workload.batch = 1;
  const Resolved r = test::MustResolve(s);
  WarningList w;
  const MemoryReport m = ComputeMemory(r, w);
  EXPECT_TRUE(m.fits);
  EXPECT_NEAR(m.per_gpu.weights_gib, BytesToGiB(2.0 * kLlama7bParams), 1e-9);
  EXPECT_GT(m.max_batch, 100);              // ~0.3 GiB of KV per sequence of 640 tokens
  // ~65 GiB free; each token costs 0.5 MiB of KV x 1.15 (allocator) plus, in a one-shot prefill,
  // (4h + qkv + 3F) x 2 B = 123 KB of workspace x 1.15: ~95k tokens.
  EXPECT_GE(m.max_context_tokens, 80000);
  EXPECT_LE(m.max_context_tokens, 120000);
  EXPECT_EQ(m.fix_count, 0);
}

// A fix's saving is a full re-evaluation: applying it to the scenario gives the same total.
TEST(Memory, FixesAreReevaluated) {
  Scenario s = OneA100("llama2-13b");
  s.cluster.gpus_per_node = 8;
  s.workload.micro_batch = 2, s.workload.global_batch = 64;
  WarningList w;
  const MemoryReport m = ComputeMemory(test::MustResolve(s), w);
  ASSERT_FALSE(m.fits);
  int checked = 0;
  for (int i = 0; i < m.fix_count; ++i) {
    const MemoryFix& f = m.fixes[i];
    if (f.plan_step != 0) continue;
    Scenario t = s;
    if (f.code == "zero_3") t.parallelism.zero = 3;
    else if (f.code == "full_recompute") t.parallelism.recompute = Recompute::kFull;
    else if (f.code == "tp") t.parallelism.tp = int(f.to);
    else continue;
    const MemoryReport after = ComputeMemory(test::MustResolve(t), w);
    EXPECT_NEAR(m.per_gpu.total_gib - after.per_gpu.total_gib, f.saves_gib, 1e-9) << f.code;
    EXPECT_EQ(after.fits, f.fits_after) << f.code;
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

TEST(Memory, BiggerGpuOfTheSameFamily) {
  Scenario s = OneA100("llama2-13b");
  s.cluster.gpu = "A100-SXM4-40GB";
  s.workload.kind = WorkloadKind::kInference;  // 24.2 GiB of weights + 4k-token batch of 8
  s.workload.batch = 8, s.workload.prompt_tokens = 3968;
  WarningList w;
  const MemoryReport m = ComputeMemory(test::MustResolve(s), w);
  ASSERT_FALSE(m.fits);
  bool found = false;
  for (int i = 0; i < m.fix_count; ++i)
    if (m.fixes[i].code == "bigger_gpu") {
      EXPECT_EQ(m.fixes[i].target, "A100-SXM4-80GB");
      EXPECT_TRUE(m.fixes[i].fits_after);
      found = true;
    }
  EXPECT_TRUE(found);
}

TEST(Memory, LargestMicroBatchIsTight) {
  Scenario s = OneA100("llama2-7b");
  s.cluster.gpus_per_node = 8;
  s.parallelism.zero = 3, s.workload.micro_batch = 1;
  Resolved r = test::MustResolve(s);
  WarningList w;
  const MemoryReport m = ComputeMemory(r, w);
  ASSERT_TRUE(m.fits);
  ASSERT_GT(m.max_micro_batch, 1);
  MemoryInputs in = MakeMemoryInputs(r);
  in.micro_batch = m.max_micro_batch;
  EXPECT_TRUE(Fits(in));
  in.micro_batch = m.max_micro_batch + 1;
  EXPECT_FALSE(Fits(in));
}

TEST(Memory, WarningsNameTheField) {
  Scenario s = OneA100("llama3.1-8b");
  s.cluster.gpus_per_node = 8, s.cluster.node_ram_gib = 8;  // 8 GPUs x 2 GiB pinned
  s.parallelism.tp = 8;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.prompt_tokens = 200000;
  WarningList w;
  ComputeMemory(test::MustResolve(s), w);
  auto has = [&](std::string_view code, std::string_view path) {
    for (const Warning& x : w) if (x.code == code && x.path == path) return true;
    return false;
  };
  EXPECT_TRUE(has("host_memory_exceeds", "/cluster/node_ram_gib"));
  EXPECT_TRUE(has("context_exceeds_model", "/workload/prompt_tokens"));
}

// bitsandbytes before 0.43.2 keeps each quantised linear's input for backward (MatMul4Bit's
// ctx.tensors = (A, B)), which a frozen bf16 Linear does not. Llama-2 7B, 1 x 1304 tokens, no
// recompute: per layer the two norm outputs 2 x 2 B x 1304 x 4096 = 21,364,736 B and the down
// projection's input 2 B x 1304 x 11008 = 28,708,864 B, 50,073,600 B, in each of the 32 layers and
// in the backward working set (33 x = 1,652,428,800 B); every quantised base also holds the
// dequantised 16-bit copy of the largest matrix, 2 B x 4096 x 11008 = 90,177,536 B. Under full
// recompute only the working set keeps the inputs: 50,073,600 B. Today's bitsandbytes (>= 0.43.2)
// and GPTQ-style int4 keep no input; int8 (MatMul8bitLt) keeps it in every release.
TEST(Memory, BitsandbytesBaseKeepsLinearInputs) {
  MemoryInputs in = Llama7bTraining();
  in.seq_len = 1304, in.micro_batch = 1;
  in.finetune.method = FinetuneMethod::kQlora, in.finetune.rank = 8, in.finetune.targets = LoraTargets::kQv;
  auto activations = [&](BaseFormat base, bool keeps, Recompute recompute) {
    in.finetune.base = base, in.finetune.bnb_keeps_inputs = keeps, in.recompute = recompute;
    return ComputeBreakdown(in).activations_gib;
  };
  const double dequantized = 90177536.0;
  for (Recompute rc : {Recompute::kNone, Recompute::kFull}) {
    const double bf16 = activations(BaseFormat::kBf16, false, rc);
    const double kept = rc == Recompute::kNone ? 1652428800.0 : 50073600.0;
    EXPECT_NEAR(activations(BaseFormat::kNf4, true, rc) - bf16, BytesToGiB(kept + dequantized), 1e-9);
    EXPECT_NEAR(activations(BaseFormat::kNf4, false, rc) - bf16, BytesToGiB(dequantized), 1e-9);
    EXPECT_NEAR(activations(BaseFormat::kInt4, true, rc) - bf16, BytesToGiB(dequantized), 1e-9);
    EXPECT_NEAR(activations(BaseFormat::kInt8, false, rc) - bf16, BytesToGiB(kept + dequantized), 1e-9);
  }
}

}  // namespace
}  // namespace gpucfg
