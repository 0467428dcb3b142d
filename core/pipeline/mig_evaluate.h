// Evaluation of a scenario with cluster.mig: the layout is checked by placement, one instance is
// priced as a device (mig_device.h) by the unchanged models, and the cluster's figures are one
// instance's times the instances (every instance busy, one copy of the workload on each).
#pragma once

#include "base/evaluate_options.h"
#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"
#include "catalog/mig_catalog.h"
#include "resolve/mig_device.h"
#include "mig/placement.h"
#include "resolve/resolve.h"

namespace gpucfg {

bool UsesMig(const Scenario& s);

// Fills `out` (errors with /cluster/mig/... paths when the layout is not valid). `o` as in
// EvaluateInto: the lean options give the same figures a ranking reads (the planner's MIG layouts).
void EvaluateMigInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out);

// EvaluateMigInto in two steps, for a caller that prices many batches of one layout (the planner's
// candidate path): ResolveMig once, then per configuration the split written into `whole` and `one`
// and into both resolutions (ResolveSplit) and EvaluateMigResolvedInto. The same figures as
// EvaluateMigInto of that scenario. The resolutions point into the scenarios held beside them, so
// a MigResolution stays where it was resolved (not copyable).
struct MigResolution {
  Scenario whole;              // the scenario as whole GPUs (cluster.mig cleared): the boards
  Scenario one;                // one instance as a one-GPU cluster
  Resolved boards, instance;   // Resolve(whole), Resolve(one)
  WarningList instance_warnings;  // Resolve(one)'s warnings (the report keeps them)
  const MigTable* table = nullptr;
  int profile = -1;            // row of table->profiles
  int instances_per_gpu = 0;
  MigCheck layout;             // CheckMigLayout of instances_per_gpu x profile (valid)
  MigInstanceShare share;

  MigResolution() = default;
  MigResolution(const MigResolution&) = delete;
  MigResolution& operator=(const MigResolution&) = delete;
};

// Resolves `s` (with cluster.mig) into `m`; false when it does not resolve or the layout is not
// valid. On a fresh Report `out` ends as EvaluateMigInto leaves it then (it adds errors and
// warnings, and clears the model sections when the instance does not resolve).
bool ResolveMig(const Scenario& s, const Catalog& catalog, MigResolution& m, Report& out);

// The models on a resolved layout. `o.cache`, when set, must be registered to `m.instance` (the
// boards' power runs without it).
void EvaluateMigResolvedInto(const MigResolution& m, const EvaluateOptions& o, Report& out);

}  // namespace gpucfg
