// JSON string writing for the few documents written without nlohmann (the decision path, the
// page's test hooks): less code in the wasm modules. Defined in json_io.cpp.
#pragma once

#include <string>
#include <string_view>

namespace gpucfg {

// Appends `s` as a JSON string: quotes and backslashes escaped, control characters as \u00XX,
// UTF-8 passed through.
void AppendJsonString(std::string& out, std::string_view s);

}  // namespace gpucfg
