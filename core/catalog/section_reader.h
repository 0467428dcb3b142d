// Private to core/catalog/: the one strict reader of the sections whose members section_members.h
// lists (engine profiles, MIG tables and their profiles, sharing facts). It is an archive for
// SectionMembers, so the reader, the writer, the docs table and the snapshot walk one list. Every
// problem is an issue at its JSON pointer: a member of the wrong type (wrong_type), a number below
// zero or not finite, an integer outside 0..1,000,000 (out_of_range), a needed member absent or an
// empty needed text (missing_field), a key the list does not have (unknown_key). What a section
// checks beyond its members (a MIG table's status, its slots) stays in that section's file.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"
#include "catalog/section_members.h"

namespace gpucfg {

class SectionReader {
 public:
  using Json = nlohmann::json;
  // `what` names one entry ("engine profile") in messages.
  SectionReader(const Json& object, std::string path, std::string_view what, Issues& issues);

  void operator()(const char* key, std::string& x, std::string_view = {}, Need need = Need::kOptional);
  void operator()(const char* key, double& x, std::string_view = {}, Need need = Need::kOptional);
  void operator()(const char* key, int& x, std::string_view = {}, Need need = Need::kOptional);
  void operator()(const char* key, bool& x, std::string_view = {}, Need need = Need::kOptional);
  void operator()(const char* key, std::vector<int>& x, std::string_view = {}, Need need = Need::kOptional);
  void operator()(const char* key, std::vector<std::string>& x, std::string_view = {}, Need need = Need::kOptional);
  // An engine's fused attention: {"Ampere": {"kernel", "efficiency"}, ...}, families as kEngineArchFamilies.
  void operator()(const char* key, EngineAttention (&families)[std::size(kEngineArchFamilies)], std::string_view = {},
                  Need need = Need::kOptional);
  template <class T>
  void operator()(const char* key, std::vector<T>& records, std::string_view = {}, Need need = Need::kOptional) {
    const Json* v = Find(key, need);
    if (!v) return;
    if (!v->is_array()) return WrongType(key, "an array", *v);
    for (std::size_t i = 0; i < v->size(); ++i) {
      T record;
      ReadRecord((*v)[i], Child(key) + "/" + std::to_string(i), issues_, record);
      records.push_back(std::move(record));
    }
  }

  // Names every key no member asked for. Call once, after SectionMembers.
  void Finish();

  // Reads one entry of a section: true when it added no issue (an entry with one is not merged).
  template <class T>
  static bool ReadRecord(const Json& object, const std::string& path, Issues& issues, T& out) {
    const std::size_t before = issues.size();
    if (!object.is_object()) {
      issues.push_back({"wrong_type", "expected " + Article(SectionEntryName(&out)) + " object at " + path + ", found " +
                                          object.type_name(), path});
      return false;
    }
    SectionReader r(object, path, SectionEntryName(&out), issues);
    SectionMembers(r, out);
    r.Finish();
    return issues.size() == before;
  }

 private:
  static std::string Article(std::string_view what);
  std::string Child(std::string_view key) const;
  // The member's value, or nullptr (absent: an issue when it is needed). Remembers the key.
  const Json* Find(const char* key, Need need);
  void WrongType(const char* key, std::string_view expected, const Json& found);
  void Add(const char* code, std::string message, std::string path);

  const Json& object_;
  std::string path_;
  std::string_view what_;
  Issues& issues_;
  std::vector<std::string_view> asked_;
};

}  // namespace gpucfg
