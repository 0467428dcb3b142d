// Resolve's part for networks (a catalog network id or the contract's generic object): what fills
// Resolved::network, and the rule that networks run data-parallel only.
#pragma once

#include "base/issues.h"
#include "contract/scenario.h"
#include "catalog/catalog.h"

namespace gpucfg {

struct Resolved;

// Resolve's part (resolve_network.cpp): when /workload/model names a catalog network or is the generic
// object, fills r.network and r.parameters, checks the object (errors with paths), and returns
// true; false (nothing done) for a transformer. ok turns false on an error.
bool ResolveNetworkModel(const Scenario& s, const Catalog& c, Resolved& r, Issues* errors, bool& ok);
// Networks run data-parallel only: tp, pp, cp and ep must be 1; dp = every GPU.
void ResolveNetworkParallelism(const Scenario& s, Resolved& r, Issues* errors, bool& ok);

}  // namespace gpucfg
