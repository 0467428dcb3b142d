// The catalog's field lists as documentation: one markdown table of every key an entity kind may
// hold (`gpucfg schema --catalog`, the catalog table of docs/contract.md), walked from
// catalog_fields.h so a new field or kind is documented as soon as it is listed.
#include <string>
#include <string_view>

#include "catalog/catalog.h"
#include "catalog/catalog_fields.h"
#include "catalog/section_members.h"

namespace gpucfg {
namespace {

std::string_view NeedName(Need need) {
  switch (need) {
    case Need::kKey: return "key";
    case Need::kRequired: return "required";
    case Need::kOptional: return "";
  }
  return "";
}

class CatalogDoc {
 public:
  std::string out = "| key (JSON pointer) | type | unit | needed | meaning |\n|---|---|---|---|---|\n";

  void Text(const char* key, const std::string&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "string", "", need, doc);
  }
  void Number(const char* key, const double&, const char* unit, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "number", unit, need, doc);
  }
  void Integer(const char* key, const int&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "integer", "", need, doc);
  }
  void Flag(const char* key, const bool&, std::string_view doc) { Row(key, "boolean", "", Need::kOptional, doc); }
  void Peaks(const char* key, const std::array<PeakRate, kPrecisionCount>&, std::string_view doc) {
    Row(key, "object", "TFLOP/s", Need::kOptional, doc);
  }
  template <class T, class Fn>
  void Record(const char* key, const T& x, Need need, const char*, std::string_view doc, Fn&& fn) {
    Row(key, "object", "", need, doc);
    Nest("/" + std::string(key), [&] { fn(*this, x); });
  }
  void Sources(const char* key, const std::vector<SourceRef>&, std::string_view doc) {
    Row(key, "object", "", Need::kOptional, doc);
  }
  template <class T, class Fn>
  void Kind(const char* key, const char* what, const std::vector<T>&, Fn&& fn) {
    Row(key, "array", "", Need::kOptional, std::string("entries, each ") + what);
    static const T defaults{};
    Nest("/" + std::string(key) + "/*", [&] { fn(*this, defaults); });
  }

 private:
  void Row(const char* key, std::string_view type, std::string_view unit, Need need, std::string_view doc) {
    std::string meaning;
    for (char c : doc) {
      if (c == '|') meaning += '\\';  // keep a `|` inside its cell
      meaning += c;
    }
    out += "| `" + prefix_ + "/" + key + "` | " + std::string(type) + " | " + std::string(unit) + " | " +
           std::string(NeedName(need)) + " | " + meaning + " |\n";
  }
 public:
  // The sections with readers of their own (section_members.h): a(key, member, doc[, need]).
  void operator()(const char* key, const std::string&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "string", "", need, doc);
  }
  void operator()(const char* key, const double&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "number", "", need, doc);
  }
  void operator()(const char* key, const int&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "integer", "", need, doc);
  }
  void operator()(const char* key, const bool&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "boolean", "", need, doc);
  }
  void operator()(const char* key, const std::vector<int>&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "array of integers", "", need, doc);
  }
  void operator()(const char* key, const std::vector<std::string>&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "array of strings", "", need, doc);
  }
  template <class T, std::size_t N>
  void operator()(const char* key, const T (&)[N], std::string_view doc, Need need = Need::kOptional) {
    Row(key, "object", "", need, doc);
    static const T defaults{};
    Nest("/" + std::string(key) + "/*", [&] { SectionMembers(*this, defaults); });
  }
  template <class T>
  void operator()(const char* key, const std::vector<T>&, std::string_view doc, Need need = Need::kOptional) {
    Row(key, "array", "", need, doc);
    static const T defaults{};
    Nest("/" + std::string(key) + "/*", [&] { SectionMembers(*this, defaults); });
  }

 private:
  template <class Fn>
  void Nest(const std::string& segment, Fn&& fn) {
    const std::string saved = prefix_;
    prefix_ += segment;
    fn();
    prefix_ = saved;
  }
  std::string prefix_;
};

}  // namespace

std::string CatalogFieldsMarkdown() {
  static const Catalog kNone;
  CatalogDoc doc;
  VisitCatalogKinds(doc, kNone);
  VisitCatalogSections(doc, kNone);
  return doc.out;
}

}  // namespace gpucfg
