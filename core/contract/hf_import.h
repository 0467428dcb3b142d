// Imports a Hugging Face `config.json` (pasted as text) into a TransformerArch: Llama / Mistral /
// Mixtral / Qwen / Qwen2 / GPT-2 / GPT-NeoX / BERT-style keys. Strict like the contract's loaders:
// a key it cannot map, a key whose effect the model cannot represent, a missing shape key or a
// wrong type is an issue with the key's JSON pointer; keys with no effect on size or memory
// (token ids, dropout rates, rope settings, dtypes...) are skipped via an allowlist. No exceptions.
#pragma once

#include <string>
#include <string_view>

#include "base/issues.h"
#include "contract/json_io.h"
#include "workload/model.h"

namespace gpucfg {

// Returns true when `out` was filled and no issue was found; otherwise appends issues to `errors`
// (codes: invalid_json, wrong_type, missing_key, unknown_key, unsupported_key, out_of_range).
bool ImportHfConfig(std::string_view json_text, TransformerArch& out, std::string& model_name,
                    Issues& errors);

// The scenario document `base` with the imported architecture inline (what `gpucfg import-hf`
// prints and the wasm `importHfConfig` returns), or the errors document.
JsonResult ScenarioFromHfConfig(std::string_view json_text, const Scenario& base);

}  // namespace gpucfg
