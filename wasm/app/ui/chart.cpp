// The chart frame of chart.h: axis mapping, grid, ticks and titles on ImDrawList.
#include "ui/chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

constexpr ImU32 kGrid = IM_COL32(226, 232, 240, 255);
constexpr ImU32 kGridMinor = IM_COL32(241, 245, 249, 255);
constexpr ImU32 kAxis = IM_COL32(148, 163, 184, 255);

double ToUnit(const ChartAxis& a, double v) {  // 0..1 along the axis
  if (a.log_base == 0) return (v - a.lo) / (a.hi - a.lo);
  const double lv = std::log(std::max(v, 1e-300)), llo = std::log(a.lo), lhi = std::log(a.hi);
  return (lv - llo) / (lhi - llo);
}

std::string Label(const ChartAxis& a, double v) {
  if (a.tick_label) return a.tick_label(v);
  return Fmt("%g", v);
}

struct Tick {
  double v;
  bool major;
};

std::vector<Tick> Ticks(const ChartAxis& a) {
  std::vector<Tick> ticks;
  if (a.log_base == 0) {
    const double step = a.linear_step > 0 ? a.linear_step : (a.hi - a.lo) / 5;
    for (double v = a.lo; v <= a.hi + step * 1e-6; v += step) ticks.push_back({v, true});
    return ticks;
  }
  const double base = a.log_base;
  const int k0 = static_cast<int>(std::floor(std::log(a.lo) / std::log(base) + 1e-9));
  const int k1 = static_cast<int>(std::ceil(std::log(a.hi) / std::log(base) - 1e-9));
  for (int k = k0; k <= k1; ++k) {
    const double v = std::pow(base, k);
    if (v >= a.lo * (1 - 1e-9) && v <= a.hi * (1 + 1e-9)) ticks.push_back({v, true});
    if (a.log_base == 10)
      for (int m = 2; m <= 9; ++m)
        if (v * m > a.lo && v * m < a.hi) ticks.push_back({v * m, false});
  }
  return ticks;
}

}  // namespace

float Chart::X(double v) const { return p0.x + static_cast<float>(ToUnit(x, v)) * (p1.x - p0.x); }
float Chart::Y(double v) const { return p1.y - static_cast<float>(ToUnit(y, v)) * (p1.y - p0.y); }

Chart DrawChartFrame(const char* name, float height, const ChartAxis& x, const ChartAxis& y,
                     const char* x_title, const char* y_title) {
  Chart c;
  c.dl = ImGui::GetWindowDrawList();
  c.x = x;
  c.y = y;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x, line = ImGui::GetTextLineHeight();
  const std::vector<Tick> xt = Ticks(x), yt = Ticks(y);
  float label_w = 0;
  for (const Tick& t : yt)
    if (t.major) label_w = std::max(label_w, ImGui::CalcTextSize(Label(y, t.v).c_str()).x);
  c.p0 = ImVec2(origin.x + label_w + 10, origin.y + line + 8);
  c.p1 = ImVec2(origin.x + width - 14, origin.y + height - 2 * line - 10);
  c.dl->AddRectFilled(c.p0, c.p1, IM_COL32(255, 255, 255, 255));
  // Grid and tick labels; x labels are skipped where they would collide with the previous one.
  for (const Tick& t : yt) {
    const float py = c.Y(t.v);
    c.dl->AddLine(ImVec2(c.p0.x, py), ImVec2(c.p1.x, py), t.major ? kGrid : kGridMinor);
    if (!t.major) continue;
    const std::string s = Label(y, t.v);
    const ImVec2 sz = ImGui::CalcTextSize(s.c_str());
    c.dl->AddText(ImVec2(c.p0.x - 6 - sz.x, py - sz.y / 2), kColorMuted, s.c_str());
  }
  float last_right = -1e9f;
  for (const Tick& t : xt) {
    const float px = c.X(t.v);
    c.dl->AddLine(ImVec2(px, c.p0.y), ImVec2(px, c.p1.y), t.major ? kGrid : kGridMinor);
    if (!t.major) continue;
    const std::string s = Label(x, t.v);
    const float w = ImGui::CalcTextSize(s.c_str()).x;
    const float left = std::clamp(px - w / 2, c.p0.x - w / 2, c.p1.x + 10 - w);
    if (left < last_right + 8) continue;
    c.dl->AddLine(ImVec2(px, c.p1.y), ImVec2(px, c.p1.y + 4), kAxis);
    c.dl->AddText(ImVec2(left, c.p1.y + 5), kColorMuted, s.c_str());
    last_right = left + w;
  }
  c.dl->AddRect(c.p0, c.p1, kAxis);
  // Titles: x centred under the tick labels, y above the axis (ImDrawList cannot rotate text).
  const float xw = ImGui::CalcTextSize(x_title).x;
  c.dl->AddText(ImVec2((c.p0.x + c.p1.x - xw) / 2, c.p1.y + line + 8), ImGui::GetColorU32(ImGuiCol_Text), x_title);
  c.dl->AddText(ImVec2(origin.x, origin.y), ImGui::GetColorU32(ImGuiCol_Text), y_title);
  ImGui::Dummy(ImVec2(width, height));
  MarkRect(name, c.p0.x, c.p0.y, c.p1.x, c.p1.y);
  return c;
}

void LegendItem(ImU32 color, const char* text, bool dot, bool dashed) {
  const float h = ImGui::GetTextLineHeight(), w = dot ? h * 0.6f : h * 1.4f;
  // Wrap to the next line rather than run past the panel (longer labels, narrower windows).
  if (ImGui::GetContentRegionAvail().x < w + 4 + ImGui::CalcTextSize(text).x) ImGui::NewLine();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (dot) dl->AddCircleFilled(ImVec2(p.x + w / 2, p.y + h / 2), w / 2, color);
  else if (dashed) DashedLine(dl, ImVec2(p.x, p.y + h / 2), ImVec2(p.x + w, p.y + h / 2), color, 1.5f, 4.0f);
  else dl->AddLine(ImVec2(p.x, p.y + h / 2), ImVec2(p.x + w, p.y + h / 2), color, 2.5f);
  ImGui::Dummy(ImVec2(w, h));
  ImGui::SameLine(0, 4);
  ImGui::TextUnformatted(text);
  ImGui::SameLine(0, 16);
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len),
                color, thickness);
  }
}

std::string TickCompact(double v) {
  if (v >= 1e6) return Fmt("%gM", v / 1e6);
  if (v >= 1e3) return Fmt("%gk", v / 1e3);
  return Fmt("%g", v);
}

std::string TickInteger(double v) { return v >= 1e4 ? Fmt("%gk", std::round(v / 1024)) : Fmt("%g", v); }

std::string TickPercent(double v) { return Fmt("%.0f%%", v * 100); }

}  // namespace gpucfg::app
