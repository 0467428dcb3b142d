// Parameter counts derived from a transformer's shape. The per-part breakdown (model_parts.h)
// feeds the memory model's per-stage placement; ParameterCount sums it and is checked against the
// presets' published counts in tests/model_test.cpp. No catalog, no JSON here.
#include "workload/model.h"

#include "workload/model_parts.h"

#include <algorithm>

namespace gpucfg {

double ParamParts::PerLayer() const { return attention + mlp_dense + expert_total + router + norms; }

namespace {

// One MLP: 2 matrices (up, down) or 3 with a gate (GLU: Shazeer 2020, arXiv 2002.05202), plus
// biases (GPT/BERT: ffn + hidden).
double MlpParams(const TransformerArch& a, bool bias) {
  const double h = a.hidden, f = FfnHidden(a);
  const double weights = (a.glu ? 3.0 : 2.0) * h * f;  // Vaswani 2017 FFN; GLU adds the gate matrix
  const double biases = bias ? (a.glu ? 2.0 * f : f) + h : 0.0;
  return weights + biases;
}

}  // namespace

ParamParts ParameterParts(const TransformerArch& a) {
  const bool gpt_style = a.learned_positions;  // biases + LayerNorm (GPT-2/3, BERT); else Llama style
  const double h = a.hidden, kv_width = double(KvHeads(a)) * HeadDim(a);
  const double norm = gpt_style ? 2.0 * h : h;  // LayerNorm gain+bias (Ba 2016); RMSNorm gain only
  ParamParts p;
  p.embedding = double(a.vocab) * h;
  p.position = a.learned_positions ? double(a.max_seq) * h : 0.0;
  p.lm_head = a.tied_embeddings ? 0.0 : double(a.vocab) * h;
  p.final_norm = norm;
  // Attention: Q (h x h), K and V (h x kv_heads*head_dim each, GQA: Ainslie 2023), O (h x h).
  p.attention = 2.0 * h * h + 2.0 * h * kv_width + (gpt_style ? 2.0 * h + 2.0 * kv_width : 0.0);
  const bool moe = a.experts > 1;
  p.mlp_dense = moe ? 0.0 : MlpParams(a, gpt_style);
  p.expert = moe ? MlpParams(a, gpt_style) : 0.0;
  p.expert_total = moe ? p.expert * a.experts : 0.0;
  p.router = moe ? h * a.experts : 0.0;  // Switch Transformer router (Fedus 2021): hidden x experts
  p.norms = 2.0 * norm;                  // pre-attention and pre-MLP norms
  return p;
}

namespace {

double Total(const TransformerArch& a, const ParamParts& p) {
  return p.embedding + p.position + p.lm_head + p.final_norm + a.layers * p.PerLayer();
}

}  // namespace

double ParameterCount(const TransformerArch& a) { return Total(a, ParameterParts(a)); }

double ActiveParameterCount(const TransformerArch& a) {
  const ParamParts p = ParameterParts(a);  // one count of the parts serves both terms
  const double inactive = a.experts > 1 ? p.expert * (a.experts - std::min(a.top_k, a.experts)) : 0;
  return Total(a, p) - a.layers * inactive;
}

}  // namespace gpucfg
