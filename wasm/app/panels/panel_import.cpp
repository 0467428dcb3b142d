// The Hugging Face import: a config.json pasted into a text box (or opened through the browser's
// file picker, a JS hook) becomes the scenario's inline model through ScenarioFromHfConfig, the
// core function `gpucfg import-hf` prints. Errors are listed under the box with their JSON
// pointers; the scenario is unchanged then. No parsing or mapping of keys here.
#include <emscripten.h>
#include <emscripten/bind.h>

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <string>
#include <vector>

#include "app.h"
#include "gpucfg.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "ui/guest.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

struct ImportState {
  std::vector<char> text = std::vector<char>(64 * 1024, '\0');  // config.json files are a few KB
  std::vector<Issue> errors;
  std::string imported;  // the model's name after a successful import
  bool open = false;     // unfold the section (a file was opened, or a hook filled the box)
};

ImportState& State() {
  static ImportState s;
  return s;
}

void SetText(std::string_view text) {
  ImportState& s = State();
  ImGui::ClearActiveID();  // an active text box keeps its own copy; let it show the new text
  const size_t n = std::min(text.size(), s.text.size() - 1);
  std::memcpy(s.text.data(), text.data(), n);
  s.text[n] = '\0';
  s.open = true;
  RequestFrames();
}

// The browser's file picker; the chosen file's text comes back through hfImport().
EM_JS(void, OpenConfigFile, (), {
  var input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.onchange = function() {
    var f = input.files && input.files[0];
    if (f) f.text().then(function(t) { Module["hfImport"](t); });
  };
  input.click();
});

// A paste (Ctrl+V, the browser's menu) into the focused canvas while the box is being edited
// replaces the box's text with the clipboard's: ImGui's own clipboard cannot read the browser's.
EM_JS(void, InstallPasteListener, (), {
  var c = Module["canvas"];
  if (!c || Module["gpucfgPasteHooked"]) return;
  Module["gpucfgPasteHooked"] = 1;
  c.addEventListener("paste", function(e) {
    if (!Module["gpucfgHfActive"]) return;
    var t = e.clipboardData && e.clipboardData.getData("text");
    if (t) { e.preventDefault(); Module["setHfText"](t); }
  });
});
EM_JS(void, PublishHfActive, (int active), { Module["gpucfgHfActive"] = active; });
void PublishActive(bool active) {
  static int last = -1;
  if (last != int(active)) PublishHfActive(active ? 1 : 0);
  last = int(active);
}

}  // namespace

// Imports the box's text; returns "" or the errors document (what the page lists).
std::string ImportHfText() {
  ImportState& s = State();
  Scenario base = App().scenario;
  base.workload.generic_inline = false;  // the imported transformer replaces a network
  const JsonResult r = ScenarioFromHfConfig(s.text.data(), base);
  s.errors.clear();
  s.imported.clear();
  RequestFrames();
  if (!r.ok) {
    // The same issues as structs (ScenarioFromHfConfig writes them as its errors document).
    TransformerArch arch;
    std::string name;
    ImportHfConfig(s.text.data(), arch, name, s.errors);
    return r.text;
  }
  const std::string errors = LoadScenarioJson(r.text);
  if (errors.empty()) s.imported = App().scenario.workload.model;
  return errors;
}

void DrawImportPanel() {
  ImportState& s = State();
  ImGui::Spacing();
  if (s.open) ImGui::SetNextItemOpen(true);
  s.open = false;
  const bool open = ImGui::CollapsingHeader(T(S::kHfImport));
  MarkLastItem("hf:section");
  if (!open) return PublishActive(false);
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s", T(S::kHfPasteHint));
  ImGui::PopStyleColor();
  ImGui::InputTextMultiline("##hf", s.text.data(), s.text.size(), ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 6));
  MarkLastItem("hf:text");
  static bool hooked = false;
  if (!hooked) InstallPasteListener();
  hooked = true;
  PublishActive(ImGui::IsItemActive());
  if (ImGui::Button(T(S::kHfImportButton))) ImportHfText();
  MarkLastItem("hf:import");
  ImGui::SameLine();
  if (ImGui::Button(T(S::kHfOpenFile))) OpenConfigFile();
  MarkLastItem("hf:file");
  const WorkloadConfig& w = App().scenario.workload;
  if (!s.imported.empty() && s.errors.empty() && w.arch_inline && w.model == s.imported) {
    ImGui::PushStyleColor(ImGuiCol_Text, kColorGood);
    ImGui::TextWrapped(T(S::kHfImported), s.imported.c_str(), FmtCount(App().report.setup.parameters).c_str());
    ImGui::PopStyleColor();
    MarkLastItem("hf:ok");
  }
  if (s.errors.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, kColorBad);
  ImGui::TextUnformatted(T(S::kHfNotImported));
  MarkLastItem("hf:errors");
  for (const Issue& e : s.errors) {
    ImGui::Bullet();
    // Chinese: the error's headline first, the core's English sentence as the detail.
    const char* headline = App().lang == Lang::kZh ? ErrorHeadlineZh(e.code) : nullptr;
    ImGui::TextWrapped("%s  %s%s%s", e.path.empty() ? "/" : e.path.c_str(), headline ? headline : "",
                       headline ? ": " : "", e.message.c_str());
  }
  ImGui::PopStyleColor();
}

}  // namespace gpucfg::app

namespace {

// hfImport(text): fills the box (as the file picker does) and imports; "" or the errors document.
std::string HfImport(const std::string& text) {
  gpucfg::app::SetText(text);
  return gpucfg::app::ImportHfText();
}
// setHfText(text): fills the box only (a paste), for the page's tests to press Import themselves.
void SetHfText(const std::string& text) { gpucfg::app::SetText(text); }

}  // namespace

EMSCRIPTEN_BINDINGS(gpucfg_import) {
  emscripten::function("hfImport", &HfImport);
  emscripten::function("setHfText", &SetHfText);
}
