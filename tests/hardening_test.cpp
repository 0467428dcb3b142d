// Regression tests for what the hardening work (issue 13: sanitizers, the bad-input corpus, the
// fuzzers) found; each names its finding. The corpus itself runs through the CLI and the wasm
// module in tests/bad_inputs; these pin the fixes inside the core, natively and under node.
#include <nlohmann/json.hpp>

#include <string>

#include "contract/hf_import.h"
#include "base/json_text.h"
#include "test_util.h"

namespace gpucfg {
namespace {

constexpr const char* kBase =
    R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},"workload":{"model":"llama2-7b"}})";

bool MessageHas(const Issues& errors, const std::string& code, const std::string& piece) {
  for (const auto& e : errors)
    if (e.code == code && e.message.find(piece) != std::string::npos) return true;
  return false;
}

// Finding (corpus): invalid JSON only said "not valid JSON"; it now says the line and column.
TEST(Hardening, InvalidJsonSaysLineAndColumn) {
  // Line 3 is `  "workload": {"model": llama2}`: the bad literal starts at column 25.
  ParseResult p = ParseScenario("{\n  \"schema_version\": 1,\n  \"workload\": {\"model\": llama2}\n}");
  EXPECT_TRUE(MessageHas(p.errors, "invalid_json", "line 3, column 25")) << test::Dump(p.errors);
  // Empty input: the end of input is line 1, column 1.
  EXPECT_TRUE(MessageHas(ParseScenario("").errors, "invalid_json", "line 1, column 1"));
  // The catalog and the HF importer say where too.
  Catalog c = BuiltinCatalog();
  EXPECT_TRUE(MessageHas(MergeCatalogJson("{\"schema_version\": 1,\n]", c), "invalid_json", "line 2, column 1"));
  TransformerArch a;
  std::string name;
  Issues e;
  EXPECT_FALSE(ImportHfConfig("{\"hidden_size\": 64,,", a, name, e));
  EXPECT_TRUE(MessageHas(e, "invalid_json", "line 1, column 20")) << test::Dump(e);
}

// Finding (corpus): 1e400 is nlohmann's out_of_range.406, a message without a position.
TEST(Hardening, NumberOverflowSaysWhereToo) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"workload":{"train_tokens":1e400}})");
  EXPECT_TRUE(MessageHas(p.errors, "invalid_json", "line 1, column ")) << test::Dump(p.errors);
  EXPECT_TRUE(MessageHas(p.errors, "invalid_json", "number overflow")) << test::Dump(p.errors);
}

// Finding (corpus): nlohmann stops at a NUL byte as at the end of input, so a valid document
// followed by "\0" and anything at all was accepted. A raw NUL is never JSON text.
TEST(Hardening, NulByteIsInvalidJsonNotTheEnd) {
  std::string text = std::string(kBase) + std::string("\0{garbage", 9);
  ParseResult p = ParseScenario(text);
  EXPECT_TRUE(test::HasError(p.errors, "", "invalid_json")) << test::Dump(p.errors);
  // The NUL is byte 89 of line 1 (kBase is 88 bytes long).
  EXPECT_EQ(std::string(kBase).size(), 88u);
  EXPECT_TRUE(MessageHas(p.errors, "invalid_json", "line 1, column 89")) << test::Dump(p.errors);
  EXPECT_TRUE(ParseScenario(kBase).ok());
}

// Finding (corpus): a key given twice silently took the last value; now an error at its pointer,
// through arrays too (the catalog's /gpus/N/...).
TEST(Hardening, DuplicateKeysAreErrorsAtTheirPath) {
  ParseResult p = ParseScenario(
      R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","gpu":"H100-SXM5-80GB"},"workload":{"model":"llama2-7b"}})");
  EXPECT_TRUE(test::HasError(p.errors, "/cluster/gpu", "duplicate_key")) << test::Dump(p.errors);
  Catalog c = BuiltinCatalog();
  Issues issues = MergeCatalogJson(
      R"({"schema_version":1,"gpus":[{"id":"A","source":"S"},{"id":"B","source":"S","id":"C"}]})", c);
  EXPECT_TRUE(test::HasError(issues, "/gpus/1/id", "duplicate_key")) << test::Dump(issues);
  // Same key in two different objects is fine; escaping follows RFC 6901.
  nlohmann::json j;
  Issues none;
  EXPECT_TRUE(ParseJsonText(R"({"a":{"k":1},"b":{"k":2},"c":[{"k":1},{"k":2}]})", "t", true, j, none));
  Issues slash;
  EXPECT_FALSE(ParseJsonText(R"({"x":[0,{"a/b":1,"a/b":2}]})", "t", true, j, slash));
  EXPECT_TRUE(test::HasError(slash, "/x/1/a~1b", "duplicate_key")) << test::Dump(slash);
}

// Finding (review of the error path): an error message quoting bytes that are not UTF-8 made
// nlohmann's dump() throw (type_error.316): a crash natively, an abort in wasm.
TEST(Hardening, ErrorsDocumentSurvivesInvalidUtf8InAMessage) {
  const std::string text = ErrorsToJson(Issues{Issue{"x", "bad \xff\xfe byte", "/a"}});
  EXPECT_FALSE(nlohmann::json::parse(text, nullptr, false).is_discarded()) << text;
  ParseResult p = ParseScenario("{\"schema_version\":1,\"cluster\":{\"gpu\":\"A100\xff\"}}");
  EXPECT_TRUE(test::HasError(p.errors, "", "invalid_json"));
  EXPECT_FALSE(nlohmann::json::parse(ErrorsToJson(p.errors), nullptr, false).is_discarded());
}

// Finding (corpus): a site catalog replacing the built-in A100 by {"id", "source"} alone gave an
// unknown_value for intra_node ""; with intra_node given it evaluated with zero memory and peak.
// Now the GPU that was chosen is named as unusable.
TEST(Hardening, ShadowedGpuWithoutSpecsIsAnErrorAtClusterGpu) {
  Catalog c = BuiltinCatalog();
  ASSERT_TRUE(MergeCatalogJson(R"({"schema_version":1,"gpus":[{"id":"A100-SXM4-80GB","source":"S",
      "default_intra_node":"nvswitch","nvlink_gen":3}]})", c).empty());
  JsonResult r = EvaluateJson(kBase, c);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.text.find("\"/cluster/gpu\""), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("incompatible"), std::string::npos) << r.text;
  EXPECT_TRUE(EvaluateJson(kBase).ok);  // the built-in catalog is untouched
}

// Finding (corpus/fuzz): catalog numbers up to 1e308 were accepted and multiplied to infinity.
TEST(Hardening, CatalogNumbersPast1e15AreOutOfRange) {
  Catalog c = BuiltinCatalog();
  Issues issues = MergeCatalogJson(
      R"({"schema_version":1,"gpus":[{"id":"A100-SXM4-80GB","source":"S","memory_gb":1e308}]})", c);
  EXPECT_TRUE(test::HasError(issues, "/gpus/0/memory_gb", "out_of_range")) << test::Dump(issues);
  EXPECT_EQ(FindGpu(c, "A100-SXM4-80GB")->memory_gb, FindGpu(BuiltinCatalog(), "A100-SXM4-80GB")->memory_gb);
}

// Finding (review): a network shadowed with no bandwidth divided by zero in every collective.
TEST(Hardening, ShadowedNetworkWithoutBandwidthIsAnErrorAtInterNode) {
  Catalog c = BuiltinCatalog();
  ASSERT_TRUE(MergeCatalogJson(
      R"({"schema_version":1,"interconnects":[{"id":"ib-hdr","kind":"infiniband","source":"S"}]})", c).empty());
  JsonResult r = EvaluateJson(
      R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","nodes":2,"inter_node":"ib-hdr"},"workload":{"model":"llama2-7b"}})",
      c);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.text.find("\"/cluster/inter_node\""), std::string::npos) << r.text;
}

// Finding (session of 2026-12-04, night): a server shadowed with a cooling the models do not know was
// reported at /power/cooling as `found ""` (the scenario's field, which the user had left empty).
TEST(Hardening, ShadowedServerCoolingIsAnErrorAtClusterServer) {
  Catalog c = BuiltinCatalog();
  ASSERT_TRUE(MergeCatalogJson(
      R"({"schema_version":1,"servers":[{"id":"dgx-a100","source":"S","gpu_count":8,"cooling":"freon"}]})", c).empty());
  const char* scenario =
      R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","server":"dgx-a100"},"workload":{"model":"llama2-7b"}})";
  JsonResult r = EvaluateJson(scenario, c);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.text.find("\"/cluster/server\""), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("freon"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("/power/cooling"), std::string::npos) << r.text;
  // The scenario's own cooling overrides the server's, so it evaluates; an entry without any
  // cooling is taken as air.
  std::string cooled = scenario;
  cooled.insert(cooled.size() - 1, R"(,"power":{"cooling":"liquid"})");
  EXPECT_TRUE(EvaluateJson(cooled, c).ok) << EvaluateJson(cooled, c).text;
  ASSERT_TRUE(MergeCatalogJson(R"({"schema_version":1,"servers":[{"id":"dgx-a100","source":"S","gpu_count":8}]})", c).empty());
  EXPECT_TRUE(EvaluateJson(scenario, c).ok) << EvaluateJson(scenario, c).text;
}

}  // namespace
}  // namespace gpucfg
