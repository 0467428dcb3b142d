// The two implementations of the workload interface (workload.h): the transformer's figures from
// its architecture, a network's from its layer records or the generic object's totals.
#include "workload/workload.h"

#include <algorithm>

namespace gpucfg {

// [SECTION] Transformer -------------------------------------------------------------------------

// 2 FLOPs per weight per token for every matmul, 4 x context x (heads x head_dim) for score and
// context (full s x s, as Narayanan 2021 eq. 2 and PaLM App. B count it), 2 x h x V for logits.
double ForwardFlopsPerToken(const TransformerArch& a, double context) {
  double h = a.hidden, hd = HeadDim(a), qh = a.heads * hd, kvh = KvHeads(a) * hd;
  double f = FfnHidden(a), k = std::max(1, a.top_k);
  double attn_w = h * (qh + 2 * kvh) + qh * h;
  double mlp_w = (a.glu ? 3.0 : 2.0) * h * f * k;
  double per_layer = 2.0 * (attn_w + mlp_w) + 4.0 * context * qh;
  return a.layers * per_layer + 2.0 * h * a.vocab;
}

double TransformerWorkload::ForwardFlopsPerSample() const {
  return ForwardFlopsPerToken(*arch_, seq_len_) * seq_len_;
}

// K and V, each kv_heads x head_dim per layer (GQA: kv_heads < heads; Ainslie et al. 2023).
double TransformerWorkload::StateElementsPerToken() const {
  return 2.0 * arch_->layers * KvHeads(*arch_) * HeadDim(*arch_);
}

// The weight GEMMs of one layer (Megatron's layout: fused QKV, attention output, MLP in, MLP out;
// a gated MLP's gate and up projections fused as one 2F-wide GEMM) and the logits; MoE tokens
// pass through top_k experts. Attention's score and context products are not weight GEMMs.
int TransformerWorkload::Gemms(std::span<GemmShape> out) const {
  const TransformerArch& a = *arch_;
  const double s = seq_len_, h = a.hidden, hd = HeadDim(a), f = FfnHidden(a);
  const double layers = a.layers, routed = layers * std::max(1, a.top_k);
  const GemmShape all[] = {
      {"qkv", s, (a.heads + 2.0 * KvHeads(a)) * hd, h, layers, 1},
      {"attention_out", s, h, a.heads * hd, layers, 1},
      {"mlp_in", s, (a.glu ? 2.0 : 1.0) * f, h, routed, 1},
      {"mlp_out", s, h, f, routed, 1},
      {"logits", s, double(a.vocab), h, 1, 1},
  };
  const int n = int(std::size(all));
  for (int i = 0; i < n && i < int(out.size()); ++i) out[i] = all[i];
  return n;
}

// The operations of one layer in Megatron's order (Shoeybi et al. 2019, arXiv 1909.08053), named as
// the roofline's (roofline.h kOpNames), each counted `layers` times, then the logits: two norms,
// fused QKV, scores, softmax, context, output projection, MLP up, the elementwise kernels (the
// activation and two residual adds) and MLP down. Eager elements moved: a norm or activation reads
// its input and writes its output (GLU: reads gate and up), a residual add reads two and writes
// one, an eager softmax reads and writes the heads x s x s scores; fused attention keeps the scores
// on chip (FlashAttention, Dao et al. 2022, arXiv 2205.14135), so an engine's softmax moves none.
// MoE tokens pass through top_k of the experts' MLPs. The split decides kept activations (0 here).
int TransformerWorkload::OpCount() const { return 10; }

WorkloadOp TransformerWorkload::Op(int i) const {
  const TransformerArch& a = *arch_;
  const double s = seq_len_, h = a.hidden, hd = HeadDim(a), f = FfnHidden(a), layers = a.layers;
  const double heads = a.heads, kv = KvHeads(a), routed = layers * std::max(1, a.top_k);
  const double experts = layers * std::max(1, a.experts), mlp_n = (a.glu ? 2.0 : 1.0) * f;
  auto gemm = [](std::string_view name, double m, double n, double k, double count, double params, double in) {
    WorkloadOp op;
    op.name = name, op.kind = WorkloadOpKind::kGemm, op.m = m, op.n = n, op.k = k, op.count = count;
    op.params = params, op.in_elems = in;
    return op;
  };
  auto memory = [](std::string_view name, double elems, double fused) {
    WorkloadOp op;
    op.name = name, op.mem_elems = elems, op.fused_elems = fused;
    return op;
  };
  const double elementwise = (a.glu ? 3.0 : 2.0) * s * f * routed + 2 * 3.0 * s * h * layers;
  switch (i) {
    case 0: return memory("norm", 2 * 2.0 * s * h * layers, 2 * 2.0 * s * h * layers);
    case 1: return gemm("qkv", s, (heads + 2 * kv) * hd, h, layers, h * (heads + 2 * kv) * hd * layers, s * h * layers);
    case 2: return gemm("attn_score", s, s, hd, heads * layers, 0, (heads + kv) * s * hd * layers);
    case 3: return memory("softmax", 2 * heads * s * s * layers, 0);
    case 4: return gemm("attn_context", s, hd, s, heads * layers, 0, (heads * s * s + kv * s * hd) * layers);
    case 5: return gemm("out_proj", s, h, heads * hd, layers, heads * hd * h * layers, s * heads * hd * layers);
    case 6: return gemm("mlp_up", s, mlp_n, h, routed, h * mlp_n * experts, s * h * routed);
    case 7: return memory("elementwise", elementwise, elementwise);
    case 8: return gemm("mlp_down", s, h, f, routed, f * h * experts, s * f * routed);
    default: return gemm("logits", s, double(a.vocab), h, 1, double(a.vocab) * h, s * h);
  }
}

// [SECTION] Networks ----------------------------------------------------------------------------

// Per sample: the activations kept for backward (training) or the largest layer's input + output
// (inference working set), in bytes at `act_bytes` per element.
double NetworkModelWorkload::ActivationBytesPerSample(bool training, double act_bytes) const {
  const NetworkWorkload& n = *net_;
  if (n.kind == NetworkWorkload::Kind::kGeneric) return n.generic.activation_bytes_per_sample;
  if (training) return n.act_elems_per_sample * act_bytes;
  double largest = 0;
  for (const NetworkLayer& l : n.layers) {
    const double elems = l.op == "gemm" ? (l.m * l.k + l.m * l.n) * l.count : l.act_elems + l.mem_elems;
    largest = std::max(largest, elems);
  }
  return 2.0 * largest * act_bytes;  // double-buffered: the next layer's output while this one is read
}

WorkloadOp OpOf(const NetworkLayer& l) {
  WorkloadOp op;
  op.name = l.name;
  op.kind = l.op == "gemm" ? WorkloadOpKind::kGemm : l.op == "embedding" ? WorkloadOpKind::kEmbedding : WorkloadOpKind::kMemory;
  op.m = l.m, op.n = l.n, op.k = l.k, op.count = l.count, op.steps = l.steps, op.params = l.params;
  op.in_elems = l.in_elems, op.act_elems = l.act_elems, op.mem_elems = l.mem_elems, op.fused_elems = l.fused_elems;
  op.fused_in_elems = l.fused_in_elems, op.fused_gather_elems = l.fused_gather_elems;
  op.eager_elems = l.eager_elems, op.eager_backward_elems = l.eager_backward_elems;
  return op;
}

// A catalog network's gemm records; the generic object is one block given by its totals (none).
int NetworkModelWorkload::Gemms(std::span<GemmShape> out) const {
  if (net_->kind != NetworkWorkload::Kind::kCatalog) return 0;
  int n = 0;
  for (const NetworkLayer& l : net_->layers) {
    if (l.op != "gemm") continue;
    if (n < int(out.size())) out[n] = {l.name, l.m, l.n, l.k, l.count, l.steps};
    ++n;
  }
  return n;
}

}  // namespace gpucfg
