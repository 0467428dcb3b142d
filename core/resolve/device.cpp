// MakeDevice: a catalog GPU and the limits a scenario puts on it become the device every model
// reads. Fractions of exactly 1 leave each figure bit-identical to the catalog's.
#include "resolve/device.h"

#include <algorithm>
#include <cmath>

namespace gpucfg {

std::string_view DeviceKindName(DeviceKind k) { return kDeviceKindNames[static_cast<int>(k)]; }

namespace {

DeviceKind KindOf(const DeviceLimits& l) {
  if (l.mig_instance || l.sm_fraction < 1 || l.memory_fraction < 1 || l.bandwidth_fraction < 1 ||
      l.l2_fraction < 1)
    return DeviceKind::kMig;
  if (l.clock_factor < 1 || l.power_limit_w > 0) return DeviceKind::kCapped;
  return DeviceKind::kWhole;
}

// Usable memory: the override, else what nvidia-smi reports as total (catalog), else the marketed
// size x 0.985 (A100/H100/H200/A30 full-GPU MIG profiles report 97.7-99.3% of it:
// shared/reference/mig-profiles.md; medium confidence); a slice gets its share.
double UsableGib(const GpuSpec& g, const DeviceLimits& l) {
  if (l.usable_gib > 0) return l.usable_gib;
  const double whole = g.memory_usable_gib > 0 ? g.memory_usable_gib : g.memory_gb * 0.985;
  return whole * l.memory_fraction;
}

}  // namespace

EffectiveDevice MakeDevice(const GpuSpec& g, const DeviceLimits& l) {
  EffectiveDevice d;
  d.id = g.id, d.name = g.name;
  d.kind = KindOf(l);
  d.architecture = g.architecture, d.chip = g.chip, d.form_factor = g.form_factor;
  d.compute_capability = g.compute_capability;
  d.sms = l.sm_fraction < 1 ? std::max(1, int(std::lround(g.sms * l.sm_fraction))) : g.sms;
  d.clock_mhz = g.boost_clock_mhz * l.clock_factor;
  // Peak = SMs x clock x operations per clock per SM (NVIDIA architecture whitepapers' formula).
  const double scale = l.clock_factor * l.sm_fraction;
  for (int i = 0; i < kPrecisionCount; ++i)
    d.peak_tflops[i] = {g.peak_tflops[i].dense * scale, g.peak_tflops[i].sparse * scale};
  d.usable_gib = UsableGib(g, l);
  d.marketed_gb = g.memory_gb;
  d.hbm_gbps = g.hbm_gbps * l.bandwidth_fraction;
  d.l2_mib = g.l2_mib * l.l2_fraction;
  d.tdp_w = l.power_limit_w > 0 ? l.power_limit_w : g.tdp_watts;
  d.idle_w = g.idle_watts;
  d.matmul_efficiency = g.matmul_efficiency, d.hbm_efficiency = g.hbm_efficiency;
  d.nvlink_gen = g.nvlink_gen, d.nvlink_links = g.nvlink_links, d.nvlink_gbps_bidir = g.nvlink_gbps_bidir;
  d.pcie_gen = g.pcie_gen;
  d.verification = g.verification;
  d.limits = l;
  return d;
}

}  // namespace gpucfg
