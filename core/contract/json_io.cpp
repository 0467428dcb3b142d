// Contract v1 scenario reading and writing. The field list lives once, in scenario_fields.h; this
// file supplies the visitors that read it from JSON (collecting errors with JSON pointers, keeping
// every valid field) and write it back. Nothing here throws: nlohmann is used only through
// non-throwing calls (parse with allow_exceptions=false, type checks before every get).
#include "contract/json_io.h"
#include "contract/json_string.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "contract/features.h"
#include "contract/scenario_fields.h"
#include "base/json_text.h"

namespace gpucfg {
namespace {

using nlohmann::json;

std::string JoinNames(std::span<const std::string_view> names) {
  std::string out;
  for (auto n : names) {
    if (!out.empty()) out += " | ";
    out += n;
  }
  return out;
}

std::string TypeName(const json& j) { return j.type_name(); }

// Formats a bound for a message without trailing zeros ("1", "0.5", "1e+16").
std::string Num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

// [SECTION] Reader visitor -----------------------------------------------------------------------

class Reader {
 public:
  Reader(const json& root, Issues& errors) : errors_(errors) { Enter(root, ""); }

  template <class Fn>
  void Section(std::string_view name, Fn&& fn) {
    const json* child = Child(name);
    if (!child) return;
    if (!child->is_object()) return Error("wrong_type", PathOf(name), "expected an object, found " + TypeName(*child));
    Frame saved = frame_;
    Enter(*child, PathOf(name));
    fn();
    FinishObject();
    frame_ = saved;
  }

  void Field(std::string_view name, int& out, int lo, int hi, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_number()) return Error("wrong_type", PathOf(name), "expected an integer, found " + TypeName(*j));
    double d = j->get<double>();
    if (d != std::floor(d)) return Error("wrong_type", PathOf(name), "expected an integer, found " + Num(d));
    if (d < lo || d > hi)
      return Error("out_of_range", PathOf(name),
                   "expected an integer from " + Num(lo) + " to " + Num(hi) + ", found " + Num(d));
    out = static_cast<int>(d);
  }

  void Field(std::string_view name, double& out, double lo, double hi, std::string_view unit, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_number()) return Error("wrong_type", PathOf(name), "expected a number (" + std::string(unit) + "), found " + TypeName(*j));
    double d = j->get<double>();
    if (!(d >= lo && d <= hi))
      return Error("out_of_range", PathOf(name),
                   "expected " + std::string(unit) + " from " + Num(lo) + " to " + Num(hi) + ", found " + Num(d));
    out = d;
  }

  void Field(std::string_view name, bool& out, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_boolean()) return Error("wrong_type", PathOf(name), "expected true or false, found " + TypeName(*j));
    out = j->get<bool>();
  }

  void Field(std::string_view name, std::string& out, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_string()) return Error("wrong_type", PathOf(name), "expected a string, found " + TypeName(*j));
    out = j->get<std::string>();
  }

  void Field(std::string_view name, std::vector<std::string>& out, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_array()) return Error("wrong_type", PathOf(name), "expected an array of strings, found " + TypeName(*j));
    out.clear();
    for (size_t i = 0; i < j->size(); ++i) {
      const json& e = (*j)[i];
      if (!e.is_string()) {
        Error("wrong_type", PathOf(name) + "/" + std::to_string(i), "expected a string, found " + TypeName(e));
        continue;
      }
      out.push_back(e.get<std::string>());
    }
  }

  template <class E, size_t N>
  void Enum(std::string_view name, E& out, const std::array<std::string_view, N>& names, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_string())
      return Error("wrong_type", PathOf(name), "expected one of " + JoinNames(names) + ", found " + TypeName(*j));
    const std::string& text = j->get_ref<const std::string&>();
    for (size_t i = 0; i < N; ++i) {
      if (!EqualsIgnoreCase(text, names[i])) continue;
      if constexpr (std::is_same_v<E, std::string>) {
        out = std::string(names[i]);
      } else if constexpr (std::is_same_v<E, Precision>) {
        out = *ParsePrecision(names[i]);
      } else {
        out = static_cast<E>(i);
      }
      return;
    }
    Error("unknown_value", PathOf(name), "expected one of " + JoinNames(names) + ", found \"" + text + "\"");
  }
  template <size_t N>
  void Enum(std::string_view name, std::string& out, const CatalogNames<N>& names, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (!j->is_string())
      return Error("wrong_type", PathOf(name), "expected one of " + JoinNames(names.builtin) + ", found " + TypeName(*j));
    out = j->get<std::string>();
    for (std::string_view listed : names.builtin)
      if (EqualsIgnoreCase(out, listed)) out = std::string(listed);
  }

  void Model(std::string_view name, WorkloadConfig& w, std::string_view) {
    const json* j = Child(name);
    if (!j) return;
    if (j->is_string()) {
      w.model = j->get<std::string>();
      w.arch_inline = false;
      w.generic_inline = false;
      return;
    }
    if (!j->is_object())
      return Error("wrong_type", PathOf(name), "expected a model id string or an architecture object, found " + TypeName(*j));
    w.generic_inline = false;
    if (j->contains("family")) return GenericModel(name, w);
    w.model = "custom";
    w.arch_inline = true;
    w.arch = TransformerArch{};
    w.arch.max_seq = 0;  // 0 = follow seq_len unless given
    Section(name, [&] {
      Field("name", w.model, "display name of the custom model");
      VisitArch(*this, w.arch);
      Require("layers"); Require("hidden"); Require("heads"); Require("vocab");
    });
  }

  // The contract-v2 {"family": "generic", "params", "forward_gflops_per_sample",
  // "activation_bytes_per_sample"} object: a network given by its totals.
  void GenericModel(std::string_view name, WorkloadConfig& w) {
    w.model = "generic";
    w.arch_inline = false;
    w.generic_inline = true;
    w.generic = GenericNetwork{};
    Section(name, [&] {
      std::string family;
      Field("family", family, "");
      if (!family.empty() && !EqualsIgnoreCase(family, "generic"))
        Error("unknown_value", PathOf("family"),
              "expected \"generic\" (a catalog network is a plain id string), found \"" + family + "\"");
      Field("params", w.generic.params, 1, 1e15, "parameters", "");
      Field("forward_gflops_per_sample", w.generic.forward_gflops_per_sample, 1e-9, 1e9, "GFLOP", "");
      Field("activation_bytes_per_sample", w.generic.activation_bytes_per_sample, 0, 1e15, "bytes", "");
      Require("params");
      Require("forward_gflops_per_sample");
    });
  }

  void Require(std::string_view key) {
    if (!frame_.obj->contains(key))
      Error("missing_field", PathOf(key), "required: " + std::string(key) + " must be given");
  }

  void FinishObject() {
    for (auto it = frame_.obj->begin(); it != frame_.obj->end(); ++it) {
      bool known = false;
      for (const auto& k : frame_.seen) known = known || k == it.key();
      if (!known)
        Error("unknown_key", PathOf(it.key()),
              "unknown key \"" + it.key() + "\"; expected one of: " + JoinSeen());
    }
  }

  void Error(std::string code, std::string path, std::string message) {
    errors_.push_back(Issue{std::move(code), std::move(message), std::move(path)});
  }

 private:
  struct Frame {
    const json* obj = nullptr;
    std::string path;
    std::vector<std::string> seen;
  };

  void Enter(const json& obj, std::string path) { frame_ = Frame{&obj, std::move(path), {}}; }

  const json* Child(std::string_view name) {
    frame_.seen.emplace_back(name);
    auto it = frame_.obj->find(name);
    return it == frame_.obj->end() ? nullptr : &*it;
  }

  // JSON pointer escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
  std::string PathOf(std::string_view key) const {
    std::string out = frame_.path + "/";
    for (char c : key) {
      if (c == '~') out += "~0";
      else if (c == '/') out += "~1";
      else out += c;
    }
    return out;
  }

  std::string JoinSeen() const {
    std::string out;
    for (const auto& k : frame_.seen) out += (out.empty() ? "" : ", ") + k;
    return out;
  }

  Issues& errors_;
  Frame frame_;
};

// [SECTION] Writer visitor -----------------------------------------------------------------------

class Writer {
 public:
  explicit Writer(json& root) : cur_(&root) {}

  template <class Fn>
  void Section(std::string_view name, Fn&& fn) {
    json* saved = cur_;
    json& child = (*cur_)[std::string(name)] = json::object();
    cur_ = &child;
    fn();
    cur_ = saved;
  }
  void Field(std::string_view name, int& v, int, int, std::string_view) { Set(name, v); }
  void Field(std::string_view name, double& v, double, double, std::string_view, std::string_view) { Set(name, v); }
  void Field(std::string_view name, bool& v, std::string_view) { Set(name, v); }
  void Field(std::string_view name, std::string& v, std::string_view) { Set(name, v); }
  void Field(std::string_view name, std::vector<std::string>& v, std::string_view) { Set(name, v); }
  template <size_t N>
  void Enum(std::string_view name, std::string& v, const CatalogNames<N>&, std::string_view) {
    Set(name, v);
  }
  template <class E, size_t N>
  void Enum(std::string_view name, E& v, const std::array<std::string_view, N>& names, std::string_view) {
    if constexpr (std::is_same_v<E, std::string>) {
      Set(name, v);
    } else if constexpr (std::is_same_v<E, Precision>) {
      Set(name, std::string(PrecisionName(v)));
    } else {
      Set(name, std::string(names[static_cast<size_t>(v)]));
    }
  }
  void Model(std::string_view name, WorkloadConfig& w, std::string_view) {
    if (w.generic_inline)
      return Section(name, [&] {
        Set("family", std::string("generic"));
        Set("params", w.generic.params);
        Set("forward_gflops_per_sample", w.generic.forward_gflops_per_sample);
        Set("activation_bytes_per_sample", w.generic.activation_bytes_per_sample);
      });
    if (!w.arch_inline) return Set(name, w.model);
    Section(name, [&] {
      Set("name", w.model);
      VisitArch(*this, w.arch);
    });
  }

 private:
  template <class T>
  void Set(std::string_view name, const T& v) { (*cur_)[std::string(name)] = v; }
  json* cur_;
};


// [SECTION] Docs visitor: one markdown row per field ------------------------------------------------

class DocWriter {
 public:
  std::string out;
  template <class Fn>
  void Section(std::string_view name, Fn&& fn) {
    std::string saved = prefix_;
    prefix_ += "/" + std::string(name);
    fn();
    prefix_ = saved;
  }
  void Field(std::string_view name, int& v, int lo, int hi, std::string_view doc) {
    Row(name, "integer " + Num(lo) + ".." + Num(hi), std::to_string(v), doc);
  }
  void Field(std::string_view name, double& v, double lo, double hi, std::string_view unit, std::string_view doc) {
    Row(name, "number (" + std::string(unit) + ") " + Num(lo) + ".." + Num(hi), Num(v), doc);
  }
  void Field(std::string_view name, bool& v, std::string_view doc) { Row(name, "boolean", v ? "true" : "false", doc); }
  void Field(std::string_view name, std::string& v, std::string_view doc) { Row(name, "string", "\"" + v + "\"", doc); }
  void Field(std::string_view name, std::vector<std::string>&, std::string_view doc) { Row(name, "array of strings", "[]", doc); }
  template <size_t N>
  void Enum(std::string_view name, std::string& v, const CatalogNames<N>& names, std::string_view doc) {
    Row(name, JoinNames(names.builtin) + " (or a site catalog's id)", "\"" + v + "\"", doc);
  }
  template <class E, size_t N>
  void Enum(std::string_view name, E& v, const std::array<std::string_view, N>& names, std::string_view doc) {
    std::string def;
    if constexpr (std::is_same_v<E, std::string>) def = v;
    else if constexpr (std::is_same_v<E, Precision>) def = std::string(PrecisionName(v));
    else def = std::string(names[static_cast<size_t>(v)]);
    Row(name, JoinNames(names), "\"" + def + "\"", doc);
  }
  void Model(std::string_view name, WorkloadConfig& w, std::string_view doc) {
    Row(name, "string or object", "\"" + w.model + "\"", doc);
    Section(name, [&] { VisitArch(*this, w.arch); });
  }

 private:
  void Row(std::string_view name, const std::string& type, const std::string& def, std::string_view doc) {
    out += "| `" + prefix_ + "/" + std::string(name) + "` | " + type + " | " + def + " | " + std::string(doc) + " |\n";
  }
  std::string prefix_;
};

}  // namespace

// [SECTION] Public entry points ------------------------------------------------------------------

ParseResult ReadScenario(std::string_view text) {
  ParseResult result;
  json root;
  if (!ParseJsonText(text, "the scenario", /*reject_duplicates=*/true, root, result.errors)) return result;
  if (!root.is_object()) {
    result.errors.push_back({"wrong_type", "expected a JSON object (a scenario), found " + TypeName(root), ""});
    return result;
  }
  Reader reader(root, result.errors);
  int version = 0;
  reader.Field("schema_version", version, kMinScenarioVersion, kMaxScenarioVersion, "contract version: 1 or 2");
  if (!root.contains("schema_version"))
    reader.Error("missing_field", "/schema_version", "required: \"schema_version\": 1 or 2");
  else if (version >= kMinScenarioVersion && version <= kMaxScenarioVersion)
    result.scenario.schema_version = version;  // written back as read (a v1 scenario may carry v2 names)
  VisitScenario(reader, result.scenario);
  reader.FinishObject();
  if (!root.contains("cluster") || !root["cluster"].contains("gpu"))
    reader.Error("missing_field", "/cluster/gpu", "required: a GPU catalog id such as \"A100-SXM4-80GB\"");
  if (!root.contains("workload") || !root["workload"].contains("model"))
    reader.Error("missing_field", "/workload/model", "required: a model preset id such as \"llama2-7b\" or an architecture object");
  return result;
}

std::string ScenarioToJson(const Scenario& s, int indent) {
  json root = json::object();
  root["schema_version"] = s.schema_version;
  Scenario copy = s;  // the visitor takes non-const references (it also serves the reader)
  Writer writer(root);
  VisitScenario(writer, copy);
  if (s.plan == PlanConfig{}) root.erase("plan");  // contract v2 section: written only when given
  // replace: a name typed on the page that is not UTF-8 must not abort the wasm module.
  return root.dump(indent, ' ', false, decltype(root)::error_handler_t::replace);
}

std::string ScenarioFieldsMarkdown() {
  DocWriter doc;
  Scenario defaults;
  doc.out = "| field (JSON pointer) | type and range | default | meaning |\n|---|---|---|---|\n";
  VisitScenario(doc, defaults);
  return doc.out;
}

std::string ErrorsToJson(const Issues& errors, int indent) {
  json root = {{"schema_version", kReportSchemaVersion}, {"errors", json::array()}};  // stands in for a report
  for (const auto& e : errors)
    root["errors"].push_back({{"code", e.code}, {"message", e.message}, {"path", e.path}});
  // replace: a message may quote bytes of the input (a syntax error's last token) that are not UTF-8.
  return root.dump(indent, ' ', false, json::error_handler_t::replace);
}

void AppendJsonString(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace gpucfg
