// The compare view: up to four scenarios pinned from the editor (AppState::pinned, each with its
// own Report) side by side, one row per headline figure, the best value of a row highlighted.
// A slot can be loaded back into the editor or removed. Drawing only: rows read Report fields.
#include <iterator>
#include <string>
#include <vector>

#include "app.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

enum class Better { kNone, kLower, kHigher };

struct Row {
  S label;
  Better better;
  double (*value)(const PinnedScenario&);  // 0 or less = not applicable ("—")
  std::string (*text)(const PinnedScenario&, double);
};

bool Training(const PinnedScenario& p) { return p.scenario.workload.kind == WorkloadKind::kTraining; }
std::string Duration(const PinnedScenario&, double v) { return FmtDuration(v); }
std::string Count(const PinnedScenario&, double v) { return FmtCount(v); }
std::string Percent(const PinnedScenario&, double v) { return Fmt("%.1f %%", v * 100); }
std::string Money(const PinnedScenario& p, double v) { return FmtMoney(v, p.report.cost.currency); }
std::string Kw(const PinnedScenario&, double v) { return Fmt("%.3g kW", v); }

const Row kRows[] = {
    {S::kStepTime, Better::kLower,
     [](const PinnedScenario& p) { return Training(p) ? p.report.performance.step_time_s : 0.0; }, Duration},
    {S::kTpot, Better::kLower,
     [](const PinnedScenario& p) { return Training(p) ? 0.0 : p.report.performance.tpot_s; }, Duration},
    {S::kTtft, Better::kLower,
     [](const PinnedScenario& p) { return Training(p) ? 0.0 : p.report.performance.ttft_s; }, Duration},
    {S::kTokensPerS, Better::kHigher,
     [](const PinnedScenario& p) {
       return Training(p) ? p.report.performance.tokens_per_s : p.report.performance.output_tokens_per_s;
     }, Count},
    {S::kMfu, Better::kHigher, [](const PinnedScenario& p) { return Training(p) ? p.report.performance.mfu : 0.0; },
     Percent},
    {S::kTimeToTrain, Better::kLower, [](const PinnedScenario& p) { return p.report.performance.time_to_train_s; },
     Duration},
    {S::kClusterPerHour, Better::kLower, [](const PinnedScenario& p) { return p.report.cost.per_hour; }, Money},
    {S::kJobRental, Better::kLower, [](const PinnedScenario& p) { return p.report.cost.total; }, Money},
    {S::kCostPerMAny, Better::kLower, [](const PinnedScenario& p) { return p.report.cost.per_million_tokens; },
     Money},
    {S::kFacility, Better::kLower, [](const PinnedScenario& p) { return p.report.power.facility_kw; }, Kw},
};

constexpr ImU32 kBestBg = IM_COL32(220, 252, 231, 255);

// Slot header: label, then Load and Remove buttons (test hooks compare:load:i, compare:remove:i).
// Returns the index to remove, or -1.
int DrawSlotHeader(int i, const PinnedScenario& p) {
  ImGui::TableNextColumn();
  ImGui::PushID(i);
  ImGui::TextColored(ImColor(kColorAccent), "%s", p.label.c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton(T(S::kLoad))) {
    App().scenario = p.scenario;
    App().example.clear();
    App().dirty = true;
  }
  MarkLastItem("compare:load:" + std::to_string(i));
  ImGui::SameLine();
  const bool remove = ImGui::SmallButton(T(S::kRemove));
  MarkLastItem("compare:remove:" + std::to_string(i));
  ImGui::PopID();
  return remove ? i : -1;
}

void TextRow(S label, const std::vector<std::string>& cells) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(label));
  for (const std::string& c : cells) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(c.c_str());
  }
}

void FigureRow(const Row& row, const std::vector<std::unique_ptr<PinnedScenario>>& slots) {
  std::vector<double> v;
  int valid = 0, best = -1;
  for (size_t i = 0; i < slots.size(); ++i) {
    v.push_back(row.value(*slots[i]));
    if (v[i] <= 0) continue;
    ++valid;
    const bool better = best < 0 || (row.better == Better::kLower ? v[i] < v[best] : v[i] > v[best]);
    if (better) best = static_cast<int>(i);
  }
  if (valid == 0) return;  // a row no slot has (e.g. TPOT when all are training)
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(row.label));
  for (size_t i = 0; i < slots.size(); ++i) {
    ImGui::TableNextColumn();
    const bool highlight = valid >= 2 && static_cast<int>(i) == best;
    if (highlight) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, kBestBg);
    if (v[i] <= 0) ImGui::TextColored(ImColor(kColorMuted), "—");
    else if (highlight) ImGui::TextColored(ImColor(kColorGood), "%s", row.text(*slots[i], v[i]).c_str());
    else ImGui::TextUnformatted(row.text(*slots[i], v[i]).c_str());
  }
}

void MemoryRow(const std::vector<std::unique_ptr<PinnedScenario>>& slots) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kMemoryFits));
  for (const auto& p : slots) {
    ImGui::TableNextColumn();
    const MemoryReport& m = p->report.memory;
    ImGui::TextColored(ImColor(m.fits ? kColorGood : kColorBad), "%s %.1f / %.0f GiB", m.fits ? "✓" : "×",
                       m.per_gpu.total_gib, m.capacity_gib);
  }
}

void DrawTable() {
  auto& slots = App().pinned;
  const int n = static_cast<int>(slots.size());
  ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_BordersInnerV;
  // Too narrow for every slot (a phone, 800 px): fixed columns that scroll sideways (wheel, swipe)
  // instead of values cut off. The table then is a child window, so it gets its rows' height.
  const float em = ImGui::GetFontSize(), label_w = 8.5f * em, slot_w = 10.0f * em;
  const bool scroll = ImGui::GetContentRegionAvail().x < label_w + n * slot_w;
  ImVec2 outer(0, 0);
  if (scroll) {
    flags |= ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
    const int rows = 6 + static_cast<int>(std::size(kRows));
    const ImGuiStyle& st = ImGui::GetStyle();
    outer.y = ImGui::GetFrameHeight() + 2 * st.CellPadding.y + rows * (ImGui::GetTextLineHeight() + 2 * st.CellPadding.y) +
              st.ScrollbarSize + 4;
  } else {
    flags |= ImGuiTableFlags_SizingStretchSame;
  }
  if (!ImGui::BeginTable("compare", n + 1, flags, outer)) return;
  if (scroll) {
    ImGui::TableSetupScrollFreeze(1, 0);  // the row names stay while the slots scroll
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, label_w);
    for (int i = 0; i < n; ++i) ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, slot_w);
  } else {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.25f);
    for (int i = 0; i < n; ++i) ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  }
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(T(S::kSlot));
  int remove = -1;
  for (int i = 0; i < n; ++i)
    if (int r = DrawSlotHeader(i, *slots[i]); r >= 0) remove = r;
  std::vector<std::string> gpu, gpus, model, kind;
  for (const auto& p : slots) {
    gpu.push_back(p->scenario.cluster.gpu);
    gpus.push_back(Fmt("%.0f", p->report.setup.total_gpus) + Fmt("  (TP %.0f", p->report.setup.tp) +
                   Fmt(" PP %.0f", p->report.setup.pp) + Fmt(" DP %.0f)", p->report.setup.dp));
    model.push_back(p->scenario.workload.model);
    kind.push_back(T(p->scenario.workload.kind == WorkloadKind::kTraining ? S::kTraining : S::kInference));
  }
  TextRow(S::kGpu, gpu);
  TextRow(S::kGpuCount, gpus);
  TextRow(S::kModel, model);
  TextRow(S::kKind, kind);
  MemoryRow(slots);
  for (const Row& row : kRows) FigureRow(row, slots);
  ImGui::EndTable();
  if (remove >= 0) RemovePinned(remove);  // after the table: its rows still read the slot
}

}  // namespace

void DrawComparePanel() {
  AppState& app = App();
  SectionTitle(S::kTabCompare);
  const bool full = static_cast<int>(app.pinned.size()) >= AppState::kMaxPinned;
  const bool can_pin = !full && app.report.errors.empty();
  if (!can_pin) ImGui::BeginDisabled();
  if (ImGui::Button(T(S::kPin))) PinCurrent();
  MarkLastItem("compare:pin");
  if (!can_pin) ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextColored(ImColor(kColorMuted), "%d / %d", static_cast<int>(app.pinned.size()), AppState::kMaxPinned);
  if (full) ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kSlotsFull));
  if (app.pinned.size() < 2) ImGui::TextWrapped("%s", T(S::kCompareEmpty));
  if (app.pinned.empty()) return;
  if (app.pinned.size() >= 2) ImGui::TextColored(ImColor(kColorGood), "%s", T(S::kCompareHint));
  ImGui::Spacing();
  DrawTable();
}

}  // namespace gpucfg::app
