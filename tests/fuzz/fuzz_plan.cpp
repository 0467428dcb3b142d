// libFuzzer target: any bytes as a plan request (`gpucfg plan FILE`, the wasm plan(): a scenario
// with a "plan" section: objective, deadline, budget, limits, allowed GPUs) -> the plan document
// (an exhaustive, pruned search) or the errors document. Never a crash or a sanitizer report; a
// search that runs past libFuzzer's -timeout is a finding (the page would freeze on it).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucfg.h"
#include "planner/plan.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  gpucfg::PlanTextResult result = gpucfg::PlanJson(text);
  if (nlohmann::json::parse(result.text, nullptr, false).is_discarded()) std::abort();
  return 0;
}
