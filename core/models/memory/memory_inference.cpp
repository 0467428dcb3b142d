// Inference memory of one pipeline stage on one GPU: weights by storage format (16-bit, fp8,
// int8 per-channel, int4 with group scales), a GQA-aware KV cache split by TP, and the transient
// workspace of the largest forward pass (prefill of the prompt, or one decode step). Bytes here.
#include <algorithm>

#include "models/memory/memory_internal.h"

namespace gpucfg {

// Linear-layer weights: int8 with one fp16 scale per output channel (LLM.int8(), Dettmers 2022,
// arXiv 2208.07339); int4 with an fp16 scale and a 4-bit zero point per group of
// memory.int4_group_size inputs (GPTQ, Frantar 2022, arXiv 2210.17323; AWQ, Lin 2023).
double WeightBytesPerParam(const MemoryInputs& in, Precision p) {
  const double group = std::max(1, in.options.int4_group_size);
  switch (p) {
    case Precision::kInt8: return 1.0 + 2.0 / std::max(1, in.arch.hidden);
    case Precision::kInt4: return 0.5 + 2.5 / group;
    default: return BytesPerElement(p);
  }
}

// KV cache: 8-bit and 4-bit integer caches store an fp16 scale and zero point per token and head
// (KIVI, Liu 2024, arXiv 2402.02750; Qwen's cache quantisation); fp8 uses one scale per tensor.
double KvBytesPerElement(const TransformerArch& a, Precision p) {
  const double head_dim = std::max(1, HeadDim(a));
  if (p == Precision::kInt8 || p == Precision::kInt4) return BytesPerElement(p) + 4.0 / head_dim;
  return BytesPerElement(p);
}

namespace {

// Transient activations of one layer (inference keeps no activations between layers): the hidden
// state, its norm, residual and attention output (4h), Q/K/V (GQA width), the MLP inner width
// (2 or 3 x F, x top_k for MoE) and, without FlashAttention, the fp16 scores plus their fp32
// softmax (6 bytes per score). Logits are fp32 for the last position of each sequence (vLLM).
double WorkspaceBytes(const MemoryInputs& in, double tokens_per_seq, double attended) {
  const TransformerArch& a = in.arch;
  const double t = std::max(1, in.tp), b = in.batch, h = a.hidden, f = FfnHidden(a);
  const double routed = a.experts > 1 ? std::min(a.top_k, a.experts) : 1;
  const double qkv = (h + 2.0 * KvHeads(a) * HeadDim(a)) / t;
  const double per_token = 4.0 * h + qkv + (a.glu ? 3.0 : 2.0) * f * routed / t;
  double bytes = 2.0 * b * tokens_per_seq * per_token;
  if (!in.flash_attention) bytes += 6.0 * b * (a.heads / t) * tokens_per_seq * attended;
  return bytes;
}

}  // namespace

StageBytes InferenceStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                               bool last_stage) {
  const TransformerArch& a = in.arch;
  const ParamParts& p = *sh.parts;
  const int pp = std::max(1, in.pp), tp = std::max(1, in.tp);
  const double layers = CeilDiv(a.layers, pp);
  const double local_experts = a.experts > 1 ? CeilDiv(a.experts, std::max(1, in.ep)) : 0.0;
  // Quantisers (GPTQ, AWQ, LLM.int8()) quantise the blocks' linear layers; embeddings, LM head and
  // norms stay 16-bit (32-bit for fp32 weights).
  const double linear = layers * (p.attention + p.mlp_dense + p.expert * local_experts) / tp;
  double other = layers * (p.norms + p.router) / tp;
  if (first_stage) other += (p.embedding + p.position) / tp;
  if (last_stage) other += (p.final_norm + (p.lm_head > 0 ? p.lm_head : (pp > 1 ? p.embedding : 0))) / tp;
  const double wide = in.weight_precision == Precision::kFp32 ? 4.0 : 2.0;
  StageBytes out;
  out.weights = linear * WeightBytesPerParam(in, in.weight_precision) + other * wide;
  // KV cache: 2 (K and V) x layers x kv_heads x head_dim x tokens x bytes; heads split over TP,
  // at least one per rank (Kwon 2023, vLLM, arXiv 2309.06180); tokens split over CP.
  const double tokens = double(in.prompt_tokens) + in.output_tokens;
  const double kv_heads_per_rank = CeilDiv(KvHeads(a), tp);
  out.kv_cache = KvCacheCopiesOf(in) * 2.0 * layers * kv_heads_per_rank * HeadDim(a) *
                 tokens / std::max(1, in.cp) * in.batch * KvBytesPerElement(a, in.kv_precision);
  const double prefill = WorkspaceBytes(in, in.prompt_tokens, in.prompt_tokens);
  const double decode = WorkspaceBytes(in, 1.0, tokens);
  out.activations = std::max(prefill, decode);
  if (last_stage) out.activations += 4.0 * in.batch * double(a.vocab) / tp;
  // Engines that compute the logits of every prompt position at prefill (HF generate before
  // num_logits_to_keep, HF-LLAMA: lm_head output in 16 bits, then .float()) hold 2 + 4 bytes per
  // logit of the whole prompt at the peak, not only the last position's.
  if (last_stage && in.engine && in.engine->logits_all_positions)
    out.activations += 6.0 * in.batch * std::max(0.0, double(in.prompt_tokens) - 1.0) * double(a.vocab) / tp;
  return out;
}

}  // namespace gpucfg
