// Contract v1 reading and writing: round trips, defaults, and every kind of bad input giving an
// error that names the field by JSON pointer while keeping the valid fields.
#include <nlohmann/json.hpp>

#include <set>

#include "contract/features.h"

#include "test_util.h"

namespace gpucfg {
namespace {

using test::HasError;

TEST(JsonIo, ExampleRoundTripsThroughText) {
  for (const auto& e : ExampleNames()) {
    Scenario s;
    ASSERT_TRUE(MakeExample(e.name, s));
    std::string text = ScenarioToJson(s);
    ParseResult parsed = ParseScenario(text);
    ASSERT_TRUE(parsed.ok()) << e.name << "\n" << test::Dump(parsed.errors);
    EXPECT_EQ(ScenarioToJson(parsed.scenario), text) << e.name;
  }
}

TEST(JsonIo, MinimalScenarioTakesDefaults) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"h100-sxm5-80gb"},"workload":{"model":"llama2-7b"}})");
  ASSERT_TRUE(p.ok()) << test::Dump(p.errors);
  EXPECT_EQ(p.scenario.cluster.gpus_per_node, 8);
  EXPECT_EQ(p.scenario.parallelism.tp, 1);
  EXPECT_EQ(p.scenario.workload.precision, Precision::kBf16);
}

TEST(JsonIo, MalformedTextIsOneErrorAtTheRoot) {
  ParseResult p = ParseScenario("{\"schema_version\": 1, ");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_EQ(p.errors[0].code, "invalid_json");
  EXPECT_EQ(p.errors[0].path, "");
}

TEST(JsonIo, BadFieldsAreNamedByPointerAndValidOnesKept) {
  ParseResult p = ParseScenario(R"({"schema_version":1,
    "cluster":{"gpu":"A100-SXM4-80GB","nodes":0,"gpus_per_node":"eight","nics_per_node":4},
    "workload":{"model":"llama2-7b","precision":"fp12","micro_batch":2.5,"seq_len":4096},
    "parallelism":{"tp":2,"zero":7,"recomptue":"full"}})");
  EXPECT_TRUE(HasError(p.errors, "/cluster/nodes", "out_of_range")) << test::Dump(p.errors);
  EXPECT_TRUE(HasError(p.errors, "/cluster/gpus_per_node", "wrong_type"));
  EXPECT_TRUE(HasError(p.errors, "/workload/precision", "unknown_value"));
  EXPECT_TRUE(HasError(p.errors, "/workload/micro_batch", "wrong_type"));
  EXPECT_TRUE(HasError(p.errors, "/parallelism/zero", "out_of_range"));
  EXPECT_TRUE(HasError(p.errors, "/parallelism/recomptue", "unknown_key"));
  EXPECT_EQ(p.scenario.cluster.nics_per_node, 4);  // valid parts are kept
  EXPECT_EQ(p.scenario.workload.seq_len, 4096);
  EXPECT_EQ(p.scenario.parallelism.tp, 2);
}

TEST(JsonIo, MessagesSayWhatWasExpected) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB","nodes":-3},"workload":{"model":"llama2-7b"}})");
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_NE(p.errors[0].message.find("from 1 to"), std::string::npos) << p.errors[0].message;
  EXPECT_NE(p.errors[0].message.find("-3"), std::string::npos);
}

TEST(JsonIo, MissingRequiredFieldsAndVersion) {
  ParseResult p = ParseScenario(R"({"cluster":{}})");
  EXPECT_TRUE(HasError(p.errors, "/schema_version", "missing_field")) << test::Dump(p.errors);
  EXPECT_TRUE(HasError(p.errors, "/cluster/gpu", "missing_field"));
  EXPECT_TRUE(HasError(p.errors, "/workload/model", "missing_field"));
  // Contract v2: readers accept version 1 and 2 (and write back what they read); 3 is out of range.
  ParseResult v2 = ParseScenario(R"({"schema_version":2,"cluster":{"gpu":"T4-16GB"},"workload":{"model":"bert-large"}})");
  EXPECT_TRUE(v2.ok()) << test::Dump(v2.errors);
  EXPECT_EQ(v2.scenario.schema_version, 2);
  EXPECT_NE(ScenarioToJson(v2.scenario).find("\"schema_version\": 2"), std::string::npos);
  ParseResult v3 = ParseScenario(R"({"schema_version":3,"cluster":{"gpu":"T4-16GB"},"workload":{"model":"bert-large"}})");
  EXPECT_TRUE(HasError(v3.errors, "/schema_version", "out_of_range"));
}

TEST(JsonIo, UnknownCatalogIdsAreErrorsListingTheChoices) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"V100-SXM3-48GB"},"workload":{"model":"llama2-7b"}})");
  ASSERT_TRUE(HasError(p.errors, "/cluster/gpu", "unknown_gpu")) << test::Dump(p.errors);
  EXPECT_NE(p.errors[0].message.find("V100-SXM2-32GB"), std::string::npos);
}

TEST(JsonIo, InlineArchitectureIsAccepted) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},
    "workload":{"model":{"name":"tiny","layers":4,"hidden":512,"heads":8,"vocab":32000,"glu":true}}})");
  ASSERT_TRUE(p.ok()) << test::Dump(p.errors);
  EXPECT_TRUE(p.scenario.workload.arch_inline);
  EXPECT_EQ(p.scenario.workload.arch.hidden, 512);
  ParseResult bad = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},
    "workload":{"model":{"layers":4,"hidden":500,"heads":8,"vocab":3,"colour":1}}})");
  EXPECT_TRUE(HasError(bad.errors, "/workload/model/colour", "unknown_key")) << test::Dump(bad.errors);
  ParseResult missing = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"A100-SXM4-80GB"},
    "workload":{"model":{"layers":4,"heads":8,"vocab":3}}})");
  EXPECT_TRUE(HasError(missing.errors, "/workload/model/hidden", "missing_field")) << test::Dump(missing.errors);
}

TEST(JsonIo, PointerEscapesSlashAndTilde) {
  ParseResult p = ParseScenario(R"({"schema_version":1,"cluster":{"gpu":"T4-16GB","a/b~c":1},"workload":{"model":"bert-large"}})");
  EXPECT_TRUE(HasError(p.errors, "/cluster/a~1b~0c", "unknown_key")) << test::Dump(p.errors);
}

TEST(JsonIo, ErrorsDocumentHasTheContractShape) {
  JsonResult r = EvaluateJson("[1,2]");
  EXPECT_FALSE(r.ok);
  auto j = nlohmann::json::parse(r.text);
  EXPECT_EQ(j["schema_version"], 2);  // as the report it stands in for
  ASSERT_TRUE(j["errors"].is_array());
  EXPECT_TRUE(j["errors"][0].contains("code") && j["errors"][0].contains("message") && j["errors"][0].contains("path"));
}

TEST(JsonIo, ReportDocumentHasTheContractSections) {
  JsonResult r = EvaluateJson(ScenarioToJson(test::Example("default")));
  ASSERT_TRUE(r.ok) << r.text;
  auto j = nlohmann::json::parse(r.text);
  for (const char* key : {"weights_gib", "gradients_gib", "optimizer_gib", "activations_gib", "kv_cache_gib",
                          "overhead_gib", "total_gib"})
    EXPECT_TRUE(j["memory"]["per_gpu"][key].is_number()) << key;
  EXPECT_TRUE(j["memory"]["fits"].is_boolean());
  for (const char* key : {"step_time_s", "tokens_per_s", "tflops_per_gpu", "mfu", "ttft_s", "tpot_s", "output_tokens_per_s"})
    EXPECT_TRUE(j["performance"][key].is_number()) << key;
  for (const char* key : {"gpu_w", "node_w", "cluster_kw"}) EXPECT_TRUE(j["power"][key].is_number()) << key;
  EXPECT_EQ(j["cost"]["currency"], "USD");
  EXPECT_TRUE(j["warnings"].is_array());
  EXPECT_EQ(j["schema_version"], 2);  // contract v2: power.gpu_w / node_w are the draw under the workload
}

TEST(JsonIo, ContractDocumentListsVersionsAndEveryFeatureOnce) {
  auto j = nlohmann::json::parse(ContractToJson());
  EXPECT_EQ(j["schema_versions"], nlohmann::json::array({1, 2}));
  EXPECT_EQ(j["report_schema_version"], Report{}.schema_version);
  ASSERT_EQ(j["features"].size(), kContractFeatures.size());
  std::set<std::string> names(j["features"].begin(), j["features"].end());
  EXPECT_EQ(names.size(), kContractFeatures.size()) << "a feature is listed twice";
  for (const char* f : {"engine", "finetune", "networks", "generic_model", "server", "power", "mig", "mig_plan", "plan"})
    EXPECT_TRUE(names.count(f)) << f;
  // Every feature a row of the docs table (docs/contract.md is generated from it).
  const std::string md = ContractFeaturesMarkdown();
  for (const ContractFeature& f : kContractFeatures)
    EXPECT_NE(md.find("| `" + std::string(f.name) + "` |"), std::string::npos) << f.name;
}

TEST(JsonIo, DeeplyNestedOrHugeInputDoesNotCrash) {
  std::string deep(100000, '[');
  EXPECT_FALSE(ParseScenario(deep).ok());
  EXPECT_FALSE(ParseScenario(R"({"schema_version":1e400})").ok());
  EXPECT_FALSE(ParseScenario(std::string("\0\xff", 2)).ok());
}

}  // namespace
}  // namespace gpucfg
