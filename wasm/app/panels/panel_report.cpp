// The report side: a tab bar over the views (overview, step time, roofline, scaling, compare; each
// view but the overview is its own panel_*.cpp). The overview holds the memory panel, the speed,
// power and cost figures, the step-time-vs-lower-bound bar, warnings and assumptions (in the page's
// language); an invalid scenario shows the core's errors with their JSON paths instead.
#include <algorithm>
#include <string>

#include "app.h"
#include "imgui.h"
#include "ui/explain.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

void DrawErrors(const Issues& errors) {
  ImGui::PushStyleColor(ImGuiCol_Text, kColorBad);
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted(T(S::kErrorsTitle));
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleColor();
  for (const Issue& e : errors) {
    ImGui::Bullet();
    // Chinese: the field's label and the error's headline, the core's English text as the detail.
    const bool zh = App().lang == Lang::kZh;
    const char* field = zh ? FieldLabel(e.path) : nullptr;
    const char* headline = zh ? ErrorHeadlineZh(e.code) : nullptr;
    ImGui::TextColored(ImColor(kColorMuted), "%s", field ? field : e.path.empty() ? "/" : e.path.c_str());
    if (field && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.path.c_str());
    ImGui::SameLine();
    if (headline) {
      ImGui::TextWrapped("%s", headline);
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      ImGui::TextWrapped("%s (%s)", e.message.c_str(), e.code.c_str());
      ImGui::PopStyleColor();
    } else {
      ImGui::TextWrapped("%s (%s)", e.message.c_str(), e.code.c_str());
    }
  }
}

void DrawResolved(const Report& r) {
  const ResolvedSetup& s = r.setup;
  const S conf = r.confidence == Confidence::kHigh ? S::kHigh : r.confidence == Confidence::kLow ? S::kLow : S::kMedium;
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s: %d GPU  ·  TP %d  PP %d  DP %d  ·  %s %s  ·  %s: %s", T(S::kResolved), s.total_gpus,
                     s.tp, s.pp, s.dp, FmtCount(s.parameters).c_str(), T(S::kParameters), T(S::kConfidence), T(conf));
  ImGui::PopStyleColor();
}

// Step time as a bar, with the lower bound marked: how far from peak the configuration runs.
void DrawStepBar(const PerformanceReport& p) {
  if (p.step_time_s <= 0) return;
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s", T(S::kStepVsBound));
  ImGui::PopStyleColor();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = 16.0f;
  const float frac = static_cast<float>(std::clamp(p.step_time_lower_bound_s / p.step_time_s, 0.0, 1.0));
  dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(191, 219, 254, 255), 3.0f);
  dl->AddRectFilled(o, ImVec2(o.x + w * frac, o.y + h), kColorAccent, 3.0f);
  ImGui::Dummy(ImVec2(w, h));
  ImGui::Text("%s %s  ·  %s %s", T(S::kLowerBound), FmtDuration(p.step_time_lower_bound_s).c_str(),
              T(S::kStepTime), FmtDuration(p.step_time_s).c_str());
}

// samples_per_s: networks and encoder-only transformers (contract v2), whole cluster.
void DrawSamples(const PerformanceReport& p) {
  if (p.samples_per_s <= 0) return;
  Kpi(S::kSamplesPerS, FmtCount(p.samples_per_s), kColorAccent);
  MarkLastItem("figure:samples_per_s");
}

void DrawSpeed(const Report& r) {
  const PerformanceReport& p = r.performance;
  SectionTitle(S::kPerformance);
  if (App().scenario.workload.kind == WorkloadKind::kTraining) {
    Kpi(S::kStepTime, FmtDuration(p.step_time_s));
    ExplainLastItem(Figure::kStepTime, "figure:step_time");
    if (p.tokens_per_s > 0) {
      Kpi(S::kTokensPerS, FmtCount(p.tokens_per_s));
      ExplainLastItem(Figure::kTokensPerS, "figure:tokens_per_s");
    }
    DrawSamples(p);
    Kpi(S::kMfu, Fmt("%.1f %%", p.mfu * 100), kColorAccent);
    ExplainLastItem(Figure::kMfu, "mfu");
    Kpi(S::kTflopsPerGpu, Fmt("%.1f", p.tflops_per_gpu));
    ExplainLastItem(Figure::kTflopsPerGpu, "figure:tflops_per_gpu");
    if (p.time_to_train_s > 0) {
      Kpi(S::kTimeToTrain, FmtDuration(p.time_to_train_s));
      ExplainLastItem(Figure::kTimeToTrain, "figure:time_to_train");
      Kpi(S::kGpuHours, FmtCount(p.gpu_hours));
      ExplainLastItem(Figure::kGpuHours, "figure:gpu_hours");
    }
  } else {
    // Networks (and encoder-only transformers) answer per batch of samples, decoders per token.
    if (p.latency_s > 0) {
      Kpi(S::kBatchLatency, FmtDuration(p.latency_s));
      MarkLastItem("figure:latency_s");
    }
    DrawSamples(p);
    if (p.tpot_s <= 0) return;
    Kpi(S::kTtft, FmtDuration(p.ttft_s));
    ExplainLastItem(Figure::kTtft, "figure:ttft");
    Kpi(S::kTpot, FmtDuration(p.tpot_s));
    ExplainLastItem(Figure::kTpot, "figure:tpot");
    Kpi(S::kOutputTokensPerS, FmtCount(p.output_tokens_per_s), kColorAccent);
    ExplainLastItem(Figure::kOutputTokens, "figure:output_tokens_per_s");
  }
}

void DrawPower(const PowerReport& w) {
  SectionTitle(S::kPower);
  Kpi(S::kPerGpu, Fmt("%.0f W", w.gpu_w));
  ExplainLastItem(Figure::kGpuPower, "figure:gpu_w");
  Kpi(S::kPerNode, Fmt("%.2f kW", w.node_w / 1000));
  ExplainLastItem(Figure::kNodePower, "figure:node_w");
  Kpi(S::kClusterPower, Fmt("%.3g kW", w.cluster_kw));
  ExplainLastItem(Figure::kClusterPower, "figure:cluster_kw");
  Kpi(S::kFacility, Fmt("%.3g kW", w.facility_kw));
  ExplainLastItem(Figure::kFacility, "figure:facility_kw");
  if (w.energy_kwh > 0) {
    Kpi(S::kEnergy, FmtSi(w.energy_kwh * 1000, "Wh"));
    ExplainLastItem(Figure::kEnergy, "figure:energy");
  }
}

// A setup that does not fit in memory cannot run: it shows the price it would pay per GPU-hour,
// not a cluster or job cost as if it ran.
void DrawCost(const Report& r) {
  const CostReport& c = r.cost;
  SectionTitle(S::kCost);
  Kpi(S::kGpuHourPrice, FmtMoney(c.per_gpu_hour, c.currency));
  ExplainLastItem(Figure::kGpuHourPrice, "figure:per_gpu_hour");
  if (!r.memory.fits) {
    ImGui::PushStyleColor(ImGuiCol_Text, kColorBad);
    ImGui::TextWrapped("%s", T(S::kNoCostNoFit));
    ImGui::PopStyleColor();
    MarkLastItem("cost:no_fit");
    return;
  }
  Kpi(S::kClusterPerHour, FmtMoney(c.per_hour, c.currency), kColorAccent);
  ExplainLastItem(Figure::kClusterPerHour, "figure:per_hour");
  if (c.total > 0) {
    Kpi(S::kJobRental, FmtMoney(c.total, c.currency));
    ExplainLastItem(Figure::kJobRental, "figure:total");
  }
  if (c.electricity_total > 0) {
    Kpi(S::kElectricityCost, FmtMoney(c.electricity_total, c.currency));
    ExplainLastItem(Figure::kElectricityCost, "figure:electricity_total");
  }
}

void DrawWarningList(S title, const WarningList& list, ImU32 color) {
  if (list.count == 0) return;
  SectionTitle(title);
  for (const Warning& w : list) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::Bullet();
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s", WarningText(w).c_str());
    if (!w.path.empty() && ImGui::IsItemHovered())
      ImGui::SetTooltip("%.*s  (%.*s)", static_cast<int>(w.path.size()), w.path.data(),
                        static_cast<int>(w.code.size()), w.code.data());
  }
}

void DrawOverview() {
  const Report& r = App().report;
  DrawResolved(r);
  DrawMemoryPanel();
  ImGui::Spacing();
  DrawStepBar(r.performance);
  if (ImGui::BeginTable("figures", 3, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableNextColumn();
    DrawSpeed(r);
    ImGui::TableNextColumn();
    DrawPower(r.power);
    ImGui::TableNextColumn();
    DrawCost(r);
    ImGui::EndTable();
  }
  DrawWarningList(S::kWarnings, r.warnings, IM_COL32(217, 119, 6, 255));
  DrawWarningList(S::kAssumptions, r.assumptions, kColorMuted);
  ImGui::Spacing();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kReplay));
}

struct View {
  const char* id;  // AppState::view, the tab's ImGui id and its test hook "tab:<id>"
  S label;
  void (*draw)();
  bool needs_report;  // shows the errors instead when the scenario is invalid
};

constexpr View kViews[] = {
    {"overview", S::kTabOverview, DrawOverview, true},
    {"breakdown", S::kTabBreakdown, DrawBreakdownPanel, true},
    {"roofline", S::kTabRoofline, DrawRooflinePanel, true},
    {"scaling", S::kTabScaling, DrawScalingPanel, true},
    {"compare", S::kTabCompare, DrawComparePanel, false},
    {"planner", S::kTabPlanner, DrawPlannerPanel, false},
    {"power", S::kTabPower, DrawPowerPanel, true},
    {"mig", S::kTabMig, DrawMigPanel, false},
};

}  // namespace

void DrawReportPanel() {
  // Narrow: tabs keep their labels and scroll sideways rather than shrinking to a letter each.
  // Tabs keep their labels at every width (eight of them do not fit 800 px): the bar scrolls, with
  // arrows, instead of shrinking them to "Ove…".
  const ImGuiTabBarFlags tab_flags = ImGuiTabBarFlags_FittingPolicyScroll;
  if (!ImGui::BeginTabBar("views", tab_flags)) return;
  for (const View& v : kViews) {
    // "###id" keeps the tab's identity when the language (its label) changes.
    const std::string label = std::string(T(v.label)) + "###" + v.id;
    const bool requested = App().requested_view == v.id;
    const bool open = ImGui::BeginTabItem(label.c_str(), nullptr, requested ? ImGuiTabItemFlags_SetSelected : 0);
    if (requested) App().requested_view.clear();
    MarkLastItem(std::string("tab:") + v.id);
    if (!open) continue;
    App().view = v.id;
    // Wide: the view scrolls below the tab bar, which stays in place. Narrow: the whole column
    // scrolls, the view is part of it.
    if (!App().narrow) BeginWrappedChild("view_body", ImVec2(0, 0), false);
    if (v.needs_report && !App().report.errors.empty()) DrawErrors(App().report.errors);
    else v.draw();
    if (!App().narrow) EndWrappedChild();
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace gpucfg::app
