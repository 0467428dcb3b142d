// The physics of the power model as pure functions of plain numbers (no catalog, no scenario), so
// each relation can be tested on its own: board power of a kernel from its compute and memory
// utilisation, the clock a power limit allows, PSU counts with redundancy, heat, airflow and the
// thermal throttle. Every constant that is a judgement says so here and is overridable where it
// matters (scenario power.*).
#pragma once

namespace gpucfg::power {

// Board power of one GPU running a kernel (CMOS dynamic power ~ activity x C x V^2 x f, Rabaey,
// Digital Integrated Circuits ch. 5): idle + dynamic x (memory share x HBM utilisation + compute
// share x Tensor/ALU utilisation), at full clocks, before the limit clamps it.
struct KernelPowerModel {
  double board_w = 0;        // the board's default limit (TDP)
  double idle_w = 0;         // static + idle clocks
  // Judgements, checked against the V100 power-vs-arithmetic-intensity scan (calibration case
  // power-v100-pcie-roofline-example: a pure HBM stream draws about half of TDP; compute-bound
  // kernels run into the limit), and POLCA (Patel et al. 2023, arXiv 2308.12908): training draws
  // near TDP, memory-bound decoding well below it.
  double memory_share = 0.45;   // of (board - idle), HBM streaming at full bandwidth
  double compute_share = 0.95;  // of (board - idle), Tensor/ALU pipes at the best-GEMM rate (the
                                // best-GEMM microbenchmarks behind matmul_efficiency run at the
                                // board's power limit, so u_comp = 1 with ~10 % HBM use ~ the limit)
};

// Idle draw when the catalog has none: a judgement, 12 % of the board limit (nvidia-smi idle
// readings: A100 SXM4 ~50 W of 400, H100 SXM5 ~70-90 W of 700, V100 ~25-40 W of 250-300).
inline constexpr double kIdleShareOfBoard = 0.12;

// Demand at full clocks; u_comp, u_mem in 0..1.
double KernelDemandW(const KernelPowerModel& m, double u_comp, double u_mem);

// SM clock factor (0..1] a power limit allows a kernel: dynamic compute power ~ f^exponent at
// fixed utilisation (voltage tracks frequency in the DVFS range: exponent 3 in theory; measured GPU
// power-frequency curves fit 2-3: Mei et al. 2017, "A survey and measurement study of GPU DVFS";
// judgement 2.5). Memory power does not scale with the SM clock. Clamped to kMinClockFactor.
inline constexpr double kDvfsExponent = 2.5;
inline constexpr double kMinClockFactor = 0.3;
double ClockFactorUnderLimit(const KernelPowerModel& m, double u_comp, double u_mem, double limit_w,
                             double exponent = kDvfsExponent);
// Power a kernel draws at clock factor f (compute part ~ f^exponent).
double KernelPowerAtClock(const KernelPowerModel& m, double u_comp, double u_mem, double f,
                          double exponent = kDvfsExponent);
// Time factor (>= 1) of a kernel at clock factor f: compute-limited work stretches by 1/f; a
// memory-bound kernel only once its compute part (u_comp of its time) outgrows its memory time.
double KernelTimeFactor(bool compute_bound, double u_comp, double f);

// Power supplies: N = ceil(peak / rating), plus spares (spares < 0: N+N).
int PsusNeeded(double peak_w, double psu_w, int spares);

// Heat: 1 W = 3.412 BTU/h (NIST SP 811). Airflow for a heat load at an air temperature rise:
// CFM = W / (rho x cp x dT) = 1.76 x W / dT[C] at sea-level air (ASHRAE Fundamentals; the data-
// centre rule CFM = 3.16 x W / dT[F]).
double BtuPerHour(double w);
double AirflowCfm(double w, double rise_c);

// Air-cooled thermal throttle: the board sheds at most limit x (T_throttle - inlet) / (T_throttle -
// max_inlet) once the inlet is above the server's rated maximum (the cooler is sized to hold the
// board at its throttle point at max inlet; heat removed ~ temperature difference, Newton's law).
// T_throttle 85 C: the seed guide's "A100 SXM4 drops clocks at 85 C" and the 85 C GPU target
// temperature nvidia-smi shows on recent boards (a judgement).
inline constexpr double kThrottleC = 85.0;
double ThermalLimitW(double limit_w, double inlet_c, double max_inlet_c);

}  // namespace gpucfg::power
