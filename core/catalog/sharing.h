// MIG vs MPS vs time-slicing: what each way of sharing one GPU isolates and what it gives up, one
// fact per topic with its sources (the "sharing" array of data/gpu_sharing.json, compiled in).
// Facts are the vendors' documented behaviour; the busy-neighbour row is qualitative and says so.
// `gpucfg mig compare` and the page's MIG panel show them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"

namespace gpucfg {

struct SharingFact {
  std::string topic;         // compute | memory_qos | fault_isolation | busy_neighbour | p2p_nvlink |
                             // reconfiguration | cuda_features | max_clients
  std::string mig;           // what MIG does
  std::string mps;           // what MPS does
  std::string time_slicing;  // what time-slicing does
  std::string source;        // source codes of the catalog's "sources"
  bool operator==(const SharingFact&) const = default;
};

// Parses the "sharing" array of one catalog document and appends its facts (a topic already
// present is replaced). Problems come back with JSON pointers into `text`.
Issues MergeSharingJson(std::string_view text, std::vector<SharingFact>& into);


}  // namespace gpucfg
