// Resolution of the power section (contract v2): which server hosts the GPUs, the power limit each
// GPU runs under, the edge power mode, the cooling, PSU redundancy and the grid's carbon intensity.
// Errors name the field and what was expected; the success path allocates nothing.
#include <algorithm>
#include <cstdio>
#include <string>

#include "resolve/resolve.h"
#include "resolve/power_cap.h"

namespace gpucfg {
namespace {

std::string Watts(double w) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", w);
  return buf;
}

// The generic server for a GPU when the scenario names none: the DGX/HGX it ships in (typical_gpu),
// else the smallest generic PCIe box with enough slots, else the largest one.
const ServerSpec* GenericServer(const Catalog& c, const GpuSpec& g, int gpus_per_node) {
  if (HasPowerModes(c, g.id)) {  // an edge module: its developer kit
    for (const ServerSpec& s : c.servers)
      if (s.gpu_form_factor == "module") return &s;
  }
  if (g.form_factor != "PCIe") {
    for (const ServerSpec& s : c.servers)
      if (EqualsIgnoreCase(s.typical_gpu, g.id) && s.gpu_count >= gpus_per_node && s.vendor == "NVIDIA") return &s;
    for (const ServerSpec& s : c.servers)
      if (EqualsIgnoreCase(s.typical_gpu, g.id) && s.gpu_count >= gpus_per_node) return &s;
    for (const ServerSpec& s : c.servers)  // another SXM/OAM/superchip board: a generic HGX host
      if (s.vendor == "generic" && s.gpu_form_factor.rfind("SXM", 0) == 0) return &s;
  }
  const ServerSpec* best = nullptr;
  for (const ServerSpec& s : c.servers) {
    if (s.vendor != "generic" || s.gpu_form_factor != "PCIe") continue;
    if (s.gpu_count >= gpus_per_node && (!best || s.gpu_count < best->gpu_count)) best = &s;
  }
  if (best) return best;
  for (const ServerSpec& s : c.servers)
    if (s.vendor == "generic" && s.gpu_form_factor == "PCIe" && (!best || s.gpu_count > best->gpu_count)) best = &s;
  return best;
}

}  // namespace

PowerCapRange CapRangeOf(const GpuSpec& g) {
  // No published minimum: a quarter of the board limit (A100 SXM4's is 100 of 400 W, H100 SXM5's 200 of 700 W).
  return {g.min_power_limit_w > 0 ? g.min_power_limit_w : 0.25 * g.tdp_watts,
          g.max_power_limit_w > 0 ? g.max_power_limit_w : g.tdp_watts, g.min_power_limit_w > 0};
}

bool ResolvePower(const Scenario& s, const Catalog& c, Resolved& r, Issues* errors) {
  bool ok = true;
  auto fail = [&](const char* code, const char* path, std::string message) {
    ok = false;
    if (errors) errors->push_back(Issue{code, std::move(message), path});
  };
  const PowerConfig& p = s.power;
  const GpuSpec* gp = FindGpu(c, s.cluster.gpu);
  if (!gp) return false;  // ResolveCluster reported it
  const GpuSpec& g = *gp;
  if (!s.cluster.server.empty()) {
    r.server = FindServer(c, s.cluster.server);
    if (!r.server) {
      std::string ids;
      for (const ServerSpec& x : c.servers) ids += (ids.empty() ? "" : ", ") + x.id;
      fail("unknown_server", "/cluster/server", "expected a server catalog id (one of: " + ids + "), found \"" + s.cluster.server + "\"");
    } else if (s.cluster.gpus_per_node > r.server->gpu_count) {
      fail("incompatible", "/cluster/gpus_per_node",
           r.server->id + " holds " + std::to_string(r.server->gpu_count) + " GPUs; expected gpus_per_node <= " +
               std::to_string(r.server->gpu_count) + ", found " + std::to_string(s.cluster.gpus_per_node));
    }
  } else {
    r.server = GenericServer(c, g, s.cluster.gpus_per_node);
  }

  // Edge power modes (Jetson nvpmodel): the module budget replaces the board limit.
  r.power_mode = nullptr;
  r.power_mode_max = nullptr;
  for (const PowerMode& m : c.power_modes)
    if (EqualsIgnoreCase(m.gpu, g.id) && (!r.power_mode_max || m.module_w > r.power_mode_max->module_w)) r.power_mode_max = &m;
  if (!p.mode.empty()) {
    if (!r.power_mode_max) {
      fail("incompatible", "/power/mode", g.id + " has no power modes (they are for edge modules such as Jetson); expected \"\", found \"" + p.mode + "\"");
    } else {
      r.power_mode = FindPowerMode(c, g.id, p.mode);
      if (!r.power_mode) {
        std::string ids;
        for (const PowerMode& m : c.power_modes)
          if (EqualsIgnoreCase(m.gpu, g.id)) ids += (ids.empty() ? "" : " | ") + m.id;
        fail("unknown_value", "/power/mode", "expected a power mode of " + g.id + " (" + ids + "), found \"" + p.mode + "\"");
      }
    }
  } else {
    r.power_mode = r.power_mode_max;
  }

  // Board limit and the cap (nvidia-smi -pl accepts min..max power limit).
  r.gpu_board_w = g.tdp_watts;
  if (r.server && r.server->gpu_power_limit_w > 0) r.gpu_board_w = std::min(r.gpu_board_w, r.server->gpu_power_limit_w);
  if (r.power_mode) r.gpu_board_w = r.power_mode->module_w;
  r.gpu_limit_w = r.gpu_board_w;
  const PowerCapRange range = CapRangeOf(g);
  r.gpu_min_limit_w = range.lo_w;
  if (p.gpu_cap_w > 0) {
    if (r.power_mode_max) {
      fail("incompatible", "/power/gpu_cap_w", g.id + " is an edge module: its power is set by power.mode, not a cap; expected 0");
    } else {
      const double hi = range.hi_w, lo = range.lo_w;
      if (p.gpu_cap_w < lo || p.gpu_cap_w > hi)
        fail("out_of_range", "/power/gpu_cap_w",
             "expected W from " + Watts(lo) + " to " + Watts(hi) + " (" + g.id + "'s power-limit range" +
                 (g.min_power_limit_w > 0 ? "" : "; no published minimum, so a quarter of the board limit") +
                 "), found " + Watts(p.gpu_cap_w));
      else
        r.gpu_limit_w = p.gpu_cap_w;
    }
  }

  // Cooling and redundancy.
  r.cooling = !p.cooling.empty() ? std::string_view(p.cooling)
              : r.server && !r.server->cooling.empty() ? std::string_view(r.server->cooling)
                             : std::string_view("air");
  if (r.cooling != "air" && r.cooling != "liquid" && r.cooling != "immersion") {
    if (!p.cooling.empty())
      fail("unknown_value", "/power/cooling", "expected air | liquid | immersion, found \"" + p.cooling + "\"");
    else  // the server's own, from a site catalog that replaced it (the catalog reads it as free text)
      fail("incompatible", "/cluster/server",
           "the catalog entry for " + r.server->id + " has cooling \"" + r.server->cooling +
               "\" (a site catalog replaced it?); expected air | liquid | immersion, or set power.cooling");
    r.cooling = "air";
  }
  const std::string& red = p.psu_redundancy;
  if (red.empty()) r.psu_spares = r.server ? r.server->psu_spares : 1;
  else if (EqualsIgnoreCase(red, "none")) r.psu_spares = 0;
  else if (EqualsIgnoreCase(red, "n+1")) r.psu_spares = 1;
  else if (EqualsIgnoreCase(red, "n+n")) r.psu_spares = -1;
  else fail("unknown_value", "/power/psu_redundancy", "expected none | n+1 | n+n (or \"\" for the server's own), found \"" + red + "\"");

  // Grid carbon intensity: explicit figure, else the preset, else by currency.
  std::string_view grid = p.grid;
  if (grid.empty()) grid = EqualsIgnoreCase(s.pricing.currency, "CNY") ? "cn" : EqualsIgnoreCase(s.pricing.currency, "EUR") ? "eu" : "us";
  const GridPreset* preset = FindGrid(c, grid);
  if (!preset && !p.grid.empty()) {
    std::string ids;
    for (const GridPreset& x : c.grids) ids += (ids.empty() ? "" : " | ") + x.id;
    fail("unknown_value", "/power/grid", "expected a grid preset (" + ids + "), found \"" + p.grid + "\"");
  }
  r.grid = preset ? std::string_view(preset->id) : std::string_view();
  r.grid_kg_per_kwh = p.grid_kg_per_kwh > 0 ? p.grid_kg_per_kwh : preset ? preset->kg_per_kwh : 0;
  return ok;
}

}  // namespace gpucfg
