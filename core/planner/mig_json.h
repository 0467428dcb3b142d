// The JSON of the MIG verbs (contract-v2 "MIG"): `gpucfg mig profiles GPU`, `gpucfg mig validate
// GPU PROFILE...`, `gpucfg mig plan FILE`, `gpucfg mig compare`. Shared by the CLI and the wasm module. Bad input (an
// unknown GPU or profile, a malformed plan) comes back as issues with JSON pointers; an invalid
// layout is not bad input: it is an answer ({"valid": false, "reason", "closest"}).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"
#include "catalog/catalog.h"

namespace gpucfg {

struct MigJsonResult {
  std::string text;   // the answer document, when errors is empty
  Issues errors;
};

MigJsonResult MigProfilesJson(std::string_view gpu, const Catalog& catalog = BuiltinCatalog(), int indent = 2);
MigJsonResult MigValidateJson(std::string_view gpu, const std::vector<std::string>& profiles,
                              const Catalog& catalog = BuiltinCatalog(), int indent = 2);
MigJsonResult MigPlanJson(std::string_view plan_text, const Catalog& catalog = BuiltinCatalog(), int indent = 2);
// `gpucfg mig compare`: {"modes", "facts": [{"topic", "mig", "mps", "time_slicing", "source"}],
// "sources": {CODE: citation}, "note"} from core/catalog/sharing.h.
MigJsonResult MigCompareJson(const Catalog& catalog = BuiltinCatalog(), int indent = 2);

}  // namespace gpucfg
