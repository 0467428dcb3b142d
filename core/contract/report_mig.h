// The report's MIG parts (contract v2 "MIG"): the `mig` section (profile, instances per GPU, the
// placement, what one instance is) and `performance.per_instance` (the performance figures of one
// instance). Both are written only when the scenario has `cluster.mig` (`present`).
#pragma once

#include <array>
#include <string_view>

#include "contract/report_speed.h"

namespace gpucfg {

struct MigPlacementEntry {
  std::string_view profile;      // a view of the compiled-in MIG table's name
  int start = 0;                 // first memory slot
};

struct MigInstanceFigures {
  int sms = 0;
  double memory_gib = 0;         // usable memory of the instance
  double hbm_gbps = 0;           // its memory slices' share of the bandwidth
  double l2_mib = 0;
  double fraction_of_gpu = 0;    // compute slices / compute slots
};

struct MigSection {
  bool present = false;          // the report has a `mig` section
  std::string_view profile;
  int instances_per_gpu = 0;
  int instances = 0;             // instances in the whole cluster (copies of the workload)
  static constexpr int kMaxPlacement = 8;
  std::array<MigPlacementEntry, kMaxPlacement> placement{};
  int placement_count = 0;
  MigInstanceFigures instance;
};

struct MigPerInstance {
  bool present = false;          // the report has `performance.per_instance`
  PerformanceReport performance;
};

}  // namespace gpucfg
