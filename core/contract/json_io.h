// Contract v1 in JSON: scenario in, report or errors out. The only place the contract's text form
// is read or written; the CLI and the wasm module both go through it, so they agree byte for byte.
// No exceptions escape: malformed text and bad fields come back as issues with JSON pointers.
#pragma once

#include <string>
#include <span>
#include <string_view>

#include "catalog/catalog.h"
#include "base/issues.h"
#include "contract/report.h"
#include "contract/scenario.h"

namespace gpucfg {

struct ParseResult {
  Scenario scenario;   // valid fields are kept even when others are in error
  Issues errors;
  bool ok() const { return errors.empty(); }
};

// Reads a scenario document field by field: unknown keys, wrong types and out-of-range values are
// errors. No catalog lookups and no cross-field rules: ParseScenario (pipeline/evaluate.h) adds
// those by resolving the scenario.
ParseResult ReadScenario(std::string_view text);

// A complete scenario document with every field written out (what `gpucfg example` prints).
std::string ScenarioToJson(const Scenario& s, int indent = 2);

// The report document; numbers are rounded to 6 significant digits so that every platform's libm
// gives the same text.
std::string ReportToJson(const Report& r, int indent = 2);

// Every scenario field as a markdown table (pointer, type and range, default, meaning): the
// source of the field table in docs/contract.md (`gpucfg schema` prints it).
std::string ScenarioFieldsMarkdown();

// {"schema_version": 2, "errors": [...]}: stands in for a report, so it says the report's version
std::string ErrorsToJson(const Issues& errors, int indent = 2);

// A document out, or the errors document (ok = false): EvaluateJson (pipeline/evaluate.h), the
// Hugging Face import.
struct JsonResult {
  std::string text;
  bool ok = false;
};

// Named example scenarios for `gpucfg example NAME` and the page's presets.
struct ExampleScenario {
  std::string_view name;
  std::string_view description;
};
std::span<const ExampleScenario> ExampleNames();
bool MakeExample(std::string_view name, Scenario& out);

}  // namespace gpucfg
