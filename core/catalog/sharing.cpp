// Reads the MIG / MPS / time-slicing facts from the "sharing" array of a catalog document with the
// sections' strict reader (section_reader.h: all five texts needed and non-empty, unknown keys
// refused, with JSON pointers); a fact with an issue is left out, one whose topic exists replaces it.
#include "catalog/sharing.h"

#include <nlohmann/json.hpp>

#include "catalog/section_reader.h"
#include "catalog/sections_internal.h"


namespace gpucfg {

namespace {
using Json = nlohmann::json;
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
    if (!SectionReader::ReadRecord((*it)[i], "/sharing/" + std::to_string(i), issues, f)) continue;
    std::erase_if(into, [&](const SharingFact& old) { return old.topic == f.topic; });
    into.push_back(std::move(f));
  }
  return issues;
}

}  // namespace gpucfg
