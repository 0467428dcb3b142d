// Unit constants shared by every model. Stated once, here:
//   memory sizes: GiB = 2^30 bytes (what nvidia-smi and allocators count);
//   marketed memory: GB = 10^9 bytes; bandwidth: GB/s = 10^9 bytes per second;
//   compute: TFLOP/s = 10^12 floating-point operations per second (TOPS for integers);
//   network rates in catalogs: Gb/s (10^9 bits per second) per direction.
#pragma once

namespace gpucfg {

inline constexpr double kBytesPerGiB = 1073741824.0;  // 2^30
inline constexpr double kBytesPerGB = 1e9;
inline constexpr double kFlopsPerTflop = 1e12;
inline constexpr double kSecondsPerHour = 3600.0;

constexpr double BytesToGiB(double bytes) { return bytes / kBytesPerGiB; }
constexpr double GiBToBytes(double gib) { return gib * kBytesPerGiB; }

}  // namespace gpucfg
