// Memory per GPU: a stacked bar of the report's components (core/contract/report_memory.h) against the usable
// capacity line, the verdict (fits / does not fit, headroom, largest component), the largest
// batch that fits, and the core's fixes, each with the field it changes. Drawn on ImDrawList.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.h"
#include "imgui.h"
#include "gpucfg.h"
#include "ui/explain.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

struct Component {
  S label;
  std::string_view key;  // report JSON name, as MemoryReport::binding names it
  double gib;
  ImU32 color;
};

std::array<Component, 6> Components(const MemoryBreakdown& m) {
  return {{{S::kWeights, "weights_gib", m.weights_gib, IM_COL32(59, 130, 246, 255)},
           {S::kGradients, "gradients_gib", m.gradients_gib, IM_COL32(16, 185, 129, 255)},
           {S::kOptimizerStates, "optimizer_gib", m.optimizer_gib, IM_COL32(245, 158, 11, 255)},
           {S::kActivations, "activations_gib", m.activations_gib, IM_COL32(239, 68, 68, 255)},
           {S::kKvCache, "kv_cache_gib", m.kv_cache_gib, IM_COL32(139, 92, 246, 255)},
           {S::kOverhead, "overhead_gib", m.overhead_gib, IM_COL32(148, 163, 184, 255)}}};
}

// The bar: components left to right, scaled so both the total and the capacity line fit.
void DrawBar(const MemoryReport& mem) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float bar_h = 34.0f, top = ImGui::GetTextLineHeight() + 4;
  const double scale_gib = std::max(mem.per_gpu.total_gib, mem.capacity_gib) * 1.08;
  const float px_per_gib = scale_gib > 0 ? static_cast<float>(width / scale_gib) : 0;
  const ImVec2 bar0(origin.x, origin.y + top), bar1(origin.x + width, origin.y + top + bar_h);
  dl->AddRectFilled(bar0, bar1, IM_COL32(241, 245, 249, 255), 4.0f);
  float x = bar0.x;
  for (const Component& c : Components(mem.per_gpu)) {
    if (c.gib <= 0) continue;
    const float w = static_cast<float>(c.gib) * px_per_gib;
    dl->AddRectFilled(ImVec2(x, bar0.y), ImVec2(x + w, bar1.y), c.color);
    if (ImGui::IsMouseHoveringRect(ImVec2(x, bar0.y), ImVec2(x + w, bar1.y))) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
      ImGui::Text("%s: %s", T(c.label), FmtGiB(c.gib).c_str());
      const std::string what = std::string(T(S::kWhatMemoryPart)) + " (" + T(S::kTotal) + " " + FmtGiB(mem.per_gpu.total_gib) +
                               " / " + T(S::kCapacity) + " " + FmtGiB(mem.capacity_gib) + ")";
      ImGui::TextWrapped("%s", what.c_str());
      NoteTooltip(std::string(T(c.label)) + ": " + FmtGiB(c.gib) + "\n" + what);
      ExplainFooter(S::kSrcMemory);
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    MarkRect(std::string("memory_part:").append(c.key), x, bar0.y, x + w, bar1.y);
    x += w;
  }
  // Capacity line with its label above the bar.
  const float cap_x = bar0.x + static_cast<float>(mem.capacity_gib) * px_per_gib;
  const ImU32 line = mem.fits ? kColorGood : kColorBad;
  dl->AddLine(ImVec2(cap_x, origin.y + top - 4), ImVec2(cap_x, bar1.y + 4), line, 2.5f);
  const std::string cap = std::string(T(S::kCapacity)) + " " + FmtGiB(mem.capacity_gib);
  const float cap_w = ImGui::CalcTextSize(cap.c_str()).x;
  dl->AddText(ImVec2(std::clamp(cap_x - cap_w / 2, bar0.x, bar1.x - cap_w), origin.y), line, cap.c_str());
  ImGui::Dummy(ImVec2(width, top + bar_h + 6));
  MarkLastItem("memory_bar");
}

// Legend: a colour square, the component name and its size, in three columns (two where three
// would cut the sizes off: 800 px screens, phones).
void DrawLegend(const MemoryReport& mem) {
  const int columns = ImGui::GetContentRegionAvail().x < 30 * ImGui::GetFontSize() ? 2 : 3;
  if (!ImGui::BeginTable("legend", columns)) return;
  for (const Component& c : Components(mem.per_gpu)) {
    ImGui::TableNextColumn();
    Swatch(c.color);
    const bool binding = !mem.fits && c.key == mem.binding;
    ImGui::TextColored(ImColor(binding ? kColorBad : kColorMuted), "%s", T(c.label));
    ImGui::SameLine();
    ImGui::Text("%s", FmtGiB(c.gib).c_str());
  }
  ImGui::EndTable();
}

void DrawVerdict(const MemoryReport& mem) {
  const std::string verdict = std::string(mem.fits ? T(S::kFits) : T(S::kDoesNotFit));
  ImGui::PushStyleColor(ImGuiCol_Text, mem.fits ? kColorGood : kColorBad);
  ImGui::SetWindowFontScale(1.3f);
  ImGui::TextUnformatted(((mem.fits ? "✓ " : "× ") + verdict).c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextWrapped("%s %s / %s %s  ·  %s %s", T(S::kTotal), FmtGiB(mem.per_gpu.total_gib).c_str(),
              T(S::kCapacity), FmtGiB(mem.capacity_gib).c_str(),
              mem.fits ? T(S::kHeadroom) : T(S::kOverBy), FmtGiB(std::fabs(mem.headroom_gib)).c_str());
  for (const Component& c : Components(mem.per_gpu))
    if (!mem.fits && c.key == mem.binding) ImGui::TextColored(ImColor(kColorBad), "%s: %s", T(S::kBinding), T(c.label));
  const bool training = App().scenario.workload.kind == WorkloadKind::kTraining;
  if (training && mem.max_micro_batch > 0) ImGui::Text("%s: %d", T(S::kMaxMicroBatch), mem.max_micro_batch);
  if (!training && mem.max_batch > 0) ImGui::Text("%s: %d", T(S::kMaxBatch), mem.max_batch);
  if (!training && mem.max_context_tokens > 0)
    ImGui::Text("%s: %s", T(S::kMaxContext), FmtCount(mem.max_context_tokens).c_str());
}

// "from -> to" in the field's own terms: names for enums, bits for formats, on/off for flags.
std::string FixChange(const MemoryFix& f) {
  const std::string_view p = f.path;
  auto ends = [&](std::string_view tail) { return p.size() >= tail.size() && p.substr(p.size() - tail.size()) == tail; };
  auto name = [](auto names, double v) {
    const int i = static_cast<int>(v);
    return i >= 0 && i < static_cast<int>(names.size()) ? std::string(names[i]) : Fmt("%g", v);
  };
  if (ends("/recompute")) return name(kRecomputeNames, f.from) + " → " + name(kRecomputeNames, f.to);
  if (ends("_precision")) return Fmt("%g ", f.from) + T(S::kBits) + " → " + Fmt("%g ", f.to) + T(S::kBits);
  if (ends("/optimizer")) return "→ adam-8bit";
  if (ends("/sequence_parallel") || ends("/flash_attention")) return std::string(T(S::kOff)) + " → " + T(S::kOn);
  if (ends("/gpu")) return "→ " + std::string(f.target) + Fmt(" (%g GB)", f.to);
  return Fmt("%g", f.from) + " → " + Fmt("%g", f.to);
}

// Returns true when its Apply button was clicked.
bool DrawFixRow(const MemoryFix& f, int index) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  const char* name = FixName(f.code);
  std::string label = name ? name : std::string(f.code);
  if (f.plan_step > 0) label = Fmt("  %g. ", f.plan_step) + label;
  ImGui::TextUnformatted(label.c_str());
  ImGui::TableNextColumn();
  // The field by its name on the page (in Chinese, the row's Chinese label); its JSON path on hover.
  const char* field = App().lang == Lang::kZh ? FieldLabel(f.path) : nullptr;
  if (field) ImGui::TextColored(ImColor(kColorMuted), "%s", field);
  else ImGui::TextColored(ImColor(kColorMuted), "%.*s", static_cast<int>(f.path.size()), f.path.data());
  if (field && ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(f.path.size()), f.path.data());
  ImGui::SameLine();
  ImGui::TextUnformatted(FixChange(f).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(FmtGiB(f.saves_gib).c_str());
  ImGui::TableNextColumn();
  ImGui::TextColored(ImColor(f.fits_after ? kColorGood : kColorMuted), "%s", f.fits_after ? "✓" : "—");
  ImGui::TableNextColumn();
  ImGui::PushID(index);
  const bool clicked = ImGui::SmallButton(T(S::kApplyFix));
  ImGui::PopID();
  MarkLastItem("fix:apply:" + std::to_string(index));
  return clicked;
}

// A fix that changes the GPU count changes the price: old -> new per hour, and for the job.
void DrawFixCostRow(int index, std::string_view currency) {
  const FixCost* c = FixCostChange(index);
  if (!c) return;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TableNextColumn();
  char buf[256];
  std::snprintf(buf, sizeof buf, T(S::kFixCostChange), c->gpus_from, c->gpus_to,
                FmtMoney(c->per_hour_from, currency).c_str(), FmtMoney(c->per_hour_to, currency).c_str());
  std::string text = buf;
  if (c->total_from > 0 && c->total_to > 0) {
    std::snprintf(buf, sizeof buf, T(S::kFixJobCost), FmtMoney(c->total_from, currency).c_str(),
                  FmtMoney(c->total_to, currency).c_str());
    text += std::string("; ") + buf;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(180, 83, 9, 255));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
  MarkLastItem("fix:cost:" + std::to_string(index));
}

void DrawFixes(const MemoryReport& mem) {
  // Undo stays reachable once an applied fix made it fit (and the fixes are gone).
  if (mem.fits) {
    if (CanUndo() && ImGui::SmallButton(T(S::kUndoFix))) UndoFix();
    if (CanUndo()) MarkLastItem("fix:undo");
    return;
  }
  ImGui::Spacing();
  ImGui::TextUnformatted(T(S::kFixes));
  if (CanUndo()) {
    ImGui::SameLine();
    if (ImGui::SmallButton(T(S::kUndoFix))) UndoFix();
    MarkLastItem("fix:undo");
  }
  if (mem.fix_count == 0) {
    ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kNoFixes));
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("fixes", 5, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn(T(S::kFixChange), ImGuiTableColumnFlags_WidthStretch, 1.9f);
  ImGui::TableSetupColumn(T(S::kFixSaves), ImGuiTableColumnFlags_WidthStretch, 0.6f);
  ImGui::TableSetupColumn(T(S::kFixFitsAfter), ImGuiTableColumnFlags_WidthStretch, 0.6f);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  bool plan_started = false;
  int apply = -1;
  for (int i = 0; i < mem.fix_count; ++i) {
    const MemoryFix& f = mem.fixes[i];
    if (f.plan_step > 0 && !plan_started) {
      plan_started = true;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(ImColor(kColorAccent), "%s", T(S::kPlan));
    }
    if (DrawFixRow(f, i)) apply = i;
    DrawFixCostRow(i, App().report.cost.currency);
  }
  ImGui::EndTable();
  if (apply >= 0) ApplyFix(apply);  // after the table: its rows still read the report
}

}  // namespace

void DrawMemoryPanel() {
  const MemoryReport& mem = App().report.memory;
  SectionTitle(S::kMemoryPerGpu);
  DrawBar(mem);
  DrawLegend(mem);
  ImGui::Spacing();
  DrawVerdict(mem);
  DrawFixes(mem);
}

}  // namespace gpucfg::app
