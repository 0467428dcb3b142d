// The effective device: the GPU as one job sees it. A whole catalog GPU, a GPU under a power cap or
// a thermal derate (slower clocks), or a MIG instance (a slice of its SMs, memory, bandwidth and
// L2) is each "a GPU with other numbers", built in one place, MakeDevice, from the catalog row and
// the limits the scenario puts on it. Every model reads this; none reads the catalog's GpuSpec
// (ctest core_layers keeps it so). No allocation: the strings are views of the catalog's.
#pragma once

#include <array>
#include <string_view>

#include "base/precision.h"
#include "catalog/catalog.h"

namespace gpucfg {

enum class DeviceKind { kWhole, kCapped, kMig };
inline constexpr std::array<std::string_view, 3> kDeviceKindNames = {"whole", "capped", "mig"};
std::string_view DeviceKindName(DeviceKind k);

// What the scenario takes away from a whole GPU. Every field's default leaves the GPU whole.
struct DeviceLimits {
  double clock_factor = 1;        // SM clock / boost clock (power cap, thermal derate): every peak
                                  // compute rate scales with it (throughput = SMs x clock x ops/clk)
  double sm_fraction = 1;         // MIG: the instance's share of the SMs (peaks scale with it too)
  double memory_fraction = 1;     // MIG: share of the usable memory
  double bandwidth_fraction = 1;  // MIG: share of the HBM bandwidth
  double l2_fraction = 1;         // MIG: share of the L2 cache
  double usable_gib = 0;          // usable memory override, GiB; 0 = derived (catalog x fraction)
  double power_limit_w = 0;       // board power limit (nvidia-smi -pl); 0 = the board's TDP
  bool mig_instance = false;      // a MIG slice even where every fraction is 1
};

struct EffectiveDevice {
  std::string_view id, name;            // the catalog GPU it was built from
  DeviceKind kind = DeviceKind::kWhole;
  std::string_view architecture, chip, form_factor;
  int catalog_index = -1;               // row of Catalog::gpus (set by Resolve; -1 = none)
  double compute_capability = 0;
  int sms = 0;
  double clock_mhz = 0;                 // boost clock x clock_factor
  std::array<PeakRate, kPrecisionCount> peak_tflops{};  // x clock_factor x sm_fraction
  double usable_gib = 0;                // what the job may allocate (nvidia-smi total, or the slice's)
  double marketed_gb = 0;               // the whole board's marketed size, 10^9 bytes
  double hbm_gbps = 0;                  // x bandwidth_fraction
  double l2_mib = 0;                    // x l2_fraction
  double tdp_w = 0, idle_w = 0;         // board power limit (or the cap), typical idle draw
  double matmul_efficiency = 0;         // catalog's measured best GEMM / peak; 0 = unmeasured
  double hbm_efficiency = 0;            // catalog's measured streaming / datasheet; 0 = unmeasured
  int nvlink_gen = 0, nvlink_links = 0;
  double nvlink_gbps_bidir = 0;
  int pcie_gen = 0;
  std::string_view verification;        // gpu-specs.md codes of the catalog row
  DeviceLimits limits;                  // what it was built with (a fix rebuilding it reuses them)

  double Peak(Precision p) const { return peak_tflops[static_cast<int>(p)].dense; }
  bool Supports(Precision p) const { return Peak(p) > 0; }
};

// The single place a catalog GPU becomes a device.
EffectiveDevice MakeDevice(const GpuSpec& gpu, const DeviceLimits& limits = {});

}  // namespace gpucfg
