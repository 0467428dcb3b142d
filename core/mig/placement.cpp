// Placement search, layout enumeration and closest layouts (see placement.h). The slot rule is
// NVML's: "Creation of new GPU instance will fail if there is overlap with the already occupied
// memory slices" (nvml.h, nvmlDeviceCreateGpuInstanceWithPlacement), starts from -lgipp (MIG-UG).
#include "mig/placement.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace gpucfg {

namespace {

struct Search {
  const MigTable& t;
  const std::vector<int>& order;  // instance indices, hardest first
  const std::vector<int>& profiles;
  std::vector<int>& starts;

  bool Place(size_t k, uint32_t used) {
    if (k == order.size()) return true;
    const MigProfile& p = t.profiles[profiles[order[k]]];
    const uint32_t span = (p.memory_slices >= 32 ? 0xFFFFFFFFu : ((1u << p.memory_slices) - 1u));
    for (int s : p.starts) {
      if (s + p.memory_slices > t.memory_slots) continue;
      const uint32_t mask = span << s;
      if ((used & mask) != 0) continue;
      starts[order[k]] = s;
      if (Place(k + 1, used | mask)) return true;
    }
    return false;
  }
};

std::string Join(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

void Enumerate(const MigTable& t, size_t p, MigCounts& c, int compute, int memory, int n,
               std::vector<MigCounts>& out) {
  if (p == t.profiles.size()) {
    if (n > 0 && IsValidLayout(t, c)) out.push_back(c);
    return;
  }
  const MigProfile& q = t.profiles[p];
  for (int k = 0; k <= q.max_instances; ++k) {
    const int cc = compute + k * q.compute_slices, mm = memory + k * q.memory_slices;
    if (k > 0 && (cc > t.compute_slots || mm > t.memory_slots || n + k > t.max_instances)) break;
    c[p] = k;
    Enumerate(t, p + 1, c, cc, mm, n + k, out);
  }
  c[p] = 0;
}

double Sum(const MigTable& t, const MigCounts& c, bool memory) {
  double s = 0;
  for (size_t i = 0; i < c.size(); ++i)
    s += c[i] * (memory ? t.profiles[i].memory_gib : t.profiles[i].compute_slices);
  return s;
}

}  // namespace

bool PlaceMig(const MigTable& t, const std::vector<int>& profiles, std::vector<int>& starts) {
  starts.assign(profiles.size(), -1);
  std::vector<int> order(profiles.size());
  std::iota(order.begin(), order.end(), 0);
  // Largest memory span first, then the profile with the fewest allowed starts.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const MigProfile& x = t.profiles[profiles[a]];
    const MigProfile& y = t.profiles[profiles[b]];
    if (x.memory_slices != y.memory_slices) return x.memory_slices > y.memory_slices;
    return x.starts.size() < y.starts.size();
  });
  if (t.memory_slots > 31) return false;
  Search s{t, order, profiles, starts};
  return s.Place(0, 0);
}

MigCheck CheckMigLayout(const MigTable& t, const std::vector<int>& profiles) {
  MigCheck r;
  if (t.profiles.empty()) {
    r.reason_code = "no_profiles";
    r.reason = "NVIDIA publishes no MIG profile table for this GPU (" + t.table + "): no layout can be checked";
    return r;
  }
  const MigCounts c = CountsOf(t, profiles);
  int compute = 0, memory = 0, media = 0;
  for (size_t i = 0; i < c.size(); ++i) {
    const MigProfile& p = t.profiles[i];
    if (c[i] > p.max_instances) {
      r.reason_code = "count_limit";
      r.reason = "count limit: " + p.name + " allows at most " + std::to_string(p.max_instances) +
                 " per GPU, asked " + std::to_string(c[i]);
      return r;
    }
    compute += c[i] * p.compute_slices;
    memory += c[i] * p.memory_slices;
    if (p.media_extensions) media += c[i];
  }
  if (media > 1) {
    r.reason_code = "media_extensions";
    r.reason = "media extensions: only one +me instance per GPU (the GPU has one JPEG/OFA set), asked " +
               std::to_string(media);
    return r;
  }
  if (static_cast<int>(profiles.size()) > t.max_instances) {
    r.reason_code = "instances";
    r.reason = "instances: at most " + std::to_string(t.max_instances) + " GPU instances, asked " +
               std::to_string(profiles.size());
    return r;
  }
  if (compute > t.compute_slots) {
    r.reason_code = "compute_slices";
    r.reason = "compute slices: the profiles need " + std::to_string(compute) + " of the GPU's " +
               std::to_string(t.compute_slots);
    return r;
  }
  if (memory > t.memory_slots) {
    r.reason_code = "memory_slices";
    r.reason = "memory slices: the profiles need " + std::to_string(memory) + " of the GPU's " +
               std::to_string(t.memory_slots);
    return r;
  }
  std::vector<int> starts;
  if (!PlaceMig(t, profiles, starts)) {
    r.reason_code = "no_slot";
    r.reason = "no slot: the slice counts fit but no start slots avoid overlap (";
    bool first = true;
    for (size_t i = 0; i < c.size(); ++i) {
      if (c[i] == 0) continue;
      const MigProfile& p = t.profiles[i];
      r.reason += (first ? "" : "; ") + p.name + " spans " + std::to_string(p.memory_slices) +
                  " slot(s) from {" + Join(p.starts) + "}";
      first = false;
    }
    r.reason += ")";
    return r;
  }
  r.valid = true;
  for (size_t i = 0; i < profiles.size(); ++i) r.placement.push_back(MigPlaced{profiles[i], starts[i]});
  return r;
}

MigCounts CountsOf(const MigTable& t, const std::vector<int>& profiles) {
  MigCounts c(t.profiles.size(), 0);
  for (int p : profiles)
    if (p >= 0 && p < static_cast<int>(c.size())) ++c[p];
  return c;
}

std::vector<int> InstancesOf(const MigCounts& c) {
  std::vector<int> v;
  for (size_t i = c.size(); i-- > 0;)  // tables list profiles smallest first
    for (int k = 0; k < c[i]; ++k) v.push_back(static_cast<int>(i));
  return v;
}

bool IsValidLayout(const MigTable& t, const MigCounts& c) {
  if (c.size() != t.profiles.size()) return false;
  return CheckMigLayout(t, InstancesOf(c)).valid;
}

std::vector<MigCounts> EnumerateMigLayouts(const MigTable& t) {
  std::vector<MigCounts> out;
  if (t.profiles.empty()) return out;
  MigCounts c(t.profiles.size(), 0);
  Enumerate(t, 0, c, 0, 0, 0, out);
  return out;
}

bool IsMaximalLayout(const MigTable& t, const MigCounts& c) {
  if (!IsValidLayout(t, c)) return false;
  MigCounts d = c;
  for (size_t i = 0; i < d.size(); ++i) {
    ++d[i];
    const bool grows = IsValidLayout(t, d);
    --d[i];
    if (grows) return false;
  }
  return true;
}

std::vector<MigCounts> MaximalMigLayouts(const MigTable& t) {
  std::vector<MigCounts> out;
  for (const MigCounts& c : EnumerateMigLayouts(t))
    if (IsMaximalLayout(t, c)) out.push_back(c);
  return out;
}

int LayoutChanges(const MigCounts& a, const MigCounts& b) {
  int na = 0, nb = 0, common = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    na += a[i];
    nb += b[i];
    common += std::min(a[i], b[i]);
  }
  return std::max(na, nb) - common;
}

std::vector<MigCounts> ClosestMigLayouts(const MigTable& t, const MigCounts& requested, int limit) {
  std::vector<MigCounts> all = EnumerateMigLayouts(t);
  std::stable_sort(all.begin(), all.end(), [&](const MigCounts& a, const MigCounts& b) {
    const int ca = LayoutChanges(a, requested), cb = LayoutChanges(b, requested);
    if (ca != cb) return ca < cb;
    const double sa = Sum(t, a, false), sb = Sum(t, b, false);
    if (sa != sb) return sa > sb;
    return Sum(t, a, true) > Sum(t, b, true);
  });
  auto media = [&](const MigCounts& c) {
    int n = 0;
    for (size_t i = 0; i < c.size(); ++i) n += t.profiles[i].media_extensions ? c[i] : 0;
    return n;
  };
  std::vector<MigCounts> out;
  for (const MigCounts& c : all) {
    if (static_cast<int>(out.size()) >= limit) break;
    if (c == requested) continue;  // a valid request is its own closest layout: list others
    if (media(c) > media(requested)) continue;  // no media engines the request did not ask for
    out.push_back(c);
  }
  return out;
}

std::vector<std::string> LayoutNames(const MigTable& t, const MigCounts& c) {
  std::vector<std::string> names;
  for (int p : InstancesOf(c)) names.push_back(t.profiles[p].name);
  return names;
}

}  // namespace gpucfg
