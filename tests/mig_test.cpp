// Tests of core/mig: the MIG profile tables in data/mig_profiles.json, validation by placement
// (every multiset of every table's profiles judged against the layouts NVIDIA documents), the
// guide's impossible layout, and closest layouts. Figures: shared/reference/mig-profiles.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/mig_catalog.h"
#include "mig/placement.h"

namespace gpucfg {
extern const char* const kBuiltinCatalogDocuments[];
extern const int kBuiltinCatalogDocumentCount;
}  // namespace gpucfg

namespace gpucfg {
namespace {

const MigTable& Table(std::string_view gpu) {
  const MigTable* t = FindMigTable(BuiltinCatalog().mig_tables, gpu);
  EXPECT_NE(t, nullptr) << gpu;
  static const MigTable kEmpty;
  return t != nullptr ? *t : kEmpty;
}

std::vector<int> Profiles(const MigTable& t, std::initializer_list<const char*> names) {
  std::vector<int> v;
  for (const char* n : names) {
    const int p = FindMigProfile(t, n);
    EXPECT_GE(p, 0) << n << " on " << t.table;
    if (p >= 0) v.push_back(p);
  }
  return v;
}

// The generic class of a profile (shared/reference/mig-profiles.md §4): 1g (one memory slice,
// "+me" counted separately), 1gM (one compute slice, two memory slices), then 2g, 3g, 4g, 7g.
std::string ClassOf(const MigProfile& p) {
  if (p.media_extensions) return "me" + std::to_string(p.compute_slices);
  if (p.compute_slices == 1 && p.memory_slices == 2) return "1gM";
  return std::to_string(p.compute_slices) + "g";
}

using ClassCounts = std::map<std::string, int>;

ClassCounts Classes(const MigTable& t, const MigCounts& c) {
  ClassCounts out;
  for (size_t i = 0; i < c.size(); ++i)
    if (c[i] > 0) out[ClassOf(t.profiles[i])] += c[i];
  return out;
}

ClassCounts Parse(const std::string& s) {  // "4g 2g 1g 1g"
  ClassCounts out;
  size_t a = 0;
  while (a < s.size()) {
    size_t b = s.find(' ', a);
    if (b == std::string::npos) b = s.size();
    ++out[s.substr(a, b - a)];
    a = b + 1;
  }
  return out;
}

// The 28 maximal layouts of a 7-slice GPU, as listed in shared/reference/mig-profiles.md §4
// (NVIDIA's "Profiles on A100/H100/H200" lattice in the MIG User Guide).
const std::vector<std::string> kMaximal7 = {
    "7g", "4g 3g", "4g 2g 1gM", "4g 2g 1g", "4g 1gM 1gM", "4g 1gM 1g 1g", "4g 1g 1g 1g",
    "3g 3g", "3g 2g 2g", "3g 2g 1gM", "3g 2g 1g 1g", "3g 1gM 1gM", "3g 1gM 1g 1g", "3g 1g 1g 1g 1g",
    "2g 2g 2g 1gM", "2g 2g 2g 1g", "2g 2g 1gM 1gM", "2g 2g 1gM 1g 1g", "2g 2g 1g 1g 1g",
    "2g 1gM 1gM 1gM", "2g 1gM 1gM 1g 1g", "2g 1gM 1g 1g 1g 1g", "2g 1g 1g 1g 1g 1g",
    "1gM 1gM 1gM 1gM", "1gM 1gM 1gM 1g 1g", "1gM 1gM 1g 1g 1g 1g", "1gM 1g 1g 1g 1g 1g 1g",
    "1g 1g 1g 1g 1g 1g 1g"};
const std::vector<std::string> kMaximalA30 = {"4g", "2g 2g", "2g 1g 1g", "1g 1g 1g 1g"};

// The documented oracle: a layout is valid iff it holds at most one "+me" instance and, with that
// instance counted as its plain class, it is contained in some documented maximal layout.
bool DocumentedValid(const ClassCounts& c, const std::vector<std::string>& maximal) {
  ClassCounts plain;
  int me = 0;
  for (const auto& [k, n] : c) {
    if (k.rfind("me", 0) == 0) {
      me += n;
      plain[k.substr(2) + "g"] += n;  // "me1" -> "1g", "me2" -> "2g"
    } else {
      plain[k] += n;
    }
  }
  if (me > 1) return false;
  for (const std::string& m : maximal) {
    const ClassCounts mc = Parse(m);
    bool inside = true;
    for (const auto& [k, n] : plain) inside = inside && n <= (mc.count(k) ? mc.at(k) : 0);
    if (inside) return true;
  }
  return false;
}

bool HasMe(const ClassCounts& c) {
  for (const auto& [k, n] : c)
    if (k.rfind("me", 0) == 0) return true;
  return false;
}

// Every count vector up to each profile's max_instances.
void ForEachMultiset(const MigTable& t, size_t p, MigCounts& c, const std::function<void(const MigCounts&)>& f) {
  if (p == t.profiles.size()) return f(c);
  for (int k = 0; k <= t.profiles[p].max_instances; ++k) {
    c[p] = k;
    ForEachMultiset(t, p + 1, c, f);
  }
  c[p] = 0;
}

// [SECTION] Data ---------------------------------------------------------------------------------

TEST(Mig, BuiltinTablesParseWithoutIssuesAndCiteKnownSources) {
  for (int i = 0; i < kBuiltinCatalogDocumentCount; ++i) {
    std::vector<MigTable> t;
    const Issues issues = MergeMigJson(kBuiltinCatalogDocuments[i], t);
    for (const Issue& is : issues) ADD_FAILURE() << is.path << ": " << is.message;
  }
  const Catalog& c = BuiltinCatalog();
  for (const MigTable& t : BuiltinCatalog().mig_tables) {
    for (const MigProfile& p : t.profiles) {
      size_t a = 0;
      while (a <= p.source.size()) {
        size_t b = p.source.find(", ", a);
        if (b == std::string::npos) b = p.source.size();
        EXPECT_NE(FindSource(c, p.source.substr(a, b - a)), nullptr) << t.table << " " << p.name << " " << p.source;
        a = b + 2;
      }
    }
  }
}

TEST(Mig, EveryMigCapableCatalogGpuHasATable) {
  for (const GpuSpec& g : BuiltinCatalog().gpus) {
    const MigTable* t = FindMigTable(BuiltinCatalog().mig_tables, g.id);
    if (g.mig_max_instances == 0) {
      EXPECT_EQ(t, nullptr) << g.id;
      continue;
    }
    ASSERT_NE(t, nullptr) << g.id;
    EXPECT_EQ(t->max_instances, g.mig_max_instances) << g.id;
    EXPECT_EQ(t->profiles.empty(), t->status == "not_published") << g.id;
  }
  // China-market siblings carry their die's table, marked as such; unpublished parts say so.
  EXPECT_EQ(Table("A800-SXM4-80GB").status, "sibling");
  EXPECT_EQ(Table("A800-SXM4-80GB").sibling, "A100-80GB");
  EXPECT_EQ(Table("H800-SXM5-80GB").sibling, "H100-80GB-SXM");
  EXPECT_EQ(Table("A800-PCIe-40GB").sibling, "A100-40GB");
  EXPECT_EQ(Table("H20-96GB").status, "not_published");
  EXPECT_TRUE(Table("H20-96GB").profiles.empty());
  EXPECT_EQ(CheckMigLayout(Table("H20-96GB"), {}).reason_code, "no_profiles");
}

TEST(Mig, ProfileFactsFromTheReference) {
  // A100 80GB: 1g.10gb = 1 compute + 1 memory slice, 14 SMs, 7 per GPU at starts 0..6 (MIG-UG).
  const MigTable& a = Table("A100-SXM4-80GB");
  const MigProfile& p = a.profiles[FindMigProfile(a, "1g.10gb")];
  EXPECT_EQ(p.compute_slices, 1);
  EXPECT_EQ(p.memory_slices, 1);
  EXPECT_EQ(p.sms, 14);
  EXPECT_EQ(p.max_instances, 7);
  EXPECT_EQ(p.starts, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
  // On the A100 40GB the same name is the two-memory-slice profile: 4 per GPU at even starts.
  const MigTable& a40 = Table("A100-PCIe-40GB");
  const MigProfile& q = a40.profiles[FindMigProfile(a40, "1g.10gb")];
  EXPECT_EQ(q.memory_slices, 2);
  EXPECT_EQ(q.max_instances, 4);
  EXPECT_EQ(q.starts, (std::vector<int>{0, 2, 4, 6}));
  // H100 SXM vs PCIe: SMs per profile depend on the SKU (16 vs 14 for a 1g).
  EXPECT_EQ(Table("H100-SXM5-80GB").profiles[FindMigProfile(Table("H100-SXM5-80GB"), "1g.10gb")].sms, 16);
  EXPECT_EQ(Table("H100-PCIe-80GB").profiles[FindMigProfile(Table("H100-PCIe-80GB"), "1g.10gb")].sms, 14);
  // A30: 4 slots; 2g.12gb at 0 or 2.
  const MigTable& a30 = Table("A30-24GB");
  EXPECT_EQ(a30.memory_slots, 4);
  EXPECT_EQ(a30.profiles[FindMigProfile(a30, "2g.12gb")].starts, (std::vector<int>{0, 2}));
}

// [SECTION] Placement: every multiset, against the documented layouts -----------------------------

TEST(Mig, EveryMultisetOfEveryTableMatchesTheDocumentedLayouts) {
  int tables = 0;
  for (const MigTable& t : BuiltinCatalog().mig_tables) {
    if (t.profiles.empty()) continue;
    ++tables;
    const bool a30 = t.memory_slots == 4;
    const std::vector<std::string>& maximal = a30 ? kMaximalA30 : kMaximal7;
    int judged = 0, accepted = 0, accepted_plain = 0;
    MigCounts c(t.profiles.size(), 0);
    ForEachMultiset(t, 0, c, [&](const MigCounts& m) {
      int n = 0;
      for (int k : m) n += k;
      if (n == 0) return;
      ++judged;
      const ClassCounts cls = Classes(t, m);
      const MigCheck r = CheckMigLayout(t, InstancesOf(m));
      EXPECT_EQ(r.valid, DocumentedValid(cls, maximal)) << t.table << ": " << ::testing::PrintToString(LayoutNames(t, m))
                                                          << " " << r.reason;
      if (!r.valid) {
        EXPECT_FALSE(r.reason.empty());
        return;
      }
      ++accepted;
      if (!HasMe(cls)) ++accepted_plain;
      // The placement is concrete: allowed starts, no overlap, inside the GPU.
      std::vector<int> used(t.memory_slots, 0);
      for (const MigPlaced& pl : r.placement) {
        const MigProfile& p = t.profiles[pl.profile];
        EXPECT_NE(std::find(p.starts.begin(), p.starts.end(), pl.start), p.starts.end());
        for (int s = pl.start; s < pl.start + p.memory_slices; ++s) ASSERT_EQ(used.at(s)++, 0) << t.table;
      }
    });
    // 77 non-empty valid multisets of the plain classes on 7-slice GPUs, 9 on the A30 (§4).
    EXPECT_EQ(accepted_plain, a30 ? 9 : 77) << t.table;
    EXPECT_EQ(static_cast<int>(EnumerateMigLayouts(t).size()), accepted) << t.table;
    // Maximal layouts without "+me" are exactly the documented ones.
    std::set<ClassCounts> got, want;
    for (const MigCounts& m : MaximalMigLayouts(t)) {
      const ClassCounts cls = Classes(t, m);
      if (!HasMe(cls)) got.insert(cls);
    }
    for (const std::string& m : maximal) want.insert(Parse(m));
    EXPECT_EQ(got, want) << t.table;
    EXPECT_GT(judged, accepted);
  }
  EXPECT_GE(tables, 13);  // A100 40/80, A800 40/80, A30, H100 SXM/PCIe, H800 x2, H100 94, H800 NVL, H200, B200
}

TEST(Mig, NvidiaBalancedDefaultsAreValid) {
  // mig-parted / GPU Operator "all-balanced" (shared/reference/mig-profiles.md §4).
  EXPECT_TRUE(CheckMigLayout(Table("A100-SXM4-40GB"), Profiles(Table("A100-SXM4-40GB"), {"1g.5gb", "1g.5gb", "2g.10gb", "3g.20gb"})).valid);
  EXPECT_TRUE(CheckMigLayout(Table("A100-SXM4-80GB"), Profiles(Table("A100-SXM4-80GB"), {"1g.10gb", "1g.10gb", "2g.20gb", "3g.40gb"})).valid);
  EXPECT_TRUE(CheckMigLayout(Table("H100-NVL-94GB"), Profiles(Table("H100-NVL-94GB"), {"1g.12gb", "1g.12gb", "2g.24gb", "3g.47gb"})).valid);
  EXPECT_TRUE(CheckMigLayout(Table("H200-SXM-141GB"), Profiles(Table("H200-SXM-141GB"), {"1g.18gb", "1g.18gb", "2g.35gb", "3g.71gb"})).valid);
  EXPECT_TRUE(CheckMigLayout(Table("A30-24GB"), Profiles(Table("A30-24GB"), {"1g.6gb", "1g.6gb", "2g.12gb"})).valid);
  EXPECT_TRUE(CheckMigLayout(Table("B200"), Profiles(Table("B200"), {"1g.23gb", "1g.23gb", "2g.45gb", "3g.90gb"})).valid);
  // The 3-2-1-1 layout: the 3g must sit at slot 4 (22113333), found by the search.
  const MigTable& a = Table("A100-SXM4-80GB");
  const MigCheck r = CheckMigLayout(a, Profiles(a, {"3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb"}));
  ASSERT_TRUE(r.valid);
  EXPECT_EQ(r.placement[0].start, 4);
}

TEST(Mig, GuideLayoutOnA100_80IsRefusedWithItsReasonAndClosestLayouts) {
  // The guide's "1 x 10GB + 2 x 20GB + 4 x 5GB" on an A100 80GB adds up to 70 GB of 80, yet cannot
  // exist: there is no 5 GB profile on the 80GB part, and with the smallest real profile (1g.10gb)
  // in its place the layout needs 1 + 2*2 + 4*1 = 9 compute slices of 7.
  const MigTable& a = Table("A100-SXM4-80GB");
  EXPECT_LT(FindMigProfile(a, "1g.5gb"), 0);
  const std::vector<int> req = Profiles(a, {"1g.10gb", "2g.20gb", "2g.20gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"});
  const MigCheck r = CheckMigLayout(a, req);
  EXPECT_FALSE(r.valid);
  EXPECT_EQ(r.reason_code, "compute_slices");
  EXPECT_NE(r.reason.find("9 of the GPU's 7"), std::string::npos) << r.reason;
  // Closest: drop one 2g.20gb (one change): 2g + 5 x 1g = 2211111. (7 compute slices).
  const std::vector<MigCounts> close = ClosestMigLayouts(a, CountsOf(a, req));
  ASSERT_FALSE(close.empty());
  EXPECT_EQ(LayoutChanges(close[0], CountsOf(a, req)), 1);
  EXPECT_EQ(LayoutNames(a, close[0]),
            (std::vector<std::string>{"2g.20gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"}));
  for (const MigCounts& c : close) EXPECT_TRUE(IsValidLayout(a, c));
  // Read "20GB" as the one-compute 1g.20gb instead: 1 + 2 + 4 = 7 compute slices fit, but memory
  // needs 1 + 2*2 + 4 = 9 slices of 8.
  const MigCheck m = CheckMigLayout(a, Profiles(a, {"1g.10gb", "1g.20gb", "1g.20gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb"}));
  EXPECT_EQ(m.reason_code, "memory_slices");
  // Counting gigabytes would have accepted both (70 GB of 80).
}

TEST(Mig, EachRuleHasItsReason) {
  const MigTable& a = Table("A100-SXM4-80GB");
  EXPECT_EQ(CheckMigLayout(a, Profiles(a, {"4g.40gb", "4g.40gb"})).reason_code, "count_limit");
  EXPECT_EQ(CheckMigLayout(a, Profiles(a, {"1g.10gb+me", "1g.10gb+me"})).reason_code, "count_limit");
  const MigTable& a30 = Table("A30-24GB");
  EXPECT_EQ(CheckMigLayout(a30, Profiles(a30, {"1g.6gb+me", "2g.12gb+me"})).reason_code, "media_extensions");
  EXPECT_EQ(CheckMigLayout(a, Profiles(a, {"3g.40gb", "3g.40gb", "1g.10gb"})).reason_code, "memory_slices");
  EXPECT_EQ(CheckMigLayout(a, Profiles(a, {"7g.80gb", "1g.10gb"})).reason_code, "compute_slices");
  // Slot 7 carries memory only: seven 1-slice instances plus nothing else fit, and the slices of
  // 1g.20gb + six 1g.10gb (7 compute, 8 memory) fit only with the 1g.20gb at slot 6.
  const MigCheck r = CheckMigLayout(a, Profiles(a, {"1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.20gb"}));
  ASSERT_TRUE(r.valid);
  EXPECT_EQ(r.placement[6].start, 6);
}

}  // namespace
}  // namespace gpucfg
