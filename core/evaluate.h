// The entry points: one scenario in, one report out. Everything a face shows comes from here.
#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"

namespace gpucfg {

// Runs every model in order. An invalid scenario gives a report whose `errors` is non-empty.
Report Evaluate(const Scenario& s, const Catalog& catalog = BuiltinCatalog());

// Same, writing into an existing report (reuses its storage: the allocation-free hot path).
void EvaluateInto(const Scenario& s, const Catalog& catalog, Report& out);

// The models on one scenario as it stands, without the cluster.mig replication step (core/mig runs
// one MIG instance through it; the device is then the slice, resolve/device.h).
void EvaluateModelsInto(const Scenario& s, const Catalog& catalog, Report& out);

std::string_view Version();

}  // namespace gpucfg
