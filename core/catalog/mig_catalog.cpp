// Reads the MIG profile tables from the "mig" array of the built-in catalog documents.
// Strict like the rest of the catalog: wrong types, unknown keys and missing fields are issues
// with JSON pointers; a table with an issue is still kept with what parsed.
#include "catalog/mig_catalog.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "catalog/sections_internal.h"

#include "catalog/catalog.h"

namespace gpucfg {

namespace {

using Json = nlohmann::json;

std::string At(const std::string& path, std::string_view key) { return path + "/" + std::string(key); }

void Add(Issues& issues, const char* code, std::string message, std::string path) {
  issues.push_back(Issue{code, std::move(message), std::move(path)});
}

// Reads keys of one object, reporting wrong types and (at Finish) unknown and missing keys.
class Reader {
 public:
  Reader(const Json& o, std::string path, Issues& issues) : o_(o), path_(std::move(path)), issues_(issues) {}

  void Text(const char* key, std::string& out) {
    if (const Json* v = Get(key)) {
      if (v->is_string()) out = v->get<std::string>();
      else Add(issues_, "wrong_type", "expected a string at " + At(path_, key), At(path_, key));
    }
  }
  void Int(const char* key, int& out) {
    if (const Json* v = Get(key)) {
      const double x = v->is_number() ? v->get<double>() : -1;
      if (x >= 0 && x <= 1e6 && x == std::floor(x)) out = static_cast<int>(x);
      else Add(issues_, "wrong_type", "expected a non-negative integer at " + At(path_, key), At(path_, key));
    }
  }
  void Number(const char* key, double& out) {
    if (const Json* v = Get(key)) {
      const double x = v->is_number() ? v->get<double>() : -1;
      if (x >= 0 && std::isfinite(x)) out = x;
      else Add(issues_, "wrong_type", "expected a non-negative number at " + At(path_, key), At(path_, key));
    }
  }
  void Flag(const char* key, bool& out) {
    if (const Json* v = Get(key)) {
      if (v->is_boolean()) out = v->get<bool>();
      else Add(issues_, "wrong_type", "expected true or false at " + At(path_, key), At(path_, key));
    }
  }
  void Ints(const char* key, std::vector<int>& out) {
    if (const Json* v = Get(key)) {
      if (!v->is_array()) return Add(issues_, "wrong_type", "expected an array of integers at " + At(path_, key), At(path_, key));
      for (size_t i = 0; i < v->size(); ++i) {
        const Json& e = (*v)[i];
        if (e.is_number_integer() && e.get<long long>() >= 0 && e.get<long long>() < 64) out.push_back(e.get<int>());
        else Add(issues_, "wrong_type", "expected a slot index 0..63", At(path_, key) + "/" + std::to_string(i));
      }
    }
  }
  void Texts(const char* key, std::vector<std::string>& out) {
    if (const Json* v = Get(key)) {
      if (!v->is_array()) return Add(issues_, "wrong_type", "expected an array of strings at " + At(path_, key), At(path_, key));
      for (size_t i = 0; i < v->size(); ++i) {
        if ((*v)[i].is_string()) out.push_back((*v)[i].get<std::string>());
        else Add(issues_, "wrong_type", "expected a string", At(path_, key) + "/" + std::to_string(i));
      }
    }
  }
  const Json* Array(const char* key) {
    const Json* v = Get(key);
    if (v != nullptr && !v->is_array()) {
      Add(issues_, "wrong_type", "expected an array at " + At(path_, key), At(path_, key));
      return nullptr;
    }
    return v;
  }
  void Finish(std::initializer_list<const char*> required) {
    for (const char* k : required)
      if (!o_.contains(k)) Add(issues_, "missing_field", std::string("a MIG entry needs \"") + k + "\"", At(path_, k));
    for (auto it = o_.begin(); it != o_.end(); ++it) {
      bool known = false;
      for (const std::string& k : asked_) known = known || k == it.key();
      if (!known) Add(issues_, "unknown_key", "unknown key \"" + it.key() + "\"", At(path_, it.key()));
    }
  }

 private:
  const Json* Get(const char* key) {
    asked_.emplace_back(key);
    auto it = o_.find(key);
    return it == o_.end() ? nullptr : &*it;
  }
  const Json& o_;
  std::string path_;
  Issues& issues_;
  std::vector<std::string> asked_;
};

MigProfile ParseProfile(const Json& o, const std::string& path, Issues& issues) {
  MigProfile p;
  if (!o.is_object()) {
    Add(issues, "wrong_type", "expected a profile object at " + path, path);
    return p;
  }
  Reader r(o, path, issues);
  r.Text("name", p.name);
  r.Int("id", p.id);
  r.Int("compute_slices", p.compute_slices);
  r.Int("memory_slices", p.memory_slices);
  r.Number("memory_gib", p.memory_gib);
  r.Int("sms", p.sms);
  r.Int("copy_engines", p.copy_engines);
  r.Int("decoders", p.decoders);
  r.Int("jpeg", p.jpeg);
  r.Int("ofa", p.ofa);
  r.Number("l2_fraction", p.l2_fraction);
  r.Int("max_instances", p.max_instances);
  r.Ints("starts", p.starts);
  r.Flag("media_extensions", p.media_extensions);
  r.Text("verification", p.verification);
  r.Text("source", p.source);
  r.Text("note", p.note);
  r.Finish({"name", "compute_slices", "memory_slices", "max_instances", "starts", "source"});
  return p;
}

MigTable ParseTable(const Json& o, const std::string& path, Issues& issues) {
  MigTable t;
  if (!o.is_object()) {
    Add(issues, "wrong_type", "expected a MIG table object at " + path, path);
    return t;
  }
  Reader r(o, path, issues);
  r.Text("table", t.table);
  r.Texts("gpus", t.gpus);
  r.Text("status", t.status);
  r.Text("sibling", t.sibling);
  r.Int("memory_slots", t.memory_slots);
  r.Int("compute_slots", t.compute_slots);
  r.Int("max_instances", t.max_instances);
  r.Text("verification", t.verification);
  r.Text("source", t.source);
  r.Text("note", t.note);
  if (const Json* ps = r.Array("profiles")) {
    for (size_t i = 0; i < ps->size(); ++i)
      t.profiles.push_back(ParseProfile((*ps)[i], path + "/profiles/" + std::to_string(i), issues));
  }
  r.Finish({"table", "gpus", "status", "profiles", "source"});
  if (t.status != "published" && t.status != "sibling" && t.status != "not_published")
    Add(issues, "out_of_range", "status must be published, sibling or not_published", path + "/status");
  if (t.memory_slots < 1 || t.memory_slots > 16)
    Add(issues, "out_of_range", "memory_slots must be 1..16", path + "/memory_slots");
  for (size_t i = 0; i < t.profiles.size(); ++i) {
    const MigProfile& p = t.profiles[i];
    for (int s : p.starts)
      if (s + p.memory_slices > t.memory_slots)
        Add(issues, "out_of_range", "a start slot puts " + p.name + " past the last memory slot",
            path + "/profiles/" + std::to_string(i) + "/starts");
  }
  return t;
}

}  // namespace

Issues MergeMigJson(std::string_view text, std::vector<MigTable>& into) {
  return MergeMigSection(ParseSectionText(text), into);
}

Issues MergeMigSection(const Json& doc, std::vector<MigTable>& into) {
  Issues issues;
  const Json* it = SectionArray(doc, "mig", "MIG tables", issues);
  if (!it) return issues;
  for (size_t i = 0; i < it->size(); ++i) {
    MigTable t = ParseTable((*it)[i], "/mig/" + std::to_string(i), issues);
    // A later table naming a GPU takes that GPU from any earlier table.
    for (MigTable& old : into) {
      for (const std::string& g : t.gpus) std::erase_if(old.gpus, [&](const std::string& x) { return EqualsIgnoreCase(x, g); });
    }
    into.push_back(std::move(t));
  }
  return issues;
}

const MigTable* FindMigTable(const std::vector<MigTable>& tables, std::string_view gpu) {
  for (const MigTable& t : tables)
    for (const std::string& g : t.gpus)
      if (EqualsIgnoreCase(g, gpu)) return &t;
  return nullptr;
}

int FindMigProfile(const MigTable& t, std::string_view name) {
  for (size_t i = 0; i < t.profiles.size(); ++i)
    if (EqualsIgnoreCase(t.profiles[i].name, name)) return static_cast<int>(i);
  return -1;
}

}  // namespace gpucfg
