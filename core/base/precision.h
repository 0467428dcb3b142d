// Numeric formats a GPU computes in and a workload stores tensors in, with their storage size.
// The names are the contract's (`fp32`, `bf16`, ...); `fp64`/`fp64-tc` exist for the roofline only.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace gpucfg {

enum class Precision : int { kFp64, kFp64Tc, kFp32, kTf32, kFp16, kBf16, kFp8, kInt8, kInt4 };
inline constexpr int kPrecisionCount = 9;

inline constexpr std::array<std::string_view, kPrecisionCount> kPrecisionNames = {
    "fp64", "fp64-tc", "fp32", "tf32", "fp16", "bf16", "fp8", "int8", "int4"};

constexpr std::string_view PrecisionName(Precision p) { return kPrecisionNames[static_cast<int>(p)]; }

std::optional<Precision> ParsePrecision(std::string_view name);

// Bytes one element occupies in memory (tf32 is stored as fp32; int4 packs two per byte).
constexpr double BytesPerElement(Precision p) {
  switch (p) {
    case Precision::kFp64:
    case Precision::kFp64Tc: return 8.0;
    case Precision::kFp32:
    case Precision::kTf32: return 4.0;
    case Precision::kFp16:
    case Precision::kBf16: return 2.0;
    case Precision::kFp8:
    case Precision::kInt8: return 1.0;
    case Precision::kInt4: return 0.5;
  }
  return 4.0;
}

}  // namespace gpucfg
