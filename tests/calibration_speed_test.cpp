// End-to-end speed calibration against shared/calibration/cases.json (training_throughput and
// inference). Efficiencies come from the roofline and nccl-tests microbenchmarks, times one
// global sustained-in-a-job factor for Tensor Core kernels (0.85, core/models/speed/roofline.cpp: a judgement
// checked against these cases, the same for all of them, not fitted per case). Each case states
// its tolerance and why; the error is printed so the closing note can report it; the errors with
// the factor at 1.0 (microbenchmark rates alone) are in the comments. Microbenchmark cases live in
// roofline_test and collectives_test.
#include <gtest/gtest.h>

#include <cstdio>

#include "speed_test_util.h"

namespace gpucfg {
namespace {

using speedtest::Gpt;
using speedtest::RelErr;
using speedtest::TrainScenario;
using speedtest::TrainSpec;

PerformanceReport Perf(const Scenario& s) {
  Report r = Evaluate(s);
  EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors[0].path + ": " + r.errors[0].message);
  return r.performance;
}

void Print(const char* id, double model, double measured) {
  std::printf("[calibration] %-48s model %10.4g measured %10.4g error %+6.1f%%\n", id, model, measured,
              100 * RelErr(model, measured));
}

// Korthikanti 2022 Table 5, 175B on 64 A100 (Selene): TP8 PP8 v3, mb 1, GBS 64, no flash
// attention (Megatron 2022 materialised the scores). Tolerance 12%: a 2022 software stack against
// today's GEMM microbenchmark; attention dropout on the materialised scores is not counted (no
// scenario field says whether it is on). Error -2% and +1% (-14% and -11% at microbenchmark rates).
TrainSpec Korthikanti(Recompute rc, bool sp) {
  TrainSpec t;
  t.nodes = 8, t.inter = "ib-hdr", t.nics = 8, t.tp = 8, t.pp = 8, t.vp = 3;
  t.global_batch = 64, t.recompute = rc, t.sp = sp, t.flash = false, t.precision = Precision::kFp16;
  return t;
}

TEST(CalibrationSpeed, KorthikantiSelectiveRecompute) {
  PerformanceReport p = Perf(TrainScenario(Korthikanti(Recompute::kSelective, true), Gpt(96, 12288, 96, 51200)));
  Print("train-korthikanti-175b-tp8pp8 present_work", p.step_time_s, 13.75);
  EXPECT_NEAR(RelErr(p.step_time_s, 13.75), 0, 0.12);
}

TEST(CalibrationSpeed, KorthikantiFullRecompute) {
  PerformanceReport p = Perf(TrainScenario(Korthikanti(Recompute::kFull, false), Gpt(96, 12288, 96, 51200)));
  Print("train-korthikanti-175b-tp8pp8 full_recompute", p.step_time_s, 18.13);
  EXPECT_NEAR(RelErr(p.step_time_s, 18.13), 0, 0.12);
  // The paper's headline: selective + SP is ~30% faster than full recompute; the model keeps the order.
  PerformanceReport q = Perf(TrainScenario(Korthikanti(Recompute::kSelective, true), Gpt(96, 12288, 96, 51200)));
  EXPECT_LT(q.step_time_s, p.step_time_s);
}

// Not in shared/calibration, a further published run: Narayanan et al. 2021 (arXiv 2104.04473,
// abstract and Table 1): the 1T-parameter GPT (128 layers, hidden 25600, 160 heads) on 3072
// A100-80GB, TP 8 x PP 64 x DP 6, batch 3072, full recompute, fp16, reaches 502 PFLOP/s, i.e.
// 163 TFLOP/s per GPU counting the recomputed forward (the paper's 96 B s l h^2 formula = HFU).
// The table gives no schedule: 1F1B (vp 1) and micro-batch 1 assumed. Tolerance 15%: +1%.
TEST(CalibrationSpeed, Narayanan1TOn3072A100) {
  TrainSpec t = Korthikanti(Recompute::kFull, false);
  t.nodes = 384, t.pp = 64, t.vp = 1, t.dp = 6, t.global_batch = 3072;
  PerformanceReport p = Perf(TrainScenario(t, Gpt(128, 25600, 160, 51200)));
  Print("narayanan21-1t-3072xa100 hfu_tflops (not in cases.json)", p.hfu * 312, 163);
  EXPECT_NEAR(RelErr(p.hfu * 312, 163), 0, 0.15);
}

// BLOOM-176B on 384 A100-80GB: TP4 PP12 DP8, mb 2, GBS 2048, full recompute, ZeRO-1, Omni-Path
// (4 x 100 Gb/s per node, modelled as 4 EDR-class ports). Tolerance 15%: a 2022
// Megatron-DeepSpeed stack on Omni-Path, vocabulary 250k and ALiBi. Error -4% (-17% at
// microbenchmark rates).
TEST(CalibrationSpeed, Bloom176b) {
  TrainSpec t;
  t.nodes = 48, t.inter = "ib-edr", t.nics = 4, t.tp = 4, t.pp = 12, t.dp = 8, t.zero = 1;
  t.global_batch = 2048, t.micro_batch = 2, t.recompute = Recompute::kFull, t.flash = false;
  TransformerArch a = Gpt(70, 14336, 112, 250880);
  a.learned_positions = false;
  PerformanceReport p = Perf(TrainScenario(t, a));
  Print("train-bloom-176b-384xa100 iteration_time_s", p.step_time_s, 104.7);
  Print("train-bloom-176b-384xa100 hfu_tflops", p.hfu * 312, 149.77);
  EXPECT_NEAR(RelErr(p.step_time_s, 104.7), 0, 0.15);
}

// MPT-7B on 8 A100-80GB, FSDP full shard, mb 6, GBS 96, flash attention, no recompute.
// Tolerance 15%: a small model in PyTorch eager pays unfused elementwise kernels and FSDP hooks
// the roofline does not see; the model reads fast: +7% (+25% at microbenchmark rates).
TEST(CalibrationSpeed, MosaicMpt7b) {
  TrainSpec t;
  t.dp = 8, t.zero = 3, t.global_batch = 96, t.micro_batch = 6;
  TransformerArch a = Gpt(32, 4096, 32, 50368);
  a.learned_positions = false;
  PerformanceReport p = Perf(TrainScenario(t, a));
  Print("train-mosaic-mpt7b tokens_per_s_per_gpu", p.tokens_per_s_per_gpu, 4641);
  Print("train-mosaic-mpt7b mfu", p.mfu, 0.6423);
  EXPECT_NEAR(RelErr(p.tokens_per_s_per_gpu, 4641), 0, 0.15);
}

// NeMo GPT-3 175B on 128 H100 (DGX Cloud recipe): TP4 PP8 VP12 DP4, mb 1, GBS 256, BF16.
// Tolerance 10%: NVIDIA's tuned recipe. Error +4% (-9% at microbenchmark rates).
TEST(CalibrationSpeed, DgxcGpt3H100) {
  TrainSpec t;
  t.gpu = "H100-SXM5-80GB", t.nodes = 16, t.inter = "ib-ndr", t.nics = 8;
  t.tp = 4, t.pp = 8, t.vp = 12, t.dp = 4, t.zero = 1, t.global_batch = 256, t.sp = true;
  PerformanceReport p = Perf(TrainScenario(t, Gpt(96, 12288, 96, 51200)));
  Print("train-dgxc-gpt3-175b-bf16-128xh100 step_time_s", p.step_time_s, 8.309);
  Print("train-dgxc-gpt3-175b-bf16-128xh100 mfu", p.mfu, 0.5354);
  EXPECT_NEAR(RelErr(p.step_time_s, 8.309), 0, 0.10);
  // The recipe states 2.20e15 model FLOPs per sample: check the FLOP count itself to 2%.
  EXPECT_NEAR(p.model_flops_per_step / 256, 2.20e15, 0.02 * 2.20e15);
}

// MLPerf v3.1 GPT-3 175B on 512 H100, FP8 hybrid: TP4 PP8 VP12 DP16, GBS 2048. Tolerance 15%:
// the roofline counts the FP8 cast/transpose kernels and 16-bit streams between kernels
// (Transformer Engine); the FP8 GEMM efficiency comes from one MAMF row (a best shape) and the
// model reads fast: -7% (-18% at microbenchmark rates).
TEST(CalibrationSpeed, MlperfGpt3H100Fp8) {
  TrainSpec t;
  t.gpu = "H100-SXM5-80GB", t.nodes = 64, t.inter = "ib-ndr", t.nics = 8;
  t.tp = 4, t.pp = 8, t.vp = 12, t.dp = 16, t.zero = 1, t.global_batch = 2048, t.sp = true;
  t.precision = Precision::kFp8;
  PerformanceReport p = Perf(TrainScenario(t, Gpt(96, 12288, 96, 51200)));
  Print("train-mlperf31-gpt3-512xh100 step_time_s", p.step_time_s, 11.05);
  EXPECT_NEAR(RelErr(p.step_time_s, 11.05), 0, 0.15);
}

// TensorRT-LLM v0.6.1, Llama-2-7B FP8 on one H100, static batch 768, 128 in / 128 out.
// Tolerance 20%: 2023 decode attention kernels were not HBM-bound; the roofline is an upper
// bound on throughput and reads high: +9% (+18% at microbenchmark rates).
TEST(CalibrationSpeed, TrtllmLlama7bH100Throughput) {
  PerformanceReport p = Perf(speedtest::InferScenario("H100-SXM5-80GB", "llama2-7b", 768, 128, 128, Precision::kFp8));
  Print("inf-trtllm061-llama-2-7b-h100-bs768 tok/s/gpu", p.output_tokens_per_s_per_gpu, 19694);
  EXPECT_NEAR(RelErr(p.output_tokens_per_s_per_gpu, 19694), 0, 0.20);
}

// TensorRT-LLM v0.5 first-token latency, Llama-2-7B, batch 1. Prefill at 2048 tokens is
// compute-bound: tolerance 20% for H100 FP8 (v0.5 FP8 was young: -13%; -23% at microbenchmark
// rates), 15% for A100 FP16 (+4%; -11%). At 128 tokens fixed host/runtime costs the roofline does
// not see dominate: tolerance 60% / 40%, the model reads low (-50%, -24%).
TEST(CalibrationSpeed, TrtllmLlama7bTtft) {
  struct Case { const char* gpu; Precision p; int in; double ms; double tol; const char* id; };
  const Case cases[] = {
      {"H100-SXM5-80GB", Precision::kFp8, 2048, 36, 0.20, "inf-trtllm05-ttft H100 fp8 in2048"},
      {"A100-SXM4-80GB", Precision::kFp16, 2048, 133, 0.15, "inf-trtllm05-ttft A100 fp16 in2048"},
      {"H100-SXM5-80GB", Precision::kFp8, 128, 7, 0.60, "inf-trtllm05-ttft H100 fp8 in128"},
      {"A100-SXM4-80GB", Precision::kFp16, 128, 16, 0.40, "inf-trtllm05-ttft A100 fp16 in128"}};
  for (const Case& c : cases) {
    PerformanceReport p = Perf(speedtest::InferScenario(c.gpu, "llama2-7b", 1, c.in, 1, c.p));
    Print(c.id, p.ttft_s * 1e3, c.ms);
    EXPECT_NEAR(RelErr(p.ttft_s * 1e3, c.ms), 0, c.tol) << c.id;
  }
}

}  // namespace
}  // namespace gpucfg
