// The step-time view. Training: where one step's time goes (performance.breakdown) as a horizontal
// stacked bar with a legend in seconds and shares, plus MFU/HFU, communication and bubble shares
// and the cost per 1M trained tokens. Inference: TTFT, TPOT and request latency (bar: first token
// vs. the rest of decode), throughput, the best batch within the latency targets and the cost per
// 1M output tokens. Drawing only: every figure is a Report (or Scenario target) field.
#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <utility>

#include "app.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

struct Part {
  S label;
  double s;
  ImU32 color;
};

std::array<Part, 10> TrainingParts(const StepBreakdown& b) {
  return {{{S::kCompute, b.compute_s, IM_COL32(37, 99, 235, 255)},
           {S::kRecomputeTime, b.recompute_s, IM_COL32(96, 165, 250, 255)},
           {S::kTpComm, b.tp_comm_s, IM_COL32(234, 88, 12, 255)},
           {S::kPpComm, b.pp_comm_s, IM_COL32(245, 158, 11, 255)},
           {S::kEpComm, b.ep_comm_s, IM_COL32(124, 58, 237, 255)},
           {S::kCpComm, b.cp_comm_s, IM_COL32(13, 148, 136, 255)},
           {S::kBubble, b.bubble_s, IM_COL32(148, 163, 184, 255)},
           {S::kDpComm, b.dp_comm_s, IM_COL32(220, 38, 38, 255)},
           {S::kZero3Comm, b.zero3_comm_s, IM_COL32(190, 24, 93, 255)},
           {S::kOptimizerTime, b.optimizer_s, IM_COL32(22, 163, 74, 255)}}};
}

// Segments left to right over the full width, each with a tooltip and its share written inside
// when it is wide enough.
template <size_t N>
void StackedBar(const char* name, const std::array<Part, N>& parts) {
  double total = 0;
  for (const Part& p : parts) total += std::max(p.s, 0.0);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = 30.0f;
  dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(241, 245, 249, 255), 4.0f);
  float x = o.x;
  for (const Part& p : parts) {
    if (p.s <= 0 || total <= 0) continue;
    const float pw = static_cast<float>(p.s / total) * w;
    const ImVec2 a(x, o.y), b(x + pw, o.y + h);
    dl->AddRectFilled(a, b, p.color);
    const std::string share = Fmt("%.0f%%", p.s / total * 100);
    const ImVec2 ts = ImGui::CalcTextSize(share.c_str());
    if (ts.x + 6 < pw) dl->AddText(ImVec2(x + (pw - ts.x) / 2, o.y + (h - ts.y) / 2), IM_COL32_WHITE, share.c_str());
    if (ImGui::IsMouseHoveringRect(a, b) && ImGui::IsWindowHovered())
      ImGui::SetTooltip("%s: %s (%.1f %%)", T(p.label), FmtDuration(p.s).c_str(), p.s / total * 100);
    x += pw;
  }
  ImGui::Dummy(ImVec2(w, h));
  MarkLastItem(name);
}

// Legend as a table: swatch + name | seconds | share of the total.
template <size_t N>
void PartTable(const char* id, const std::array<Part, N>& parts) {
  double total = 0;
  for (const Part& p : parts) total += std::max(p.s, 0.0);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable(id, 3, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn(T(S::kSeconds), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(T(S::kShare), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (const Part& p : parts) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    Swatch(p.color);
    ImGui::TextColored(ImColor(p.s > 0 ? ImGui::GetColorU32(ImGuiCol_Text) : kColorMuted), "%s", T(p.label));
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", p.s);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f %%", total > 0 ? p.s / total * 100 : 0.0);
  }
  ImGui::EndTable();
}

// Headline figures in three columns.
void KpiRow(const char* id, std::initializer_list<std::pair<S, std::string>> kpis) {
  if (!ImGui::BeginTable(id, 3, ImGuiTableFlags_SizingStretchSame)) return;
  for (const auto& [caption, value] : kpis) {
    ImGui::TableNextColumn();
    Kpi(caption, value);
  }
  ImGui::EndTable();
}

void DrawTraining(const Report& r) {
  const PerformanceReport& p = r.performance;
  SectionTitle(S::kBreakdownTitle);
  ImGui::Text("%s: %s", T(S::kStepTime), FmtDuration(p.step_time_s).c_str());
  const auto parts = TrainingParts(p.breakdown);
  StackedBar("breakdown_bar", parts);
  ImGui::Spacing();
  PartTable("breakdown_parts", parts);
  ImGui::TextColored(ImColor(kColorMuted), "%s: %s", T(S::kDpCommTotal), FmtDuration(p.breakdown.dp_comm_total_s).c_str());
  ImGui::Spacing();
  KpiRow("training_kpis", {{S::kMfu, Fmt("%.1f %%", p.mfu * 100)},
          {S::kHfu, Fmt("%.1f %%", p.hfu * 100)},
          {S::kMicroBatches, Fmt("%.0f", p.micro_batches)},
          {S::kCommShare, Fmt("%.1f %%", p.comm_fraction * 100)},
          {S::kBubbleShare, Fmt("%.1f %%", p.bubble_fraction * 100)},
          {S::kCostPerMTrained, r.cost.per_million_tokens > 0 ? FmtMoney(r.cost.per_million_tokens, r.cost.currency) : "—"}});
}

void DrawBestBatch(const PerformanceReport& p, const SpeedOptions& targets) {
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::Text("%s (%s: TPOT ≤ %g ms, TTFT ≤ %g ms)", T(S::kBestBatch), T(S::kLatencyTargets),
              targets.tpot_target_ms, targets.ttft_target_ms);
  ImGui::PopStyleColor();
  if (p.best_batch <= 0) {
    ImGui::TextColored(ImColor(kColorBad), "%s", T(S::kBestBatchNone));
    return;
  }
  KpiRow("best_batch_kpis", {{S::kBatch, Fmt("%.0f", p.best_batch)},
          {S::kOutputTokensPerS, FmtCount(p.best_batch_output_tokens_per_s)},
          {S::kTpot, FmtDuration(p.best_batch_tpot_s)},
          {S::kTtft, FmtDuration(p.best_batch_ttft_s)}});
}

void DrawInference(const Report& r) {
  const PerformanceReport& p = r.performance;
  SectionTitle(S::kInferenceTitle);
  ImGui::Text("%s: %s", T(S::kRequestLatency), FmtDuration(p.request_latency_s).c_str());
  const std::array<Part, 2> parts = {{{S::kPrefillPart, p.ttft_s, IM_COL32(37, 99, 235, 255)},
                                      {S::kDecodePart, std::max(p.request_latency_s - p.ttft_s, 0.0),
                                       IM_COL32(234, 88, 12, 255)}}};
  StackedBar("breakdown_bar", parts);
  ImGui::Spacing();
  PartTable("latency_parts", parts);
  ImGui::Spacing();
  KpiRow("inference_kpis", {{S::kTtft, FmtDuration(p.ttft_s)},
          {S::kTpot, FmtDuration(p.tpot_s)},
          {S::kRequestLatency, FmtDuration(p.request_latency_s)},
          {S::kOutputTokensPerS, FmtCount(p.output_tokens_per_s)},
          {S::kDecodeTokensPerS, FmtCount(p.decode_tokens_per_s)},
          {S::kCostPerMTokens, r.cost.per_million_tokens > 0 ? FmtMoney(r.cost.per_million_tokens, r.cost.currency) : "—"}});
  ImGui::Spacing();
  DrawBestBatch(p, App().scenario.speed);
}

}  // namespace

void DrawBreakdownPanel() {
  const Report& r = App().report;
  if (App().scenario.workload.kind == WorkloadKind::kTraining) DrawTraining(r);
  else DrawInference(r);
}

}  // namespace gpucfg::app
