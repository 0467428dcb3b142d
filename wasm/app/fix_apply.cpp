// Memory fixes applied by a click, with undo. The rule is the core's (ApplyFix,
// core/pipeline/apply_fix.h, the same as `gpucfg memory --apply-fix N`); the page keeps the undo
// stack and the cost of the fixes that change the GPU count. Each apply pushes the previous
// scenario for Undo.
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

// The scenario with fix `index` (a plan step: the plan up to it) applied, read back by the core's
// parser; false if the contract refuses it.
bool FixedScenario(int index, const Scenario& before, Scenario& out) {
  return gpucfg::ApplyFix(before, App().report.memory, index, BuiltinCatalog(), out);
}

}  // namespace

bool ApplyFix(int index) {
  AppState& app = App();
  Scenario fixed;
  if (!FixedScenario(index, app.scenario, fixed)) return false;
  UndoStack().push_back(ScenarioToJson(app.scenario, -1));
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
    for (int i = 0; i < mem.fix_count; ++i) {
      Scenario fixed;
      if (!FixedScenario(i, app.scenario, fixed) || fixed.TotalGpus() == app.scenario.TotalGpus()) continue;
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
