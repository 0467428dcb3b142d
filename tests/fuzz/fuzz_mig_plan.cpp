// libFuzzer target: any bytes as a MIG tenant plan (`gpucfg mig plan FILE`: a "mig_plan" section
// with a GPU and a tenant list) -> the packing document or issues with JSON pointers. Never a
// crash, a hang (the exact packer has a bound) or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucfg.h"
#include "planner/mig_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  gpucfg::MigJsonResult result = gpucfg::MigPlanJson(text);
  const std::string& answer = result.errors.empty() ? result.text : gpucfg::ErrorsToJson(result.errors);
  if (nlohmann::json::parse(answer, nullptr, false).is_discarded()) std::abort();
  return 0;
}
