// Tests of core/catalog/sharing: the MIG vs MPS vs time-slicing facts of data/gpu_sharing.json are all
// there, each cites sources the catalog holds, and a bad fact is refused with its JSON pointer.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "catalog/catalog.h"
#include "planner/mig_json.h"
#include "catalog/sharing.h"

namespace gpucfg {
namespace {

TEST(MigSharing, EveryTopicTheIssueAsksForIsThereWithCatalogSources) {
  const std::vector<SharingFact>& facts = BuiltinCatalog().sharing;
  std::set<std::string> topics;
  for (const SharingFact& f : facts) {
    EXPECT_TRUE(topics.insert(f.topic).second) << "duplicate topic " << f.topic;
    EXPECT_FALSE(f.mig.empty() || f.mps.empty() || f.time_slicing.empty()) << f.topic;
    // Every cited code resolves to a citation with a URL.
    size_t at = 0;
    while (at < f.source.size()) {
      size_t end = f.source.find(',', at);
      if (end == std::string::npos) end = f.source.size();
      std::string code = f.source.substr(at, end - at);
      code.erase(0, code.find_first_not_of(' '));
      bool found = false;
      for (const SourceRef& s : BuiltinCatalog().sources)
        found = found || (s.code == code && s.citation.find("https://") != std::string::npos);
      EXPECT_TRUE(found) << f.topic << " cites " << code;
      at = end + 1;
    }
  }
  for (const char* t : {"compute", "memory_qos", "fault_isolation", "busy_neighbour", "p2p_nvlink", "reconfiguration",
                        "cuda_features", "max_clients"})
    EXPECT_EQ(topics.count(t), 1u) << t;
}

TEST(MigSharing, TheFactsSayWhatTheGuidesSay) {
  for (const SharingFact& f : BuiltinCatalog().sharing) {
    if (f.topic == "p2p_nvlink") EXPECT_NE(f.mig.find("no P2P"), std::string::npos);
    if (f.topic == "reconfiguration") EXPECT_NE(f.mig.find("idle"), std::string::npos);
    if (f.topic == "max_clients") EXPECT_NE(f.mps.find("48"), std::string::npos);
    if (f.topic == "busy_neighbour") EXPECT_NE(f.mig.find("qualitative"), std::string::npos);  // says it is not measured
  }
}

TEST(MigSharing, BadFactsAreRefusedWithPointers) {
  std::vector<SharingFact> facts;
  Issues issues = MergeSharingJson(R"({"sharing": [{"topic": "x", "mig": "a", "mps": "b", "time_slicing": "c",
      "source": "S", "colour": 1}, {"topic": "y", "mig": 3}]})", facts);
  EXPECT_TRUE(facts.empty());
  auto has = [&](const char* path) {
    for (const Issue& i : issues) if (i.path == path) return true;
    return false;
  };
  EXPECT_TRUE(has("/sharing/0/colour"));
  EXPECT_TRUE(has("/sharing/1/mig"));
  EXPECT_TRUE(has("/sharing/1/source"));
  EXPECT_FALSE(MergeSharingJson(R"({"sharing": 5})", facts).empty());
}

TEST(MigSharing, CompareJsonListsFactsAndTheirSources) {
  const MigJsonResult r = MigCompareJson();
  ASSERT_TRUE(r.errors.empty());
  EXPECT_NE(r.text.find("\"fault_isolation\""), std::string::npos);
  EXPECT_NE(r.text.find("\"MPS-DOC\""), std::string::npos);
  EXPECT_EQ(r.text.find("not in the catalog"), std::string::npos);
}

}  // namespace
}  // namespace gpucfg
