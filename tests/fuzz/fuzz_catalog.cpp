// libFuzzer target: any bytes as a site catalog override (`gpucfg --catalog FILE`, the wasm
// evaluateWithCatalog) merged over the built-in catalog, then every example evaluated against the
// merged catalog: an override may shadow built-in ids with anything, and the model must still
// answer with a report or errors, never crash, divide into a hang or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  gpucfg::Catalog catalog = gpucfg::BuiltinCatalog();
  gpucfg::Issues issues = gpucfg::MergeCatalogJson(text, catalog);
  if (nlohmann::json::parse(gpucfg::ErrorsToJson(issues), nullptr, false).is_discarded()) std::abort();
  if (!issues.empty()) return 0;
  for (const gpucfg::ExampleScenario& e : gpucfg::ExampleNames()) {
    gpucfg::Scenario s;
    if (!gpucfg::MakeExample(e.name, s)) continue;
    gpucfg::JsonResult result = gpucfg::EvaluateJson(gpucfg::ScenarioToJson(s), catalog);
    if (nlohmann::json::parse(result.text, nullptr, false).is_discarded()) std::abort();
  }
  return 0;
}
