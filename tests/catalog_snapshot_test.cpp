// The compiled-in catalog snapshot (core/catalog/catalog_snapshot.h) against the JSON documents it
// is made from: the same catalog member for member, and a broken image refused, never misread.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "catalog/builtin_documents.h"
#include "catalog/catalog_snapshot.h"

namespace gpucfg {
namespace {

TEST(CatalogSnapshot, TheBuiltInImageIsTheCatalogOfTheDocuments) {
  const Catalog from_documents = BuiltinCatalogFromDocuments();
  ASSERT_GT(from_documents.gpus.size(), 30u);
  ASSERT_FALSE(from_documents.engines.empty());
  ASSERT_FALSE(from_documents.mig_tables.empty());
  ASSERT_FALSE(from_documents.sharing.empty());
  EXPECT_TRUE(BuiltinCatalog() == from_documents);
#ifdef __EMSCRIPTEN__
  EXPECT_TRUE(BuiltinCatalogSnapshot().empty());  // a wasm build reads the documents
#else
  ASSERT_FALSE(BuiltinCatalogSnapshot().empty());
  Catalog from_image;
  ASSERT_TRUE(ReadCatalogSnapshot(BuiltinCatalogSnapshot(), from_image));
  EXPECT_TRUE(from_image == from_documents);
  // The image is exactly what this build's writer makes of the documents (not a stale one).
  EXPECT_EQ(CatalogSnapshot(from_documents), std::string(BuiltinCatalogSnapshot()));
#endif
}

TEST(CatalogSnapshot, RoundTripsEveryMemberOfASiteCatalog) {
  Catalog c = BuiltinCatalogFromDocuments();
  // Values the data does not hold: a member the snapshot forgot would come back as its default.
  c.gpus[0].sms = 12345, c.gpus[0].peak_tflops[1].sparse = 7.25, c.gpus[0].verification = "x";
  c.engines[0].attention[5].kernel = "site-kernel", c.engines[0].host_step_serial = !c.engines[0].host_step_serial;
  c.mig_tables[0].profiles[0].starts = {0, 4, 9};
  c.models[0].arch.top_k = 3;
  c.sharing[0].time_slicing = "中文 text";
  Catalog back;
  ASSERT_TRUE(ReadCatalogSnapshot(CatalogSnapshot(c), back));
  EXPECT_TRUE(back == c);
  EXPECT_FALSE(back == BuiltinCatalogFromDocuments());
}

// The other way out of the catalog: CatalogToJson writes every section (engines, MIG tables and
// sharing facts too) in the schema the loader reads, so the text merges back into the same catalog.
TEST(CatalogJson, WritesEverySectionAndReadsBackTheSameCatalog) {
  const Catalog& builtin = BuiltinCatalog();
  Catalog back;
  const Issues issues = MergeCatalogJson(CatalogToJson(builtin), back);
  EXPECT_TRUE(issues.empty()) << issues.front().path << ": " << issues.front().message;
  EXPECT_EQ(back.engines.size(), builtin.engines.size());
  EXPECT_EQ(back.mig_tables.size(), builtin.mig_tables.size());
  EXPECT_EQ(back.sharing.size(), builtin.sharing.size());
  EXPECT_TRUE(back == builtin);
}

TEST(CatalogSnapshot, ABrokenImageIsRefusedAndLeavesNothing) {
  const std::string image = CatalogSnapshot(BuiltinCatalogFromDocuments());
  Catalog out;
  EXPECT_FALSE(ReadCatalogSnapshot("", out));
  EXPECT_FALSE(ReadCatalogSnapshot("not an image", out));
  EXPECT_FALSE(ReadCatalogSnapshot(image + "x", out));  // trailing bytes
  EXPECT_TRUE(out == Catalog{});
  // Cut short anywhere: refused (every length near the start, then a sample of the rest).
  std::mt19937 rng(34);
  for (int i = 0; i < 400; ++i) {
    const std::size_t cut = i < 200 ? std::size_t(i) : std::uniform_int_distribution<std::size_t>(0, image.size() - 1)(rng);
    EXPECT_FALSE(ReadCatalogSnapshot(std::string_view(image).substr(0, cut), out)) << cut;
    EXPECT_TRUE(out.gpus.empty());
  }
  // A count or length byte overwritten with a huge value: refused before it could allocate.
  for (int i = 0; i < 200; ++i) {
    std::string bad = image;
    const std::size_t at = std::uniform_int_distribution<std::size_t>(0, bad.size() - 4)(rng);
    bad[at] = bad[at + 1] = bad[at + 2] = bad[at + 3] = '\xff';
    Catalog c;
    ReadCatalogSnapshot(bad, c);  // may read other values back; must stay within the bytes
  }
}

}  // namespace
}  // namespace gpucfg
