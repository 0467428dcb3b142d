// libFuzzer target: any bytes as a scenario document -> parse, validate, evaluate, write the
// report. Whatever the input, the answer is a report or an errors document (both JSON), never a
// crash, a sanitizer report, a leak or a hang. Built by the native-asan preset (tests/fuzz/README.md).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucfg.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  gpucfg::JsonResult result = gpucfg::EvaluateJson(text);
  // The answer must itself be valid JSON (the faces hand it straight to JSON.parse).
  if (nlohmann::json::parse(result.text, nullptr, false).is_discarded()) std::abort();
  return 0;
}
