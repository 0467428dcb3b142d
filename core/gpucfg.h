// The one header the faces (CLI, wasm API, page, tests of whole evaluations) include: the
// contract's types and text form, the catalog, and the entry points. Model internals stay behind
// their folders (core/models/*, core/resolve, core/workload); see docs/architecture.md.
#pragma once

#include "catalog/catalog.h"
#include "contract/hf_import.h"
#include "contract/json_io.h"
#include "contract/report.h"
#include "contract/report_json.h"
#include "contract/scenario.h"
#include "contract/scenario_fields.h"
#include "evaluate.h"
