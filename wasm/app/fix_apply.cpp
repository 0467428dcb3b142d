// Memory fixes applied by a click, with undo. A fix names the scenario field it changes (a JSON
// pointer) and the new value; applying writes that value into the scenario's JSON document and
// loads it back through the core's parser, so the change is exactly what the CLI would read and
// any value the contract refuses is refused here too. A plan step applies the plan's steps up to
// it. Each apply pushes the previous scenario for Undo.
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "app.h"
#include "gpucfg.h"

namespace gpucfg::app {
namespace {

std::vector<std::string>& UndoStack() {
  static std::vector<std::string> stack;
  return stack;
}

bool EndsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// The fix's new value as the contract writes it: names for enums, the catalog id for a GPU.
nlohmann::json NewValue(const MemoryFix& f) {
  const std::string_view p = f.path;
  if (EndsWith(p, "/recompute")) {
    const int i = static_cast<int>(f.to);
    return i >= 0 && i < static_cast<int>(kRecomputeNames.size()) ? nlohmann::json(std::string(kRecomputeNames[i])) : nlohmann::json();
  }
  if (EndsWith(p, "/optimizer")) return "adam-8bit";
  if (EndsWith(p, "/gpu")) return std::string(f.target);
  if (EndsWith(p, "/sequence_parallel") || EndsWith(p, "/flash_attention")) return true;
  if (EndsWith(p, "_precision")) return f.to <= 4 ? "int4" : f.to <= 8 ? "int8" : "bf16";
  if (std::floor(f.to) == f.to) return static_cast<long long>(f.to);
  return f.to;
}

bool SetField(nlohmann::json& doc, const MemoryFix& f) {
  const nlohmann::json value = NewValue(f);
  if (value.is_null() || f.path.empty()) return false;
  doc[nlohmann::json::json_pointer(std::string(f.path))] = value;
  // "More GPUs" changes a second field with the count (core/models/memory/memory_fixes.cpp,
  // MoreGpus): training shards with ZeRO-3, inference widens TP by the same factor.
  if (f.code == "more_gpus_zero_3") doc["parallelism"]["zero"] = 3;
  if (f.code == "more_gpus" && f.from > 0 && doc["workload"].value("kind", "") == "inference") {
    const long long tp = doc["parallelism"].value("tp", 1LL);
    doc["parallelism"]["tp"] = static_cast<long long>(std::llround(tp * f.to / f.from));
  }
  return true;
}

// The scenario with fix `index` (a plan step: the plan up to it) applied, read back by the core's
// parser; false if the contract refuses it.
bool FixedScenario(int index, const std::string& before, Scenario& out) {
  const MemoryReport& mem = App().report.memory;
  if (index < 0 || index >= mem.fix_count) return false;
  nlohmann::json doc = nlohmann::json::parse(before, nullptr, false);
  if (doc.is_discarded()) return false;
  const MemoryFix& f = mem.fixes[index];
  bool ok = true;
  if (f.plan_step > 0) {
    // Steps 1..k of the plan, in order.
    for (int i = 0; i <= index; ++i)
      if (mem.fixes[i].plan_step > 0 && mem.fixes[i].plan_step <= f.plan_step) ok &= SetField(doc, mem.fixes[i]);
  } else {
    ok = SetField(doc, f);
  }
  if (!ok) return false;
  ParseResult parsed = ParseScenario(doc.dump());
  if (!parsed.ok()) return false;
  out = std::move(parsed.scenario);
  return true;
}

}  // namespace

bool ApplyFix(int index) {
  AppState& app = App();
  const std::string before = ScenarioToJson(app.scenario, -1);
  Scenario fixed;
  if (!FixedScenario(index, before, fixed)) return false;
  UndoStack().push_back(before);
  app.scenario = std::move(fixed);
  app.dirty = true;
  return true;
}

const FixCost* FixCostChange(int index) {
  // One entry per fix, computed once per evaluation of the page's scenario (fixes re-evaluated by
  // the core, never estimated here).
  static std::vector<FixCost> costs;
  static std::vector<bool> changes;
  static int serial = -1;
  const AppState& app = App();
  if (serial != app.scenario_serial) {
    serial = app.scenario_serial;
    const MemoryReport& mem = app.report.memory;
    costs.assign(mem.fix_count, FixCost{});
    changes.assign(mem.fix_count, false);
    const std::string before = ScenarioToJson(app.scenario, -1);
    for (int i = 0; i < mem.fix_count; ++i) {
      Scenario fixed;
      if (!FixedScenario(i, before, fixed) || fixed.TotalGpus() == app.scenario.TotalGpus()) continue;
      const Report after = Evaluate(fixed);
      if (!after.errors.empty()) continue;
      costs[i] = FixCost{app.scenario.TotalGpus(), fixed.TotalGpus(), app.report.cost.per_hour,
                         after.cost.per_hour, app.report.cost.total, after.cost.total};
      changes[i] = true;
    }
  }
  return index >= 0 && index < static_cast<int>(changes.size()) && changes[index] ? &costs[index] : nullptr;
}

bool CanUndo() { return !UndoStack().empty(); }

void UndoFix() {
  if (UndoStack().empty()) return;
  const std::string previous = std::move(UndoStack().back());
  UndoStack().pop_back();
  LoadScenarioJson(previous);
}

}  // namespace gpucfg::app
