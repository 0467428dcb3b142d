// Power, thermals and facility: what each GPU draws under this job (phase by phase, from the speed
// model's step breakdown and roofline), what a power cap or an edge power mode costs in speed, the
// node's wall power with its host, PSUs with redundancy, racks against their budget and air-cooling
// ceiling, heat and airflow, and the job's energy, cost and CO2e. Names follow contract v2 "power".
#pragma once

#include <string_view>

#include "base/evaluate_options.h"
#include "base/warnings.h"
#include "contract/report_power.h"
#include "models/speed/performance.h"
#include "resolve/resolve.h"

namespace gpucfg {

PowerReport ComputePower(const Resolved& r, const PerformanceReport& perf, WarningList& warnings);
// The staged form, in place: with o.warnings false the warnings and the what-ifs only they quote
// (a cap that would fit the supply, the board-default comparison) are skipped; every figure of the
// report is the same.
void ComputePowerInto(const Resolved& r, const PerformanceReport& perf, const EvaluateOptions& o,
                      WarningList& warnings, PowerReport& p);

// The device limits that carry the power limit into the speed model (core v2's effective device):
// the SM clock compute-bound kernels keep under the cap, mode or thermal throttle, and the limit.
// Evaluate rebuilds the device with them, so `performance` includes the cap.
DeviceLimits PowerDeviceLimits(const Resolved& r, const PowerReport& p);
// (Re)computes the job's energy and CO2e for a time to train (inference: one hour of serving).
void SetEnergy(const Resolved& r, double time_to_train_s, PowerReport& p);

}  // namespace gpucfg
