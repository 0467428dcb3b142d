// Warnings and assumptions a model attaches to a report. Stored without allocation (a fixed array
// of codes and numbers) so the evaluation hot path stays allocation-free; the readable sentence is
// composed only when the report is written out (WarningMessage), which also lets the page
// translate it.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace gpucfg {

struct Warning {
  std::string_view code;   // stable snake_case code, a key of the table in warnings.cpp
  std::string_view path;   // JSON pointer of the field it is about ("" = the whole scenario)
  double value = 0;        // the figure the message quotes (its meaning depends on the code)
  double limit = 0;        // the bound it was compared with
  std::array<double, 4> args{};  // more figures for the arithmetic a message shows: {a} {b} {c} {d}
};

struct WarningList {
  static constexpr int kCapacity = 24;
  std::array<Warning, kCapacity> items{};
  int count = 0;
  void Add(std::string_view code, std::string_view path, double value = 0, double limit = 0) {
    if (count < kCapacity) items[count++] = Warning{code, path, value, limit};
  }
  void Add(std::string_view code, std::string_view path, double value, double limit, std::array<double, 4> args) {
    if (count < kCapacity) items[count++] = Warning{code, path, value, limit, args};
  }
  const Warning* begin() const { return items.data(); }
  const Warning* end() const { return items.data() + count; }
};

// The English sentence for a warning, with its figures filled in.
std::string WarningMessage(const Warning& w);

// Fills {value}, {limit} and {a}..{d} of a message template (any language) with the warning's figures.
std::string FillWarningTemplate(std::string_view text, const Warning& w);

}  // namespace gpucfg
