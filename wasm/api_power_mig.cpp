// The API module's power and MIG verbs (Embind, JSON string in, JSON string out, as api.cpp): each
// answer is what `gpucfg VERB ... --format json` prints on stdout, or the errors document it prints
// on stderr, newline included, byte for byte (web/tests/wasm_api.test.mjs checks). Linked into the
// API module (gpucfg.js) only: the page calls the core for its power and MIG views itself, which
// keeps these answers' JSON writers out of the app's size budget. Nothing here throws.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

namespace gpucfg::wasm {

namespace {
std::string MigText(const MigJsonResult& r) { return (r.errors.empty() ? r.text : ErrorsToJson(r.errors)) + "\n"; }
}  // namespace

// `gpucfg mig profiles GPU`.
std::string MigProfilesText(const std::string& gpu) { return MigText(MigProfilesJson(gpu)); }

// `gpucfg mig validate GPU PROFILE...`, the profiles given as a JSON array of names.
std::string MigValidateText(const std::string& gpu, const std::string& profiles_json) {
  const nlohmann::json a = nlohmann::json::parse(profiles_json, nullptr, false);
  std::vector<std::string> names;
  bool ok = a.is_array();
  for (size_t i = 0; ok && i < a.size(); ++i) {
    ok = a[i].is_string();
    if (ok) names.push_back(a[i].get<std::string>());
  }
  if (!ok) return ErrorsToJson(Issues{Issue{"wrong_type", "expected a JSON array of profile names", "/profiles"}}) + "\n";
  return MigText(MigValidateJson(gpu, names));
}

// `gpucfg mig plan -` with the plan document as input.
std::string MigPlanText(const std::string& plan_json) { return MigText(MigPlanJson(plan_json)); }

// `gpucfg mig compare`.
std::string MigCompareText() { return MigText(MigCompareJson()); }

// `gpucfg power -` ("" = the default example, as `gpucfg power` without a file): the report's power
// section as {"schema_version", "power"}, written as the CLI's PrintJsonSection writes it.
std::string PowerText(const std::string& scenario_json) {
  Scenario s;
  if (scenario_json.empty()) {
    MakeExample("default", s);
  } else {
    ParseResult parsed = ParseScenario(scenario_json, BuiltinCatalog());
    if (!parsed.errors.empty()) return ErrorsToJson(parsed.errors) + "\n";
    s = parsed.scenario;
  }
  const Report r = Evaluate(s, BuiltinCatalog());
  if (!r.errors.empty()) return ErrorsToJson(r.errors) + "\n";
  nlohmann::json full = nlohmann::json::parse(ReportToJson(r), nullptr, false);
  nlohmann::json section = full.is_object() && full.contains("power") ? full["power"] : nlohmann::json();
  return nlohmann::json{{"schema_version", kReportSchemaVersion}, {"power", section}}.dump(2) + "\n";
}

// `gpucfg server ID`: one server catalog entry, or the error unknown_server.
std::string ServerText(const std::string& id) {
  const ServerSpec* s = FindServer(BuiltinCatalog(), id);
  if (!s) return ErrorsToJson(Issues{Issue{"unknown_server", "unknown server \"" + id + "\"; gpucfg servers lists the ids", ""}}) + "\n";
  return CatalogEntryToJson(*s) + "\n";
}

}  // namespace gpucfg::wasm

EMSCRIPTEN_BINDINGS(gpucfg_api_power_mig) {
  emscripten::function("migProfiles", &gpucfg::wasm::MigProfilesText);
  emscripten::function("migValidate", &gpucfg::wasm::MigValidateText);
  emscripten::function("migPlan", &gpucfg::wasm::MigPlanText);
  emscripten::function("migCompare", &gpucfg::wasm::MigCompareText);
  emscripten::function("power", &gpucfg::wasm::PowerText);
  emscripten::function("server", &gpucfg::wasm::ServerText);
}
