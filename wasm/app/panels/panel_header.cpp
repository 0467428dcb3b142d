// The header bar: product name, the example menu (core/contract/examples.cpp presets) and the language
// toggle. Drawn at the top of the full-canvas window.
#include "app.h"
#include "imgui.h"
#include "gpucfg.h"
#include "ui/widgets.h"

namespace gpucfg::app {

namespace {

void ExampleCombo(float width) {
  AppState& app = App();
  ImGui::SetNextItemWidth(width);
  const bool open = ImGui::BeginCombo("##example", app.example.empty() ? "—" : app.example.c_str());
  MarkLastItem("example");
  if (!open) return;
  for (const ExampleScenario& e : ExampleNames()) {
    const std::string name(e.name);
    if (ImGui::Selectable(name.c_str(), name == app.example)) LoadExample(e.name);
    MarkLastItem("example:" + name);
    const char* zh = app.lang == Lang::kZh ? ExampleDescriptionZh(e.name) : nullptr;
    if (ImGui::IsItemHovered() && zh) ImGui::SetTooltip("%s", zh);
    else if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(e.description.size()), e.description.data());
  }
  ImGui::EndCombo();
}

bool LanguageButton() {
  AppState& app = App();
  const bool clicked = ImGui::Button(T(S::kLanguageToggle));
  MarkLastItem("language");
  if (clicked) SetLanguage(app.lang == Lang::kEn ? Lang::kZh : Lang::kEn);
  return clicked;
}

float ButtonWidth(const char* label) { return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2; }

// A phone: the title and the language toggle on one line, the example menu full width below.
void DrawNarrowHeader() {
  ImGui::SetWindowFontScale(1.3f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(S::kTitle));
  MarkLastItem("title");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ButtonWidth(T(S::kLanguageToggle)));
  LanguageButton();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s", T(S::kSubtitle));
  ImGui::PopStyleColor();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(S::kExample));
  ImGui::SameLine();
  ExampleCombo(ImGui::GetContentRegionAvail().x);
}

}  // namespace

void DrawHeader() {
  if (App().narrow) {
    DrawNarrowHeader();
    return;
  }
  ImGui::SetWindowFontScale(1.45f);
  ImGui::TextUnformatted(T(S::kTitle));
  MarkLastItem("title");
  ImGui::SetWindowFontScale(1.0f);
  // Right-aligned: example menu, then the language toggle; the subtitle only where it fits.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float toggle_w = ButtonWidth(T(S::kLanguageToggle));
  const float combo_w = 220.0f;
  const float label_w = ImGui::CalcTextSize(T(S::kExample)).x;
  const float right_w = toggle_w + combo_w + label_w + style.ItemSpacing.x * 2;
  const float title_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
  const float subtitle_w = ImGui::CalcTextSize(T(S::kSubtitle)).x + style.ItemSpacing.x * 2;
  if (title_end + subtitle_w < ImGui::GetWindowContentRegionMax().x - right_w) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kSubtitle));
  }
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - right_w);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(T(S::kExample));
  ImGui::SameLine();
  ExampleCombo(combo_w);
  ImGui::SameLine();
  LanguageButton();
}

}  // namespace gpucfg::app
