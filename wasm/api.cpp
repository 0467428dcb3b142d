// The wasm API: a few Embind free functions, JSON string in, JSON string out, so JavaScript never
// holds a C++ handle and never has to .delete() anything. Linked into both the API module
// (gpucfg.js) and the ImGui page (gpucfg_app.js). Every answer comes from the core's JSON door (gpucfg.h), the same
// code the native CLI prints, so both give byte-identical documents. Nothing here throws: bad input
// returns contract v1's errors document.
#include <emscripten/bind.h>

#include <string>
#include <string_view>

#include "gpucfg.h"

namespace gpucfg::wasm {

// The report document for a scenario document, or the errors document (as `gpucfg evaluate`).
std::string EvaluateText(const std::string& scenario_json) {
  return EvaluateJson(scenario_json).text;
}

// As evaluate, with a site catalog (extra GPUs, own prices; the data/*.json shape) merged over the
// built-in one first, as `gpucfg --catalog FILE evaluate`. A bad catalog gives its errors document.
std::string EvaluateWithCatalogText(const std::string& scenario_json, const std::string& catalog_json) {
  Catalog catalog = BuiltinCatalog();
  Issues issues = MergeCatalogJson(catalog_json, catalog);
  if (!issues.empty()) return ErrorsToJson(issues);
  return EvaluateJson(scenario_json, catalog).text;
}

// The whole built-in catalog (as `gpucfg gpus --format json` and friends).
std::string CatalogText() { return CatalogToJson(BuiltinCatalog()); }

// The scenario versions read and the contract-v2 parts implemented (as `gpucfg contract --format json`).
std::string ContractText() { return ContractToJson(); }

// The gpucfg version, e.g. "0.1.0" (a plain string, not a JSON document).
std::string VersionText() { return std::string(Version()); }

// A complete scenario document for a named example ("" = "default"), as `gpucfg example NAME`;
// an unknown name gives the errors document with code "unknown_example".
std::string ExampleText(const std::string& name) {
  Scenario s;
  if (MakeExample(name.empty() ? std::string_view("default") : std::string_view(name), s)) {
    return ScenarioToJson(s);
  }
  std::string message = "unknown example '" + name + "'; examples() lists the names";
  return ErrorsToJson(Issues{Issue{"unknown_example", message, ""}});
}

// A Hugging Face config.json pasted as text -> the default scenario with that architecture inline
// (as `gpucfg import-hf`), or the errors document naming the keys it could not map.
std::string ImportHfConfigText(const std::string& config_json) {
  Scenario base;
  MakeExample("default", base);
  return ScenarioFromHfConfig(config_json, base).text;
}

// [{"name": "...", "description": "..."}, ...]: the examples example() accepts, in menu order.
std::string ExamplesText() {
  std::string out = "[";
  bool first = true;
  for (const ExampleScenario& e : ExampleNames()) {
    out += first ? "\n  {\"name\": " : ",\n  {\"name\": ";
    AppendJsonString(out, e.name);
    out += ", \"description\": ";
    AppendJsonString(out, e.description);
    out += "}";
    first = false;
  }
  out += "\n]";
  return out;
}

// The plan document for a scenario with a "plan" section, or the errors document (as
// `gpucfg plan --format json`, byte for byte).
std::string PlanText(const std::string& scenario_json) { return PlanJson(scenario_json).text + "\n"; }

#ifdef GPUCFG_APP_MODULE
// The decision path of one of the guide's four presets (edge, mid-training, large-cluster,
// multi-tenant), planned: `gpucfg example NAME --decision --format json`, byte for byte; another
// name gives the errors document (unknown_example or no_decision_path). In the page's module only
// (gpucfg_app.js, window.gpucfg on the page): in the core-only gpucfg.js it would cost ~16 KB gzip
// over that module's size budget.
std::string DecisionPathText(const std::string& name) {
  Scenario s;
  if (!MakeExample(name, s))
    return ErrorsToJson(Issues{Issue{"unknown_example", "unknown example '" + name + "'; examples() lists the names", ""}}) + "\n";
  if (!HasDecisionPath(name))
    return ErrorsToJson(Issues{Issue{"no_decision_path", "'" + name + "' has no decision path: edge, mid-training, "
                                     "large-cluster and multi-tenant have one", ""}}) + "\n";
  const PlanResult plan = Plan(s);
  return DecisionPathToJson(MakeDecisionPath(name, s, &plan)) + "\n";
}
#endif

// GPUs and model copies for a serving load: a scenario document and {"users": N} or
// {"requests_per_s": R} (optionally "tpot_ms", "ttft_ms"), as `gpucfg serve-size --format json`.
std::string ServeSizeText(const std::string& scenario_json, const std::string& need_json) {
  return ServingSizeJson(scenario_json, need_json).text + "\n";
}

}  // namespace gpucfg::wasm

EMSCRIPTEN_BINDINGS(gpucfg_api) {
  emscripten::function("evaluate", &gpucfg::wasm::EvaluateText);
  emscripten::function("evaluateWithCatalog", &gpucfg::wasm::EvaluateWithCatalogText);
  emscripten::function("catalog", &gpucfg::wasm::CatalogText);
  emscripten::function("version", &gpucfg::wasm::VersionText);
  emscripten::function("contract", &gpucfg::wasm::ContractText);
  emscripten::function("example", &gpucfg::wasm::ExampleText);
  emscripten::function("examples", &gpucfg::wasm::ExamplesText);
  emscripten::function("importHfConfig", &gpucfg::wasm::ImportHfConfigText);
  emscripten::function("plan", &gpucfg::wasm::PlanText);
#ifdef GPUCFG_APP_MODULE
  emscripten::function("decisionPath", &gpucfg::wasm::DecisionPathText);
#endif
  emscripten::function("serveSize", &gpucfg::wasm::ServeSizeText);
}
