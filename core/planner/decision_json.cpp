// A decision path as text: the JSON document (`gpucfg example NAME --decision --format json`, the
// wasm decisionPath()) and a numbered list for people. Figures are rounded as report numbers are.
#include <nlohmann/json.hpp>

#include "contract/json_io.h"
#include "contract/report_json.h"
#include "planner/decision_path.h"

namespace gpucfg {

std::string DecisionPathToJson(const DecisionPath& path, int indent) {
  using nlohmann::json;
  json steps = json::array();
  int n = 0;
  for (const DecisionStep& st : path.steps) {
    const Warning& f = st.figures;
    json args = json::array();
    for (double a : f.args) args.push_back(RoundForReport(a));
    json step = {{"step", ++n},
                 {"code", std::string(f.code)},
                 {"path", std::string(f.path)},
                 {"subject", st.subject},
                 {"unit", st.unit},
                 {"corrects_guide", st.corrects_guide},
                 {"value", RoundForReport(f.value)},
                 {"limit", RoundForReport(f.limit)},
                 {"args", args},
                 {"text", DecisionStepText(st)}};
    if (st.has_scenario) step["scenario"] = json::parse(ScenarioToJson(st.scenario, -1), nullptr, false);
    steps.push_back(std::move(step));
  }
  json root = {{"schema_version", 2}, {"example", path.example}, {"decision_path", steps}};
  return root.dump(indent);
}

std::string DecisionPathToTable(const DecisionPath& path) {
  std::string out = "decision path: " + path.example + " (the guide's decision tree, this scenario's numbers)\n";
  int n = 0;
  for (const DecisionStep& st : path.steps)
    out += "  " + std::to_string(++n) + (st.corrects_guide ? ". [guide corrected] " : ". ") + DecisionStepText(st) + "\n";
  return out;
}

}  // namespace gpucfg
