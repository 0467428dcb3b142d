// gpucfg's public door: the one header the faces (native_cli/, wasm/, bench/) include. It reads
// top to bottom like the manual: the scenario and the report, the catalog and its queries, the
// entry points (evaluate, plan, serve-size, MIG plan/validate, roofline and collective queries),
// the contract's text form, and last the staged evaluation the planner and the benchmarks use.
// Model internals stay behind their folders; docs/architecture.md draws the floors and ctest
// `core_layers` keeps the faces to this header.
#pragma once

// [SECTION] The scenario and the report: plain data, with their field lists ----------------------
#include "base/precision.h"           // Precision, kPrecisionNames, ParsePrecision
#include "base/warnings.h"            // Warning codes and their numbers (sentences are made late)
#include "contract/features.h"        // what this build reads and writes (gpucfg contract)
#include "contract/report.h"          // Report and its sections (contract/report_*.h)
#include "contract/report_fields.h"   // the report's field list: names, units, meaning
#include "contract/scenario.h"        // Scenario: one plain struct, defaults in the members
#include "contract/scenario_fields.h" // the scenario's field list: names, ranges, units, meaning

// [SECTION] The catalog: GPUs, servers, fabrics, models, networks, engines, MIG tables, prices ---
#include "catalog/builtin_documents.h"  // where the built-in documents come from (compiled in or fetched)
#include "catalog/catalog.h"            // Catalog, BuiltinCatalog(), Find*, MergeCatalogJson
#include "catalog/catalog_snapshot.h"   // the built-in catalog as a byte image (made at build time)
#include "catalog/engines.h"            // engine profiles
#include "catalog/mig_catalog.h"        // MIG profile tables
#include "catalog/sharing.h"            // MIG vs MPS vs time-slicing facts
#include "resolve/power_cap.h"          // CapRangeOf: the power limits a GPU accepts

// [SECTION] Entry points ----------------------------------------------------------------------------
#include "mig/placement.h"              // MIG placement rules: validate a layout, closest layouts
#include "pipeline/apply_fix.h"         // ApplyFix: a report's memory fix applied to its scenario
#include "pipeline/evaluate.h"          // Evaluate, EvaluateJson, ParseScenario
#include "planner/decision_path.h"      // the guide's decision tree with a scenario's numbers
#include "planner/mig_json.h"           // `gpucfg mig plan/validate/profiles` documents
#include "planner/mig_plan.h"           // MIG tenants sized and packed
#include "planner/plan.h"               // Plan: the cheapest/fastest cluster under limits
#include "planner/serving_size.h"       // serve-size: GPUs and copies for a load
#include "query/explain.h"              // FormulaOf: a headline figure's formula with the report's values
#include "query/power_views.h"          // PowerBreakdownOf, SweepPowerCap: the power view's questions
#include "query/queries.h"              // RooflineOf, CollectiveOn

// [SECTION] The contract's text form ----------------------------------------------------------------
#include "contract/hf_import.h"         // a Hugging Face config.json as an inline model
#include "contract/json_io.h"           // ReadScenario, ScenarioToJson, ReportToJson, ErrorsToJson, examples
#include "contract/json_string.h"       // byte-safe JSON string escaping
#include "contract/report_json.h"       // records to JSON (RecordToJson)

// [SECTION] Staged evaluation: resolve once, evaluate many variants (the planner, benchmarks) ------
#include "planner/candidate.h"          // CandidateEvaluator: the planner's lean path
#include "resolve/resolve.h"            // Resolve -> Resolved, for EvaluateResolvedInto
