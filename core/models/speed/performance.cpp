// Training step time: per-op roofline compute, tensor/pipeline/data-parallel communication, the
// pipeline bubble and ZeRO-3 gathers, then MFU/HFU, time to train and a weak-scaling curve.
// Step model after Narayanan et al. 2021 (arXiv 2104.04473) and Korthikanti et al. 2022
// (arXiv 2205.05198); overlap of gradient reduction with backward after Li et al. 2020 (PyTorch
// DDP, arXiv 2006.15704). Inference lives in inference.cpp. No allocation.
#include "models/speed/performance.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#include "contract/report_fields.h"
#include "models/speed/collectives.h"
#include "models/speed/engine_speed.h"
#include "workload/finetune.h"
#include "models/speed/network_speed.h"
#include "models/model_cache.h"
#include "workload/model_parts.h"
#include "base/units.h"

namespace gpucfg {

using namespace std::literals;  // "..."sv: a literal's length known at compile time (no strlen in -Oz wasm)

// [SECTION] Shared helpers -----------------------------------------------------------------------

LayerPrecision PrecisionsFor(const Resolved& r, bool inference) {
  auto supported = [&](Precision p) { return r.device.peak_tflops[static_cast<int>(p)].dense > 0; };
  LayerPrecision lp;
  lp.gemm = r.precision;
  // No BF16 on Volta/Turing: frameworks fall back to FP16 with loss scaling; then FP32.
  if (!supported(lp.gemm)) lp.gemm = supported(Precision::kFp16) ? Precision::kFp16 : Precision::kFp32;
  // FP8/INT8 recipes keep attention BMMs in 16-bit (Transformer Engine, TensorRT-LLM FMHA).
  lp.attn = BytesPerElement(lp.gemm) < 2 ? Precision::kBf16 : lp.gemm;
  if (!supported(lp.attn)) lp.attn = supported(Precision::kFp16) ? Precision::kFp16 : Precision::kFp32;
  lp.act_bytes = std::max(1.0, BytesPerElement(r.precision));
  lp.weight_bytes = inference ? BytesPerElement(r.weight_precision) : BytesPerElement(r.precision);
  if (inference && BytesPerElement(r.precision) < lp.weight_bytes) lp.weight_bytes = BytesPerElement(r.precision);
  lp.kv_bytes = inference ? BytesPerElement(r.kv_precision) : lp.act_bytes;
  return lp;
}

Fabric FabricFor(const Resolved& r, int gpus) {
  int gpn = std::min(r.gpus_per_node, gpus), nodes = (gpus + r.gpus_per_node - 1) / r.gpus_per_node;
  return MakeFabric(r.device, r.intra_kind, r.intra, r.inter, gpn, nodes, r.nics_per_node,
                    r.oversubscription, r.speed);
}

namespace {

// [SECTION] Training step ------------------------------------------------------------------------

struct TrainInputs {
  const Resolved* r = nullptr;
  const TransformerArch* a = nullptr;
  LayerPrecision lp;
  const DeviceRates* d = nullptr;     // the shape's (ModelCache::ShapeValues) or the caller's
  double seq = 2048, ctx = 2048;      // tokens per sequence on this GPU (after cp), keys attended
  double mb = 1, m = 1;               // sequences per micro-batch, micro-batches per replica
  int vp = 1, zero = 0;
  Recompute rc = Recompute::kNone;
  bool sp = false, flash = true;
  double params = 0, grad_bytes = 2, optimizer_bytes = 30;
  int ep = 1;                         // expert-parallel ranks (MoE)
  double expert_params = 0;           // all experts' parameters (MoE); 0 for dense models
  // [engines, issue 9]
  const EngineProfile* engine = nullptr;  // nullptr = the default model
  double gather_params = 0;           // weights ZeRO-3 gathers (LoRA: the frozen base; else params)
  double gather_bytes = 2;            // bytes per gathered weight (QLoRA: the 4-bit base's)
  int lora_rank = 0, lora_targets = 1;
  ModelCache* cache = nullptr;        // EvaluateOptions::cache (nullptr: every pass computed)
  uint64_t cache_context = 0;         // lp, d and *a are the cache's shape values (model_cache.h)
};

// The last pipeline send priced: the scaling curve asks for the same one at every size from
// the first full node up (same bytes, layout and per-node network share), so it is priced once.
struct SendMemo {
  double bytes = -1, net_gbps = 0, time_s = 0;
  int rpn = 0, gpus_per_node = 0;
};

struct LayerPack { LayerCost layer; OpCost logits; };
// A layer pass as the step model reads it: the cache's entry in place (no ~1 KB copy per
// candidate) or a LayerPack the caller owns. `serial` names a cached pass (model_cache.h), else 0.
struct PackRef {
  const LayerCost* layer = nullptr;
  const OpCost* logits = nullptr;
  uint64_t serial = 0;
};
// The times the step model reads from a layer pack (cheap to copy per scaling point).
struct PackTimes { double layer_s = 0, attention_s = 0, logits_s = 0, layer_bwd_s = 0, logits_bwd_s = 0; };
PackTimes TimesOf(const PackRef& p) {
  return {p.layer->time_s, p.layer->attention_time_s, p.logits->time_s, p.layer->backward_time_s,
          p.logits->backward_time_s};
}

// `shared`: the tokens x hidden GEMM utilisation, common to the passes at every tp (in.d is fixed).
// A pass is computed into `own` (the caller's storage) when given, else, with a cache, into a local
// that only a miss builds: a LayerPack is ~1 KB to zero, more than a cache hit costs.
PackRef Layers(const TrainInputs& in, int tp, TokensHiddenUtil& shared, LayerPack* own) {
  LayerShape s;
  s.batch = in.mb, s.q_tokens = in.seq, s.context = in.ctx, s.tp = tp;
  s.sequence_parallel = in.sp && tp > 1, s.flash = in.flash, s.causal = !in.a->encoder_only;
  s.lora_rank = in.lora_rank, s.lora_targets = in.lora_targets;
  s.lm_head_fraction = in.r ? in.r->lm_head_fraction : 1.0;
  if (in.cache) {  // the same passes of another configuration of this device (model_cache.h)
    if (const ModelCache::Entry* e = in.cache->Find(*in.a, s, in.lp, *in.d, in.cache_context)) return {&e->layer, &e->logits, e->serial};
  }
  auto compute = [&](LayerPack& p) {
    p.layer = LayerForward(*in.a, s, in.lp, *in.d, &shared);
    // The head runs where a label is (workload.lm_head_fraction): NVIDIA's BERT gathers the masked
    // positions first (DeepLearningExamples BERT modeling.py BertPreTrainingHeads, dense output).
    p.logits = LogitsForward(*in.a, in.mb * in.seq * s.lm_head_fraction, tp, in.lp, *in.d, Phase::kTraining, &shared);
  };
  if (!in.cache) {
    compute(*own);
    return {&own->layer, &own->logits, 0};
  }
  if (own) {  // the caller's copy stays valid when a later Store replaces the entry
    compute(*own);
    const uint64_t serial = in.cache->Store(*in.a, s, in.lp, *in.d, own->layer, own->logits, in.cache_context).serial;
    return {&own->layer, &own->logits, serial};
  }
  LayerPack p;
  compute(p);
  const ModelCache::Entry& e = in.cache->Store(*in.a, s, in.lp, *in.d, p.layer, p.logits, in.cache_context);
  return {&e.layer, &e.logits, e.serial};
}

// Bytes streamed per parameter by a fused optimizer step: fp32 master read+write 8, fp32 moments
// read+write 16, gradient read 4, 16-bit weight write 2 (mixed-precision Adam state as in ZeRO,
// Rajbhandari et al. 2020). 8-bit Adam: moments 1 byte each; Lion/SGD: one moment. Plus one read of
// the fp32 main gradient for the global gradient-norm clipping first (Megatron-LM clip_grad_norm_fp32).
double OptimizerBytes(OptimizerKind opt) {
  constexpr double kClipNormRead = 4;
  if (opt == OptimizerKind::kSgd) return 22 + kClipNormRead;
  if (opt == OptimizerKind::kLion) return 22 + kClipNormRead;
  if (opt == OptimizerKind::kAdam8bit) return 18 + kClipNormRead;
  return 30 + kClipNormRead;
}

struct StepResult { StepBreakdown b; double step_s = 0, comm_s = 0, micro_s = 0, tp_micro_s = 0; };

// Largest divisor of n not above cap (so tp and pp stay valid on small clusters).
int FitDivisor(int cap, int n) {
  for (int d = std::min(cap, n); d > 1; --d)
    if (n % d == 0) return d;
  return 1;
}

// Tensor-parallel traffic per micro-batch on one stage: Megatron issues two all-reduces per layer
// forward and two backward (Narayanan 2021 sec. 3.1); with sequence parallelism each becomes an
// all-gather + reduce-scatter of the same volume (Korthikanti 2022 sec. 4.2.2). Full recompute
// repeats the forward ones.
double TpComm(const TrainInputs& in, const Fabric& f, int tp, double layers) {
  if (tp <= 1) return 0;
  double bytes = in.mb * in.seq * in.a->hidden * in.lp.act_bytes;
  int rpn = std::min(tp, f.gpus_per_node);
  // The all-gather and the reduce-scatter of one buffer cost the same (same ring steps and traffic,
  // neither takes the tree or NVLS path): price one and add it twice (x + x, exactly as before).
  double per;
  if (in.sp) {
    const double ag = CollectiveTime(f, CollectiveOp::kAllGather, bytes, tp, rpn);
    per = ag + ag;
  } else {
    per = CollectiveTime(f, CollectiveOp::kAllReduce, bytes, tp, rpn);
  }
  double passes = 2.0 + (in.rc == Recompute::kFull ? 1.0 : 0.0);
  return layers * 2.0 * passes * per * (1.0 - in.r->speed.tp_comm_overlap);
}

// Pipeline sends per micro-batch: activations forward, gradients backward, split over the tensor-
// parallel ranks (scatter/gather optimisation, Narayanan 2021 sec. 4.1); interleaving sends v
// times as often (sec. 2.2.2).
// `memo` holds the last send priced on this fabric family (ResizeFabric changes only gpus_per_node
// and the network share among the fields a collective reads).
double PpComm(const TrainInputs& in, const Fabric& f, int tp, int pp, int dp, SendMemo& memo) {
  if (pp <= 1) return 0;
  double bytes = in.mb * in.seq * in.a->hidden * in.lp.act_bytes / tp;
  int rpn = f.gpus_per_node >= 2 * tp * dp ? 2 : 1;
  if (bytes != memo.bytes || rpn != memo.rpn || f.gpus_per_node != memo.gpus_per_node ||
      f.net_gbps_per_node != memo.net_gbps) {
    memo = {bytes, f.net_gbps_per_node, CollectiveTime(f, CollectiveOp::kSendRecv, bytes, 2, rpn), rpn,
            f.gpus_per_node};
  }
  return 2.0 * in.vp * memo.time_s;
}

// Expert parallelism (MoE): every MoE layer sends each token's hidden state to the ranks holding
// its top-k experts and back (dispatch + combine), in the forward and again in the backward: four
// all-to-alls per layer per micro-batch (Lepikhin et al. 2020, GShard, arXiv 2006.16668;
// Rajbhandari et al. 2022, DeepSpeed-MoE, arXiv 2201.05596); full recompute repeats the forward
// two. Exposed, as Megatron-Core runs them by default. With sequence parallelism each tensor-
// parallel rank dispatches its own share of the tokens. EP groups are consecutive data-parallel
// ranks, so a node holds gpus_per_node / tp of one group.
[[gnu::noinline]] double EpComm(const TrainInputs& in, const Fabric& f, int tp, int ep, double layers) {
  if (ep <= 1 || in.expert_params <= 0) return 0;
  double tokens = in.mb * in.seq / (in.sp && tp > 1 ? tp : 1);
  double bytes = tokens * std::min(in.a->top_k, in.a->experts) * in.a->hidden * in.lp.act_bytes;
  int rpn = std::clamp(f.gpus_per_node / std::max(1, tp), 1, ep);
  double passes = 4.0 + (in.rc == Recompute::kFull ? 2.0 : 0.0);
  return layers * passes * CollectiveTime(f, CollectiveOp::kAllToAll, bytes, ep, rpn);
}

// Context parallelism as ring attention (Liu et al. 2023, arXiv 2310.01889; Megatron-Core context
// parallelism): each of cp - 1 ring steps passes a K/V chunk to the next rank while attention runs
// on the chunk at hand, so a step exposes only what the send takes beyond its block of attention.
// Backward passes K/V and their gradients (twice the bytes) under about twice the forward's block
// time (judgement: FlashAttention backward does 2.5x the FLOPs at a lower efficiency).
[[gnu::noinline]] double CpComm(const TrainInputs& in, const PackTimes& lk, const Fabric& f, int tp, int cp, double layers) {
  if (cp <= 1) return 0;
  double kv = double(KvHeads(*in.a)) / tp * HeadDim(*in.a);
  double bytes = 2.0 * in.mb * in.seq * std::max(1.0, kv) * in.lp.act_bytes;   // K and V of the local chunk
  // CP ranks sit next to their TP group. A ring that spans nodes crosses each node boundary once,
  // and a node holds tp such rings (one per tensor-parallel rank): tp sends share its network.
  const bool spans_nodes = tp * cp > f.gpus_per_node;
  Fabric hop = f;
  if (spans_nodes) hop.gpus_per_node = std::max(1, tp), hop.memo_tag = {};
  double send = CollectiveTime(hop, CollectiveOp::kSendRecv, bytes, 2, spans_nodes ? 1 : 2);
  double block = lk.attention_s / cp;
  double fwd = (cp - 1) * std::max(0.0, send - block), bwd = (cp - 1) * std::max(0.0, 2.0 * send - 2.0 * block);
  double passes_fwd = in.rc == Recompute::kFull ? 2.0 : 1.0;
  return layers * (passes_fwd * fwd + bwd);
}

// Gradient reduction across data-parallel replicas, overlapped with the last backward pass
// except for its final bucket (Li et al. 2020). ZeRO-1/2 reduce-scatter grads and all-gather
// weights: the same volume as one all-reduce (Rajbhandari et al. 2020, sec. 7).
// With expert parallelism each GPU holds 1/ep of the experts, whose gradients are reduced over the
// dp/ep replicas of those experts only (the expert-data-parallel group of DeepSpeed-MoE).
void DpComm(const TrainInputs& in, const Fabric& f, int tp, int pp, int dp, int ep, double t_bwd,
            StepBreakdown& b) {
  if (dp <= 1) return;
  const SpeedOptions& o = in.r->speed;
  // Dense models (the common case) skip the expert group's integer divisions.
  const bool split = in.expert_params > 0 && ep > 1 && dp / ep > 1;
  const double shared_params = in.expert_params > 0 && ep > 1 ? in.params - in.expert_params : in.params;
  double bytes = shared_params / (tp * pp) * in.grad_bytes;
  int rpn = tp >= f.gpus_per_node ? 1 : std::min(dp, f.gpus_per_node / tp);
  const int edp = split ? dp / ep : 1, erpn = split ? std::max(1, rpn / ep) : 1;
  const double expert_local = split ? in.expert_params / ep / (tp * pp) : 0.0;
  CollectiveOp op = in.zero == 3 ? CollectiveOp::kReduceScatter : CollectiveOp::kAllReduce;
  b.dp_comm_total_s = CollectiveTime(f, op, bytes, dp, rpn);
  if (split) {
    b.dp_comm_total_s += CollectiveTime(f, op, expert_local * in.grad_bytes, edp, erpn);
    bytes += expert_local * in.grad_bytes;
  }
  // The last bucket cannot overlap: its share of the reduction (bandwidth term) stays exposed.
  double bucket = b.dp_comm_total_s * std::min(1.0, o.bucket_mb * 1e6 / bytes);
  b.dp_comm_s = std::max(b.dp_comm_total_s - o.dp_overlap * t_bwd, bucket);
  if (in.zero == 3) {
    // ZeRO-3/FSDP gathers every weight before its forward and again before its backward, each
    // micro-batch, prefetching the next layer's under the current one's compute.
    double wbytes = shared_params / (tp * pp) * in.lp.weight_bytes;
    double gather = 2.0 * CollectiveTime(f, CollectiveOp::kAllGather, wbytes, dp, rpn);
    if (split)
      gather += 2.0 * CollectiveTime(f, CollectiveOp::kAllGather, expert_local * in.lp.weight_bytes, edp, erpn);
    double hidden_under = o.dp_overlap * 1.5 * t_bwd;  // forward + backward of one micro-batch
    b.zero3_comm_s = in.m * std::max(gather - hidden_under, gather / std::max(1, in.a->layers));
  }
}

// ZeRO-3 / FSDP as an engine runs it (FSDP sec. 3.3; ZeRO-3): each layer (FSDP unit) is all-gathered
// before its forward and again before its backward, and its gradient reduce-scattered after the
// backward, every micro-batch. The prefetched gather of the next layer hides under the current
// layer's compute, up to the engine's gather_overlap share of it; the first layer's gather and the
// last reduce-scatter cannot hide. Per-layer collectives pay their latency once per layer, which
// at hundreds of ranks across nodes (ring steps x network hop, NCCL-TUNE) is milliseconds.
void Zero3PerLayer(const TrainInputs& in, const Fabric& f, int tp, int pp, int dp, const PackTimes& lk,
                   StepBreakdown& b) {
  if (dp <= 1) return;
  const double lps = std::max(1.0, double(in.a->layers) / pp);
  const int rpn = tp >= f.gpus_per_node ? 1 : std::min(dp, f.gpus_per_node / tp);
  const double layer_weights = in.gather_params / (tp * pp) / lps * in.gather_bytes;
  const double layer_grads = in.params / (tp * pp) / lps * in.grad_bytes;
  const double ag = CollectiveTime(f, CollectiveOp::kAllGather, layer_weights, dp, rpn);
  const double rs = CollectiveTime(f, CollectiveOp::kReduceScatter, layer_grads, dp, rpn);
  const double ov = in.engine ? std::clamp(in.engine->gather_overlap, 0.0, 1.0) : 1.0;
  // FSDP + PP gathers and reduce-scatters once per step (engines.md, gathered_under_pp).
  const bool once = in.engine && in.engine->gathered_under_pp && pp > 1;
  const double fwd = ag + (lps - 1.0) * std::max(0.0, ag - ov * lk.layer_s), passes = once ? 1.0 : in.m;
  const double bwd = lps * std::max(0.0, (once ? 0.0 : ag) + rs - ov * lk.layer_bwd_s) + rs;
  b.dp_comm_total_s = passes * lps * rs;
  b.dp_comm_s = 0;   // the reduce-scatters are priced per layer with the gathers
  b.zero3_comm_s = passes * (fwd + bwd);
}

// `tp_known` >= 0 reuses a tensor-parallel cost already computed on the same intra-node fabric.
// `cp` context-parallel ranks hold the same weights on different parts of each sequence: their
// gradients are reduced, and ZeRO shards states, over the dp x cp group (Megatron-Core context
// parallelism; the memory model shards the same way).
StepResult TrainStep(const TrainInputs& in, const PackTimes& lk, const Fabric& f, int tp, int pp,
                     int dp, SendMemo& memo, double tp_known = -1, int cp = 1) {
  StepResult s;
  double lps = double(in.a->layers) / pp;
  double t_fwd = lps * lk.layer_s + lk.logits_s;             // the last stage also holds the head
  // Backward priced op by op by the roofline (dgrad + wgrad GEMMs, FlashAttention-2 backward, ...);
  // 2 x forward (Narayanan 2021) only where it gave none.
  double t_bwd = lk.layer_bwd_s > 0 ? lps * lk.layer_bwd_s + lk.logits_bwd_s : 2.0 * t_fwd;
  double t_rec = in.rc == Recompute::kFull        ? lps * lk.layer_s
                 : in.rc == Recompute::kSelective ? lps * lk.attention_s
                                                  : 0.0;
  // An engine's selective policy that saves a share of the layer recomputes the rest of its forward.
  if (in.rc == Recompute::kSelective && in.engine && in.engine->selective_keep > 0)
    t_rec = (1.0 - in.engine->selective_keep) * lps * lk.layer_s;
  double tp_c = tp_known >= 0 ? tp_known : TpComm(in, f, tp, lps), pp_c = PpComm(in, f, tp, pp, dp, memo);
  const int ep = in.ep > 1 ? FitDivisor(in.ep, dp) : 1;  // the scenario's, or the largest a smaller dp takes
  // Both are 0 for dense, short-context jobs; the test here keeps their set-up out of the hot path.
  double ep_c = ep > 1 ? EpComm(in, f, tp, ep, lps) : 0.0, cp_c = cp > 1 ? CpComm(in, lk, f, tp, cp, lps) : 0.0;
  s.tp_micro_s = tp_c;
  s.micro_s = t_fwd + t_bwd + t_rec + tp_c + pp_c + ep_c + cp_c;
  StepBreakdown& b = s.b;
  b.compute_s = in.m * (t_fwd + t_bwd);
  b.recompute_s = in.m * t_rec;
  b.tp_comm_s = in.m * tp_c;
  b.pp_comm_s = in.m * pp_c;
  b.ep_comm_s = in.m * ep_c;
  b.cp_comm_s = in.m * cp_c;
  b.bubble_s = (pp - 1.0) / in.vp * s.micro_s;               // (p-1)/(v m) of m micro-batches
  const int dp_group = dp * cp;
  DpComm(in, f, tp, pp, dp_group, ep, t_bwd, b);
  if (in.zero == 3 && (in.engine ? in.engine->gather_per_layer : in.lora_rank > 0)) {
    Zero3PerLayer(in, f, tp, pp, dp_group, lk, b);
  } else if (in.engine && in.zero >= 2 && in.engine->reduce_every_micro_batch && in.m > 1) {
    // ZeRO-2 reduce-scatters into its gradient partition after every micro-batch's backward.
    b.dp_comm_s *= in.m, b.dp_comm_total_s *= in.m;
  }
  if (in.engine) {
    // Eager engines issue every kernel from the CPU: a micro-batch takes at least its host time
    // (forward kernels at the profile's cost, backward's twice as many from the C++ autograd
    // engine at a third of it: judgement, docs/engines.md).
    const double host = HostPassSeconds(in.engine, lps * (1.0 + 2.0 / 3.0), false);
    const double gpu = t_fwd + t_bwd + t_rec;
    if (host > gpu) {
      b.compute_s += in.m * (host - gpu);
      s.micro_s += host - gpu;
      b.bubble_s = (pp - 1.0) / in.vp * s.micro_s;
    }
  }
  double opt_params = in.params / (tp * pp) / (in.zero >= 1 ? dp_group : 1);
  if (in.expert_params > 0 && ep > 1)  // experts: 1/ep per GPU, sharded over their dp/ep replicas
    opt_params = (in.params - in.expert_params) / (tp * pp) / (in.zero >= 1 ? dp_group : 1) +
                 in.expert_params / ep / (tp * pp) / (in.zero >= 1 ? dp_group / ep : 1);
  b.optimizer_s = opt_params * in.optimizer_bytes / (in.d->gemm.achievable_hbm_gbps * kBytesPerGB);
  s.comm_s = b.tp_comm_s + b.pp_comm_s + b.dp_comm_s + b.zero3_comm_s + b.ep_comm_s + b.cp_comm_s;
  s.step_s = in.m * s.micro_s + b.bubble_s + b.dp_comm_s + b.zero3_comm_s + b.optimizer_s;
  return s;
}

// The precisions, rates and flash choice of a resolution (what ModelCache::ShapeValues keeps):
// the workload's precisions on the device, its rates, then the engine's kernels and fine-tuning.
void ShapeRatesInto(const Resolved& r, LayerPrecision& lp, DeviceRates& d, bool& flash) {
  lp = PrecisionsFor(r, false);
  d = RatesFor(r.device, lp, r.sparse, r.speed);
  flash = r.flash_attention;
  ApplyEngineRates(r.engine, r.device.architecture, r.speed, d, flash);
  if (r.finetune.active()) {
    d.frozen_weights = true;
    const double base = BaseBytesPerParam(r.finetune.base, r.arch.hidden, r.memory.int4_group_size);
    if (base < 2.0) d.dequant_bytes = base + 2.0;   // read packed weight, write its 16-bit copy
  }
}

// `rates`: where the rates go when the cache does not hold them for `r` (the inputs point there).
TrainInputs MakeTrainInputs(const Resolved& r, ModelCache* cache, std::optional<DeviceRates>& rates) {
  TrainInputs in;
  in.r = &r, in.a = &r.arch;
  ModelCache::ShapeValues* shape = cache && cache->shape.resolution == &r ? &cache->shape : nullptr;
  if (shape && shape->have_training) {
    in.lp = shape->lp, in.d = &shape->rates, in.flash = shape->flash;
  } else {
    ShapeRatesInto(r, in.lp, rates.emplace(), in.flash);
    in.d = &*rates;
    if (shape) {
      shape->lp = in.lp, shape->rates = *rates, shape->flash = in.flash, shape->have_training = true;
      shape->context = cache->ShareContext(r.arch, in.lp, *rates, shape->context);  // another node count's passes
    }
  }
  if (shape) in.cache_context = shape->context;
  in.seq = std::max(1, r.seq_len) / double(std::max(1, r.cp));
  // Packed samples attend only within themselves (varlen flash attention, cu_seqlens): a token's
  // keys are its sample's, Sigma l^2 over the sequence instead of s^2 (Krell et al. 2021, arXiv 2107.02027).
  in.ctx = std::max(1, r.packed_sample_tokens > 0 ? std::min(r.seq_len, r.packed_sample_tokens) : r.seq_len);
  in.mb = std::max(1, r.micro_batch);
  in.m = std::max(1, r.micro_batches);  // Resolve's count (a ceiling): the memory model's too
  in.vp = std::max(1, r.interleave);
  in.zero = r.zero, in.rc = r.recompute;
  in.sp = r.sequence_parallel;
  in.params = r.parameters;
  double g = r.speed.grad_reduce_bytes;
  in.grad_bytes = g > 0 ? g : (BytesPerElement(r.precision) >= 4 ? 4.0 : 2.0);
  in.optimizer_bytes = OptimizerBytes(r.optimizer);
  in.ep = std::max(1, r.ep);
  if (r.arch.experts > 1) in.expert_params = r.arch.layers * ParameterParts(r.arch).expert_total;
  // [engines, issue 9] the engine's kernels and overlap; LoRA/QLoRA: only adapters are trained
  // (their gradients reduced, their states updated), the frozen base is gathered in its format.
  in.engine = r.engine;
  in.gather_params = in.params, in.gather_bytes = in.lp.weight_bytes;
  if (r.finetune.active()) {
    const FinetuneSpec& ft = r.finetune;
    in.lora_rank = ft.rank;
    in.lora_targets = ft.targets == LoraTargets::kQv ? 0 : ft.targets == LoraTargets::kAttention ? 1 : 2;
    in.gather_bytes = BaseBytesPerParam(ft.base, r.arch.hidden, r.memory.int4_group_size);
    in.params = r.arch.layers * AdapterParamsPerLayer(r.arch, ft);
    in.expert_params = 0;
    in.grad_bytes = 2;   // 16-bit adapter gradients (QLoRA sec. 3)
  }
  return in;
}

// [SECTION] Scaling curve ------------------------------------------------------------------------

// Layer cost at a tensor-parallel degree between 1 and the scenario's, interpolated
// between the two roofline passes (exact at both ends; keeps the hot path to two passes).
PackTimes Interpolate(const PackTimes& one, const PackTimes& main, int tp_main, int tp) {
  if (tp <= 1) return one;
  if (tp == tp_main) return main;
  // x = log(tp) / log(tp_main) for powers of two, without libm in the hot path.
  double x = double(std::bit_width(unsigned(tp)) - 1) / std::max(1, int(std::bit_width(unsigned(tp_main))) - 1);
  auto at = [&](double t1, double tm) {
    return t1 > 0 ? t1 / tp * (1.0 + (tm * tp_main / t1 - 1.0) * x) : 0.0;
  };
  return {at(one.layer_s, main.layer_s), at(one.attention_s, main.attention_s), at(one.logits_s, main.logits_s),
          at(one.layer_bwd_s, main.layer_bwd_s), at(one.logits_bwd_s, main.logits_bwd_s)};
}

struct CurveInputs {
  PackTimes one, main;
  const Fabric* full = nullptr; // the whole cluster's fabric
  const StepResult* step = nullptr;  // the scenario's own step (the curve's last point)
  double tp_micro_s = 0;        // the scenario's tensor-parallel cost per micro-batch
  double ref_tokens_per_gpu = 0, peak = 0, flops_per_token = 0;
};

void ScalingCurve(const Resolved& r, const TrainInputs& in, const CurveInputs& c, SendMemo& memo,
                  PerformanceReport& out) {
  const int total = r.total_gpus, gpn = r.gpus_per_node, full_node = std::min(gpn, total);
  // Loop invariants read into locals (the compiler cannot tell that `out` does not alias them).
  const double tokens_per_replica = in.m * in.mb * in.seq * r.cp;
  const double ref_tokens_per_gpu = c.ref_tokens_per_gpu, peak = c.peak, flops_per_token = c.flops_per_token;
  Fabric f = *c.full;  // resized in place per point
  int count = 0, break_gpus = 0;
  for (int n = 1; count < PerformanceReport::kMaxScaling; n *= 2) {
    if (n > total) n = total;
    int tp = FitDivisor(r.tp, n), pp = FitDivisor(r.pp, n / tp), dp = n / (tp * pp);
    if (n == total) tp = r.tp, pp = r.pp, dp = r.dp;
    // Once the job fills a node, the tensor-parallel group sees the same NVLink as the full job.
    double tp_known = tp == r.tp && n >= full_node ? c.tp_micro_s : -1;
    auto write = [&](const StepResult& s) {
      ScalingPoint& p = out.scaling[count++];
      p.gpus = n, p.tp = tp, p.pp = pp, p.dp = dp;
      p.step_time_s = s.step_s;
      p.tokens_per_s = tokens_per_replica * dp / s.step_s;
      p.efficiency = p.tokens_per_s / (n * ref_tokens_per_gpu);
      p.comm_fraction = s.comm_s / s.step_s;
      p.mfu = p.tokens_per_s * flops_per_token / (n * peak * kFlopsPerTflop);
      if (!break_gpus && p.comm_fraction >= 0.5) break_gpus = n;
    };
    // The whole cluster is the scenario itself: its step is already priced. Smaller sizes hand
    // their step straight to the point (no default-built copy per point).
    if (n == total) {
      write(*c.step);
      break;
    }
    ResizeFabricInto(*c.full, gpn, n, f);
    write(TrainStep(in, Interpolate(c.one, c.main, r.tp, tp), f, tp, pp, dp, memo, tp_known));
  }
  out.scaling_count = count;
  if (!out.scaling_break_gpus) out.scaling_break_gpus = break_gpus;
}

void TrainingWarnings(const Resolved& r, const TrainInputs& in, const PerformanceReport& p,
                      WarningList& w) {
  if (r.tp > r.gpus_per_node) w.Add("tp_across_nodes", "/parallelism/tp", r.tp, r.gpus_per_node);
  if (r.tp > 1 && (r.intra_kind == IntraKind::kPcie || (r.intra_kind == IntraKind::kNvlinkBridge && r.tp > 2)))
    w.Add("tp_over_pcie", "/parallelism/tp", r.tp, 0);
  if (p.comm_fraction >= 0.25) w.Add("comm_bound", "/parallelism", 100 * p.comm_fraction, 25);
  if (p.bubble_fraction >= 0.10) w.Add("pipeline_bubble", "/workload/global_batch", 100 * p.bubble_fraction, 10);
  if (p.scaling_break_gpus > 0) w.Add("scaling_breaks", "/cluster/nodes", p.scaling_break_gpus, 50);
  if (in.lp.gemm != r.precision)
    w.Add("precision_unsupported", "/workload/precision", 0, 0);
  int t = r.tp;
  if ((r.arch.hidden / t) % 8 || (FfnHidden(r.arch) / t) % 8 || r.arch.vocab % (8 * t))
    w.Add("gemm_misaligned", "/workload/model", r.arch.vocab, 8 * t);
}

// `own_pack`/`own_one`: storage for the passes (nullptr: the lean cached path, whose passes live in
// the cache and no later pass of this evaluation can replace them).
void ComputeTrainingOn(const Resolved& r, const EvaluateOptions& o, WarningList& warnings, PerformanceReport& out,
                       LayerPack* own_pack, LayerPack* own_one) {
  std::optional<DeviceRates> rates;
  TrainInputs in = MakeTrainInputs(r, o.cache, rates);
  in.cache = o.cache;
  TokensHiddenUtil shared;
  PackRef pack = Layers(in, r.tp, shared, own_pack);
  ModelCache::ShapeValues* shape = o.cache && o.cache->shape.resolution == &r ? &o.cache->shape : nullptr;
  // The shape's fabric is bound to the collective memo in place (again only when the memo started
  // over); any other evaluation builds its own.
  std::optional<Fabric> own_fabric;
  if (shape && !shape->have_fabric) {
    shape->fabric = FabricFor(r, r.total_gpus), shape->have_fabric = true;
    shape->fabric.memo = &o.cache->collectives;
  }
  if (shape && shape->fabric.memo_tag.generation != o.cache->collectives.generation) o.cache->collectives.Bind(shape->fabric);
  if (!shape) {
    own_fabric = FabricFor(r, r.total_gpus);
    if (o.cache) own_fabric->memo = &o.cache->collectives, o.cache->collectives.Bind(*own_fabric);
  }
  const Fabric& full = shape ? shape->fabric : *own_fabric;
  SendMemo memo;
  StepResult s = TrainStep(in, TimesOf(pack), full, r.tp, r.pp, r.dp, memo, -1, r.cp);
  double tokens = in.m * in.mb * in.seq * r.cp * r.dp;
  double peak = r.device.peak_tflops[static_cast<int>(in.lp.gemm)].dense;
  // The keys a token attends: its sequence's, or its packed sample's (the work done and useful).
  const double keys = r.packed_sample_tokens > 0 ? in.ctx : in.seq * r.cp;
  // Forward + 2x backward; the shape's keep the last keys' (every split of one cp asks for it).
  if (shape && shape->fpt_keys != keys) shape->fpt = ForwardFlopsPerToken(r.arch, keys), shape->fpt_keys = keys;
  double fpt = 3.0 * (shape ? shape->fpt : ForwardFlopsPerToken(r.arch, keys));
  double rec_fpt = in.rc == Recompute::kFull ? fpt / 3.0
                   : in.rc == Recompute::kSelective ? 4.0 * keys * r.arch.hidden * r.arch.layers
                                                    : 0.0;
  out.model_flops_per_step = fpt * tokens;
  out.hardware_flops_per_step = (fpt + rec_fpt) * tokens;
  out.step_time_s = s.step_s;
  out.breakdown = s.b;
  out.micro_batches = int(in.m);
  out.tokens_per_s = tokens / s.step_s;
  out.tokens_per_s_per_gpu = out.tokens_per_s / r.total_gpus;
  out.tflops_per_gpu = out.model_flops_per_step / s.step_s / r.total_gpus / kFlopsPerTflop;
  out.step_time_lower_bound_s = out.model_flops_per_step / (r.total_gpus * peak * kFlopsPerTflop);
  out.mfu = out.tflops_per_gpu / peak;                               // PaLM App. B
  out.hfu = out.hardware_flops_per_step / s.step_s / r.total_gpus / kFlopsPerTflop / peak;
  out.comm_fraction = s.comm_s / s.step_s;
  out.bubble_fraction = s.b.bubble_s / s.step_s;
  double train_tokens = r.train_steps > 0 ? r.train_steps * tokens : r.train_tokens;  // steps x tokens per step
  if (train_tokens > 0) {
    out.time_to_train_s = train_tokens / out.tokens_per_s;
    out.gpu_hours = out.time_to_train_s * r.total_gpus / kSecondsPerHour;
  }
  if (o.scaling_curve) {
    // One GPU alone, compute only: the reference the scaling efficiency divides by.
    // A second cached pass may replace the entry `pack` points into: keep a copy of it first.
    if (r.tp != 1 && pack.layer != &own_pack->layer) {
      *own_pack = LayerPack{*pack.layer, *pack.logits};
      pack = {&own_pack->layer, &own_pack->logits, pack.serial};
    }
    const PackRef one = r.tp == 1 ? pack : Layers(in, 1, shared, own_one);
    double t_one = r.arch.layers * (one.layer->time_s + one.layer->backward_time_s) + one.logits->time_s +
                   one.logits->backward_time_s +
                   (in.rc == Recompute::kFull ? r.arch.layers * one.layer->time_s
                    : in.rc == Recompute::kSelective ? r.arch.layers * one.layer->attention_time_s : 0.0);
    CurveInputs curve{TimesOf(one), TimesOf(pack), &full, &s, s.tp_micro_s, in.mb * in.seq * r.cp / t_one,
                      peak, fpt};
    ScalingCurve(r, in, curve, memo, out);
  }
  out.ceiling = in.d->gemm;
  // The points are exactly the pass `pack.serial` names (a scaling-curve pass came before them).
  // A lean caller that keeps no points hands the power model the pass instead (model_cache.h).
  if (o.roofline_points || !o.cache) AddRooflinePoints(*pack.layer, *pack.logits, "training"sv, out);
  else o.cache->training_layer = pack.layer, o.cache->training_logits = pack.logits;
  if (o.cache) o.cache->training_points_serial = pack.serial;
  if (o.warnings) TrainingWarnings(r, in, out, warnings);
}

void ComputeTraining(const Resolved& r, const EvaluateOptions& o, WarningList& warnings, PerformanceReport& out) {
  if (o.cache && !o.scaling_curve) return ComputeTrainingOn(r, o, warnings, out, nullptr, nullptr);
  LayerPack own_pack, own_one;
  ComputeTrainingOn(r, o, warnings, out, &own_pack, &own_one);
}

}  // namespace

namespace {

// Every field of a fresh report but the two point arrays (~3 KB: re-initialising them costs more
// than the whole step model). The field list (report_fields.h) says what there is to reset, so a
// new PerformanceReport field is reset as soon as it is listed there.
void ResetScalars(PerformanceReport& p) { ResetPerformanceScalars(p); }

// Points [from, to) that a previous evaluation of the reused report wrote and this one did not.
template <class Points>
void ClearStale(Points& points, int from, int to) {
  for (int i = from; i < to; ++i) points[i] = {};
}

}  // namespace

// The points below each count are written whole by the models; the ones above it are cleared if
// an earlier evaluation left them, so the report ends as a freshly built one would.
void ComputePerformanceInto(const Resolved& r, const MemoryReport& memory, WarningList& warnings,
                            PerformanceReport& out) {
  ComputePerformanceInto(r, memory, kFullEvaluation, warnings, out);
}

void ComputePerformanceInto(const Resolved& r, const MemoryReport& memory, const EvaluateOptions& o,
                            WarningList& warnings, PerformanceReport& out) {
  const int old_scaling = out.scaling_count, old_roofline = out.roofline_count;
  ResetScalars(out);
  if (o.cache) {  // set again by a training pass below
    o.cache->training_points_serial = 0;
    o.cache->training_layer = nullptr, o.cache->training_logits = nullptr;
  }
  if (IsNetwork(r.network)) {
    ComputeNetworkPerformance(r, warnings, out);  // network_speed.cpp
  } else if (!r.training()) {
    ComputeInference(r, memory, o, warnings, out);
  } else {
    ComputeTraining(r, o, warnings, out);
  }
  if (r.arch.encoder_only) AddEncoderSampleFigures(r, out);  // BERT: samples/s, latency
  ClearStale(out.scaling, out.scaling_count, old_scaling);
  ClearStale(out.roofline, out.roofline_count, old_roofline);
}

PerformanceReport ComputePerformance(const Resolved& r, const MemoryReport& memory,
                                     WarningList& warnings) {
  PerformanceReport out;
  ComputePerformanceInto(r, memory, warnings, out);
  return out;
}

// One layer's operations (and the logits) as points of the roofline chart.
void AddRooflinePoints(const LayerCost& layer, const OpCost& logits, std::string_view phase,
                       PerformanceReport& out) {
  // The count lives in a local until the end: stored through `out` each time, the compiler had to
  // reload it after every point's stores (they may alias), a store-to-load stall per point.
  int count = out.roofline_count;
  auto add = [&](std::string_view name, const OpCost& op) {
    if (count >= PerformanceReport::kMaxRooflinePoints || op.flops + op.bytes <= 0) return;
    // Field by field: a whole temporary point built on the stack and copied stalled on its bool
    // (a byte store forwarded into a 16-byte load), ~40 % of this function.
    RooflinePoint& x = out.roofline[count++];
    x.op = name, x.phase = phase;
    x.flops = op.flops, x.bytes = op.bytes, x.intensity = op.intensity;
    x.attainable_tflops = op.attainable_tflops, x.time_s = op.time_s;
    x.compute_bound = op.compute_bound;
  };
  for (int i = 0; i < kLayerOpCount; ++i) add(kOpNames[i], layer.ops[i]);
  add("logits"sv, logits);
  out.roofline_count = count;
}

}  // namespace gpucfg
