// The two implementations of the workload interface (workload.h): the transformer's figures from
// its architecture, a network's from its layer records or the generic object's totals.
#include "workload/workload.h"

#include <algorithm>

#include "catalog/catalog.h"

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

// [SECTION] Networks ----------------------------------------------------------------------------

// Per sample: the activations kept for backward (training) or the largest layer's input + output
// (inference working set), in bytes at `act_bytes` per element.
double NetworkModelWorkload::ActivationBytesPerSample(bool training, double act_bytes) const {
  const NetworkWorkload& n = *net_;
  if (n.kind == NetworkWorkload::Kind::kGeneric) return n.generic.activation_bytes_per_sample;
  if (training) return n.act_elems_per_sample * act_bytes;
  double largest = 0;
  for (const NetworkLayer& l : catalog_->network_layers) {
    if (!EqualsIgnoreCase(l.network, n.preset->id)) continue;
    const double elems = l.op == "gemm" ? (l.m * l.k + l.m * l.n) * l.count : l.act_elems + l.mem_elems;
    largest = std::max(largest, elems);
  }
  return 2.0 * largest * act_bytes;  // double-buffered: the next layer's output while this one is read
}

// A catalog network's gemm records; the generic object is one block given by its totals (none).
int NetworkModelWorkload::Gemms(std::span<GemmShape> out) const {
  if (net_->kind != NetworkWorkload::Kind::kCatalog) return 0;
  int n = 0;
  for (const NetworkLayer& l : catalog_->network_layers) {
    if (l.op != "gemm" || !EqualsIgnoreCase(l.network, net_->preset->id)) continue;
    if (n < int(out.size())) out[n] = {l.name, l.m, l.n, l.k, l.count, l.steps};
    ++n;
  }
  return n;
}

}  // namespace gpucfg
