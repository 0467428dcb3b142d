// Cost: rental = price per GPU-hour x GPUs x hours; electricity = facility energy x price per kWh.
// Cost per million tokens = cluster price per hour / tokens per hour x 10^6.
#include "models/cost/cost.h"

#include "base/units.h"

namespace gpucfg {

CostReport ComputeCost(const Resolved& r, const PerformanceReport& perf, const PowerReport& power) {
  CostReport c;
  c.currency = r.currency;
  c.per_gpu_hour = r.per_gpu_hour;
  c.per_hour = r.per_gpu_hour * r.total_gpus;
  bool inference = !r.training();
  double tokens_per_s = inference ? perf.output_tokens_per_s : perf.tokens_per_s;
  if (tokens_per_s > 0) c.per_million_tokens = c.per_hour / (tokens_per_s * kSecondsPerHour) * 1e6;
  if (!inference && perf.time_to_train_s > 0) {
    c.gpu_hours = perf.time_to_train_s * r.total_gpus / kSecondsPerHour;
    c.days = perf.time_to_train_s / 86400.0;
    c.total = c.gpu_hours * r.per_gpu_hour;
  }
  c.electricity_total = power.energy_kwh * r.electricity_per_kwh;
  return c;
}

}  // namespace gpucfg
