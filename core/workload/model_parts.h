// The parameter count of a transformer broken into the parts the memory model places on GPUs
// (embeddings on the first pipeline stage, the LM head on the last, layers split by TP and PP,
// experts split by EP). Implemented in model.cpp next to ParameterCount, which sums these parts.
// Convention: biases and LayerNorm (gain + bias) when learned_positions (GPT-2/GPT-3/BERT family);
// no biases and RMSNorm (gain only) otherwise (Llama family). No pooler or task heads.
#pragma once

#include "workload/model.h"

namespace gpucfg {

struct ParamParts {
  double embedding = 0;        // vocab x hidden token table
  double position = 0;         // learned position table (max_seq x hidden), 0 for rotary/ALiBi
  double lm_head = 0;          // untied output projection (vocab x hidden), 0 when tied
  double final_norm = 0;       // final (decoder) or embedding (encoder) norm
  double attention = 0;        // per layer: Q, K, V (GQA-sized), output projection, their biases
  double mlp_dense = 0;        // per layer: the MLP when dense (0 for MoE layers)
  double expert = 0;           // per layer: one expert's MLP (MoE only)
  double expert_total = 0;     // per layer: all experts (experts x expert)
  double router = 0;           // per layer: MoE router (hidden x experts)
  double norms = 0;            // per layer: the two norms
  double PerLayer() const;     // attention + mlp_dense + expert_total + router + norms
};

ParamParts ParameterParts(const TransformerArch& a);

}  // namespace gpucfg
