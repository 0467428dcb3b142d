// Problems found in user input (errors) or in a configuration (warnings): a stable code, a readable
// message naming what was expected, and the JSON pointer of the field (contract v1 error shape).
// Parsing collects errors as values; nothing throws.
#pragma once

#include <string>
#include <vector>

namespace gpucfg {

struct Issue {
  std::string code;     // stable, snake_case: "out_of_range", "unknown_key", "wrong_type", ...
  std::string message;  // English sentence saying what was expected and what was found
  std::string path;     // JSON pointer into the input: "/cluster/nodes"; "" for the whole document
};

using Issues = std::vector<Issue>;

}  // namespace gpucfg
