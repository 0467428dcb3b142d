// Helpers shared by the test files.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "catalog/catalog.h"
#include "pipeline/evaluate.h"
#include "contract/json_io.h"
#include "models/cost/cost.h"          // tests reach the models directly (the faces use gpucfg.h)
#include "models/memory/memory.h"
#include "models/power/power.h"
#include "models/speed/performance.h"
#include "resolve/resolve.h"
#include "contract/scenario.h"

namespace gpucfg::test {

// Resolves `s` against the built-in catalog; fails the test if it does not resolve.
inline Resolved MustResolve(const Scenario& s) {
  Resolved r;
  Issues errors;
  bool ok = Resolve(s, BuiltinCatalog(), r, &errors);
  std::string why;
  for (const auto& e : errors) why += e.path + ": " + e.message + "\n";
  EXPECT_TRUE(ok) << why;
  return r;
}

inline Scenario Example(const char* name) {
  Scenario s;
  EXPECT_TRUE(MakeExample(name, s)) << name;
  return s;
}

// True when `errors` holds an issue with this path (and code, when given).
inline bool HasError(const Issues& errors, const std::string& path, const std::string& code = "") {
  for (const auto& e : errors)
    if (e.path == path && (code.empty() || e.code == code)) return true;
  return false;
}

inline std::string Dump(const Issues& errors) {
  std::string out;
  for (const auto& e : errors) out += e.code + " " + e.path + ": " + e.message + "\n";
  return out;
}

}  // namespace gpucfg::test
