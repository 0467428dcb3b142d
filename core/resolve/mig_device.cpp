// The instance device's limits: every figure of the GPU scaled by the slice's own share (see
// mig_device.h); MakeDevice (resolve/device.cpp) applies them.
#include "resolve/mig_device.h"

namespace gpucfg {

MigInstanceShare MigShare(const GpuSpec& gpu, const MigTable& t, const MigProfile& p) {
  MigInstanceShare s;
  s.fraction_of_gpu = t.compute_slots > 0 ? static_cast<double>(p.compute_slices) / t.compute_slots : 0;
  // SMs: the profile's published count over the GPU's; where either is unpublished, the nominal
  // compute-slice share (a judgement, marked D in data/mig_profiles.json).
  if (p.sms > 0 && gpu.sms > 0) s.sm_fraction = static_cast<double>(p.sms) / gpu.sms;
  else s.sm_fraction = s.fraction_of_gpu;
  if (s.sm_fraction > 1) s.sm_fraction = 1;
  s.sms = p.sms > 0 ? p.sms : static_cast<int>(gpu.sms * s.sm_fraction + 0.5);
  // MIG-UG concepts: "Each memory slice contains 1/8 of the total vRAM" with its memory controllers.
  s.memory_fraction = t.memory_slots > 0 ? static_cast<double>(p.memory_slices) / t.memory_slots : 0;
  s.bandwidth_fraction = s.memory_fraction;
  s.l2_fraction = p.l2_fraction > 0 ? p.l2_fraction : s.memory_fraction;
  const double whole_gib = gpu.memory_usable_gib > 0 ? gpu.memory_usable_gib : gpu.memory_gb * 0.985;
  s.memory_gib = p.memory_gib > 0 ? p.memory_gib : whole_gib * s.memory_fraction;
  return s;
}

DeviceLimits MigDeviceLimits(const GpuSpec& gpu, const MigTable& t, const MigProfile& p) {
  const MigInstanceShare s = MigShare(gpu, t, p);
  DeviceLimits l;
  l.sm_fraction = s.sm_fraction;
  l.memory_fraction = s.memory_fraction;
  l.bandwidth_fraction = s.bandwidth_fraction;
  l.l2_fraction = s.l2_fraction;
  l.usable_gib = s.memory_gib;  // what nvidia-smi mig -lgip reports for the profile
  l.mig_instance = true;
  return l;
}

bool MigDeviceLimitsFor(const MigConfig& mig, const Catalog& catalog, const GpuSpec& gpu, DeviceLimits& limits) {
  if (mig.profile.empty() || mig.instances_per_gpu < 1) return false;
  const MigTable* t = FindMigTable(catalog.mig_tables, gpu.id);
  if (t == nullptr) return false;
  const int p = FindMigProfile(*t, mig.profile);
  if (p < 0) return false;
  const DeviceLimits m = MigDeviceLimits(gpu, *t, t->profiles[p]);
  const double usable = limits.usable_gib;
  const double clock = limits.clock_factor;
  const double power = limits.power_limit_w;
  limits = m;
  if (usable > 0) limits.usable_gib = usable;  // the scenario's /memory/usable_gib wins
  limits.clock_factor = clock;
  limits.power_limit_w = power;
  return true;
}

}  // namespace gpucfg
