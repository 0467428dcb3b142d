// Reads the `engines` section of a catalog document (data/engines.json, or a site catalog's) into
// the one Catalog (MergeCatalogJson calls it) with the sections' strict reader (section_reader.h):
// a profile with an issue is not merged, one whose id exists replaces it. Nothing throws.
#include "catalog/engines.h"

#include <nlohmann/json.hpp>

#include "catalog/section_reader.h"
#include "catalog/sections_internal.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "catalog/catalog.h"

namespace gpucfg {

namespace {
using Json = nlohmann::json;
}  // namespace

Issues MergeEnginesJson(std::string_view text, std::vector<EngineProfile>& into) {
  return MergeEnginesSection(ParseSectionText(text), into);
}

Issues MergeEnginesSection(const Json& doc, std::vector<EngineProfile>& into) {
  Issues issues;
  const Json* it = SectionArray(doc, "engines", "engine profiles", issues);
  if (!it) return issues;
  for (size_t i = 0; i < it->size(); ++i) {
    EngineProfile e;
    if (!SectionReader::ReadRecord((*it)[i], "/engines/" + std::to_string(i), issues, e)) continue;  // its path says why
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
