// The catalog's field lists (core/catalog/catalog_fields.h): they cover every member of every
// entity, the kinds list names every array a document may hold, merging keys entries by their
// kKey fields, and the writer, the reader and the docs agree.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <tuple>
#include <vector>

#include "catalog/catalog_fields.h"
#include "test_util.h"

namespace gpucfg {
namespace {

using nlohmann::json;

// Where each listed member lies in its struct: sorted by offset, the members must tile the struct,
// leaving only alignment padding (a member the list forgot leaves a gap).
class Layout {
 public:
  explicit Layout(const void* base) : base_(static_cast<const char*>(base)) {}
  template <class T> void Text(const char*, T& x, std::string_view, Need = Need::kOptional) { Add(x); }
  template <class T> void Number(const char*, T& x, const char*, std::string_view, Need = Need::kOptional) { Add(x); }
  template <class T> void Integer(const char*, T& x, std::string_view, Need = Need::kOptional) { Add(x); }
  template <class T> void Flag(const char*, T& x, std::string_view) { Add(x); }
  template <class T> void Peaks(const char*, T& x, std::string_view) { Add(x); }
  template <class T, class Fn> void Record(const char*, T& x, Need, const char*, std::string_view, Fn&&) { Add(x); }
  template <class T> void Sources(const char*, T& x, std::string_view) { Add(x); }
  template <class T, class Fn> void Kind(const char*, const char*, T& x, Fn&&) { Add(x); }

  std::string Gaps(size_t size, size_t align) {
    std::sort(members_.begin(), members_.end());
    size_t end = 0;
    std::string out;
    for (auto [offset, len, member_align] : members_) {
      if (offset < end || offset - end >= member_align) out += "at " + std::to_string(end) + "; ";
      end = std::max(end, offset + len);
    }
    if (size - end >= align) out += "at the end " + std::to_string(end);
    return out;
  }

 private:
  template <class T> void Add(T& x) {
    members_.push_back({size_t(reinterpret_cast<const char*>(&x) - base_), sizeof(T), alignof(T)});
  }
  const char* base_;
  std::vector<std::tuple<size_t, size_t, size_t>> members_;
};

template <class T, class Visit>
std::string GapsOf(Visit visit) {
  T x{};
  Layout layout(&x);
  visit(layout, x);
  return layout.Gaps(sizeof(T), alignof(T));
}

TEST(CatalogFields, EveryMemberOfEveryEntityIsListed) {
  EXPECT_EQ(GapsOf<GpuSpec>([](auto& v, auto& x) { VisitGpuFields(v, x); }), "");
  EXPECT_EQ(GapsOf<InterconnectSpec>([](auto& v, auto& x) { VisitInterconnectFields(v, x); }), "");
  EXPECT_EQ(GapsOf<ModelPreset>([](auto& v, auto& x) { VisitModelFields(v, x); }), "");
  EXPECT_EQ(GapsOf<CurrencyPreset>([](auto& v, auto& x) { VisitCurrencyFields(v, x); }), "");
  EXPECT_EQ(GapsOf<GpuPrice>([](auto& v, auto& x) { VisitPriceFields(v, x); }), "");
  EXPECT_EQ(GapsOf<NetworkPreset>([](auto& v, auto& x) { VisitNetworkFields(v, x); }), "");
  EXPECT_EQ(GapsOf<NetworkLayer>([](auto& v, auto& x) { VisitNetworkLayerFields(v, x); }), "");
  // Every array of the Catalog is an entity kind (a new kind needs its line in VisitCatalogKinds),
  // or one of the three sections with a strict reader of their own (MergeCatalogJson runs them).
  EXPECT_EQ(GapsOf<Catalog>([](auto& v, auto& x) {
              VisitCatalogKinds(v, x);
              v.Kind("engines", "an engine profile", x.engines, 0);
              v.Kind("mig", "a MIG table", x.mig_tables, 0);
              v.Kind("sharing", "a sharing fact", x.sharing, 0);
            }),
            "");
}

TEST(CatalogFields, TheDocumentIsWrittenInTheKindsOrder) {
  json doc = json::parse(CatalogToJson(BuiltinCatalog()), nullptr, false);
  ASSERT_TRUE(doc.is_object());
  for (const char* kind : {"sources", "gpus", "interconnects", "models", "currencies", "prices", "servers",
                           "grids", "power_modes", "networks", "network_layers", "engines", "mig", "sharing"})
    EXPECT_TRUE(doc.contains(kind)) << kind;
  EXPECT_EQ(doc.size(), 15u);  // and schema_version
  std::string text = CatalogToJson(BuiltinCatalog());
  EXPECT_LT(text.find("\"currencies\""), text.find("\"prices\""));
}

TEST(CatalogFields, WrittenCatalogReadsBackToTheSameText) {
  const std::string text = CatalogToJson(BuiltinCatalog());
  Catalog copy;
  EXPECT_TRUE(MergeCatalogJson(text, copy).empty());
  EXPECT_EQ(CatalogToJson(copy), text);
  EXPECT_EQ(copy.gpus.size(), BuiltinCatalog().gpus.size());
}

TEST(CatalogFields, AnEntryIsWrittenAsInTheWholeCatalog) {
  json all = json::parse(CatalogToJson(BuiltinCatalog()), nullptr, false);
  const GpuSpec* g = FindGpu(BuiltinCatalog(), "H100-SXM5-80GB");
  ASSERT_NE(g, nullptr);
  json one = json::parse(CatalogEntryToJson(*g), nullptr, false);
  bool found = false;
  for (const json& j : all["gpus"]) found = found || j == one;
  EXPECT_TRUE(found);
}

TEST(CatalogFields, KeyFieldsDecideWhichEntryAMergeReplaces) {
  // A price is keyed by gpu and currency together: the USD price of the A100 is replaced (case
  // ignored), a EUR one is added beside it.
  Catalog c = BuiltinCatalog();
  const size_t prices = c.prices.size();
  Issues issues = MergeCatalogJson(R"({"schema_version": 1, "prices": [
      {"gpu": "a100-sxm4-80gb", "currency": "usd", "per_gpu_hour": 7.25, "source": "T"},
      {"gpu": "A100-SXM4-80GB", "currency": "EUR", "per_gpu_hour": 3.5, "source": "T"}]})", c);
  EXPECT_TRUE(issues.empty()) << test::Dump(issues);
  EXPECT_EQ(c.prices.size(), prices + 1);
  EXPECT_EQ(FindPrice(c, "A100-SXM4-80GB", "USD")->per_gpu_hour, 7.25);
  EXPECT_EQ(FindPrice(c, "A100-SXM4-80GB", "EUR")->per_gpu_hour, 3.5);
}

TEST(CatalogFields, RequiredKeysOfNestedRecordsArePointedAt) {
  Catalog c;
  Issues issues = MergeCatalogJson(R"({"schema_version": 1, "models": [
      {"id": "ok", "source": "T", "arch": {"layers": 2, "hidden": 64, "heads": 2, "vocab": 100}},
      {"id": "bad", "source": "T", "arch": {"layers": 2, "hidden": 64, "heads": 2}}]})", c);
  ASSERT_EQ(issues.size(), 1u) << test::Dump(issues);
  EXPECT_EQ(issues[0].path, "/models/1/arch/vocab");
  EXPECT_EQ(issues[0].code, "missing_field");
  ASSERT_EQ(c.models.size(), 1u);  // the valid entry is kept
  EXPECT_EQ(c.models[0].name, "ok");  // the display name defaults to the id
}

TEST(CatalogFields, UnknownTopLevelKeysListTheKinds) {
  Catalog c;
  Issues issues = MergeCatalogJson(R"({"schema_version": 1, "racks": []})", c);
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].path, "/racks");
  EXPECT_NE(issues[0].message.find("gpus, interconnects, models, currencies, prices"), std::string::npos)
      << issues[0].message;
}

TEST(CatalogFields, MarkdownListsEveryKindAndKey) {
  const std::string md = CatalogFieldsMarkdown();
  EXPECT_NE(md.find("| `/gpus/*/id` | string |  | key |"), std::string::npos);
  EXPECT_NE(md.find("| `/gpus/*/hbm_gbps` | number | GB/s |  |"), std::string::npos);
  EXPECT_NE(md.find("| `/models/*/arch/vocab` | integer |  | required |"), std::string::npos);
  EXPECT_NE(md.find("| `/prices/*/currency` | string |  | key |"), std::string::npos);
  // Every key the written catalog holds has its row.
  json doc = json::parse(CatalogToJson(BuiltinCatalog()), nullptr, false);
  for (auto kind = doc.begin(); kind != doc.end(); ++kind) {
    if (!kind->is_array()) continue;
    for (const json& entry : *kind)
      for (auto key = entry.begin(); key != entry.end(); ++key)
        EXPECT_NE(md.find("`/" + kind.key() + "/*/" + key.key() + "`"), std::string::npos) << kind.key() << " " << key.key();
  }
}

}  // namespace
}  // namespace gpucfg
