// The power view's two questions (issue 34, item 4: no power rule in the panels): where the
// facility's power goes, from one report, and the same scenario at power caps across the board's
// range (`gpucfg power --cap-sweep N` prints it; the page's slider moves along it).
#pragma once

#include <array>

#include "catalog/catalog.h"
#include "contract/report.h"
#include "contract/scenario.h"
#include "resolve/power_cap.h"

namespace gpucfg {

// The facility power of report `r` in four parts that add up to power.facility_kw (power.cpp's
// node model): the GPU boards, the hosts (both DC), what the power supplies lose converting them,
// and what the facility adds on top (PUE: cooling, distribution).
struct PowerBreakdown {
  double gpus_kw = 0, hosts_kw = 0, psu_loss_kw = 0, facility_extra_kw = 0;
};
PowerBreakdown PowerBreakdownOf(const Scenario& s, const Report& r);

// The scenario evaluated at `kPoints` caps spread evenly over the GPU's accepted range (rounded to
// whole watts), with the board's default (no cap) as the reference. ok = false when the scenario
// does not evaluate, its GPU accepts no cap or one point fails (the points then stop there).
struct PowerCapSweep {
  static constexpr int kPoints = 9;
  PowerCapRange range;
  Report base;  // at the board's default limit (power.gpu_cap_w = 0)
  std::array<double, kPoints> cap_w{}, throughput_factor{}, energy_kwh{}, gpu_w{};
  bool ok = false;
};
void SweepPowerCap(const Scenario& s, const Catalog& catalog, PowerCapSweep& out);

}  // namespace gpucfg
