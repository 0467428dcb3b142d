// What the engine profiles, NCCL's tuning model, serving under load and LoRA/QLoRA change in the
// models: hand-worked figures from NCCL's constants, queueing formulas and QLoRA's storage sizes.
#include <gtest/gtest.h>

#include <cmath>

#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "catalog/engines.h"
#include "models/speed/collectives.h"
#include "models/speed/engine_speed.h"
#include "models/speed/nccl_model.h"
#include "models/speed/serving.h"
#include "workload/finetune.h"

namespace gpucfg {
namespace {

NcclGroup H100Node() {
  NcclGroup g;
  g.ranks = 8, g.nodes = 1, g.ppn = 8, g.nvlink = true, g.generation = 2;
  g.ring_busbw_gbps = 369, g.nvls_algbw_gbps = 275, g.nvls_base_us = 61.2;
  return g;
}

TEST(NcclModel, SmallAllReduceIsRingLlLatency) {
  // Ring LL on one NVLink node: base 6.6 us + 2 x 7 steps x 0.6 us = 15.0 us (tuning.cc); tree LL
  // 6.8 + 2 x 7 x 0.6 = 15.2 us; NVLS pays its 61.2 us fill. 8 bytes add 1e-4 us.
  const NcclCost c = NcclBest(NcclColl::kAllReduce, NcclAlgo::kCount, 8, H100Node());
  EXPECT_EQ(c.algo, NcclAlgo::kRing);
  EXPECT_EQ(c.proto, NcclProto::kLl);
  EXPECT_NEAR(c.time_s, 15.0e-6, 1e-8);
  EXPECT_NEAR(NcclBest(NcclColl::kAllReduce, NcclAlgo::kTree, 8, H100Node()).time_s, 15.2e-6, 1e-8);
}

TEST(NcclModel, LlBandwidthCappedAcrossNodes) {
  // Two nodes: LL busbw min(39 GB/s, 0.5 x link) (llMaxBws, Intel row, 2 nodes). 16 ranks, 64 MiB:
  // bytes x 30/16 / 39e9 = 3.23 ms of wire time alone, so LL128/Simple win.
  NcclGroup g = H100Node();
  g.ranks = 16, g.nodes = 2, g.nvls_algbw_gbps = 0;
  const double bytes = 64.0 * 1024 * 1024;
  const NcclCost ll = NcclTime(NcclColl::kAllReduce, NcclAlgo::kRing, NcclProto::kLl, bytes, g);
  // latency: 6.6 + (30 - 2) x max(0.6, 1.0) + 2 x 2.7 = 40.0 us
  EXPECT_NEAR(ll.time_s, 40.0e-6 + bytes * 30.0 / 16.0 / 39e9, 1e-9);
  EXPECT_NE(NcclBest(NcclColl::kAllReduce, NcclAlgo::kCount, bytes, g).proto, NcclProto::kLl);
}

TEST(NcclModel, BlackwellNvlsDerate) {
  // NVLS efficiency 0.74 on Blackwell vs 0.85 on Hopper (tuning.cc nvlsEfficiency): at 1 GiB,
  // where the fill is negligible, NVLS takes 0.85 / 0.74 = 1.149x as long on the same algbw.
  NcclGroup h = H100Node(), b = H100Node();
  b.generation = 3;
  const double bytes = 1024.0 * 1024 * 1024;
  const double th = NcclTime(NcclColl::kAllReduce, NcclAlgo::kNvls, NcclProto::kSimple, bytes, h).time_s;
  const double tb = NcclTime(NcclColl::kAllReduce, NcclAlgo::kNvls, NcclProto::kSimple, bytes, b).time_s;
  EXPECT_NEAR((tb - 61.2e-6) / (th - 61.2e-6), 0.85 / 0.74, 1e-9);
  EXPECT_DOUBLE_EQ(NvlsEfficiency(3), 0.74);
}

TEST(NcclModel, AlgorithmsOnlyWhereNcclRunsThem) {
  NcclGroup g = H100Node();
  EXPECT_GE(NcclTime(NcclColl::kAllGather, NcclAlgo::kTree, NcclProto::kLl, 1e6, g).time_s, 1e29);
  EXPECT_GE(NcclTime(NcclColl::kAllGather, NcclAlgo::kPat, NcclProto::kSimple, 1e6, g).time_s, 1e29);  // 8 per node
  g.nvlink = false;
  EXPECT_GE(NcclTime(NcclColl::kAllReduce, NcclAlgo::kRing, NcclProto::kLl128, 1e6, g).time_s, 1e29);
  NcclGroup one = H100Node();
  one.ranks = 4, one.nodes = 4, one.ppn = 1, one.nvls_algbw_gbps = 0;
  EXPECT_LT(NcclTime(NcclColl::kAllGather, NcclAlgo::kPat, NcclProto::kSimple, 1e6, one).time_s, 1e29);
}

TEST(NcclModel, ForcedAlgorithmThroughTheScenario) {
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-70b";
  s.parallelism.tp = 8;
  const Report base = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(base.errors.empty());
  s.speed.algorithm = "nvls";  // 61 us per all-reduce instead of ring LL's ~15-30 us at decode sizes
  const Report nvls = Evaluate(s, BuiltinCatalog());
  EXPECT_GT(nvls.performance.tpot_s, base.performance.tpot_s);
}

TEST(Serving, MD1QueueAndLittlesLaw) {
  // Constant 10 ms decode step, 50 ms prefill, 1 request/s, 101 output tokens:
  // rho_p = 0.05, ITL = 10 / 0.95 = 10.526 ms, n = 1 x 100 x 0.010526 = 1.0526 sequences;
  // wait = 0.05 x 50 / (2 x 0.95) = 1.316 ms; TTFT = 5 (half a step) + 1.316 + 50 = 56.3 ms.
  LoadInputs in;
  in.request_rate = 1, in.output_tokens = 101, in.prefill_s = 0.050;
  const LoadResult r = SolveLoad(in, [](double) { return 0.010; });
  EXPECT_NEAR(r.itl_s, 0.010 / 0.95, 1e-12);
  EXPECT_NEAR(r.concurrency, 100 * 0.010 / 0.95, 1e-9);
  EXPECT_NEAR(r.ttft_s, 0.005 + 0.05 * 0.05 / (2 * 0.95) + 0.050, 1e-12);
  EXPECT_FALSE(r.overloaded);
  // lambda x step = 0.01 < 0.1: few iterations carry a prefill, the ITL tail is the step itself.
  EXPECT_NEAR(r.itl_p90_s, r.itl_s, 1e-12);
}

TEST(Serving, MultiStepSchedulingAdmitsBetweenBlocks) {
  // The same replica with 10 decode steps per scheduler call: a newcomer waits half of a 100 ms
  // block instead of half a 10 ms step, so TTFT grows by 45 ms; the ITL is the same.
  LoadInputs in;
  in.request_rate = 1, in.output_tokens = 101, in.prefill_s = 0.050;
  const LoadResult one = SolveLoad(in, [](double) { return 0.010; });
  in.scheduler_steps = 10;
  const LoadResult ten = SolveLoad(in, [](double) { return 0.010; });
  EXPECT_NEAR(ten.ttft_s - one.ttft_s, 0.045, 1e-12);
  EXPECT_NEAR(ten.ttft_p90_s - one.ttft_p90_s, 0.090, 1e-12);
  EXPECT_EQ(ten.itl_s, one.itl_s);
}

TEST(Serving, SchedulerStepsReachTheReportWithItsAssumption) {
  Scenario s;
  s.cluster.gpu = "A100-SXM4-80GB", s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference, s.workload.model = "llama3.1-8b";
  s.workload.engine = "vllm", s.workload.batch = 256, s.workload.request_rate = 4;
  const Report one = Evaluate(s, BuiltinCatalog());
  s.workload.scheduler_steps = 10;
  const Report ten = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(one.errors.empty() && ten.errors.empty());
  // 4.5 decode steps more (a step is the ITL times the share of time not spent prefilling).
  EXPECT_GT(ten.performance.ttft_s, one.performance.ttft_s + 3 * one.performance.tpot_s);
  auto said = [](const Report& r) {
    for (const Warning& a : r.assumptions)
      if (a.code == "multi_step_scheduling") return true;
    return false;
  };
  EXPECT_FALSE(said(one));
  EXPECT_TRUE(said(ten));
}

TEST(Serving, SynchronousEngineLoopAddsItsStepTime) {
  // vLLM's engine loop schedules the next step while the GPU idles (host_step_serial): 1 ms per
  // scheduler call is added to every decode step, or 1/4 of it with four steps per call. SGLang's
  // overlapped scheduler hides its 0.7 ms under the GPU's step instead: its TPOT is the GPU's.
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB", s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference, s.workload.model = "llama3.1-8b";
  s.workload.engine = "vllm", s.workload.batch = 1;
  const Report one = Evaluate(s, BuiltinCatalog());
  s.workload.scheduler_steps = 4;
  const Report four = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(one.errors.empty() && four.errors.empty());
  EXPECT_NEAR(one.performance.tpot_s - four.performance.tpot_s, 0.75e-3, 1e-12);
  s.workload.engine = "sglang";
  const Report sg4 = Evaluate(s, BuiltinCatalog());
  s.workload.scheduler_steps = 1;
  const Report sg1 = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(sg1.errors.empty());
  EXPECT_EQ(sg1.performance.tpot_s, sg4.performance.tpot_s);
  EXPECT_GT(sg1.performance.tpot_s, 0.7e-3);  // the GPU's step, over the host's
  // The serial step time is added to a launch-bound pass too: max(GPU, launches) + fixed.
  const EngineProfile* hf = FindEngine(BuiltinCatalog(), "hf");
  ASSERT_NE(hf, nullptr);
  ASSERT_TRUE(hf->host_step_serial);
  const double launches = 32 * hf->kernels_per_layer * hf->host_us_per_kernel * 1e-6;
  EXPECT_NEAR(EnginePassSeconds(hf, 0.001, 32, false), launches + hf->host_ms_per_step * 1e-3, 1e-15);
  EXPECT_NEAR(EnginePassSeconds(hf, 1.0, 32, false), 1.0 + hf->host_ms_per_step * 1e-3, 1e-15);
  EXPECT_EQ(EnginePassSeconds(nullptr, 0.25, 32, false), 0.25);
}

TEST(Serving, OverloadWhenTheCacheCannotHoldTheBatch) {
  // Step grows 1 ms per sequence: n = lambda x 100 x (1 + n) ms / free diverges once
  // lambda x 0.1 / free >= 1, here at 12 requests/s with a 16-sequence cache.
  LoadInputs in;
  in.request_rate = 12, in.output_tokens = 101, in.prefill_s = 0.001, in.max_batch = 16;
  const LoadResult r = SolveLoad(in, [](double n) { return 0.001 * (1 + n); });
  EXPECT_TRUE(r.overloaded);
  EXPECT_GT(r.utilisation, 1.0);
  // Overloaded, the full batch of 16 admits newcomers at the capacity rate only: each step is
  // stretched by the prefills of 16 newcomers spread over a request's 100 decode steps.
  EXPECT_EQ(r.concurrency, 16);
  EXPECT_NEAR(r.itl_s, 0.017 + 16 * 0.001 / 100, 1e-12);
  EXPECT_NEAR(r.capacity_rps, 16 / (100 * 0.017 + 16 * 0.001), 1e-9);
  in.request_rate = 1;
  EXPECT_FALSE(SolveLoad(in, [](double n) { return 0.001 * (1 + n); }).overloaded);
}

TEST(Finetune, AdapterParamsAndNf4Bytes) {
  // Llama-2 7B, rank 16, q/k/v/o: 4 x 16 x (4096 + 4096) = 524,288 per layer, 16.8M over 32 layers
  // (Hu et al. 2021's count); NF4 + double quantisation: 4 + 0.127 bits = 0.5159 bytes per weight.
  TransformerArch a;
  a.layers = 32, a.hidden = 4096, a.heads = 32, a.ffn_hidden = 11008, a.vocab = 32000, a.glu = true;
  FinetuneSpec f;
  f.method = FinetuneMethod::kLora, f.rank = 16, f.targets = LoraTargets::kAttention;
  EXPECT_DOUBLE_EQ(AdapterParamsPerLayer(a, f), 524288.0);
  f.targets = LoraTargets::kQv;
  EXPECT_DOUBLE_EQ(AdapterParamsPerLayer(a, f), 262144.0);
  EXPECT_NEAR(BaseBytesPerParam(BaseFormat::kNf4, 4096, 128), (4 + 0.125 + 0.001953125) / 8, 1e-12);
}

Scenario Qlora70b() {
  Scenario s;
  EXPECT_TRUE(MakeExample("qlora-llama2-70b", s));
  return s;
}

TEST(Finetune, QloraOf70bFitsOneGpuFullTrainingDoesNot) {
  // 70B in NF4: ~0.516 B x 68.5e9 block weights = 33 GiB plus 16-bit embeddings and head (1 GiB):
  // it fits an 80 GB GPU (QLoRA sec. 1: 65B on one 48 GB GPU); full AdamW training needs ~16 B
  // per parameter, over 1 TB.
  Scenario s = Qlora70b();
  const Report q = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(q.errors.empty()) << q.errors[0].message;
  EXPECT_TRUE(q.memory.fits);
  EXPECT_GT(q.memory.per_gpu.weights_gib, 30.0);
  EXPECT_LT(q.memory.per_gpu.weights_gib, 40.0);
  EXPECT_LT(q.memory.per_gpu.optimizer_gib, 8.0);  // 828M adapter params x 8 B = 6.2 GiB
  s.workload.finetune = FinetuneConfig{};
  const Report full = Evaluate(s, BuiltinCatalog());
  EXPECT_FALSE(full.memory.fits);
}

TEST(Finetune, LoraBackwardSkipsWeightGradients) {
  // The frozen base takes dgrad only: a LoRA step is cheaper than full training of the same model
  // (about 2/3: forward + dgrad instead of forward + dgrad + wgrad).
  Scenario s;
  ASSERT_TRUE(MakeExample("lora-llama2-7b", s));
  const Report lora = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(lora.errors.empty());
  s.workload.finetune = FinetuneConfig{};
  const Report full = Evaluate(s, BuiltinCatalog());
  EXPECT_LT(lora.performance.step_time_s, 0.85 * full.performance.step_time_s);
  EXPECT_GT(lora.performance.step_time_s, 0.55 * full.performance.step_time_s);
}

TEST(EngineSpeed, HfGenerateIsHostBoundAtBatchOne) {
  // HF eager: 32 layers x 38 kernels x 30 us = 36.5 ms + 2 ms per step, against ~7-8 ms of
  // weight reads on an A100 (GPTFAST: 25.5 tok/s = 39 ms per token for this model and GPU).
  Scenario s;
  ASSERT_TRUE(MakeExample("hf-generate", s));
  const Report hf = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(hf.errors.empty());
  EXPECT_NEAR(hf.performance.tpot_s, 32 * 38 * 30e-6 + 2e-3, 1e-9);
  s.workload.engine = "";
  const Report plain = Evaluate(s, BuiltinCatalog());
  EXPECT_LT(plain.performance.tpot_s, 0.5 * hf.performance.tpot_s);
  s.workload.engine = "vllm";  // CUDA graphs: decode stays GPU bound
  EXPECT_LT(Evaluate(s, BuiltinCatalog()).performance.tpot_s, 0.5 * hf.performance.tpot_s);
}

TEST(EngineSpeed, FsdpOnHopperSlowerThanMegatronAtLongContext) {
  // PyTorch SDPA's FlashAttention-2 reaches 35% of H100 peak, cuDNN's fused attention 60% (FA3
  // paper): at 32k tokens attention dominates, so the FSDP step is markedly slower.
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.workload.model = "llama3.1-8b";
  s.workload.seq_len = 32768;
  s.workload.global_batch = 8;
  s.parallelism.zero = 3;
  s.parallelism.recompute = Recompute::kFull;
  s.workload.engine = "megatron";
  const Report mg = Evaluate(s, BuiltinCatalog());
  s.workload.engine = "fsdp";
  const Report fs = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(mg.errors.empty());
  EXPECT_GT(fs.performance.step_time_s, 1.3 * mg.performance.step_time_s);
}

TEST(EngineSpeed, VllmUnderLoadReportsLatencies) {
  Scenario s;
  ASSERT_TRUE(MakeExample("vllm-serving", s));
  const Report r = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(r.errors.empty());
  const PerformanceReport& p = r.performance;
  EXPECT_GT(p.load_ttft_s, 0.0);
  EXPECT_GE(p.load_ttft_p90_s, p.load_ttft_s);
  EXPECT_GE(p.load_itl_p90_s, p.load_itl_s);
  EXPECT_GT(p.load_concurrency, 1.0);
  // Little's law: concurrency = rate x (output - 1) x ITL.
  EXPECT_NEAR(p.load_concurrency, 4.0 * 255 * p.load_itl_s, 0.05 * p.load_concurrency + 1.0);
  s.workload.request_rate = 1000;  // far beyond one GPU
  const Report over = Evaluate(s, BuiltinCatalog());
  bool warned = false;
  for (const Warning& w : over.warnings) warned = warned || w.code == "serving_overloaded";
  EXPECT_TRUE(warned);
}

TEST(EngineMemory, HfKeepsTwoCachesAndPromptLogits) {
  Scenario s;
  ASSERT_TRUE(MakeExample("hf-generate", s));
  s.workload.batch = 16;
  const Report hf = Evaluate(s, BuiltinCatalog());
  s.workload.engine = "";
  const Report plain = Evaluate(s, BuiltinCatalog());
  EXPECT_NEAR(hf.memory.per_gpu.kv_cache_gib, 2.0 * plain.memory.per_gpu.kv_cache_gib, 1e-9);
  // 6 bytes x 16 x 511 x 32000 = 1.57e9 bytes = 1.46 GiB of prompt logits
  EXPECT_NEAR(hf.memory.per_gpu.activations_gib - plain.memory.per_gpu.activations_gib,
              6.0 * 16 * 511 * 32000 / 1073741824.0, 1e-6);
}

TEST(EngineMemory, FsdpKeepsUnshardedLayerAndGradient) {
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.workload.model = "llama3.1-8b";
  s.parallelism.zero = 3;
  const Report plain = Evaluate(s, BuiltinCatalog());
  s.workload.engine = "fsdp";
  const Report fsdp = Evaluate(s, BuiltinCatalog());
  EXPECT_GT(fsdp.memory.per_gpu.gradients_gib, plain.memory.per_gpu.gradients_gib);
  EXPECT_GT(fsdp.memory.per_gpu.total_gib, plain.memory.per_gpu.total_gib);
}

TEST(EngineScenario, UnknownEngineAndFinetuneOnInferenceAreErrors) {
  auto errors = [](const std::string& text) {
    ParseResult p = ParseScenario(text);
    return p.ok() ? Evaluate(p.scenario, BuiltinCatalog()).errors : p.errors;
  };
  const Issues bad = errors(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB"},
                                "workload": {"model": "llama2-7b", "engine": "pytorch-lightning"}})");
  ASSERT_FALSE(bad.empty());
  EXPECT_EQ(bad[0].path, "/workload/engine");
  const Issues inf = errors(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB"},
                                "workload": {"model": "llama2-7b", "kind": "inference",
                                             "finetune": {"method": "lora"}}})");
  ASSERT_FALSE(inf.empty());
  EXPECT_EQ(inf[0].path, "/workload/finetune/method");
  EXPECT_TRUE(errors(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB"},
                         "workload": {"model": "llama2-7b", "engine": "VLLM", "kind": "inference"}})").empty());
}

}  // namespace
}  // namespace gpucfg
