// The power view's breakdown and cap sweep (power_views.h).
#include "query/power_views.h"

#include <algorithm>
#include <cmath>

#include "pipeline/evaluate.h"

namespace gpucfg {

// power.cpp: node_w = (GPUs x gpu_w + host_w) / psu_efficiency at the wall; cluster_kw = nodes x
// node_w; facility_kw = cluster_kw x PUE. The losses are what the wall draws beyond the DC parts.
PowerBreakdown PowerBreakdownOf(const Scenario& s, const Report& r) {
  const PowerReport& p = r.power;
  PowerBreakdown b;
  b.gpus_kw = p.gpu_w * s.cluster.gpus_per_node * s.cluster.nodes / 1000;
  b.hosts_kw = p.host_w * s.cluster.nodes / 1000;
  b.psu_loss_kw = std::max(0.0, p.cluster_kw - b.gpus_kw - b.hosts_kw);
  b.facility_extra_kw = std::max(0.0, p.facility_kw - p.cluster_kw);
  return b;
}

void SweepPowerCap(const Scenario& s, const Catalog& catalog, PowerCapSweep& out) {
  out = PowerCapSweep{};
  const GpuSpec* g = FindGpu(catalog, s.cluster.gpu);
  if (!g) return;
  out.range = CapRangeOf(*g);
  if (!(out.range.hi_w > out.range.lo_w)) return;
  Scenario at = s;
  at.power.gpu_cap_w = 0;
  out.base = Evaluate(at, catalog);
  out.ok = out.base.errors.empty();
  for (int i = 0; out.ok && i < PowerCapSweep::kPoints; ++i) {
    at.power.gpu_cap_w = std::round(out.range.lo_w + (out.range.hi_w - out.range.lo_w) * i / (PowerCapSweep::kPoints - 1));
    const Report r = Evaluate(at, catalog);
    out.ok = r.errors.empty();
    out.cap_w[i] = at.power.gpu_cap_w;
    out.throughput_factor[i] = r.power.throughput_factor;
    out.energy_kwh[i] = r.power.energy_kwh;
    out.gpu_w[i] = r.power.gpu_w;
  }
}

}  // namespace gpucfg
