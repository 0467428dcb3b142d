// Power: every GPU at its board power limit while the job runs (a ceiling: training keeps GPUs
// near TDP, MLPerf power logs show 85-100 %), times the facility's PUE for energy.
#include "models/power/power.h"

#include "base/units.h"

namespace gpucfg {

PowerReport ComputePower(const Resolved& r, const PerformanceReport& perf) {
  PowerReport p;
  const ClusterConfig& cl = r.scenario->cluster;
  p.gpu_w = r.device.tdp_w;                                    // datasheet max board power
  p.node_w = p.gpu_w * cl.gpus_per_node;
  p.cluster_kw = p.node_w * cl.nodes / 1000.0;
  p.facility_kw = p.cluster_kw * r.scenario->pricing.pue;        // PUE = facility / IT power (The Green Grid)
  p.energy_kwh = p.facility_kw * perf.time_to_train_s / kSecondsPerHour;  // energy = power x time
  return p;
}

}  // namespace gpucfg
