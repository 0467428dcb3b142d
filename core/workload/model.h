// A transformer's architecture, as a customer or a preset describes it, and the parameter count
// derived from it. Shared by the memory and the speed models; no catalog, no JSON here.
#pragma once

#include <cstdint>
#include <string>

namespace gpucfg {

struct TransformerArch {
  int layers = 0;
  int hidden = 0;           // d_model
  int heads = 0;            // attention (query) heads
  int kv_heads = 0;         // key/value heads: = heads (MHA), < heads (GQA), 1 (MQA); 0 = heads
  int ffn_hidden = 0;       // MLP inner width; 0 = 4 * hidden
  int vocab = 0;
  int max_seq = 2048;       // longest context the model was trained for
  bool glu = false;         // gated MLP (SwiGLU/GeGLU): three ffn matrices instead of two
  bool tied_embeddings = false;
  bool learned_positions = false;  // GPT-2/GPT-3/BERT style position table (max_seq x hidden)
  bool encoder_only = false;       // BERT-style: no causal mask, bidirectional
  int experts = 1;          // MoE experts per MLP layer (1 = dense)
  int top_k = 1;            // experts each token is routed to
  bool operator==(const TransformerArch&) const = default;
};

// Derived shape helpers (0-valued fields resolved to their conventional defaults). Inline: the
// layer and memory models read them several times per evaluation.
inline int KvHeads(const TransformerArch& a) { return a.kv_heads > 0 ? a.kv_heads : a.heads; }
inline int FfnHidden(const TransformerArch& a) { return a.ffn_hidden > 0 ? a.ffn_hidden : 4 * a.hidden; }
inline int HeadDim(const TransformerArch& a) { return a.heads > 0 ? a.hidden / a.heads : 0; }

// Total parameters (all experts), and those a token touches (active; = total for dense models).
double ParameterCount(const TransformerArch& a);
double ActiveParameterCount(const TransformerArch& a);

}  // namespace gpucfg
