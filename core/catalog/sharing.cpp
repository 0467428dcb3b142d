// Reads the MIG / MPS / time-slicing facts from the "sharing" array of the built-in catalog
// documents. Strict: every key a string, all five required, unknown keys refused, with JSON
// pointers; a fact with an issue is left out.
#include "catalog/sharing.h"

#include <nlohmann/json.hpp>

#include "catalog/sections_internal.h"


namespace gpucfg {

namespace {

using Json = nlohmann::json;

bool ParseFact(const Json& o, const std::string& path, SharingFact& f, Issues& issues) {
  if (!o.is_object()) {
    issues.push_back({"wrong_type", "expected a sharing fact object at " + path, path});
    return false;
  }
  const size_t before = issues.size();
  std::pair<const char*, std::string*> keys[] = {
      {"topic", &f.topic}, {"mig", &f.mig}, {"mps", &f.mps}, {"time_slicing", &f.time_slicing}, {"source", &f.source}};
  for (auto& [key, out] : keys) {
    auto it = o.find(key);
    if (it == o.end()) issues.push_back({"missing_field", std::string("a sharing fact needs \"") + key + "\"", path + "/" + key});
    else if (!it->is_string() || it->get_ref<const std::string&>().empty())
      issues.push_back({"wrong_type", std::string("expected a non-empty string at ") + path + "/" + key, path + "/" + key});
    else *out = it->get<std::string>();
  }
  for (auto it = o.begin(); it != o.end(); ++it) {
    bool known = false;
    for (auto& k : keys) known = known || it.key() == k.first;
    if (!known) issues.push_back({"unknown_key", "unknown key \"" + it.key() + "\"", path + "/" + it.key()});
  }
  return issues.size() == before;
}

}  // namespace

Issues MergeSharingJson(std::string_view text, std::vector<SharingFact>& into) {
  return MergeSharingSection(ParseSectionText(text), into);
}

Issues MergeSharingSection(const Json& doc, std::vector<SharingFact>& into) {
  Issues issues;
  const Json* it = SectionArray(doc, "sharing", "sharing facts", issues);
  if (!it) return issues;
  for (size_t i = 0; i < it->size(); ++i) {
    SharingFact f;
    if (!ParseFact((*it)[i], "/sharing/" + std::to_string(i), f, issues)) continue;
    std::erase_if(into, [&](const SharingFact& old) { return old.topic == f.topic; });
    into.push_back(std::move(f));
  }
  return issues;
}

}  // namespace gpucfg
