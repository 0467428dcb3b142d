// Reading and writing the power catalog (data/servers.json): servers, grids, edge power modes.
// Each entity is described once by a table of (key, member) pairs, which drives both the strict
// reader (unknown keys, wrong types, negative numbers, missing id/source) and the writer, so the
// two cannot drift apart. Nothing here throws (the wasm build has exceptions off).
#include "catalog/servers.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <variant>

#include "catalog/catalog.h"

namespace gpucfg {
namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

template <class T>
struct Key {
  const char* name;
  std::variant<std::string T::*, double T::*, int T::*> member;
};

template <class T>
const std::vector<Key<T>>& Keys();

template <>
const std::vector<Key<ServerSpec>>& Keys() {
  using S = ServerSpec;
  static const std::vector<Key<S>> k = {
      {"id", &S::id}, {"name", &S::name}, {"vendor", &S::vendor}, {"typical_gpu", &S::typical_gpu},
      {"gpu_form_factor", &S::gpu_form_factor}, {"gpu_count", &S::gpu_count}, {"cpu_count", &S::cpu_count},
      {"cpu_w", &S::cpu_w}, {"memory_w", &S::memory_w}, {"nic_count", &S::nic_count}, {"nic_w", &S::nic_w},
      {"nvswitch_count", &S::nvswitch_count}, {"nvswitch_w", &S::nvswitch_w}, {"fans_w", &S::fans_w},
      {"storage_w", &S::storage_w}, {"other_w", &S::other_w}, {"psu_count", &S::psu_count},
      {"psu_w", &S::psu_w}, {"psu_spares", &S::psu_spares}, {"psu_efficiency", &S::psu_efficiency},
      {"rated_w", &S::rated_w}, {"gpu_power_limit_w", &S::gpu_power_limit_w}, {"cooling", &S::cooling},
      {"max_inlet_c", &S::max_inlet_c}, {"height_u", &S::height_u}, {"estimated", &S::estimated},
      {"source", &S::source}};
  return k;
}

template <>
const std::vector<Key<GridPreset>>& Keys() {
  using G = GridPreset;
  static const std::vector<Key<G>> k = {
      {"id", &G::id}, {"name", &G::name}, {"kg_per_kwh", &G::kg_per_kwh}, {"source", &G::source}};
  return k;
}

template <>
const std::vector<Key<PowerMode>>& Keys() {
  using M = PowerMode;
  static const std::vector<Key<M>> k = {
      {"gpu", &M::gpu}, {"id", &M::id}, {"nvpmodel_id", &M::nvpmodel_id}, {"module_w", &M::module_w},
      {"cpu_cores", &M::cpu_cores}, {"cpu_max_mhz", &M::cpu_max_mhz}, {"gpu_tpcs", &M::gpu_tpcs},
      {"gpu_max_mhz", &M::gpu_max_mhz}, {"dla_max_mhz", &M::dla_max_mhz}, {"emc_max_mhz", &M::emc_max_mhz},
      {"tops", &M::tops},
      {"verification", &M::verification}, {"source", &M::source}};
  return k;
}

void Add(Issues& issues, const char* code, std::string message, std::string path) {
  issues.push_back(Issue{code, std::move(message), std::move(path)});
}

template <class T>
bool ParseEntry(const Json& j, const std::string& path, const char* what, Issues& issues, T& out) {
  const size_t before = issues.size();
  for (const Key<T>& k : Keys<T>()) {
    auto it = j.find(k.name);
    if (it == j.end()) continue;
    const std::string at = path + "/" + k.name;
    std::visit(
        [&](auto member) {
          using V = std::remove_reference_t<decltype(out.*member)>;
          if constexpr (std::is_same_v<V, std::string>) {
            if (!it->is_string()) return Add(issues, "wrong_type", "expected a string at " + at, at);
            out.*member = it->template get<std::string>();
          } else {
            if (!it->is_number()) return Add(issues, "wrong_type", "expected a number at " + at, at);
            const double x = it->template get<double>();
            if (!(x >= 0) || !std::isfinite(x))
              return Add(issues, "out_of_range", "expected a finite, non-negative value at " + at, at);
            if constexpr (std::is_same_v<V, int>) {
              if (x != std::floor(x) || x > 2e9) return Add(issues, "wrong_type", "expected an integer at " + at, at);
              out.*member = static_cast<int>(x);
            } else {
              out.*member = x;
            }
          }
        },
        k.member);
  }
  for (const char* req : {"id", "source"})
    if (!j.contains(req))
      Add(issues, "missing_field", std::string(what) + " needs \"" + req + "\" (every entry needs an id and a source)",
          path + "/" + req);
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool known = false;
    for (const Key<T>& k : Keys<T>()) known = known || it.key() == k.name;
    if (known) continue;
    std::string allowed;
    for (const Key<T>& k : Keys<T>()) allowed += (allowed.empty() ? "" : ", ") + std::string(k.name);
    Add(issues, "unknown_key", "unknown key \"" + it.key() + "\" in " + what + "; allowed: " + allowed,
        path + "/" + it.key());
  }
  return issues.size() == before;
}

bool SameKey(const ServerSpec& a, const ServerSpec& b) { return EqualsIgnoreCase(a.id, b.id); }
bool SameKey(const GridPreset& a, const GridPreset& b) { return EqualsIgnoreCase(a.id, b.id); }
bool SameKey(const PowerMode& a, const PowerMode& b) {
  return EqualsIgnoreCase(a.gpu, b.gpu) && EqualsIgnoreCase(a.id, b.id);
}

template <class T>
void MergeArray(const Json& doc, const char* key, const char* what, std::vector<T>& into, Issues& issues) {
  auto it = doc.find(key);
  if (it == doc.end()) return;
  const std::string path = std::string("/") + key;
  if (!it->is_array()) return Add(issues, "wrong_type", "expected an array of entries at " + path, path);
  for (size_t i = 0; i < it->size(); ++i) {
    const std::string at = path + "/" + std::to_string(i);
    if (!(*it)[i].is_object()) {
      Add(issues, "wrong_type", "expected an object at " + at, at);
      continue;
    }
    T item;
    if (!ParseEntry((*it)[i], at, what, issues, item)) continue;
    bool replaced = false;
    for (T& existing : into)
      if (!replaced && SameKey(existing, item)) existing = item, replaced = true;
    if (!replaced) into.push_back(std::move(item));
  }
}

template <class T>
OrderedJson EntryToJson(const T& x) {
  OrderedJson j = OrderedJson::object();
  for (const Key<T>& k : Keys<T>()) std::visit([&](auto member) { j[k.name] = x.*member; }, k.member);
  return j;
}

template <class T>
OrderedJson ArrayToJson(const std::vector<T>& items) {
  OrderedJson out = OrderedJson::array();
  for (const T& x : items) out.push_back(EntryToJson(x));
  return out;
}

}  // namespace

void MergePowerCatalog(const Json& doc, Catalog& into, Issues& issues) {
  MergeArray(doc, "servers", "a server entry", into.servers, issues);
  MergeArray(doc, "grids", "a grid entry", into.grids, issues);
  MergeArray(doc, "power_modes", "a power mode entry", into.power_modes, issues);
}

void PowerCatalogToJson(const Catalog& c, OrderedJson& doc) {
  doc["servers"] = ArrayToJson(c.servers);
  doc["grids"] = ArrayToJson(c.grids);
  doc["power_modes"] = ArrayToJson(c.power_modes);
}

std::string ServerToJson(const ServerSpec& s, int indent) {
  OrderedJson j = EntryToJson(s);
  j["psus"] = s.psu_count;  // contract v2's name for the installed supplies
  return j.dump(indent, ' ', false, OrderedJson::error_handler_t::replace);
}

const ServerSpec* FindServer(const Catalog& c, std::string_view id) {
  for (const ServerSpec& s : c.servers)
    if (EqualsIgnoreCase(s.id, id)) return &s;
  return nullptr;
}

const GridPreset* FindGrid(const Catalog& c, std::string_view id) {
  for (const GridPreset& g : c.grids)
    if (EqualsIgnoreCase(g.id, id)) return &g;
  return nullptr;
}

const PowerMode* FindPowerMode(const Catalog& c, std::string_view gpu, std::string_view mode) {
  for (const PowerMode& m : c.power_modes)
    if (EqualsIgnoreCase(m.gpu, gpu) && EqualsIgnoreCase(m.id, mode)) return &m;
  return nullptr;
}

bool HasPowerModes(const Catalog& c, std::string_view gpu) {
  for (const PowerMode& m : c.power_modes)
    if (EqualsIgnoreCase(m.gpu, gpu)) return true;
  return false;
}

}  // namespace gpucfg
