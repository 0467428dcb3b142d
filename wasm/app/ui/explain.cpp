// Tooltips that explain the report's headline figures (see explain.h). The formula is the core's
// (FormulaOf, core/query/explain.h: the relation the model computes the figure by, with the
// report's values, checked by tests/explain_test.cpp); this file only labels and formats it.
#include "ui/explain.h"

#include <string>
#include <string_view>
#include <utility>

#include "app.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

// What each figure is and where its model comes from (the words); the formula comes from the core.
struct About {
  S what, source;
};

About AboutOf(Figure f) {
  const bool by_steps = App().scenario.workload.train_steps > 0;
  switch (f) {
    case Figure::kMfu: return {S::kWhatMfu, S::kSrcMfu};
    case Figure::kTokensPerS: return {S::kWhatTokensPerS, S::kSrcSpeed};
    case Figure::kStepTime: return {S::kWhatStepTime, S::kSrcSpeed};
    case Figure::kTflopsPerGpu: return {S::kWhatTflopsPerGpu, S::kSrcMfu};
    case Figure::kTimeToTrain: return {by_steps ? S::kWhatTimeToTrainSteps : S::kWhatTimeToTrain, S::kSrcSpeed};
    case Figure::kGpuHours: return {S::kWhatGpuHours, S::kSrcSpeed};
    case Figure::kTtft: return {S::kWhatTtft, S::kSrcInference};
    case Figure::kTpot: return {S::kWhatTpot, S::kSrcInference};
    case Figure::kOutputTokens: return {S::kWhatOutputTokens, S::kSrcInference};
    case Figure::kGpuHourPrice: return {S::kWhatGpuHourPrice, S::kSrcCost};
    case Figure::kClusterPerHour: return {S::kWhatClusterPerHour, S::kSrcCost};
    case Figure::kJobRental: return {S::kWhatJobRental, S::kSrcCost};
    case Figure::kElectricityCost: return {S::kWhatElectricityCost, S::kSrcCost};
    case Figure::kGpuPower: return {S::kWhatGpuPower, S::kSrcPower};
    case Figure::kNodePower: return {S::kWhatNodePower, S::kSrcPower};
    case Figure::kClusterPower: return {S::kWhatClusterPower, S::kSrcPower};
    case Figure::kFacility: return {S::kWhatFacility, S::kSrcPower};
    case Figure::kEnergy: return {S::kWhatEnergy, S::kSrcPower};
  }
  return {S::kWhatStepTime, S::kSrcSpeed};
}

// The reader's word for a formula term's field (a field the core names but this table lacks shows
// as its dotted name, never as nothing).
std::string Label(std::string_view field) {
  static constexpr std::pair<std::string_view, S> kLabels[] = {
      {"performance.tflops_per_gpu", S::kTflopsPerGpu}, {"performance.roofline.peak_tflops", S::kPeak},
      {"performance.mfu", S::kMfu}, {"setup.global_batch", S::kGlobalBatch}, {"workload.seq_len", S::kSeqLen},
      {"performance.step_time_s", S::kStepTime}, {"performance.tokens_per_s", S::kTokensPerS},
      {"performance.samples_per_s", S::kTermSamplesPerS}, {"performance.step_time_lower_bound_s", S::kLowerBound},
      {"performance.comm_fraction", S::kCommShare}, {"performance.bubble_fraction", S::kBubbleShare},
      {"performance.model_flops_per_step", S::kTermModelFlops}, {"setup.total_gpus", S::kGpusWord},
      {"workload.train_steps", S::kTrainStepsWord}, {"workload.train_tokens", S::kTrainTokens},
      {"performance.time_to_train_s", S::kTermTimeToTrain}, {"performance.gpu_hours", S::kTermGpuHours},
      {"performance.ttft_s", S::kTtft}, {"performance.tpot_s", S::kTpot},
      {"performance.decode_tokens_per_s", S::kTermDecodeTokensPerS}, {"setup.dp", S::kTermCopies},
      {"workload.batch", S::kBatch}, {"workload.output_tokens", S::kOutputTokens},
      {"workload.request_rate", S::kTermRequestRate}, {"serving.capacity_rps", S::kTermCapacity},
      {"performance.request_latency_s", S::kTermRequestLatency}, {"performance.output_tokens_per_s", S::kOutputTokensPerS},
      {"cost.per_gpu_hour", S::kTermPrice}, {"cost.per_hour", S::kTermClusterPerHour}, {"cost.gpu_hours", S::kTermGpuHours},
      {"cost.total", S::kTermRental}, {"cost.electricity_total", S::kTermElectricity}, {"power.energy_kwh", S::kTermEnergy},
      {"power.gpu_w", S::kTermGpuPower}, {"cluster.gpus_per_node", S::kGpusPerNode}, {"power.host_w", S::kTermHostPower},
      {"power.psu_efficiency", S::kTermPsuEfficiency}, {"power.node_w", S::kTermNodePower}, {"cluster.nodes", S::kNodes},
      {"power.cluster_kw", S::kTermClusterPower}, {"pricing.pue", S::kPue}, {"power.facility_kw", S::kTermFacilityPower},
      {"serving.one_hour", S::kTermOneHour},
  };
  for (const auto& [name, id] : kLabels)
    if (name == field) return T(id);
  return std::string(field);
}

// `alone`: the formula is this one value, so its unit is spelled out in full.
std::string Value(const FormulaTerm& t, bool alone = false) {
  const std::string_view currency = App().report.cost.currency;
  switch (t.unit) {
    case TermUnit::kCount: return FmtCount(t.value);
    case TermUnit::kSeconds: return FmtDuration(t.value);
    case TermUnit::kHours: return FmtCount(t.value) + " " + T(S::kHoursWord);
    case TermUnit::kMoney: return FmtMoney(t.value, currency);
    case TermUnit::kMoneyPerGpuHour: return FmtMoney(t.value, currency) + (alone ? " / GPU-h" : "");
    case TermUnit::kWatts: return Fmt("%.0f W", t.value);
    case TermUnit::kKilowatts: return Fmt("%.3g kW", t.value);
    case TermUnit::kKwh: return FmtCount(t.value) + " kWh";
    case TermUnit::kFraction: return Fmt("%.1f %%", t.value * 100);
    case TermUnit::kTflops: return Fmt("%.1f TFLOP/s", t.value);
    case TermUnit::kFlop: return FmtSi(t.value, "FLOP");
    case TermUnit::kFlopsPerSecond: return FmtSi(t.value, "FLOP/s");
  }
  return FmtCount(t.value);
}

std::string OpText(char op) {
  switch (op) {
    case '*': return " x ";
    case '/': return " / ";
    case '+': return " + ";
    case '=': return " = ";
    case '>': return "  ->  ";
    default: return ", ";
  }
}

// An arithmetic chain as "labels = values" (left to right; a sum before a division in brackets);
// any other as "label value" pairs.
std::string Render(const Formula& f) {
  bool arithmetic = f.count > 1;
  for (int i = 0; i + 1 < f.count; ++i) arithmetic = arithmetic && std::string_view("*/+=").find(f.ops[i]) != std::string_view::npos;
  if (!arithmetic) {
    std::string out;
    for (int i = 0; i < f.count; ++i)
      out += (i ? OpText(f.ops[i - 1]) : "") + (f.count > 1 ? Label(f.terms[i].field) + " " : "") + Value(f.terms[i], f.count == 1);
    return out;
  }
  int last = f.count - 1;  // the result, after '='
  auto chain = [&](auto&& text) {
    std::string out;
    for (int i = 0; i < last; ++i) {
      if (i > 0 && f.ops[i - 1] == '/' && i >= 2 && f.ops[i - 2] == '+') out = "(" + out + ")";
      out += (i ? OpText(f.ops[i - 1]) : "") + text(f.terms[i]);
    }
    return out;
  };
  return chain([](const FormulaTerm& t) { return Label(t.field); }) + " = " + chain([](const FormulaTerm& t) { return Value(t); }) +
         " = " + Value(f.terms[last]);
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
  const About about = AboutOf(figure);
  std::string formula = Render(FormulaOf(figure, App().scenario, App().report));
  if (figure == Figure::kGpuHourPrice) formula += std::string("  (") + T(App().scenario.pricing.per_gpu_hour > 0 ? S::kPriceYours : S::kPriceList) + ")";
  const struct { S what; std::string formula; S source; } e{about.what, formula, about.source};
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
