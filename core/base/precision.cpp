// Parsing of precision names (the contract's "bf16", "fp64-tc", ...), case-insensitive.
#include "base/precision.h"

#include <cstddef>

namespace gpucfg {

namespace {

bool SameName(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (x != b[i]) return false;  // b is a lowercase name from kPrecisionNames
  }
  return true;
}

}  // namespace

std::optional<Precision> ParsePrecision(std::string_view name) {
  for (int i = 0; i < kPrecisionCount; ++i) {
    if (SameName(name, kPrecisionNames[i])) return static_cast<Precision>(i);
  }
  return std::nullopt;
}

}  // namespace gpucfg
