// Power model: GPU draw per phase of the job, the cost of a cap or an edge power mode, the node at
// the wall, PSUs, racks, cooling and the job's energy and CO2e. The relations live in physics.h;
// this file walks the speed model's step breakdown and roofline points through them.
#include "models/power/power.h"

#include <algorithm>
#include <cstdint>
#include <cmath>

#include "base/units.h"
#include "models/model_cache.h"
#include "models/power/physics.h"

namespace gpucfg {

using namespace std::literals;  // "..."sv: a literal's length known at compile time (no strlen in -Oz wasm)
namespace {

using power::KernelPowerModel;

// Judgements (no published per-phase figure exists): share of the board's dynamic power drawn
// while NCCL kernels move data with the SMs mostly waiting, and during pipeline bubbles (clocks up,
// nothing issued). POLCA (arXiv 2308.12908, Sec. 4) shows communication-heavy phases well below TDP.
constexpr double kCommShare = 0.25;
constexpr double kBubbleShare = 0.10;
// A kernel the speed model finds compute-bound keeps its bounding pipe issuing, padded tiles and
// wave tails included (they burn power without counting as FLOPs): its activity is taken as at
// least 0.9 (judgement; LLM training logs sit at 85-100 % of TDP, POLCA Sec. 4).
constexpr double kComputeBoundActivity = 0.9;
// Host loads while GPUs are busy (judgements): CPUs feed data and drive NCCL proxies at about half
// their TDP; DIMMs, NICs and NVSwitches stay busy; drives mostly idle between checkpoints.
constexpr double kCpuLoad = 0.5, kMemoryLoad = 0.8, kNicLoad = 0.8, kSwitchLoad = 0.8, kStorageLoad = 0.5;
constexpr double kFanFloor = 0.3;   // fans never idle below ~30 % speed in a busy node (judgement)
constexpr int kRackUnits = 42;      // a standard 42U rack (space before power)
// With cold plates on GPUs and CPUs (liquid) the fans still cool DIMMs, NICs, drives and PSUs:
// a quarter of their air-cooled power (judgement); immersion needs none (pumps count in the PUE).
constexpr double kLiquidFanShare = 0.25;

// How a limit (or a power mode) changes one phase: time factor and average board power.
struct PhaseAtLimit {
  double time_factor = 1;     // time under the limit / time at the reference
  double power_w = 0;         // average board power under the limit
  double ref_power_w = 0;     // average board power at the reference
  double clock = 1;           // SM clock factor of its compute-bound kernels
};

struct Operating {             // how the GPU runs (a new field goes into PutOperatingPoint below too)
  KernelPowerModel model;      // at the reference limit (board default, or MAXN for a module)
  double limit_w = 0;          // enforced limit
  bool fixed_clocks = false;   // edge power mode: clocks set by the mode, not by power
  double mode_clock = 1, mode_memory = 1;
  KernelPowerModel mode_model; // the module at its mode's budget
};

// a == b for the phase and op names of roofline points: the literals a report is written with are
// usually the very ones compared against (one merged copy), so equal pointers answer first.
bool SameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.data() == b.data() || a == b);
}

double Utilisation(double amount, double time_s, double rate) {
  return time_s > 0 && rate > 0 ? std::min(1.0, amount / time_s / rate) : 0;
}

// One kernel class (u_comp, u_mem, compute-bound or not) at the reference and under the limit:
// what it draws and how much slower it runs, whatever its share of the phase.
PowerKernel KernelOf(const Operating& op, bool cb, double u_comp, double u_mem) {
  const KernelPowerModel& m = op.model;
  const double f0 = power::ClockFactorUnderLimit(m, u_comp, u_mem, m.board_w);
  PowerKernel k;
  k.ref_power_w = power::KernelPowerAtClock(m, u_comp, u_mem, f0);
  if (op.fixed_clocks) {
    // nvpmodel fixes the clocks (JETSON-PM): the reference is the top mode at its own clocks, not
    // a DVFS point under the board power, so time scales with the mode's clocks alone.
    k.time_factor = cb ? 1 / op.mode_clock : std::max(1 / op.mode_memory, u_comp / op.mode_clock);
    k.power_w = std::min(op.limit_w, power::KernelDemandW(op.mode_model, u_comp, u_mem));
    k.clock = op.mode_clock;
  } else {
    // Uncapped (the limit is the reference board power, bit for bit): the same pure calls with the
    // same arguments, so f0 and the reference power are reused instead of paying their pow() twice.
    const bool at_board = BitsOf(op.limit_w) == BitsOf(m.board_w);
    const double f = at_board ? f0 : power::ClockFactorUnderLimit(m, u_comp, u_mem, op.limit_w);
    k.time_factor = power::KernelTimeFactor(cb, u_comp, f) / power::KernelTimeFactor(cb, u_comp, f0);
    k.power_w = std::min(op.limit_w, at_board ? k.ref_power_w : power::KernelPowerAtClock(m, u_comp, u_mem, f));
    // A phase's clock is its compute-bound kernels' lowest; 1 leaves it (a phase starts at 1 and
    // only falls).
    k.clock = cb ? f / f0 : 1.0;
  }
  return k;
}

// The kernel `k` running for `t` seconds (at the reference) added to a phase.
void AddKernel(const PowerKernel& k, double t, PhaseAtLimit& acc, double& t_new) {
  acc.clock = std::min(acc.clock, k.clock);
  acc.ref_power_w += k.ref_power_w * t;
  acc.power_w += k.power_w * t * k.time_factor;
  t_new += t * k.time_factor;
}

void AddKernel(const Operating& op, bool cb, double u_comp, double u_mem, double t, PhaseAtLimit& acc, double& t_new) {
  AddKernel(KernelOf(op, cb, u_comp, u_mem), t, acc, t_new);
}

// One kernel of a phase as the power model reads it (a roofline point, or the op it is written from).
struct PhaseOp {
  double flops = 0, bytes = 0, time_s = 0;
  bool is_logits = false, compute_bound = false;
};

static_assert(PowerKernels::kMaxOps >= PerformanceReport::kMaxRooflinePoints, "a phase's points fit its kernels");

// The kernels of a phase's ops (those that take time), in order (PowerKernels in model_cache.h).
void KernelsOf(const Operating& op, const RooflineCeiling& ceiling, const PhaseOp* ops, int n, PowerKernels& out) {
  // Compute utilisation against the rate GEMMs sustain in a running job: that rate is what a
  // power-limited GPU keeps up (the sustained share covers its clock droop), so u_comp = 1 there.
  const double peak = (ceiling.sustained_tflops > 0 ? ceiling.sustained_tflops : ceiling.achievable_tflops) * kFlopsPerTflop;
  const double hbm = ceiling.achievable_hbm_gbps * kBytesPerGB;
  out.count = 0;
  for (int i = 0; i < n; ++i) {
    const PhaseOp& x = ops[i];
    if (x.time_s <= 0) continue;
    double u_comp = Utilisation(x.flops, x.time_s, peak);
    if (x.compute_bound) u_comp = std::max(u_comp, kComputeBoundActivity);
    out.ops[out.count++] = {x.time_s, x.is_logits, KernelOf(op, x.compute_bound, u_comp, Utilisation(x.bytes, x.time_s, hbm))};
  }
}

// A phase made of one layer's ops and the logits, or of one kernel class when there are none.
// Layer ops count once per layer of the busiest pipeline stage, the logits once.
PhaseAtLimit PhaseOfKernels(const Operating& op, const PowerKernels& kernels, double layers_per_stage,
                            bool fallback_cb, double fallback_comp, double fallback_mem) {
  PhaseAtLimit acc;
  double t = 0, t_new = 0;
  for (int i = 0; i < kernels.count; ++i) {
    const PowerKernels::Op& x = kernels.ops[i];
    const double w = x.is_logits ? 1.0 : layers_per_stage;
    AddKernel(x.kernel, w * x.time_s, acc, t_new);
    t += w * x.time_s;
  }
  if (t <= 0) {
    AddKernel(op, fallback_cb, fallback_comp, fallback_mem, 1.0, acc, t_new);
    t = 1.0;
  }
  acc.time_factor = t_new / t;
  acc.ref_power_w /= t;
  acc.power_w /= t_new;
  return acc;
}

PhaseAtLimit PhaseOfOps(const Operating& op, const RooflineCeiling& ceiling, const PhaseOp* ops, int n,
                        double layers_per_stage, bool fallback_cb, double fallback_comp, double fallback_mem) {
  PowerKernels kernels;
  KernelsOf(op, ceiling, ops, n, kernels);
  return PhaseOfKernels(op, kernels, layers_per_stage, fallback_cb, fallback_comp, fallback_mem);
}

// The ops of the report's roofline points of `phase`, in order; returns how many.
int PointOps(const PerformanceReport& perf, std::string_view phase, PhaseOp* ops) {
  int n = 0;
  for (int i = 0; i < perf.roofline_count; ++i) {
    const RooflinePoint& x = perf.roofline[i];
    if (SameName(x.phase, phase)) ops[n++] = {x.flops, x.bytes, x.time_s, SameName(x.op, "logits"sv), x.compute_bound};
  }
  return n;
}

// The ops of a layer pass whose points were not written (ModelCache::training_layer): those
// AddRooflinePoints would have written (with FLOPs or bytes) in its order, then the logits.
int PassOps(const LayerCost& layer, const OpCost& logits, PhaseOp* ops) {
  int n = 0;
  for (int i = 0; i <= kLayerOpCount; ++i) {
    const OpCost& x = i < kLayerOpCount ? layer.ops[i] : logits;
    if (x.flops + x.bytes > 0) ops[n++] = {x.flops, x.bytes, x.time_s, i == kLayerOpCount, x.compute_bound};
  }
  return n;
}

// The phase from the report's roofline points of `phase`.
PhaseAtLimit RooflinePhaseOf(const Operating& op, const PerformanceReport& perf, std::string_view phase,
                             double layers_per_stage, bool fallback_cb, double fallback_comp, double fallback_mem) {
  PhaseOp ops[PerformanceReport::kMaxRooflinePoints];
  const int n = PointOps(perf, phase, ops);
  return PhaseOfOps(op, perf.ceiling, ops, n, layers_per_stage, fallback_cb, fallback_comp, fallback_mem);
}

// The operating point and the ceiling as bits: the words the phase context key below starts with.
int PutOperatingPoint(const Operating& op, const PerformanceReport& perf, uint64_t* k) {
  int n = 0;
  auto put = [&](double v) { k[n++] = BitsOf(v); };
  for (const power::KernelPowerModel* m : {&op.model, &op.mode_model})
    put(m->board_w), put(m->idle_w), put(m->memory_share), put(m->compute_share);
  put(op.limit_w), put(op.fixed_clocks), put(op.mode_clock), put(op.mode_memory);
  put(perf.ceiling.sustained_tflops), put(perf.ceiling.achievable_tflops), put(perf.ceiling.achievable_hbm_gbps);
  return n;
}

// What RooflinePhaseOf reads besides the points and the stage's layers: the operating point, the
// ceiling, the fallback kernel (ModelCache::SerialPhases holds them once per shape).
int PhaseContextKey(const Operating& op, const PerformanceReport& perf, bool fallback_cb, double fallback_comp,
                    double fallback_mem, uint64_t* k) {
  int n = PutOperatingPoint(op, perf, k);
  auto put = [&](double v) { k[n++] = BitsOf(v); };
  put(fallback_cb), put(fallback_comp), put(fallback_mem);
  return n;
}

// RooflinePhaseOf, memoised in `cache` when given (the planner's candidates share their phases).
// The training phase's points are named by the serial of the cached pass that wrote them
// (ModelCache::training_points_serial), so its key is that number and the stage's layers. Other
// phases are computed each time: an inference candidate's prefill and decode points change with
// every batch, so a memo keyed by every point (an earlier version) never hit and cost ~10 % of an
// inference candidate to key.
PhaseAtLimit RooflinePhase(const Operating& op, const PerformanceReport& perf, std::string_view phase,
                           double layers_per_stage, bool fallback_cb, double fallback_comp, double fallback_mem,
                           ModelCache* cache = nullptr, uint64_t* checked_context = nullptr) {
  if (cache && cache->training_points_serial != 0 && phase == "training"sv) {
    ModelCache::SerialPhases& memo = cache->serial_phases;
    // `checked_context`: the registered resolution's operating point and ceiling are fixed, so once
    // checked against the memo's context they need no key again until the memo holds another.
    if (!checked_context || *checked_context != memo.context_id) {
      uint64_t ctx[ModelCache::SerialPhases::kWords];
      const int n = PhaseContextKey(op, perf, fallback_cb, fallback_comp, fallback_mem, ctx);
      memo.Use(ctx, n);
      if (checked_context) *checked_context = memo.context_id;
    }
    const uint64_t serial = cache->training_points_serial, layers_bits = BitsOf(layers_per_stage);
    if (const PowerPhase* hit = memo.Find(serial, layers_bits))
      return PhaseAtLimit{hit->time_factor, hit->power_w, hit->ref_power_w, hit->clock};
    // The pass's kernels do not depend on the stage's layers: another pipeline depth of the same
    // pass only weighs them again (no pow() per kernel).
    const PowerKernels* kernels = memo.FindKernels(serial);
    if (!kernels) {
      PhaseOp ops[PerformanceReport::kMaxRooflinePoints];
      const int n = cache->training_layer ? PassOps(*cache->training_layer, *cache->training_logits, ops)
                                          : PointOps(perf, phase, ops);
      PowerKernels& stored = memo.StoreKernels(serial);
      KernelsOf(op, perf.ceiling, ops, n, stored);
      kernels = &stored;
    }
    const PhaseAtLimit p = PhaseOfKernels(op, *kernels, layers_per_stage, fallback_cb, fallback_comp, fallback_mem);
    memo.Store(serial, layers_bits, PowerPhase{p.time_factor, p.power_w, p.ref_power_w, p.clock});
    return p;
  }
  return RooflinePhaseOf(op, perf, phase, layers_per_stage, fallback_cb, fallback_comp, fallback_mem);
}

PhaseAtLimit WaitPhase(const Operating& op, double share) {
  const KernelPowerModel& m = op.fixed_clocks ? op.mode_model : op.model;
  PhaseAtLimit p;
  p.ref_power_w = op.model.idle_w + (op.model.board_w - op.model.idle_w) * share;
  p.power_w = std::min(op.limit_w, m.idle_w + (m.board_w - m.idle_w) * share);
  return p;
}

struct JobAtLimit {
  double factor = 1;          // speed under the limit / at the reference
  double gpu_w = 0;           // average board power under the limit
  double compute_w = 0, memory_w = 0, comm_w = 0, clock = 1;
};

// The whole step (training) or request (inference) under the operating point.
JobAtLimit EvaluateJob(const Resolved& r, const PerformanceReport& perf, const Operating& op,
                       ModelCache* cache = nullptr) {
  JobAtLimit j;
  const bool inference = !r.training();
  const double layers = std::max(1.0, double(r.arch.layers) / std::max(1, r.pp));
  struct Part { double t; PhaseAtLimit p; };
  Part parts[4];
  int n = 0;
  if (!inference) {
    const StepBreakdown& b = perf.breakdown;
    const double comm = b.tp_comm_s + b.pp_comm_s + b.dp_comm_s + b.zero3_comm_s + b.ep_comm_s + b.cp_comm_s;
    const double compute = b.compute_s + b.recompute_s;
    const double rest = std::max(0.0, perf.step_time_s - compute - comm - b.bubble_s - b.optimizer_s);
    // The candidate path's resolution (ModelCache::ShapeValues) has one operating point and ceiling.
    uint64_t* checked = cache && cache->shape.resolution == &r ? &cache->shape.power_context_id : nullptr;
    parts[n++] = {compute, RooflinePhase(op, perf, "training"sv, layers, true, 0.8, 0.3, cache, checked)};
    // optimizer: streams states at HBM speed. It depends on the operating point alone, so the
    // candidate path keeps it with the context the training phase above just checked.
    ModelCache::SerialPhases* memo =
        cache && cache->training_points_serial != 0 ? &cache->serial_phases : nullptr;
    PhaseAtLimit opt;
    if (memo && memo->have_optimizer) {
      const PowerPhase& v = memo->optimizer;
      opt = PhaseAtLimit{v.time_factor, v.power_w, v.ref_power_w, v.clock};
    } else {
      double t_new = 0;
      AddKernel(op, false, 0.05, 1.0, 1.0, opt, t_new);
      opt.time_factor = t_new, opt.power_w /= t_new;
      if (memo) memo->optimizer = PowerPhase{opt.time_factor, opt.power_w, opt.ref_power_w, opt.clock}, memo->have_optimizer = true;
    }
    parts[n++] = {b.optimizer_s, opt};
    parts[n++] = {comm + rest, WaitPhase(op, kCommShare)};
    parts[n++] = {b.bubble_s, WaitPhase(op, kBubbleShare)};
    j.compute_w = parts[0].p.power_w, j.memory_w = opt.power_w, j.comm_w = parts[2].p.power_w;
  } else {
    const double prefill = perf.ttft_s;
    const double decode = std::max(0.0, perf.request_latency_s - perf.ttft_s);
    parts[n++] = {prefill, RooflinePhase(op, perf, "prefill"sv, layers, true, 0.8, 0.3, cache)};
    // An encoder (BERT) answers in its one pass: no generated tokens, so no decode phase to weigh in.
    const bool encoder = r.arch.encoder_only && !IsNetwork(r.network);
    parts[n++] = {encoder ? 0.0 : decode > 0 ? decode : perf.tpot_s, RooflinePhase(op, perf, "decode"sv, layers, false, 0.05, 0.9, cache)};
    j.compute_w = parts[0].p.power_w, j.memory_w = parts[1].p.power_w, j.comm_w = WaitPhase(op, kCommShare).power_w;
  }
  double t0 = 0, t1 = 0, energy = 0;
  for (int i = 0; i < n; ++i) {
    t0 += parts[i].t;
    t1 += parts[i].t * parts[i].p.time_factor;
    energy += parts[i].t * parts[i].p.time_factor * parts[i].p.power_w;
    j.clock = std::min(j.clock, parts[i].p.clock);
  }
  if (t0 <= 0) {  // no breakdown (should not happen): the compute phase alone
    j.gpu_w = parts[0].p.power_w;
    j.factor = 1 / parts[0].p.time_factor;
    return j;
  }
  j.factor = t0 / t1;
  j.gpu_w = energy / t1;
  return j;
}

Operating MakeOperating(const Resolved& r, double limit_w) {
  Operating op;
  const EffectiveDevice& g = r.device;
  const double ref_board = r.power_mode_max ? r.power_mode_max->module_w : r.gpu_board_w;
  op.model.board_w = ref_board;
  op.model.idle_w = g.idle_w > 0 ? std::min(g.idle_w, ref_board) : power::kIdleShareOfBoard * ref_board;
  op.limit_w = limit_w;
  if (r.power_mode && r.power_mode_max) {
    const PowerMode& m = *r.power_mode;
    const PowerMode& top = *r.power_mode_max;
    op.fixed_clocks = true;
    op.mode_clock = top.gpu_max_mhz > 0 && top.gpu_tpcs > 0 ? (m.gpu_max_mhz * m.gpu_tpcs) / (top.gpu_max_mhz * top.gpu_tpcs) : 1;
    op.mode_memory = top.emc_max_mhz > 0 ? m.emc_max_mhz / top.emc_max_mhz : 1;
    op.mode_model.board_w = m.module_w;
    op.mode_model.idle_w = power::kIdleShareOfBoard * m.module_w;
  }
  return op;
}

struct Host {
  double avg_w = 0, peak_w = 0;
};

// The host (everything but the GPUs, DC side) under a job. Fans follow the heat against what the
// chassis is built to remove (its GPUs at their default board power, transients included, and the
// host at full load: a power cap lowers the heat, not the design), and their power goes with the
// cube of their speed (fan affinity laws). With a measured idle input (idle_w) the host's
// own draw is that input at the supplies' efficiency less the idle GPUs: MLPerf Power logs show the
// host barely moving between idle and a GPU-bound job (a DGX A100 at 1.47 kW idle, about 3.1 kW under
// ResNet-50 with eight 250 W-capped GPUs; data/servers.json cites the logs), so only the fans' rise
// with the heat is added. Without one, each component's TDP at its load share above.
Host HostPower(const ServerSpec* s, int gpus_per_node, double gpu_avg_w, double gpu_design_w, double gpu_idle_w,
               std::string_view cooling) {
  Host h;
  if (!s) return h;
  // A generic server with fewer slots than the scenario's GPUs: its host scaled per GPU.
  const double scale = s->gpu_count > 0 && gpus_per_node > s->gpu_count ? double(gpus_per_node) / s->gpu_count : 1.0;
  const double cpu = s->cpu_count * s->cpu_w, nic = s->nic_count * s->nic_w, sw = s->nvswitch_count * s->nvswitch_w;
  const double peak = cpu + s->memory_w + nic + sw + s->storage_w + s->other_w;
  const double fans = s->fans_w * (cooling == "immersion"sv ? 0.0 : cooling == "liquid"sv && s->cooling == "air"sv ? kLiquidFanShare : 1.0);
  auto fan_load = [&](double gpu_w, double host_w) {
    return gpu_design_w > 0 ? std::clamp((gpus_per_node * gpu_w + host_w) / (gpus_per_node * gpu_design_w + peak), kFanFloor, 1.0) : 1.0;
  };
  h.peak_w = scale * (peak + fans);
  if (s->idle_w > 0) {
    const double eff = s->psu_efficiency > 0 ? s->psu_efficiency : 0.94;
    const int slots = s->gpu_count > 0 ? s->gpu_count : gpus_per_node;
    const double idle = std::max(0.0, s->idle_w * eff - slots * gpu_idle_w);  // fans at their idle speed included
    const double load = fan_load(gpu_avg_w, idle), at_idle = fan_load(gpu_idle_w, idle);
    h.avg_w = scale * (idle + fans * std::max(0.0, load * load * load - at_idle * at_idle * at_idle));
    return h;
  }
  const double avg = cpu * kCpuLoad + s->memory_w * kMemoryLoad + nic * kNicLoad + sw * kSwitchLoad +
                     s->storage_w * kStorageLoad + s->other_w;
  const double load = fan_load(gpu_avg_w, avg);
  h.avg_w = scale * (avg + fans * load * load * load);
  return h;
}

double Percent(double ratio) { return std::round((ratio - 1) * 1000) / 10; }

}  // namespace

PowerReport ComputePower(const Resolved& r, const PerformanceReport& perf, WarningList& warnings) {
  PowerReport p;
  ComputePowerInto(r, perf, kFullEvaluation, warnings, p);
  return p;
}

void ComputePowerInto(const Resolved& r, const PerformanceReport& perf, const EvaluateOptions& o,
                      WarningList& warnings, PowerReport& p) {
  p = PowerReport{};
  const PowerConfig& cfg = r.power;
  const ServerSpec* srv = r.server;
  const int n = r.gpus_per_node;
  p.server = srv ? std::string_view(srv->id) : std::string_view();
  p.cooling = r.cooling;
  p.mode = r.power_mode ? std::string_view(r.power_mode->id) : std::string_view();
  p.gpu_board_w = r.power_mode_max ? r.power_mode_max->module_w : r.gpu_board_w;

  // The limit each GPU runs under: cap or mode, then the air-cooled thermal throttle.
  double limit = r.gpu_limit_w;
  const bool air = p.cooling == "air"sv;
  const double max_inlet = srv ? srv->max_inlet_c : 35.0;
  if (air) limit = power::ThermalLimitW(limit, cfg.inlet_c, max_inlet);
  const Operating op = MakeOperating(r, limit);
  const JobAtLimit job = EvaluateJob(r, perf, op, o.cache);
  p.gpu_idle_w = op.model.idle_w;
  p.gpu_limit_w = limit;
  p.gpu_w = job.gpu_w;
  p.gpu_compute_w = job.compute_w, p.gpu_memory_bound_w = job.memory_w, p.gpu_comm_w = job.comm_w;
  p.clock_factor = job.clock;
  p.throughput_factor = job.factor;
  p.gpu_peak_w = limit * cfg.transient_factor;
  if (r.power_mode) p.mode_tops = r.power_mode->tops;

  // The node at the wall.
  const double fan_design_w = p.gpu_board_w * cfg.transient_factor;  // the heat the fans are built for (HostPower)
  const Host host = HostPower(srv, n, p.gpu_w, fan_design_w, p.gpu_idle_w, p.cooling);
  p.host_w = host.avg_w, p.host_peak_w = host.peak_w;
  p.psu_efficiency = srv && srv->psu_efficiency > 0 ? srv->psu_efficiency : 0.94;
  p.node_w = (n * p.gpu_w + host.avg_w) / p.psu_efficiency;
  const double peak_dc = n * p.gpu_peak_w + host.peak_w;
  const double peak_raw = peak_dc / p.psu_efficiency;
  // A server keeps its input within its rated maximum (firmware power brake, PSU design).
  const double rated = srv && srv->rated_w > 0 ? srv->rated_w * (srv->gpu_count > 0 && n > srv->gpu_count ? double(n) / srv->gpu_count : 1.0) : 0;
  p.node_peak_w = rated > 0 ? std::min(peak_raw, rated) : peak_raw;
  p.cluster_kw = p.node_w * r.nodes / 1000.0;
  p.facility_kw = p.cluster_kw * r.pue;  // PUE = facility / IT power (The Green Grid, WP 49)
  p.grid_kg_per_kwh = r.grid_kg_per_kwh;
  if (!o.power_details) {  // the lean path: what a ranking reads is above (issue 8)
    SetEnergy(r, perf.time_to_train_s / p.throughput_factor, p);
    return;
  }

  // Supply and PSUs. A generic server with fewer slots than the scenario's GPUs stands for a bigger
  // box of its kind: its supplies scale with its host (HostPower).
  const double scale = srv && srv->gpu_count > 0 && n > srv->gpu_count ? double(n) / srv->gpu_count : 1.0;
  const int server_spares = srv ? srv->psu_spares : 0;
  p.psus_installed = srv ? static_cast<int>(std::ceil(srv->psu_count * scale - 1e-9)) : 0;
  p.psu_w = srv ? srv->psu_w : 0;
  p.node_supply_w = cfg.node_supply_w > 0 ? cfg.node_supply_w
                    : srv ? std::max(0.0, srv->psu_count * scale - server_spares) * srv->psu_w : 0;
  p.psus_per_node = power::PsusNeeded(p.node_peak_w, p.psu_w, r.psu_spares);
  const double energy_ref_node = p.node_w / p.throughput_factor;  // node energy per unit of work (relative)
  if (o.warnings && p.node_supply_w > 0 && peak_raw > p.node_supply_w * (1 + 1e-9)) {
    warnings.Add("power_supply_short", "/power/node_supply_w", std::round(peak_raw), p.node_supply_w,
                 {double(n), std::round(p.gpu_peak_w), std::round(host.peak_w), std::round(peak_dc)});
    const double fit_cap = std::floor((p.node_supply_w * p.psu_efficiency - host.peak_w) / (n * cfg.transient_factor) / 5) * 5;
    const double lo = r.gpu_min_limit_w;
    if (!r.power_mode_max && fit_cap >= lo && fit_cap < limit) {
      const JobAtLimit capped = EvaluateJob(r, perf, MakeOperating(r, fit_cap));
      const Host h2 = HostPower(srv, n, capped.gpu_w, fan_design_w, p.gpu_idle_w, p.cooling);
      const double node2 = (n * capped.gpu_w + h2.avg_w) / p.psu_efficiency;
      warnings.Add("power_supply_cap_fix", "/power/gpu_cap_w", fit_cap, p.node_supply_w,
                   {Percent(capped.factor / job.factor), Percent((node2 / capped.factor) / energy_ref_node)});
    } else {
      const int fit = static_cast<int>(std::floor((p.node_supply_w * p.psu_efficiency - host.peak_w) / p.gpu_peak_w));
      warnings.Add("power_supply_gpus_fix", "/cluster/gpus_per_node", std::max(0, fit), p.node_supply_w);
    }
  }
  if (o.warnings && p.psus_installed > 0 && p.psus_per_node > p.psus_installed)
    warnings.Add("psu_count_short", "/power/psu_redundancy", p.psus_per_node, p.psus_installed,
                 {double(power::PsusNeeded(p.node_peak_w, p.psu_w, 0)), 0, std::round(p.node_peak_w), p.psu_w});

  // Racks: packed against the rack's budget at node peak, the air ceiling at the heat of GPUs
  // running at their limit (what the cooling must carry for hours), and the rack's space.
  const double design_w = (n * limit + host.avg_w) / p.psu_efficiency;
  const int space = srv && srv->height_u > 0 ? std::max(1, kRackUnits / srv->height_u) : r.nodes;
  const int want = std::min(space, r.nodes);
  int by_power = static_cast<int>(std::floor(cfg.rack_kw * 1000 / p.node_peak_w + 1e-9));
  if (by_power < 1) {
    if (o.warnings) warnings.Add("rack_node_over_budget", "/power/rack_kw", std::round(p.node_peak_w / 100) / 10, cfg.rack_kw);
    by_power = 1;
  }
  const int by_air = air ? std::max(1, static_cast<int>(std::floor(cfg.air_rack_kw * 1000 / design_w + 1e-9))) : want;
  const int per_rack = std::max(1, std::min({want, by_power, by_air}));
  p.nodes_per_rack = per_rack;
  p.racks = (r.nodes + per_rack - 1) / per_rack;
  p.rack_kw = per_rack * p.node_peak_w / 1000;
  p.rack_heat_kw = per_rack * design_w / 1000;
  if (o.warnings && by_power < want) {
    warnings.Add("rack_power_split", "/power/rack_kw", std::round(want * p.node_peak_w / 100) / 10, cfg.rack_kw,
                 {double(want), std::round(p.node_peak_w / 100) / 10, double(p.racks), double(per_rack)});
    if (air && srv && srv->cooling == "air"sv) {  // would liquid cooling's smaller fan load fit them?
      const Host wet = HostPower(srv, n, p.gpu_w, fan_design_w, p.gpu_idle_w, "liquid"sv);
      double wet_peak = (n * p.gpu_peak_w + wet.peak_w) / p.psu_efficiency;
      if (srv->rated_w > 0) wet_peak = std::min(wet_peak, srv->rated_w);
      const int wet_fit = static_cast<int>(std::floor(cfg.rack_kw * 1000 / wet_peak + 1e-9));
      if (wet_fit > by_power)
        warnings.Add("rack_liquid_fits", "/power/cooling", std::round(wet_peak / 100) / 10, cfg.rack_kw,
                     {double(std::min(wet_fit, want)), 0, 0, 0});
    }
  }
  if (o.warnings && air && want * design_w > cfg.air_rack_kw * 1000 * (1 + 1e-9))
    warnings.Add("rack_air_ceiling", "/power/cooling", std::round(want * design_w / 100) / 10, cfg.air_rack_kw,
                 {double(want), std::round(design_w / 100) / 10, double(p.racks), double(per_rack)});
  if (o.warnings && air && cfg.inlet_c > max_inlet)
    warnings.Add("inlet_above_spec", "/power/inlet_c", cfg.inlet_c, max_inlet,
                 {std::round(limit), std::round(job.factor * 1000) / 10});

  // Heat and airflow of one node.
  p.heat_btu_per_h = power::BtuPerHour(p.node_w);
  p.airflow_cfm = power::AirflowCfm(design_w, cfg.outlet_rise_c);  // sized for the GPUs at their limit

  // What a cap costs and saves against the board default (same job, back to back).
  if (o.warnings && cfg.gpu_cap_w > 0 && !r.power_mode_max) {
    const JobAtLimit base = EvaluateJob(r, perf, MakeOperating(r, r.gpu_board_w));
    const Host hb = HostPower(srv, n, base.gpu_w, fan_design_w, p.gpu_idle_w, p.cooling);
    const double node_base = (n * base.gpu_w + hb.avg_w) / p.psu_efficiency;
    warnings.Add("power_cap_slows", "/power/gpu_cap_w", cfg.gpu_cap_w, r.gpu_board_w,
                 {Percent(job.factor / base.factor), Percent((p.node_w / job.factor) / (node_base / base.factor)),
                  std::round(job.clock * 100), 0});
  }

  SetEnergy(r, perf.time_to_train_s / p.throughput_factor, p);
}

void SetEnergy(const Resolved& r, double time_to_train_s, PowerReport& p) {
  // The training budget back to back, or one hour of serving; energy = power x time (formulas.md).
  const double hours = !r.training() ? 1.0 : time_to_train_s / kSecondsPerHour;
  p.gpu_energy_kwh = p.gpu_w * r.total_gpus * hours / 1000;
  p.it_energy_kwh = p.cluster_kw * hours;
  p.energy_kwh = p.facility_kw * hours;
  p.co2e_kg = p.energy_kwh * p.grid_kg_per_kwh;
}

DeviceLimits PowerDeviceLimits(const Resolved& r, const PowerReport& p) {
  DeviceLimits l = r.device.limits;
  l.clock_factor *= p.clock_factor;
  if (p.gpu_limit_w < p.gpu_board_w || r.power_mode) l.power_limit_w = p.gpu_limit_w;
  return l;
}

}  // namespace gpucfg
