// Reads the MIG profile tables from the "mig" array of a catalog document with the sections'
// strict reader (section_reader.h), then checks what a table must hold (status, slots, starts):
// every problem an issue with its JSON pointer, and a table with an issue is not merged.
#include "catalog/mig_catalog.h"

#include <nlohmann/json.hpp>

#include "catalog/section_reader.h"
#include "catalog/sections_internal.h"

#include "catalog/catalog.h"

namespace gpucfg {

namespace {

using Json = nlohmann::json;

void Add(Issues& issues, const char* code, std::string message, std::string path) {
  issues.push_back(Issue{code, std::move(message), std::move(path)});
}

// What a table must hold beyond its members' types (those the strict reader checks).
void CheckTable(const MigTable& t, const std::string& path, Issues& issues) {
  if (t.status != "published" && t.status != "sibling" && t.status != "not_published")
    Add(issues, "out_of_range", "status must be published, sibling or not_published", path + "/status");
  if (t.memory_slots < 1 || t.memory_slots > 16)
    Add(issues, "out_of_range", "memory_slots must be 1..16", path + "/memory_slots");
  for (size_t i = 0; i < t.profiles.size(); ++i) {
    const MigProfile& p = t.profiles[i];
    for (int s : p.starts)
      if (s + p.memory_slices > t.memory_slots)
        Add(issues, "out_of_range", "a start slot puts " + p.name + " past the last memory slot",
            path + "/profiles/" + std::to_string(i) + "/starts");
  }
}

}  // namespace

Issues MergeMigJson(std::string_view text, std::vector<MigTable>& into) {
  return MergeMigSection(ParseSectionText(text), into);
}

Issues MergeMigSection(const Json& doc, std::vector<MigTable>& into) {
  Issues issues;
  const Json* it = SectionArray(doc, "mig", "MIG tables", issues);
  if (!it) return issues;
  for (size_t i = 0; i < it->size(); ++i) {
    const std::string path = "/mig/" + std::to_string(i);
    MigTable t;
    const size_t before = issues.size();
    if (SectionReader::ReadRecord((*it)[i], path, issues, t)) CheckTable(t, path, issues);
    if (issues.size() != before) continue;  // a table with an issue is not merged (its path says why)
    // A later table naming a GPU takes that GPU from any earlier table.
    for (MigTable& old : into) {
      for (const std::string& g : t.gpus) std::erase_if(old.gpus, [&](const std::string& x) { return EqualsIgnoreCase(x, g); });
    }
    into.push_back(std::move(t));
  }
  return issues;
}

const MigTable* FindMigTable(const std::vector<MigTable>& tables, std::string_view gpu) {
  for (const MigTable& t : tables)
    for (const std::string& g : t.gpus)
      if (EqualsIgnoreCase(g, gpu)) return &t;
  return nullptr;
}

int FindMigProfile(const MigTable& t, std::string_view name) {
  for (size_t i = 0; i < t.profiles.size(); ++i)
    if (EqualsIgnoreCase(t.profiles[i].name, name)) return static_cast<int>(i);
  return -1;
}

}  // namespace gpucfg
