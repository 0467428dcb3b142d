// The report's field list as documentation: the markdown table of docs/contract.md
// (`gpucfg schema --report`) and DescribeReportField for the page's hover text. Both walk
// report_fields.h over a default report, so every key the writer can emit is listed.
#include <string>
#include <string_view>

#include "contract/report_fields.h"
#include "contract/report_json.h"

namespace gpucfg {
namespace {

// Calls row(pointer, type, unit, doc) for every object, array and field, array items as `/*`.
template <class Row>
class FieldWalker {
 public:
  explicit FieldWalker(Row& row) : row_(row) {}

  void Field(std::string_view name, const double&, std::string_view unit, std::string_view doc) {
    Emit(name, "number", unit, doc);
  }
  void Field(std::string_view name, const int&, std::string_view unit, std::string_view doc) {
    Emit(name, "integer", unit, doc);
  }
  void Field(std::string_view name, const bool&, std::string_view doc) { Emit(name, "boolean", "", doc); }
  void Field(std::string_view name, const std::string_view&, std::string_view doc) {
    Emit(name, "string", "", doc);
  }
  void Optional(std::string_view name, const std::string_view&, std::string_view doc) {
    Emit(name, "string", "", doc);
  }
  template <class E, class Fn>
  void Enum(std::string_view name, const E&, Fn&&, std::string_view doc) {
    Emit(name, "string", "", doc);
  }
  template <class Fn>
  void Derived(std::string_view name, Fn&&, std::string_view doc) {
    Emit(name, "string", "", doc);
  }
  template <class T>
  void Hidden(const T&) {}
  template <class T, class Fn>
  void Record(std::string_view name, std::string_view doc, const T& x, Fn&& fn) {
    Section(name, doc, [&] { fn(x); });
  }
  template <class Fn>
  void Section(std::string_view name, std::string_view doc, Fn&& fn) {
    Emit(name, "object", "", doc);
    Nest("/" + std::string(name), fn);
  }
  template <class T, class Fn>
  void Inline(const T& x, Fn&& fn) {
    fn(x);
  }
  template <class A, class Fn>
  void List(std::string_view name, std::string_view doc, const A& items, const int&, Fn&& fn) {
    Emit(name, "array", "", doc);
    Nest("/" + std::string(name) + "/*", [&] { fn(items[0]); });
  }

 private:
  void Emit(std::string_view name, std::string_view type, std::string_view unit, std::string_view doc) {
    row_(prefix_ + "/" + std::string(name), type, unit, doc);
  }
  template <class Fn>
  void Nest(const std::string& segment, Fn&& fn) {
    const std::string saved = prefix_;
    prefix_ += segment;
    fn();
    prefix_ = saved;
  }
  Row& row_;
  std::string prefix_;
};

const Report& DefaultReport() {
  static const Report report{};
  return report;
}

template <class Row>
void WalkReport(Row& row) {
  FieldWalker<Row> walker(row);
  VisitReportFields(walker, DefaultReport());
}

std::string MarkdownTable(void (*walk)(std::string&)) {
  std::string out = "| field (JSON pointer) | type | unit | meaning |\n|---|---|---|---|\n";
  walk(out);
  return out;
}

// A table row; a `|` inside the meaning is escaped so it stays in its cell.
void AddRow(std::string& out, const std::string& pointer, std::string_view type, std::string_view unit,
            std::string_view doc) {
  std::string meaning;
  for (char c : doc) {
    if (c == '|') meaning += '\\';
    meaning += c;
  }
  out += "| `" + pointer + "` | " + std::string(type) + " | " + std::string(unit) + " | " + meaning + " |\n";
}

// "/memory/fixes/12/code" -> "/memory/fixes/*/code": array indices as the table writes them.
std::string NormalisePointer(std::string_view pointer) {
  std::string out;
  size_t i = 0;
  while (i < pointer.size()) {
    const size_t next = pointer.find('/', i + 1);
    const std::string_view segment =
        pointer.substr(i, next == std::string_view::npos ? std::string_view::npos : next - i);
    const bool index =
        segment.size() > 1 && segment.find_first_not_of("0123456789", 1) == std::string_view::npos;
    out += index ? std::string_view("/*") : segment;
    if (next == std::string_view::npos) break;
    i = next;
  }
  return out;
}

}  // namespace

std::string ReportFieldsMarkdown() {
  return MarkdownTable([](std::string& out) {
    auto row = [&out](const std::string& p, std::string_view t, std::string_view u, std::string_view d) {
      AddRow(out, p, t, u, d);
    };
    WalkReport(row);
  });
}

std::string CollectiveFieldsMarkdown() {
  return MarkdownTable([](std::string& out) {
    auto row = [&out](const std::string& p, std::string_view t, std::string_view u, std::string_view d) {
      AddRow(out, p, t, u, d);
    };
    FieldWalker<decltype(row)> walker(row);
    static const CollectiveResult defaults{};
    VisitCollectiveFields(walker, defaults);
  });
}

ReportFieldInfo DescribeReportField(std::string_view pointer) {
  const std::string wanted = NormalisePointer(pointer);
  ReportFieldInfo info;
  auto row = [&](const std::string& p, std::string_view type, std::string_view unit, std::string_view doc) {
    if (!info.found && p == wanted) info = {true, type, unit, doc};
  };
  WalkReport(row);
  return info;
}

}  // namespace gpucfg
