// Packing MIG instances onto the fewest GPUs: each GPU's instances must form a valid layout
// (placement.h). Exact search for small demands (a memoised cover by maximal layouts, proven
// optimal), first-fit decreasing beyond a state limit, with a lower bound either way so the
// optimality gap is stated, never guessed.
#pragma once

#include <vector>

#include "mig/placement.h"

namespace gpucfg {

struct MigPacking {
  bool exact = false;              // true: gpus.size() is proven minimal
  int lower_bound = 0;             // no packing uses fewer GPUs (slice sums, count limits)
  std::vector<MigCounts> gpus;     // instances placed on each GPU (each a valid layout)
  std::vector<MigCounts> spare;    // exact: what each GPU's maximal layout still leaves free
  long states = 0;                 // exact search states visited
};

// Lower bound on the GPUs `demand` needs: max of ceil(compute / compute_slots), ceil(memory /
// memory_slots), ceil(instances / max_instances), ceil(count / max_instances) per profile, and
// the number of instances of profiles that allow one per GPU and never share with each other.
int MigLowerBound(const MigTable& t, const MigCounts& demand);

// Packs `demand` (instances per profile). state_limit bounds the exact search; past it the
// first-fit-decreasing packing is returned with exact = false.
MigPacking PackMig(const MigTable& t, const MigCounts& demand, long state_limit = 200000);

}  // namespace gpucfg
