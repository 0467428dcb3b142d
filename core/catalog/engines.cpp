// Parses the engine profiles of data/engines.json (a built-in catalog document,
// catalog/builtin_documents.h) once, on first use. The document is the project's own and checked by tests/engines_test.cpp;
// a malformed field keeps its default here rather than failing (nothing throws).
#include "catalog/engines.h"

#include <nlohmann/json.hpp>

#include "catalog/builtin_documents.h"
#include "catalog/catalog.h"

namespace gpucfg {

namespace {

using Json = nlohmann::json;

void Read(const Json& o, const char* key, double& out) {
  auto it = o.find(key);
  if (it != o.end() && it->is_number()) out = it->get<double>();
}
void Read(const Json& o, const char* key, bool& out) {
  auto it = o.find(key);
  if (it != o.end() && it->is_boolean()) out = it->get<bool>();
}
void Read(const Json& o, const char* key, std::string& out) {
  auto it = o.find(key);
  if (it != o.end() && it->is_string()) out = it->get<std::string>();
}

EngineProfile Parse(const Json& o) {
  EngineProfile e;
  Read(o, "id", e.id), Read(o, "name", e.name), Read(o, "kind", e.kind);
  Read(o, "kernels_per_layer", e.kernels_per_layer);
  Read(o, "host_us_per_kernel", e.host_us_per_kernel);
  Read(o, "host_ms_per_step", e.host_ms_per_step);
  Read(o, "host_step_serial", e.host_step_serial);
  Read(o, "host_ms_per_request", e.host_ms_per_request);
  Read(o, "cuda_graphs", e.cuda_graphs);
  Read(o, "norm_traffic", e.norm_traffic);
  Read(o, "elementwise_traffic", e.elementwise_traffic);
  Read(o, "removes_padding", e.removes_padding);
  Read(o, "eager_kernels", e.eager_kernels);
  auto att = o.find("attention");
  if (att != o.end() && att->is_object()) {
    for (int i = 0; i < 6; ++i) {
      auto a = att->find(std::string(kEngineArchFamilies[i]));
      if (a == att->end() || !a->is_object()) continue;
      Read(*a, "kernel", e.attention[i].kernel);
      Read(*a, "efficiency", e.attention[i].efficiency);
    }
  }
  Read(o, "gather_per_layer", e.gather_per_layer);
  Read(o, "gather_overlap", e.gather_overlap);
  Read(o, "dp_overlap", e.dp_overlap);
  Read(o, "reduce_every_micro_batch", e.reduce_every_micro_batch);
  Read(o, "optimizer", e.optimizer);
  Read(o, "allocator_reserve", e.allocator_reserve);
  Read(o, "unsharded_layers", e.unsharded_layers);
  Read(o, "unsharded_grad_bytes", e.unsharded_grad_bytes);
  Read(o, "gathered_under_pp", e.gathered_under_pp);
  Read(o, "logits_bytes", e.logits_bytes);
  Read(o, "logits_all_positions", e.logits_all_positions);
  Read(o, "kv_cache_copies", e.kv_cache_copies);
  Read(o, "activation_checkpoint", e.activation_checkpoint);
  Read(o, "selective_keep", e.selective_keep);
  Read(o, "batching", e.batching);
  Read(o, "source", e.source);
  return e;
}

}  // namespace

const std::vector<EngineProfile>& BuiltinEngines() {
  static const std::vector<EngineProfile> engines = [] {
    std::vector<EngineProfile> out;
    for (std::string_view text : BuiltinCatalogDocuments()) {
      const Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (doc.is_discarded() || !doc.is_object()) continue;
      auto it = doc.find("engines");
      if (it == doc.end() || !it->is_array()) continue;
      for (const Json& e : *it)
        if (e.is_object()) out.push_back(Parse(e));
    }
    return out;
  }();
  return engines;
}

const EngineProfile* FindEngine(std::string_view id) {
  if (id.empty()) return nullptr;
  for (const EngineProfile& e : BuiltinEngines())
    if (EqualsIgnoreCase(e.id, id)) return &e;
  return nullptr;
}

const EngineAttention* AttentionFor(const EngineProfile& e, std::string_view architecture) {
  for (int i = 0; i < 6; ++i)
    if (architecture.starts_with(kEngineArchFamilies[i])) return e.attention[i].kernel.empty() ? nullptr : &e.attention[i];
  return nullptr;
}

std::string EngineIdList() {
  std::string out;
  for (const EngineProfile& e : BuiltinEngines()) out += (out.empty() ? "" : ", ") + e.id;
  return out;
}

}  // namespace gpucfg
