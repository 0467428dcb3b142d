// Private to core/catalog/: the catalog sections with readers of their own (engines, MIG tables,
// sharing facts), read from a document MergeCatalogJson has already parsed (each document is parsed
// once). The text forms in engines.h, mig_catalog.h and sharing.h parse and call these.
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>
#include <vector>

#include "base/issues.h"
#include "catalog/engines.h"
#include "catalog/mig_catalog.h"
#include "catalog/sharing.h"

namespace gpucfg {

// The array at doc[key] of a catalog document, or nullptr: the key absent (no issue), not an array
// (wrong_type at /key, naming `what` its entries are), or the document no object (MergeCatalogJson
// reports that document itself).
const nlohmann::json* SectionArray(const nlohmann::json& doc, const char* key, const char* what, Issues& issues);
// A document's text parsed for the text forms (MergeMigJson, ...): discarded when not JSON.
nlohmann::json ParseSectionText(std::string_view text);

Issues MergeEnginesSection(const nlohmann::json& doc, std::vector<EngineProfile>& into);
Issues MergeMigSection(const nlohmann::json& doc, std::vector<MigTable>& into);
Issues MergeSharingSection(const nlohmann::json& doc, std::vector<SharingFact>& into);

}  // namespace gpucfg
