// The report's `cost` section (plain data, filled by core/models/cost).
#pragma once

#include <string_view>

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

}  // namespace gpucfg
