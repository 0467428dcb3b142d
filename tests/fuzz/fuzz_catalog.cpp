// libFuzzer target: any bytes as a site catalog override (`gpucfg --catalog FILE`, the wasm
// evaluateWithCatalog) merged over the built-in catalog, then an example evaluated against the
// merged catalog: an override may shadow built-in ids with anything, and the model must still
// answer with a report or errors, never crash, divide into a hang or trip a sanitizer.
// One example per input, picked by a hash of the input's bytes (so a finding replays the same
// way): evaluating all 16 for every input made this target 16 times slower than the others
// without reaching more of the merge code; across millions of inputs every example is tried.
// The examples' documents are written once (LLVMFuzzerInitialize): they do not depend on the
// input, and each is still read against the merged catalog on every input, as
// `gpucfg --catalog FILE evaluate` reads its scenario.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

namespace {
const std::vector<std::string>& ExampleTexts() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const gpucfg::ExampleScenario& e : gpucfg::ExampleNames()) {
      gpucfg::Scenario s;
      if (!gpucfg::MakeExample(e.name, s)) std::abort();  // every listed example must exist
      out.push_back(gpucfg::ScenarioToJson(s));
    }
    return out;
  }();
  return texts;
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gpucfg::BuiltinCatalog();  // parsed once here, not inside the first input's time
  ExampleTexts();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // One working copy, put back to the built-in catalog within the same input after a merge that
  // may have written into it: MergeCatalogJson returns its lone invalid_json error before touching
  // the catalog (catalog.cpp), and most mutated inputs are not JSON. Copying the catalog (its
  // network layers and sources) for every input was 18 % of this target's time under ASan (perf,
  // 2026-12-04). The copy is put back before the input returns, by a fresh copy moved over it (all
  // of the written copy's blocks freed, a whole catalog's allocated): an input that left more
  // allocations than it freed would make libFuzzer run it again and scan the heap for leaks
  // (perf: LeakSanitizer's chunk lookups were ~20 % of the time when the copy was put back only at
  // the next input).
  static gpucfg::Catalog catalog = gpucfg::BuiltinCatalog();
  struct PutBack {
    bool written = false;
    ~PutBack() {
      if (written) catalog = gpucfg::Catalog(gpucfg::BuiltinCatalog());
    }
  } put_back;
  gpucfg::Issues issues = gpucfg::MergeCatalogJson(text, catalog);
  put_back.written = !(issues.size() == 1 && issues[0].code == "invalid_json");
  const gpucfg::Catalog& builtin = gpucfg::BuiltinCatalog();  // the assumption above, checked cheaply
  if (!put_back.written && (catalog.gpus.size() != builtin.gpus.size() || catalog.models.size() != builtin.models.size() ||
                            catalog.network_layers.size() != builtin.network_layers.size()))
    std::abort();
  if (nlohmann::json::parse(gpucfg::ErrorsToJson(issues), nullptr, false).is_discarded()) std::abort();
  if (!issues.empty()) return 0;
  uint32_t hash = 2166136261u;  // FNV-1a over the input
  for (size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 16777619u;
  const std::vector<std::string>& examples = ExampleTexts();
  if (examples.empty()) return 0;
  gpucfg::JsonResult result = gpucfg::EvaluateJson(examples[hash % examples.size()], catalog);
  if (nlohmann::json::parse(result.text, nullptr, false).is_discarded()) std::abort();
  return 0;
}
