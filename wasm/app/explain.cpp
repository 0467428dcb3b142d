// Tooltips that explain the report's headline figures (see explain.h). The formula line restates
// how the core got the figure, filled in with this scenario's values from the Report; no model
// arithmetic happens here beyond showing the inputs next to the result.
#include "explain.h"

#include <string>

#include "app.h"
#include "imgui.h"
#include "widgets.h"

namespace gpucfg::app {
namespace {

struct Explanation {
  S what;
  std::string formula;
  S source;
};

std::string Money(double v) { return FmtMoney(v, App().report.cost.currency); }

Explanation Training(Figure f) {
  const Report& r = App().report;
  const PerformanceReport& p = r.performance;
  const WorkloadConfig& w = App().scenario.workload;
  const std::string gpus = Fmt("%.0f", r.setup.total_gpus);
  switch (f) {
    case Figure::kMfu:
      return {S::kWhatMfu, std::string(T(S::kTflopsPerGpu)) + " / " + T(S::kPeak) + " = " + Fmt("%.1f", p.tflops_per_gpu) +
                               " / " + Fmt("%.0f TFLOP/s", p.ceiling.peak_tflops) + " = " + Fmt("%.1f %%", p.mfu * 100),
              S::kSrcMfu};
    case Figure::kTokensPerS:
      return {S::kWhatTokensPerS, std::string(T(S::kGlobalBatch)) + " x " + T(S::kSeqLen) + " / " + T(S::kStepTime) + " = " +
                                      Fmt("%.0f", w.global_batch) + " x " + Fmt("%.0f", w.seq_len) + " / " +
                                      FmtDuration(p.step_time_s) + " = " + FmtCount(p.tokens_per_s) + "/s",
              S::kSrcSpeed};
    case Figure::kStepTime:
      return {S::kWhatStepTime, std::string(T(S::kLowerBound)) + " " + FmtDuration(p.step_time_lower_bound_s) + " -> " +
                                    T(S::kStepTime) + " " + FmtDuration(p.step_time_s) + "  (" + T(S::kCommShare) + " " +
                                    Fmt("%.1f %%", p.comm_fraction * 100) + ", " + T(S::kBubbleShare) + " " +
                                    Fmt("%.1f %%", p.bubble_fraction * 100) + ")",
              S::kSrcSpeed};
    case Figure::kTflopsPerGpu:
      return {S::kWhatTflopsPerGpu, FmtSi(p.model_flops_per_step, "FLOP") + " / " + FmtDuration(p.step_time_s) + " / " + gpus +
                                        " = " + Fmt("%.1f TFLOP/s", p.tflops_per_gpu),
              S::kSrcMfu};
    case Figure::kTimeToTrain:
      if (w.train_steps > 0)  // by steps: steps x step time (performance.cpp, network_speed.cpp)
        return {S::kWhatTimeToTrainSteps, std::string(T(S::kTrainStepsWord)) + " x " + T(S::kStepTime) + " = " +
                                         FmtCount(w.train_steps) + " x " + FmtDuration(p.step_time_s) + " = " +
                                         FmtDuration(p.time_to_train_s),
                S::kSrcSpeed};
      return {S::kWhatTimeToTrain, std::string(T(S::kTrainTokens)) + " / " + T(S::kTokensPerS) + " = " +
                                       FmtCount(w.train_tokens) + " / " + FmtCount(p.tokens_per_s) + "/s = " +
                                       FmtDuration(p.time_to_train_s),
              S::kSrcSpeed};
    case Figure::kGpuHours:
      return {S::kWhatGpuHours, gpus + " x " + FmtDuration(p.time_to_train_s) + " = " + FmtCount(p.gpu_hours) + " GPU-h",
              S::kSrcSpeed};
    default:
      return {S::kWhatStepTime, "", S::kSrcSpeed};
  }
}

Explanation Other(Figure f) {
  const Report& r = App().report;
  const PerformanceReport& p = r.performance;
  const CostReport& c = r.cost;
  const WorkloadConfig& w = App().scenario.workload;
  const std::string gpus = Fmt("%.0f", r.setup.total_gpus);
  const bool own_price = App().scenario.pricing.per_gpu_hour > 0;
  switch (f) {
    case Figure::kTtft:
      return {S::kWhatTtft, FmtDuration(p.ttft_s), S::kSrcInference};
    case Figure::kTpot:
      return {S::kWhatTpot, FmtDuration(p.tpot_s) + "  ->  " + FmtCount(p.decode_tokens_per_s) + " tokens/s", S::kSrcInference};
    case Figure::kOutputTokens:
      return {S::kWhatOutputTokens, std::string(T(S::kBatch)) + " x " + T(S::kOutputTokens) + " / (" + T(S::kTtft) + " + ... ) = " +
                                        Fmt("%.0f", w.batch) + " x " + Fmt("%.0f", w.output_tokens) + " / " +
                                        FmtDuration(p.request_latency_s) + " = " + FmtCount(p.output_tokens_per_s) + "/s",
              S::kSrcInference};
    case Figure::kGpuHourPrice:
      return {S::kWhatGpuHourPrice, Money(c.per_gpu_hour) + " / GPU-h  (" + T(own_price ? S::kPriceYours : S::kPriceList) + ")",
              S::kSrcCost};
    case Figure::kClusterPerHour:
      return {S::kWhatClusterPerHour, gpus + " x " + Money(c.per_gpu_hour) + " = " + Money(c.per_hour), S::kSrcCost};
    case Figure::kJobRental:
      return {S::kWhatJobRental, Money(c.per_hour) + " x " + FmtCount(c.gpu_hours / (r.setup.total_gpus > 0 ? r.setup.total_gpus : 1)) +
                                     " " + T(S::kHoursWord) + " = " + Money(c.total),
              S::kSrcCost};
    case Figure::kElectricityCost:
      return {S::kWhatElectricityCost, FmtCount(r.power.energy_kwh) + " kWh -> " + Money(c.electricity_total), S::kSrcCost};
    case Figure::kGpuPower:
      return {S::kWhatGpuPower, Fmt("%.0f W", r.power.gpu_w), S::kSrcPower};
    case Figure::kNodePower:
      return {S::kWhatNodePower, Fmt("%.0f", App().scenario.cluster.gpus_per_node) + " x " + Fmt("%.0f W", r.power.gpu_w) + " = " +
                                     Fmt("%.2f kW", r.power.node_w / 1000), S::kSrcPower};
    case Figure::kClusterPower:
      return {S::kWhatClusterPower, gpus + " x " + Fmt("%.0f W", r.power.gpu_w) + " = " + Fmt("%.3g kW", r.power.cluster_kw), S::kSrcPower};
    case Figure::kFacility:
      return {S::kWhatFacility, Fmt("%.3g kW", r.power.cluster_kw) + " x PUE " + Fmt("%.2f", App().scenario.pricing.pue) + " = " +
                                    Fmt("%.3g kW", r.power.facility_kw), S::kSrcPower};
    case Figure::kEnergy:
      return {S::kWhatEnergy, Fmt("%.3g kW", r.power.facility_kw) + " x " + FmtDuration(p.time_to_train_s) + " = " +
                                  FmtCount(r.power.energy_kwh) + " kWh", S::kSrcPower};
    default:
      return Training(f);
  }
}

std::string g_tooltip;
int g_tooltip_frame = -1;

}  // namespace

void NoteTooltip(const std::string& text) {
  if (g_tooltip_frame != ImGui::GetFrameCount()) g_tooltip.clear();
  g_tooltip += text;
  g_tooltip += "\n";
  g_tooltip_frame = ImGui::GetFrameCount();
}

std::string LastTooltip() { return g_tooltip_frame == ImGui::GetFrameCount() ? g_tooltip : std::string(); }

void ExplainFooter(S source) {
  const Confidence conf = App().report.confidence;
  const char* uncertainty = T(conf == Confidence::kHigh ? S::kUncertHigh : conf == Confidence::kLow ? S::kUncertLow : S::kUncertMedium);
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s: %s", T(S::kSource), T(source));
  ImGui::TextWrapped("%s: %s", T(S::kUncertainty), uncertainty);
  ImGui::PopStyleColor();
  NoteTooltip(std::string(T(S::kSource)) + ": " + T(source) + "\n" + T(S::kUncertainty) + ": " + uncertainty);
}

void ExplainLastItem(Figure figure, const char* name) {
  MarkLastItem(name);
  if (!ImGui::IsItemHovered()) return;
  const Explanation e = figure <= Figure::kGpuHours ? Training(figure) : Other(figure);
  NoteTooltip(std::string(T(e.what)) + "\n" + T(S::kFormula) + ": " + e.formula);
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  ImGui::TextWrapped("%s", T(e.what));
  if (!e.formula.empty()) {
    ImGui::Spacing();
    ImGui::TextColored(ImColor(kColorAccent), "%s", T(S::kFormula));
    ImGui::TextWrapped("%s", e.formula.c_str());
  }
  ImGui::Spacing();
  ExplainFooter(e.source);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace gpucfg::app
