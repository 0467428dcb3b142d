// The ImGui page's shared state and the functions each panel file provides. The page edits ONE
// gpucfg::Scenario in place (widgets point straight at its fields) and re-runs gpucfg::Evaluate
// when a widget reports a change; every number it shows comes from the resulting Report. No model
// logic lives in the UI: only layout, formatting and translation.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gpucfg.h"
#include "text/i18n.h"

namespace gpucfg::app {

// A scenario pinned into the compare view, with its own evaluation. Held by pointer so the Report
// (which may hold views into its Scenario's catalog entries) never moves away from it.
struct PinnedScenario {
  Scenario scenario;
  Report report;
  std::string label;  // "#n", numbered in pinning order
};

struct AppState {
  static constexpr int kMaxPinned = 4;
  Scenario scenario;          // what the widgets edit
  Report report;              // Evaluate(scenario), refreshed when `dirty`
  bool dirty = true;          // scenario changed since the last evaluation
  Lang lang = Lang::kEn;
  std::string example = "default";  // last example loaded from the header menu
  std::string view = "overview";     // open tab of the report side (overview, breakdown, roofline, ...)
  std::vector<std::unique_ptr<PinnedScenario>> pinned;  // compare slots, at most kMaxPinned
  int pin_serial = 0;                // numbers the "#n" labels
  bool narrow = false;  // layout only: inputs over results, one scrolling column (phones, < 700 px)
  std::string requested_view;  // a view the page asked for (a link); the tab bar selects it once
  int scenario_serial = 0;     // counts evaluations, so the page can tell the link changed
  bool currency_from_language = false;  // SetLanguage moved USD to CNY (and may move it back)
};

AppState& App();

// Switches the page's language. Chinese prices in ¥ by default: a scenario on the catalog's USD
// list price moves to the CNY list price (and back when it was moved), so costs read in the
// reader's currency; a scenario with its own price keeps it.
void SetLanguage(Lang lang);
// Re-evaluates when dirty and tells the page (Module.onScenarioChange) so it can update the URL.
void RefreshReport();
// Replaces the scenario from a contract v1 document; returns "" or the errors document.
std::string LoadScenarioJson(std::string_view text);
// As LoadScenarioJson, but a document with errors still replaces the scenario with its valid
// fields (the others keep their defaults): what a shared link with one bad value shows. Returns ""
// or the errors document; an unparsable text changes nothing.
std::string LoadScenarioLenient(std::string_view text);
// Replaces the compare slots from a JSON array of scenario documents (a link's pins); each valid
// one is pinned, each error's path starts with "/<index>". Returns "" or the errors document.
std::string LoadPinsJson(std::string_view text);
bool LoadExample(std::string_view name);  // false for an unknown name
// Copies the current scenario (if valid and a slot is free) into the compare view; false otherwise.
bool PinCurrent();
void RemovePinned(int index);
// fix_apply.cpp: applies the report's memory fix `index` (a plan step: the plan up to it) to the
// scenario through its JSON document; false if the contract refuses the result. Undo restores the
// scenario before the last apply.
bool ApplyFix(int index);
bool CanUndo();
void UndoFix();
// The price of fix `index` when it changes the GPU count (its scenario re-evaluated by the core);
// nullptr when the count stays. Cached per evaluation of the page's scenario.
struct FixCost {
  int gpus_from = 0, gpus_to = 0;
  double per_hour_from = 0, per_hour_to = 0, total_from = 0, total_to = 0;
};
const FixCost* FixCostChange(int index);
// {"scenario": {...}, "report": {... or errors}, "language": "en", "view": "overview",
//  "pinned": [{"label": ..., "scenario": {...}}]}: what the page shows.
std::string StateJson();
// Called after each drawn frame: Module.onStateChange() when what a link holds has changed.
void NotifyIfLinkChanged();

// Panels, drawn in this order each frame inside the full-canvas layout of app_main.cpp.
void DrawHeader();                     // panels/panel_header.cpp: title, example menu, language toggle
void DrawClusterPanel();               // panels/panel_cluster.cpp: cluster + pricing inputs
void DrawWorkloadPanel();              // panels/panel_workload.cpp: workload + parallelism inputs
void DrawImportPanel();                // panels/panel_import.cpp: a Hugging Face config.json -> inline model
void DrawServingPanel();               // panels/panel_serving.cpp: users or requests/s + targets -> GPUs
void DrawMemoryPanel();                // panels/panel_memory.cpp: stacked bar vs capacity, verdict, fixes
void DrawReportPanel();                // panels/panel_report.cpp: the view tabs; overview = speed, power,
                                       // cost, warnings, errors
void DrawBreakdownPanel();             // panels/panel_breakdown.cpp: step-time stacked bar / inference latency
void DrawRooflinePanel();              // panels/panel_roofline.cpp: log-log roofline with the layer's ops
void DrawScalingPanel();               // panels/panel_scaling.cpp: efficiency vs GPU count, break point
void DrawComparePanel();               // panels/panel_compare.cpp: 2-4 pinned scenarios side by side
void DrawPlannerPanel();               // panels/panel_planner.cpp: the plan section, sliced search, Pareto
                                       // chart, options to open, the presets' decision paths
void DrawPowerPanel();                 // panels/panel_power.cpp: power breakdown, cap slider and sweep, racks
void DrawMigPanel();                   // panels/panel_mig.cpp: MIG slot diagram, tenants and pack plan, MIG vs MPS

// Test hooks: widgets record their screen rectangles under stable names (the JSON pointer of the
// field, "+"/"-" suffixes for stepper buttons, "path:value" for combo items) so the browser test
// can click them without hard-coded coordinates. widgetRect(name) in app_state.cpp reads them.
void MarkLastItem(std::string_view name);
void MarkRect(std::string_view name, float x0, float y0, float x1, float y1);
std::string WidgetRectJson(std::string_view name);
// Test hook: the text a widget last showed (a combo's preview and items, under the names
// MarkLastItem gives them), so a browser test can read the page's words; widgetText(name).
void MarkText(std::string_view name, std::string_view text);

// The serving panel's own inputs (panels/panel_serving.cpp), which a link holds as `serving=users:50` or
// `serving=rps:5` (the latency targets are the scenario's /speed fields). SetServingLink applies
// such a value and returns "" or the errors document (paths "/users", "/requests_per_s", "").
std::string ServingLinkValue();
std::string SetServingLink(std::string_view value);
std::string ServingStateJson();  // {"by":"users"|"rps","users":n,"requests_per_s":n}

}  // namespace gpucfg::app
