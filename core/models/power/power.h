// Power draw of the GPUs, per node and per cluster, and the energy of the job.
#pragma once

#include "models/speed/performance.h"
#include "resolve/resolve.h"

namespace gpucfg {

struct PowerReport {
  double gpu_w = 0;              // board power limit of one GPU (TDP)
  double node_w = 0;             // GPUs of one node at TDP
  double cluster_kw = 0;         // all nodes
  double facility_kw = 0;        // cluster_kw * PUE
  double energy_kwh = 0;         // facility energy of the job (0 without a duration)
};

PowerReport ComputePower(const Resolved& r, const PerformanceReport& perf);

}  // namespace gpucfg
