// JSON answers of the MIG verbs (see mig_json.h). Numbers are written as the data gives them.
#include "planner/mig_json.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "catalog/mig_catalog.h"
#include "resolve/mig_device.h"
#include "planner/mig_plan.h"
#include "mig/placement.h"
#include "catalog/sharing.h"

namespace gpucfg {

namespace {

using OJson = nlohmann::ordered_json;

double Round(double x, double step = 1e-3) { return std::round(x / step) * step; }

std::string ProfileList(const MigTable& t) {
  std::string s;
  for (size_t i = 0; i < t.profiles.size(); ++i) s += (i ? ", " : "") + t.profiles[i].name;
  return s;
}

// Resolves a GPU id to its MIG table, or says why not.
const MigTable* TableFor(std::string_view gpu, const Catalog& catalog, Issues& errors) {
  const MigTable* t = FindMigTable(catalog.mig_tables, gpu);
  if (t != nullptr) return t;
  if (FindGpu(catalog, gpu) != nullptr)
    errors.push_back({"no_mig", std::string(gpu) + " does not support MIG; MIG GPUs: A100, A30, H100, H200, B200 (and A800/H800)", "/gpu"});
  else
    errors.push_back({"unknown_gpu", "unknown GPU \"" + std::string(gpu) + "\"; gpucfg gpus lists the ids", "/gpu"});
  return nullptr;
}

OJson Names(const MigTable& t, const MigCounts& c) {
  OJson a = OJson::array();
  for (const std::string& n : LayoutNames(t, c)) a.push_back(n);
  return a;
}

std::string SlotMap(const MigTable& t, const std::vector<MigPlaced>& placement) {
  std::string m(t.memory_slots, '.');
  for (const MigPlaced& p : placement) {
    const MigProfile& q = t.profiles[p.profile];
    const char c = (q.compute_slices == 1 && q.memory_slices == 2) ? 'M' : static_cast<char>('0' + q.compute_slices % 10);
    for (int s = p.start; s >= 0 && s < p.start + q.memory_slices && s < t.memory_slots; ++s) m[s] = c;
  }
  return m;
}

OJson TableHeader(const MigTable& t, std::string_view gpu_id) {
  OJson o;
  o["gpu"] = std::string(gpu_id);
  o["table"] = t.table;
  o["status"] = t.status;
  if (!t.sibling.empty()) o["sibling"] = t.sibling;
  if (!t.note.empty()) o["note"] = t.note;
  return o;
}

}  // namespace

MigJsonResult MigProfilesJson(std::string_view gpu, const Catalog& catalog, int indent) {
  MigJsonResult out;
  const MigTable* t = TableFor(gpu, catalog, out.errors);
  if (t == nullptr) return out;
  const GpuSpec* g = FindGpu(catalog, gpu);
  OJson o = TableHeader(*t, g != nullptr ? std::string_view(g->id) : gpu);
  o["memory_slots"] = t->memory_slots;
  o["compute_slots"] = t->compute_slots;
  o["max_instances"] = t->max_instances;
  OJson ps = OJson::array();
  for (const MigProfile& p : t->profiles) {
    OJson j;
    j["name"] = p.name;
    j["id"] = p.id;
    j["compute_slices"] = p.compute_slices;
    j["memory_slices"] = p.memory_slices;
    j["memory_gib"] = p.memory_gib;
    j["sms"] = p.sms;
    j["max_instances"] = p.max_instances;
    j["starts"] = p.starts;
    j["copy_engines"] = p.copy_engines;
    j["decoders"] = p.decoders;
    j["jpeg"] = p.jpeg;
    j["ofa"] = p.ofa;
    j["l2_fraction"] = p.l2_fraction;
    j["media_extensions"] = p.media_extensions;
    if (g != nullptr) {  // what the slice delivers as a device
      const MigInstanceShare s = MigShare(*g, *t, p);
      j["hbm_gbps"] = Round(g->hbm_gbps * s.bandwidth_fraction, 0.1);
      j["fraction_of_gpu"] = Round(s.fraction_of_gpu);
    }
    j["verification"] = p.verification;
    j["source"] = p.source;
    if (!p.note.empty()) j["note"] = p.note;
    ps.push_back(j);
  }
  o["profiles"] = ps;
  OJson layouts;
  const std::vector<MigCounts> all = EnumerateMigLayouts(*t);
  layouts["valid"] = all.size();
  OJson maximal = OJson::array();
  for (const MigCounts& c : all)
    if (IsMaximalLayout(*t, c)) maximal.push_back(Names(*t, c));
  layouts["maximal"] = maximal;
  o["layouts"] = layouts;
  out.text = o.dump(indent);
  return out;
}

MigJsonResult MigValidateJson(std::string_view gpu, const std::vector<std::string>& profiles,
                              const Catalog& catalog, int indent) {
  MigJsonResult out;
  const MigTable* t = TableFor(gpu, catalog, out.errors);
  if (t == nullptr) return out;
  if (t->profiles.empty()) {
    out.errors.push_back({"mig_not_published", "NVIDIA publishes no MIG profile table for " + std::string(gpu) + ": " + t->note, "/gpu"});
    return out;
  }
  if (profiles.empty()) out.errors.push_back({"missing_field", "name at least one profile (" + ProfileList(*t) + ")", "/profiles"});
  std::vector<int> idx;
  for (size_t i = 0; i < profiles.size(); ++i) {
    const int p = FindMigProfile(*t, profiles[i]);
    if (p >= 0) {
      idx.push_back(p);
      continue;
    }
    std::string hint;  // the same name on another GPU's table (the 80GB A100 has no 1g.5gb)
    for (const MigTable& other : catalog.mig_tables)
      if (hint.empty() && &other != t && FindMigProfile(other, profiles[i]) >= 0) hint = "; " + profiles[i] + " is a profile of the " + other.table;
    out.errors.push_back({"unknown_profile", "unknown profile \"" + profiles[i] + "\" on " + std::string(gpu) +
                                                 "; its profiles: " + ProfileList(*t) + hint,
                          "/profiles/" + std::to_string(i)});
  }
  if (!out.errors.empty()) return out;
  const MigCheck c = CheckMigLayout(*t, idx);
  const GpuSpec* g = FindGpu(catalog, gpu);
  OJson o = TableHeader(*t, g != nullptr ? std::string_view(g->id) : gpu);
  o["valid"] = c.valid;
  OJson pl = OJson::array();
  for (const MigPlaced& p : c.placement) pl.push_back(OJson{{"profile", t->profiles[p.profile].name}, {"start", p.start}});
  o["placement"] = pl;
  o["slot_map"] = c.valid ? SlotMap(*t, c.placement) : "";
  o["reason_code"] = c.reason_code;
  o["reason"] = c.reason;
  int compute = 0, memory = 0;
  double gib = 0;
  for (int p : idx) compute += t->profiles[p].compute_slices, memory += t->profiles[p].memory_slices, gib += t->profiles[p].memory_gib;
  o["compute_slices"] = compute;
  o["memory_slices"] = memory;
  o["memory_gib"] = Round(gib, 0.01);
  OJson closest = OJson::array();
  if (!c.valid)
    for (const MigCounts& m : ClosestMigLayouts(*t, CountsOf(*t, idx))) closest.push_back(Names(*t, m));
  o["closest"] = closest;
  out.text = o.dump(indent);
  return out;
}

MigJsonResult MigPlanJson(std::string_view plan_text, const Catalog& catalog, int indent) {
  MigJsonResult out;
  MigPlan plan = PlanMig(plan_text, catalog);
  if (!plan.errors.empty()) {
    out.errors = plan.errors;
    return out;
  }
  const MigTable& t = *plan.table;
  OJson o;
  o["gpu"] = plan.gpu;
  o["gpus_needed"] = plan.packing.gpus.size();
  o["lower_bound_gpus"] = plan.packing.lower_bound;
  o["method"] = plan.packing.exact ? "exact" : "first_fit_decreasing";
  o["optimality_gap_gpus"] = static_cast<int>(plan.packing.gpus.size()) - plan.packing.lower_bound;
  o["proven_optimal"] = plan.packing.exact || static_cast<int>(plan.packing.gpus.size()) == plan.packing.lower_bound;
  OJson gpus = OJson::array();
  for (size_t k = 0; k < plan.gpus.size(); ++k) {
    OJson pl = OJson::array(), spare = OJson::array();
    std::vector<MigPlaced> placed;
    for (const MigPlanSlot& s : plan.gpus[k]) {
      if (s.tenant < 0) {
        spare.push_back(OJson{{"profile", t.profiles[s.profile].name}, {"start", s.start}});
        continue;
      }
      pl.push_back(OJson{{"profile", t.profiles[s.profile].name}, {"start", s.start}, {"tenant", plan.tenants[s.tenant].name}});
      placed.push_back(MigPlaced{s.profile, s.start});
    }
    OJson g;
    g["placement"] = pl;
    g["slot_map"] = SlotMap(t, placed);
    g["spare"] = spare;
    gpus.push_back(g);
  }
  o["gpus"] = gpus;
  OJson tenants = OJson::array();
  for (size_t i = 0; i < plan.tenants.size(); ++i) {
    const MigTenantSize& s = plan.sizes[i];
    OJson j;
    j["name"] = plan.tenants[i].name;
    j["profile"] = t.profiles[s.profile].name;
    j["pinned"] = s.pinned;
    j["memory_gib"] = Round(s.memory_gib, 0.01);
    j["capacity_gib"] = Round(s.capacity_gib, 0.01);
    j["fits"] = s.fits;
    j["meets_need"] = s.meets_need;
    if (s.encoder) j["samples_per_s"] = Round(s.samples_per_s, 0.1);
    else j["output_tokens_per_s"] = Round(s.output_tokens_per_s, 0.1);
    j["weights_gib"] = Round(s.weights_gib, 0.01);
    j["quick_rule_gib"] = Round(s.quick_rule_gib, 0.01);
    j["quick_rule_profile"] = s.quick_rule_profile >= 0 ? t.profiles[s.quick_rule_profile].name : "";
    tenants.push_back(j);
  }
  o["tenants"] = tenants;
  o["assumptions"] = OJson::array(
      {"each tenant is sized on its own instance by the memory and speed models, the instance priced as a device: "
       "its profile's SMs, its memory slices' capacity and bandwidth, its L2 share (MIG User Guide, concepts)",
       "instances do not share SMs, memory bandwidth or L2, so a busy neighbour does not slow a tenant to first order "
       "(MIG User Guide: memory QoS per GPU instance); PCIe to the host and the power limit remain shared",
       "no NVLink, P2P or NCCL between instances; reconfiguring a GPU's layout needs its instances idle "
       "(MIG User Guide, deployment considerations)",
       "quick_rule_gib is the guide's max(weights x 1.2, smallest profile), shown beside the model's memory_gib"});
  out.text = o.dump(indent);
  return out;
}

MigJsonResult MigCompareJson(const Catalog& catalog, int indent) {
  MigJsonResult out;
  OJson facts = OJson::array();
  std::vector<std::string> codes;  // the sources the facts cite, in first-cited order
  for (const SharingFact& f : catalog.sharing) {
    facts.push_back(OJson{{"topic", f.topic}, {"mig", f.mig}, {"mps", f.mps}, {"time_slicing", f.time_slicing}, {"source", f.source}});
    for (size_t at = 0; at < f.source.size();) {
      size_t end = f.source.find(',', at);
      if (end == std::string::npos) end = f.source.size();
      std::string code = f.source.substr(at, end - at);
      code.erase(0, code.find_first_not_of(' '));
      if (!code.empty() && std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
      at = end + 1;
    }
  }
  OJson sources = OJson::object();
  for (const std::string& code : codes) {
    auto it = std::find_if(catalog.sources.begin(), catalog.sources.end(), [&](const SourceRef& r) { return r.code == code; });
    sources[code] = it != catalog.sources.end() ? it->citation : "(not in the catalog's sources)";
  }
  OJson o;
  o["modes"] = OJson::array({"mig", "mps", "time_slicing"});
  o["facts"] = facts;
  o["sources"] = sources;
  o["note"] = "documented behaviour of each way to share one GPU; the busy_neighbour row is qualitative (no measurement behind it here)";
  out.text = o.dump(indent);
  return out;
}

}  // namespace gpucfg
