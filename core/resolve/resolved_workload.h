// The workload interface (workload/workload.h) of a resolved scenario: the transformer or the
// network Resolve found, as a Workload held by value (no allocation). The models ask this.
#pragma once

#include "resolve/resolve.h"
#include "workload/workload.h"

namespace gpucfg {

inline AnyWorkload WorkloadOf(const Resolved& r) {
  return AnyWorkload(r.arch, r.parameters, r.active_parameters, r.seq_len, r.network);
}

}  // namespace gpucfg
