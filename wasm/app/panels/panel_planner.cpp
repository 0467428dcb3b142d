// The planner tab: the scenario's "plan" section as inputs (objective, deadline, budget, max GPUs,
// max power per node, allowed GPUs), the search run in slices across frames (core PlanSearch:
// a progress bar and a cancel button, the page never freezes), the time-cost Pareto chart, the
// options best first with "open" loading one into the configurator, and for the guide's four
// presets their decision path (core/planner/decision_path.h) in the page's language. Drawing and
// bookkeeping only: every figure comes from the PlanResult or the DecisionPath.
#include <emscripten.h>
#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app.h"
#include "ui/chart.h"
#include "ui/guest.h"
#include "imgui.h"
#include "ui/widgets.h"
#include "gpucfg.h"

namespace gpucfg::app {
namespace {

constexpr double kSliceMs = 12.0;  // search time per frame: the frame stays near 60 Hz
constexpr ImU32 kFrontColor = IM_COL32(37, 99, 235, 255);
constexpr ImU32 kBestColor = IM_COL32(22, 128, 61, 255);

struct Planner {
  std::unique_ptr<PlanSearch> search;
  bool has_result = false, cancelled = false;
  PlanResult result;
  std::vector<const PlanOption*> ranked;  // best first, then the front by the objective
  int opened = -1;
  int runs = 0;
  std::string run_example;   // the example loaded when the plan ran: another one drops the result
  std::string path_example;  // the preset whose path `path` is
  DecisionPath path;
};

Planner& P() {
  static Planner p;
  return p;
}

double MetricOf(const PlanOption& o, PlanObjective obj) {
  return obj == PlanObjective::kTime ? o.time_s : obj == PlanObjective::kEnergy ? o.energy_kwh : o.cost;
}

void Rank(Planner& p) {
  p.ranked.clear();
  if (!p.result.has_best) return;
  p.ranked.push_back(&p.result.best);
  std::vector<const PlanOption*> rest;
  for (const PlanOption& o : p.result.pareto)
    if (o.label != p.result.best.label) rest.push_back(&o);
  for (const PlanOption& o : p.result.best_by) {
    bool seen = o.label == p.result.best.label;
    for (const PlanOption* r : rest) seen = seen || r->label == o.label;
    if (!seen) rest.push_back(&o);
  }
  const PlanObjective obj = p.result.objective;
  std::stable_sort(rest.begin(), rest.end(),
                   [&](const PlanOption* a, const PlanOption* b) { return MetricOf(*a, obj) < MetricOf(*b, obj); });
  p.ranked.insert(p.ranked.end(), rest.begin(), rest.end());
}

void Start() {
  Planner& p = P();
  p.search = std::make_unique<PlanSearch>(App().scenario);
  p.has_result = false, p.cancelled = false, p.opened = -1;
  p.ranked.clear();
  p.run_example = App().example;
  ++p.runs;
  RequestFrames();
}

// A plan is about the scenario it ran on: loading another example drops it (running or done).
void DropIfStale() {
  Planner& p = P();
  if (p.run_example == App().example || (!p.search && !p.has_result && !p.cancelled)) return;
  p.search.reset();
  p.has_result = false, p.cancelled = false, p.opened = -1;
  p.ranked.clear();
}

void Cancel() {
  Planner& p = P();
  if (!p.search) return;
  p.search.reset();
  p.cancelled = true;
  RequestFrames();
}

// One frame's slice of the search; the result when it ends.
void Step() {
  Planner& p = P();
  if (!p.search) return;
  const double until = emscripten_get_now() + kSliceMs;
  while (!p.search->Done() && emscripten_get_now() < until) p.search->Advance(128);
  if (p.search->Done()) {
    p.result = p.search->Result();
    p.search.reset();
    p.has_result = true;
    Rank(p);
  }
  RequestFrames();  // keep drawing: the progress moves, or the result appears
}

void Open(int index) {
  Planner& p = P();
  if (index < 0 || index >= static_cast<int>(p.ranked.size())) return;
  const PlanConfig plan = App().scenario.plan;  // the inputs stay for the next run
  App().scenario = p.ranked[index]->scenario;
  App().scenario.plan = plan;
  App().dirty = true;
  App().requested_view = "overview";
  p.opened = index;
  RequestFrames();
}

const DecisionPath* PathFor(std::string_view example) {
  Planner& p = P();
  if (!HasDecisionPath(example)) return nullptr;
  if (p.path_example != example) {
    Scenario preset;
    if (!MakeExample(example, preset)) return nullptr;
    p.path = MakeDecisionPath(example, preset, nullptr);
    p.path_example = std::string(example);
  }
  return &p.path;
}

// [SECTION] Drawing ------------------------------------------------------------------------------

// The allowed GPUs: folded, a line naming the ticked ones; open, a checkbox per priced GPU.
void DrawGpuChoices() {
  PlanConfig& plan = App().scenario.plan;
  std::string ticked;
  for (const std::string& id : plan.gpus) ticked += (ticked.empty() ? "" : ", ") + id;
  // A header is one line: it says how many, and the list (or the hint) wraps below it at any width.
  const std::string header = std::string(T(S::kPlanGpus)) + " (" +
                             (plan.gpus.empty() ? std::string(T(S::kPlanGpusAll)) : std::to_string(plan.gpus.size())) +
                             ")###plan_gpus";
  const bool open = ImGui::CollapsingHeader(header.c_str());
  MarkLastItem("plan_gpus");
  if (!ticked.empty()) WrapText(ticked);
  else if (open) WrapText(T(S::kPlanGpusHint));
  if (!open) return;
  const Catalog& cat = BuiltinCatalog();
  const int cols = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / 210.0f));
  if (!ImGui::BeginTable("plan_gpu_table", cols)) return;
  for (const GpuSpec& g : cat.gpus) {
    if (!FindPrice(cat, g.id, App().scenario.pricing.currency)) continue;
    auto it = std::find(plan.gpus.begin(), plan.gpus.end(), g.id);
    bool on = it != plan.gpus.end();
    ImGui::TableNextColumn();
    if (ImGui::Checkbox(g.id.c_str(), &on)) {
      if (on) plan.gpus.push_back(g.id);
      else plan.gpus.erase(it);
      App().dirty = true;
    }
    MarkLastItem("plan_gpu:" + g.id);
  }
  ImGui::EndTable();
}

void DrawInputs() {
  PlanConfig& plan = App().scenario.plan;
  static constexpr S kObjectives[] = {S::kObjCost, S::kObjTime, S::kObjEnergy};
  if (BeginForm("plan_form")) {
    EnumRow(S::kPlanObjective, plan.objective, kPlanObjectiveNames, kObjectives);
    if (App().scenario.workload.kind == WorkloadKind::kTraining) DoubleRow(S::kPlanDeadline, plan.deadline_days, "%.1f");
    DoubleRow(S::kPlanBudget, plan.budget, "%.0f");
    IntRow(S::kPlanMaxGpus, plan.max_gpus, true);
    if (App().scenario.workload.kind != WorkloadKind::kTraining) IntRow(S::kPlanTenants, plan.tenants);
    DoubleRow(S::kPlanMaxRackKw, plan.max_rack_kw, "%.2f");
    EndForm();
  }
  DrawGpuChoices();
}

void DrawRunBar() {
  Planner& p = P();
  const bool invalid = !App().report.errors.empty();
  ImGui::BeginDisabled(invalid || p.search != nullptr);
  if (ImGui::Button(T(S::kPlanRun))) Start();
  ImGui::EndDisabled();
  MarkLastItem("plan_run");
  ImGui::SameLine();
  ImGui::BeginDisabled(p.search == nullptr);
  if (ImGui::Button(T(S::kPlanCancel))) Cancel();
  ImGui::EndDisabled();
  MarkLastItem("plan_cancel");
  ImGui::SameLine();
  if (p.search) {
    char text[96];
    std::snprintf(text, sizeof text, T(S::kPlanScored), FmtCount(static_cast<double>(p.search->Evaluated())).c_str());
    ImGui::ProgressBar(static_cast<float>(p.search->Progress()), ImVec2(-FLT_MIN, 0), text);
    MarkLastItem("plan_progress");
  } else if (p.cancelled) {
    ImGui::TextColored(ImColor(kColorBad), "%s", T(S::kPlanCancelled));
  } else if (invalid) {
    ImGui::TextColored(ImColor(kColorBad), "%s", T(S::kPlanInvalid));
  }
}

// The column and axis words of a plan's time and cost: the job's, a request's per 1M output tokens,
// or (networks) a batch's per 1M samples (PlanResult::per_sample).
S TimeWord(const PlanResult& r) {
  return r.kind == WorkloadKind::kTraining ? S::kTimeToTrain : r.per_sample ? S::kBatchLatency : S::kRequestLatency;
}
S CostWord(const PlanResult& r) {
  return r.kind == WorkloadKind::kTraining ? S::kCost
         : r.tenants > 0                    ? S::kCostPerHourFleet
         : r.per_sample                     ? S::kCostPerMSamples
                                            : S::kCostPerMTokens;
}

std::string TimeText(const PlanOption& o, bool training) {
  return training ? FmtDuration(o.time_s) : Fmt("%.3g s", o.time_s);
}

// What the hover over an option says: the core's sentence (why it wins, what binds it) in
// English; in Chinese the figures that sentence quotes, in the page's words.
std::string ShownWhy(const PlanOption& o, const PlanResult& r) {
  if (App().lang != Lang::kZh) return o.why;
  const bool training = r.kind == WorkloadKind::kTraining;
  const std::string& currency = r.currency;
  std::string out = std::string(T(TimeWord(r))) + " " +
                    (training ? FmtDuration(o.time_s) : Fmt("%.3g s", o.time_s)) + "，" +
                    T(CostWord(r)) + " " + FmtMoney(o.cost, currency) + "，" +
                    T(S::kPlanWhyEnergy) + " " + Fmt("%.4g kWh", o.energy_kwh) + "，" + T(S::kGpuCount) + " " +
                    std::to_string(o.gpus) + "，" + T(S::kPlanWhyNodePeak) + " " + Fmt("%.3g kW", o.node_kw);
  if (o.capacity_gib > 0)
    out += "；" + std::string(T(o.candidate.mig_profile >= 0 ? S::kPlanWhyMemoryInstance : S::kPlanWhyMemory)) + " " +
           Fmt("%.1f", o.total_gib) + " / " +
           Fmt("%.1f GiB", o.capacity_gib);
  if (training)
    out += "；MFU " + Fmt("%.0f %%", o.mfu * 100) + "，" + T(S::kPlanWhyComm) + " " + Fmt("%.0f %%", o.comm_fraction * 100);
  else if (o.tpot_s > 0)
    out += "；" + std::string(T(S::kPlanWhyTpot)) + " " + Fmt("%.3g ms", o.tpot_s * 1000);
  return out;
}

// An option as the page shows it: the core's label in English; in Chinese the same facts from the
// candidate in the page's words (the label in plannerState() stays the core's, as the CLI prints it).
std::string ShownLabel(const PlanOption& o, bool training) {
  if (App().lang != Lang::kZh) return o.label;
  const PlanCandidate& c = o.candidate;
  const std::string& gpu = o.scenario.cluster.gpu;
  if (!training && c.tenants > 0) {
    const std::string each = "，" + std::string(T(S::kPlanLabelPerTenant)) + T(S::kPlanLabelBatch) + " " +
                             std::to_string(c.batch) + "，" + T(S::kPlanLabelWeights) + " " +
                             std::string(PrecisionName(c.weight_precision));
    const std::string fleet = std::to_string(c.tenants) + " " + T(S::kPlanLabelTenantsOn) + std::to_string(c.Gpus()) +
                              " × " + gpu + "（" + std::to_string(c.nodes) + " × " + std::to_string(c.gpus_per_node) + "）";
    const MigConfig& mig = o.scenario.cluster.mig;
    if (c.mig_profile >= 0)
      return fleet + " " + T(S::kPlanLabelMigAs) + " " + std::to_string(mig.instances_per_gpu) + " × " + mig.profile + "（" +
             std::to_string(c.Gpus() * mig.instances_per_gpu) + " " + T(S::kPlanLabelInstances) + "）" + each;
    return fleet + "，tp " + std::to_string(c.tp) + each;
  }
  if (!training && c.mig_profile >= 0) {
    const MigConfig& mig = o.scenario.cluster.mig;
    return "1 × " + gpu + " " + T(S::kPlanLabelMigAs) + " " + std::to_string(mig.instances_per_gpu) + " × " + mig.profile +
           "，" + T(S::kPlanLabelPerInstance) + T(S::kPlanLabelBatch) + " " + std::to_string(c.batch) + "，" +
           T(S::kPlanLabelWeights) + " " + std::string(PrecisionName(c.weight_precision));
  }
  if (!training)
    return std::to_string(c.tp) + " × " + gpu + "，tp " + std::to_string(c.tp) + "，" + T(S::kPlanLabelBatch) + " " +
           std::to_string(c.batch) + "，" + T(S::kPlanLabelWeights) + " " + std::string(PrecisionName(c.weight_precision));
  const int dp = c.Gpus() / std::max(1, c.tp * c.pp * c.cp);
  const S rc = c.recompute == Recompute::kFull ? S::kRecomputeFull
               : c.recompute == Recompute::kSelective ? S::kRecomputeSelective : S::kRecomputeNone;
  std::string split = "tp " + std::to_string(c.tp) + " pp " + std::to_string(c.pp);
  if (c.cp > 1) split += " cp " + std::to_string(c.cp);
  if (c.ep > 1) split += " ep " + std::to_string(c.ep);
  return std::to_string(c.Gpus()) + " × " + gpu + "（" + std::to_string(c.nodes) + " × " +
         std::to_string(c.gpus_per_node) + "），" + split + " dp " + std::to_string(dp) + "，" + T(S::kPlanLabelMb) +
         " " + std::to_string(c.micro_batch) + "，ZeRO " + std::to_string(c.zero) + "，" + T(S::kPlanLabelRecompute) +
         " " + T(rc);
}

void DrawChart(const Planner& p) {
  const bool training = p.result.kind == WorkloadKind::kTraining;
  const double scale = training ? 86400.0 : 1.0;
  double t_lo = 1e300, t_hi = 0, c_lo = 1e300, c_hi = 0;
  for (const PlanOption* o : p.ranked) {
    t_lo = std::min(t_lo, o->time_s / scale), t_hi = std::max(t_hi, o->time_s / scale);
    c_lo = std::min(c_lo, o->cost), c_hi = std::max(c_hi, o->cost);
  }
  // Log axes when the options span more than a decade, else linear on round steps (1, 2, 5 x 10^k).
  auto axis = [](double lo, double hi) {
    if (lo > 0 && hi / lo > 10) return ChartAxis{lo / 1.3, hi * 1.3, 10, &TickCompact};
    const double span = std::max(hi - lo, std::fabs(hi) * 0.1 + 1e-12);
    double step = std::pow(10.0, std::floor(std::log10(span / 4)));
    for (double m : {2.0, 5.0, 10.0})
      if (span / step > 6) step = std::pow(10.0, std::floor(std::log10(span / 4))) * m;
    const double a = std::max(0.0, std::floor((lo - span * 0.1) / step) * step);
    return ChartAxis{a, std::ceil((hi + span * 0.1) / step) * step, 0, &TickCompact, step};
  };
  SectionTitle(S::kPlanPareto);
  const Chart ch = DrawChartFrame("plan_chart", 240.0f, axis(t_lo, t_hi), axis(c_lo, c_hi),
                                  T(training ? S::kPlanTimeDays : p.result.per_sample ? S::kPlanTimeBatch : S::kPlanTimeRequest), T(S::kPlanCostAxis));
  ch.PushClip();
  ImVec2 prev;
  for (size_t i = 0; i < p.result.pareto.size(); ++i) {  // fastest first: the front as a line
    const PlanOption& o = p.result.pareto[i];
    const ImVec2 c = ch.At(o.time_s / scale, o.cost);
    if (i > 0) ch.dl->AddLine(prev, c, kFrontColor, 2.0f);
    prev = c;
  }
  int hovered = -1;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (size_t i = 0; i < p.ranked.size(); ++i) {
    const ImVec2 c = ch.At(p.ranked[i]->time_s / scale, p.ranked[i]->cost);
    ch.dl->AddCircleFilled(c, i == 0 ? 6.0f : 4.0f, i == 0 ? kBestColor : kFrontColor);
    MarkRect("plan_point:" + std::to_string(i), c.x - 5, c.y - 5, c.x + 5, c.y + 5);
    if (std::fabs(c.x - mouse.x) < 7 && std::fabs(c.y - mouse.y) < 7) hovered = static_cast<int>(i);
  }
  ch.PopClip();
  if (hovered >= 0 && ImGui::IsWindowHovered()) {
    const PlanOption& o = *p.ranked[hovered];
    ImGui::SetTooltip("%s\n%s  ·  %s", ShownLabel(o, training).c_str(), TimeText(o, training).c_str(),
                      FmtMoney(o.cost, p.result.currency).c_str());
  }
}

// A number right-aligned in its table cell (figures line up on their last digit).
void RightAligned(const std::string& text) {
  const float w = ImGui::CalcTextSize(text.c_str()).x, room = ImGui::GetContentRegionAvail().x;
  if (room > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + room - w);
  ImGui::TextUnformatted(text.c_str());
}

// The width the options table needs with every column as wide as its widest cell, header included.
float RankedWidth(const Planner& p, bool training) {
  const ImGuiStyle& style = ImGui::GetStyle();
  auto w = [](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x; };
  float col[6] = {w("#"), w(T(S::kPlanOption)), w(T(TimeWord(p.result))),
                  w(T(CostWord(p.result))), w(T(S::kGpuCount)),
                  w(T(S::kPlanOpen)) + 2 * style.FramePadding.x};
  for (size_t i = 0; i < p.ranked.size(); ++i) {
    const PlanOption& o = *p.ranked[i];
    col[0] = std::max(col[0], w(std::to_string(i + 1)));
    col[1] = std::max(col[1], w(ShownLabel(o, training)) + (i == 0 ? w(T(S::kPlanBest)) + style.ItemSpacing.x : 0));
    col[2] = std::max(col[2], w(TimeText(o, training)));
    col[3] = std::max(col[3], w(FmtMoney(o.cost, p.result.currency)));
    col[4] = std::max(col[4], w(std::to_string(o.gpus)));
  }
  float total = 0;
  for (float c : col) total += c + 2 * style.CellPadding.x;
  return total + 6 * style.ItemInnerSpacing.x;  // column borders and rounding
}

// Every column as wide as its widest cell (header included) and nothing wraps, so no column is cut
// off and no number breaks at its decimal point; a table wider than the panel (a phone, Chinese
// headers) scrolls sideways instead. Its height is its rows', so the page keeps the vertical scroll.
void DrawRanked(const Planner& p) {
  const bool training = p.result.kind == WorkloadKind::kTraining;
  SectionTitle(S::kPlanRanked);
  // Sideways scrolling only when the table does not fit: a scrolling table is a child window, and
  // one scrolled out of view draws nothing (so its rows' test rectangles would go stale).
  const bool scroll = RankedWidth(p, training) > ImGui::GetContentRegionAvail().x;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                (scroll ? ImGuiTableFlags_ScrollX : 0);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y;
  const float height = static_cast<float>(p.ranked.size() + 1) * row_h + style.ScrollbarSize + 2 * style.CellPadding.y;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  MarkRect("plan_options", at.x, at.y, at.x + ImGui::GetContentRegionAvail().x, at.y + height);
  if (!ImGui::BeginTable("plan_options", 6, flags, ImVec2(0, scroll ? height : 0.0f))) return;
  ImGui::PushTextWrapPos(-1.0f);  // no wrapping inside: the columns fit their cells
  // The label goes last: it is the widest cell (a fleet of MIG slices in Chinese), so on a narrow
  // panel it is what scrolls sideways while the figures and Open stay in view.
  ImGui::TableSetupColumn("#");
  ImGui::TableSetupColumn("");
  ImGui::TableSetupColumn(T(TimeWord(p.result)));
  ImGui::TableSetupColumn(T(CostWord(p.result)));
  ImGui::TableSetupColumn(T(S::kGpuCount));
  ImGui::TableSetupColumn(T(S::kPlanOption));
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < p.ranked.size(); ++i) {
    const PlanOption& o = *p.ranked[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    RightAligned(std::to_string(i + 1));
    ImGui::TableNextColumn();
    if (ImGui::SmallButton(T(S::kPlanOpen))) Open(static_cast<int>(i));
    MarkLastItem("plan_open:" + std::to_string(i));
    ImGui::TableNextColumn();
    RightAligned(TimeText(o, training));
    MarkLastItem("plan_time:" + std::to_string(i));
    ImGui::TableNextColumn();
    RightAligned(FmtMoney(o.cost, p.result.currency));
    MarkLastItem("plan_cost:" + std::to_string(i));
    ImGui::TableNextColumn();
    RightAligned(std::to_string(o.gpus));
    ImGui::TableNextColumn();
    if (i == 0) {
      ImGui::TextColored(ImColor(kBestColor), "%s", T(S::kPlanBest));
      ImGui::SameLine();
    }
    const std::string shown = ShownLabel(o, training);
    ImGui::TextUnformatted(shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ShownWhy(o, p.result).c_str());
    MarkLastItem("plan_label:" + std::to_string(i));
    MarkText("plan_label:" + std::to_string(i), shown);
    MarkText("plan_why:" + std::to_string(i), ShownWhy(o, p.result));
    ImGui::PopID();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
}

void DrawResult(const Planner& p) {
  const PlanResult& r = p.result;
  int64_t pruned = 0;
  for (int64_t n : r.pruned) pruned += n;
  char line[256];
  std::snprintf(line, sizeof line, T(S::kPlanSummary), FmtCount(static_cast<double>(r.space)).c_str(),
                FmtCount(static_cast<double>(pruned)).c_str(), FmtCount(static_cast<double>(r.evaluated)).c_str(),
                FmtCount(static_cast<double>(r.feasible)).c_str());
  WrapText(line);
  MarkLastItem("plan_summary");
  if (!r.errors.empty()) {
    for (const Issue& e : r.errors) ImGui::TextColored(ImColor(kColorBad), "%s  %s", e.path.c_str(), e.message.c_str());
    return;
  }
  if (!r.has_best) {
    ImGui::TextColored(ImColor(kColorBad), "%s", T(S::kPlanNoFeasible));
    return;
  }
  DrawChart(p);
  DrawRanked(p);
}

void DrawDecisionPath(const DecisionPath& path) {
  SectionTitle(S::kDecisionTitle);
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kDecisionHint));
  int n = 0;
  for (const DecisionStep& st : path.steps) {
    ImGui::Text("%d.", ++n);
    ImGui::SameLine();
    if (st.corrects_guide) {
      ImGui::TextColored(ImColor(kColorBad), "[%s]", T(S::kGuideCorrected));
      ImGui::SameLine();
    }
    WrapText(DecisionText(st));
    MarkLastItem("decision_step:" + std::to_string(n - 1));
  }
}

}  // namespace

void DrawPlannerPanel() {
  Planner& p = P();
  DropIfStale();
  Step();
  SectionTitle(S::kPlanSection);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kPlanHint));
  ImGui::PopTextWrapPos();
  DrawInputs();
  DrawRunBar();
  if (p.has_result) DrawResult(p);
  if (const DecisionPath* path = PathFor(App().example)) DrawDecisionPath(*path);
}

}  // namespace gpucfg::app

namespace {

// Test hook: what the planner tab holds, texts in the page's language (JSON by hand: small code).
std::string PlannerState() {
  using namespace gpucfg;
  using namespace gpucfg::app;
  const Planner& p = P();
  auto num = [](double v) { char b[32]; std::snprintf(b, sizeof b, "%.17g", v); return std::string(b); };
  std::string out = "{\"ranked\":[";
  for (size_t i = 0; i < p.ranked.size(); ++i) {
    const PlanOption& o = *p.ranked[i];
    out += i ? ",{\"label\":" : "{\"label\":";
    AppendJsonString(out, o.label);
    out += ",\"time_s\":" + num(o.time_s) + ",\"cost\":" + num(o.cost) + ",\"gpus\":" + std::to_string(o.gpus) +
           ",\"scenario\":" + ScenarioToJson(o.scenario, -1) + "}";
  }
  out += "],\"decision_path\":[";
  if (const DecisionPath* path = PathFor(App().example))
    for (size_t i = 0; i < path->steps.size(); ++i) {
      const DecisionStep& st = path->steps[i];
      out += i ? ",{\"code\":" : "{\"code\":";
      AppendJsonString(out, st.figures.code);
      out += std::string(",\"corrects_guide\":") + (st.corrects_guide ? "true" : "false") + ",\"text\":";
      AppendJsonString(out, DecisionText(st));
      out += "}";
    }
  const double progress = p.search ? p.search->Progress() : (p.has_result ? 1.0 : 0.0);
  const int64_t evaluated = p.search ? p.search->Evaluated() : (p.has_result ? p.result.evaluated : 0);
  out += "],\"running\":" + std::string(p.search ? "true" : "false") + ",\"progress\":" + num(progress) +
         ",\"evaluated\":" + std::to_string(evaluated) + ",\"cancelled\":" + (p.cancelled ? "true" : "false") +
         ",\"done\":" + (p.has_result ? "true" : "false") + ",\"runs\":" + std::to_string(p.runs) +
         ",\"feasible\":" + std::to_string(p.has_result ? p.result.feasible : 0) +
         ",\"opened\":" + std::to_string(p.opened) + "}";
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(gpucfg_planner) { emscripten::function("plannerState", &PlannerState); }
