// Inference speed: TTFT (prefill of the batch), TPOT (one decode step), throughput per GPU and
// per cluster, and the batch that maximises throughput within latency targets. Decode is the
// roofline applied to reading the weights and KV cache every step (Williams et al. 2009; as in
// LLM-Viewer, Yuan et al. 2024 arXiv 2402.16363, and NVIDIA's TTFT/TPOT terminology in
// TensorRT-LLM's performance docs). Tensor parallel adds two all-reduces per layer (Megatron,
// Shoeybi et al. 2019 arXiv 1909.08053). No allocation.
#include <algorithm>
#include <cmath>

#include "models/speed/collectives.h"
#include "models/speed/performance.h"
#include "base/units.h"

namespace gpucfg {
namespace {

struct InferInputs {
  const Resolved* r = nullptr;
  LayerPrecision lp;
  DeviceRates d;
  Fabric f;
  double prompt = 512, output = 128;
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
    t += 2.0 * r.arch.layers * Collective(in.f, CollectiveOp::kAllReduce, bytes, r.tp, rpn).time_s;
  }
  if (r.pp > 1) {
    int rpn = in.f.gpus_per_node >= 2 * r.tp ? 2 : 1;
    t += (r.pp - 1.0) * Collective(in.f, CollectiveOp::kSendRecv, bytes, 2, rpn).time_s;
  }
  return t;
}

Latency Measure(const InferInputs& in, double batch) {
  const Resolved& r = *in.r;
  const WorkloadConfig& w = r.scenario->workload;
  Latency l;
  LayerShape s;
  s.batch = batch, s.q_tokens = std::max(1.0, in.prompt), s.context = s.q_tokens, s.tp = r.tp;
  s.flash = w.flash_attention, s.causal = !r.arch.encoder_only, s.phase = Phase::kPrefill;
  l.prefill = LayerForward(r.arch, s, in.lp, in.d);
  l.prefill_logits = LogitsForward(r.arch, batch, r.tp, in.lp, in.d, Phase::kPrefill);  // last position only
  l.ttft_s = r.arch.layers * l.prefill.time_s + l.prefill_logits.time_s + CommPerPass(in, batch * s.q_tokens);
  // Decode at mid-generation: the KV cache holds the prompt and half the output on average.
  s.q_tokens = 1, s.context = in.prompt + std::max(1.0, in.output / 2), s.phase = Phase::kDecode;
  l.decode = LayerForward(r.arch, s, in.lp, in.d);
  l.decode_logits = LogitsForward(r.arch, batch, r.tp, in.lp, in.d, Phase::kDecode);
  l.tpot_s = r.arch.layers * l.decode.time_s + l.decode_logits.time_s + CommPerPass(in, batch);
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
  const SpeedOptions& o = in.r->scenario->speed;
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

}  // namespace

void ComputeInference(const Resolved& r, const MemoryReport& memory, WarningList& warnings,
                      PerformanceReport& out) {
  const Scenario& sc = *r.scenario;
  const WorkloadConfig& w = sc.workload;
  InferInputs in;
  in.r = &r;
  in.lp = PrecisionsFor(r.device, w, true);
  in.d = RatesFor(r.device, in.lp, sc.options.sparse, sc.speed);
  in.f = FabricFor(r, r.total_gpus);
  in.prompt = w.prompt_tokens, in.output = std::max(1, w.output_tokens);
  double batch = std::max(1, w.batch);
  Latency l = Measure(in, batch);
  out.ttft_s = l.ttft_s;
  out.tpot_s = l.tpot_s;
  out.request_latency_s = l.ttft_s + (in.output - 1) * l.tpot_s;
  out.output_tokens_per_s = Throughput(in, l, batch);
  out.output_tokens_per_s_per_gpu = out.output_tokens_per_s / r.total_gpus;
  out.decode_tokens_per_s = r.dp * batch / l.tpot_s;
  out.ceiling = in.d.gemm;
  AddRooflinePoints(l.prefill, l.prefill_logits, "prefill", out);
  AddRooflinePoints(l.decode, l.decode_logits, "decode", out);
  int cap = memory.max_batch > 0 ? memory.max_batch : int(batch);
  BestBatch(in, std::min(cap, 1 << 20), out);
  if (l.tpot_s * 1e3 > sc.speed.tpot_target_ms)
    warnings.Add("tpot_over_target", "/speed/tpot_target_ms", l.tpot_s * 1e3, sc.speed.tpot_target_ms);
  if (in.lp.gemm != w.precision) warnings.Add("precision_unsupported", "/workload/precision", 0, 0);
  if (r.tp > 1 && r.intra_node == "pcie") warnings.Add("tp_over_pcie", "/parallelism/tp", r.tp, 0);
}

}  // namespace gpucfg
