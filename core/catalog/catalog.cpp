// The catalog: loads data/*.json documents (compiled in, or an operator's override text) into
// plain structs, validates them strictly (unknown keys, wrong types, negative numbers, missing
// id/source) and writes the catalog back out in the same schema. What the entities hold is
// catalog_fields.h's field lists; this file supplies the visitors that read and write them.
// Nothing here throws: the wasm build has exceptions disabled, so the JSON is parsed with
// exceptions off and every type checked.
#include "catalog/catalog.h"
#include "catalog/builtin_documents.h"
#include "catalog/catalog_fields.h"
#include "catalog/catalog_snapshot.h"
#include "catalog/section_members.h"
#include "catalog/sections_internal.h"
#include "base/json_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <utility>

namespace gpucfg {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr int kCatalogSchemaVersion = 1;

// [SECTION] Helpers ------------------------------------------------------------------------------

// RFC 6901: '~' and '/' inside a key must be escaped in a JSON pointer.
std::string PointerToken(std::string_view key) {
  std::string out;
  for (char ch : key) {
    if (ch == '~') out += "~0";
    else if (ch == '/') out += "~1";
    else out += ch;
  }
  return out;
}

std::string Child(const std::string& path, std::string_view key) {
  return path + "/" + PointerToken(key);
}

std::string Child(const std::string& path, std::size_t index) {
  return path + "/" + std::to_string(index);
}

const char* TypeName(const Json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_array()) return "an array";
  return "an object";
}

void AddIssue(Issues& issues, const char* code, std::string message, std::string path) {
  issues.push_back(Issue{code, std::move(message), std::move(path)});
}

void WrongType(Issues& issues, const Json& found, std::string_view expected, const std::string& path) {
  AddIssue(issues, "wrong_type",
           "expected " + std::string(expected) + " at " + path + ", found " + TypeName(found), path);
}

// Reads the fields of one JSON object, remembers which keys it asked for, and reports unknown,
// wrongly typed, negative and missing fields as issues with exact JSON pointers.
class FieldReader {
 public:
  FieldReader(const Json& object, std::string path, std::string_view what, Issues& issues)
      : object_(object), path_(std::move(path)), what_(what), issues_(issues),
        issues_before_(issues.size()) {}

  void Text(const char* key, std::string& out) {
    const Json* v = Find(key);
    if (v == nullptr) return;
    if (!v->is_string()) return WrongType(issues_, *v, "a string", Child(path_, key));
    out = v->get_ref<const std::string&>();
  }

  // Non-negative number; `unit` names what is expected ("TFLOP/s", "GB/s").
  void Number(const char* key, double& out, const char* unit) {
    const Json* v = Find(key);
    if (v == nullptr) return;
    const std::string path = Child(path_, key);
    if (!v->is_number()) return WrongType(issues_, *v, std::string("a number in ") + unit, path);
    const double x = v->get<double>();  // safe: is_number() checked
    if (x < 0 || !std::isfinite(x)) return Negative(path);  // 1e400 parses to infinity
    if (x > kMaxCatalogNumber) return TooLarge(path);
    out = x;
  }

  void Integer(const char* key, int& out) {
    const Json* v = Find(key);
    if (v == nullptr) return;
    const std::string path = Child(path_, key);
    const double x = v->is_number() ? v->get<double>() : 0.5;  // 0.5: not a number, so not integral
    if (x != std::floor(x)) return WrongType(issues_, *v, "an integer", path);
    if (x < 0 || x > 2e9) return Negative(path);
    out = static_cast<int>(x);
  }

  void Flag(const char* key, bool& out) {
    const Json* v = Find(key);
    if (v == nullptr) return;
    if (!v->is_boolean()) return WrongType(issues_, *v, "true or false", Child(path_, key));
    out = v->get<bool>();
  }

  // A nested object; nullptr when absent or not an object (then an issue is recorded).
  const Json* Object(const char* key) {
    const Json* v = Find(key);
    if (v == nullptr) return nullptr;
    if (!v->is_object()) {
      WrongType(issues_, *v, "an object", Child(path_, key));
      return nullptr;
    }
    return v;
  }

  // Reports unknown keys and absent required ones; true when this object added no issue.
  bool Finish(std::initializer_list<const char*> required) {
    return Finish(std::vector<const char*>(required));
  }
  bool Finish(const std::vector<const char*>& required) {
    for (const char* key : required) {
      if (!object_.contains(key)) {
        AddIssue(issues_, "missing_field",
                 std::string(what_) + " needs \"" + key + "\" (every entry needs an id and a source)",
                 Child(path_, key));
      }
    }
    for (auto it = object_.begin(); it != object_.end(); ++it) {
      if (!Known(it.key())) {
        AddIssue(issues_, "unknown_key",
                 "unknown key \"" + it.key() + "\" in " + std::string(what_) + "; allowed: " + Allowed(),
                 Child(path_, it.key()));
      }
    }
    return issues_.size() == issues_before_;
  }

  const std::string& path() const { return path_; }

 private:
  const Json* Find(const char* key) {
    known_.push_back(key);
    auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }

  bool Known(const std::string& key) const {
    for (const char* k : known_) {
      if (key == k) return true;
    }
    return false;
  }

  std::string Allowed() const {
    std::string out;
    for (const char* k : known_) out += (out.empty() ? "" : ", ") + std::string(k);
    return out;
  }

  void Negative(const std::string& path) {
    AddIssue(issues_, "out_of_range", "expected a finite, non-negative value at " + path, path);
  }
  // No catalog figure comes near 1e15 (the largest, published_params, is ~1e12); past it the
  // models' products overflow to infinity (a judgement bound, hardening).
  static constexpr double kMaxCatalogNumber = 1e15;
  void TooLarge(const std::string& path) {
    AddIssue(issues_, "out_of_range", "expected a value from 0 to 1e15 at " + path, path);
  }

  const Json& object_;
  std::string path_;
  std::string_view what_;
  Issues& issues_;
  std::size_t issues_before_;
  std::vector<const char*> known_;
};

// [SECTION] Entry parsers ------------------------------------------------------------------------

// peak_tflops: {"bf16": {"dense": x, "sparse": y}, ...}; sparse defaults to dense (no sparsity).
void ParsePeaks(const Json& peaks, const std::string& path, Issues& issues,
                std::array<PeakRate, kPrecisionCount>& out) {
  for (auto it = peaks.begin(); it != peaks.end(); ++it) {
    const std::string item_path = Child(path, it.key());
    const std::optional<Precision> p = ParsePrecision(it.key());
    if (!p) {
      AddIssue(issues, "unknown_key",
               "unknown precision \"" + it.key() +
                   "\" in peak_tflops; allowed: fp64, fp64-tc, fp32, tf32, fp16, bf16, fp8, int8, int4",
               item_path);
      continue;
    }
    if (!it.value().is_object()) {
      WrongType(issues, it.value(), "an object {\"dense\": TFLOP/s, \"sparse\": TFLOP/s}", item_path);
      continue;
    }
    PeakRate rate;
    rate.sparse = -1;
    FieldReader r(it.value(), item_path, "a peak rate", issues);
    r.Number("dense", rate.dense, "TFLOP/s (TOPS for int8/int4)");
    r.Number("sparse", rate.sparse, "TFLOP/s (TOPS for int8/int4)");
    r.Finish({"dense"});
    if (rate.sparse < 0) rate.sparse = rate.dense;
    out[static_cast<int>(*p)] = rate;
  }
}

// [SECTION] Merging ------------------------------------------------------------------------------

// Collects an entry's key fields (Need::kKey): two entries with equal keys (ignoring case) are
// the same entry, and a merged one replaces the other.
struct KeyCollector {
  std::array<const std::string*, 4> keys{};
  int count = 0;
  void Text(const char*, const std::string& x, std::string_view, Need need = Need::kOptional) {
    if (need == Need::kKey && count < 4) keys[count++] = &x;
  }
  void Number(const char*, const double&, const char*, std::string_view, Need = Need::kOptional) {}
  void Integer(const char*, const int&, std::string_view, Need = Need::kOptional) {}
  void Flag(const char*, const bool&, std::string_view) {}
  void Peaks(const char*, const std::array<PeakRate, kPrecisionCount>&, std::string_view) {}
  template <class T, class Fn>
  void Record(const char*, const T&, Need, const char*, std::string_view, Fn&&) {}
};

template <typename T, typename Fn>
bool SameKey(const T& a, const T& b, Fn& visit) {
  KeyCollector ka, kb;
  visit(ka, a);
  visit(kb, b);
  for (int i = 0; i < ka.count; ++i) {
    if (!EqualsIgnoreCase(*ka.keys[i], *kb.keys[i])) return false;
  }
  return ka.count > 0;
}

template <typename T, typename Fn>
void Upsert(std::vector<T>& into, T item, Fn& visit) {
  for (T& existing : into) {
    if (SameKey(existing, item, visit)) {
      existing = std::move(item);
      return;
    }
  }
  into.push_back(std::move(item));
}
void MergeSources(const Json& doc, std::vector<SourceRef>& into, Issues& issues) {
  auto it = doc.find("sources");
  if (it == doc.end()) return;
  if (!it->is_object()) return WrongType(issues, *it, "an object {CODE: \"title — url\"}", "/sources");
  for (auto s = it->begin(); s != it->end(); ++s) {
    if (!s.value().is_string()) {
      WrongType(issues, s.value(), "a string \"title — url\"", Child("/sources", s.key()));
      continue;
    }
    SourceRef ref{s.key(), s.value().get_ref<const std::string&>()};
    // Kept sorted by code, so the catalog written back out is the same whatever the merge order.
    auto at = std::lower_bound(into.begin(), into.end(), ref.code,
                               [](const SourceRef& x, const std::string& code) { return x.code < code; });
    if (at != into.end() && at->code == ref.code) *at = std::move(ref);
    else into.insert(at, std::move(ref));
  }
}

// Reads catalog entries by visiting their field lists (catalog_fields.h): each field through the
// FieldReader of the object it is in, so issues carry exact JSON pointers; an entry that added no
// issue is merged (valid entries are kept whatever their neighbours hold).
class CatalogReader {
 public:
  CatalogReader(const Json& doc, Issues& issues) : doc_(doc), issues_(issues) {}

  void Text(const char* key, std::string& out, std::string_view, Need need = Need::kOptional) {
    Require(key, need);
    top_->reader.Text(key, out);
  }
  void Number(const char* key, double& out, const char* unit, std::string_view, Need need = Need::kOptional) {
    Require(key, need);
    top_->reader.Number(key, out, unit);
  }
  void Integer(const char* key, int& out, std::string_view, Need need = Need::kOptional) {
    Require(key, need);
    top_->reader.Integer(key, out);
  }
  void Flag(const char* key, bool& out, std::string_view) { top_->reader.Flag(key, out); }
  void Peaks(const char* key, std::array<PeakRate, kPrecisionCount>& out, std::string_view) {
    if (const Json* peaks = top_->reader.Object(key)) ParsePeaks(*peaks, Child(top_->reader.path(), key), issues_, out);
  }
  template <class T, class Fn>
  void Record(const char* key, T& x, Need need, const char* what, std::string_view, Fn&& fn) {
    Require(key, need);
    const Json* j = top_->reader.Object(key);
    if (j == nullptr) return;
    Read(*j, Child(top_->reader.path(), key), what, [&] { fn(*this, x); });
  }
  void Sources(const char*, std::vector<SourceRef>& into, std::string_view) { MergeSources(doc_, into, issues_); }
  // Parses every element of doc[key]; valid ones replace same-key entries or are appended.
  template <class T, class Fn>
  void Kind(const char* key, const char* what, std::vector<T>& into, Fn&& fn) {
    auto it = doc_.find(key);
    if (it == doc_.end()) return;
    const std::string path = Child("", key);
    if (!it->is_array()) return WrongType(issues_, *it, "an array of entries", path);
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Json& element = (*it)[i];
      const std::string item_path = Child(path, i);
      if (!element.is_object()) {
        WrongType(issues_, element, "an object", item_path);
        continue;
      }
      T item;
      const std::size_t before = issues_.size();
      Read(element, item_path, what, [&] { fn(*this, item); });
      if (issues_.size() != before) continue;
      CompleteEntry(item);
      Upsert(into, std::move(item), fn);
    }
  }

 private:
  struct Level {
    FieldReader reader;
    std::vector<const char*> required;
  };

  // Reads one object: fill() visits its fields; then unknown and missing keys are reported.
  template <class Fill>
  void Read(const Json& object, const std::string& path, const char* what, Fill&& fill) {
    Level level{FieldReader(object, path, what, issues_), {}};
    Level* saved = top_;
    top_ = &level;
    fill();
    level.reader.Finish(level.required);
    top_ = saved;
  }

  void Require(const char* key, Need need) {
    if (need != Need::kOptional) top_->required.push_back(key);
  }

  const Json& doc_;
  Issues& issues_;
  Level* top_ = nullptr;
};

bool CheckVersion(const Json& doc, Issues& issues) {
  auto it = doc.find("schema_version");
  if (it == doc.end()) {
    AddIssue(issues, "missing_field", "a catalog document needs \"schema_version\": 1", "/schema_version");
    return false;
  }
  if (!it->is_number_integer() || it->get<long long>() != kCatalogSchemaVersion) {
    AddIssue(issues, "unsupported_version",
             "this build reads catalog schema_version 1 only, found " + it->dump(-1, ' ', false, Json::error_handler_t::replace), "/schema_version");
    return false;
  }
  return true;
}

// The keys a catalog document may hold: schema_version and the entity kinds of catalog_fields.h.
struct KindNames {
  std::vector<const char*> names{"schema_version"};
  void Sources(const char* key, const std::vector<SourceRef>&, std::string_view) { names.push_back(key); }
  template <class T, class Fn>
  void Kind(const char* key, const char*, const std::vector<T>&, Fn&&) { names.push_back(key); }
};

void CheckTopLevelKeys(const Json& doc, Issues& issues) {
  static const Catalog kNone;
  KindNames kinds;
  VisitCatalogKinds(kinds, kNone);
  kinds.names.push_back("mig");      // MIG profile tables: MergeMigJson (mig_catalog.cpp)
  kinds.names.push_back("engines");  // engine profiles: MergeEnginesJson (engines.cpp)
  kinds.names.push_back("sharing");  // MIG vs MPS vs time-slicing facts: MergeSharingJson (sharing.cpp)
  std::string allowed;
  for (const char* k : kinds.names) allowed += (allowed.empty() ? "" : ", ") + std::string(k);
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    bool known = false;
    for (const char* k : kinds.names) known = known || it.key() == k;
    if (!known) {
      AddIssue(issues, "unknown_key", "unknown key \"" + it.key() + "\" in a catalog document; allowed: " + allowed,
               Child("", it.key()));
    }
  }
}

// [SECTION] Writing ------------------------------------------------------------------------------

// Writes entries back in the data files' schema and key order, by visiting their field lists.
class CatalogWriter {
 public:
  explicit CatalogWriter(OrderedJson& out) : cur_(&out) {}

  void Text(const char* key, const std::string& x, std::string_view, Need = Need::kOptional) { (*cur_)[key] = x; }
  void Number(const char* key, const double& x, const char*, std::string_view, Need = Need::kOptional) {
    (*cur_)[key] = x;
  }
  void Integer(const char* key, const int& x, std::string_view, Need = Need::kOptional) { (*cur_)[key] = x; }
  void Flag(const char* key, const bool& x, std::string_view) { (*cur_)[key] = x; }
  void Peaks(const char* key, const std::array<PeakRate, kPrecisionCount>& rates, std::string_view) {
    OrderedJson peaks = OrderedJson::object();
    for (int i = 0; i < kPrecisionCount; ++i) {
      const PeakRate& r = rates[i];
      if (r.dense == 0 && r.sparse == 0) continue;  // unsupported precision: omitted, as in the data
      peaks[std::string(kPrecisionNames[i])] = OrderedJson{{"dense", r.dense}, {"sparse", r.sparse}};
    }
    (*cur_)[key] = std::move(peaks);
  }
  template <class T, class Fn>
  void Record(const char* key, const T& x, Need, const char*, std::string_view, Fn&& fn) {
    (*cur_)[key] = Object([&] { fn(*this, x); });
  }
  void Sources(const char* key, const std::vector<SourceRef>& sources, std::string_view) {
    OrderedJson out = OrderedJson::object();
    for (const SourceRef& s : sources) out[s.code] = s.citation;
    (*cur_)[key] = std::move(out);
  }
  template <class T, class Fn>
  void Kind(const char* key, const char*, const std::vector<T>& items, Fn&& fn) {
    OrderedJson out = OrderedJson::array();
    for (const T& item : items) out.push_back(Object([&] { fn(*this, item); }));
    (*cur_)[key] = std::move(out);
  }
  template <class T, class Fn>
  OrderedJson Entry(const T& item, Fn&& fn) {
    return Object([&] { fn(*this, item); });
  }

 private:
  template <class Fill>
  OrderedJson Object(Fill&& fill) {
    OrderedJson obj = OrderedJson::object();
    OrderedJson* saved = cur_;
    cur_ = &obj;
    fill();
    cur_ = saved;
    return obj;
  }
  OrderedJson* cur_;
};

// Writes the sections with readers of their own (section_members.h) in the schema those read:
// every member, except an engine's attention families that hold nothing (absent in the data).
struct SectionWriter {
  OrderedJson* cur;

  void operator()(const char* key, const std::string& x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, double x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, int x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, bool x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, const std::vector<int>& x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, const std::vector<std::string>& x, std::string_view = {}, Need = Need::kOptional) { (*cur)[key] = x; }
  void operator()(const char* key, const EngineAttention (&families)[std::size(kEngineArchFamilies)], std::string_view = {},
                  Need = Need::kOptional) {
    OrderedJson out = OrderedJson::object();
    for (std::size_t i = 0; i < std::size(kEngineArchFamilies); ++i)
      if (!(families[i] == EngineAttention{})) out[std::string(kEngineArchFamilies[i])] = Object(families[i]);
    if (!out.empty()) (*cur)[key] = std::move(out);
  }
  template <class T>
  void operator()(const char* key, const std::vector<T>& records, std::string_view = {}, Need = Need::kOptional) {
    OrderedJson out = OrderedJson::array();
    for (const T& record : records) out.push_back(Object(record));
    (*cur)[key] = std::move(out);
  }
  template <class T>
  OrderedJson Object(const T& record) {
    OrderedJson obj = OrderedJson::object();
    SectionWriter inner{&obj};
    SectionMembers(inner, record);
    return obj;
  }
};

// error_handler_t::replace: invalid UTF-8 in an operator's text must not throw in wasm.
std::string Dump(const OrderedJson& j) { return j.dump(2, ' ', false, OrderedJson::error_handler_t::replace); }

}  // namespace

// [SECTION] Public API ---------------------------------------------------------------------------

Issues MergeCatalogJson(std::string_view text, Catalog& into) {
  Issues issues;
  Json doc;
  if (!ParseJsonText(text, "the catalog text", /*reject_duplicates=*/true, doc, issues)) return issues;
  if (!doc.is_object()) {
    WrongType(issues, doc, "an object {\"schema_version\": 1, ...}", "");
    return issues;
  }
  if (!CheckVersion(doc, issues)) return issues;
  CheckTopLevelKeys(doc, issues);
  CatalogReader reader(doc, issues);
  VisitCatalogKinds(reader, into);
  GroupNetworkLayers(into.network_layers);
  // The sections with readers of their own: every one honored, none accepted and dropped.
  auto append = [&issues](Issues more) { issues.insert(issues.end(), more.begin(), more.end()); };
  append(MergeEnginesSection(doc, into.engines));
  append(MergeMigSection(doc, into.mig_tables));
  append(MergeSharingSection(doc, into.sharing));
  return issues;
}

// Stable: each network's records keep their order, networks the order of their first record, so
// a catalog whose runs are already whole (the built-in one) is left as it is (one pass, no copy).
void GroupNetworkLayers(std::vector<NetworkLayer>& layers) {
  auto same = [&](size_t i, size_t j) { return EqualsIgnoreCase(layers[i].network, layers[j].network); };
  bool whole = true;  // no network reappears after another one's run
  for (size_t i = 1; i < layers.size() && whole; ++i)
    if (!same(i, i - 1))
      for (size_t j = 0; j + 1 < i && whole; ++j) whole = !same(i, j);
  if (whole) return;
  std::vector<NetworkLayer> grouped;
  std::vector<bool> taken(layers.size(), false);
  grouped.reserve(layers.size());
  for (size_t i = 0; i < layers.size(); ++i) {
    if (taken[i]) continue;
    const std::string network = layers[i].network;  // layers[i] is moved from below
    for (size_t j = i; j < layers.size(); ++j)
      if (!taken[j] && EqualsIgnoreCase(layers[j].network, network)) grouped.push_back(std::move(layers[j])), taken[j] = true;
  }
  layers = std::move(grouped);
}

const Catalog& BuiltinCatalog() {
  static const Catalog catalog = [] {
    // The compiled-in image where the build has one (catalog_snapshot.h); else the documents.
    Catalog c;
    if (LoadBuiltinCatalogSnapshot(c)) return c;
    return BuiltinCatalogFromDocuments();
  }();
  return catalog;
}

Catalog BuiltinCatalogFromDocuments() {
  Catalog c;
  // Builtin documents are checked by the tests; any issue here is a data bug, so keep what parsed.
  for (std::string_view text : BuiltinCatalogDocuments()) MergeCatalogJson(text, c);
  return c;
}

std::string CatalogToJson(const Catalog& c) {
  OrderedJson doc{{"schema_version", kCatalogSchemaVersion}};
  CatalogWriter writer(doc);
  VisitCatalogKinds(writer, c);
  SectionWriter sections{&doc};
  VisitCatalogSections(sections, c);
  return Dump(doc);
}

std::string CatalogEntryToJson(const GpuSpec& g) {
  OrderedJson doc;
  CatalogWriter writer(doc);
  return Dump(writer.Entry(g, [](auto& w, auto& x) { VisitGpuFields(w, x); }));
}

std::string CatalogEntryToJson(const ServerSpec& s) {
  OrderedJson doc;
  CatalogWriter writer(doc);
  OrderedJson j = writer.Entry(s, [](auto& w, auto& x) { VisitServerFields(w, x); });
  j["psus"] = s.psu_count;  // contract v2's name for the installed supplies (not a catalog key)
  return Dump(j);
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// Lookups run on every evaluation. Ids are unique ignoring case (Upsert merges same-key entries), so
// an exact match is the only case-insensitive one: try the cheap exact comparison (length first,
// then memcmp) over the list, and fold case only when nothing matched exactly.
struct EqualsExact {
  bool operator()(std::string_view a, std::string_view b) const {
    if (a.size() != b.size()) return false;
    for (std::size_t i = a.size(); i-- > 0;) {  // from the end: ids differ in their tails ("-40GB")
      if (a[i] != b[i]) return false;
    }
    return true;
  }
};

struct EqualsFolded {
  bool operator()(std::string_view a, std::string_view b) const { return EqualsIgnoreCase(a, b); }
};

// The last few positions each kind of lookup found (per thread): an evaluation asks for the same
// ids every time. A remembered position is only a guess, checked by an exact comparison; since ids
// are unique, an exact match there is the answer whatever the catalog did meanwhile.
template <typename T, typename Match>
static const T* FindFirst(const std::vector<T>& items, Match match) {
  static thread_local std::size_t hints[4] = {};
  static thread_local unsigned next_hint = 0;
  for (std::size_t h : hints) {
    if (h < items.size() && match(items[h], EqualsExact{})) return &items[h];
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (match(items[i], EqualsExact{})) {
      hints[next_hint++ % 4] = i;
      return &items[i];
    }
  }
  for (const T& item : items) {
    if (match(item, EqualsFolded{})) return &item;
  }
  return nullptr;
}

template <typename T>
static const T* FindById(const std::vector<T>& items, std::string_view id) {
  return FindFirst(items, [id](const T& item, auto same) { return same(item.id, id); });
}

const GpuSpec* FindGpu(const Catalog& c, std::string_view id) { return FindById(c.gpus, id); }

const InterconnectSpec* FindInterconnect(const Catalog& c, std::string_view id) {
  return FindById(c.interconnects, id);
}

const ModelPreset* FindModel(const Catalog& c, std::string_view id) { return FindById(c.models, id); }
const NetworkPreset* FindNetwork(const Catalog& c, std::string_view id) { return FindById(c.networks, id); }

const GpuPrice* FindPrice(const Catalog& c, std::string_view gpu, std::string_view currency) {
  return FindFirst(c.prices, [&](const GpuPrice& p, auto same) {
    return same(p.gpu, gpu) && same(p.currency, currency);
  });
}

const CurrencyPreset* FindCurrency(const Catalog& c, std::string_view code) {
  return FindFirst(c.currencies, [code](const CurrencyPreset& x, auto same) { return same(x.code, code); });
}

const SourceRef* FindSource(const Catalog& c, std::string_view code) {
  auto at = std::lower_bound(c.sources.begin(), c.sources.end(), code,
                             [](const SourceRef& x, std::string_view k) { return x.code < k; });
  return at != c.sources.end() && at->code == code ? &*at : nullptr;
}

std::span<const NetworkLayer> LayersOf(const Catalog& c, std::string_view network) {
  const std::vector<NetworkLayer>& all = c.network_layers;
  size_t first = 0;
  while (first < all.size() && !EqualsIgnoreCase(all[first].network, network)) ++first;
  size_t end = first;
  while (end < all.size() && EqualsIgnoreCase(all[end].network, network)) ++end;
  return {all.data() + first, end - first};
}

NetworkTotals TotalsOf(const Catalog& c, std::string_view network) {
  NetworkTotals t;
  for (const NetworkLayer& l : LayersOf(c, network)) {
    t.params += l.params;
    t.forward_flops += LayerForwardFlops(l);
    t.act_elems += l.act_elems;
    ++t.layers;
  }
  return t;
}

const Json* SectionArray(const Json& doc, const char* key, const char* what, Issues& issues) {
  if (doc.is_discarded() || !doc.is_object()) return nullptr;
  auto it = doc.find(key);
  if (it == doc.end()) return nullptr;
  if (it->is_array()) return &*it;
  const std::string path = std::string("/") + key;
  issues.push_back({"wrong_type", "expected an array of " + std::string(what) + " at " + path + ", found " + it->type_name(), path});
  return nullptr;
}

Json ParseSectionText(std::string_view text) {
  return Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

}  // namespace gpucfg
