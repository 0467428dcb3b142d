// Non-transformer networks: the catalog's layer records against their published totals, the
// generic object, Resolve's checks, and the memory and speed of networks (contract v2).
#include <gtest/gtest.h>

#include <cmath>

#include "models/memory/network_memory.h"
#include "models/speed/network_speed.h"
#include "resolve/resolved_workload.h"
#include "test_util.h"

namespace gpucfg {
namespace {

Scenario NetworkScenario(const char* model, bool training, int batch, Precision p = Precision::kBf16) {
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.model = model;
  s.workload.precision = p;
  if (training) {
    s.workload.micro_batch = batch;
    s.workload.global_batch = batch;
  } else {
    s.workload.kind = WorkloadKind::kInference;
    s.workload.batch = batch;
  }
  return s;
}

NetworkTotals Totals(const char* id) { return TotalsOf(BuiltinCatalog(), id); }

TEST(Network, CatalogHoldsTheContractNetworks) {
  // bert-large is the encoder-only transformer preset; the others are layer-record networks.
  for (const char* id : {"resnet50", "rnnt", "retinanet", "ssd-resnet34", "3d-unet", "dlrm", "yolov5s",
                         "whisper-large", "clip-vit-l"}) {
    ASSERT_NE(FindNetwork(BuiltinCatalog(), id), nullptr) << id;
    EXPECT_GT(Totals(id).layers, 0) << id;
    EXPECT_GT(Totals(id).params, 0) << id;
  }
  ASSERT_NE(FindModel(BuiltinCatalog(), "bert-large"), nullptr);
  EXPECT_TRUE(FindModel(BuiltinCatalog(), "bert-large")->arch.encoder_only);
}

TEST(Network, TotalsMatchPublishedFigures) {
  // ResNet-50 v1.5: 25,557,032 parameters, 4.1 GMACs = 8.2 GFLOPs at 224 (He 2016 Table 1; MLPerf
  // Inference paper Table 1: 25.6M, 8.2 GOPs).
  EXPECT_NEAR(Totals("resnet50").params, 25.557e6, 0.01e6);
  EXPECT_NEAR(Totals("resnet50").forward_flops / 1e9, 8.2, 0.1);
  // YOLOv5s v6.0 at 640: 7.2M parameters, 16.5 GFLOPs (Ultralytics README).
  EXPECT_NEAR(Totals("yolov5s").params / 1e6, 7.2, 0.1);
  EXPECT_NEAR(Totals("yolov5s").forward_flops / 1e9, 16.5, 0.3);
  // CLIP ViT-L/14: 427.6M (HF openai/clip-vit-large-patch14); Whisper large: 1550M (Radford 2022 Table 1).
  EXPECT_NEAR(Totals("clip-vit-l").params / 1e6, 427.6, 2);
  EXPECT_NEAR(Totals("whisper-large").params / 1e6, 1550, 15);
  // SSD-ResNet34 at 1200: 433 GOPs per input (MLPerf Inference paper Table 1), within 5 %.
  EXPECT_NEAR(Totals("ssd-resnet34").forward_flops / 1e9, 433, 0.05 * 433);
  // DLRM (MLPerf Terabyte): 26 tables of 128 over 204M rows = 26.1B parameters; a few MFLOPs per sample.
  EXPECT_NEAR(Totals("dlrm").params / 1e9, 24.0, 0.2);
  EXPECT_LT(Totals("dlrm").forward_flops, 1e7);
  // The networks carrying a published figure agree with their own layers.
  for (const NetworkPreset& n : BuiltinCatalog().networks) {
    const NetworkTotals t = Totals(n.id.c_str());
    if (n.published_gflops > 0) EXPECT_NEAR(t.forward_flops / 1e9 / n.published_gflops, 1.0, 0.05) << n.id;
    if (n.published_params > 0 && n.id != "ssd-resnet34")  // 36.3M published; 20.6M from the layers
      EXPECT_NEAR(t.params / n.published_params, 1.0, 0.02) << n.id;
  }
}

TEST(Network, ConvolutionsAreImplicitGemms) {
  // ResNet-50 conv1: 7x7/2 from 3 to 64 channels at 224 -> 112x112: M = 12544, N = 64, K = 3*49 = 147.
  for (const NetworkLayer& l : BuiltinCatalog().network_layers) {
    if (l.network != "resnet50" || l.name != "conv1") continue;
    EXPECT_EQ(l.m, 12544);
    EXPECT_EQ(l.n, 64);
    EXPECT_EQ(l.k, 147);
    EXPECT_EQ(l.params, 64 * 147 + 2 * 64);  // + BatchNorm gain and bias
    return;
  }
  FAIL() << "resnet50 conv1 missing";
}

TEST(Network, ResolvesAsDataParallelOnly) {
  Scenario s = NetworkScenario("resnet50", true, 64);
  s.cluster.gpus_per_node = 8;
  s.workload.global_batch = 512;
  Resolved r = test::MustResolve(s);
  EXPECT_TRUE(IsNetwork(r.network));
  EXPECT_EQ(r.dp, 8);
  EXPECT_NEAR(r.parameters, 25.557e6, 0.01e6);
  s.parallelism.tp = 2;
  Issues errors;
  EXPECT_FALSE(Resolve(s, BuiltinCatalog(), r, &errors));
  EXPECT_TRUE(test::HasError(errors, "/parallelism/tp", "incompatible")) << test::Dump(errors);
}

TEST(Network, UnknownModelListsNetworks) {
  Scenario s = NetworkScenario("resnet51", false, 1);
  Resolved r;
  Issues errors;
  EXPECT_FALSE(Resolve(s, BuiltinCatalog(), r, &errors));
  ASSERT_TRUE(test::HasError(errors, "/workload/model", "unknown_model"));
  EXPECT_NE(errors[0].message.find("resnet50"), std::string::npos);
}

TEST(Network, GenericObjectParsesAndPrices) {
  ParseResult p = ParseScenario(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB", "gpus_per_node": 1},
    "workload": {"kind": "inference", "batch": 256, "precision": "bf16",
      "model": {"family": "generic", "params": 25.6e6, "forward_gflops_per_sample": 8.2,
                "activation_bytes_per_sample": 1.1e8}}})");
  ASSERT_TRUE(p.ok()) << test::Dump(p.errors);
  EXPECT_TRUE(p.scenario.workload.generic_inline);
  Report rep = Evaluate(p.scenario, BuiltinCatalog());
  ASSERT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
  EXPECT_EQ(rep.confidence, Confidence::kLow);
  // Memory-bound: 256 x 110 MB of activations + 51 MB of weights = 28.2 GB at H100's ~3.0 TB/s
  // achievable (3.35 x 0.9) = 9.4 ms, above the 2.1 TFLOP of compute (~3 ms at the sustained rate).
  EXPECT_GT(rep.performance.latency_s, 8e-3);
  EXPECT_LT(rep.performance.latency_s, 11e-3);
  EXPECT_NEAR(rep.performance.samples_per_s, 256 / rep.performance.latency_s, 1e-6 * rep.performance.samples_per_s);
  // Round trip: the writer writes the object back.
  ParseResult again = ParseScenario(ScenarioToJson(p.scenario));
  ASSERT_TRUE(again.ok()) << test::Dump(again.errors);
  EXPECT_EQ(again.scenario.workload.generic.forward_gflops_per_sample, 8.2);
}

TEST(Network, BadGenericObjectsNameTheField) {
  ParseResult p = ParseScenario(R"({"schema_version": 1, "workload": {"model":
    {"family": "cnn", "params": -3, "forward_gflops_per_sample": "lots", "layers_": 1}}})");
  EXPECT_TRUE(test::HasError(p.errors, "/workload/model/family", "unknown_value")) << test::Dump(p.errors);
  EXPECT_TRUE(test::HasError(p.errors, "/workload/model/params", "out_of_range")) << test::Dump(p.errors);
  EXPECT_TRUE(test::HasError(p.errors, "/workload/model/forward_gflops_per_sample", "wrong_type"));
  EXPECT_TRUE(test::HasError(p.errors, "/workload/model/layers_", "unknown_key"));
  ParseResult q = ParseScenario(R"({"schema_version": 1, "workload": {"model": {"family": "generic"}}})");
  EXPECT_TRUE(test::HasError(q.errors, "/workload/model/params", "missing_field")) << test::Dump(q.errors);
  EXPECT_TRUE(test::HasError(q.errors, "/workload/model/forward_gflops_per_sample", "missing_field"));
  // Parsed with errors, the valid rest still evaluates to errors, never a crash.
  Report rep = Evaluate(q.scenario, BuiltinCatalog());
  EXPECT_TRUE(test::HasError(rep.errors, "/workload/model/params", "missing_field")) << test::Dump(rep.errors);
}

TEST(Network, InferenceThroughputGrowsWithBatchAndSaturates) {
  Report one = Evaluate(NetworkScenario("resnet50", false, 1, Precision::kInt8), BuiltinCatalog());
  Report big = Evaluate(NetworkScenario("resnet50", false, 1024, Precision::kInt8), BuiltinCatalog());
  Report bigger = Evaluate(NetworkScenario("resnet50", false, 2048, Precision::kInt8), BuiltinCatalog());
  ASSERT_TRUE(one.errors.empty()) << test::Dump(one.errors);
  EXPECT_GT(big.performance.samples_per_s, 5 * one.performance.samples_per_s);
  EXPECT_NEAR(bigger.performance.samples_per_s / big.performance.samples_per_s, 1.0, 0.15);
  EXPECT_GT(big.performance.latency_s, one.performance.latency_s);
  EXPECT_TRUE(big.memory.fits);
}

// MLPerf's DLRM inference sample is a query of 270 user-item pairs on average (dist_quantile.txt);
// workload.batch counts pairs, so the reported samples/s is the pair rate / 270, and training keeps
// one record per sample.
TEST(Network, DlrmInferenceSampleIsAnMlperfQuery) {
  const NetworkPreset* dlrm = FindNetwork(BuiltinCatalog(), "dlrm");
  ASSERT_NE(dlrm, nullptr);
  EXPECT_EQ(dlrm->items_per_inference_sample, 270);
  EXPECT_EQ(FindNetwork(BuiltinCatalog(), "resnet50")->items_per_inference_sample, 1);
  Report r = Evaluate(NetworkScenario("dlrm", false, 4096, Precision::kInt8), BuiltinCatalog());
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  ASSERT_GT(r.performance.latency_s, 0);
  EXPECT_NEAR(r.performance.samples_per_s * 270 * r.performance.latency_s, 4096, 1e-6 * 4096);
  bool said = false;
  for (const Warning& a : r.assumptions) said = said || a.code == "network_sample_aggregates";
  EXPECT_TRUE(said);
  Report t = Evaluate(NetworkScenario("dlrm", true, 4096, Precision::kBf16), BuiltinCatalog());
  ASSERT_TRUE(t.errors.empty()) << test::Dump(t.errors);
  for (const Warning& a : t.assumptions) EXPECT_NE(a.code, "network_sample_aggregates");
}

// NVIDIA's TensorRT DLRM gathers the embedding rows inside its interactions plugin (one kernel:
// the rows stream once, overlapped with the dot products, and are never written back) and pads
// the GEMMs' K to 16 (dense input, NC/4HW4) and 480 (interaction output): MLPerf Inference v2.1
// closed/NVIDIA/code/dlrm/tensorrt (README 'Plugins', dlrm.py top_mlp_input_size).
TEST(Network, DlrmEngineGathersRowsInsideTheInteraction) {
  double bottom0_k = 0, top0_k = 0, top0_params = 0;
  for (const NetworkLayer& l : BuiltinCatalog().network_layers) {
    if (l.network != "dlrm") continue;
    if (l.name == "bottom0") bottom0_k = l.k;
    if (l.name == "top0") top0_k = l.k, top0_params = l.params;
    if (l.op == "embedding") EXPECT_EQ(l.fused_elems, 0) << l.name;
    if (l.name == "interaction") EXPECT_EQ(l.fused_gather_elems, 26 * 128);
  }
  EXPECT_EQ(bottom0_k, 16);
  EXPECT_EQ(top0_k, 480);
  EXPECT_EQ(top0_params, 1024 * 479 + 1024);  // the padding row is zeros, not parameters
  // The same network with the gathers as their own kernels (the eager records) is slower.
  Catalog eager = BuiltinCatalog();
  for (NetworkLayer& l : eager.network_layers) {
    if (l.network != "dlrm") continue;
    if (l.op == "embedding") l.fused_elems = l.mem_elems;
    l.fused_in_elems = l.fused_gather_elems = 0;
  }
  Scenario s = NetworkScenario("dlrm", false, 262100, Precision::kInt8);
  s.cluster.gpu = "A100-SXM4-80GB";
  Report fused = Evaluate(s, BuiltinCatalog());
  Report separate = Evaluate(s, eager);
  ASSERT_TRUE(fused.errors.empty()) << test::Dump(fused.errors);
  ASSERT_TRUE(separate.errors.empty()) << test::Dump(separate.errors);
  EXPECT_LT(fused.performance.latency_s, 0.85 * separate.performance.latency_s);
  // Training (eager PyTorch) runs the gathers as their own kernels either way.
  Scenario t = NetworkScenario("dlrm", true, 4096, Precision::kBf16);
  EXPECT_DOUBLE_EQ(Evaluate(t, BuiltinCatalog()).performance.step_time_s, Evaluate(t, eager).performance.step_time_s);
}

// An MLPerf 3D U-Net sample is one KiTS19 volume, run as 128^3 sliding-window patches at stride
// 64: the 43 QSL samples (42 cases, case_00185 twice) average 2761 / 43 = 64.2 patches once resampled
// and padded as the reference preprocess.py does (scripts/gen_networks.py KITS19_PATCHES).
TEST(Network, UnetSampleIsAKits19VolumeOfSlidingWindowPatches) {
  int convs = 0;
  for (const NetworkLayer& l : BuiltinCatalog().network_layers) {
    if (l.network != "3d-unet" || l.op != "gemm") continue;
    EXPECT_EQ(l.count, 64) << l.name;
    ++convs;
  }
  EXPECT_GT(convs, 20);
  // down0.conv1: 1 -> 32 channels, 3x3x3, over 128^3 outputs: 2 x 128^3 x 32 x 27 FLOPs per patch.
  for (const NetworkLayer& l : BuiltinCatalog().network_layers)
    if (l.network == "3d-unet" && l.name == "down0.conv1")
      EXPECT_DOUBLE_EQ(LayerForwardFlops(l), 64.0 * 2 * 128 * 128 * 128 * 32 * 27);
}

TEST(Network, TrainingStepIsForwardBackwardAndReduction) {
  Scenario s = test::Example("resnet50-training");
  Report rep = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
  const PerformanceReport& p = rep.performance;
  // 2048 samples per step over 8 GPUs: samples/s x step = 2048.
  EXPECT_NEAR(p.samples_per_s * p.step_time_s, 2048, 1e-6 * 2048);
  EXPECT_GT(p.breakdown.dp_comm_total_s, 0);
  EXPECT_NEAR(p.step_time_s, p.breakdown.compute_s + p.breakdown.dp_comm_s + p.breakdown.optimizer_s, 1e-12);
  // Model FLOPs: 3 x 8.2 GFLOP x 2048 samples = 50.2 TFLOP per step.
  EXPECT_NEAR(p.model_flops_per_step / 1e12, 3 * 8.18 * 2048 / 1000, 0.5);
  EXPECT_GT(p.mfu, 0.05);
  EXPECT_LT(p.mfu, 0.8);
  // Memory: 25.6M params x (4 weights + 4 grads + 4 momentum) = 0.29 GiB, activations dominate.
  EXPECT_NEAR(rep.memory.per_gpu.weights_gib + rep.memory.per_gpu.gradients_gib + rep.memory.per_gpu.optimizer_gib,
              25.557e6 * 12 / (1 << 30), 0.01);
  EXPECT_GT(rep.memory.per_gpu.activations_gib, 5);
  EXPECT_TRUE(rep.memory.fits);
  EXPECT_GT(rep.memory.max_micro_batch, 256);
}

// A convolution's weight gradient reduces over N x P x Q into a small output; cuDNN's wgrad
// algorithms split that sum over CTAs (split-K). ResNet-50's first 1x1 convolution (64 -> 64 at
// 56 x 56) at batch 256 on an A100 (108 SMs): wgrad output 64 x 64, K = 256 x 56 x 56 = 802,816.
// Unsplit it is one 64 x 64 tile on 108 SMs: 0.70 / 108 = 0.0065. Split 108 ways: one full wave of
// 64 x 64 tiles (0.70), each slice 802,816 / 108 = 7,433 deep with a 128-step fp32 epilogue:
// 0.70 x 7433 / (7433 + 128) = 0.688.
TEST(Network, WeightGradientSplitsItsLongReduction) {
  const double k = 256.0 * 56 * 56;
  EXPECT_LT(GemmShapeEfficiency(64, 64, k, 1, 108, Precision::kFp16), 0.01);
  const double slice = k / 108;
  EXPECT_NEAR(WgradShapeEfficiency(64, 64, k, 1, 108, Precision::kFp16), 0.70 * slice / (slice + 128), 1e-6);
  // A full-wave output keeps its unsplit efficiency (4096 x 4096 over 8192 tokens: 512 tiles).
  EXPECT_DOUBLE_EQ(WgradShapeEfficiency(4096, 4096, 8192, 1, 108, Precision::kFp16),
                   GemmShapeEfficiency(4096, 4096, 8192, 1, 108, Precision::kFp16));
  // Over the whole network the backward (dgrad + wgrad, twice the elementwise traffic) is about
  // twice the forward, as its FLOPs are, not the 5x an unsplit wgrad made it.
  Scenario s = NetworkScenario("resnet50", true, 256, Precision::kFp16);
  s.cluster.gpu = "A100-SXM4-80GB";
  const Resolved r = test::MustResolve(s);
  const DeviceRates d = RatesFor(r.device, PrecisionsFor(r, false), false, r.speed);
  const NetworkPassTime t = NetworkPass(r, d, 256, true);
  EXPECT_GT(t.backward_s, 1.5 * t.forward_s);
  EXPECT_LT(t.backward_s, 2.5 * t.forward_s);
}

// Eager PyTorch runs each BatchNorm as a statistics and an apply kernel (and a reduce and an apply
// kernel backward) and each activation as its own kernel; fused training (cuDNN NormConvolution in
// NVIDIA's MLPerf MXNet ResNet) reads and writes a norm and activation once. ResNet-50's first
// bottleneck conv1 (64 channels at 56 x 56: E = 200,704 elements) with BatchNorm + ReLU moves 5 E
// forward (statistics 1, apply 2, ReLU 2) and 8 E backward (ReLU 3, reduce 2, apply 3); conv3 with
// BatchNorm alone (256 channels: E = 802,816) 3 E and 5 E; fused training 2 E and 4 E.
TEST(Network, EagerEnginesRunNormsAndActivationsAsTheirOwnKernels) {
  const NetworkLayer* conv1 = nullptr;
  const NetworkLayer* conv3 = nullptr;
  for (const NetworkLayer& l : LayersOf(BuiltinCatalog(), "resnet50")) {
    if (l.name == "s2b1.conv1") conv1 = &l;
    if (l.name == "s2b1.conv3") conv3 = &l;
  }
  ASSERT_TRUE(conv1 && conv3);
  EXPECT_EQ(conv1->mem_elems, 2 * 200704.0);
  EXPECT_EQ(conv1->eager_elems, 5 * 200704.0);
  EXPECT_EQ(conv1->eager_backward_elems, 8 * 200704.0);
  EXPECT_EQ(conv3->eager_elems, 3 * 802816.0);
  EXPECT_EQ(conv3->eager_backward_elems, 5 * 802816.0);
  // The step prices the difference as HBM traffic, 2-byte activations at fp16: forward and backward
  // each grow by the records' extra elements x 2 bytes / the achievable bandwidth.
  double extra_fwd = 0, extra_bwd = 0;
  for (const NetworkLayer& l : LayersOf(BuiltinCatalog(), "resnet50")) {
    if (l.eager_elems <= 0) continue;
    extra_fwd += l.eager_elems - l.mem_elems;
    extra_bwd += l.eager_backward_elems - 2 * l.mem_elems;
  }
  Scenario s = NetworkScenario("resnet50", true, 256, Precision::kFp16);
  s.cluster.gpu = "A100-SXM4-80GB";
  const Resolved fused = test::MustResolve(s);
  s.workload.engine = "pytorch";
  const Resolved eager = test::MustResolve(s);
  ASSERT_TRUE(eager.engine && eager.engine->eager_kernels);
  const DeviceRates d = RatesFor(fused.device, PrecisionsFor(fused, false), false, fused.speed);
  const NetworkPassTime tf = NetworkPass(fused, d, 256, true), te = NetworkPass(eager, d, 256, true);
  const double bytes_per_s = d.gemm.achievable_hbm_gbps * 1e9;
  EXPECT_NEAR(te.forward_s - tf.forward_s, 256 * extra_fwd * 2 / bytes_per_s, 1e-9);
  EXPECT_NEAR(te.backward_s - tf.backward_s, 256 * extra_bwd * 2 / bytes_per_s, 1e-9);
  EXPECT_EQ(te.forward_flops, tf.forward_flops);
  // Inference is the engines' fused traffic either way.
  EXPECT_EQ(NetworkPass(eager, d, 256, false).forward_s, NetworkPass(fused, d, 256, false).forward_s);
}

// Tensor Core convolutions read NHWC; on NCHW tensors (PyTorch's default layout, as the TF32 runs
// of DeepLearningExamples' ResNet-50 keep it) each cuDNN call transposes its inputs and outputs:
// forward x and y, backward dy and dx (dgrad) and x and dy (wgrad), each read and written once.
// Per convolution that is 2 (in + out) elements forward and 4 (in + out) backward, at 4 bytes in TF32.
TEST(Network, NchwTensorCoreConvolutionsPayTheirTransposes) {
  double conv_elems = 0;  // input + output elements of every convolution, per sample
  for (const NetworkLayer& l : LayersOf(BuiltinCatalog(), "resnet50"))
    if (l.op == "gemm" && l.m > 1) conv_elems += l.in_elems + l.m * l.n * l.count;
  EXPECT_NEAR(conv_elems / 1e6, 21.8, 0.1);  // 10.7 M read + 11.1 M written
  Scenario s = NetworkScenario("resnet50", true, 256, Precision::kTf32);
  s.cluster.gpu = "A100-SXM4-80GB";
  const Resolved nhwc = test::MustResolve(s);
  s.workload.channels_last = false;
  const Resolved nchw = test::MustResolve(s);
  const DeviceRates d = RatesFor(nhwc.device, PrecisionsFor(nhwc, false), false, nhwc.speed);
  const NetworkPassTime a = NetworkPass(nhwc, d, 256, true), b = NetworkPass(nchw, d, 256, true);
  const double bytes_per_s = d.gemm.achievable_hbm_gbps * 1e9;
  EXPECT_NEAR(b.forward_s - a.forward_s, 2 * 256 * conv_elems * 4 / bytes_per_s, 1e-9);
  EXPECT_NEAR(b.backward_s - a.backward_s, 4 * 256 * conv_elems * 4 / bytes_per_s, 1e-9);
  // FP32 runs on CUDA cores, whose NCHW kernels need no transposes.
  s.workload.precision = Precision::kFp32;
  const Resolved fp32_nchw = test::MustResolve(s);
  s.workload.channels_last = true;
  const Resolved fp32_nhwc = test::MustResolve(s);
  const DeviceRates d32 = RatesFor(fp32_nhwc.device, PrecisionsFor(fp32_nhwc, false), false, fp32_nhwc.speed);
  EXPECT_EQ(NetworkPass(fp32_nchw, d32, 256, true).backward_s, NetworkPass(fp32_nhwc, d32, 256, true).backward_s);
}

// BERT's masked-LM loss has labels only at the masked positions, and NVIDIA's BERT gathers them
// before the vocabulary head (DeepLearningExamples modeling.py BertPreTrainingHeads): at seq 128,
// max_predictions_per_seq 20. The head's GEMM at micro-batch 256: 2 x 256 x 128 x 1024 x 30522 =
// 2.048 TFLOP over every position, x 20 / 128 = 0.32 TFLOP at the masked ones; none for a
// fine-tuning head (workload.lm_head_fraction 0).
TEST(Network, EncoderPretrainingHeadRunsAtTheMaskedPositions) {
  Scenario s = NetworkScenario("bert-large", true, 256, Precision::kFp16);
  s.cluster.gpu = "A100-SXM4-80GB";
  s.workload.seq_len = 128;
  auto logits = [&](double fraction, double* step_s) {
    s.workload.lm_head_fraction = fraction;
    Report rep = Evaluate(s, BuiltinCatalog());
    EXPECT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
    *step_s = rep.performance.step_time_s;
    for (const RooflinePoint& p : rep.performance.roofline)
      if (p.op == "logits") return p.flops;
    return 0.0;
  };
  double all_s = 0, masked_s = 0, none_s = 0;
  EXPECT_NEAR(logits(1.0, &all_s), 2.0 * 256 * 128 * 1024 * 30522, 1e6);
  EXPECT_NEAR(logits(20.0 / 128, &masked_s), 2.0 * 256 * 20 * 1024 * 30522, 1e6);
  EXPECT_EQ(logits(0.0, &none_s), 0.0);
  EXPECT_LT(masked_s, all_s);
  EXPECT_LT(none_s, masked_s);
}

// DLRM trains hybrid-parallel (Naumov et al. 2019 sec. 4): the 26 tables spread over the GPUs
// (the largest, 40 M rows x 128 = 20 GB in fp32, on one of them), the MLPs data-parallel, and a
// step updates only the rows it looked up. The tables are neither replicated nor all-reduced.
TEST(Network, DlrmTrainsTablesModelParallelAndSparse) {
  Scenario s = NetworkScenario("dlrm", true, 8192, Precision::kFp16);
  s.cluster.gpu = "A100-SXM4-80GB", s.cluster.gpus_per_node = 8;
  s.workload.global_batch = 8 * 8192, s.workload.optimizer = "sgd";
  s.parallelism.dp = 8;
  Report rep = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
  const Resolved resolved = test::MustResolve(s);
  const NetworkEmbeddings emb = EmbeddingsOf(resolved, *WorkloadOf(resolved));
  ASSERT_GT(emb.params, 23e9);
  EXPECT_NEAR(emb.largest, 5117410688.0, 1);  // the largest table (rows capped at 40 M) x 128
  EXPECT_EQ(emb.gathered, 26 * 128);
  const double dense = rep.memory.parameters - emb.params;
  EXPECT_GT(dense, 1e6);
  EXPECT_LT(dense, 1e7);
  // The busiest GPU holds max(24 B / 8, 5.1 B) table elements: weights 4 bytes, SGD momentum 4.
  const double tables = std::max(emb.params / 8, emb.largest);
  EXPECT_NEAR(rep.memory.per_gpu.weights_gib, (dense + tables) * 4 / (1 << 30), 1e-9);
  EXPECT_NEAR(rep.memory.per_gpu.optimizer_gib, (dense + tables) * 4 / (1 << 30), 1e-9);
  EXPECT_TRUE(rep.memory.fits);
  // Only the dense gradients are all-reduced; the rows travel in two all-to-alls per micro-batch.
  const PerformanceReport& p = rep.performance;
  EXPECT_GT(p.breakdown.ep_comm_s, 0);
  EXPECT_LT(p.breakdown.dp_comm_total_s, 0.01);
  EXPECT_NEAR(p.step_time_s, p.breakdown.compute_s + p.breakdown.dp_comm_s + p.breakdown.ep_comm_s +
                                 p.breakdown.optimizer_s, 1e-12);
  // The optimizer touches the dense weights and the 8192 x 26 x 128 rows looked up, not 24 B.
  EXPECT_LT(p.breakdown.optimizer_s, 0.01);
  EXPECT_GT(p.samples_per_s, 1e6);
  // Whisper's token embedding is a dense table of a data-parallel model: not counted.
  Scenario w = NetworkScenario("whisper-large", true, 8);
  const Resolved rw = test::MustResolve(w);
  EXPECT_EQ(EmbeddingsOf(rw, *WorkloadOf(rw)).params, 0);
}

TEST(Network, EdgeExampleRunsOnOrin) {
  Report rep = Evaluate(test::Example("yolov5-orin"), BuiltinCatalog());
  ASSERT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
  EXPECT_GT(rep.performance.latency_s, 0);
  EXPECT_GT(rep.performance.samples_per_s, 10);  // a camera pipeline runs well above 10 frames/s
  EXPECT_TRUE(rep.memory.fits);
}

TEST(Network, EncoderOnlyTransformerReportsSamples) {
  Scenario s = NetworkScenario("bert-large", false, 64, Precision::kInt8);
  s.workload.seq_len = 384;
  Report rep = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(rep.errors.empty()) << test::Dump(rep.errors);
  EXPECT_GT(rep.performance.latency_s, 0);
  EXPECT_NEAR(rep.performance.samples_per_s * rep.performance.latency_s, 64, 1e-6 * 64);
  // A decoder model reports no samples.
  Report llama = Evaluate(test::Example("llama2-70b-serving"), BuiltinCatalog());
  EXPECT_EQ(llama.performance.samples_per_s, 0);
}

TEST(Network, EveryNetworkEvaluatesAtEveryPrecision) {
  for (const NetworkPreset& n : BuiltinCatalog().networks)
    for (Precision p : {Precision::kInt8, Precision::kFp16, Precision::kBf16, Precision::kFp32})
      for (bool training : {false, true}) {
        Report rep = Evaluate(NetworkScenario(n.id.c_str(), training, 8, p), BuiltinCatalog());
        ASSERT_TRUE(rep.errors.empty()) << n.id << test::Dump(rep.errors);
        EXPECT_GT(rep.performance.samples_per_s, 0) << n.id;
        EXPECT_TRUE(std::isfinite(rep.performance.samples_per_s)) << n.id;
      }
}

TEST(Network, AllocatorReserveFollowsTheScenarioThenTheEngine) {
  // memory.fragmentation -1 means "not set": the engine's reserve, else 0.15, as for transformers.
  // (A regression: the network model once read the -1 itself, so the reserve cancelled the
  // activations and the largest batch ran to the 65536 cap.)
  Scenario s = NetworkScenario("resnet50", true, 64);
  WarningList warnings;
  MemoryReport m = ComputeMemory(test::MustResolve(s), warnings);
  EXPECT_GT(m.per_gpu.activations_gib, 0);
  EXPECT_DOUBLE_EQ(m.per_gpu.fragmentation_gib, 0.15 * m.per_gpu.activations_gib);
  EXPECT_GT(m.per_gpu.total_gib, m.per_gpu.activations_gib);
  EXPECT_GT(m.max_micro_batch, 64);
  EXPECT_LT(m.max_micro_batch, 1 << 16) << "bounded by the activations that grow with the batch";
  const double per_sample = m.per_gpu.activations_gib / 64;
  EXPECT_NEAR(m.max_micro_batch * per_sample * 1.15, m.capacity_gib - (m.per_gpu.total_gib - 1.15 * m.per_gpu.activations_gib),
              per_sample * 1.15 + 1e-9);
  s.workload.engine = "tensorflow";  // its reserve: 0.10 (data/engines.json)
  m = ComputeMemory(test::MustResolve(s), warnings);
  EXPECT_DOUBLE_EQ(m.per_gpu.fragmentation_gib, 0.10 * m.per_gpu.activations_gib);
  s.memory.fragmentation = 0.3;
  m = ComputeMemory(test::MustResolve(s), warnings);
  EXPECT_DOUBLE_EQ(m.per_gpu.fragmentation_gib, 0.3 * m.per_gpu.activations_gib);
  s = NetworkScenario("resnet50", false, 32);
  m = ComputeMemory(test::MustResolve(s), warnings);
  EXPECT_DOUBLE_EQ(m.per_gpu.fragmentation_gib, 0.15 * m.per_gpu.activations_gib);
  EXPECT_LT(m.max_batch, 1 << 16);
}

}  // namespace
}  // namespace gpucfg
