// Exact packing: f(d) = 0 for d = 0, else 1 + min over maximal layouts L holding the largest
// remaining profile of f(max(d - L, 0)) — exact because every GPU's layout lies inside some
// maximal layout and any subset of a valid layout is valid (MIG-UG placement rules; the lattice of
// shared/reference/mig-profiles.md §4). Memoised on the demand vector, pruned by the lower bound.
#include "mig/packing.h"

#include <algorithm>
#include <map>

namespace gpucfg {

namespace {

int CeilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : 0; }

struct Exact {
  const MigTable& t;
  const std::vector<MigCounts>& maximal;
  long limit;
  std::map<MigCounts, std::pair<int, int>> memo;  // demand -> (GPUs, maximal layout chosen)
  bool aborted = false;

  int Solve(const MigCounts& d) {
    int largest = -1;
    for (size_t i = 0; i < d.size(); ++i) {
      if (d[i] == 0) continue;
      if (largest < 0 || t.profiles[i].memory_slices > t.profiles[largest].memory_slices ||
          (t.profiles[i].memory_slices == t.profiles[largest].memory_slices &&
           t.profiles[i].compute_slices > t.profiles[largest].compute_slices))
        largest = static_cast<int>(i);
    }
    if (largest < 0) return 0;
    auto it = memo.find(d);
    if (it != memo.end()) return it->second.first;
    if (static_cast<long>(memo.size()) >= limit) {
      aborted = true;
      return 1 << 20;
    }
    const int bound = MigLowerBound(t, d);
    int best = 1 << 20, choice = -1;
    for (size_t k = 0; k < maximal.size() && !aborted; ++k) {
      const MigCounts& L = maximal[k];
      if (L[largest] == 0) continue;
      MigCounts rest = d;
      for (size_t i = 0; i < rest.size(); ++i) rest[i] = std::max(0, rest[i] - L[i]);
      if (1 + MigLowerBound(t, rest) >= best) continue;
      const int v = 1 + Solve(rest);
      if (v < best) best = v, choice = static_cast<int>(k);
      if (best == bound) break;  // cannot do better than the lower bound
    }
    if (!aborted) memo[d] = {best, choice};
    return best;
  }
};

MigPacking FirstFitDecreasing(const MigTable& t, const MigCounts& demand) {
  MigPacking out;
  std::vector<int> items = InstancesOf(demand);
  std::stable_sort(items.begin(), items.end(), [&](int a, int b) {
    const MigProfile& x = t.profiles[a];
    const MigProfile& y = t.profiles[b];
    if (x.memory_slices != y.memory_slices) return x.memory_slices > y.memory_slices;
    return x.compute_slices > y.compute_slices;
  });
  for (int p : items) {
    bool placed = false;
    for (MigCounts& g : out.gpus) {
      ++g[p];
      if (IsValidLayout(t, g)) {
        placed = true;
        break;
      }
      --g[p];
    }
    if (!placed) {
      MigCounts g(t.profiles.size(), 0);
      g[p] = 1;
      out.gpus.push_back(g);
    }
  }
  return out;
}

}  // namespace

int MigLowerBound(const MigTable& t, const MigCounts& d) {
  int compute = 0, memory = 0, n = 0, bound = 0, exclusive = 0;
  for (size_t i = 0; i < d.size() && i < t.profiles.size(); ++i) {
    const MigProfile& p = t.profiles[i];
    compute += d[i] * p.compute_slices;
    memory += d[i] * p.memory_slices;
    n += d[i];
    if (d[i] > 0) bound = std::max(bound, CeilDiv(d[i], std::max(1, p.max_instances)));
    // Profiles taking more than half the compute slots (4g, 7g): never two on one GPU.
    if (2 * p.compute_slices > t.compute_slots) exclusive += d[i];
  }
  bound = std::max(bound, CeilDiv(compute, t.compute_slots));
  bound = std::max(bound, CeilDiv(memory, t.memory_slots));
  bound = std::max(bound, CeilDiv(n, t.max_instances));
  return std::max(bound, exclusive);
}

MigPacking PackMig(const MigTable& t, const MigCounts& demand, long state_limit) {
  const int lb = MigLowerBound(t, demand);
  bool any = false;
  for (int k : demand) any = any || k > 0;
  for (size_t i = 0; i < demand.size(); ++i) {  // a profile with no valid layout cannot be packed
    if (demand[i] > 0 && t.profiles[i].max_instances == 0) {
      MigPacking none;
      none.lower_bound = lb;
      return none;
    }
  }
  if (!any) {
    MigPacking empty;
    empty.exact = true;
    return empty;
  }
  const std::vector<MigCounts> maximal = MaximalMigLayouts(t);
  Exact ex{t, maximal, state_limit, {}, false};
  ex.Solve(demand);
  if (ex.aborted) {
    MigPacking h = FirstFitDecreasing(t, demand);
    h.lower_bound = lb;
    h.states = static_cast<long>(ex.memo.size());
    return h;
  }
  MigPacking out;
  out.exact = true;
  out.lower_bound = lb;
  out.states = static_cast<long>(ex.memo.size());
  MigCounts d = demand;
  for (;;) {
    auto it = ex.memo.find(d);
    if (it == ex.memo.end() || it->second.second < 0) break;
    const MigCounts& L = maximal[it->second.second];
    MigCounts used(d.size(), 0), spare(d.size(), 0);
    for (size_t i = 0; i < d.size(); ++i) {
      used[i] = std::min(d[i], L[i]);
      spare[i] = L[i] - used[i];
      d[i] -= used[i];
    }
    out.gpus.push_back(used);
    out.spare.push_back(spare);
  }
  return out;
}

}  // namespace gpucfg
