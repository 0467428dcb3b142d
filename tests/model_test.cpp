// Parameter counts derived from the architecture: hand-worked examples and the catalog presets
// against the counts their authors publish.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "catalog/catalog.h"
#include "workload/model.h"
#include "workload/model_parts.h"

namespace gpucfg {
namespace {

TransformerArch Llama2_7b() {
  TransformerArch a;
  a.layers = 32, a.hidden = 4096, a.heads = 32, a.ffn_hidden = 11008, a.vocab = 32000;
  a.max_seq = 4096, a.glu = true;
  return a;
}

TEST(Model, DerivedDefaults) {
  TransformerArch a;
  a.hidden = 1024, a.heads = 16;
  EXPECT_EQ(KvHeads(a), 16);     // 0 = MHA
  EXPECT_EQ(FfnHidden(a), 4096); // 0 = 4h
  EXPECT_EQ(HeadDim(a), 64);
  a.kv_heads = 1, a.ffn_hidden = 2816;
  EXPECT_EQ(KvHeads(a), 1);
  EXPECT_EQ(FfnHidden(a), 2816);
}

// Llama-2 7B: embeddings 2 x 32000 x 4096 = 262,144,000 (untied);
// per layer: attention 4 x 4096^2 = 67,108,864 + SwiGLU 3 x 4096 x 11008 = 135,266,304 +
// 2 RMSNorms 8,192 = 202,383,360; x 32 = 6,476,267,520; final norm 4,096.
// Total 6,738,415,616 (what transformers reports for meta-llama/Llama-2-7b-hf).
TEST(Model, Llama2_7bHandWorked) {
  EXPECT_DOUBLE_EQ(ParameterCount(Llama2_7b()), 6738415616.0);
  EXPECT_DOUBLE_EQ(ActiveParameterCount(Llama2_7b()), 6738415616.0);
}

// GPT-2 small: tokens 50257 x 768 = 38,597,376, positions 1024 x 768 = 786,432 (tied head);
// per layer: attention 4 x 768^2 + 4 x 768 biases = 2,362,368; MLP 8 x 768^2 + 3072 + 768 =
// 4,722,432; 2 LayerNorms 3,072 -> 7,087,872; x 12 = 85,054,464; final LayerNorm 1,536.
// Total 124,439,808 (the published count of "gpt2").
TEST(Model, Gpt2SmallHandWorked) {
  TransformerArch a;
  a.layers = 12, a.hidden = 768, a.heads = 12, a.vocab = 50257, a.max_seq = 1024;
  a.tied_embeddings = true, a.learned_positions = true;
  EXPECT_DOUBLE_EQ(ParameterCount(a), 124439808.0);
}

// Mixtral 8x7B (GQA 8 KV heads, 8 experts, top-2): attention 2 x 4096^2 + 2 x 4096 x 1024 =
// 41,943,040; expert 3 x 4096 x 14336 = 176,160,768 (x 8 = 1,409,286,144); router 4096 x 8 =
// 32,768; norms 8,192 -> 1,451,270,144 per layer, x 32 = 46,440,644,608; + 262,144,000 + 4,096
// = 46,702,792,704 (46.7B). Active: minus 6 experts x 32 layers = 12,879,925,248 (12.9B).
TEST(Model, MixtralMoeHandWorked) {
  TransformerArch a;
  a.layers = 32, a.hidden = 4096, a.heads = 32, a.kv_heads = 8, a.ffn_hidden = 14336;
  a.vocab = 32000, a.glu = true, a.experts = 8, a.top_k = 2;
  EXPECT_DOUBLE_EQ(ParameterCount(a), 46702792704.0);
  EXPECT_DOUBLE_EQ(ActiveParameterCount(a), 12879925248.0);
  EXPECT_DOUBLE_EQ(ParameterParts(a).expert, 176160768.0);
}

// Every preset against its published count. 2% covers the conventions the published figures
// round over (BERT's pooler and token types, MPT's norm parameters, "7B"-style rounding).
TEST(Model, PresetsMatchPublishedCounts) {
  const Catalog& c = BuiltinCatalog();
  ASSERT_FALSE(c.models.empty());
  for (const ModelPreset& m : c.models) {
    if (m.published_params <= 0) continue;
    const double derived = ParameterCount(m.arch);
    const double error = derived / m.published_params - 1.0;
    std::printf("[params] %-16s derived %.4g published %.4g error %+.2f%%\n", m.id.c_str(), derived,
                m.published_params, 100.0 * error);
    EXPECT_LT(std::fabs(error), 0.02) << m.id;
  }
}

}  // namespace
}  // namespace gpucfg
