// Form rows bound to Scenario fields, KPI tiles and display formatting (see widgets.h).
#include "ui/widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <map>

#include "gpucfg.h"
#include "ui/explain.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace gpucfg::app {
namespace {

// What core/contract/scenario_fields.h says about one field, found by its address in App().scenario.
struct FieldInfo {
  std::string path;
  double lo = 0, hi = 0;
  std::string_view doc;
  bool found = false;
};

struct FieldFinder {
  const void* target;
  FieldInfo info;
  std::string section;

  void Hit(std::string_view name, const void* field, double lo, double hi, std::string_view doc) {
    if (field != target || info.found) return;
    info = FieldInfo{section + "/" + std::string(name), lo, hi, doc, true};
  }
  template <class L, class H>
  void Field(std::string_view n, int& f, L lo, H hi, std::string_view doc) { Hit(n, &f, lo, hi, doc); }
  template <class L, class H>
  void Field(std::string_view n, double& f, L lo, H hi, std::string_view, std::string_view doc) {
    Hit(n, &f, lo, hi, doc);
  }
  void Field(std::string_view n, bool& f, std::string_view doc) { Hit(n, &f, 0, 1, doc); }
  void Field(std::string_view n, std::string& f, std::string_view doc) { Hit(n, &f, 0, 0, doc); }
  void Field(std::string_view n, std::vector<std::string>& f, std::string_view doc) { Hit(n, &f, 0, 0, doc); }
  template <class E, class Names>
  void Enum(std::string_view n, E& f, const Names&, std::string_view doc) { Hit(n, &f, 0, 0, doc); }
  void Model(std::string_view n, WorkloadConfig& w, std::string_view doc) {
    Hit(n, &w.model, 0, 0, doc);
    // The generic network object's fields (core/contract/json_io.cpp reads them with these ranges).
    Hit("model/params", &w.generic.params, 1, 1e15, "generic network: parameters");
    Hit("model/forward_gflops_per_sample", &w.generic.forward_gflops_per_sample, 1e-9, 1e9,
        "generic network: forward GFLOPs per sample (a multiply-add = 2 FLOPs)");
    Hit("model/activation_bytes_per_sample", &w.generic.activation_bytes_per_sample, 0, 1e15,
        "generic network: bytes one sample keeps for the backward pass (or its working set); 0 = unknown");
  }
  template <class Fn>
  void Section(std::string_view name, Fn&& fn) {
    const std::string outer = section;  // nested sections (/workload/finetune) keep their parent
    section = outer + "/" + std::string(name);
    fn();
    section = outer;
  }
};

// Path -> label of every input row drawn so far.
std::map<std::string, S, std::less<>>& Labels() {
  static std::map<std::string, S, std::less<>> labels;
  return labels;
}

FieldInfo Describe(const void* field) {
  FieldFinder finder{field, {}, {}};
  VisitScenario(finder, App().scenario);
  return finder.info;
}

// Label cell (with the field's doc and JSON path on hover), then the widget cell, full width.
FieldInfo Row(S label, const void* field) {
  FieldInfo info = Describe(field);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  ImGui::TextWrapped("%s", T(label));  // a long label wraps in its column instead of being cut off
  if (info.found) {
    Labels().insert_or_assign(info.path, label);
    MarkLastItem("label:" + info.path);
  }
  if (ImGui::IsItemHovered() && info.found) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    const char* zh = App().lang == Lang::kZh ? FieldDocZh(info.path) : nullptr;
    const std::string doc = zh ? std::string(zh) : std::string(info.doc);
    ImGui::TextWrapped("%s", doc.c_str());
    NoteTooltip(doc + "\n" + info.path);
    ImGui::TextColored(ImColor(kColorMuted), "%s", info.path.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::PushID(field);
  return info;
}

bool Changed(bool changed) {
  ImGui::PopID();
  if (changed) App().dirty = true;
  return changed;
}

}  // namespace

std::string FieldPath(const void* field) { return Describe(field).path; }

const char* FieldLabel(std::string_view path) {
  auto it = Labels().find(path);
  return it == Labels().end() ? nullptr : T(it->second);
}

bool BeginForm(const char* id) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchProp)) return false;
  // Labels wrap, values do not: the value column gets the larger share.
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.1f);
  return true;
}

void EndForm() { ImGui::EndTable(); }

void SectionTitle(S title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextUnformatted(T(title));
  ImGui::PopStyleColor();
  ImGui::Separator();
}

bool IntRow(S label, int& field, bool doubling) {
  FieldInfo info = Row(label, &field);
  const int lo = static_cast<int>(info.lo), hi = info.hi > 0 ? static_cast<int>(info.hi) : 1 << 30;
  const float button = ImGui::GetFrameHeight();
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 2 * (button + spacing));
  changed |= ImGui::InputInt("##v", &field, 0, 0);
  MarkLastItem(info.path);
  ImGui::SameLine(0, spacing);
  if (ImGui::Button("-", ImVec2(button, button))) {
    field = doubling ? field / 2 : field - 1;
    changed = true;
  }
  MarkLastItem(info.path + "-");
  ImGui::SameLine(0, spacing);
  if (ImGui::Button("+", ImVec2(button, button))) {
    field = doubling ? (field > 0 ? field * 2 : 1) : field + 1;
    changed = true;
  }
  MarkLastItem(info.path + "+");
  if (changed) field = field < lo ? lo : (field > hi ? hi : field);
  return Changed(changed);
}

bool DoubleRow(S label, double& field, const char* format, double display_scale) {
  FieldInfo info = Row(label, &field);
  double shown = field / display_scale;
  bool changed = ImGui::InputDouble("##v", &shown, 0, 0, format);
  MarkLastItem(info.path);
  if (changed) {
    const double v = shown * display_scale;
    field = v < info.lo ? info.lo : (info.hi > info.lo && v > info.hi ? info.hi : v);
  }
  return Changed(changed);
}

bool BoolRow(S label, bool& field) {
  FieldInfo info = Row(label, &field);
  bool changed = ImGui::Checkbox("##v", &field);
  MarkLastItem(info.path);
  return Changed(changed);
}

// A combo's preview that is wider than its box: the name without its parenthesised description
// ("fsdp · PyTorch FSDP" of "fsdp · PyTorch FSDP（训练，全分片数据并行）"), so it is not cut off
// mid-word; the open list and the hover show it whole. "" when the preview fits or has no such part.
std::string ShortPreview(const std::string& preview) {
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x;
  if (ImGui::CalcTextSize(preview.c_str()).x <= room) return "";
  const size_t cut = std::min(preview.find("\xef\xbc\x88"), preview.find(" ("));  // "（" (full-width) or " ("
  return cut == std::string::npos || cut == 0 ? "" : preview.substr(0, cut);
}

bool ChoiceRow(S label, std::string& field, const Choices& choices) {
  FieldInfo info = Row(label, &field);
  std::string preview = field;
  for (const auto& [value, display] : choices)
    if (EqualsIgnoreCase(value, field)) preview = display;
  const std::string shortened = ShortPreview(preview);
  bool changed = false;
  const bool open = ImGui::BeginCombo("##v", shortened.empty() ? preview.c_str() : shortened.c_str(), ImGuiComboFlags_HeightLarge);
  MarkLastItem(info.path);
  MarkText(info.path, shortened.empty() ? preview : shortened);
  if (!shortened.empty() && !open && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", preview.c_str());
    NoteTooltip(preview);
  }
  if (open) {
    for (const auto& [value, display] : choices) {
      const bool selected = EqualsIgnoreCase(value, field);
      if (ImGui::Selectable(display.c_str(), selected)) {
        changed = field != value;
        field = value;
      }
      MarkLastItem(info.path + ":" + value);
      MarkText(info.path + ":" + value, display);
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  return Changed(changed);
}

bool EnumIndexRow(S label, const void* field, int& index, std::span<const std::string_view> names,
                  std::span<const S> display) {
  FieldInfo info = Row(label, field);
  auto name = [&](int i) -> std::string {
    if (i < 0 || i >= static_cast<int>(names.size())) return "?";
    return i < static_cast<int>(display.size()) ? T(display[i]) : std::string(names[i]);
  };
  bool changed = false;
  const std::string preview = name(index), shortened = ShortPreview(preview);
  const bool open = ImGui::BeginCombo("##v", shortened.empty() ? preview.c_str() : shortened.c_str());
  MarkLastItem(info.path);
  MarkText(info.path, shortened.empty() ? preview : shortened);
  if (!shortened.empty() && !open && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", preview.c_str());
    NoteTooltip(preview);
  }
  if (open) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      const std::string item = name(i);
      if (ImGui::Selectable(item.c_str(), i == index) && i != index) {
        index = i;
        changed = true;
      }
      MarkLastItem(info.path + ":" + std::string(names[i]));
      MarkText(info.path + ":" + std::string(names[i]), item);
    }
    ImGui::EndCombo();
  }
  return Changed(changed);
}

namespace {

// CJK characters between which a line may break (ideographs, kana, CJK symbols, full-width forms).
bool IsCjk(unsigned c) { return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF); }
// No line starts with closing punctuation, none ends with opening punctuation (kinsoku, simplified).
// A unit sign stays with its number ("+0.0 %").
bool NoBreakBefore(unsigned c) {
  for (unsigned x : {0x3001u, 0x3002u, 0xFF0Cu, 0xFF1Au, 0xFF1Bu, 0xFF09u, 0x300Du, 0x201Du, 0xFF01u, 0xFF1Fu, 0x3011u,
                     unsigned('%'), unsigned(')')})
    if (c == x) return true;
  return false;
}
bool NoBreakAfter(unsigned c) { return c == 0xFF08 || c == 0x300C || c == 0x201C || c == 0x3010; }

}  // namespace

void WrapText(std::string_view text) {
  const float width = std::max(8.0f, ImGui::GetContentRegionAvail().x);
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  auto measure = [](const char* a, const char* b) { return ImGui::CalcTextSize(a, b).x; };
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(-1.0f);  // the lines below already fit
  auto emit = [&](const char* a, const char* b) {
    while (b > a && b[-1] == ' ') --b;
    ImGui::TextUnformatted(a, b);
  };
  const char* line = begin;
  const char* last_break = nullptr;  // the latest place the current line may end
  unsigned prev = 0;
  for (const char* s = begin; s < end;) {
    unsigned c = 0;
    const int n = std::max(1, ImTextCharFromUtf8(&c, s, end));
    if (c == '\n') {
      emit(line, s);
      line = s + n, last_break = nullptr, prev = 0, s += n;
      continue;
    }
    // A break before this character: after a space, or between CJK characters.
    if (s > line && ((prev == ' ' && c != ' ' && !NoBreakBefore(c)) ||
                     ((IsCjk(c) || IsCjk(prev)) && c != ' ' && prev != ' ' && !NoBreakBefore(c) && !NoBreakAfter(prev))))
      last_break = s;
    if (measure(line, s + n) > width && c != ' ') {
      const char* cut = last_break && last_break > line ? last_break : s;  // a word longer than the line: cut it
      if (cut == line) cut = s + n;
      emit(line, cut);
      line = cut;
      while (line < end && *line == ' ') ++line;
      last_break = nullptr;
      s = line, prev = 0;
      continue;
    }
    prev = c;
    s += n;
  }
  if (line < end || text.empty()) emit(line, end);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

void WrapTextF(const char* format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  WrapText(buf);
}

void BeginWrappedChild(const char* id, ImVec2 size, bool border) {
  ImGui::BeginChild(id, size, border);
  ImGui::PushTextWrapPos(0.0f);
}

void EndWrappedChild() {
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

void Swatch(ImU32 color) {
  const ImVec2 c = ImGui::GetCursorScreenPos();
  const float s = ImGui::GetTextLineHeight() * 0.7f, pad = (ImGui::GetTextLineHeight() - s) / 2;
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(c.x, c.y + pad), ImVec2(c.x + s, c.y + pad + s), color, 2.0f);
  ImGui::Dummy(ImVec2(s, s));
  ImGui::SameLine();
}

void Kpi(S caption, const std::string& value, ImU32 color) {
  ImGui::BeginGroup();
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  WrapText(T(caption));  // narrow columns: break between words, never inside "0.296"
  ImGui::PopStyleColor();
  if (color) ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::SetWindowFontScale(1.3f);
  WrapText(value);
  ImGui::SetWindowFontScale(1.0f);
  if (color) ImGui::PopStyleColor();
  ImGui::EndGroup();
}

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string FmtCount(double v) {
  const double a = std::fabs(v);
  // Chinese reads big numbers in 万 (1e4) and 亿 (1e8).
  if (App().lang == Lang::kZh) {
    if (a >= 1e12) return Fmt("%.3g ", v / 1e12) + T(S::kWanYi);
    // 1000-9999 万 / 亿 as whole numbers (2560 万, not %.3g's 2.56e+03 万)
    auto count = [](double x) { return Fmt(std::fabs(x) >= 1000 ? "%.0f " : "%.3g ", x); };
    if (a >= 1e8) return count(v / 1e8) + T(S::kYi);
    if (a >= 1e4) return count(v / 1e4) + T(S::kWan);
    return Fmt("%.4g", v);
  }
  if (a >= 1e12) return Fmt("%.3g T", v / 1e12);
  if (a >= 1e9) return Fmt("%.3g B", v / 1e9);
  if (a >= 1e6) return Fmt("%.3g M", v / 1e6);
  if (a >= 1e4) return Fmt("%.3g k", v / 1e3);
  return Fmt("%.4g", v);
}

std::string FmtSi(double v, std::string_view unit) {
  static constexpr const char* kPrefix[] = {"", "k", "M", "G", "T", "P", "E"};
  int i = 0;
  double x = v;
  while (std::fabs(x) >= 1000 && i < 6) {
    x /= 1000;
    ++i;
  }
  return Fmt("%.3g ", x) + kPrefix[i] + std::string(unit);
}

std::string FmtDuration(double s) {
  if (s < 1.0) return Fmt("%.3g ms", s * 1e3);
  if (s < 120) return Fmt("%.3g ", s) + T(S::kSeconds);
  if (s < 7200) return Fmt("%.3g ", s / 60) + T(S::kMinutes);
  if (s < 3 * 86400) return Fmt("%.3g ", s / 3600) + T(S::kHours);
  if (s < 730 * 86400) return Fmt("%.3g ", s / 86400) + T(S::kDays);
  return Fmt("%.3g ", s / (365.25 * 86400)) + T(S::kYears);
}

std::string FmtMoney(double v, std::string_view currency) {
  const CurrencyPreset* c = FindCurrency(BuiltinCatalog(), currency);
  std::string symbol = c && !c->symbol.empty() ? c->symbol : std::string(currency) + " ";
  const double a = std::fabs(v);
  if (a >= 1e9) return symbol + Fmt("%.3g B", v / 1e9);
  if (a >= 1e6) return symbol + Fmt("%.3g M", v / 1e6);
  if (a >= 1e4) return symbol + Fmt("%.3g k", v / 1e3);
  return symbol + Fmt(a >= 100 ? "%.0f" : "%.2f", v);
}

std::string FmtGiB(double gib) { return Fmt("%.1f GiB", gib); }

}  // namespace gpucfg::app
