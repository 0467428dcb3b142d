// The guide's four scenario decision trees (edge inference, 10-30B training, GPT-3-class clusters,
// multi-tenant serving) walked step by step for a preset (`gpucfg example NAME --decision`), with
// this scenario's numbers at each step computed by the models, and a step marked `corrects_guide`
// where the guide's rule of thumb is wrong, with the measured reason. A step is a code and figures
// (the shape of a Warning), so the page translates it the way it translates warnings: English in
// decision_steps.inc, Chinese in the page's table under the same code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/warnings.h"
#include "catalog/catalog.h"
#include "contract/scenario.h"
#include "planner/plan.h"

namespace gpucfg {

struct DecisionStep {
  Warning figures;              // code, path (the scenario field the step decides), {value} {limit} {a}..{d}
  std::string subject;          // {subject}: a catalog id, profile or option label ("" = none), not translated
  std::string unit;             // {unit}: the scenario's currency code
  bool corrects_guide = false;  // the guide's rule of thumb is wrong here; the text says why
  bool has_scenario = false;    // `scenario` is what was evaluated for the figures
  Scenario scenario;            // evaluating it gives the step's figures (report keys: decision_path.cpp)
};

struct DecisionPath {
  std::string example;             // edge | mid-training | large-cluster | multi-tenant
  std::vector<DecisionStep> steps;
};

// True for the four presets that have a decision path.
bool HasDecisionPath(std::string_view example);

// The path for preset `example` starting from its scenario `s` (MakeExample's). With `plan` (the
// Plan of `s`), a last step names the planner's pick; without it (the page, which plans in slices)
// the path stops before. Evaluates a few scenarios (no search): cheap enough for a frame.
DecisionPath MakeDecisionPath(std::string_view example, const Scenario& s, const PlanResult* plan,
                              const Catalog& catalog = BuiltinCatalog());

// The English sentence of a step (its template from decision_steps.inc with the figures and
// subject filled in); the code itself for an unknown code.
std::string DecisionStepText(const DecisionStep& step);
// The English template of a code (nullptr when unknown): tests and the page's table check them.
const char* DecisionStepTemplate(std::string_view code);
// Fills {subject} and then the figures of a template in any language.
std::string FillDecisionTemplate(std::string_view text, const DecisionStep& step);

// {"schema_version": 2, "example", "decision_path": [{step, code, path, subject, corrects_guide,
// value, limit, args, text, scenario?}]} and a numbered text for people.
std::string DecisionPathToJson(const DecisionPath& path, int indent = 2);
std::string DecisionPathToTable(const DecisionPath& path);

}  // namespace gpucfg
