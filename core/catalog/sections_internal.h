// Private to core/catalog/: the catalog sections with readers of their own (engines, MIG tables,
// sharing facts), read from a document MergeCatalogJson has already parsed (each document is parsed
// once). The text forms in engines.h, mig_catalog.h and sharing.h parse and call these.
#pragma once

#include <nlohmann/json.hpp>

#include <vector>

#include "base/issues.h"
#include "catalog/engines.h"
#include "catalog/mig_catalog.h"
#include "catalog/sharing.h"

namespace gpucfg {

Issues MergeEnginesSection(const nlohmann::json& doc, std::vector<EngineProfile>& into);
Issues MergeMigSection(const nlohmann::json& doc, std::vector<MigTable>& into);
Issues MergeSharingSection(const nlohmann::json& doc, std::vector<SharingFact>& into);

}  // namespace gpucfg
