// Questions a face asks of the models without a whole scenario to evaluate: the roofline of one
// catalog GPU (`gpucfg roofline`) and one collective on a cluster's fabric (`gpucfg collective`).
// Each answers with the report's plain records (contract/report_speed.h) or errors with paths.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "base/issues.h"
#include "base/precision.h"
#include "catalog/catalog.h"
#include "contract/report_speed.h"
#include "contract/scenario.h"

namespace gpucfg {

// The whole GPU's ceiling for one precision (peak 0: the GPU has no rate for it) and the chart of
// every precision it supports, at the catalog's default efficiencies.
struct RooflineOfGpu {
  RooflineCeiling ceiling;
  RooflineChart chart;
};
RooflineOfGpu RooflineOf(const GpuSpec& gpu, Precision precision, bool sparse);

// What a collective query ran on: the scenario's cluster as Resolve completed it.
struct CollectiveCluster {
  int ranks = 0;                    // every GPU of the cluster
  std::string_view gpu;             // catalog id
  std::string_view intra_node;      // the fabric inside a node (after defaults)
  std::string_view inter_node;      // the network's catalog id; "" = none
};

// `op` over every GPU of `s.cluster` (ranks_per_node GPUs in each node), for each size in `bytes`
// (nccl-tests' size: the full buffer), on the fabric Resolve builds for the scenario (its cluster
// and speed.algorithm). False with errors (JSON pointers into the scenario) when it does not resolve.
bool CollectiveOn(const Scenario& s, const Catalog& catalog, CollectiveOp op, std::span<const double> bytes,
                  int ranks_per_node, std::vector<CollectiveResult>& out, CollectiveCluster& cluster,
                  Issues& errors);

}  // namespace gpucfg
