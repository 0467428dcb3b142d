// The one list of a transformer architecture's keys (an inline `/workload/model` and a catalog
// model's `arch`): names, ranges and meaning, visited by the scenario reader and writer, the docs
// and the catalog loader (catalog/catalog_fields.h), which reads the same keys leniently on ranges.
// A visitor V provides Field(name, int&, lo, hi, doc) and Field(name, bool&, doc).
#pragma once

#include "workload/model.h"

namespace gpucfg {

// An inline architecture (`"model": {...}`): the contract's keys plus gpucfg's extensions.
template <class V>
void VisitArch(V& v, TransformerArch& a) {
  v.Field("layers", a.layers, 1, 10000, "transformer blocks");
  v.Field("hidden", a.hidden, 1, 1000000, "model width d_model");
  v.Field("heads", a.heads, 1, 100000, "attention (query) heads");
  v.Field("kv_heads", a.kv_heads, 0, 100000, "key/value heads (GQA/MQA); 0 = heads");
  v.Field("ffn_hidden", a.ffn_hidden, 0, 10000000, "MLP inner width; 0 = 4 * hidden");
  v.Field("vocab", a.vocab, 1, 10000000, "vocabulary size");
  v.Field("max_seq", a.max_seq, 1, 10000000, "longest context the model supports, tokens");
  v.Field("glu", a.glu, "gated MLP (SwiGLU/GeGLU: three ffn matrices)");
  v.Field("tied_embeddings", a.tied_embeddings, "output head shares the embedding matrix");
  v.Field("learned_positions", a.learned_positions, "learned position table (GPT-2/3, BERT)");
  v.Field("encoder_only", a.encoder_only, "BERT-style encoder");
  v.Field("experts", a.experts, 1, 4096, "MoE experts per MLP (1 = dense)");
  v.Field("top_k", a.top_k, 1, 64, "experts each token is routed to");
}

}  // namespace gpucfg
