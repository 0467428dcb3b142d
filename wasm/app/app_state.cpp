// The page's single state (one Scenario, its Report, the language), the JSON views of it the page
// and the browser test read, the widget-rectangle test hooks, and the Embind functions that expose
// them next to the API of wasm/api.cpp: state(), setScenario(json), loadExample(name),
// setLanguage(lang), widgetRect(name).
#include <emscripten.h>
#include <emscripten/bind.h>

#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "app.h"
#include "ui/explain.h"
#include "ui/fonts.h"
#include "ui/guest.h"
#include "imgui.h"
#include "gpucfg.h"

namespace gpucfg::app {
namespace {

struct Rect {
  float x0, y0, x1, y1;
};

std::map<std::string, Rect, std::less<>>& Rects() {
  static std::map<std::string, Rect, std::less<>> rects;
  return rects;
}

std::map<std::string, std::string, std::less<>>& Texts() {
  static std::map<std::string, std::string, std::less<>> texts;
  return texts;
}

}  // namespace

// Tells the embedding page the scenario changed, so it can keep it in the URL hash.
EM_JS(void, NotifyScenarioChange, (const char* json), {
  if (typeof Module["onScenarioChange"] === "function") Module["onScenarioChange"](UTF8ToString(json));
});

// Tells the page that something a link holds (scenario, language, view, pins, serving) changed.
EM_JS(void, NotifyStateChange, (), {
  if (typeof Module["onStateChange"] === "function") Module["onStateChange"]();
});

AppState& App() {
  static AppState state;
  return state;
}

void SetLanguage(Lang lang) {
  AppState& app = App();
  app.lang = lang;
  PricingConfig& p = app.scenario.pricing;
  if (lang == Lang::kZh && p.currency == "USD" && p.per_gpu_hour == 0) {
    p.currency = "CNY";
    app.currency_from_language = true;
    app.dirty = true;
  } else if (lang == Lang::kEn && app.currency_from_language && p.currency == "CNY" && p.per_gpu_hour == 0) {
    p.currency = "USD";
    app.currency_from_language = false;
    app.dirty = true;
  }
  RequestFrames();
}

void RefreshReport() {
  AppState& app = App();
  if (!app.dirty) return;
  app.dirty = false;
  app.report = Evaluate(app.scenario);
  ++app.scenario_serial;
  RequestFrames();  // the canvas shows the new report even if nothing else moves
  const std::string json = ScenarioToJson(app.scenario, -1);
  CheckGlyphs(json);  // a name in characters the UI font lacks fetches the larger CJK font
  NotifyScenarioChange(json.c_str());
}

std::string LoadScenarioJson(std::string_view text) {
  ParseResult parsed = ParseScenario(text);
  if (!parsed.ok()) return ErrorsToJson(parsed.errors);
  App().scenario = std::move(parsed.scenario);
  App().example.clear();  // no longer one of the named examples
  App().dirty = true;
  return "";
}

std::string LoadScenarioLenient(std::string_view text) {
  ParseResult parsed = ParseScenario(text);
  // A text that is not JSON (or not an object) has no valid parts to show.
  const bool unparsable = !parsed.errors.empty() && parsed.errors.front().path.empty() &&
                          parsed.errors.front().code != "missing_field";
  // Neither has a document that set nothing (every key unknown or bad: {"__proto__": ...},
  // {"a": {"a": ...}}): showing the contract's bare defaults would be a scenario nobody asked for,
  // so the page keeps what it shows (the default at start) and the banner says why.
  const bool nothing_valid = !parsed.ok() && ScenarioToJson(parsed.scenario, -1) == ScenarioToJson(Scenario{}, -1);
  if (!unparsable && !nothing_valid) {
    App().scenario = std::move(parsed.scenario);
    App().example.clear();
    App().dirty = true;
  }
  return parsed.ok() ? "" : ErrorsToJson(parsed.errors);
}

std::string LoadPinsJson(std::string_view text) {
  AppState& app = App();
  Issues issues;
  nlohmann::json list = nlohmann::json::parse(text, nullptr, false);
  if (list.is_discarded() || !list.is_array()) {
    return ErrorsToJson(Issues{Issue{"invalid_pins", "expected a JSON array of scenario documents", ""}});
  }
  app.pinned.clear();
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string prefix = "/" + std::to_string(i);
    if (static_cast<int>(app.pinned.size()) >= AppState::kMaxPinned) {
      issues.push_back(Issue{"too_many_pins", "at most " + std::to_string(AppState::kMaxPinned) + " scenarios", prefix});
      continue;
    }
    ParseResult parsed = ParseScenario(list[i].dump());
    for (Issue& e : parsed.errors) issues.push_back(Issue{e.code, e.message, prefix + e.path});
    if (!parsed.ok()) continue;
    auto slot = std::make_unique<PinnedScenario>();
    slot->scenario = std::move(parsed.scenario);
    slot->report = Evaluate(slot->scenario);
    slot->label = "#" + std::to_string(++app.pin_serial);
    CheckGlyphs(ScenarioToJson(slot->scenario, -1));
    app.pinned.push_back(std::move(slot));
  }
  RequestFrames();
  return issues.empty() ? "" : ErrorsToJson(issues);
}

bool LoadExample(std::string_view name) {
  Scenario s;
  if (!MakeExample(name, s)) return false;
  App().scenario = std::move(s);
  App().example = std::string(name);
  App().dirty = true;
  // An example is priced in USD; on the Chinese page it opens in ¥ like the default does (the
  // currency follows the language until the user picks one).
  App().currency_from_language = false;
  SetLanguage(App().lang);
  return true;
}

bool PinCurrent() {
  AppState& app = App();
  RefreshReport();
  if (!app.report.errors.empty() || static_cast<int>(app.pinned.size()) >= AppState::kMaxPinned) return false;
  auto slot = std::make_unique<PinnedScenario>();
  slot->scenario = app.scenario;
  slot->report = Evaluate(slot->scenario);  // evaluated in place: its views refer to this copy
  slot->label = "#" + std::to_string(++app.pin_serial);
  app.pinned.push_back(std::move(slot));
  return true;
}

void RemovePinned(int index) {
  AppState& app = App();
  if (index >= 0 && index < static_cast<int>(app.pinned.size())) app.pinned.erase(app.pinned.begin() + index);
}

std::string StateJson() {
  AppState& app = App();
  RefreshReport();
  const Report& r = app.report;
  std::string report = r.errors.empty() ? ReportToJson(r, -1) : ErrorsToJson(r.errors, -1);
  std::string pinned = "[";
  for (const auto& p : app.pinned) {
    if (pinned.size() > 1) pinned += ",";
    // Labels are "#n": plain ASCII, no escaping needed.
    pinned += "{\"label\":\"" + p->label + "\",\"scenario\":" + ScenarioToJson(p->scenario, -1) + "}";
  }
  pinned += "]";
  return "{\"scenario\":" + ScenarioToJson(app.scenario, -1) + ",\"report\":" + report +
         ",\"language\":\"" + (app.lang == Lang::kZh ? "zh-CN" : "en") + "\",\"view\":\"" + app.view +
         "\",\"pinned\":" + pinned + ",\"serving\":" + ServingStateJson() + "}";
}

void NotifyIfLinkChanged() {
  const AppState& app = App();
  static std::string last;
  std::string key = std::to_string(app.scenario_serial) + "|" + std::to_string(app.pin_serial) + "|" +
                    std::to_string(app.pinned.size()) + "|" + app.view + "|" + (app.lang == Lang::kZh ? "zh" : "en") +
                    "|" + ServingLinkValue();
  if (key == last) return;
  last = std::move(key);
  NotifyStateChange();
}

void MarkLastItem(std::string_view name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  MarkRect(name, a.x, a.y, b.x, b.y);
}

void MarkRect(std::string_view name, float x0, float y0, float x1, float y1) {
  auto it = Rects().find(name);
  if (it == Rects().end()) it = Rects().emplace(std::string(name), Rect{}).first;
  it->second = Rect{x0, y0, x1, y1};
}

void MarkText(std::string_view name, std::string_view text) {
  auto it = Texts().find(name);
  if (it == Texts().end()) it = Texts().emplace(std::string(name), std::string()).first;
  if (it->second != text) it->second.assign(text);
}

std::string WidgetText(std::string_view name) {
  auto it = Texts().find(name);
  return it == Texts().end() ? std::string() : it->second;
}

std::string WidgetRectJson(std::string_view name) {
  auto it = Rects().find(name);
  if (it == Rects().end()) return "null";
  const Rect& r = it->second;
  char buf[160];
  std::snprintf(buf, sizeof buf, "{\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}", r.x0, r.y0,
                r.x1 - r.x0, r.y1 - r.y0);
  return buf;
}

}  // namespace gpucfg::app

namespace {

std::string State() { return gpucfg::app::StateJson(); }
std::string SetScenario(const std::string& json) { return gpucfg::app::LoadScenarioJson(json); }
bool LoadExampleByName(const std::string& name) { return gpucfg::app::LoadExample(name); }
std::string WidgetRect(const std::string& name) { return gpucfg::app::WidgetRectJson(name); }
std::string WidgetTextOf(const std::string& name) { return gpucfg::app::WidgetText(name); }
std::string ServingLink() { return gpucfg::app::ServingLinkValue(); }
std::string SetServing(const std::string& value) { return gpucfg::app::SetServingLink(value); }
void SetLanguage(const std::string& lang) {
  gpucfg::app::SetLanguage(lang.rfind("zh", 0) == 0 ? gpucfg::app::Lang::kZh : gpucfg::app::Lang::kEn);
}
int FramesDrawn() { return gpucfg::app::FramesDrawn(); }
std::string Tooltip() { return gpucfg::app::LastTooltip(); }
std::string LoadLink(const std::string& json) { return gpucfg::app::LoadScenarioLenient(json); }
std::string SetPins(const std::string& json) { return gpucfg::app::LoadPinsJson(json); }
// Opens a view of the report side ("overview", "breakdown", "roofline", "scaling", "compare").
void SetView(const std::string& view) {
  gpucfg::app::App().requested_view = view;
  gpucfg::app::RequestFrames();
}

}  // namespace

EMSCRIPTEN_BINDINGS(gpucfg_app) {
  emscripten::function("state", &State);
  emscripten::function("setScenario", &SetScenario);
  emscripten::function("loadExample", &LoadExampleByName);
  emscripten::function("setLanguage", &SetLanguage);
  emscripten::function("widgetRect", &WidgetRect);
  emscripten::function("widgetText", &WidgetTextOf);
  emscripten::function("servingLink", &ServingLink);
  emscripten::function("setServing", &SetServing);
  emscripten::function("framesDrawn", &FramesDrawn);
  emscripten::function("tooltip", &Tooltip);
  emscripten::function("loadLink", &LoadLink);
  emscripten::function("setPins", &SetPins);
  emscripten::function("setView", &SetView);
}
