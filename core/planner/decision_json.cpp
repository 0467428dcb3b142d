// A decision path as text: the JSON document (`gpucfg example NAME --decision --format json`, the
// wasm decisionPath()) and a numbered list for people. Figures are rounded as report numbers are.
// Written by hand rather than through nlohmann: the same bytes natively and in wasm, with little
// code in the page's module.
#include <cstdio>

#include "contract/json_io.h"
#include "contract/json_string.h"
#include "contract/report_json.h"
#include "planner/decision_path.h"

namespace gpucfg {
namespace {

void AppendNumber(std::string& out, double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", RoundForReport(v));
  out += buf;
}

// The scenario document at the nesting depth of a step (two levels in).
void AppendScenario(std::string& out, const Scenario& s, const std::string& pad) {
  const std::string text = ScenarioToJson(s, 2);
  for (char c : text) {
    out += c;
    if (c == '\n') out += pad;
  }
}

}  // namespace

std::string DecisionPathToJson(const DecisionPath& path, int indent) {
  const bool pretty = indent >= 0;
  const std::string nl = pretty ? "\n" : "", sp = pretty ? " " : "";
  const std::string p1(pretty ? indent : 0, ' '), p2 = p1 + p1, p3 = p2 + p1;
  std::string out = "{" + nl + p1 + "\"decision_path\":" + sp + "[";
  int n = 0;
  for (const DecisionStep& st : path.steps) {
    const Warning& f = st.figures;
    out += (n ? "," : "") + nl + p2 + "{" + nl;
    auto key = [&](const char* k) { out += p3 + "\"" + k + "\":" + sp; };
    auto next = [&] { out += "," + nl; };
    key("args");
    out += "[";
    for (int i = 0; i < 4; ++i) {
      if (i) out += "," + sp;
      AppendNumber(out, f.args[i]);
    }
    out += "]";
    next(), key("code"), AppendJsonString(out, f.code);
    next(), key("corrects_guide"), out += st.corrects_guide ? "true" : "false";
    next(), key("limit"), AppendNumber(out, f.limit);
    next(), key("path"), AppendJsonString(out, f.path);
    if (st.has_scenario) {
      next(), key("scenario");
      if (pretty) AppendScenario(out, st.scenario, p3);
      else out += ScenarioToJson(st.scenario, -1);
    }
    next(), key("step"), out += std::to_string(++n);
    next(), key("subject"), AppendJsonString(out, st.subject);
    next(), key("text"), AppendJsonString(out, DecisionStepText(st));
    next(), key("unit"), AppendJsonString(out, st.unit);
    next(), key("value"), AppendNumber(out, f.value);
    out += nl + p2 + "}";
  }
  out += nl + p1 + "]," + nl + p1 + "\"example\":" + sp;
  AppendJsonString(out, path.example);
  out += "," + nl + p1 + "\"schema_version\":" + sp + "2" + nl + "}";
  return out;
}

std::string DecisionPathToTable(const DecisionPath& path) {
  std::string out = "decision path: " + path.example + " (the guide's decision tree, this scenario's numbers)\n";
  int n = 0;
  for (const DecisionStep& st : path.steps)
    out += "  " + std::to_string(++n) + (st.corrects_guide ? ". [guide corrected] " : ". ") + DecisionStepText(st) + "\n";
  return out;
}

}  // namespace gpucfg
