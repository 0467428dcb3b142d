// The roofline view: a log-log chart of one GPU's ceilings for the workload precision (datasheet
// peak, achievable matmul roof, HBM slope, ridge point) with the layer's operations as points
// (performance.roofline[]), a tooltip per point, and the same points as a table. Everything drawn
// is a Report field; the only arithmetic is the roof line itself, y = min(roof, intensity x GB/s).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app.h"
#include "ui/chart.h"
#include "imgui.h"
#include "gpucfg.h"
#include "ui/explain.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

constexpr ImU32 kComputeColor = IM_COL32(37, 99, 235, 255);
constexpr ImU32 kMemoryColor = IM_COL32(234, 88, 12, 255);
constexpr ImU32 kPeakColor = IM_COL32(100, 116, 139, 255);
constexpr ImU32 kHbmColor = IM_COL32(217, 119, 6, 255);

double Decade(double v, bool up) { return std::pow(10.0, up ? std::ceil(std::log10(v)) : std::floor(std::log10(v))); }

std::string OpLabel(std::string_view op) {
  const char* name = OpName(op);
  return name ? name : std::string(op);
}
std::string PhaseLabel(std::string_view phase) {
  const char* name = PhaseName(phase);
  return name ? name : std::string(phase);
}

// Axis ranges: whole decades around the points and both ridge points.
void Ranges(const PerformanceReport& p, ChartAxis& x, ChartAxis& y) {
  const RooflineCeiling& c = p.ceiling;
  double xlo = c.ridge_flops_per_byte / 20, xhi = std::max(c.ridge_flops_per_byte, c.peak_ridge_flops_per_byte) * 8;
  double ylo = c.achievable_tflops / 1000, yhi = c.peak_tflops * 1.5;
  for (int i = 0; i < p.roofline_count; ++i) {
    const RooflinePoint& r = p.roofline[i];
    if (r.intensity > 0) xlo = std::min(xlo, r.intensity / 1.5), xhi = std::max(xhi, r.intensity * 1.5);
    if (r.attainable_tflops > 0) ylo = std::min(ylo, r.attainable_tflops / 1.5);
  }
  x = ChartAxis{Decade(xlo, false), Decade(xhi, true), 10, &TickCompact};
  y = ChartAxis{Decade(ylo, false), Decade(yhi, true), 10, &TickCompact};
}

// A roof: the bandwidth slope up to its ridge, then flat. Returns the ridge's screen position.
ImVec2 DrawRoof(const Chart& ch, double tflops, double gbps, ImU32 slope_color, ImU32 flat_color, bool dashed) {
  const double ridge = tflops * 1000 / gbps;
  const ImVec2 a = ch.At(ch.x.lo, ch.x.lo * gbps / 1000), r = ch.At(ridge, tflops), b = ch.At(ch.x.hi, tflops);
  if (dashed) {
    DashedLine(ch.dl, a, r, slope_color, 1.5f);
    DashedLine(ch.dl, r, b, flat_color, 1.5f);
  } else {
    ch.dl->AddLine(a, r, slope_color, 2.5f);
    ch.dl->AddLine(r, b, flat_color, 2.5f);
  }
  return r;
}

// Label boxes already drawn on the chart (x0, y0, x1, y1), so point names avoid them.
using Boxes = std::vector<ImVec4>;

void PlaceText(const Chart& ch, Boxes& placed, ImVec2 at, ImU32 color, const std::string& text) {
  const ImVec2 sz = ImGui::CalcTextSize(text.c_str());
  ch.dl->AddText(at, color, text.c_str());
  placed.push_back(ImVec4(at.x, at.y, at.x + sz.x, at.y + sz.y));
}

// Roof labels sit left of the ridge above the roof (the slope is lower there), the ridge label at
// the bottom, the HBM label above the slope.
Boxes DrawCeilings(const Chart& ch, const RooflineCeiling& c) {
  ch.PushClip();
  DrawRoof(ch, c.peak_tflops, c.hbm_gbps, kPeakColor, kPeakColor, true);
  const ImVec2 ridge = DrawRoof(ch, c.achievable_tflops, c.achievable_hbm_gbps, kHbmColor, kComputeColor, false);
  // What the ops are priced at: the microbenchmark roof times the sustained-in-a-job share.
  const float sustained_y = ch.Y(c.sustained_tflops);
  DashedLine(ch.dl, ImVec2(ridge.x, sustained_y), ImVec2(ch.p1.x, sustained_y), kComputeColor, 1.5f);
  DashedLine(ch.dl, ImVec2(ridge.x, ridge.y), ImVec2(ridge.x, ch.p1.y), kColorMuted, 1.0f, 4.0f);
  ch.PopClip();
  Boxes placed;
  const float line = ImGui::GetTextLineHeight();
  const std::string peak = std::string(T(S::kPeakCompute)) + Fmt(" %.0f TFLOP/s", c.peak_tflops);
  const std::string ach = std::string(T(S::kAchievableMatmul)) + Fmt(" %.0f TFLOP/s", c.achievable_tflops);
  const float right = ridge.x - 8, top = std::min(ch.Y(c.peak_tflops), ridge.y);
  PlaceText(ch, placed, ImVec2(right - ImGui::CalcTextSize(ach.c_str()).x, top - line - 2), kComputeColor, ach);
  PlaceText(ch, placed, ImVec2(right - ImGui::CalcTextSize(peak.c_str()).x, top - 2 * line - 3), kPeakColor, peak);
  const std::string ridge_text = std::string(T(S::kRidge)) + Fmt(" %.0f FLOP/byte", c.ridge_flops_per_byte);
  PlaceText(ch, placed, ImVec2(ridge.x + 4, ch.p1.y - line - 2), kColorMuted, ridge_text);
  // HBM: the text's right end on the slope a third of the way up the chart, its box above the line.
  const std::string hbm = std::string(T(S::kHbmBandwidth)) + Fmt(" %.2f TB/s", c.achievable_hbm_gbps / 1000);
  const float w = ImGui::CalcTextSize(hbm.c_str()).x;
  const double y_at = std::pow(10.0, std::log10(ch.y.lo) + (std::log10(ch.y.hi) - std::log10(ch.y.lo)) / 3);
  const ImVec2 at = ch.At(y_at * 1000 / c.achievable_hbm_gbps, y_at);
  PlaceText(ch, placed, ImVec2(std::max(at.x - w - 4, ch.p0.x + 4), at.y - line - 4), kHbmColor, hbm);
  return placed;
}

void DrawMarker(ImDrawList* dl, ImVec2 c, const RooflinePoint& r, float s) {
  const ImU32 color = r.compute_bound ? kComputeColor : kMemoryColor;
  if (r.phase == "decode")  // decode as diamonds, training/prefill as dots
    dl->AddQuadFilled(ImVec2(c.x, c.y - s), ImVec2(c.x + s, c.y), ImVec2(c.x, c.y + s), ImVec2(c.x - s, c.y), color);
  else
    dl->AddCircleFilled(c, s * 0.85f, color);
}

void PointTooltip(const RooflinePoint& r) {
  ImGui::BeginTooltip();
  ImGui::Text("%s  (%s)", OpLabel(r.op).c_str(), PhaseLabel(r.phase).c_str());
  ImGui::Separator();
  ImGui::Text("%s: %.3g FLOP/byte", T(S::kIntensity), r.intensity);
  ImGui::Text("%s: %.3g TFLOP/s", T(S::kAttainable), r.attainable_tflops);
  ImGui::Text("%s: %s   %s: %s", T(S::kFlops), FmtSi(r.flops, "FLOP").c_str(), T(S::kHbmBytes), FmtSi(r.bytes, "B").c_str());
  ImGui::Text("%s: %s", T(S::kOpTime), FmtDuration(r.time_s).c_str());
  ImGui::TextColored(ImColor(r.compute_bound ? kComputeColor : kMemoryColor), "%s",
                     T(r.compute_bound ? S::kComputeBound : S::kMemoryBound));
  // What the point means and how its ceiling is found: min(compute roof, intensity x bandwidth).
  ImGui::Spacing();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  ImGui::TextWrapped("%s", T(S::kWhatRooflinePoint));
  ImGui::TextColored(ImColor(kColorAccent), "%s", T(S::kFormula));
  const RooflineCeiling& ceil = App().report.performance.ceiling;
  const std::string formula = std::string(T(S::kAttainable)) + " = min(" + T(S::kPeakCompute) + ", " + T(S::kIntensity) +
                              " x " + T(S::kHbmBandwidth) + ") = min(" + Fmt("%.0f", ceil.achievable_tflops) + ", " +
                              Fmt("%.3g", r.intensity) + " x " + Fmt("%.0f GB/s", ceil.achievable_hbm_gbps) + ") = " +
                              Fmt("%.3g TFLOP/s", r.attainable_tflops);
  ImGui::TextWrapped("%s", formula.c_str());
  NoteTooltip(OpLabel(r.op) + "\n" + T(S::kFlops) + ": " + FmtSi(r.flops, "FLOP") + "  " + T(S::kHbmBytes) + ": " +
              FmtSi(r.bytes, "B") + "\n" + T(S::kWhatRooflinePoint) + "\n" + T(S::kFormula) + ": " + formula);
  ExplainFooter(S::kSrcRoofline);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// Points, their names where they do not collide, and the hovered point's tooltip.
void DrawPoints(const Chart& ch, const PerformanceReport& p, Boxes placed) {
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hovered = -1;
  float best = 9.0f * 9.0f;
  for (int i = 0; i < p.roofline_count; ++i) {
    const RooflinePoint& r = p.roofline[i];
    if (r.intensity <= 0 || r.attainable_tflops <= 0) continue;
    const ImVec2 c = ch.At(r.intensity, r.attainable_tflops);
    DrawMarker(ch.dl, c, r, 5.0f);
    MarkRect("roofline_point:" + std::to_string(i), c.x - 5, c.y - 5, c.x + 5, c.y + 5);
    const float dx = mouse.x - c.x, dy = mouse.y - c.y;
    if (dx * dx + dy * dy < best && ImGui::IsWindowHovered()) best = dx * dx + dy * dy, hovered = i;
    const std::string name = OpLabel(r.op);
    const ImVec2 sz = ImGui::CalcTextSize(name.c_str());
    const ImVec4 box(c.x + 6, c.y + 3, c.x + 6 + sz.x, c.y + 3 + sz.y);  // below-right: under any roof
    const bool free = box.x > ch.p0.x && box.z < ch.p1.x && box.w < ch.p1.y && std::none_of(placed.begin(), placed.end(), [&](const ImVec4& b) {
      return box.x < b.z && b.x < box.z && box.y < b.w && b.y < box.w;
    });
    if (free) {
      ch.dl->AddText(ImVec2(box.x, box.y), kColorMuted, name.c_str());
      placed.push_back(box);
    }
  }
  if (hovered < 0) return;
  const RooflinePoint& r = p.roofline[hovered];
  ch.dl->AddCircle(ch.At(r.intensity, r.attainable_tflops), 8.0f, ImGui::GetColorU32(ImGuiCol_Text), 0, 1.5f);
  PointTooltip(r);
}

// The sustained roof has no label on the chart (it runs through the points): the legend names it.
void DrawLegend(const RooflineCeiling& c) {
  LegendItem(kComputeColor, T(S::kComputeBound), true);
  LegendItem(kMemoryColor, T(S::kMemoryBound), true);
  LegendItem(kComputeColor, T(S::kAchievableMatmul));
  const std::string sustained = std::string(T(S::kSustainedMatmul)) + Fmt(" %.0f TFLOP/s", c.sustained_tflops);
  LegendItem(kComputeColor, sustained.c_str(), false, true);
  LegendItem(kHbmColor, T(S::kHbmBandwidth));
  LegendItem(kPeakColor, T(S::kPeakCompute), false, true);
  ImGui::NewLine();
}

void DrawTable(const PerformanceReport& p) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("roofline_ops", 6, flags)) return;
  ImGui::TableSetupColumn(T(S::kOp), ImGuiTableColumnFlags_WidthStretch, 1.8f);
  ImGui::TableSetupColumn(T(S::kPhase), ImGuiTableColumnFlags_WidthStretch, 0.8f);
  ImGui::TableSetupColumn(T(S::kIntensity), ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableSetupColumn("TFLOP/s", ImGuiTableColumnFlags_WidthStretch, 0.8f);
  ImGui::TableSetupColumn(T(S::kOpTime), ImGuiTableColumnFlags_WidthStretch, 0.8f);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (int i = 0; i < p.roofline_count; ++i) {
    const RooflinePoint& r = p.roofline[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(OpLabel(r.op).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(PhaseLabel(r.phase).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", r.intensity);
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", r.attainable_tflops);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(FmtDuration(r.time_s).c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(ImColor(r.compute_bound ? kComputeColor : kMemoryColor), "%s",
                       T(r.compute_bound ? S::kComputeBound : S::kMemoryBound));
  }
  ImGui::EndTable();
}

}  // namespace

void DrawRooflinePanel() {
  const Report& r = App().report;
  const PerformanceReport& p = r.performance;
  const RooflineCeiling& c = p.ceiling;
  SectionTitle(S::kRooflineTitle);
  if (c.peak_tflops <= 0 || c.achievable_hbm_gbps <= 0) return;
  const std::string precision(PrecisionName(c.precision));
  ImGui::Text("%s  ·  %s  ·  HBM %.0f GB/s (%s %.0f GB/s)", App().scenario.cluster.gpu.c_str(), precision.c_str(),
              c.hbm_gbps, T(S::kAttainable), c.achievable_hbm_gbps);
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kRooflineHint));
  ChartAxis x, y;
  Ranges(p, x, y);
  const float height = std::clamp(ImGui::GetContentRegionAvail().y * 0.62f, 300.0f, 420.0f);
  const Chart ch = DrawChartFrame("roofline_chart", height, x, y, T(S::kIntensityAxis), T(S::kTflopsAxis));
  DrawPoints(ch, p, DrawCeilings(ch, c));
  DrawLegend(c);
  ImGui::Spacing();
  DrawTable(p);
}

}  // namespace gpucfg::app
