// The one Catalog (issue 34): every section of a site catalog is honored where its answer is
// computed, or refused at its path. Each test merges one section over the built-in catalog and
// checks that the answer depending on it moves (or that a bad section is an error, not dropped).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "catalog/builtin_documents.h"
#include "catalog/catalog.h"
#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "planner/mig_json.h"
#include "test_util.h"

namespace gpucfg {
namespace {

using test::Example;

using json = nlohmann::json;

Catalog Site(const json& doc, Issues* issues = nullptr) {
  Catalog c = BuiltinCatalog();
  Issues got = MergeCatalogJson(doc.dump(), c);
  if (issues) *issues = got;
  else EXPECT_TRUE(got.empty()) << got.front().path << ": " << got.front().message;
  return c;
}

json EngineEntry(const char* id) {
  for (const EngineProfile& e : BuiltinCatalog().engines)
    if (e.id == id)
      return json{{"id", e.id}, {"name", e.name}, {"kind", e.kind}, {"kernels_per_layer", e.kernels_per_layer},
                  {"host_us_per_kernel", e.host_us_per_kernel}, {"host_ms_per_step", e.host_ms_per_step},
                  {"host_step_serial", e.host_step_serial}, {"host_ms_per_request", e.host_ms_per_request},
                  {"cuda_graphs", e.cuda_graphs}, {"batching", e.batching}, {"source", "SITE"}};
  ADD_FAILURE() << "no engine " << id;
  return {};
}

TEST(SiteCatalog, EngineOverrideChangesTpot) {
  Scenario s = Example("vllm-serving");
  ASSERT_EQ(s.workload.engine, "vllm");
  const Report before = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(before.errors.empty());
  json vllm = EngineEntry("vllm");
  vllm["host_ms_per_step"] = 25.0;  // a slow host loop: every decode step waits for it
  const Catalog site = Site({{"schema_version", 1}, {"engines", {vllm}}});
  ASSERT_EQ(site.engines.size(), BuiltinCatalog().engines.size());  // replaced, not appended
  const Report after = Evaluate(s, site);
  ASSERT_TRUE(after.errors.empty());
  EXPECT_GT(after.performance.tpot_s, before.performance.tpot_s + 0.01);
}

TEST(SiteCatalog, NewEngineIsFoundInTheSiteCatalogOnly) {
  json mine = EngineEntry("vllm");
  mine["id"] = "site-vllm";
  const Catalog site = Site({{"schema_version", 1}, {"engines", {mine}}});
  EXPECT_NE(FindEngine(site, "site-vllm"), nullptr);
  EXPECT_EQ(FindEngine(BuiltinCatalog(), "site-vllm"), nullptr);
}

// A scenario may name an engine only a site catalog has: the reader keeps the id, Resolve finds it
// in the catalog given (and the built-in catalog refuses it at its path, listing its own ids).
TEST(SiteCatalog, ScenarioNamesAnEngineOfTheSiteCatalog) {
  json mine = EngineEntry("vllm");
  mine["id"] = "Site-VLLM", mine["host_ms_per_step"] = 25.0;
  const Catalog site = Site({{"schema_version", 1}, {"engines", {mine}}});
  json doc = json::parse(ScenarioToJson(Example("vllm-serving")));
  doc["workload"]["engine"] = "site-vllm";  // ids match ignoring case, as everywhere in the catalog
  const std::string text = doc.dump();
  const ParseResult on_site = ParseScenario(text, site);  // read + resolve against the site catalog
  ASSERT_TRUE(on_site.ok()) << on_site.errors.front().message;
  const Report site_report = Evaluate(on_site.scenario, site);
  ASSERT_TRUE(site_report.errors.empty());
  const Report builtin_vllm = Evaluate(Example("vllm-serving"), BuiltinCatalog());
  EXPECT_GT(site_report.performance.tpot_s, builtin_vllm.performance.tpot_s + 0.01);  // its own profile
  EXPECT_TRUE(EvaluateJson(text, site).ok);
  const ParseResult on_builtin = ParseScenario(text, BuiltinCatalog());
  ASSERT_EQ(on_builtin.errors.size(), 1u);
  EXPECT_EQ(on_builtin.errors.front().code, "unknown_value");
  EXPECT_EQ(on_builtin.errors.front().path, "/workload/engine");
  EXPECT_NE(on_builtin.errors.front().message.find("megatron | deepspeed"), std::string::npos);
  EXPECT_FALSE(EvaluateJson(text, BuiltinCatalog()).ok);
}

TEST(SiteCatalog, BadEngineSectionIsRefusedAtItsPath) {
  Issues issues;
  json bad = EngineEntry("vllm");
  bad["host_ms_per_step"] = "fast";
  bad["colour"] = "red";
  Site({{"schema_version", 1}, {"engines", {bad, 7}}}, &issues);
  EXPECT_TRUE(test::HasError(issues, "/engines/0/host_ms_per_step", "wrong_type"));
  EXPECT_TRUE(test::HasError(issues, "/engines/0/colour", "unknown_key"));
  EXPECT_TRUE(test::HasError(issues, "/engines/1", "wrong_type"));
  Issues not_array;
  Site({{"schema_version", 1}, {"engines", {{"id", "x"}}}}, &not_array);
  ASSERT_FALSE(not_array.empty());
  EXPECT_EQ(not_array.front().path, "/engines");
}

// A site GPU (an A100 80GB under the operator's own id) with the operator's own MIG table.
json SiteGpuWithMig() {
  json gpus = json::parse(CatalogEntryToJson(*FindGpu(BuiltinCatalog(), "A100-SXM4-80GB")));
  gpus["id"] = "SITE-A100-80GB";
  const MigTable& a100 = *FindMigTable(BuiltinCatalog().mig_tables, "A100-SXM4-80GB");
  json profiles = json::array();
  for (const MigProfile& p : a100.profiles)
    profiles.push_back({{"name", p.name}, {"id", p.id}, {"compute_slices", p.compute_slices},
                        {"memory_slices", p.memory_slices}, {"memory_gib", p.memory_gib}, {"sms", p.sms},
                        {"l2_fraction", p.l2_fraction}, {"max_instances", p.max_instances}, {"starts", p.starts},
                        {"source", "SITE"}});
  json table = {{"table", "SITE-A100"}, {"gpus", {"SITE-A100-80GB"}}, {"status", "published"},
                {"memory_slots", a100.memory_slots}, {"compute_slots", a100.compute_slots},
                {"max_instances", a100.max_instances}, {"source", "SITE"}, {"profiles", profiles}};
  return {{"schema_version", 1}, {"sources", {{"SITE", "the operator's own measurements"}}},
          {"gpus", {gpus}}, {"mig", {table}}};
}

// The engine, MIG and sharing sections share one strict reader (catalog/section_reader.h): each
// problem at its pointer with its code, and an entry with one is left out, the valid ones kept.
TEST(SiteCatalog, OneStrictReaderForEngineMigAndSharingEntries) {
  json table = SiteGpuWithMig()["mig"][0];
  json bad_table = table;
  bad_table["gpus"] = {"SITE-B"}, bad_table["memory_slots"] = -1, bad_table["profiles"][0]["sms"] = "many";
  bad_table["profiles"][1]["colour"] = 1, bad_table.erase("status");
  json engine = EngineEntry("vllm");
  engine["id"] = "site-engine", engine["attention"] = {{"Hopper", {{"kernel", "fa3"}, {"efficiency", 0.6}}}, {"Kepler", {}}};
  json fact = {{"topic", "compute"}, {"mig", ""}, {"mps", "m"}, {"time_slicing", "t"}, {"source", "SITE"}};
  Issues issues;
  json doc = SiteGpuWithMig();
  doc["mig"] = json::array({table, bad_table});  // json::array: a one-element {x} is x itself under clang
  doc["engines"] = json::array({engine});
  doc["sharing"] = json::array({fact});
  const Catalog site = Site(doc, &issues);
  EXPECT_TRUE(test::HasError(issues, "/mig/1/memory_slots", "out_of_range"));
  EXPECT_TRUE(test::HasError(issues, "/mig/1/profiles/0/sms", "wrong_type"));
  EXPECT_TRUE(test::HasError(issues, "/mig/1/profiles/1/colour", "unknown_key"));
  EXPECT_TRUE(test::HasError(issues, "/mig/1/status", "missing_field"));
  EXPECT_TRUE(test::HasError(issues, "/engines/0/attention/Kepler", "unknown_key"));
  EXPECT_TRUE(test::HasError(issues, "/sharing/0/mig", "missing_field"));  // a needed text may not be empty
  EXPECT_EQ(issues.size(), 6u);
  EXPECT_NE(FindMigTable(site.mig_tables, "SITE-A100-80GB"), nullptr);  // the valid table is kept
  EXPECT_EQ(FindMigTable(site.mig_tables, "SITE-B"), nullptr);          // the broken one is not
  EXPECT_EQ(FindEngine(site, "site-engine"), nullptr);
  for (const SharingFact& f : site.sharing) EXPECT_NE(f.mig, "");
}

TEST(SiteCatalog, MigTableForASiteGpuIsHonored) {
  const Catalog site = Site(SiteGpuWithMig());
  EXPECT_FALSE(MigProfilesJson("SITE-A100-80GB", BuiltinCatalog()).errors.empty());  // the built-in has no such GPU
  EXPECT_TRUE(MigProfilesJson("SITE-A100-80GB", site).errors.empty());
  Scenario s = Example("vllm-serving");
  s.cluster.gpu = "SITE-A100-80GB";
  s.cluster.mig.profile = "3g.40gb";
  s.cluster.mig.instances_per_gpu = 2;
  EXPECT_FALSE(Evaluate(s, BuiltinCatalog()).errors.empty());
  const Report r = Evaluate(s, site);
  ASSERT_TRUE(r.errors.empty()) << r.errors.front().message;
  EXPECT_TRUE(r.mig.present);
  EXPECT_EQ(r.mig.instances_per_gpu, s.cluster.mig.instances_per_gpu);
}

TEST(SiteCatalog, SharingFactIsHonored) {
  const json fact = {{"topic", "compute"}, {"mig", "the site's own words on MIG"}, {"mps", "m"},
                     {"time_slicing", "t"}, {"source", "SITE"}};
  const Catalog site = Site({{"schema_version", 1}, {"sources", {{"SITE", "operator"}}}, {"sharing", {fact}}});
  EXPECT_EQ(site.sharing.size(), BuiltinCatalog().sharing.size());  // the topic replaced
  EXPECT_NE(MigCompareJson(site).text.find("the site's own words on MIG"), std::string::npos);
  EXPECT_EQ(MigCompareJson(BuiltinCatalog()).text.find("the site's own words on MIG"), std::string::npos);
}

TEST(SiteCatalog, GpuPriceModelAndCurrencySectionsChangeTheirAnswers) {
  Scenario s = Example("lora-llama2-7b");
  const Report base = Evaluate(s, BuiltinCatalog());
  ASSERT_TRUE(base.errors.empty());
  // gpus: less memory bandwidth and a smaller usable memory on the same id.
  json gpu = json::parse(CatalogEntryToJson(*FindGpu(BuiltinCatalog(), s.cluster.gpu)));
  gpu["memory_usable_gib"] = 20.0;
  EXPECT_NE(Evaluate(s, Site({{"schema_version", 1}, {"gpus", {gpu}}})).memory.capacity_gib, base.memory.capacity_gib);
  // prices: the site's own price per GPU-hour.
  const json price = {{"gpu", s.cluster.gpu}, {"currency", base.cost.currency}, {"per_gpu_hour", 123.0},
                      {"source", "SITE"}};
  const Report priced = Evaluate(s, Site({{"schema_version", 1}, {"sources", {{"SITE", "o"}}}, {"prices", {price}}}));
  EXPECT_DOUBLE_EQ(priced.cost.per_gpu_hour, 123.0);
  // currencies: the electricity price moves the owner's electricity bill.
  const json usd = {{"code", base.cost.currency}, {"symbol", "$"}, {"electricity_per_kwh", 9.0}, {"source", "SITE"}};
  const Report power = Evaluate(s, Site({{"schema_version", 1}, {"sources", {{"SITE", "o"}}}, {"currencies", {usd}}}));
  EXPECT_GT(power.cost.electricity_total, base.cost.electricity_total);
}

TEST(SiteCatalog, UnknownSectionIsRefused) {
  Issues issues;
  Site({{"schema_version", 1}, {"gpu_racks", json::array()}}, &issues);
  ASSERT_FALSE(issues.empty());
  EXPECT_EQ(issues.front().code, "unknown_key");
  EXPECT_EQ(issues.front().path, "/gpu_racks");
}

TEST(SiteCatalog, BuiltinDocumentsMergeWithoutIssues) {
  Catalog c;
  for (std::string_view text : BuiltinCatalogDocuments()) {
    const Issues issues = MergeCatalogJson(text, c);
    EXPECT_TRUE(issues.empty()) << issues.front().path << ": " << issues.front().message;
  }
  EXPECT_EQ(c.engines.size(), BuiltinCatalog().engines.size());
  EXPECT_EQ(c.mig_tables.size(), BuiltinCatalog().mig_tables.size());
  EXPECT_EQ(c.sharing.size(), BuiltinCatalog().sharing.size());
  EXPECT_FALSE(c.engines.empty());
}

}  // namespace
}  // namespace gpucfg
