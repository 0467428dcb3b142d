// MIG layout validation by placement, not by adding gigabytes: a multiset of GPU-instance profiles
// is a valid layout of one GPU when each instance gets a start slot from its profile's allowed
// starts and no two instances' memory-slot ranges [start, start + memory_slices) overlap (NVML
// nvmlDeviceCreateGpuInstanceWithPlacement; MIG User Guide, placements), with each profile's count
// and the one media-extension instance within their limits. Also: every valid layout of a GPU,
// the maximal ones, and the valid layouts closest to an invalid request.
#pragma once

#include <string>
#include <vector>

#include "catalog/mig_catalog.h"

namespace gpucfg {

// How many instances of each profile of one table (indexed like MigTable::profiles).
using MigCounts = std::vector<int>;

struct MigPlaced {
  int profile = -1;  // index into MigTable::profiles
  int start = -1;    // first memory slot
};

struct MigCheck {
  bool valid = false;
  std::vector<MigPlaced> placement;  // valid: one entry per requested instance, in request order
  std::string reason_code;           // "" | count_limit | media_extensions | instances |
                                     // compute_slices | memory_slices | no_slot | no_profiles
  std::string reason;                // a sentence naming the rule that fails and the numbers
};

// Judges `profiles` (indices into t.profiles, any order, repeats allowed).
MigCheck CheckMigLayout(const MigTable& t, const std::vector<int>& profiles);

// Exact backtracking placement; `starts` gets one start per instance (request order). False when
// no placement exists (the count limits are not checked here).
bool PlaceMig(const MigTable& t, const std::vector<int>& profiles, std::vector<int>& starts);

MigCounts CountsOf(const MigTable& t, const std::vector<int>& profiles);
std::vector<int> InstancesOf(const MigCounts& c);  // largest memory first: a stable display order
bool IsValidLayout(const MigTable& t, const MigCounts& c);

// Every valid non-empty layout of the table (count vectors), and those to which no instance can be
// added. Bounded: at most prod(max_instances + 1) candidates, pruned by slice sums.
std::vector<MigCounts> EnumerateMigLayouts(const MigTable& t);
std::vector<MigCounts> MaximalMigLayouts(const MigTable& t);
bool IsMaximalLayout(const MigTable& t, const MigCounts& c);

// Changes between two layouts: instances to add, remove or swap, a swap counting once
// (max(|a|, |b|) - |a ∩ b| as multisets).
int LayoutChanges(const MigCounts& a, const MigCounts& b);

// The valid layouts needing the fewest changes to `requested`, ties broken by keeping more compute
// slices, then more memory; at most `limit`.
std::vector<MigCounts> ClosestMigLayouts(const MigTable& t, const MigCounts& requested, int limit = 3);

// Names of a layout's instances, largest first ("3g.40gb", "1g.10gb", "1g.10gb").
std::vector<std::string> LayoutNames(const MigTable& t, const MigCounts& c);

}  // namespace gpucfg
