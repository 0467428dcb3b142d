// Rental cost of the cluster per hour and for the job, in the scenario's currency (prices live in
// data/prices.json, which the site operator edits; pricing.per_gpu_hour overrides), plus the
// owner's electricity bill. Inference gets cost per million output tokens.
#pragma once

#include <string_view>

#include "contract/report_cost.h"
#include "models/speed/performance.h"
#include "models/power/power.h"
#include "resolve/resolve.h"

namespace gpucfg {

CostReport ComputeCost(const Resolved& r, const PerformanceReport& perf, const PowerReport& power);

}  // namespace gpucfg
