// Training memory of one pipeline stage on one GPU: model states (weights, gradients, optimizer
// states + master weights) per precision recipe and optimizer, sharded by ZeRO over data parallel
// and by TP/PP/EP; activations per Korthikanti et al. 2022 with recompute, sequence parallelism,
// FlashAttention and 1F1B / interleaved in-flight micro-batches; LoRA/QLoRA's frozen (quantised)
// base and what its matmuls keep. Bytes here; GiB in memory.cpp.
#include <algorithm>

#include "models/memory/memory_internal.h"

namespace gpucfg {

namespace {

struct RecipeBytes {  // bytes per parameter
  double weights = 2, gradients = 4, optimizer = 12;
};

// Optimizer state bytes per parameter, excluding master weights.
double OptimizerStateBytes(OptimizerKind k) {
  switch (k) {
    case OptimizerKind::kAdam: return 8.0;      // m and v in fp32 (Kingma & Ba 2015; ZeRO §3 K=12 incl. master)
    case OptimizerKind::kSgd: return 4.0;       // fp32 momentum buffer (PyTorch SGD, momentum > 0)
    case OptimizerKind::kAdam8bit: return 2.0;  // m, v in 8 bits, blockwise (Dettmers 2021, arXiv 2110.02861)
    case OptimizerKind::kLion: return 4.0;      // one fp32 momentum (Chen 2023, arXiv 2302.06675)
  }
  return 8.0;
}

// Precision recipe: fp32 keeps one fp32 copy; bf16/fp16 mixed precision keeps fp32 master weights
// (Micikevicius 2017, arXiv 1710.03740) and, as Megatron-LM does, fp32 main gradients (ZeRO
// counts 2-byte gradients: set memory.grad_bytes = 2). FP8 training stores the same states as
// BF16: Transformer Engine casts 16-bit weights to FP8 per GEMM, Megatron keeps fp32 main grads and
// master weights (18 bytes/param, Megatron-LM docs/source/distrib_optimizer.md), torchtitan's Float8
// linears keep the fp32 parameter (only FSDP's gathered compute copy is FP8).
RecipeBytes Recipe(const MemoryInputs& in) {
  const double states = OptimizerStateBytes(in.optimizer);
  RecipeBytes r;
  switch (in.precision) {
    case Precision::kFp64:
    case Precision::kFp64Tc:
    case Precision::kFp32:
    case Precision::kTf32: r = {4.0, 4.0, states}; break;
    default: r = {2.0, 4.0, 4.0 + states}; break;  // bf16 / fp16 (int8/int4 train as bf16)
  }
  if (in.options.grad_bytes > 0) r.gradients = in.options.grad_bytes;
  return r;
}

// Model states of `params` parameters sharded over `group` ranks by ZeRO stage `zero`:
// stage 1 shards optimizer states, 2 also gradients, 3 also weights (Rajbhandari 2020, §5.1).
void AddModelStates(const RecipeBytes& rb, double params, int group, int zero, StageBytes& out) {
  const double n = std::max(1, group);
  out.weights += params * rb.weights / (zero >= 3 ? n : 1.0);
  out.gradients += params * rb.gradients / (zero >= 2 ? n : 1.0);
  out.optimizer += params * rb.optimizer / (zero >= 1 ? n : 1.0);
}

double ActivationElementBytes(Precision p) {
  return (p == Precision::kFp32 || p == Precision::kTf32 || p == Precision::kFp64) ? 4.0 : 2.0;
}

}  // namespace

namespace {

using LayerTerms = ActivationTerms;  // memory.h

// A base whose matmul keeps its inputs (finetune.h, BaseKeepsLinearInputs) keeps what a frozen
// bf16 base does not: the 16-bit inputs of the attention block and of the MLP (the two norm outputs,
// 4sbh, replicated like the norms' inputs) and of the down projection (2sbF per routed expert, split
// by TP). o_proj's input is the attention output, which the attention kernel keeps anyway. Beside
// these a LoRA layer keeps what Korthikanti's count already holds: its adapters' inputs (dropout
// copies and masks) stand in for the 4sbh of block inputs a frozen base no longer keeps.
void AddKeptBaseInputs(const MemoryInputs& in, double sb, double half, double shard_replicated, LayerTerms& x) {
  if (!BaseKeepsLinearInputs(in.finetune)) return;
  const TransformerArch& a = in.arch;
  const double f = FfnHidden(a), routed = a.experts > 1 ? std::min(a.top_k, a.experts) : 1;
  x.replicated += 2.0 * (2.0 * half) * sb * a.hidden / shard_replicated;  // the two norm outputs
  x.split += 2.0 * half * sb * f * routed;                                // the down projection's input
}

LayerTerms LayerActivationTerms(const MemoryInputs& in) {
  const TransformerArch& a = in.arch;
  const double s = double(in.seq_len) / std::max(1, in.cp), b = in.micro_batch, h = a.hidden;
  const double t = std::max(1, in.tp), half = ActivationElementBytes(in.precision) / 2.0;
  const double sbh = s * b * h, kv_width = double(KvHeads(a)) * HeadDim(a);
  const double shard_replicated = in.sequence_parallel ? t : 1.0;
  LayerTerms x;
  x.t = t;
  // Full recompute keeps only each layer's input (Korthikanti 2022, §5 "2sbh").
  x.input = 2.0 * half * sbh / shard_replicated;
  // Not split by TP: 2 LayerNorm inputs (4sbh), attention and MLP inputs (4sbh), 2 dropout masks
  // (2sbh) = 10sbh (Korthikanti 2022, §4.1, eq. 2); split by sequence parallelism (§4.2.2).
  x.replicated = sbh * (8.0 * half + 2.0) / shard_replicated;
  // Split by TP: Q, K, V (GQA width), projection input = 8sbh for MHA (§4.1); MLP inner width F:
  // 2 x 2sbF (GeLU in/out) = 16sbh at F = 4h, or 3 x 2sbF for a fused SwiGLU (Megatron-LM);
  // MoE: each token's MLP activations are stored top_k times (capacity factor 1).
  const double f = FfnHidden(a), routed = a.experts > 1 ? std::min(a.top_k, a.experts) : 1;
  const double attention = half * s * b * (4.0 * h + 4.0 * kv_width);
  const double mlp = half * s * b * f * (a.glu ? 6.0 : 4.0) * routed;
  x.split = attention + mlp;
  AddKeptBaseInputs(in, s * b, half, shard_replicated, x);
  // Attention scores: softmax 2as^2b + dropout mask as^2b + dropout output 2as^2b = 5as^2b (§4.1),
  // dropped by selective recompute (§5); FlashAttention keeps only the fp32 log-sum-exp
  // (Dao 2022, arXiv 2205.14135): 4asb.
  const double s_kv = in.seq_len, heads = a.heads;
  x.scores_recomputed = !in.flash_attention;
  x.scores = in.flash_attention ? 4.0 * heads * s * b : heads * s * s_kv * b * (4.0 * half + 1.0);
  return x;
}

double Keep(const LayerTerms& x, Recompute recompute) {
  if (recompute == Recompute::kFull) return x.input;
  const double scores = x.scores_recomputed && recompute != Recompute::kNone ? 0.0 : x.scores;
  return x.replicated + (x.split + scores) / x.t;
}

}  // namespace

double LayerActivationBytes(const MemoryInputs& in, Recompute recompute) {
  return Keep(LayerActivationTerms(in), recompute);
}

namespace {

// Activations stored on a stage: layers x micro-batches in flight (1F1B: the first stage holds pp;
// interleaved schedules x (1 + (p-1)/(p v)), Narayanan 2021 / Korthikanti 2022 §4.2.3), plus one
// layer's un-recomputed activations as the backward working set (the layer being differentiated;
// under full recompute, its rematerialised activations), embedding dropout mask and the output
// layer (Korthikanti 2022 §4.3: 4sbh/t (1 + V/h), fp32 logits for the cross-entropy).
double StageActivationBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                            bool last_stage) {
  const int pp = std::max(1, in.pp);
  const double layers = sh.stage_layers;
  double in_flight = 1.0;
  if (first_stage && pp > 1) {
    in_flight = std::min(pp, std::max(1, in.micro_batches));
    if (in.interleave > 1) in_flight *= 1.0 + double(pp - 1) / (double(pp) * in.interleave);
  }
  const double t = sh.t, sbh = sh.sbh;
  double bytes = layers * in_flight * sh.layer_activations;
  bytes += sh.layer_working_set;
  if (first_stage) bytes += in_flight * sbh / (in.sequence_parallel ? t : 1.0);  // dropout mask
  // An engine profile says how many bytes per logit its loss keeps (HF: 16-bit logits, an fp32
  // copy, log-softmax and its gradient), in place of the fused fp32 copy above.
  if (last_stage && !in.engine) bytes += 4.0 * sbh / t * (1.0 + double(in.arch.vocab) / in.arch.hidden);
  if (last_stage && in.engine)
    bytes += 4.0 * sbh / t + in.engine->logits_bytes * sbh / t * (double(in.arch.vocab) / in.arch.hidden);
  return bytes;
}

// A quantised base is dequantised to a 16-bit copy of the weight for each GEMM, forward and
// backward (bitsandbytes MatMul4Bit: `F.dequantize_4bit(B, state).to(A.dtype)`; torchao's
// NF4Tensor.to), alive beside the layer being differentiated: the layer's largest matrix (the MLP's
// h x F or the query projection's h x heads*head_dim, as Hugging Face models split them).
// bitsandbytes up to 0.42 quantises an fp16 copy (Params4bit.cuda), so in a bf16 job `.to(A.dtype)`
// briefly makes a second copy (not counted).
double DequantizedWeightBytes(const MemoryInputs& in) {
  if (!BaseIsQuantized(in.finetune)) return 0.0;
  const TransformerArch& a = in.arch;
  const double largest = double(a.hidden) * std::max(double(FfnHidden(a)), double(a.heads) * HeadDim(a));
  return 2.0 * largest / std::max(1, in.tp);
}

}  // namespace

StageShared SharedOf(const MemoryInputs& in, const ParamParts& parts, const StageStates* states,
                     ActivationTermsMemo* memo) {
  StageShared sh;
  sh.parts = &parts;
  sh.states = states;
  if (in.training) {
    LayerTerms fresh;
    const LayerTerms* known = &fresh;
    if (memo) {
      if (memo->tp != in.tp || memo->cp != in.cp || memo->micro_batch != in.micro_batch ||
          memo->sequence_parallel != in.sequence_parallel)
        *memo = {in.tp, in.cp, in.micro_batch, in.sequence_parallel, LayerActivationTerms(in)};
      known = &memo->terms;
    } else {
      fresh = LayerActivationTerms(in);
    }
    const LayerTerms& terms = *known;
    sh.stage_layers = CeilDiv(in.arch.layers, std::max(1, in.pp));
    sh.t = std::max(1, in.tp);
    sh.sbh = double(in.seq_len) / std::max(1, in.cp) * in.micro_batch * in.arch.hidden;
    sh.layer_working_set = Keep(terms, Recompute::kNone);
    sh.layer_activations = Keep(terms, in.recompute);
    // An engine whose "selective" checkpointing saves a share of the layer (torchtitan's op-level
    // policy: every second matmul output and the attention output) keeps that share of it.
    if (in.engine && in.engine->selective_keep > 0 && in.recompute == Recompute::kSelective)
      sh.layer_activations = in.engine->selective_keep * sh.layer_working_set;
    sh.layer_working_set += DequantizedWeightBytes(in);
  }
  return sh;
}

namespace {

// LoRA / QLoRA model states (Hu et al. 2021; Dettmers et al. 2023 sec. 3-4): the frozen base in its
// storage format (the blocks' linear layers; embeddings, norms and the head in 16 bits), sharded
// like weights under ZeRO-3; adapters in 16 bits with 16-bit gradients and fp32 optimizer states
// (no master copy), the only trained parameters. Paged optimizers move those states to host memory
// under pressure, so they are counted but never what binds for a job this small.
StageBytes FinetuneStageStates(const MemoryInputs& in, const ParamParts& p, double layers, double dense,
                               double expert, int dp_group, bool first_stage, bool last_stage) {
  const int tp = std::max(1, in.tp);
  const double local_experts = in.arch.experts > 1 ? CeilDiv(in.arch.experts, std::max(1, in.ep)) : 0.0;
  const double linear = layers * (p.attention + p.mlp_dense + p.expert * local_experts) / tp;
  const double other = std::max(0.0, dense + expert - linear);
  const double base_bytes = BaseBytesPerParam(in.finetune.base, in.arch.hidden, in.options.int4_group_size);
  const double shard = in.zero >= 3 ? std::max(1, dp_group) : 1.0;
  const double adapters = layers * AdapterParamsPerLayer(in.arch, in.finetune) / tp;
  StageBytes out;
  out.weights = (linear * base_bytes + other * 2.0) / shard + adapters * 2.0;
  out.gradients = adapters * 2.0 / (in.zero >= 2 ? std::max(1, dp_group) : 1.0);
  out.optimizer = adapters * OptimizerStateBytes(in.optimizer) / (in.zero >= 1 ? std::max(1, dp_group) : 1.0);
  if (in.zero >= 3 && dp_group > 1) {
    const double layer = (p.attention + p.mlp_dense + p.expert * local_experts) / tp;
    out.weights += (in.engine ? in.engine->unsharded_layers : 2.0) * layer * base_bytes;
  }
  (void)first_stage, (void)last_stage;
  return out;
}

}  // namespace

StageBytes TrainingStageStates(const MemoryInputs& in, const ParamParts& p, bool first_stage,
                               bool last_stage) {
  const int pp = std::max(1, in.pp), tp = std::max(1, in.tp);
  const double layers = CeilDiv(in.arch.layers, pp);
  double dense = layers * (p.attention + p.mlp_dense + p.router + p.norms);
  if (first_stage) dense += p.embedding + p.position;
  // Last stage: final norm and LM head; a tied head keeps its own copy of the embedding when the
  // first and last stages differ (Megatron-LM shared embedding).
  if (last_stage) dense += p.final_norm + (p.lm_head > 0 ? p.lm_head : (pp > 1 ? p.embedding : 0.0));
  dense /= tp;                                                           // Megatron TP splits
  const double local_experts = CeilDiv(in.arch.experts, std::max(1, in.ep));
  const double expert = layers * p.expert * (in.arch.experts > 1 ? local_experts : 0.0) / tp;
  const RecipeBytes rb = Recipe(in);
  const int dp_group = std::max(1, in.dp) * std::max(1, in.cp);         // Megatron shards over DP x CP
  StageBytes out;
  if (in.finetune.active()) return FinetuneStageStates(in, p, layers, dense, expert, dp_group, first_stage, last_stage);
  AddModelStates(rb, dense, dp_group, in.zero, out);
  AddModelStates(rb, expert, std::max(1, dp_group / std::max(1, in.ep)), in.zero, out);
  // ZeRO-3 / FSDP materialises one layer's full weights and prefetches the next (Zhao 2023,
  // arXiv 2304.11277, §3.3): two layers of unsharded weights. An engine profile says how many it
  // keeps and adds the full gradient of the layer being reduce-scattered (FSDP reduce_dtype).
  if (in.zero >= 3 && dp_group > 1) {
    const double layer_params = (p.attention + p.mlp_dense + p.expert * local_experts) / tp;
    double unsharded = in.engine ? in.engine->unsharded_layers : 2.0, full_grads = 1.0;
    // FSDP2 under pipeline parallelism keeps the whole stage gathered and accumulates its full
    // gradients until the last micro-batch (engines.md, gathered_under_pp).
    if (in.engine && in.engine->gathered_under_pp && pp > 1) unsharded = full_grads = layers;
    // Gathered copies in the compute format (torchtitan's float8 all-gather: 1 byte under FP8).
    out.weights += unsharded * layer_params * std::min(rb.weights, std::max(1.0, BytesPerElement(in.precision)));
    if (in.engine) out.gradients += full_grads * layer_params * in.engine->unsharded_grad_bytes;
  }
  return out;
}

StageStates TrainingStates(const MemoryInputs& in, const ParamParts& parts) {
  StageStates st;
  st.known = true;
  st.first = TrainingStageStates(in, parts, true, in.pp <= 1);
  if (in.pp > 1) st.last = TrainingStageStates(in, parts, false, true);
  return st;
}

StageBytes TrainingStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                              bool last_stage) {
  StageBytes out = sh.states && sh.states->known
                       ? (first_stage ? sh.states->first : sh.states->last)
                       : TrainingStageStates(in, *sh.parts, first_stage, last_stage);
  out.activations = StageActivationBytes(in, sh, first_stage, last_stage);
  return out;
}

void TrainingStagesBytes(const MemoryInputs& in, const StageShared& sh, StageBytes& first, StageBytes& last) {
  const bool two = in.pp > 1;
  if (sh.states && sh.states->known) {
    first = sh.states->first;
    if (two) last = sh.states->last;
  } else {
    first = TrainingStageStates(in, *sh.parts, true, !two);
    if (two) last = TrainingStageStates(in, *sh.parts, false, true);
  }
  first.activations = StageActivationBytes(in, sh, true, !two);
  if (two) last.activations = StageActivationBytes(in, sh, false, true);
}

}  // namespace gpucfg
