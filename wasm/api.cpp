// The wasm API: a few Embind free functions, JSON string in, JSON string out, so JavaScript never
// holds a C++ handle and never has to .delete() anything. Linked into both the API module
// (gpucfg.js) and the ImGui page (gpucfg_app.js). Every answer comes from core/json_io.h, the same
// code the native CLI prints, so both give byte-identical documents. Nothing here throws: bad input
// returns contract v1's errors document.
#include <emscripten/bind.h>

#include <string>
#include <string_view>

#include "evaluate.h"
#include "contract/hf_import.h"
#include "contract/json_io.h"
#include "mig/mig_json.h"
#include "planner/plan.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace gpucfg::wasm {
namespace {

// JSON string escaping for the few strings this file writes itself (names and descriptions are
// ASCII from core/examples.cpp, but escape anyway so the output is always valid JSON).
void AppendJsonString(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace

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

// [SECTION] Power and MIG verbs: each answer is what `gpucfg VERB ... --format json` prints on
// stdout (or the errors document it prints on stderr), newline included, byte for byte.
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
  return nlohmann::json{{"schema_version", kSchemaVersion}, {"power", section}}.dump(2) + "\n";
}

// `gpucfg server ID`: one server catalog entry, or the error unknown_server.
std::string ServerText(const std::string& id) {
  const ServerSpec* s = FindServer(BuiltinCatalog(), id);
  if (!s) return ErrorsToJson(Issues{Issue{"unknown_server", "unknown server \"" + id + "\"; gpucfg servers lists the ids", ""}}) + "\n";
  return CatalogEntryToJson(*s) + "\n";
}

}  // namespace gpucfg::wasm

EMSCRIPTEN_BINDINGS(gpucfg_api) {
  emscripten::function("evaluate", &gpucfg::wasm::EvaluateText);
  emscripten::function("evaluateWithCatalog", &gpucfg::wasm::EvaluateWithCatalogText);
  emscripten::function("catalog", &gpucfg::wasm::CatalogText);
  emscripten::function("version", &gpucfg::wasm::VersionText);
  emscripten::function("example", &gpucfg::wasm::ExampleText);
  emscripten::function("examples", &gpucfg::wasm::ExamplesText);
  emscripten::function("importHfConfig", &gpucfg::wasm::ImportHfConfigText);
  emscripten::function("plan", &gpucfg::wasm::PlanText);
  emscripten::function("migProfiles", &gpucfg::wasm::MigProfilesText);
  emscripten::function("migValidate", &gpucfg::wasm::MigValidateText);
  emscripten::function("migPlan", &gpucfg::wasm::MigPlanText);
  emscripten::function("migCompare", &gpucfg::wasm::MigCompareText);
  emscripten::function("power", &gpucfg::wasm::PowerText);
  emscripten::function("server", &gpucfg::wasm::ServerText);
}
