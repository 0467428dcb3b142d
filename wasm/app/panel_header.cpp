// The header bar: product name, the example menu (core/examples.cpp presets) and the language
// toggle. Drawn at the top of the full-canvas window.
#include "app.h"
#include "imgui.h"
#include "contract/json_io.h"
#include "widgets.h"

namespace gpucfg::app {

void DrawHeader() {
  AppState& app = App();
  ImGui::SetWindowFontScale(1.45f);
  ImGui::TextUnformatted(T(S::kTitle));
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kSubtitle));

  // Right-aligned: example menu, then the language toggle.
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* toggle = T(S::kLanguageToggle);
  const float toggle_w = ImGui::CalcTextSize(toggle).x + style.FramePadding.x * 2;
  const float combo_w = 220.0f;
  const float label_w = ImGui::CalcTextSize(T(S::kExample)).x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - toggle_w - combo_w - label_w - style.ItemSpacing.x * 2);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(S::kExample));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(combo_w);
  const bool open = ImGui::BeginCombo("##example", app.example.empty() ? "—" : app.example.c_str());
  MarkLastItem("example");
  if (open) {
    for (const ExampleScenario& e : ExampleNames()) {
      const std::string name(e.name);
      if (ImGui::Selectable(name.c_str(), name == app.example)) LoadExample(e.name);
      MarkLastItem("example:" + name);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(e.description.size()), e.description.data());
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button(toggle)) app.lang = app.lang == Lang::kEn ? Lang::kZh : Lang::kEn;
  MarkLastItem("language");
}

}  // namespace gpucfg::app
