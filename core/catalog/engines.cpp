// Reads the `engines` section of a catalog document (data/engines.json, or a site catalog's) into
// the one Catalog (MergeCatalogJson calls it): a key of the wrong type, a negative or non-finite
// number, an unknown key, or a profile without id or source is an error at its JSON pointer, and
// that profile is not merged; a profile whose id exists replaces it. Nothing throws.
#include "catalog/engines.h"

#include <nlohmann/json.hpp>

#include "catalog/sections_internal.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "catalog/catalog.h"

namespace gpucfg {

namespace {

using Json = nlohmann::json;

// One engine entry's reader: each key read is remembered, a key of the wrong type is an error at
// its pointer (the default is kept), and Finish names every key no Read asked for.
struct EntryReader {
  const Json& o;
  std::string path;
  Issues* issues;
  std::vector<std::string> seen;

  const Json* Find(const char* key, bool ok_type(const Json&), const char* expected) {
    seen.push_back(key);
    auto it = o.find(key);
    if (it == o.end()) return nullptr;
    if (ok_type(*it)) return &*it;
    if (issues)
      issues->push_back({"wrong_type", std::string("expected ") + expected + " at " + path + "/" + key + ", found " +
                                           it->type_name(), path + "/" + key});
    return nullptr;
  }
  void Read(const char* key, double& out) {
    if (const Json* j = Find(key, [](const Json& x) { return x.is_number(); }, "a number")) {
      const double v = j->get<double>();
      if (std::isfinite(v) && v >= 0) out = v;
      else if (issues) issues->push_back({"out_of_range", std::string("expected a finite number >= 0 at ") + path + "/" + key, path + "/" + key});
    }
  }
  void Read(const char* key, bool& out) {
    if (const Json* j = Find(key, [](const Json& x) { return x.is_boolean(); }, "true or false")) out = j->get<bool>();
  }
  void Read(const char* key, std::string& out) {
    if (const Json* j = Find(key, [](const Json& x) { return x.is_string(); }, "a string")) out = j->get<std::string>();
  }
  void Finish() {
    if (!issues) return;
    for (auto it = o.begin(); it != o.end(); ++it)
      if (std::find(seen.begin(), seen.end(), it.key()) == seen.end())
        issues->push_back({"unknown_key", "unknown key \"" + it.key() + "\" in an engine profile (docs/engines.md lists its keys)",
                           path + "/" + it.key()});
  }
};

EngineProfile Parse(const Json& o, const std::string& path, Issues* issues) {
  EngineProfile e;
  EntryReader r{o, path, issues, {}};
  r.Read("id", e.id), r.Read("name", e.name), r.Read("kind", e.kind);
  r.Read("kernels_per_layer", e.kernels_per_layer);
  r.Read("host_us_per_kernel", e.host_us_per_kernel);
  r.Read("host_ms_per_step", e.host_ms_per_step);
  r.Read("host_step_serial", e.host_step_serial);
  r.Read("host_ms_per_request", e.host_ms_per_request);
  r.Read("cuda_graphs", e.cuda_graphs);
  r.Read("norm_traffic", e.norm_traffic);
  r.Read("elementwise_traffic", e.elementwise_traffic);
  r.Read("removes_padding", e.removes_padding);
  r.Read("eager_kernels", e.eager_kernels);
  if (const Json* att = r.Find("attention", [](const Json& x) { return x.is_object(); }, "an object")) {
    EntryReader families{*att, path + "/attention", issues, {}};
    for (int i = 0; i < 6; ++i) {
      const std::string family(kEngineArchFamilies[i]);
      const Json* a = families.Find(family.c_str(), [](const Json& x) { return x.is_object(); }, "an object");
      if (!a) continue;
      EntryReader ar{*a, path + "/attention/" + family, issues, {}};
      ar.Read("kernel", e.attention[i].kernel);
      ar.Read("efficiency", e.attention[i].efficiency);
      ar.Finish();
    }
    families.Finish();
  }
  r.Read("gather_per_layer", e.gather_per_layer);
  r.Read("gather_overlap", e.gather_overlap);
  r.Read("dp_overlap", e.dp_overlap);
  r.Read("reduce_every_micro_batch", e.reduce_every_micro_batch);
  r.Read("optimizer", e.optimizer);
  r.Read("allocator_reserve", e.allocator_reserve);
  r.Read("unsharded_layers", e.unsharded_layers);
  r.Read("unsharded_grad_bytes", e.unsharded_grad_bytes);
  r.Read("gathered_under_pp", e.gathered_under_pp);
  r.Read("logits_bytes", e.logits_bytes);
  r.Read("logits_all_positions", e.logits_all_positions);
  r.Read("kv_cache_copies", e.kv_cache_copies);
  r.Read("activation_checkpoint", e.activation_checkpoint);
  r.Read("selective_keep", e.selective_keep);
  r.Read("batching", e.batching);
  r.Read("source", e.source);
  r.Finish();
  return e;
}

}  // namespace

Issues MergeEnginesJson(std::string_view text, std::vector<EngineProfile>& into) {
  return MergeEnginesSection(ParseSectionText(text), into);
}

Issues MergeEnginesSection(const Json& doc, std::vector<EngineProfile>& into) {
  Issues issues;
  const Json* it = SectionArray(doc, "engines", "engine profiles", issues);
  if (!it) return issues;
  for (size_t i = 0; i < it->size(); ++i) {
    const std::string path = "/engines/" + std::to_string(i);
    const Json& entry = (*it)[i];
    if (!entry.is_object()) {
      issues.push_back({"wrong_type", "expected an engine profile object at " + path + ", found " + entry.type_name(), path});
      continue;
    }
    const size_t before = issues.size();
    EngineProfile e = Parse(entry, path, &issues);
    if (e.id.empty()) issues.push_back({"missing_field", "an engine profile needs an \"id\"", path + "/id"});
    if (e.source.empty()) issues.push_back({"missing_field", "an engine profile needs a \"source\"", path + "/source"});
    if (issues.size() != before) continue;  // a profile with an error is not merged (its path says why)
    std::erase_if(into, [&](const EngineProfile& old) { return EqualsIgnoreCase(old.id, e.id); });
    into.push_back(std::move(e));
  }
  return issues;
}

const EngineProfile* FindEngine(const Catalog& c, std::string_view id) {
  if (id.empty()) return nullptr;
  for (const EngineProfile& e : c.engines)
    if (EqualsIgnoreCase(e.id, id)) return &e;
  return nullptr;
}

const EngineAttention* AttentionFor(const EngineProfile& e, std::string_view architecture) {
  for (int i = 0; i < 6; ++i)
    if (architecture.starts_with(kEngineArchFamilies[i])) return e.attention[i].kernel.empty() ? nullptr : &e.attention[i];
  return nullptr;
}

std::string EngineIdList(const Catalog& c) {
  std::string out;
  for (const EngineProfile& e : c.engines) out += (out.empty() ? "" : " | ") + e.id;
  return out;
}

}  // namespace gpucfg
