// The build's contract document and its docs table, both from kContractFeatures (features.h).
#include "contract/features.h"

#include <nlohmann/json.hpp>

namespace gpucfg {

std::string ContractToJson(int indent) {
  nlohmann::json root = {{"schema_versions", kScenarioVersions},
                         {"report_schema_version", kReportSchemaVersion},
                         {"features", nlohmann::json::array()}};
  for (const ContractFeature& f : kContractFeatures) root["features"].push_back(f.name);
  return root.dump(indent);
}

std::string ContractFeaturesMarkdown() {
  std::string out = "| feature | what it covers |\n|---|---|\n";
  for (const ContractFeature& f : kContractFeatures)
    out += "| `" + std::string(f.name) + "` | " + std::string(f.meaning) + " |\n";
  return out;
}

}  // namespace gpucfg
