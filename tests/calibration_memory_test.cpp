// The memory cases of shared/calibration/cases.json as tests. Each states its tolerance and why;
// each prints "[calibration] id: predicted ... measured ... error" for the closing note.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "models/memory/memory.h"
#include "workload/model.h"
#include "test_util.h"
#include "base/units.h"

namespace gpucfg {
namespace {

double Report(const char* id, double predicted, double measured) {
  const double error = predicted / measured - 1.0;
  std::printf("[calibration] %s: predicted %.3f measured %.3f error %+.1f%%\n", id, predicted,
              measured, 100.0 * error);
  return error;
}

// GPT-3 175B on 64 A100s, TP 8 x PP 8, interleave 3, 64 micro-batches of 1, fp16 + Adam, no
// ZeRO (Korthikanti 2022 Fig. 1 as encoded by Calculon); vocab 51200 as in Megatron's benchmarks.
MemoryInputs Korthikanti175b() {
  MemoryInputs in;
  in.arch = FindModel(BuiltinCatalog(), "gpt3-175b")->arch;
  in.arch.vocab = 51200;
  in.precision = Precision::kFp16, in.flash_attention = false;
  in.tp = 8, in.pp = 8, in.dp = 1, in.interleave = 3, in.micro_batches = 64;
  in.gpus_per_node = 8, in.nodes = 8;
  const EffectiveDevice a100 = MakeDevice(*FindGpu(BuiltinCatalog(), "A100-SXM4-80GB"));
  in.capacity_gib = a100.usable_gib;
  in.compute_capability = a100.compute_capability;
  return in;
}

// Model states: Megatron's 18 B/param (fp32 main grads) on the first stage (12 layers + the
// embedding / 8). 5%: the chart-read figure and the placement of the embedding differ slightly.
// Activations: Korthikanti's formula is exactly what Calculon encodes; ours adds one layer of
// backward working set and the embedding dropout mask, so 4% (2.7% of it is that working set).
TEST(CalibrationMemory, Korthikanti175bPerGpu) {
  MemoryInputs in = Korthikanti175b();
  MemoryBreakdown m = ComputeBreakdown(in);
  EXPECT_EQ(m.stage, 0);
  const double states = m.weights_gib + m.gradients_gib + m.optimizer_gib;
  EXPECT_LT(std::fabs(Report("mem-korthikanti-175b params+optimizer", states, 45.5625)), 0.05);
  EXPECT_LT(std::fabs(Report("mem-korthikanti-175b activations none", m.activations_gib, 66.84375)),
            0.04);
  EXPECT_GT(m.total_gib, in.capacity_gib);  // the paper's baseline does not fit 80 GB
  in.sequence_parallel = true, in.recompute = Recompute::kSelective;
  m = ComputeBreakdown(in);
  EXPECT_LT(std::fabs(Report("mem-korthikanti-175b activations seqsel", m.activations_gib,
                             12.3515625)), 0.04);
  EXPECT_LT(m.total_gib, in.capacity_gib);  // sequence parallel + selective recompute fits
}

// Figure 7: activation memory per layer as % of the TP-only baseline. The formula is the
// paper's own, so 0.5 percentage points (the figure's rounding).
TEST(CalibrationMemory, Korthikanti175bActivationFractions) {
  MemoryInputs in = Korthikanti175b();
  const double base = LayerActivationBytes(in, Recompute::kNone);
  const double sel = LayerActivationBytes(in, Recompute::kSelective);
  const double full = LayerActivationBytes(in, Recompute::kFull);
  in.sequence_parallel = true;
  const double seq = LayerActivationBytes(in, Recompute::kNone);
  const double seqsel = LayerActivationBytes(in, Recompute::kSelective);
  const struct { const char* id; double predicted, measured; } rows[] = {
      {"mem-korthikanti-175b-fraction seq", 100 * seq / base, 62.04},
      {"mem-korthikanti-175b-fraction sel", 100 * sel / base, 56.53},
      {"mem-korthikanti-175b-fraction seqsel", 100 * seqsel / base, 18.49},
      {"mem-korthikanti-175b-fraction full", 100 * full / base, 8.71}};
  for (const auto& row : rows) {
    Report(row.id, row.predicted, row.measured);
    EXPECT_NEAR(row.predicted, row.measured, 0.5) << row.id;
  }
}

// Qwen-7B-Chat bf16 on an A100 80GB, batch 1, generating N tokens (Qwen README). The figures
// cannot be 10^9-byte GB (15.2 is below the 15.44e9 bytes of bf16 weights): they are GiB. How
// they were taken (allocated, reserved or NVML) is not stated, so the product's default overheads
// stay on. Qwen's HF generate keeps the previous KV tuple alive while it builds the next one:
// kv_cache_copies = 2 (a vLLM-style server keeps 1, the default). No FlashAttention (Qwen turns
// it off with cache quantisation). Tolerance 5% for bf16. 12% for int8: its measured growth,
// 0.24-0.34 GiB per 1k tokens, is closer to one copy of the int8 cache (0.26) than to two, so the
// two-copy model over-predicts the long int8 rows (the safe side for "does it fit").
Scenario QwenScenario(int tokens, Precision kv) {
  Scenario s;
  s.cluster.gpu = "A100-SXM4-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "qwen-7b";
  s.workload.batch = 1, s.workload.prompt_tokens = 1, s.workload.output_tokens = tokens;
  s.workload.kv_precision = kv, s.workload.flash_attention = false;
  s.memory.kv_cache_copies = 2;
  return s;
}

TEST(CalibrationMemory, Qwen7bInferenceBySequenceLength) {
  const int tokens[] = {512, 1024, 2048, 4096, 8192};
  const double bf16[] = {15.2, 16.3, 17.6, 19.5, 23.2};
  const double int8[] = {15.0, 15.5, 15.8, 16.6, 17.6};
  for (int i = 0; i < 5; ++i) {
    WarningList w;
    char id[64];
    std::snprintf(id, sizeof id, "mem-qwen7b bf16 kv %d tokens", tokens[i]);
    MemoryReport m = ComputeMemory(test::MustResolve(QwenScenario(tokens[i], Precision::kBf16)), w);
    EXPECT_LT(std::fabs(Report(id, m.per_gpu.total_gib, bf16[i])), 0.05) << id;
    std::snprintf(id, sizeof id, "mem-qwen7b int8 kv %d tokens", tokens[i]);
    m = ComputeMemory(test::MustResolve(QwenScenario(tokens[i], Precision::kInt8)), w);
    EXPECT_LT(std::fabs(Report(id, m.per_gpu.total_gib, int8[i])), 0.12) << id;
  }
}

// BERT-large fine-tuning, fp32 AdamW, batch 4 x 512 on a V100 16GB (HF "Model training
// anatomy"). NVML "used" = everything: CUDA context, tensors, allocator cache, so the whole
// default overhead model is in play. Tolerance 10%: the allocator's cache is a judgement (15% of
// activations) and the peak's timing inside the step is not modelled. The context figure is the
// source of the pre-Ampere default (1.3 GiB vs 1343 MiB measured: 2%); the weights check the
// parameter count (HF loads the pooler and classifier too: 0.3% more).
TEST(CalibrationMemory, BertLargeOnV100) {
  Scenario s;
  s.cluster.gpu = "V100-SXM2-16GB";
  s.cluster.gpus_per_node = 1;
  s.workload.model = "bert-large";
  s.workload.precision = Precision::kFp32, s.workload.optimizer = "adamw";
  s.workload.seq_len = 512, s.workload.micro_batch = 4, s.workload.global_batch = 4;
  s.workload.flash_attention = false;  // eager attention in that transformers version
  WarningList w;
  const MemoryReport m = ComputeMemory(test::MustResolve(s), w);
  const double mib = 1.0 / 1024.0;
  EXPECT_LT(std::fabs(Report("mem-hf-bert-large-v100 cuda context", m.per_gpu.cuda_context_gib,
                             1343 * mib)), 0.05);
  EXPECT_LT(std::fabs(Report("mem-hf-bert-large-v100 weights", m.per_gpu.weights_gib,
                             (2631 - 1343) * mib)), 0.05);
  EXPECT_LT(std::fabs(Report("mem-hf-bert-large-v100 total", m.per_gpu.total_gib, 14949 * mib)),
            0.10);
  EXPECT_TRUE(m.fits);
}

}  // namespace
}  // namespace gpucfg
