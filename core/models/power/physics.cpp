// The power model's physics: pure functions of plain numbers (see physics.h for every source).
#include "models/power/physics.h"

#include <algorithm>
#include <cmath>

namespace gpucfg::power {

double KernelDemandW(const KernelPowerModel& m, double u_comp, double u_mem) {
  const double dyn = std::max(0.0, m.board_w - m.idle_w);
  return m.idle_w + dyn * (m.memory_share * std::clamp(u_mem, 0.0, 1.0) + m.compute_share * std::clamp(u_comp, 0.0, 1.0));
}

double KernelPowerAtClock(const KernelPowerModel& m, double u_comp, double u_mem, double f, double exponent) {
  const double dyn = std::max(0.0, m.board_w - m.idle_w);
  const double comp = dyn * m.compute_share * std::clamp(u_comp, 0.0, 1.0);
  const double mem = dyn * m.memory_share * std::clamp(u_mem, 0.0, 1.0);
  // pow(1, y) is exactly 1 (IEEE 754): the unthrottled clock (the common case) skips libm.
  const double clock = std::clamp(f, 0.0, 1.0);
  return m.idle_w + mem + comp * (clock == 1.0 ? 1.0 : std::pow(clock, exponent));
}

double ClockFactorUnderLimit(const KernelPowerModel& m, double u_comp, double u_mem, double limit_w, double exponent) {
  const double dyn = std::max(0.0, m.board_w - m.idle_w);
  const double comp = dyn * m.compute_share * std::clamp(u_comp, 0.0, 1.0);
  const double mem = dyn * m.memory_share * std::clamp(u_mem, 0.0, 1.0);
  if (m.idle_w + mem + comp <= limit_w || comp <= 0) return 1.0;
  const double room = limit_w - m.idle_w - mem;
  if (room <= 0) return kMinClockFactor;
  return std::clamp(std::pow(room / comp, 1.0 / exponent), kMinClockFactor, 1.0);
}

double KernelTimeFactor(bool compute_bound, double u_comp, double f) {
  if (f >= 1.0) return 1.0;
  if (compute_bound) return 1.0 / f;
  return std::max(1.0, std::clamp(u_comp, 0.0, 1.0) / f);
}

int PsusNeeded(double peak_w, double psu_w, int spares) {
  if (psu_w <= 0 || peak_w <= 0) return 0;
  const int n = static_cast<int>(std::ceil(peak_w / psu_w - 1e-9));
  return n + (spares < 0 ? n : spares);
}

double BtuPerHour(double w) { return w * 3.412142; }

// 3.16 x W / dT[F] with dT[F] = 1.8 x dT[C].
double AirflowCfm(double w, double rise_c) { return rise_c > 0 ? 3.16 / 1.8 * w / rise_c : 0; }

double ThermalLimitW(double limit_w, double inlet_c, double max_inlet_c) {
  if (inlet_c <= max_inlet_c) return limit_w;
  const double span = kThrottleC - max_inlet_c;
  if (span <= 0) return limit_w;
  return limit_w * std::clamp((kThrottleC - inlet_c) / span, 0.0, 1.0);
}

}  // namespace gpucfg::power
