// libFuzzer target: any bytes as a pasted Hugging Face config.json -> the imported scenario
// (which must then evaluate) or the errors document naming the keys. Never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const gpucfg::Scenario base = [] {
    gpucfg::Scenario s;
    gpucfg::MakeExample("default", s);
    return s;
  }();
  gpucfg::JsonResult imported = gpucfg::ScenarioFromHfConfig(text, base);
  if (nlohmann::json::parse(imported.text, nullptr, false).is_discarded()) std::abort();
  if (!imported.ok) return 0;
  // An accepted config gives a scenario document the contract's reader takes back.
  gpucfg::JsonResult evaluated = gpucfg::EvaluateJson(imported.text);
  if (nlohmann::json::parse(evaluated.text, nullptr, false).is_discarded()) std::abort();
  return 0;
}
