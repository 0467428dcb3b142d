// The output of one evaluation: one section per model, in the order the models run. Plain data;
// names follow shared/contract-v1.md (units in the names), docs/contract.md documents every field.
#pragma once

#include "base/issues.h"
#include "base/warnings.h"
#include "contract/features.h"
#include "contract/report_cost.h"
#include "contract/report_memory.h"
#include "contract/report_mig.h"
#include "contract/report_power.h"
#include "contract/report_speed.h"

namespace gpucfg {

enum class Confidence { kHigh, kMedium, kLow };
std::string_view ConfidenceName(Confidence c);

// What the evaluation actually used after defaults were applied (so a reader can check it).
struct ResolvedSetup {
  int total_gpus = 0;
  int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
  int global_batch = 0;           // training: sequences per step used (micro_batches x micro_batch x dp)
  double parameters = 0;          // derived from the architecture
  double active_parameters = 0;   // per token (MoE)
  std::string_view intra_node;    // fabric actually assumed inside a node
  std::string_view inter_node;
  std::string_view device_kind;   // whole | capped | mig (kDeviceKindNames)
};

struct Report {
  int schema_version = kReportSchemaVersion;
  Issues errors;                  // non-empty: the scenario was invalid, sections are empty
  ResolvedSetup setup;
  MemoryReport memory;
  PerformanceReport performance;
  PowerReport power;
  CostReport cost;
  WarningList warnings;           // things the customer should act on
  WarningList assumptions;        // what the models took for granted (same shape as warnings)
  Confidence confidence = Confidence::kMedium;
  MigSection mig;                 // cluster.mig: the slice each copy runs on (written when present)
  MigPerInstance per_instance;    // cluster.mig: performance of one instance (performance.per_instance)
};

}  // namespace gpucfg
