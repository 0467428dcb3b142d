// Hugging Face config.json import: real configs of the supported families, and the errors.
#include <gtest/gtest.h>

#include "contract/hf_import.h"
#include "workload/model.h"
#include "test_util.h"

namespace gpucfg {
namespace {

constexpr const char* kLlama2_7b = R"({
  "_name_or_path": "meta-llama/Llama-2-7b-hf", "architectures": ["LlamaForCausalLM"],
  "bos_token_id": 1, "eos_token_id": 2, "hidden_act": "silu", "hidden_size": 4096,
  "initializer_range": 0.02, "intermediate_size": 11008, "max_position_embeddings": 4096,
  "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32,
  "num_key_value_heads": 32, "pretraining_tp": 1, "rms_norm_eps": 1e-05, "rope_scaling": null,
  "tie_word_embeddings": false, "torch_dtype": "float16", "transformers_version": "4.31.0.dev0",
  "use_cache": true, "vocab_size": 32000})";

TEST(HfImport, Llama2) {
  TransformerArch a;
  std::string name;
  Issues e;
  ASSERT_TRUE(ImportHfConfig(kLlama2_7b, a, name, e)) << test::Dump(e);
  EXPECT_EQ(name, "meta-llama/Llama-2-7b-hf");
  EXPECT_EQ(a.layers, 32);
  EXPECT_EQ(a.kv_heads, 32);
  EXPECT_EQ(a.max_seq, 4096);
  EXPECT_TRUE(a.glu);
  EXPECT_FALSE(a.tied_embeddings);
  EXPECT_FALSE(a.learned_positions);
  EXPECT_DOUBLE_EQ(ParameterCount(a), 6738415616.0);  // see model_test.cpp
}

TEST(HfImport, Gpt2UsesItsOwnKeysAndDefaults) {
  const char* text = R"({"activation_function": "gelu_new", "architectures": ["GPT2LMHeadModel"],
    "attn_pdrop": 0.1, "bos_token_id": 50256, "embd_pdrop": 0.1, "eos_token_id": 50256,
    "initializer_range": 0.02, "layer_norm_epsilon": 1e-05, "model_type": "gpt2", "n_ctx": 1024,
    "n_embd": 768, "n_head": 12, "n_inner": null, "n_layer": 12, "n_positions": 1024,
    "resid_pdrop": 0.1, "summary_type": "cls_index", "vocab_size": 50257})";
  TransformerArch a;
  std::string name;
  Issues e;
  ASSERT_TRUE(ImportHfConfig(text, a, name, e)) << test::Dump(e);
  EXPECT_EQ(name, "gpt2");
  EXPECT_TRUE(a.tied_embeddings);  // PretrainedConfig default
  EXPECT_TRUE(a.learned_positions);
  EXPECT_FALSE(a.glu);
  EXPECT_DOUBLE_EQ(ParameterCount(a), 124439808.0);
}

TEST(HfImport, MixtralAndQwen) {
  const char* mixtral = R"({"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336,
    "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8,
    "num_local_experts": 8, "num_experts_per_tok": 2, "vocab_size": 32000, "sliding_window": null,
    "max_position_embeddings": 32768, "tie_word_embeddings": false, "hidden_act": "silu"})";
  TransformerArch a;
  std::string name;
  Issues e;
  ASSERT_TRUE(ImportHfConfig(mixtral, a, name, e)) << test::Dump(e);
  EXPECT_EQ(a.experts, 8);
  EXPECT_EQ(a.top_k, 2);
  EXPECT_EQ(KvHeads(a), 8);
  // Qwen-7B (remote code): intermediate_size counts gate and up halves; context in seq_length.
  const char* qwen = R"({"model_type": "qwen", "hidden_size": 4096, "intermediate_size": 22016,
    "num_attention_heads": 32, "num_hidden_layers": 32, "kv_channels": 128, "seq_length": 8192,
    "max_position_embeddings": 32768, "vocab_size": 151936, "no_bias": true, "bf16": false,
    "tie_word_embeddings": false, "use_flash_attn": "auto"})";
  ASSERT_TRUE(ImportHfConfig(qwen, a, name, e)) << test::Dump(e);
  EXPECT_EQ(a.ffn_hidden, 11008);
  EXPECT_EQ(a.max_seq, 8192);
  EXPECT_NEAR(ParameterCount(a), 7.72e9, 0.01e9);  // Qwen-7B's published 7.7B
}

TEST(HfImport, ErrorsNameTheKey) {
  TransformerArch a;
  std::string name;
  Issues e;
  EXPECT_FALSE(ImportHfConfig("{not json", a, name, e));
  EXPECT_TRUE(test::HasError(e, "", "invalid_json"));
  e.clear();
  EXPECT_FALSE(ImportHfConfig(R"({"hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10,
      "num_hidden_layers": "two", "frobnicate": 1, "moe_intermediate_size": 1408,
      "tie_word_embeddings": "yes"})", a, name, e));
  EXPECT_TRUE(test::HasError(e, "/num_hidden_layers", "wrong_type")) << test::Dump(e);
  EXPECT_TRUE(test::HasError(e, "/frobnicate", "unknown_key"));
  EXPECT_TRUE(test::HasError(e, "/moe_intermediate_size", "unsupported_key"));
  EXPECT_TRUE(test::HasError(e, "/tie_word_embeddings", "wrong_type"));
  e.clear();
  EXPECT_FALSE(ImportHfConfig(R"({"hidden_size": 64})", a, name, e));
  EXPECT_TRUE(test::HasError(e, "/num_hidden_layers", "missing_key"));
  EXPECT_TRUE(test::HasError(e, "/vocab_size", "missing_key"));
  EXPECT_EQ(a.layers, 0);  // untouched on failure
}

}  // namespace
}  // namespace gpucfg
