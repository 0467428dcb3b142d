// ApplyFix: a memory fix written into the scenario's JSON document, read back by ParseScenario.
#include "pipeline/apply_fix.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

#include "contract/json_io.h"
#include "contract/scenario_fields.h"
#include "pipeline/evaluate.h"

namespace gpucfg {
namespace {

bool EndsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// The fix's new value as the contract writes it: names for enums, the catalog id for a GPU.
nlohmann::json NewValue(const MemoryFix& f) {
  const std::string_view p = f.path;
  if (EndsWith(p, "/recompute")) {
    const int i = static_cast<int>(f.to);
    return i >= 0 && i < static_cast<int>(kRecomputeNames.size()) ? nlohmann::json(std::string(kRecomputeNames[i]))
                                                                   : nlohmann::json();
  }
  if (EndsWith(p, "/optimizer")) return "adam-8bit";
  if (EndsWith(p, "/gpu")) return std::string(f.target);
  if (EndsWith(p, "/sequence_parallel") || EndsWith(p, "/flash_attention")) return true;
  if (EndsWith(p, "_precision")) return f.to <= 4 ? "int4" : f.to <= 8 ? "int8" : "bf16";
  if (std::floor(f.to) == f.to) return static_cast<long long>(f.to);
  return f.to;
}

bool SetField(nlohmann::json& doc, const MemoryFix& f) {
  const nlohmann::json value = NewValue(f);
  if (value.is_null() || f.path.empty() || f.path.front() != '/') return false;
  doc[nlohmann::json::json_pointer(std::string(f.path))] = value;
  // "More GPUs" changes a second field with the count (models/memory/memory_fixes.cpp, MoreGpus):
  // training shards with ZeRO-3, inference widens TP by the same factor.
  if (f.code == "more_gpus_zero_3") doc["parallelism"]["zero"] = 3;
  if (f.code == "more_gpus" && f.from > 0 && doc["workload"].value("kind", "") == "inference") {
    const long long tp = doc["parallelism"].value("tp", 1LL);
    doc["parallelism"]["tp"] = static_cast<long long>(std::llround(tp * f.to / f.from));
  }
  return true;
}

void Fail(Issues* errors, std::string code, std::string message, std::string path) {
  if (errors) errors->push_back({std::move(code), std::move(message), std::move(path)});
}

}  // namespace

bool ApplyFix(const Scenario& s, const MemoryReport& memory, int index, const Catalog& catalog, Scenario& out,
              Issues* errors) {
  if (index < 0 || index >= memory.fix_count) {
    Fail(errors, "out_of_range",
         "expected a fix number 0.." + std::to_string(memory.fix_count - 1) + " of the report's memory fixes, found " +
             std::to_string(index),
         "/memory/fixes");
    return false;
  }
  nlohmann::json doc = nlohmann::json::parse(ScenarioToJson(s, -1), nullptr, false);
  const std::string where = "/memory/fixes/" + std::to_string(index);
  const MemoryFix& f = memory.fixes[index];
  bool ok = !doc.is_discarded();
  if (f.plan_step > 0) {  // steps 1..k of the plan, in order
    for (int i = 0; i <= index && ok; ++i)
      if (memory.fixes[i].plan_step > 0 && memory.fixes[i].plan_step <= f.plan_step) ok = SetField(doc, memory.fixes[i]);
  } else if (ok) {
    ok = SetField(doc, f);
  }
  if (!ok) {
    Fail(errors, "incompatible", "fix " + std::to_string(index) + " (" + std::string(f.code) + ") has no value to write",
         where);
    return false;
  }
  ParseResult parsed = ParseScenario(doc.dump(), catalog);
  if (!parsed.ok()) {
    if (errors) errors->insert(errors->end(), parsed.errors.begin(), parsed.errors.end());
    return false;
  }
  out = std::move(parsed.scenario);
  return true;
}

}  // namespace gpucfg
