// A headline figure's formula with this scenario's numbers, built from the report's own values, so
// a tooltip can never disagree with the figure it explains (issue 34, item 4). A formula is a chain
// of terms joined by operators: "global batch x sequence length / step time = tokens/s". Each term
// names the report (or scenario) field it shows, with its value and unit; the page turns the field
// into a label in the reader's language and the value into text. Where an operator is arithmetic
// (x, /, +, =) the chain holds exactly: tests/explain_test.cpp evaluates it on every example.
#pragma once

#include <array>
#include <string_view>

#include "contract/report.h"
#include "contract/scenario.h"

namespace gpucfg {

enum class Figure {
  kMfu, kTokensPerS, kStepTime, kTflopsPerGpu, kTimeToTrain, kGpuHours,
  kTtft, kTpot, kOutputTokens,
  kGpuHourPrice, kClusterPerHour, kJobRental, kElectricityCost,
  kGpuPower, kNodePower, kClusterPower, kFacility, kEnergy,
};

// How a term's value reads: the page formats each kind its own way (durations, money, SI counts).
enum class TermUnit { kCount, kSeconds, kHours, kMoney, kMoneyPerGpuHour, kWatts, kKilowatts, kKwh, kFraction, kTflops, kFlop, kFlopsPerSecond };

struct FormulaTerm {
  std::string_view field;  // the dotted report or scenario field: "setup.global_batch", "workload.seq_len"
  double value = 0;
  TermUnit unit = TermUnit::kCount;
};

// Operators between terms: '*', '/', '=' (arithmetic, checked), '>' ("from ... to": the model
// relates them by more than this chain shows, e.g. a lower bound and the step time).
struct Formula {
  static constexpr int kMaxTerms = 5;
  std::array<FormulaTerm, kMaxTerms> terms{};
  std::array<char, kMaxTerms - 1> ops{};
  int count = 0;  // 0: the figure has no formula for this report (e.g. no cost without a duration)
};

// The figure's formula for report `r` of scenario `s` (what EvaluateInto returned for it).
Formula FormulaOf(Figure figure, const Scenario& s, const Report& r);

}  // namespace gpucfg
