// The instance device: every figure of the GPU scaled by the slice's own share (see mig_device.h).
#include "mig/mig_device.h"

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
  const double whole_gib = gpu.memory_usable_gib > 0 ? gpu.memory_usable_gib : gpu.memory_gb * 1e9 / (1ull << 30);
  s.memory_gib = p.memory_gib > 0 ? p.memory_gib : whole_gib * s.memory_fraction;
  return s;
}

std::string MigInstanceId(const GpuSpec& gpu, const MigProfile& p) { return gpu.id + "/" + p.name; }

GpuSpec MigInstanceGpu(const GpuSpec& gpu, const MigTable& t, const MigProfile& p) {
  const MigInstanceShare s = MigShare(gpu, t, p);
  GpuSpec g = gpu;
  g.id = MigInstanceId(gpu, p);
  g.name = gpu.name + " MIG " + p.name;
  g.sms = s.sms;
  for (PeakRate& r : g.peak_tflops) {  // same clock, fewer SMs
    r.dense *= s.sm_fraction;
    r.sparse *= s.sm_fraction;
  }
  g.memory_gb = gpu.memory_gb * s.memory_fraction;
  g.memory_usable_gib = s.memory_gib;
  g.hbm_gbps = gpu.hbm_gbps * s.bandwidth_fraction;
  g.l2_mib = gpu.l2_mib * s.l2_fraction;
  // Board power is the whole GPU's; a slice is charged its compute share (judgement).
  g.tdp_watts = gpu.tdp_watts * s.fraction_of_gpu;
  g.idle_watts = gpu.idle_watts * s.fraction_of_gpu;
  g.nvlink_gen = 0;  // MIG-UG: no NVLink or P2P between instances or across GPUs
  g.nvlink_links = 0;
  g.nvlink_gbps_bidir = 0;
  g.mig_max_instances = 0;
  g.default_intra_node = "pcie";
  g.verification = "D";
  g.source = gpu.source + ", " + p.source;
  return g;
}

Catalog CatalogWithMigInstances(const Catalog& base, const GpuSpec& gpu, const MigTable& t) {
  Catalog c = base;
  const GpuSpec whole = gpu;  // `gpu` may live in `c`'s vector, which grows below
  for (const MigProfile& p : t.profiles) {
    GpuSpec inst = MigInstanceGpu(whole, t, p);
    // The whole GPU's rental price, per compute share (judgement), so cost figures stay defined.
    for (const GpuPrice& pr : base.prices) {
      if (!EqualsIgnoreCase(pr.gpu, whole.id)) continue;
      GpuPrice q = pr;
      q.gpu = inst.id;
      q.per_gpu_hour = pr.per_gpu_hour * p.compute_slices / (t.compute_slots > 0 ? t.compute_slots : 1);
      c.prices.push_back(q);
    }
    c.gpus.push_back(std::move(inst));
  }
  return c;
}

}  // namespace gpucfg
