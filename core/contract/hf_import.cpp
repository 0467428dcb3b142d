// Hugging Face config.json -> TransformerArch. Key names follow the transformers library's config
// classes (LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, GPT2Config, GPTNeoXConfig,
// BertConfig) and Qwen-7B's remote-code QWenConfig. Runs at import time, not in the hot path.
#include "contract/hf_import.h"
#include "base/json_text.h"

#include <nlohmann/json.hpp>

namespace gpucfg {

namespace {

using Json = nlohmann::json;

// Keys with no effect on parameter count or memory as modelled (ids, dropout, init, rope, dtype).
constexpr std::string_view kIgnorable[] = {
    "_name_or_path", "architectures", "auto_map", "torch_dtype", "transformers_version",
    "bos_token_id", "eos_token_id", "pad_token_id", "sep_token_id", "decoder_start_token_id",
    "initializer_range", "layer_norm_eps", "layer_norm_epsilon", "rms_norm_eps", "use_cache",
    "attention_dropout", "hidden_dropout_prob", "attention_probs_dropout_prob", "hidden_dropout",
    "attn_pdrop", "embd_pdrop", "resid_pdrop", "summary_type", "summary_use_proj",
    "summary_activation", "summary_proj_to_labels", "summary_first_dropout", "task_specific_params",
    "rope_theta", "rope_scaling", "rotary_emb_base", "rotary_pct", "pretraining_tp",
    "attention_bias", "mlp_bias", "type_vocab_size", "position_embedding_type",
    "gradient_checkpointing", "classifier_dropout", "id2label", "label2id", "problem_type",
    "scale_attn_weights", "reorder_and_upcast_attn", "scale_attn_by_inverse_layer_idx", "bf16",
    "fp16", "fp32", "use_flash_attn", "use_dynamic_ntk", "use_logn_attn", "no_bias",
    "softmax_in_fp32", "tokenizer_class", "max_window_layers", "use_sliding_window",
    "sliding_window", "router_aux_loss_coef", "output_router_logits", "use_parallel_residual"};

// Keys that change size or memory in a way TransformerArch cannot represent.
constexpr std::string_view kUnsupported[] = {
    "moe_intermediate_size", "shared_expert_intermediate_size", "n_shared_experts",
    "kv_lora_rank", "q_lora_rank", "first_k_dense_replace", "num_nextn_predict_layers",
    "decoder_sparse_step"};

// Families with a gated MLP (SwiGLU/GeGLU) whatever hidden_act says (Gemma: gelu + gate).
constexpr std::string_view kGluFamilies[] = {
    "llama", "mistral", "mixtral", "qwen", "qwen2", "qwen2_moe", "gemma", "gemma2", "phi3",
    "internlm2", "yi", "baichuan"};
// Families with a learned absolute position table (and biases + LayerNorm).
constexpr std::string_view kLearnedPositions[] = {
    "gpt2", "bert", "roberta", "opt", "gpt_bigcode", "distilbert"};
constexpr std::string_view kEncoders[] = {"bert", "roberta", "distilbert", "electra"};

template <size_t N>
bool Contains(const std::string_view (&list)[N], std::string_view v) {
  for (std::string_view x : list) if (x == v) return true;
  return false;
}

void Add(Issues& e, std::string_view code, std::string message, std::string_view key) {
  e.push_back(Issue{std::string(code), std::move(message), "/" + std::string(key)});
}

// Reads the first present key among `names` as a positive integer into `out`.
bool ReadInt(const Json& j, std::initializer_list<std::string_view> names, int& out, Issues& e) {
  for (std::string_view name : names) {
    const auto it = j.find(std::string(name));
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_number_integer() || it->get<long long>() <= 0 || it->get<long long>() > (1LL << 30)) {
      Add(e, "wrong_type", "'" + std::string(name) + "' must be a positive integer", name);
      return false;
    }
    out = int(it->get<long long>());
    return true;
  }
  return false;
}

// A boolean key; absent or null gives `fallback`, another type is an issue.
bool ReadBool(const Json& j, std::string_view key, bool fallback, Issues& e) {
  const auto it = j.find(std::string(key));
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) {
    Add(e, "wrong_type", "'" + std::string(key) + "' must be true or false", key);
    return fallback;
  }
  return it->get<bool>();
}

std::string ReadString(const Json& j, std::string_view key) {
  const auto it = j.find(std::string(key));
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool IsMapped(std::string_view k) {
  constexpr std::string_view kMapped[] = {
      "num_hidden_layers", "n_layer", "num_layers", "hidden_size", "n_embd", "d_model",
      "num_attention_heads", "n_head", "num_key_value_heads", "multi_query", "intermediate_size",
      "n_inner", "ffn_dim", "vocab_size", "max_position_embeddings", "n_positions", "n_ctx",
      "seq_length", "tie_word_embeddings", "hidden_act", "activation_function", "model_type",
      "num_local_experts", "num_experts"};
  return Contains(kMapped, k) || k == "num_experts_per_tok" || k == "head_dim" || k == "kv_channels";
}

void CheckKeys(const Json& j, Issues& e) {
  for (const auto& [key, value] : j.items()) {
    if (IsMapped(key) || Contains(kIgnorable, key)) continue;
    if (Contains(kUnsupported, key))
      Add(e, "unsupported_key", "'" + key + "' describes a layout gpucfg cannot model yet "
          "(shared or differently sized experts, latent attention); describe the model inline", key);
    else
      Add(e, "unknown_key", "'" + key + "' is not a config.json key gpucfg knows; remove it if it "
          "does not change the model's size", key);
  }
}

void ReadShape(const Json& j, const std::string& type, TransformerArch& a, Issues& e) {
  if (!ReadInt(j, {"num_hidden_layers", "n_layer", "num_layers"}, a.layers, e))
    Add(e, "missing_key", "need the number of layers (num_hidden_layers or n_layer)", "num_hidden_layers");
  if (!ReadInt(j, {"hidden_size", "n_embd", "d_model"}, a.hidden, e))
    Add(e, "missing_key", "need the hidden size (hidden_size or n_embd)", "hidden_size");
  if (!ReadInt(j, {"num_attention_heads", "n_head"}, a.heads, e))
    Add(e, "missing_key", "need the attention heads (num_attention_heads or n_head)", "num_attention_heads");
  if (!ReadInt(j, {"vocab_size"}, a.vocab, e)) Add(e, "missing_key", "need vocab_size", "vocab_size");
  ReadInt(j, {"num_key_value_heads"}, a.kv_heads, e);
  if (ReadBool(j, "multi_query", false, e)) a.kv_heads = 1;  // Falcon / GPT-BigCode MQA
  int ffn = 0;
  if (ReadInt(j, {"intermediate_size", "n_inner", "ffn_dim"}, ffn, e))
    a.ffn_hidden = type == "qwen" ? ffn / 2 : ffn;  // QWenConfig counts both gate and up halves
  const bool qwen1 = type == "qwen";
  if (!ReadInt(j, qwen1 ? std::initializer_list<std::string_view>{"seq_length"}
                        : std::initializer_list<std::string_view>{"max_position_embeddings",
                                                                  "n_positions", "n_ctx"},
               a.max_seq, e))
    a.max_seq = 2048;
}

}  // namespace

bool ImportHfConfig(std::string_view json_text, TransformerArch& out, std::string& model_name,
                    Issues& errors) {
  const size_t before = errors.size();
  Json j;
  if (!ParseJsonText(json_text, "config.json", /*reject_duplicates=*/false, j, errors)) return false;
  if (!j.is_object()) {
    errors.push_back({"invalid_json", "config.json text is not a JSON object", ""});
    return false;
  }
  const std::string type = ReadString(j, "model_type");
  TransformerArch a;
  ReadShape(j, type, a, errors);
  const std::string act = ReadString(j, "hidden_act") + ReadString(j, "activation_function");
  a.glu = Contains(kGluFamilies, type) || act == "silu" || act == "swiglu" || act == "swish";
  a.learned_positions = Contains(kLearnedPositions, type);
  a.encoder_only = Contains(kEncoders, type);
  a.tied_embeddings = ReadBool(j, "tie_word_embeddings", true, errors);  // PretrainedConfig's default
  ReadInt(j, {"num_local_experts", "num_experts"}, a.experts, errors);
  ReadInt(j, {"num_experts_per_tok"}, a.top_k, errors);
  int head_dim = 0;
  if (ReadInt(j, {"head_dim", "kv_channels"}, head_dim, errors) && a.heads > 0 &&
      head_dim * a.heads != a.hidden)
    Add(errors, "unsupported_key", "head_dim x heads must equal hidden_size in gpucfg's model", "head_dim");
  CheckKeys(j, errors);
  if (errors.size() != before) return false;
  out = a;
  model_name = ReadString(j, "_name_or_path");
  if (model_name.empty()) model_name = type.empty() ? "custom" : type;
  return true;
}

JsonResult ScenarioFromHfConfig(std::string_view json_text, const Scenario& base) {
  Scenario s = base;
  Issues errors;
  if (!ImportHfConfig(json_text, s.workload.arch, s.workload.model, errors)) return {ErrorsToJson(errors), false};
  s.workload.arch_inline = true;
  if (s.workload.model.empty()) s.workload.model = "custom";
  return {ScenarioToJson(s), true};
}

}  // namespace gpucfg
