// The scaling view: weak-scaling efficiency and the communication share of the step from 1 GPU to
// the cluster size (performance.scaling[], log2 x-axis), the break point where communication
// reaches half the step (performance.scaling_break_gpus), a tooltip per GPU count, and the points
// as a table. Drawing only: every figure is a Report field.
#include <algorithm>
#include <cmath>
#include <string>

#include "app.h"
#include "ui/chart.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

constexpr ImU32 kEfficiencyColor = IM_COL32(37, 99, 235, 255);
constexpr ImU32 kCommColor = IM_COL32(234, 88, 12, 255);

void PointTooltip(const ScalingPoint& s) {
  ImGui::BeginTooltip();
  ImGui::Text("%d GPU  ·  TP %d  PP %d  DP %d", s.gpus, s.tp, s.pp, s.dp);
  ImGui::Separator();
  ImGui::TextColored(ImColor(kEfficiencyColor), "%s: %.1f %%", T(S::kEfficiency), s.efficiency * 100);
  ImGui::TextColored(ImColor(kCommColor), "%s: %.1f %%", T(S::kCommFraction), s.comm_fraction * 100);
  ImGui::Text("%s: %s", T(S::kStepTimeAt), FmtDuration(s.step_time_s).c_str());
  ImGui::Text("%s: %s", T(S::kTokensPerS), FmtCount(s.tokens_per_s).c_str());
  ImGui::Text("MFU: %.1f %%", s.mfu * 100);
  ImGui::EndTooltip();
}

// One series as a polyline with dots; returns nothing, hover is handled per GPU count below.
template <class Get>
void Series(const Chart& ch, const PerformanceReport& p, ImU32 color, Get get) {
  ImVec2 prev;
  for (int i = 0; i < p.scaling_count; ++i) {
    const ImVec2 c = ch.At(p.scaling[i].gpus, get(p.scaling[i]));
    if (i > 0) ch.dl->AddLine(prev, c, color, 2.5f);
    ch.dl->AddCircleFilled(c, 4.0f, color);
    prev = c;
  }
}

// The break marker carries only its GPU count, at the foot of the plot (curves rarely run along
// 0%); the sentence saying what it means goes under the legend.
void DrawBreak(const Chart& ch, const PerformanceReport& p) {
  const int break_gpus = p.scaling_break_gpus;
  if (break_gpus <= 0) return;
  const float x = ch.X(break_gpus);
  DashedLine(ch.dl, ImVec2(x, ch.p0.y), ImVec2(x, ch.p1.y), kColorBad, 2.0f);
  const std::string text = Fmt("%g GPU", break_gpus);
  const float w = ImGui::CalcTextSize(text.c_str()).x, line = ImGui::GetTextLineHeight();
  const float left = x + 6 + w < ch.p1.x ? x + 6 : x - 6 - w;  // flip to the left near the right edge
  const float top = ch.p1.y - line - 24;
  ch.dl->AddRectFilled(ImVec2(left - 2, top - 1), ImVec2(left + w + 2, top + line + 1), IM_COL32(255, 255, 255, 230));
  ch.dl->AddText(ImVec2(left, top), kColorBad, text.c_str());
}

void DrawHover(const Chart& ch, const PerformanceReport& p) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (!ch.Contains(mouse) || !ImGui::IsWindowHovered()) return;
  int nearest = 0;
  for (int i = 1; i < p.scaling_count; ++i)
    if (std::abs(ch.X(p.scaling[i].gpus) - mouse.x) < std::abs(ch.X(p.scaling[nearest].gpus) - mouse.x)) nearest = i;
  const ScalingPoint& s = p.scaling[nearest];
  const float x = ch.X(s.gpus);
  ch.dl->AddLine(ImVec2(x, ch.p0.y), ImVec2(x, ch.p1.y), kColorMuted);
  ch.dl->AddCircle(ch.At(s.gpus, s.efficiency), 7.0f, kEfficiencyColor, 0, 1.5f);
  ch.dl->AddCircle(ch.At(s.gpus, s.comm_fraction), 7.0f, kCommColor, 0, 1.5f);
  PointTooltip(s);
}

void DrawTable(const PerformanceReport& p) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("scaling_points", 7, flags)) return;
  ImGui::TableSetupColumn(T(S::kGpuCount));
  ImGui::TableSetupColumn(T(S::kParallelLayout), ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn(T(S::kStepTimeAt));
  ImGui::TableSetupColumn(T(S::kTokensPerS));
  ImGui::TableSetupColumn(T(S::kEfficiency), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn(T(S::kCommShare), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("MFU");
  ImGui::TableHeadersRow();
  for (int i = 0; i < p.scaling_count; ++i) {
    const ScalingPoint& s = p.scaling[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImColor(s.gpus == p.scaling_break_gpus ? kColorBad : ImGui::GetColorU32(ImGuiCol_Text)), "%d", s.gpus);
    ImGui::TableNextColumn();
    ImGui::Text("TP %d  PP %d  DP %d", s.tp, s.pp, s.dp);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FmtDuration(s.step_time_s).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FmtCount(s.tokens_per_s).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.1f %%", s.efficiency * 100);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f %%", s.comm_fraction * 100);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f %%", s.mfu * 100);
  }
  ImGui::EndTable();
}

}  // namespace

void DrawScalingPanel() {
  const PerformanceReport& p = App().report.performance;
  SectionTitle(S::kTabScaling);
  if (p.scaling_count == 0) {
    ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kScalingTrainingOnly));
    return;
  }
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kScalingTitle));
  double y_hi = 1.0;
  for (int i = 0; i < p.scaling_count; ++i) y_hi = std::max(y_hi, p.scaling[i].efficiency);
  const double x_hi = std::max(2, p.scaling[p.scaling_count - 1].gpus);
  const ChartAxis x{1, x_hi, 2, &TickInteger};
  const ChartAxis y{0, y_hi, 0, &TickPercent, 0.2};
  const float height = std::clamp(ImGui::GetContentRegionAvail().y * 0.55f, 260.0f, 380.0f);
  const Chart ch = DrawChartFrame("scaling_chart", height, x, y, T(S::kGpuCount), "%");
  Series(ch, p, kCommColor, [](const ScalingPoint& s) { return s.comm_fraction; });
  Series(ch, p, kEfficiencyColor, [](const ScalingPoint& s) { return s.efficiency; });
  DrawBreak(ch, p);
  for (int i = 0; i < p.scaling_count; ++i) {
    const ImVec2 c = ch.At(p.scaling[i].gpus, p.scaling[i].efficiency);
    MarkRect("scaling_point:" + std::to_string(i), c.x - 5, c.y - 5, c.x + 5, c.y + 5);
  }
  DrawHover(ch, p);
  LegendItem(kEfficiencyColor, T(S::kEfficiency));
  LegendItem(kCommColor, T(S::kCommFraction));
  ImGui::NewLine();
  if (p.scaling_break_gpus <= 0) ImGui::TextColored(ImColor(kColorGood), "%s", T(S::kScalingNoBreak));
  else ImGui::TextColored(ImColor(kColorBad), "%d GPU: %s", p.scaling_break_gpus, T(S::kScalingBreak));
  ImGui::Spacing();
  DrawTable(p);
}

}  // namespace gpucfg::app
