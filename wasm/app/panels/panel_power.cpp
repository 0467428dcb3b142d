// The power view (issue 10): where the cluster's power goes (GPUs / host / power-supply losses /
// cooling and facility, from Report.power), the racks the nodes fill against power.rack_kw, and a
// power-cap slider bound to /power/gpu_cap_w with a sweep of the same scenario at other caps, so
// speed and energy are seen moving together. Every figure is a Report field of the core's
// Evaluate (the sweep is Evaluate at other caps, reproducible with `gpucfg power`); the warnings
// are the core's. Drawing only.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "app.h"
#include "ui/chart.h"
#include "imgui.h"
#include "ui/widgets.h"
#include "gpucfg.h"

namespace gpucfg::app {
namespace {

constexpr ImU32 kGpuColor = IM_COL32(37, 99, 235, 255);
constexpr ImU32 kHostColor = IM_COL32(14, 165, 233, 255);
constexpr ImU32 kPsuColor = IM_COL32(148, 163, 184, 255);
constexpr ImU32 kCoolColor = IM_COL32(234, 88, 12, 255);
constexpr ImU32 kEnergyColor = IM_COL32(22, 128, 61, 255);

// The cluster's facility power in four parts (the core's PowerBreakdownOf).
void DrawBreakdown(const Report& r, const Scenario& s) {
  const PowerReport& p = r.power;
  const PowerBreakdown split = PowerBreakdownOf(s, r);
  const double parts[4] = {split.gpus_kw, split.hosts_kw, split.psu_loss_kw, split.facility_extra_kw};
  const S names[4] = {S::kPwGpus, S::kPwHost, S::kPwPsuLoss, S::kPwCooling};
  const ImU32 colors[4] = {kGpuColor, kHostColor, kPsuColor, kCoolColor};
  const double total = std::max(1e-9, parts[0] + parts[1] + parts[2] + parts[3]);
  SectionTitle(S::kPwWhere);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = 26.0f;
  float x = o.x;
  for (int i = 0; i < 4; ++i) {
    const float dx = static_cast<float>(w * parts[i] / total);
    dl->AddRectFilled(ImVec2(x, o.y), ImVec2(x + dx, o.y + h), colors[i]);
    x += dx;
  }
  MarkRect("power:breakdown", o.x, o.y, o.x + w, o.y + h);
  ImGui::Dummy(ImVec2(w, h));
  // Two columns when every entry fits in half the width, else one per line (phones, Chinese).
  char entry[4][160];
  float widest = 0;
  for (int i = 0; i < 4; ++i) {
    std::snprintf(entry[i], sizeof entry[i], "%s  %.3g kW (%.0f %%)", T(names[i]), parts[i], 100 * parts[i] / total);
    widest = std::max(widest, ImGui::CalcTextSize(entry[i]).x + ImGui::GetTextLineHeight() * 1.5f);
  }
  const bool two_columns = widest < w * 0.5f - 8;
  for (int i = 0; i < 4; ++i) {
    Swatch(colors[i]);
    ImGui::TextUnformatted(entry[i]);
    if (two_columns && i % 2 == 0) ImGui::SameLine(w * 0.5f);
  }
  ImGui::TextColored(ImColor(kColorMuted), T(S::kPwTotals), p.node_w / 1000, p.node_peak_w / 1000, p.facility_kw,
                     p.psus_per_node, p.psus_installed, p.heat_btu_per_h, p.airflow_cfm);
}

// Racks as columns; each node a block as tall as its peak against the rack's budget line.
void DrawRacks(const Report& r, const Scenario& s) {
  const PowerReport& p = r.power;
  SectionTitle(S::kPwRacks);
  const S cooling = p.cooling == "liquid" ? S::kPwLiquid : p.cooling == "immersion" ? S::kPwImmersion : S::kPwAir;
  WrapTextF(T(S::kPwRackSummary), p.racks, p.nodes_per_rack, p.rack_kw, s.power.rack_kw, T(cooling));
  if (p.racks <= 0 || p.nodes_per_rack <= 0) return;
  constexpr int kMaxDrawn = 12;
  const int drawn = std::min(p.racks, kMaxDrawn);
  const double node_kw = p.node_peak_w / 1000;
  const double scale_kw = std::max(s.power.rack_kw, p.rack_kw) * 1.1;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float h = 150.0f, gap = 10.0f, rack_w = std::min(64.0f, (ImGui::GetContentRegionAvail().x - 70 - gap * drawn) / drawn);  // room for the budget label
  const float base = o.y + h, budget_y = base - static_cast<float>(h * s.power.rack_kw / scale_kw);
  int left = s.cluster.nodes;
  for (int k = 0; k < drawn; ++k) {
    const float x0 = o.x + k * (rack_w + gap), x1 = x0 + rack_w;
    dl->AddRectFilled(ImVec2(x0, o.y), ImVec2(x1, base), IM_COL32(241, 245, 249, 255), 3.0f);
    const int in_rack = std::min(left, p.nodes_per_rack);
    left -= in_rack;
    for (int n = 0; n < in_rack; ++n) {
      const float y1 = base - static_cast<float>(h * node_kw * n / scale_kw);
      const float y0 = base - static_cast<float>(h * node_kw * (n + 1) / scale_kw);
      dl->AddRectFilled(ImVec2(x0 + 3, y0 + 1), ImVec2(x1 - 3, y1 - 1), in_rack * node_kw > s.power.rack_kw ? kColorBad : kGpuColor, 2.0f);
    }
    dl->AddRect(ImVec2(x0, o.y), ImVec2(x1, base), kColorMuted, 3.0f);
    MarkRect("power:rack:" + std::to_string(k), x0, o.y, x1, base);
  }
  const float right = o.x + drawn * (rack_w + gap) - gap;
  DashedLine(dl, ImVec2(o.x - 4, budget_y), ImVec2(right + 4, budget_y), kColorBad, 2.0f);
  dl->AddText(ImVec2(right + 8, budget_y - ImGui::GetTextLineHeight() / 2), kColorBad,
              Fmt("%.0f kW", s.power.rack_kw).c_str());
  ImGui::Dummy(ImVec2(right - o.x + 60, h + 4));
  if (p.racks > drawn) ImGui::TextColored(ImColor(kColorMuted), T(S::kPwMoreRacks), p.racks - drawn);
}

// The core's cap sweep of the scenario (SweepPowerCap), kept until anything but the cap changes.
struct CapSweep {
  std::string key;  // the scenario document with its cap set to 0
  PowerCapSweep sweep;
};

const PowerCapSweep& Sweep(const Scenario& s) {
  static CapSweep kept;
  static int serial = -1;
  if (serial == App().scenario_serial) return kept.sweep;
  serial = App().scenario_serial;
  Scenario copy = s;
  copy.power.gpu_cap_w = 0;
  std::string key = ScenarioToJson(copy);
  if (key == kept.key) return kept.sweep;
  kept.key = std::move(key);
  SweepPowerCap(copy, BuiltinCatalog(), kept.sweep);
  return kept.sweep;
}

double Ratio(double a, double b) { return b > 0 ? a / b : 0; }

void SweepChart(const PowerCapSweep& w, double cap_w, const PowerReport& now) {
  const PowerReport& b = w.base.power;
  double y_hi = 1.1;
  for (int i = 0; i < PowerCapSweep::kPoints; ++i) y_hi = std::max({y_hi, Ratio(w.energy_kwh[i], b.energy_kwh), Ratio(w.gpu_w[i], b.gpu_w)});
  const ChartAxis x{w.range.lo_w, w.range.hi_w, 0, &TickInteger};
  const ChartAxis y{0, y_hi, 0, &TickPercent, 0.2};
  const Chart ch = DrawChartFrame("power:cap_chart", 200.0f, x, y, T(S::kPwCapAxis), T(S::kPwCapYAxis));
  auto series = [&](const std::array<double, PowerCapSweep::kPoints>& v, double ref, ImU32 color) {
    if (ref <= 0) return;
    for (int i = 1; i < PowerCapSweep::kPoints; ++i)
      ch.dl->AddLine(ch.At(w.cap_w[i - 1], v[i - 1] / ref), ch.At(w.cap_w[i], v[i] / ref), color, 2.5f);
  };
  series(w.gpu_w, b.gpu_w, kPsuColor);
  series(w.energy_kwh, b.energy_kwh, kEnergyColor);
  series(w.throughput_factor, 1.0, kGpuColor);
  const float cx = ch.X(cap_w);
  DashedLine(ch.dl, ImVec2(cx, ch.p0.y), ImVec2(cx, ch.p1.y), kColorMuted, 1.5f);
  ch.dl->AddCircleFilled(ch.At(cap_w, now.throughput_factor), 5.0f, kGpuColor);
  if (b.energy_kwh > 0) ch.dl->AddCircleFilled(ch.At(cap_w, Ratio(now.energy_kwh, b.energy_kwh)), 5.0f, kEnergyColor);
  LegendItem(kGpuColor, T(S::kPwThroughput));
  if (b.energy_kwh > 0) LegendItem(kEnergyColor, T(S::kPwEnergy));
  LegendItem(kPsuColor, T(S::kPwGpuDraw));
  ImGui::NewLine();
}

void DrawCap(const Report& r, Scenario& s) {
  const PowerReport& p = r.power;
  SectionTitle(S::kPwCap);
  if (!FindGpu(BuiltinCatalog(), s.cluster.gpu)) return;
  if (!p.mode.empty()) {  // an edge module: power.mode sets its budget, not a cap
    ImGui::TextWrapped(T(S::kPwEdgeMode), std::string(p.mode).c_str());
    return;
  }
  const PowerCapSweep& w = Sweep(s);
  float cap = static_cast<float>(s.power.gpu_cap_w > 0 ? s.power.gpu_cap_w : p.gpu_board_w);
  ImGui::SetNextItemWidth(std::max(160.0f, ImGui::GetContentRegionAvail().x - 140));
  if (ImGui::SliderFloat("##gpu_cap_w", &cap, static_cast<float>(w.range.lo_w), static_cast<float>(w.range.hi_w), "%.0f W")) {
    s.power.gpu_cap_w = std::clamp(std::round(static_cast<double>(cap) / 5) * 5, w.range.lo_w, w.range.hi_w);
    App().dirty = true;
  }
  MarkLastItem("/power/gpu_cap_w");
  ImGui::SameLine();
  if (ImGui::Button(T(S::kPwCapReset))) {
    s.power.gpu_cap_w = 0;
    App().dirty = true;
  }
  MarkLastItem("power:cap_reset");
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kPwCapHint));
  if (!w.ok) return;
  const PowerReport& b = w.base.power;
  if (ImGui::BeginTable("cap_kpis", 3, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    Kpi(S::kPwThroughput, Fmt("%.1f %%", p.throughput_factor * 100), kGpuColor);
    MarkLastItem("power:throughput");
    ImGui::TableNextColumn();
    if (b.energy_kwh > 0) {
      Kpi(S::kPwEnergy, FmtSi(p.energy_kwh * 1000, "Wh") + Fmt("  (%+.1f %%)", 100 * (p.energy_kwh / b.energy_kwh - 1)), kEnergyColor);
      MarkLastItem("power:energy");
    }
    ImGui::TableNextColumn();
    Kpi(S::kPwGpuDraw, Fmt("%.0f W", p.gpu_w) + Fmt("  (%+.1f %%)", 100 * (Ratio(p.gpu_w, b.gpu_w) - 1)));
    ImGui::EndTable();
  }
  SweepChart(w, s.power.gpu_cap_w > 0 ? s.power.gpu_cap_w : p.gpu_board_w, p);
}

bool IsPowerCode(std::string_view c) {
  for (std::string_view prefix : {"power_", "psu_", "rack_", "inlet_"})
    if (c.substr(0, prefix.size()) == prefix) return true;
  return false;
}

void DrawPowerWarnings(const Report& r) {
  bool any = false;
  for (const Warning& w : r.warnings) {
    if (!IsPowerCode(w.code)) continue;
    if (!any) SectionTitle(S::kWarnings);
    any = true;
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(217, 119, 6, 255));
    ImGui::Bullet();
    ImGui::PopStyleColor();
    WrapText(WarningText(w));
    MarkLastItem(std::string("power:warning:") + std::string(w.code));
  }
}

}  // namespace

void DrawPowerPanel() {
  const Report& r = App().report;
  Scenario& s = App().scenario;
  DrawBreakdown(r, s);
  DrawCap(r, s);
  DrawRacks(r, s);
  DrawPowerWarnings(r);
}

}  // namespace gpucfg::app
