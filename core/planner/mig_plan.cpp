// Tenant sizing and packing for `mig plan` (see mig_plan.h).
#include "planner/mig_plan.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "contract/json_io.h"
#include "base/json_text.h"
#include "pipeline/evaluate.h"
#include "resolve/mig_device.h"

namespace gpucfg {

namespace {

using Json = nlohmann::json;

void Add(Issues& e, const char* code, std::string msg, std::string path) {
  e.push_back(Issue{code, std::move(msg), std::move(path)});
}

// Profiles from cheapest to dearest: fewer memory slices, then fewer compute slices.
std::vector<int> BySize(const MigTable& t, bool with_media) {
  std::vector<int> v;
  for (size_t i = 0; i < t.profiles.size(); ++i)
    if (with_media || !t.profiles[i].media_extensions) v.push_back(static_cast<int>(i));
  std::stable_sort(v.begin(), v.end(), [&](int a, int b) {
    const MigProfile& x = t.profiles[a];
    const MigProfile& y = t.profiles[b];
    if (x.memory_slices != y.memory_slices) return x.memory_slices < y.memory_slices;
    return x.compute_slices < y.compute_slices;
  });
  return v;
}

bool ParseTenant(const Json& j, const std::string& path, const std::string& gpu, const Catalog& catalog,
                 MigTenant& t, Issues& errors) {
  if (!j.is_object()) {
    Add(errors, "wrong_type", "expected a tenant object {\"name\", \"model\", ...}", path);
    return false;
  }
  Json workload = Json::object();
  workload["kind"] = "inference";
  bool ok = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& k = it.key();
    const Json& v = it.value();
    if (k == "name" || k == "profile") {
      if (!v.is_string()) {
        Add(errors, "wrong_type", "expected a string", path + "/" + k);
        ok = false;
      } else {
        (k == "name" ? t.name : t.profile) = v.get<std::string>();
      }
    } else if (k == "min_samples_per_s" || k == "min_output_tokens_per_s") {
      if (!v.is_number() || v.get<double>() < 0) {
        Add(errors, "out_of_range", "expected a number >= 0", path + "/" + k);
        ok = false;
      } else {
        (k == "min_samples_per_s" ? t.min_samples_per_s : t.min_output_tokens_per_s) = v.get<double>();
      }
    } else if (k == "kind") {
      Add(errors, "unknown_key", "a tenant is always served (inference): drop \"kind\"", path + "/kind");
      ok = false;
    } else {
      workload[k] = v;  // the workload's own fields, checked by the scenario reader below
    }
  }
  if (t.name.empty()) {
    Add(errors, "missing_field", "a tenant needs a \"name\"", path + "/name");
    ok = false;
  }
  if (!j.contains("model")) {
    Add(errors, "missing_field", "a tenant needs a \"model\": a preset id or an architecture object", path + "/model");
    return false;
  }
  Json doc = {{"schema_version", 1},
              {"cluster", {{"gpu", gpu}, {"gpus_per_node", 1}, {"nodes", 1}}},
              {"workload", workload}};
  ParseResult parsed = ParseScenario(doc.dump(), catalog);
  for (Issue e : parsed.errors) {
    if (e.path.rfind("/workload", 0) == 0) e.path = path + e.path.substr(9);
    else e.path = path + e.path;
    errors.push_back(std::move(e));
    ok = false;
  }
  t.scenario = parsed.scenario;
  return ok;
}

}  // namespace

MigTenantSize SizeTenantOn(const MigTenant& t, const GpuSpec& gpu, const MigTable& table, int profile,
                           const Catalog& catalog) {
  MigTenantSize s;
  s.profile = profile;
  const MigProfile& p = table.profiles[profile];
  Scenario sc = t.scenario;
  sc.cluster.gpu = gpu.id;
  sc.cluster.mig = MigConfig{p.name, 1};
  sc.cluster.gpus_per_node = 1;
  sc.cluster.nodes = 1;
  sc.cluster.intra_node.clear();
  const Report r = Evaluate(sc, catalog);
  const ModelPreset* preset = sc.workload.arch_inline ? nullptr : FindModel(catalog, sc.workload.model);
  // A network (catalog or generic) answers in samples, as an encoder does (contract v2 MIG).
  const bool network = sc.workload.generic_inline ||
                       (!sc.workload.arch_inline && FindNetwork(catalog, sc.workload.model) != nullptr);
  s.encoder = network || (preset != nullptr ? preset->arch.encoder_only : sc.workload.arch.encoder_only);
  if (!r.errors.empty()) return s;
  s.fits = r.memory.fits;
  s.memory_gib = r.memory.per_gpu.total_gib;
  s.capacity_gib = r.memory.capacity_gib;
  s.weights_gib = r.memory.per_gpu.weights_gib;
  // An encoder answers a request per forward pass: batch / (prefill time).
  if (network) s.samples_per_s = r.performance.samples_per_s;
  else if (s.encoder) s.samples_per_s = r.performance.ttft_s > 0 ? sc.workload.batch / r.performance.ttft_s : 0;
  else s.output_tokens_per_s = r.performance.output_tokens_per_s;
  s.meets_need = s.fits && (s.encoder ? s.samples_per_s >= t.min_samples_per_s
                                      : s.output_tokens_per_s >= t.min_output_tokens_per_s);
  return s;
}

MigPlan PlanMig(std::string_view text, const Catalog& catalog) {
  MigPlan plan;
  // As every reader of user text (json_text.h): invalid JSON says where, a key given twice is an
  // error at its pointer instead of the last one silently winning.
  Json doc;
  if (!ParseJsonText(text, "the MIG plan", /*reject_duplicates=*/true, doc, plan.errors)) return plan;
  if (!doc.is_object()) {
    Add(plan.errors, "wrong_type", "expected a JSON object {\"schema_version\": 2, \"mig_plan\": {...}}", "");
    return plan;
  }
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "schema_version" && it.key() != "mig_plan")
      Add(plan.errors, "unknown_key", "unknown key \"" + it.key() + "\"; allowed: schema_version, mig_plan", "/" + it.key());
  if (!doc.contains("schema_version") || doc["schema_version"] != 2)
    Add(plan.errors, "unsupported_version", "a MIG plan needs \"schema_version\": 2", "/schema_version");
  auto mp = doc.find("mig_plan");
  if (mp == doc.end() || !mp->is_object()) {
    Add(plan.errors, "missing_field", "expected \"mig_plan\": {\"gpu\", \"tenants\": [...]}", "/mig_plan");
    return plan;
  }
  long state_limit = 200000;
  for (auto it = mp->begin(); it != mp->end(); ++it) {
    if (it.key() == "gpu" || it.key() == "tenants") continue;
    if (it.key() == "state_limit" && it->is_number_integer() && it->get<long>() >= 1 && it->get<long>() <= 10000000) {
      state_limit = it->get<long>();
      continue;
    }
    Add(plan.errors, it.key() == "state_limit" ? "out_of_range" : "unknown_key",
        it.key() == "state_limit" ? "state_limit: an integer 1..10000000" : "unknown key \"" + it.key() + "\"; allowed: gpu, tenants, state_limit",
        "/mig_plan/" + it.key());
  }
  auto g = mp->find("gpu");
  if (g == mp->end() || !g->is_string()) {
    Add(plan.errors, "missing_field", "expected \"gpu\": a MIG-capable catalog id", "/mig_plan/gpu");
    return plan;
  }
  const GpuSpec* gpu = FindGpu(catalog, g->get<std::string>());
  plan.table = FindMigTable(catalog.mig_tables, g->get<std::string>());
  if (gpu == nullptr || plan.table == nullptr) {
    Add(plan.errors, gpu == nullptr ? "unknown_gpu" : "no_mig",
        gpu == nullptr ? "unknown GPU \"" + g->get<std::string>() + "\"; gpucfg gpus lists the ids"
                       : g->get<std::string>() + " has no MIG",
        "/mig_plan/gpu");
    return plan;
  }
  if (plan.table->profiles.empty()) {
    Add(plan.errors, "mig_not_published", "NVIDIA publishes no MIG profile table for " + gpu->id + ": " + plan.table->note,
        "/mig_plan/gpu");
    return plan;
  }
  plan.gpu = gpu->id;
  auto ts = mp->find("tenants");
  if (ts == mp->end() || !ts->is_array() || ts->empty() || ts->size() > 1000) {
    const char* code = ts == mp->end() ? "missing_field" : !ts->is_array() ? "wrong_type" : "out_of_range";
    Add(plan.errors, code, "expected \"tenants\": an array of 1..1000 tenants", "/mig_plan/tenants");
    return plan;
  }
  for (size_t i = 0; i < ts->size(); ++i) {
    const std::string path = "/mig_plan/tenants/" + std::to_string(i);
    MigTenant t;
    const bool parsed = ParseTenant((*ts)[i], path, gpu->id, catalog, t, plan.errors);
    if (!t.profile.empty() && FindMigProfile(*plan.table, t.profile) < 0)
      Add(plan.errors, "unknown_profile", "unknown profile \"" + t.profile + "\" on " + gpu->id + "; gpucfg mig profiles " + gpu->id + " lists them",
          path + "/profile");
    // The plan's placements and tables name tenants: two of one name could not be told apart.
    for (size_t k = 0; k < i && !t.name.empty(); ++k) {
      const Json& other = (*ts)[k];
      if (other.is_object() && other.contains("name") && other["name"].is_string() && other["name"] == t.name) {
        Add(plan.errors, "duplicate", "tenant name \"" + t.name + "\" is also tenant " + std::to_string(k) +
                                          "'s; give each tenant its own name", path + "/name");
        break;
      }
    }
    if (parsed) plan.tenants.push_back(std::move(t));
  }
  if (!plan.errors.empty()) return plan;

  // Size: a pinned profile as given; otherwise the cheapest profile meeting memory and need, or
  // else the largest (then marked as not fitting or not meeting its need).
  const MigTable& table = *plan.table;
  const std::vector<int> order = BySize(table, false);
  for (const MigTenant& t : plan.tenants) {
    MigTenantSize chosen;
    if (!t.profile.empty()) {
      chosen = SizeTenantOn(t, *gpu, table, FindMigProfile(table, t.profile), catalog);
      chosen.pinned = true;
    } else {
      for (int p : order) {
        chosen = SizeTenantOn(t, *gpu, table, p, catalog);
        if (chosen.meets_need) break;
      }
    }
    // The guide's quick rule, beside the model's answer.
    const MigTenantSize smallest = SizeTenantOn(t, *gpu, table, order.front(), catalog);
    chosen.weights_gib = smallest.weights_gib;
    chosen.quick_rule_gib = std::max(1.2 * smallest.weights_gib, table.profiles[order.front()].memory_gib);
    for (int p : order) {
      if (table.profiles[p].memory_gib >= chosen.quick_rule_gib) {
        chosen.quick_rule_profile = p;
        break;
      }
    }
    plan.sizes.push_back(chosen);
  }

  // Pack, then hand each GPU's instances to tenants in order.
  MigCounts demand(table.profiles.size(), 0);
  for (const MigTenantSize& s : plan.sizes) ++demand[s.profile];
  plan.packing = PackMig(table, demand, state_limit);
  std::vector<std::vector<int>> waiting(table.profiles.size());
  for (size_t i = 0; i < plan.sizes.size(); ++i) waiting[plan.sizes[i].profile].push_back(static_cast<int>(i));
  std::vector<size_t> next(table.profiles.size(), 0);
  for (size_t k = 0; k < plan.packing.gpus.size(); ++k) {
    // Place the GPU's whole maximal layout (so spare instances sit where they really fit), then
    // give the instances it needs to tenants.
    const MigCounts& used = plan.packing.gpus[k];
    MigCounts full = used;
    if (k < plan.packing.spare.size())
      for (size_t i = 0; i < full.size(); ++i) full[i] += plan.packing.spare[k][i];
    const std::vector<int> inst = InstancesOf(full);
    const MigCheck c = CheckMigLayout(table, inst);
    std::vector<int> left = used;
    std::vector<MigPlanSlot> slots;
    for (size_t j = 0; j < inst.size(); ++j) {
      const int p = inst[j];
      const int tenant = left[p] > 0 ? waiting[p][next[p]++] : -1;
      if (left[p] > 0) --left[p];
      slots.push_back(MigPlanSlot{p, c.valid ? c.placement[j].start : -1, tenant});
    }
    plan.gpus.push_back(std::move(slots));
  }
  return plan;
}

}  // namespace gpucfg
