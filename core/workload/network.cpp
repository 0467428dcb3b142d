// Non-transformer networks: the FLOPs of one layer record. (The catalog's queries over a network's
// records are in catalog/catalog.cpp, Resolve's part for networks in resolve/resolve_network.cpp.)
#include "workload/network.h"

#include "workload/workload.h"

namespace gpucfg {

// A GEMM of m x n x k is m n k multiply-adds = 2 m n k FLOPs (contract-v2: multiply-add = 2).
double LayerForwardFlops(const NetworkLayer& l) { return OpOf(l).Flops(); }

}  // namespace gpucfg
