// The one strict reader of the engine, MIG and sharing sections (section_reader.h).
#include "catalog/section_reader.h"

#include <algorithm>
#include <cmath>

namespace gpucfg {

namespace {

// Integers in the catalog count things (slots, SMs, engines): 0 .. a million.
constexpr double kMaxCatalogInteger = 1e6;

bool IsCatalogInteger(const nlohmann::json& v) {
  if (!v.is_number()) return false;
  const double x = v.get<double>();
  return x >= 0 && x <= kMaxCatalogInteger && x == std::floor(x);
}

}  // namespace

SectionReader::SectionReader(const Json& object, std::string path, std::string_view what, Issues& issues)
    : object_(object), path_(std::move(path)), what_(what), issues_(issues) {}

std::string SectionReader::Article(std::string_view what) {
  const bool vowel = !what.empty() && std::string_view("aeiou").find(what.front()) != std::string_view::npos;
  return std::string(vowel ? "an " : "a ") + std::string(what);
}

// RFC 6901: '~' and '/' inside a key are escaped in a JSON pointer.
std::string SectionReader::Child(std::string_view key) const {
  std::string out = path_ + "/";
  for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

void SectionReader::Add(const char* code, std::string message, std::string path) {
  issues_.push_back({code, std::move(message), std::move(path)});
}

void SectionReader::WrongType(const char* key, std::string_view expected, const Json& found) {
  Add("wrong_type", "expected " + std::string(expected) + " at " + Child(key) + ", found " + found.type_name(), Child(key));
}

const nlohmann::json* SectionReader::Find(const char* key, Need need) {
  asked_.push_back(key);
  auto it = object_.find(key);
  if (it != object_.end()) return &*it;
  if (need != Need::kOptional) Add("missing_field", Article(what_) + " needs \"" + key + "\"", Child(key));
  return nullptr;
}

void SectionReader::operator()(const char* key, std::string& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_string()) return WrongType(key, "a string", *v);
  x = v->get<std::string>();
  if (x.empty() && need != Need::kOptional) Add("missing_field", Article(what_) + " needs a non-empty \"" + key + "\"", Child(key));
}

void SectionReader::operator()(const char* key, double& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_number()) return WrongType(key, "a number", *v);
  const double value = v->get<double>();
  if (std::isfinite(value) && value >= 0) x = value;
  else Add("out_of_range", "expected a finite number >= 0 at " + Child(key), Child(key));
}

void SectionReader::operator()(const char* key, int& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_number()) return WrongType(key, "an integer", *v);
  if (IsCatalogInteger(*v)) x = static_cast<int>(v->get<double>());
  else Add("out_of_range", "expected an integer 0..1000000 at " + Child(key), Child(key));
}

void SectionReader::operator()(const char* key, bool& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_boolean()) return WrongType(key, "true or false", *v);
  x = v->get<bool>();
}

void SectionReader::operator()(const char* key, std::vector<int>& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_array()) return WrongType(key, "an array of integers", *v);
  x.clear();
  for (std::size_t i = 0; i < v->size(); ++i) {
    const std::string at = Child(key) + "/" + std::to_string(i);
    if (IsCatalogInteger((*v)[i])) x.push_back(static_cast<int>((*v)[i].get<double>()));
    else Add((*v)[i].is_number() ? "out_of_range" : "wrong_type", "expected an integer 0..1000000 at " + at, at);
  }
}

void SectionReader::operator()(const char* key, std::vector<std::string>& x, std::string_view, Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_array()) return WrongType(key, "an array of strings", *v);
  x.clear();
  for (std::size_t i = 0; i < v->size(); ++i) {
    const std::string at = Child(key) + "/" + std::to_string(i);
    if ((*v)[i].is_string()) x.push_back((*v)[i].get<std::string>());
    else Add("wrong_type", "expected a string at " + at + ", found " + (*v)[i].type_name(), at);
  }
}

void SectionReader::operator()(const char* key, EngineAttention (&families)[std::size(kEngineArchFamilies)], std::string_view,
                               Need need) {
  const Json* v = Find(key, need);
  if (!v) return;
  if (!v->is_object()) return WrongType(key, "an object {\"Ampere\": {\"kernel\", \"efficiency\"}, ...}", *v);
  SectionReader by_family(*v, Child(key), "attention table", issues_);
  for (std::size_t i = 0; i < std::size(kEngineArchFamilies); ++i) {
    const Json* entry = by_family.Find(kEngineArchFamilies[i].data(), Need::kOptional);  // NUL-terminated literals
    if (entry) ReadRecord(*entry, by_family.Child(kEngineArchFamilies[i]), issues_, families[i]);
  }
  by_family.Finish();
}

void SectionReader::Finish() {
  for (auto it = object_.begin(); it != object_.end(); ++it)
    if (std::find(asked_.begin(), asked_.end(), std::string_view(it.key())) == asked_.end())
      Add("unknown_key", "unknown key \"" + it.key() + "\" in " + Article(what_) + " (gpucfg schema --catalog lists its keys)",
          Child(it.key()));
}

}  // namespace gpucfg
