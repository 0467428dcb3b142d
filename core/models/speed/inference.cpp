// Inference speed: TTFT (prefill of the batch), TPOT (one decode step), throughput per GPU and
// per cluster, and the batch that maximises throughput within latency targets. Decode is the
// roofline applied to reading the weights and KV cache every step (Williams et al. 2009; as in
// LLM-Viewer, Yuan et al. 2024 arXiv 2402.16363, and NVIDIA's TTFT/TPOT terminology in
// TensorRT-LLM's performance docs). Tensor parallel adds two all-reduces per layer (Megatron,
// Shoeybi et al. 2019 arXiv 1909.08053). No allocation.
#include <algorithm>
#include <cmath>

#include "models/model_cache.h"
#include "models/speed/collectives.h"
#include "models/speed/engine_speed.h"
#include "models/speed/performance.h"
#include "models/speed/serving.h"
#include "base/units.h"

namespace gpucfg {

using namespace std::literals;  // "..."sv: a literal's length known at compile time (no strlen in -Oz wasm)
namespace {

struct InferInputs {
  const Resolved* r = nullptr;
  LayerPrecision lp;
  DeviceRates d;
  Fabric f;
  double prompt = 512, output = 128;
  bool flash = true;                       // the scenario's, unless the engine has no fused attention
  const EngineProfile* engine = nullptr;   // host time per pass (engine_speed.h); nullptr = none
};

struct Latency {
  double ttft_s = 0, tpot_s = 0;
  LayerCost prefill, decode;
  OpCost prefill_logits, decode_logits;
};

// Per-layer tensor-parallel all-reduces (attention out + MLP out) and pipeline hand-offs.
double CommPerPass(const InferInputs& in, double tokens) {
  const Resolved& r = *in.r;
  double bytes = tokens * r.arch.hidden * in.lp.act_bytes, t = 0;
  if (r.tp > 1) {
    int rpn = std::min(r.tp, in.f.gpus_per_node);
    t += 2.0 * r.arch.layers * CollectiveTime(in.f, CollectiveOp::kAllReduce, bytes, r.tp, rpn);
  }
  if (r.pp > 1) {
    int rpn = in.f.gpus_per_node >= 2 * r.tp ? 2 : 1;
    t += (r.pp - 1.0) * CollectiveTime(in.f, CollectiveOp::kSendRecv, bytes, 2, rpn);
  }
  return t;
}

Latency Measure(const InferInputs& in, double batch) {
  const Resolved& r = *in.r;
  Latency l;
  LayerShape s;
  s.batch = batch, s.q_tokens = std::max(1.0, in.prompt), s.context = s.q_tokens, s.tp = r.tp;
  s.flash = in.flash, s.causal = !r.arch.encoder_only, s.phase = Phase::kPrefill;
  l.prefill = LayerForward(r.arch, s, in.lp, in.d);
  l.prefill_logits = LogitsForward(r.arch, batch, r.tp, in.lp, in.d, Phase::kPrefill);  // last position only
  l.ttft_s = r.arch.layers * l.prefill.time_s + l.prefill_logits.time_s + CommPerPass(in, batch * s.q_tokens);
  // Decode at mid-generation: the KV cache holds the prompt and half the output on average.
  s.q_tokens = 1, s.context = in.prompt + std::max(1.0, in.output / 2), s.phase = Phase::kDecode;
  l.decode = LayerForward(r.arch, s, in.lp, in.d);
  l.decode_logits = LogitsForward(r.arch, batch, r.tp, in.lp, in.d, Phase::kDecode);
  l.tpot_s = r.arch.layers * l.decode.time_s + l.decode_logits.time_s + CommPerPass(in, batch);
  if (in.engine) {
    // A pass the CPU issues kernel by kernel takes at least its host time; prefill is never
    // graph-captured, decode is where the engine replays CUDA graphs (engine_speed.h).
    // A synchronous engine loop adds its per-step time instead (engine_speed.h EnginePassSeconds),
    // once per scheduler call of workload.scheduler_steps decode steps.
    const double layers = r.arch.layers;
    l.ttft_s = EnginePassSeconds(in.engine, l.ttft_s, layers, false) + in.engine->host_ms_per_request * 1e-3;
    l.tpot_s = EnginePassSeconds(in.engine, l.tpot_s, layers, in.engine->cuda_graphs, r.scheduler_steps);
  }
  return l;
}

// Static batching: the batch's requests start together; throughput counts prefill time too
// (TensorRT-LLM performance.md methodology: batch x output / total time).
double Throughput(const InferInputs& in, const Latency& l, double batch) {
  double latency = l.ttft_s + std::max(0.0, in.output - 1) * l.tpot_s;
  return latency > 0 ? in.r->dp * batch * in.output / latency : 0;
}

// Tries powers of two up to what memory holds (and that cap itself); keeps the best within the
// TPOT and TTFT targets.
void BestBatch(const InferInputs& in, int cap, PerformanceReport& out) {
  const SpeedOptions& o = in.r->speed;
  out.best_batch = 0;
  for (int b = 1, last = 0; b <= cap && last != cap; b = std::min(b * 2, cap)) {
    last = b;
    Latency l = Measure(in, b);
    if (l.tpot_s * 1e3 > o.tpot_target_ms || l.ttft_s * 1e3 > o.ttft_target_ms) break;
    double tput = Throughput(in, l, b);
    if (tput > out.best_batch_output_tokens_per_s) {
      out.best_batch = b, out.best_batch_output_tokens_per_s = tput;
      out.best_batch_tpot_s = l.tpot_s, out.best_batch_ttft_s = l.ttft_s;
    }
  }
}

// Serving under load (serving.h): the cluster's request rate spread over its dp replicas, each a
// continuous-batching engine (or static batches where the engine batches statically).
void ServeUnderLoad(const InferInputs& in, const MemoryReport& memory, WarningList& warnings,
                    PerformanceReport& out) {
  const Resolved& r = *in.r;
  LoadInputs li;
  li.request_rate = r.request_rate / std::max(1, r.dp);
  li.output_tokens = in.output;
  const double host_request = in.engine ? in.engine->host_ms_per_request * 1e-3 : 0.0;
  li.prefill_s = std::max(0.0, Measure(in, 1).ttft_s - host_request);
  li.host_per_request_s = host_request;
  // workload.batch is the most sequences the scheduler runs at once (vLLM max_num_seqs), capped by
  // what the KV cache holds.
  li.max_batch = std::max(1, r.batch);
  if (memory.max_batch > 0) li.max_batch = std::min(li.max_batch, memory.max_batch);
  li.continuous = !in.engine || in.engine->batching == "continuous"sv;
  li.scheduler_steps = r.scheduler_steps;
  const LoadResult load = SolveLoad(li, [&](double n) { return Measure(in, std::max(1.0, std::round(n))).tpot_s; });
  out.load_ttft_s = load.ttft_s, out.load_ttft_p90_s = load.ttft_p90_s;
  out.load_itl_s = load.itl_s, out.load_itl_p90_s = load.itl_p90_s;
  out.load_concurrency = load.concurrency;
  // Under load the request's own experience is what TTFT and TPOT mean, and throughput is what the
  // replicas serve (the arrivals, or their capacity when overloaded).
  out.ttft_s = load.ttft_s, out.tpot_s = load.itl_s;
  out.request_latency_s = load.ttft_s + std::max(0.0, in.output - 1) * load.itl_s;
  out.output_tokens_per_s = r.dp * std::min(li.request_rate, load.capacity_rps) * in.output;
  out.output_tokens_per_s_per_gpu = out.output_tokens_per_s / r.total_gpus;
  if (load.overloaded)
    warnings.Add("serving_overloaded", "/workload/request_rate", r.request_rate,
                 load.utilisation > 0 ? r.request_rate / load.utilisation : 0);
}

}  // namespace

void ComputeInference(const Resolved& r, const MemoryReport& memory, const EvaluateOptions& o,
                      WarningList& warnings, PerformanceReport& out) {
  InferInputs in;
  in.r = &r;
  // The candidate path's resolution (model_cache.h ShapeValues): the precisions, rates and fabric
  // depend on no split field, so its candidates build them once.
  ModelCache::ShapeValues* shape = o.cache && o.cache->shape.resolution == &r ? &o.cache->shape : nullptr;
  if (shape && shape->have_inference) {
    in.lp = shape->inference_lp, in.d = shape->inference_rates, in.flash = shape->inference_flash;
  } else {
    in.lp = PrecisionsFor(r, true);
    in.d = RatesFor(r.device, in.lp, r.sparse, r.speed);
    in.flash = r.flash_attention;
    ApplyEngineRates(r.engine, r.device.architecture, r.speed, in.d, in.flash);
    if (shape) shape->inference_lp = in.lp, shape->inference_rates = in.d, shape->inference_flash = in.flash, shape->have_inference = true;
  }
  if (shape && !shape->have_fabric) shape->fabric = FabricFor(r, r.total_gpus), shape->have_fabric = true;
  in.f = shape ? shape->fabric : FabricFor(r, r.total_gpus);
  // CollectiveTime is Collective(...).time_s, memoised across candidates (model_cache.h).
  if (o.cache) in.f.memo = &o.cache->collectives, o.cache->collectives.Bind(in.f);
  in.prompt = r.prompt_tokens, in.output = std::max(1, r.output_tokens);
  in.engine = r.engine;
  double batch = std::max(1, r.batch);
  Latency l = Measure(in, batch);
  out.ttft_s = l.ttft_s;
  out.tpot_s = l.tpot_s;
  out.request_latency_s = l.ttft_s + (in.output - 1) * l.tpot_s;
  out.output_tokens_per_s = Throughput(in, l, batch);
  out.output_tokens_per_s_per_gpu = out.output_tokens_per_s / r.total_gpus;
  out.decode_tokens_per_s = r.dp * batch / l.tpot_s;
  out.ceiling = in.d.gemm;
  AddRooflinePoints(l.prefill, l.prefill_logits, "prefill"sv, out);
  AddRooflinePoints(l.decode, l.decode_logits, "decode"sv, out);
  if (o.inference_batch_search) {
    int cap = memory.max_batch > 0 ? memory.max_batch : int(batch);
    BestBatch(in, std::min(cap, 1 << 20), out);
  }
  if (o.warnings) {
    if (l.tpot_s * 1e3 > r.speed.tpot_target_ms)
      warnings.Add("tpot_over_target", "/speed/tpot_target_ms", l.tpot_s * 1e3, r.speed.tpot_target_ms);
    if (in.lp.gemm != r.precision) warnings.Add("precision_unsupported", "/workload/precision", 0, 0);
    if (r.tp > 1 && r.intra_kind == IntraKind::kPcie) warnings.Add("tp_over_pcie", "/parallelism/tp", r.tp, 0);
  }
  if (r.request_rate > 0) ServeUnderLoad(in, memory, warnings, out);
}

}  // namespace gpucfg
