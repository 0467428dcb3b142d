// Rental cost of the cluster per hour and for the job, in the scenario's currency (prices live in
// data/prices.json, which the site operator edits; pricing.per_gpu_hour overrides), plus the
// owner's electricity bill. Inference gets cost per million output tokens.
#pragma once

#include <string_view>

#include "models/speed/performance.h"
#include "models/power/power.h"
#include "resolve/resolve.h"

namespace gpucfg {

struct CostReport {
  std::string_view currency;     // ISO 4217 code
  double per_gpu_hour = 0;
  double per_hour = 0;           // whole cluster
  double total = 0;              // rental for the job (0 without a duration)
  double electricity_total = 0;  // facility energy cost of the job (owner's view)
  double gpu_hours = 0;          // training: GPUs x time to train
  double days = 0;               // training: time to train in days
  double per_million_tokens = 0; // inference: per 1M output tokens; training: per 1M trained tokens
};

CostReport ComputeCost(const Resolved& r, const PerformanceReport& perf, const PowerReport& power);

}  // namespace gpucfg
