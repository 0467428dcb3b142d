// Writes a Report as contract v1 JSON by visiting its field list (report_fields.h). Numbers are
// rounded to 6 significant digits: enough for any figure the models can defend, and it hides
// last-bit differences between platforms' libm, so the native CLI and the wasm module print
// byte-identical text.
#include "contract/report_json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>

#include "contract/json_io.h"
#include "contract/report_fields.h"

namespace gpucfg {

double RoundForReport(double x) {
  if (!std::isfinite(x) || x == 0.0) return std::isfinite(x) ? 0.0 : x;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return std::strtod(buf, nullptr);
}

namespace {

using nlohmann::json;

json Num(double x) {
  if (!std::isfinite(x)) return nullptr;  // never expected; null keeps the document valid
  return RoundForReport(x);
}

// The writer visitor: each field becomes a key of the current object.
class JsonWriter {
 public:
  explicit JsonWriter(json& out) : cur_(&out) {}

  void Field(std::string_view name, const double& x, std::string_view, std::string_view) {
    Put(name, Num(x));
  }
  void Field(std::string_view name, const int& x, std::string_view, std::string_view) { Put(name, x); }
  void Field(std::string_view name, const bool& x, std::string_view) { Put(name, x); }
  void Field(std::string_view name, const std::string_view& x, std::string_view) { Put(name, x); }
  void Optional(std::string_view name, const std::string_view& x, std::string_view) {
    if (!x.empty()) Put(name, x);
  }
  template <class E, class Fn>
  void Enum(std::string_view name, const E& x, Fn&& name_of, std::string_view) {
    Put(name, name_of(x));
  }
  template <class Fn>
  void Derived(std::string_view name, Fn&& text, std::string_view) {
    Put(name, text());
  }
  template <class T>
  void Hidden(const T&) {}
  template <class T, class Fn>
  void Record(std::string_view name, std::string_view, const T& x, Fn&& fn) {
    Put(name, Object([&] { fn(x); }));
  }
  template <class Fn>
  void Section(std::string_view name, std::string_view, Fn&& fn) {
    Put(name, Object(fn));
  }
  template <class T, class Fn>
  void Inline(const T& x, Fn&& fn) {
    fn(x);
  }
  template <class A, class Fn>
  void List(std::string_view name, std::string_view, const A& items, const int& count, Fn&& fn) {
    json out = json::array();
    for (int i = 0; i < count; ++i) out.push_back(Object([&] { fn(items[i]); }));
    Put(name, std::move(out));
  }

 private:
  template <class T>
  void Put(std::string_view name, T&& value) {
    (*cur_)[std::string(name)] = std::forward<T>(value);
  }
  template <class Fn>
  json Object(Fn&& fill) {
    json obj = json::object();
    json* saved = cur_;
    cur_ = &obj;
    fill();
    cur_ = saved;
    return obj;
  }
  json* cur_;
};

template <class Rec, class Visit>
json Write(const Rec& r, Visit visit) {
  json out = json::object();
  JsonWriter w(out);
  visit(w, r);
  return out;
}

}  // namespace

json RecordToJson(const RooflineCeiling& c) {
  return Write(c, [](JsonWriter& w, const RooflineCeiling& x) { VisitRooflineCeilingFields(w, x); });
}
json RecordToJson(const RooflinePoint& p) {
  return Write(p, [](JsonWriter& w, const RooflinePoint& x) { VisitRooflinePointFields(w, x); });
}
json RecordToJson(const ScalingPoint& p) {
  return Write(p, [](JsonWriter& w, const ScalingPoint& x) { VisitScalingPointFields(w, x); });
}
json RecordToJson(const CollectiveResult& c) {
  return Write(c, [](JsonWriter& w, const CollectiveResult& x) { VisitCollectiveFields(w, x); });
}

std::string ReportToJson(const Report& r, int indent) {
  // replace: a name typed on the page that is not UTF-8 must not abort the wasm module.
  return Write(r, [](JsonWriter& w, const Report& x) { VisitReportFields(w, x); })
      .dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace gpucfg
