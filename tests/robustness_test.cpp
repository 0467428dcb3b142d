// Bad input never crashes, aborts or hangs, and valid-but-extreme input never yields NaN or
// infinity: thousands of deterministic mutations of every example go through parse + evaluate.
#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

#include "test_util.h"

namespace gpucfg {
namespace {

using nlohmann::json;

// Replaces one leaf of `j`, chosen by `rng`, with a hostile value.
void MutateLeaf(json& j, std::mt19937& rng) {
  static const json kHostile[] = {0, -1, 1, 2, 3, 7, 1e308, -1e308, 1e-300, 2147483647, 4096, 65536,
                                  0.5, "", "x", true, nullptr, json::array(), json::object(), "none"};
  std::vector<json*> leaves;
  std::vector<json*> stack{&j};
  while (!stack.empty()) {
    json* cur = stack.back();
    stack.pop_back();
    if (cur->is_object())
      for (auto& [k, v] : cur->items()) stack.push_back(&v);
    else
      leaves.push_back(cur);
  }
  if (leaves.empty()) return;
  json* leaf = leaves[rng() % leaves.size()];
  *leaf = kHostile[rng() % std::size(kHostile)];
}

bool AllFinite(const json& j) {
  if (j.is_number_float()) return std::isfinite(j.get<double>());
  if (j.is_structured())
    for (const auto& v : j) if (!AllFinite(v)) return false;
  return true;
}

TEST(Robustness, MutatedExamplesGiveErrorsOrFiniteReports) {
  std::mt19937 rng(20261129);
  int reports = 0, errors = 0;
  for (const auto& e : ExampleNames()) {
    json base = json::parse(ScenarioToJson(test::Example(std::string(e.name).c_str())));
    for (int i = 0; i < 400; ++i) {
      json s = base;
      for (int k = 0, n = 1 + int(rng() % 3); k < n; ++k) MutateLeaf(s, rng);
      JsonResult r = EvaluateJson(s.dump());
      json out = json::parse(r.text, nullptr, false);
      ASSERT_FALSE(out.is_discarded()) << s.dump();
      if (r.ok) {
        ++reports;
        ASSERT_TRUE(AllFinite(out)) << "non-finite number for " << s.dump();
        ASSERT_EQ(out.dump().find("null"), std::string::npos) << "NaN/inf written as null for " << s.dump();
      } else {
        ++errors;
        ASSERT_FALSE(out["errors"].empty());
        for (const auto& err : out["errors"]) EXPECT_TRUE(err["path"].is_string());
      }
    }
  }
  EXPECT_GT(reports, 100);  // the mutations must exercise the models, not only the parser
  EXPECT_GT(errors, 100);
}

TEST(Robustness, ExtremeButValidClustersStayFinite) {
  for (const char* name : {"default", "gpt3-175b", "llama2-70b-serving", "edge-orin"}) {
    Scenario s = test::Example(name);
    s.cluster.nodes = 100000;
    s.cluster.inter_node = "ib-ndr";
    s.workload.global_batch = 100000000;
    s.workload.seq_len = 1000000;
    s.workload.prompt_tokens = 1000000;
    s.workload.batch = 1000000;
    Report r = Evaluate(s);
    if (!r.errors.empty()) continue;
    json out = json::parse(ReportToJson(r));
    EXPECT_TRUE(AllFinite(out)) << name << "\n" << out.dump(1);
    EXPECT_EQ(out.dump().find("null"), std::string::npos) << name << "\n" << out.dump(1);
  }
}

}  // namespace
}  // namespace gpucfg
