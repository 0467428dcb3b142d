// The report's field list (core/contract/report_fields.h): it covers every member of the report's
// structs, the reset it drives leaves a reused section as a fresh one, every key a report emits
// is described, and the CLI's records use the report's names and rounding.
#include "contract/report_fields.h"

#include <algorithm>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <vector>

#include "contract/report_json.h"
#include "test_util.h"

namespace gpucfg {
namespace {

using nlohmann::json;

// [SECTION] Every struct member is in the field list ---------------------------------------------

// Records where each visited member lies in its struct, to find members the list forgot: sorted by
// offset, the members must tile the struct, leaving only alignment padding between them.
class LayoutChecker {
 public:
  explicit LayoutChecker(const void* base) : base_(static_cast<const char*>(base)) {}
  template <class T>
  void Field(std::string_view, T& x, std::string_view, std::string_view) {
    Add(x);
  }
  template <class T>
  void Field(std::string_view, T& x, std::string_view) {
    Add(x);
  }
  void Optional(std::string_view, std::string_view& x, std::string_view) { Add(x); }
  template <class E, class Fn>
  void Enum(std::string_view, E& x, Fn&&, std::string_view) {
    Add(x);
  }
  template <class Fn>
  void Derived(std::string_view, Fn&&, std::string_view) {}
  template <class T>
  void Hidden(T& x) {
    Add(x);
  }
  template <class T, class Fn>
  void Record(std::string_view, std::string_view, T& x, Fn&&) {
    Add(x);
  }
  template <class T, class Fn>
  void Inline(T& x, Fn&&) {
    Add(x);
  }
  template <class Fn>
  void Section(std::string_view, std::string_view, Fn&& fn) {
    fn();
  }
  template <class A, class Fn>
  void List(std::string_view, std::string_view, A& items, int& count, Fn&&) {
    Add(items);
    Add(count);
  }

  // "" when the visited members cover the struct; else where the gap is.
  std::string Gaps(size_t struct_size, size_t struct_align) {
    std::sort(members_.begin(), members_.end(),
              [](const Member& a, const Member& b) { return a.offset < b.offset; });
    size_t end = 0;
    std::string out;
    for (const Member& m : members_) {
      if (m.offset < end)
        out += "overlap at " + std::to_string(m.offset) + "; ";
      else if (m.offset - end >= m.align)
        out += "gap " + std::to_string(end) + ".." + std::to_string(m.offset) + "; ";
      end = std::max(end, m.offset + m.size);
    }
    if (struct_size - end >= struct_align)
      out += "gap at the end " + std::to_string(end) + ".." + std::to_string(struct_size);
    return out;
  }

 private:
  struct Member {
    size_t offset, size, align;
  };
  template <class T>
  void Add(T& x) {
    members_.push_back({size_t(reinterpret_cast<const char*>(&x) - base_), sizeof(T), alignof(T)});
  }
  const char* base_;
  std::vector<Member> members_;
};

template <class T, class Visit>
std::string GapsOf(Visit visit) {
  T x{};
  LayoutChecker checker(&x);
  visit(checker, x);
  return checker.Gaps(sizeof(T), alignof(T));
}

TEST(ReportFields, EveryMemberOfEveryRecordIsListed) {
  // A member added to one of these structs and not to report_fields.h leaves a gap here.
  EXPECT_EQ(GapsOf<ResolvedSetup>([](auto& v, auto& x) { VisitSetupFields(v, x); }), "");
  EXPECT_EQ(GapsOf<MemoryBreakdown>([](auto& v, auto& x) { VisitMemoryBreakdownFields(v, x); }), "");
  EXPECT_EQ(GapsOf<MemoryFix>([](auto& v, auto& x) { VisitMemoryFixFields(v, x); }), "");
  EXPECT_EQ(GapsOf<MemoryReport>([](auto& v, auto& x) { VisitMemoryFields(v, x); }), "");
  EXPECT_EQ(GapsOf<StepBreakdown>([](auto& v, auto& x) { VisitStepBreakdownFields(v, x); }), "");
  EXPECT_EQ(GapsOf<ScalingPoint>([](auto& v, auto& x) { VisitScalingPointFields(v, x); }), "");
  EXPECT_EQ(GapsOf<RooflineCeiling>([](auto& v, auto& x) { VisitRooflineCeilingFields(v, x); }), "");
  EXPECT_EQ(GapsOf<RooflinePoint>([](auto& v, auto& x) { VisitRooflinePointFields(v, x); }), "");
  EXPECT_EQ(GapsOf<PerformanceReport>([](auto& v, auto& x) { VisitPerformanceFields(v, x); }), "");
  EXPECT_EQ(GapsOf<PowerReport>([](auto& v, auto& x) { VisitPowerFields(v, x); }), "");
  EXPECT_EQ(GapsOf<CostReport>([](auto& v, auto& x) { VisitCostFields(v, x); }), "");
  EXPECT_EQ(GapsOf<Warning>([](auto& v, auto& x) { VisitWarningFields(v, x); }), "");
  EXPECT_EQ(GapsOf<CollectiveResult>([](auto& v, auto& x) { VisitCollectiveFields(v, x); }), "");
}

TEST(ReportFields, TheLayoutCheckerSeesAForgottenMember) {
  struct Two {
    double a = 0, forgotten = 0;
  };
  std::string gaps = GapsOf<Two>([](auto& v, auto& x) { v.Field("a", x.a, "", ""); });
  EXPECT_NE(gaps, "");
}

// [SECTION] Reset ---------------------------------------------------------------------------------

// Writes a non-default value into every field the list reaches, and two items into every list.
struct Scribbler {
  template <class T>
  void Field(std::string_view, T& x, std::string_view, std::string_view) {
    x = T(7);
  }
  void Field(std::string_view, bool& x, std::string_view) { x = true; }
  void Field(std::string_view, std::string_view& x, std::string_view) { x = "scribbled"; }
  void Optional(std::string_view, std::string_view& x, std::string_view) { x = "scribbled"; }
  template <class E, class Fn>
  void Enum(std::string_view, E& x, Fn&&, std::string_view) {
    x = E(1);
  }
  template <class Fn>
  void Derived(std::string_view, Fn&&, std::string_view) {}
  template <class T>
  void Hidden(T& x) {
    x = T(7);
  }
  template <class T, class Fn>
  void Record(std::string_view, std::string_view, T& x, Fn&& fn) {
    fn(x);
  }
  template <class T, class Fn>
  void Inline(T& x, Fn&& fn) {
    fn(x);
  }
  template <class Fn>
  void Section(std::string_view, std::string_view, Fn&& fn) {
    fn();
  }
  template <class A, class Fn>
  void List(std::string_view, std::string_view, A& items, int& count, Fn&& fn) {
    count = 2;
    fn(items[0]);
    fn(items[1]);
  }
};

TEST(ReportFields, ResetMemoryReportGivesAFreshSection) {
  Report dirty, fresh;
  Scribbler s;
  VisitMemoryFields(s, dirty.memory);
  ASSERT_NE(ReportToJson(dirty), ReportToJson(fresh));
  ResetMemoryReport(dirty.memory);
  EXPECT_EQ(ReportToJson(dirty), ReportToJson(fresh));
  EXPECT_EQ(dirty.memory.parameters, 0);  // hidden: not in the document, reset all the same
  // The fixes the dirty report held are cleared, not only forgotten.
  dirty.memory.fix_count = fresh.memory.fix_count = 2;
  EXPECT_EQ(ReportToJson(dirty), ReportToJson(fresh));
}

TEST(ReportFields, ResetPerformanceScalarsLeavesThePointsToTheCaller) {
  Report dirty, fresh;
  Scribbler s;
  VisitPerformanceFields(s, dirty.performance);
  ResetPerformanceScalars(dirty.performance);
  EXPECT_EQ(ReportToJson(dirty), ReportToJson(fresh));
  EXPECT_EQ(dirty.performance.scaling_count, 0);
  // The speed model clears the stale points itself, after computing (ComputePerformanceInto).
  EXPECT_EQ(dirty.performance.scaling[1].gpus, 7);
}

TEST(ReportFields, AReusedReportEndsAsAFreshOne) {
  // Training with fixes and a long curve, then inference, then a short training job.
  const char* names[] = {"13b-a100-oom", "gpt3-175b", "edge-orin", "default"};
  Report reused;
  for (const char* name : names) {
    Scenario s = test::Example(name);
    EvaluateInto(s, BuiltinCatalog(), reused);
    EXPECT_EQ(ReportToJson(reused), ReportToJson(Evaluate(s))) << name;
  }
}

// [SECTION] Descriptions --------------------------------------------------------------------------

void Pointers(const json& j, const std::string& at, std::vector<std::string>& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      out.push_back(at + "/" + it.key());
      Pointers(it.value(), at + "/" + it.key(), out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) Pointers(j[i], at + "/" + std::to_string(i), out);
  }
}

TEST(ReportFields, EveryKeyOfEveryExampleReportIsDescribed) {
  int keys = 0;
  for (const auto& e : ExampleNames()) {
    json doc =
        json::parse(ReportToJson(Evaluate(test::Example(std::string(e.name).c_str()))), nullptr, false);
    std::vector<std::string> pointers;
    Pointers(doc, "", pointers);
    for (const std::string& p : pointers) {
      ReportFieldInfo info = DescribeReportField(p);
      EXPECT_TRUE(info.found) << e.name << ": " << p;
      EXPECT_FALSE(info.doc.empty()) << p;
      ++keys;
    }
  }
  EXPECT_GT(keys, 1000);
}

TEST(ReportFields, DescribeNamesUnitAndMeaning) {
  ReportFieldInfo mfu = DescribeReportField("/performance/mfu");
  ASSERT_TRUE(mfu.found);
  EXPECT_EQ(mfu.type, "number");
  EXPECT_EQ(mfu.unit, "fraction");
  EXPECT_NE(mfu.doc.find("PaLM"), std::string_view::npos);
  // Array items by index or by `*`.
  EXPECT_EQ(DescribeReportField("/memory/fixes/11/saves_gib").unit, "GiB");
  EXPECT_EQ(DescribeReportField("/memory/fixes/*/saves_gib").unit, "GiB");
  EXPECT_EQ(DescribeReportField("/performance/roofline/points/3/intensity").unit, "FLOP/byte");
  EXPECT_EQ(DescribeReportField("/performance/scaling/0/gpus").type, "integer");
  EXPECT_EQ(DescribeReportField("/memory/fixes").type, "array");
  EXPECT_EQ(DescribeReportField("/power").type, "object");
  EXPECT_EQ(DescribeReportField("/warnings/0/message").type, "string");
  EXPECT_FALSE(DescribeReportField("/performance/no_such_key").found);
  EXPECT_FALSE(DescribeReportField("").found);
  EXPECT_FALSE(DescribeReportField("/memory/fixes/x1/code").found);
}

TEST(ReportFields, MarkdownHasOneRowPerDescribedKey) {
  std::string md = ReportFieldsMarkdown();
  EXPECT_NE(md.find("| `/performance/roofline/points/*/compute_bound` | boolean |  |"), std::string::npos);
  EXPECT_NE(md.find("| `/cost/per_hour` | number | currency/h |"), std::string::npos);
  EXPECT_EQ(md.find("/memory/parameters"), std::string::npos);  // hidden members stay out
  EXPECT_EQ(md.find("/warnings/*/value"), std::string::npos);
}

// [SECTION] Records on their own ------------------------------------------------------------------

TEST(ReportFields, RecordsAreWrittenAsInTheReport) {
  Report r = Evaluate(test::Example("default"));
  json doc = json::parse(ReportToJson(r), nullptr, false);
  json ceiling = doc["performance"]["roofline"];
  ceiling.erase("points");
  EXPECT_EQ(RecordToJson(r.performance.ceiling), ceiling);
  ASSERT_GT(r.performance.roofline_count, 0);
  EXPECT_EQ(RecordToJson(r.performance.roofline[0]), doc["performance"]["roofline"]["points"][0]);
  ASSERT_GT(r.performance.scaling_count, 0);
  EXPECT_EQ(RecordToJson(r.performance.scaling[0]), doc["performance"]["scaling"][0]);
}

TEST(ReportFields, NumbersAreRoundedToSixSignificantDigits) {
  RooflinePoint p;
  p.flops = 123456789.0;  // -> 1.23457e8
  p.intensity = 1.0 / 3;  // -> 0.333333
  json j = RecordToJson(p);
  EXPECT_EQ(j["flops"].get<double>(), 123457000.0);
  EXPECT_EQ(j["intensity"].get<double>(), 0.333333);
  EXPECT_EQ(j["compute_bound"], false);
}

}  // namespace
}  // namespace gpucfg
