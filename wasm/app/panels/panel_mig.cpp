// The MIG view (issue 11): one GPU's slot diagram (its 7 or 8 memory slots, each instance drawn at
// the start slot the core's placement gives it), profiles added by a click or by dragging them onto
// the diagram, a refused profile shown with the core's reason and the closest valid layouts; the
// tenants as an editable list whose pack plan (core/planner/mig_plan.h, as `gpucfg mig plan`) follows
// every keystroke; and the MIG vs MPS vs time-slicing facts (data/gpu_sharing.json). Validation,
// placement, sizing and packing are the core's; this file only draws and edits the request.
// Test hook: migPanel() (JSON of what the view holds), registered at the end.
#include <emscripten/bind.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app.h"
#include "imgui.h"
#include "ui/widgets.h"
#include "gpucfg.h"

namespace gpucfg::app {
namespace {

using OJson = nlohmann::ordered_json;

struct TenantRow {
  std::string name, model;
  int batch = 8;
  std::string profile;  // pinned profile; "" = the smallest that fits
};

struct MigView {
  std::string gpu = "A100-SXM4-80GB";
  std::vector<int> layout;          // profile indices, in the order added
  MigCheck check;                   // of `layout` (always valid: refused additions are not kept)
  std::string refused;              // the last refused profile ("" = none)
  MigCheck refusal;                 // why (the core's reason)
  std::vector<MigCounts> closest;   // the closest valid layouts to layout + refused
  std::vector<TenantRow> tenants = {{"search", "bert-large", 32, ""},
                                    {"chat", "llama2-7b", 8, ""},
                                    {"assist", "mistral-7b", 4, ""},
                                    {"support", "llama2-13b", 4, ""}};
  bool plan_dirty = true;
  std::string plan_input;           // the `gpucfg mig plan` document of the tenants
  MigPlan plan;
};

MigView& View() {
  static MigView v;
  return v;
}

const MigTable* Table() { return FindMigTable(BuiltinCatalog().mig_tables, View().gpu); }

const ImU32 kSliceColors[] = {IM_COL32(37, 99, 235, 255), IM_COL32(22, 128, 61, 255), IM_COL32(234, 88, 12, 255),
                              IM_COL32(147, 51, 234, 255), IM_COL32(14, 165, 233, 255), IM_COL32(202, 138, 4, 255),
                              IM_COL32(219, 39, 119, 255)};

// Tries to add profile `p` to the layout: kept when the core places it, refused with its reason
// and the closest valid layouts otherwise.
void TryAdd(const MigTable& t, int p) {
  MigView& v = View();
  std::vector<int> next = v.layout;
  next.push_back(p);
  const MigCheck c = CheckMigLayout(t, next);
  if (c.valid) {
    v.layout = std::move(next);
    v.check = c;
    v.refused.clear();
    v.closest.clear();
    return;
  }
  v.refused = t.profiles[p].name;
  v.refusal = c;
  v.closest = ClosestMigLayouts(t, CountsOf(t, next));
}

void SetLayout(const MigTable& t, std::vector<int> layout) {
  MigView& v = View();
  v.layout = std::move(layout);
  v.check = CheckMigLayout(t, v.layout);
  v.refused.clear();
  v.closest.clear();
}

struct Placed {
  int profile, start;
  std::string label;
};

// The slots of one GPU as columns, the instances as blocks over their memory slots. Returns the
// index of the instance clicked this frame (-1 = none). `hook` names the test rectangles.
int DrawSlots(const MigTable& t, const std::vector<Placed>& placed, const std::string& hook, float h) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, slot_w = w / t.memory_slots;
  ImGui::InvisibleButton(hook.c_str(), ImVec2(w, h));
  MarkRect(hook, o.x, o.y, o.x + w, o.y + h);
  const bool clicked = ImGui::IsItemClicked();
  for (int k = 0; k < t.memory_slots; ++k) {
    const float x0 = o.x + k * slot_w;
    dl->AddRectFilled(ImVec2(x0 + 1, o.y), ImVec2(x0 + slot_w - 1, o.y + h), IM_COL32(241, 245, 249, 255), 3.0f);
    dl->AddText(ImVec2(x0 + 4, o.y + 2), kColorMuted, std::to_string(k).c_str());
    MarkRect(hook + ":slot:" + std::to_string(k), x0, o.y, x0 + slot_w, o.y + h);
  }
  int hit = -1;
  for (size_t i = 0; i < placed.size(); ++i) {
    const MigProfile& q = t.profiles[placed[i].profile];
    const float x0 = o.x + placed[i].start * slot_w + 3, x1 = o.x + (placed[i].start + q.memory_slices) * slot_w - 3;
    const ImVec2 a(x0, o.y + 18), b(x1, o.y + h - 3);
    dl->AddRectFilled(a, b, kSliceColors[(q.compute_slices - 1) % 7], 4.0f);
    dl->PushClipRect(a, b, true);
    dl->AddText(ImVec2(x0 + 5, a.y + 4), IM_COL32_WHITE, q.name.c_str());
    if (!placed[i].label.empty()) dl->AddText(ImVec2(x0 + 5, a.y + 22), IM_COL32_WHITE, placed[i].label.c_str());
    dl->PopClipRect();
    MarkRect(hook + ":instance:" + std::to_string(i), a.x, a.y, b.x, b.y);
    if (clicked && ImGui::IsMouseHoveringRect(a, b)) hit = static_cast<int>(i);
  }
  return hit;
}

void DrawGpuChoice() {
  MigView& v = View();
  ImGui::SetNextItemWidth(260);
  if (ImGui::BeginCombo("##mig_gpu", v.gpu.c_str())) {
    for (const MigTable& t : BuiltinCatalog().mig_tables) {
      if (t.profiles.empty()) continue;
      for (const std::string& g : t.gpus) {
        if (ImGui::Selectable(g.c_str(), g == v.gpu) && g != v.gpu) {
          v.gpu = g;
          SetLayout(t, {});
          v.plan_dirty = true;
          for (TenantRow& r : v.tenants) r.profile.clear();  // pins name the old table's profiles
        }
        MarkLastItem("mig:gpu:" + g);
      }
    }
    ImGui::EndCombo();
  }
  MarkLastItem("mig:gpu");
}

void DrawPalette(const MigTable& t) {
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kMgPalette));
  for (size_t p = 0; p < t.profiles.size(); ++p) {
    const MigProfile& q = t.profiles[p];
    // Next to the previous button when this one fits on the line, else on a new line (phones).
    const ImGuiStyle& style = ImGui::GetStyle();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (p > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x + ImGui::CalcTextSize(q.name.c_str()).x +
                     2 * style.FramePadding.x <= right)
      ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, kSliceColors[(q.compute_slices - 1) % 7]);
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32_WHITE);
    if (ImGui::Button(q.name.c_str())) TryAdd(t, static_cast<int>(p));
    ImGui::PopStyleColor(2);
    MarkLastItem("mig:add:" + q.name);
    if (ImGui::BeginDragDropSource()) {
      const int index = static_cast<int>(p);
      ImGui::SetDragDropPayload("MIG_PROFILE", &index, sizeof index);
      ImGui::Text("%s  %d/%d, %.1f GiB", q.name.c_str(), q.compute_slices, t.compute_slots, q.memory_gib);
      ImGui::EndDragDropSource();
    }
    if (ImGui::IsItemHovered() && !ImGui::IsMouseDragging(0))
      ImGui::SetTooltip(T(S::kMgProfileTip), q.compute_slices, t.compute_slots, q.memory_slices, t.memory_slots,
                        q.memory_gib, q.sms, q.max_instances);
  }
}

const char* ReasonHeadline(const std::string& code) {
  static constexpr std::pair<const char*, S> kReasons[] = {
      {"count_limit", S::kMgRsCount},       {"media_extensions", S::kMgRsMedia}, {"instances", S::kMgRsInstances},
      {"compute_slices", S::kMgRsCompute}, {"memory_slices", S::kMgRsMemory},  {"no_slot", S::kMgRsNoSlot}};
  for (const auto& [c, id] : kReasons)
    if (code == c) return T(id);
  return nullptr;
}

void DrawRefusal(const MigTable& t) {
  MigView& v = View();
  if (v.refused.empty()) return;
  // Chinese: a headline for the failing rule, the core's English sentence (with its numbers) below.
  const char* head = App().lang == Lang::kZh ? ReasonHeadline(v.refusal.reason_code) : nullptr;
  ImGui::PushStyleColor(ImGuiCol_Text, kColorBad);
  WrapTextF(T(S::kMgRefused), v.refused.c_str(), head ? head : v.refusal.reason.c_str());
  ImGui::PopStyleColor();
  MarkLastItem("mig:refused");
  if (head) ImGui::TextColored(ImColor(kColorMuted), "%s", v.refusal.reason.c_str());
  if (v.closest.empty()) return;
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kMgClosest));
  for (size_t i = 0; i < v.closest.size(); ++i) {
    std::string names;
    for (const std::string& n : LayoutNames(t, v.closest[i])) names += (names.empty() ? "" : " + ") + n;
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton(T(S::kMgUse))) {
      std::vector<int> layout = InstancesOf(v.closest[i]);
      SetLayout(t, std::move(layout));
      ImGui::PopID();
      return;
    }
    MarkLastItem("mig:closest:" + std::to_string(i));
    ImGui::SameLine();
    ImGui::TextUnformatted(names.c_str());
    ImGui::PopID();
  }
}

void DrawLayoutEditor(const MigTable& t) {
  MigView& v = View();
  SectionTitle(S::kMgLayoutTitle);
  DrawGpuChoice();
  char facts[192];
  std::snprintf(facts, sizeof facts, T(S::kMgGpuFacts), t.memory_slots, t.compute_slots, t.max_instances, t.table.c_str());
  // Beside the GPU menu when the facts fit there in two lines at most, else below it (phones).
  const float beside = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - ImGui::GetItemRectMax().x -
                       ImGui::GetStyle().ItemSpacing.x;
  if (ImGui::CalcTextSize(facts).x <= 2 * beside) ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  WrapText(facts);
  ImGui::PopStyleColor();
  DrawPalette(t);
  std::vector<Placed> placed;
  int compute = 0;
  for (const MigPlaced& p : v.check.placement) {
    placed.push_back({p.profile, p.start, ""});
    compute += t.profiles[p.profile].compute_slices;
  }
  const int hit = DrawSlots(t, placed, "mig:diagram", 64.0f);
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload("MIG_PROFILE")) TryAdd(t, *static_cast<const int*>(payload->Data));
    ImGui::EndDragDropTarget();
  }
  if (hit >= 0) {  // the placement is in request order: instance i is layout[i]
    std::vector<int> layout = v.layout;
    layout.erase(layout.begin() + hit);
    SetLayout(t, std::move(layout));
  }
  ImGui::TextColored(ImColor(v.layout.empty() ? kColorMuted : kColorGood), T(S::kMgStatus), compute, t.compute_slots,
                     static_cast<int>(v.layout.size()), t.max_instances);
  ImGui::SameLine();
  if (ImGui::SmallButton(T(S::kMgClear))) SetLayout(t, {});
  MarkLastItem("mig:clear");
  DrawRefusal(t);
}

// [SECTION] Tenants and their pack plan ------------------------------------------------------------

void Replan() {
  MigView& v = View();
  if (!v.plan_dirty) return;
  v.plan_dirty = false;
  OJson tenants = OJson::array();
  for (const TenantRow& r : v.tenants) {
    OJson t = {{"name", r.name}, {"model", r.model}, {"precision", "fp16"}, {"batch", r.batch}};
    if (!r.profile.empty()) t["profile"] = r.profile;
    tenants.push_back(t);
  }
  v.plan_input = OJson{{"schema_version", 2}, {"mig_plan", {{"gpu", v.gpu}, {"tenants", tenants}}}}.dump();
  v.plan = PlanMig(v.plan_input);
}

bool TenantModelCombo(TenantRow& r, const std::string& hook) {
  bool changed = false;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##model", r.model.c_str())) {
    for (const ModelPreset& m : BuiltinCatalog().models) {
      if (ImGui::Selectable(m.id.c_str(), m.id == r.model) && m.id != r.model) r.model = m.id, changed = true;
      MarkLastItem(hook + ":" + m.id);
    }
    ImGui::EndCombo();
  }
  MarkLastItem(hook);
  return changed;
}

bool TenantPinCombo(TenantRow& r, const MigTable& t, const std::string& hook) {
  bool changed = false;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##pin", r.profile.empty() ? T(S::kAuto) : r.profile.c_str())) {
    if (ImGui::Selectable(T(S::kAuto), r.profile.empty())) r.profile.clear(), changed = true;
    for (const MigProfile& q : t.profiles) {
      if (ImGui::Selectable(q.name.c_str(), q.name == r.profile)) r.profile = q.name, changed = true;
      MarkLastItem(hook + ":" + q.name);
    }
    ImGui::EndCombo();
  }
  MarkLastItem(hook);
  return changed;
}

void DrawTenants(const MigTable& t) {
  MigView& v = View();
  SectionTitle(S::kMgTenants);
  // Narrower than the row's widgets need (a phone): the table keeps that width and scrolls sideways.
  // 560 px with a mouse; with touch-sized frames (the batch stepper's buttons) about 16 frames.
  const float min_w = std::max(560.0f, 16 * ImGui::GetFrameHeight());
  const bool scroll = ImGui::GetContentRegionAvail().x < min_w;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_h = ImGui::GetFrameHeight() + 2 * style.CellPadding.y;
  const float header_h = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y;
  const float height = scroll ? header_h + v.tenants.size() * row_h + style.ScrollbarSize + 2 * style.CellPadding.y : 0.0f;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp | (scroll ? ImGuiTableFlags_ScrollX : 0);
  if (!ImGui::BeginTable("mig_tenants", 5, flags, ImVec2(0, height), scroll ? min_w : 0.0f)) return;
  ImGui::TableSetupColumn(T(S::kMgTenantName), ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn(T(S::kModel), ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableSetupColumn(T(S::kMgBatch), ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn(T(S::kMgPin), ImGuiTableColumnFlags_WidthStretch, 1.1f);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 24.0f);
  ImGui::TableHeadersRow();
  int remove = -1;
  for (size_t i = 0; i < v.tenants.size(); ++i) {
    TenantRow& r = v.tenants[i];
    const std::string hook = "mig:tenant:" + std::to_string(i);
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char name[48];
    std::snprintf(name, sizeof name, "%s", r.name.c_str());
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##name", name, sizeof name)) r.name = name, v.plan_dirty = true;
    MarkLastItem(hook + ":name");
    ImGui::TableNextColumn();
    v.plan_dirty |= TenantModelCombo(r, hook + ":model");
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputInt("##batch", &r.batch)) r.batch = std::clamp(r.batch, 1, 4096), v.plan_dirty = true;
    MarkLastItem(hook + ":batch");
    ImGui::TableNextColumn();
    v.plan_dirty |= TenantPinCombo(r, t, hook + ":pin");
    ImGui::TableNextColumn();
    if (ImGui::SmallButton("x")) remove = static_cast<int>(i);
    MarkLastItem(hook + ":remove");
    ImGui::PopID();
  }
  ImGui::EndTable();
  if (remove >= 0) v.tenants.erase(v.tenants.begin() + remove), v.plan_dirty = true;
  if (v.tenants.size() < 24 && ImGui::Button(T(S::kMgAddTenant))) {
    // A name no row has (the plan refuses two tenants of one name): after a removal, size + 1 may be taken.
    std::string name;
    for (size_t n = v.tenants.size() + 1;; ++n) {
      name = "tenant-" + std::to_string(n);
      if (std::none_of(v.tenants.begin(), v.tenants.end(), [&](const TenantRow& r) { return r.name == name; })) break;
    }
    v.tenants.push_back({name, "bert-large", 8, ""});
    v.plan_dirty = true;
  }
  MarkLastItem("mig:tenant:add");
}

void DrawPlan(const MigTable& t) {
  MigView& v = View();
  Replan();
  const MigPlan& p = v.plan;
  SectionTitle(S::kMgPlan);
  if (!p.errors.empty()) {
    for (const Issue& e : p.errors) ImGui::TextColored(ImColor(kColorBad), "%s  %s", e.path.c_str(), e.message.c_str());
    return;
  }
  const int needed = static_cast<int>(p.packing.gpus.size());
  const bool proven = p.packing.exact || needed == p.packing.lower_bound;
  ImGui::Text(T(S::kMgGpusNeeded), needed, p.packing.lower_bound, T(proven ? S::kMgProven : S::kMgHeuristic));
  MarkLastItem("mig:plan:summary");
  for (size_t i = 0; i < p.tenants.size(); ++i) {
    const MigTenantSize& z = p.sizes[i];
    const char* profile = z.profile >= 0 ? t.profiles[z.profile].name.c_str() : "-";
    ImGui::Bullet();  // then wrapped text (BulletText does not wrap on a phone)
    WrapTextF(T(S::kMgTenantLine), p.tenants[i].name.c_str(), profile, z.memory_gib, z.capacity_gib,
              z.encoder ? z.samples_per_s : z.output_tokens_per_s, T(z.encoder ? S::kMgSamplesPerS : S::kMgTokensPerS));
    if (!z.fits) {
      ImGui::SameLine();
      ImGui::TextColored(ImColor(kColorBad), "%s", T(S::kDoesNotFit));
    }
  }
  for (size_t g = 0; g < p.gpus.size() && g < 16; ++g) {
    std::vector<Placed> placed;
    for (const MigPlanSlot& s : p.gpus[g])
      if (s.tenant >= 0) placed.push_back({s.profile, s.start, p.tenants[s.tenant].name});
    ImGui::TextColored(ImColor(kColorMuted), "GPU %d", static_cast<int>(g));
    DrawSlots(t, placed, "mig:plan:gpu:" + std::to_string(g), 60.0f);
  }
}

// [SECTION] MIG vs MPS vs time-slicing -------------------------------------------------------------

struct TopicText {
  const char* topic;
  S label, mig, mps, ts;
};
constexpr TopicText kTopics[] = {
    {"compute", S::kShCompute, S::kShComputeMig, S::kShComputeMps, S::kShComputeTs},
    {"memory_qos", S::kShMemory, S::kShMemoryMig, S::kShMemoryMps, S::kShMemoryTs},
    {"fault_isolation", S::kShFault, S::kShFaultMig, S::kShFaultMps, S::kShFaultTs},
    {"busy_neighbour", S::kShBusy, S::kShBusyMig, S::kShBusyMps, S::kShBusyTs},
    {"p2p_nvlink", S::kShP2p, S::kShP2pMig, S::kShP2pMps, S::kShP2pTs},
    {"reconfiguration", S::kShReconf, S::kShReconfMig, S::kShReconfMps, S::kShReconfTs},
    {"cuda_features", S::kShCuda, S::kShCudaMig, S::kShCudaMps, S::kShCudaTs},
    {"max_clients", S::kShClients, S::kShClientsMig, S::kShClientsMps, S::kShClientsTs},
};

// English: the data's own sentence; Chinese: the string table's, falling back to the English.
const char* Cell(const std::string& en, const TopicText* t, S TopicText::*which) {
  return App().lang == Lang::kZh && t ? T(t->*which) : en.c_str();
}

void DrawSharing() {
  SectionTitle(S::kShTitle);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("mig_sharing", 4, flags)) return;
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 0.8f);
  ImGui::TableSetupColumn("MIG");
  ImGui::TableSetupColumn("MPS");
  ImGui::TableSetupColumn(T(S::kShTimeSlicing));
  ImGui::TableHeadersRow();
  for (const SharingFact& f : BuiltinCatalog().sharing) {
    const TopicText* t = nullptr;
    for (const TopicText& k : kTopics)
      if (f.topic == k.topic) t = &k;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", t ? T(t->label) : f.topic.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", T(S::kSource), f.source.c_str());
    MarkLastItem("mig:sharing:" + f.topic);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", Cell(f.mig, t, &TopicText::mig));
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", Cell(f.mps, t, &TopicText::mps));
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", Cell(f.time_slicing, t, &TopicText::ts));
  }
  ImGui::EndTable();
  ImGui::TextColored(ImColor(kColorMuted), "%s", T(S::kShNote));
}

// {"gpu", "layout": [names], "placement": [{"profile", "start"}], "refused", "reason_code",
//  "reason", "closest": [[names]], "plan_input", "plan": <gpucfg mig plan --format json>}
std::string PanelJson() {
  MigView& v = View();
  const MigTable* t = Table();
  OJson o;
  o["gpu"] = v.gpu;
  OJson layout = OJson::array(), placement = OJson::array(), closest = OJson::array();
  if (t) {
    for (int p : v.layout) layout.push_back(t->profiles[p].name);
    for (const MigPlaced& p : v.check.placement) placement.push_back({{"profile", t->profiles[p.profile].name}, {"start", p.start}});
    for (const MigCounts& c : v.closest) closest.push_back(LayoutNames(*t, c));
  }
  o["layout"] = layout;
  o["placement"] = placement;
  o["refused"] = v.refused;
  o["reason_code"] = v.refused.empty() ? "" : v.refusal.reason_code;
  o["reason"] = v.refused.empty() ? "" : v.refusal.reason;
  o["closest"] = closest;
  Replan();
  o["plan_input"] = v.plan_input;
  const MigJsonResult r = MigPlanJson(v.plan_input);
  o["plan"] = r.errors.empty() ? OJson::parse(r.text, nullptr, false) : OJson();
  return o.dump();
}

}  // namespace

void DrawMigPanel() {
  const MigTable* t = Table();
  if (!t || t->profiles.empty()) return;
  DrawLayoutEditor(*t);
  DrawTenants(*t);
  DrawPlan(*t);
  DrawSharing();
}

}  // namespace gpucfg::app

EMSCRIPTEN_BINDINGS(gpucfg_mig_panel) { emscripten::function("migPanel", &gpucfg::app::PanelJson); }
