// The entry points: one scenario in, one report out. Everything a face shows comes from here.
#pragma once

#include <string>
#include <string_view>

#include "base/evaluate_options.h"
#include "catalog/catalog.h"
#include "contract/json_io.h"
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

// [SECTION] Staged evaluation (core v2) -----------------------------------------------------------
// The same with options (base/evaluate_options.h): kFullEvaluation is the two above exactly;
// kLeanEvaluation fills only what a ranking reads (fits and memory per GPU, step time, time to
// train, MFU, cost, energy, node power, TTFT/TPOT/latency/tokens per s), with the same numbers.
// A MIG scenario is evaluated in full whatever the options.
void EvaluateInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out);
void EvaluateModelsInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out);

struct Resolved;  // resolve/resolve.h
// The stages after resolution, for a caller that resolves once and evaluates many variants of it
// (the planner's candidates): device -> memory -> speed -> power -> cost -> warnings. `r` is the
// output of a successful Resolve (its scenario and catalog must outlive the call); out.errors and
// out.warnings are appended to, not cleared (Resolve's own warnings come first, as in EvaluateInto).
void EvaluateResolvedInto(const Resolved& r, const EvaluateOptions& o, Report& out);

// [SECTION] Text in, text out ----------------------------------------------------------------------

// Reads a scenario document (ReadScenario, contract/json_io.h) and checks it against the catalog
// and the cross-field rules by resolving it: what every face calls to validate a document. Unknown
// keys, wrong types, ranges, unknown catalog ids and inconsistent splits are errors.
ParseResult ParseScenario(std::string_view text, const Catalog& catalog = BuiltinCatalog());

// Read + evaluate + write: the report document, or the errors document (ok = false). The scenario
// is resolved once (Evaluate's own resolution reports what ParseScenario's would).
JsonResult EvaluateJson(std::string_view scenario_text, const Catalog& catalog = BuiltinCatalog(),
                        int indent = 2);

std::string_view Version();

}  // namespace gpucfg
