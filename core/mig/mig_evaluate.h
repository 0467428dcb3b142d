// Evaluation of a scenario with cluster.mig: the layout is checked by placement, one instance is
// priced as a device (mig_device.h) by the unchanged models, and the cluster's figures are one
// instance's times the instances (every instance busy, one copy of the workload on each).
#pragma once

#include "base/evaluate_options.h"
#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"

namespace gpucfg {

bool UsesMig(const Scenario& s);

// Fills `out` (errors with /cluster/mig/... paths when the layout is not valid). `o` as in
// EvaluateInto: the lean options give the same figures a ranking reads (the planner's MIG layouts).
void EvaluateMigInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out);

}  // namespace gpucfg
