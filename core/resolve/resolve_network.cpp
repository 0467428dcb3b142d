// Resolve's part for networks: a catalog network's totals or the generic object into
// Resolved::network, checked with JSON-pointer errors; networks run data-parallel only.
#include "resolve/resolve_network.h"

#include <string>

#include "resolve/resolve.h"

namespace gpucfg {

namespace {

void Fail(Issues* errors, bool& ok, const char* code, const char* path, std::string message) {
  ok = false;
  if (errors) errors->push_back(Issue{code, std::move(message), path});
}

}  // namespace

bool ResolveNetworkModel(const Scenario& s, const Catalog& c, Resolved& r, Issues* errors, bool& ok) {
  const WorkloadConfig& w = s.workload;
  if (w.generic_inline) {
    r.network.kind = NetworkWorkload::Kind::kGeneric;
    r.network.generic = w.generic;
    if (!(w.generic.params > 0))
      Fail(errors, ok, "missing_field", "/workload/model/params", "expected a positive parameter count, found none");
    if (!(w.generic.forward_gflops_per_sample > 0))
      Fail(errors, ok, "missing_field", "/workload/model/forward_gflops_per_sample",
           "expected positive forward GFLOPs per sample (a multiply-add = 2 FLOPs), found none");
    return true;
  }
  if (w.arch_inline) return false;
  if (FindModel(c, w.model)) return false;  // a transformer preset wins over a network of that id
  const NetworkPreset* preset = FindNetwork(c, w.model);
  if (!preset) return false;
  const NetworkTotals t = TotalsOf(c, preset->id);
  r.network.kind = NetworkWorkload::Kind::kCatalog;
  r.network.preset = preset;
  r.network.layers = LayersOf(c, preset->id);
  r.network.generic.params = t.params;
  r.network.generic.forward_gflops_per_sample = t.forward_flops / 1e9;
  r.network.act_elems_per_sample = t.act_elems;
  if (t.layers == 0)
    Fail(errors, ok, "incompatible", "/workload/model",
         "the catalog network \"" + preset->id + "\" has no layers (network_layers entries naming it)");
  return true;
}

void ResolveNetworkParallelism(const Scenario& s, Resolved& r, Issues* errors, bool& ok) {
  const ParallelismConfig& p = s.parallelism;
  const char* paths[] = {"/parallelism/tp", "/parallelism/pp", "/parallelism/cp", "/parallelism/ep"};
  const int degrees[] = {p.tp, p.pp, p.cp, p.ep};
  for (int i = 0; i < 4; ++i)
    if (degrees[i] != 1)
      Fail(errors, ok, "incompatible", paths[i],
           "networks other than transformers run data-parallel only: expected 1, found " + std::to_string(degrees[i]));
  r.tp = r.pp = r.cp = r.ep = 1;
  r.dp = p.dp > 0 ? p.dp : r.total_gpus;
  if (r.dp != r.total_gpus)
    Fail(errors, ok, "incompatible", "/parallelism/dp",
         "expected dp = the " + std::to_string(r.total_gpus) + " GPUs (data-parallel only), found " + std::to_string(p.dp));
}

}  // namespace gpucfg
