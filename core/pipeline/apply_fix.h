// A memory fix applied to its scenario: the model rule behind the page's "Apply" button and
// `gpucfg memory --apply-fix N`. A fix (contract/report_memory.h) names the scenario field it
// changes (a JSON pointer) and the new value; applying writes that value into the scenario's JSON
// document and reads it back through ParseScenario, so the result is exactly what the CLI would
// read, and a value the contract refuses is refused. A plan step applies the plan's steps 1..k.
#pragma once

#include "base/issues.h"
#include "catalog/catalog.h"
#include "contract/report_memory.h"
#include "contract/scenario.h"

namespace gpucfg {

// `out` = `s` with fix `index` of `memory` (the memory section of `s`'s report) applied. False,
// with an error naming /memory/fixes/<index> or the field the contract refused, when `index` is
// not a fix of the report or the fixed scenario does not read back.
bool ApplyFix(const Scenario& s, const MemoryReport& memory, int index, const Catalog& catalog, Scenario& out,
              Issues* errors = nullptr);

}  // namespace gpucfg
