// A minimal 2-D chart on ImDrawList for the roofline and scaling panels (no ImPlot exists for this
// ImGui): a framed plot area with linear, log2 or log10 axes, grid lines, tick labels and axis
// titles, plus the pixel mapping and a nearest-point hover test. Drawing only: the panels pass in
// Report fields, nothing is computed here beyond the axis mapping.
#pragma once

#include <string>

#include "imgui.h"

namespace gpucfg::app {

struct ChartAxis {
  double lo = 0, hi = 1;  // data range shown (for log axes: > 0)
  int log_base = 0;       // 0 = linear, 2 or 10 = logarithmic
  std::string (*tick_label)(double) = nullptr;  // nullptr: "%g"
  double linear_step = 0; // linear axes: tick spacing (0 = (hi - lo) / 5)
};

struct Chart {
  ImDrawList* dl = nullptr;
  ImVec2 p0, p1;  // plot area (inside the axes), screen pixels
  ChartAxis x, y;

  float X(double v) const;
  float Y(double v) const;
  ImVec2 At(double xv, double yv) const { return ImVec2(X(xv), Y(yv)); }
  bool Contains(ImVec2 p) const { return p.x >= p0.x && p.x <= p1.x && p.y >= p0.y && p.y <= p1.y; }
  // Clips drawing to the plot area between PushClip and PopClip.
  void PushClip() const { dl->PushClipRect(p0, p1, true); }
  void PopClip() const { dl->PopClipRect(); }
};

// Reserves `height` pixels of the full available width at the cursor and draws the frame, grid,
// tick labels, the x title centred below and the y title above the y axis. `name` is the test-hook
// name of the plot area (MarkRect).
Chart DrawChartFrame(const char* name, float height, const ChartAxis& x, const ChartAxis& y,
                     const char* x_title, const char* y_title);

// A legend entry drawn inline: a colour swatch (line or dot) and its text, then SameLine.
void LegendItem(ImU32 color, const char* text, bool dot = false, bool dashed = false);

// Dashed straight line (ImDrawList has none).
void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash = 6.0f);

// Tick labels shared by the panels.
std::string TickCompact(double v);   // 0.1, 1, 10, 1k, 10k
std::string TickInteger(double v);   // 1, 2, ... 4096, 16k
std::string TickPercent(double v);   // 0..1 -> "40%"

}  // namespace gpucfg::app
