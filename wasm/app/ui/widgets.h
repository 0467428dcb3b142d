// Small widgets the panels share: a two-column form whose rows bind straight to Scenario fields
// (range, unit and tooltip taken from core/contract/scenario_fields.h, so the UI enforces the contract's
// limits), KPI tiles, and number formatting. Formatting only: no model logic here.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "app.h"
#include "imgui.h"
#include "gpucfg.h"

namespace gpucfg::app {

// Palette shared by the panels (light theme).
inline constexpr ImU32 kColorGood = IM_COL32(22, 128, 61, 255);
inline constexpr ImU32 kColorBad = IM_COL32(200, 40, 40, 255);
inline constexpr ImU32 kColorMuted = IM_COL32(100, 108, 120, 255);
inline constexpr ImU32 kColorAccent = IM_COL32(37, 99, 235, 255);

// A form is a two-column table: label (hover: the field's doc and JSON path) | widget.
bool BeginForm(const char* id);
void EndForm();
void SectionTitle(S title);

// Rows bound to a field of App().scenario; each returns true when the user changed the value
// (and then marks the scenario dirty). `doubling` steppers halve/double instead of -1/+1.
bool IntRow(S label, int& field, bool doubling = false);
bool DoubleRow(S label, double& field, const char* format, double display_scale = 1.0);
bool BoolRow(S label, bool& field);
// A combo over (value, display) pairs; value "" may stand for "auto".
using Choices = std::vector<std::pair<std::string, std::string>>;
bool ChoiceRow(S label, std::string& field, const Choices& choices);
// A combo over enum names (contract names); display names default to the names themselves.
template <class E, size_t N>
bool EnumRow(S label, E& field, const std::array<std::string_view, N>& names,
             std::span<const S> display = {});
bool EnumIndexRow(S label, const void* field, int& index, std::span<const std::string_view> names,
                  std::span<const S> display);

// A child window whose text wraps at its edge (as the page's window does): ImGui keeps the wrap
// position per window, so a child starts without one.
void BeginWrappedChild(const char* id, ImVec2 size, bool border);
void EndWrappedChild();

// Wrapped text that breaks only between words (at spaces, and between CJK characters except before
// closing or after opening punctuation), never inside a number: ImGui's own wrapping also breaks
// after '.' and ',' ("96." / "98 GiB"). Lines after the first start where the first did (SameLine).
void WrapText(std::string_view text);
void WrapTextF(const char* format, ...) IM_FMTARGS(1);

// A small filled square of `color`, text-height, on the current line (legend and table keys).
void Swatch(ImU32 color);

// A headline figure: small caption, large value, as one item (hover and MarkLastItem cover both).
void Kpi(S caption, const std::string& value, ImU32 color = 0);

// Number formatting for display.
std::string Fmt(const char* format, double v);
std::string FmtCount(double v);                  // 1.23 M, 45.6 k (Chinese: 123 万, 4.5 亿)
std::string FmtSi(double v, std::string_view unit);  // 369 GFLOP, 287 MB: one prefix scheme for all units
std::string FmtDuration(double seconds);         // 850 ms, 12.3 min, 4.2 days (translated units)
std::string FmtMoney(double v, std::string_view currency);
std::string FmtGiB(double gib);

// The contract's JSON pointer of a field of App().scenario ("/cluster/nodes"), "" if unknown.
std::string FieldPath(const void* field);
// The page's label of the input row bound to `path`, in the page's language; nullptr when no row
// for it has been drawn (the fix table and the error list name fields by it).
const char* FieldLabel(std::string_view path);

template <class E, size_t N>
bool EnumRow(S label, E& field, const std::array<std::string_view, N>& names, std::span<const S> display) {
  int index = -1;
  // Enums stored as their contract name (std::string) or as a C++ enum class.
  if constexpr (std::is_same_v<E, std::string>) {
    for (size_t i = 0; i < N; ++i)
      if (names[i] == field) index = static_cast<int>(i);
  } else if constexpr (std::is_same_v<E, Precision>) {
    for (size_t i = 0; i < N; ++i)
      if (names[i] == PrecisionName(field)) index = static_cast<int>(i);
  } else {
    index = static_cast<int>(field);
  }
  if (!EnumIndexRow(label, &field, index, names, display)) return false;
  if constexpr (std::is_same_v<E, std::string>) {
    field = std::string(names[index]);
  } else if constexpr (std::is_same_v<E, Precision>) {
    field = *ParsePrecision(names[index]);
  } else {
    field = static_cast<E>(index);
  }
  return true;
}

}  // namespace gpucfg::app
