// Speed of non-transformer networks on the roofline (Williams et al. 2009): every layer record's
// GEMM (convolutions as implicit GEMMs, Chetlur et al. 2014, cuDNN arXiv 1410.0759) at the device's
// sustained Tensor Core rate x GemmShapeEfficiency, or at its HBM rate when memory-bound;
// elementwise, pooling and embedding gathers as memory traffic. Training adds the backward pass as
// its two GEMMs (dgrad M x K over N, wgrad N x K over M) and twice the elementwise traffic, the
// optimizer update (memory-bound) and the data-parallel gradient all-reduce overlapped with
// backward as for transformers (Li et al. 2020, PyTorch DDP, VLDB 13(12)).
#include "models/speed/network_speed.h"

#include <algorithm>

#include "base/units.h"
#include "models/memory/network_memory.h"
#include "models/speed/engine_speed.h"
#include "resolve/resolved_workload.h"

namespace gpucfg {
namespace {

// Inference moves each record's fused_elems (TensorRT Developer Guide, "Layer Fusion": BatchNorm,
// activation and residual add in the GEMM epilogue); training its mem_elems, twice that backward
// (a norm and activation read and written once each: cuDNN's fused NormConvolution and
// BatchNormAddRelu in NVIDIA's MLPerf MXNet ResNet, XLA's fusions); an engine with eager_kernels
// (PyTorch) its eager_elems, forward and backward, where a record has them (gen_networks.py
// EAGER-BN: the statistics pass, the in-place activation and their gradients as separate kernels).
enum class Pass { kInference, kTraining, kEagerTraining };

// Tensor Cores read convolution operands NHWC; on NCHW tensors each cuDNN call transposes its
// inputs and outputs (NVIDIA Deep Learning Performance, Convolutional Layers User's Guide, "Tensor
// Layouts In Memory: NCHW vs NHWC"). Each transpose reads and writes the tensor: forward x and y
// (2 x (in + out) elements), backward dy and dx for dgrad and x and dy for wgrad (4 x (in + out)).
struct Layout {
  bool transposes = false;  // NCHW activations under Tensor Core convolutions
};
// Judgement: gathers of embedding rows (128 elements, DLRM) reach about half the streaming rate.
constexpr double kGatherEfficiency = 0.5;

double Time(double flops, double bytes, double tflops, double gbps) {
  const double tc = tflops > 0 ? flops / (tflops * 1e12) : 0;
  const double tm = gbps > 0 ? bytes / (gbps * 1e9) : 0;
  return std::max(tc, tm);
}

// One GEMM of (count x) M x N x K with `bytes` of traffic, on the device's GEMM roof; rows it
// gathers in the same kernel (`gather_bytes`) stream at the gather rate, overlapped with its math.
double GemmTime(const DeviceRates& d, double M, double N, double K, double count, double bytes,
                double gather_bytes = 0, bool wgrad = false) {
  const double eff = wgrad ? WgradShapeEfficiency(M, N, K, count, d.sms, d.gemm.precision)
                           : GemmShapeEfficiency(M, N, K, count, d.sms, d.gemm.precision);
  const double hbm = d.gemm.achievable_hbm_gbps;
  const double stream_s = bytes / (hbm * 1e9) + gather_bytes / (hbm * kGatherEfficiency * 1e9);
  return Time(2.0 * M * N * K * count, stream_s * hbm * 1e9, d.gemm.sustained_tflops * eff, hbm) +
         d.kernel_overhead_s;
}

struct Bytes {
  double act, weight;
};

// Elements per sample an op's memory-bound kernels move, forward and backward.
struct Traffic {
  double forward, backward;
};
Traffic TrafficOf(const WorkloadOp& l, Pass pass) {
  if (pass == Pass::kInference) return {l.fused_elems, 0};
  if (pass == Pass::kEagerTraining && (l.eager_elems > 0 || l.eager_backward_elems > 0))
    return {l.eager_elems, l.eager_backward_elems > 0 ? l.eager_backward_elems : 2 * l.eager_elems};
  return {l.mem_elems, 2 * l.mem_elems};
}

void AddOp(const WorkloadOp& l, const DeviceRates& d, const Bytes& b, double batch, Pass pass,
           const Layout& layout, NetworkPassTime& t) {
  const bool training = pass != Pass::kInference;
  const double hbm = d.gemm.achievable_hbm_gbps;
  const Traffic elems = TrafficOf(l, pass);
  if (l.kind == WorkloadOpKind::kGemm) {
    const double M = batch * l.m;
    // Per step: both operands and the output; weights once per step (params == 0: the second
    // operand is per sample too, as attention's K and V).
    const double input = l.in_elems > 0 ? batch * l.in_elems : l.count * M * l.k;
    double operands = b.act * (input + l.count * M * l.n) +
                      (l.params > 0 ? l.params * b.weight : b.act * l.count * batch * l.n * l.k);
    // An engine kernel that gathers its operand rows itself (TensorRT DLRM_INTERACTIONS_TRT: "fused
    // embedding lookup and interaction", NVIDIA MLPerf Inference v2.1 code/dlrm/tensorrt/README.md)
    // reads the other input, writes its output and streams the rows once, never writing them back.
    const bool gathers = !training && (l.fused_in_elems > 0 || l.fused_gather_elems > 0);
    if (gathers) operands = b.act * batch * l.fused_in_elems + l.params * b.weight;
    const double gathered = gathers ? batch * l.fused_gather_elems * b.weight : 0;
    // A convolution (rows per sample > 1 in a convolutional network) on NCHW tensors: its transposes.
    const double nchw = layout.transposes && l.m > 1 ? 2.0 * (input + l.count * M * l.n) * b.act : 0;
    const double epilogue = batch * elems.forward * b.act / std::max(1.0, l.steps) + nchw;
    t.forward_s += l.steps * (GemmTime(d, M, l.n, l.k, l.count, operands, gathered) + Time(0, epilogue, 0, hbm));
    t.forward_flops += batch * l.Flops();
    if (training) {
      const double dgrad = GemmTime(d, M, l.k, l.n, l.count, operands);
      // wgrad reduces over the step's rows (N x P x Q for a convolution): split-K where its
      // output is small (roofline.h WgradShapeEfficiency).
      const double wgrad = GemmTime(d, l.n, l.k, M, l.count, operands, 0, true);
      const double epilogue_backward = batch * elems.backward * b.act / std::max(1.0, l.steps) + 2 * nchw;
      t.backward_s += l.steps * (dgrad + wgrad + Time(0, epilogue_backward, 0, hbm));
    }
  } else if (l.kind == WorkloadOpKind::kEmbedding) {
    // Inference moves fused_elems: 0 where a GEMM gathers the rows itself (no kernel of its own).
    const double bytes = batch * (training ? l.mem_elems : l.fused_elems) * b.weight;
    if (training || bytes > 0) t.forward_s += Time(0, bytes, 0, hbm * kGatherEfficiency) + d.kernel_overhead_s;
    if (training) t.backward_s += Time(0, 2 * bytes, 0, hbm * kGatherEfficiency) + d.kernel_overhead_s;
  } else {
    t.forward_s += Time(0, batch * elems.forward * b.act, 0, hbm) + d.kernel_overhead_s;
    if (training) t.backward_s += Time(0, batch * elems.backward * b.act, 0, hbm) + d.kernel_overhead_s;
  }
}

LayerPrecision NetworkPrecision(const Resolved& r, bool training, WarningList& warnings) {
  auto supported = [&](Precision p) { return r.device.peak_tflops[static_cast<int>(p)].dense > 0; };
  LayerPrecision lp;
  lp.gemm = r.precision;
  if (!supported(lp.gemm)) {
    lp.gemm = supported(Precision::kFp16) ? Precision::kFp16 : Precision::kFp32;
    warnings.Add("precision_unsupported", "/workload/precision");
  }
  lp.attn = lp.gemm;
  lp.act_bytes = std::max(1.0, BytesPerElement(r.precision));
  // Training (PyTorch AMP) reads fp32 master weights cast per GEMM; inference the stored precision.
  lp.weight_bytes = training ? 4.0 : BytesPerElement(r.precision);
  return lp;
}

}  // namespace

NetworkPassTime NetworkPass(const Resolved& r, const DeviceRates& d, double batch, bool training) {
  NetworkPassTime t;
  const NetworkWorkload& n = r.network;
  const Bytes b{std::max(1.0, BytesPerElement(r.precision)), training ? 4.0 : BytesPerElement(r.precision)};
  if (n.kind == NetworkWorkload::Kind::kGeneric) {
    // One block from the totals (assumption generic_network): its FLOPs at the sustained GEMM rate,
    // the weights and the activations once through HBM; backward = 2 x forward.
    const double flops = batch * n.generic.forward_gflops_per_sample * 1e9;
    const double bytes = n.generic.params * b.weight + batch * n.generic.activation_bytes_per_sample;
    t.forward_flops = flops;
    t.forward_s = Time(flops, bytes, d.gemm.sustained_tflops, d.gemm.achievable_hbm_gbps);
    t.backward_s = training ? 2 * t.forward_s : 0;
    return t;
  }
  const bool eager = r.engine && r.engine->eager_kernels;
  const Pass pass = !training ? Pass::kInference : eager ? Pass::kEagerTraining : Pass::kTraining;
  Layout layout;
  const std::string_view family = n.preset ? std::string_view(n.preset->family) : std::string_view();
  const bool convolutional = family == "cnn" || family == "detector" || family == "segmentation";
  const Precision p = d.gemm.precision;
  layout.transposes = !r.channels_last && convolutional && p != Precision::kFp32 && p != Precision::kFp64;
  const AnyWorkload workload = WorkloadOf(r);  // the network's layer records as operations
  for (int i = 0, ops = workload->OpCount(); i < ops; ++i) AddOp(workload->Op(i), d, b, batch, pass, layout, t);
  return t;
}

void ComputeNetworkPerformance(const Resolved& r, WarningList& warnings, PerformanceReport& out) {
  const bool training = r.training();
  const LayerPrecision lp = NetworkPrecision(r, training, warnings);
  const DeviceRates d = RatesFor(r.device, lp, false, r.speed);
  out.ceiling = d.gemm;
  if (!training) {
    const NetworkPassTime t = NetworkPass(r, d, r.batch, false);
    out.latency_s = t.forward_s;
    // workload.batch counts the layers' records (a DLRM batch is user-item pairs); an inference
    // sample may aggregate several (MLPerf's DLRM query, mean 270 pairs: data/networks.json).
    const double items = r.network.preset ? std::max(1.0, r.network.preset->items_per_inference_sample) : 1.0;
    out.samples_per_s = t.forward_s > 0 ? double(r.batch) * r.dp / t.forward_s / items : 0;
    return;
  }
  const NetworkPassTime t = NetworkPass(r, d, r.micro_batch, true);
  StepBreakdown& b = out.breakdown;
  b.compute_s = r.micro_batches * (t.forward_s + t.backward_s);
  // Embedding tables train hybrid-parallel and sparsely (network_memory.h EmbeddingsOf, DLRM sec. 4):
  // each GPU looks up its tables' rows for every sample of the step (the same count as a replica's
  // own samples, so the gathers above stand), the rows go to the samples' GPUs in an all-to-all and
  // their gradients come back in another; only the rows looked up are updated, and only the dense
  // part's gradients are all-reduced.
  const NetworkEmbeddings emb = EmbeddingsOf(r, *WorkloadOf(r));
  const double dense = r.parameters - emb.params;
  // Optimizer update, memory-bound: fp32 weights, gradients and states read, weights and states
  // written (Adam: 4 + 4 + 8 read, 4 + 8 written = 28 bytes per parameter; SGD momentum 20).
  const double state = NetworkOptimizerBytesPerParam(r.optimizer);
  const double shard = r.zero >= 1 ? std::max(1, r.dp) : 1;
  const double touched = std::min(emb.PerGpu(r.dp), double(r.micro_batch) * r.micro_batches * emb.gathered);
  b.optimizer_s = (dense / shard + touched) * (8 + 2 * state + 4) / (d.gemm.achievable_hbm_gbps * 1e9);
  if (r.dp > 1) {
    const int rpn = std::min(r.gpus_per_node, r.total_gpus);
    const Fabric f = FabricFor(r, r.total_gpus);
    // PyTorch DDP reduces gradients in their dtype: fp32 under AMP (speed.grad_reduce_bytes overrides).
    const double grad_bytes = r.speed.grad_reduce_bytes > 0 ? r.speed.grad_reduce_bytes : 4.0;
    const double bytes = dense * grad_bytes;
    if (bytes > 0) {
      b.dp_comm_total_s = CollectiveTime(f, CollectiveOp::kAllReduce, bytes, r.dp, rpn);
      // The last bucket cannot overlap: its share stays exposed (as the transformer step model).
      const double bucket = b.dp_comm_total_s * std::min(1.0, r.speed.bucket_mb * 1e6 / bytes);
      b.dp_comm_s = std::max(b.dp_comm_total_s - r.speed.dp_overlap * t.backward_s, bucket);
    }
    if (emb.gathered > 0) {  // per micro-batch: the rows out (forward), their gradients back, exposed
      const double rows = double(r.micro_batch) * emb.gathered * std::max(1.0, BytesPerElement(r.precision));
      b.ep_comm_s = r.micro_batches * 2.0 * CollectiveTime(f, CollectiveOp::kAllToAll, rows, r.dp, rpn);
    }
  }
  out.step_time_s = b.compute_s + b.dp_comm_s + b.ep_comm_s + b.optimizer_s;
  if (r.train_steps > 0) {  // networks have no token budget: a step count gives the time to train
    out.time_to_train_s = r.train_steps * out.step_time_s;
    out.gpu_hours = out.time_to_train_s * r.total_gpus / kSecondsPerHour;
  }
  out.micro_batches = r.micro_batches;
  const double samples = double(r.micro_batch) * r.micro_batches * r.dp;
  out.samples_per_s = out.step_time_s > 0 ? samples / out.step_time_s : 0;
  out.model_flops_per_step = 3.0 * t.forward_flops / std::max(1, r.micro_batch) * samples;
  out.hardware_flops_per_step = out.model_flops_per_step;
  const double peak = r.device.peak_tflops[static_cast<int>(lp.gemm)].dense * 1e12;
  out.tflops_per_gpu = out.step_time_s > 0 ? out.model_flops_per_step / out.step_time_s / r.total_gpus / 1e12 : 0;
  out.mfu = peak > 0 ? out.tflops_per_gpu * 1e12 / peak : 0;
  out.hfu = out.mfu;
  out.comm_fraction = out.step_time_s > 0 ? (b.dp_comm_s + b.ep_comm_s) / out.step_time_s : 0;
  out.step_time_lower_bound_s = peak > 0 ? out.model_flops_per_step / (peak * r.total_gpus) : 0;
}

void AddEncoderSampleFigures(const Resolved& r, PerformanceReport& out) {
  if (!r.arch.encoder_only || r.seq_len <= 0) return;
  if (r.training()) {
    out.samples_per_s = out.tokens_per_s / r.seq_len;
    return;
  }
  // Inference: one bidirectional forward of seq_len tokens per sample, the whole batch at once on
  // each tensor-parallel group (no decode); pipeline stages run one after another for one batch.
  const LayerPrecision lp = PrecisionsFor(r, true);
  DeviceRates d = RatesFor(r.device, lp, false, r.speed);
  bool flash = r.flash_attention;
  ApplyEngineRates(r.engine, r.device.architecture, r.speed, d, flash);  // fusion: data/engines.json
  // seq_len is the padded length; an engine that removes padding (TensorRT BERT's variable-
  // sequence-length plugins, NVIDIA TensorRT demo/BERT) computes only the real tokens,
  // workload.prompt_tokens per sample where it is shorter. Attention at the mean length, not
  // E[L^2] (judgement: under-counts attention slightly for a spread of lengths).
  const bool unpadded = r.engine && r.engine->removes_padding && r.prompt_tokens > 0;
  const int tokens = unpadded ? std::min(r.seq_len, r.prompt_tokens) : r.seq_len;
  LayerShape shape;
  shape.batch = r.batch;
  shape.q_tokens = shape.context = tokens;
  shape.tp = r.tp;
  shape.flash = flash;
  shape.causal = false;
  // TensorRT's BERT fused multi-head attention kernels (fmha_v2) are built per sequence length,
  // up to 512 (NVIDIA/TensorRT plugin/bertQKVToContextPlugin README, changelog 2021-09: "sequence
  // length 512 support"): the engine's efficiency figure is at that length, not a key-tile loop's.
  shape.key_tiled = tokens > 512;
  shape.phase = Phase::kPrefill;
  const LayerCost layer = LayerForward(r.arch, shape, lp, d);
  out.latency_s = r.arch.layers * layer.time_s;
  const double replicas = std::max(1, r.total_gpus / (r.tp * r.pp * r.cp));
  out.samples_per_s = out.latency_s > 0 ? r.batch * replicas / out.latency_s : 0;
}

}  // namespace gpucfg
