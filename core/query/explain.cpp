// The headline figures' formulas (explain.h), each the relation the model computes the figure by,
// with the report's own values: performance.cpp (MFU, tokens/s, TFLOP/s), inference.cpp
// (throughput), cost.cpp (rental), power.cpp (node, cluster, facility, energy).
#include "query/explain.h"

namespace gpucfg {

namespace {

constexpr double kSecondsPerHourHere = 3600;

// Builds a chain: Chain(f).Term(...).Op('*').Term(...) ...
struct Chain {
  Formula& f;
  Chain& Term(std::string_view field, double value, TermUnit unit) {
    if (f.count < Formula::kMaxTerms) f.terms[f.count++] = {field, value, unit};
    return *this;
  }
  Chain& Op(char op) {
    if (f.count > 0 && f.count < Formula::kMaxTerms) f.ops[f.count - 1] = op;
    return *this;
  }
};

}  // namespace

Formula FormulaOf(Figure figure, const Scenario& s, const Report& r) {
  Formula f;
  Chain c{f};
  const PerformanceReport& p = r.performance;
  const CostReport& cost = r.cost;
  const PowerReport& w = r.power;
  const bool training = s.workload.kind == WorkloadKind::kTraining;
  switch (figure) {
    case Figure::kMfu:  // PaLM App. B: achieved model FLOP/s per GPU over the dense peak
      c.Term("performance.tflops_per_gpu", p.tflops_per_gpu, TermUnit::kTflops).Op('/');
      c.Term("performance.roofline.peak_tflops", p.ceiling.peak_tflops, TermUnit::kTflops).Op('=');
      c.Term("performance.mfu", p.mfu, TermUnit::kFraction);
      break;
    case Figure::kTokensPerS:
      if (p.samples_per_s > 0 && p.tokens_per_s <= 0) {  // a network: samples, not tokens (network_speed.cpp)
        c.Term("setup.global_batch", r.setup.global_batch, TermUnit::kCount).Op('/');
        c.Term("performance.step_time_s", p.step_time_s, TermUnit::kSeconds).Op('=');
        c.Term("performance.samples_per_s", p.samples_per_s, TermUnit::kCount);
        break;
      }
      // The sequences the step really ran (rounded up to whole micro-batches).
      c.Term("setup.global_batch", r.setup.global_batch, TermUnit::kCount).Op('*');
      c.Term("workload.seq_len", s.workload.seq_len, TermUnit::kCount).Op('/');
      c.Term("performance.step_time_s", p.step_time_s, TermUnit::kSeconds).Op('=');
      c.Term("performance.tokens_per_s", p.tokens_per_s, TermUnit::kCount);
      break;
    case Figure::kStepTime:
      c.Term("performance.step_time_lower_bound_s", p.step_time_lower_bound_s, TermUnit::kSeconds).Op('>');
      c.Term("performance.step_time_s", p.step_time_s, TermUnit::kSeconds).Op(',');
      c.Term("performance.comm_fraction", p.comm_fraction, TermUnit::kFraction).Op(',');
      c.Term("performance.bubble_fraction", p.bubble_fraction, TermUnit::kFraction);
      break;
    case Figure::kTflopsPerGpu:
      c.Term("performance.model_flops_per_step", p.model_flops_per_step, TermUnit::kFlop).Op('/');
      c.Term("performance.step_time_s", p.step_time_s, TermUnit::kSeconds).Op('/');
      c.Term("setup.total_gpus", r.setup.total_gpus, TermUnit::kCount).Op('=');
      c.Term("performance.tflops_per_gpu", p.tflops_per_gpu * 1e12, TermUnit::kFlopsPerSecond);
      break;
    case Figure::kTimeToTrain:
      if (p.time_to_train_s <= 0) break;
      if (s.workload.train_steps > 0) {
        c.Term("workload.train_steps", s.workload.train_steps, TermUnit::kCount).Op('*');
        c.Term("performance.step_time_s", p.step_time_s, TermUnit::kSeconds).Op('=');
      } else {
        c.Term("workload.train_tokens", s.workload.train_tokens, TermUnit::kCount).Op('/');
        c.Term("performance.tokens_per_s", p.tokens_per_s, TermUnit::kCount).Op('=');
      }
      c.Term("performance.time_to_train_s", p.time_to_train_s, TermUnit::kSeconds);
      break;
    case Figure::kGpuHours:
      c.Term("setup.total_gpus", r.setup.total_gpus, TermUnit::kCount).Op('*');
      c.Term("performance.time_to_train_s", p.time_to_train_s / kSecondsPerHourHere, TermUnit::kHours).Op('=');
      c.Term("performance.gpu_hours", p.gpu_hours, TermUnit::kHours);
      break;
    case Figure::kTtft:
      c.Term("performance.ttft_s", p.ttft_s, TermUnit::kSeconds);
      break;
    case Figure::kTpot:
      c.Term("performance.tpot_s", p.tpot_s, TermUnit::kSeconds).Op('>');
      c.Term("performance.decode_tokens_per_s", p.decode_tokens_per_s, TermUnit::kCount);
      break;
    case Figure::kOutputTokens:
      if (s.workload.request_rate > 0) {  // inference.cpp under load: the arrivals the copies share, served
        const Warning* over = nullptr;
        for (int i = 0; i < r.warnings.count; ++i)
          if (r.warnings.items[i].code == "serving_overloaded") over = &r.warnings.items[i];
        if (over) c.Term("serving.capacity_rps", over->limit, TermUnit::kCount).Op('*');  // arrivals beyond it queue
        else c.Term("workload.request_rate", s.workload.request_rate, TermUnit::kCount).Op('*');
        c.Term("workload.output_tokens", s.workload.output_tokens, TermUnit::kCount).Op('=');
        c.Term("performance.output_tokens_per_s", p.output_tokens_per_s, TermUnit::kCount);
        break;
      }
      if (p.request_latency_s <= 0) break;  // Throughput: copies x batch x output / request latency
      c.Term("setup.dp", r.setup.dp, TermUnit::kCount).Op('*');
      c.Term("workload.batch", s.workload.batch, TermUnit::kCount).Op('*');
      c.Term("workload.output_tokens", s.workload.output_tokens, TermUnit::kCount).Op('/');
      c.Term("performance.request_latency_s", p.request_latency_s, TermUnit::kSeconds).Op('=');
      c.Term("performance.output_tokens_per_s", p.output_tokens_per_s, TermUnit::kCount);
      break;
    case Figure::kGpuHourPrice:
      c.Term("cost.per_gpu_hour", cost.per_gpu_hour, TermUnit::kMoneyPerGpuHour);
      break;
    case Figure::kClusterPerHour:  // cost.cpp
      c.Term("setup.total_gpus", r.setup.total_gpus, TermUnit::kCount).Op('*');
      c.Term("cost.per_gpu_hour", cost.per_gpu_hour, TermUnit::kMoneyPerGpuHour).Op('=');
      c.Term("cost.per_hour", cost.per_hour, TermUnit::kMoney);
      break;
    case Figure::kJobRental:
      if (cost.total <= 0) break;
      c.Term("cost.gpu_hours", cost.gpu_hours, TermUnit::kHours).Op('*');
      c.Term("cost.per_gpu_hour", cost.per_gpu_hour, TermUnit::kMoneyPerGpuHour).Op('=');
      c.Term("cost.total", cost.total, TermUnit::kMoney);
      break;
    case Figure::kElectricityCost:  // the energy at the resolved electricity price (not in the report)
      c.Term("power.energy_kwh", w.energy_kwh, TermUnit::kKwh).Op('>');
      c.Term("cost.electricity_total", cost.electricity_total, TermUnit::kMoney);
      break;
    case Figure::kGpuPower:
      c.Term("power.gpu_w", w.gpu_w, TermUnit::kWatts);
      break;
    case Figure::kNodePower:  // power.cpp: (GPUs x board + host) / PSU efficiency, at the wall
      c.Term("cluster.gpus_per_node", s.cluster.gpus_per_node, TermUnit::kCount).Op('*');
      c.Term("power.gpu_w", w.gpu_w, TermUnit::kWatts).Op('+');
      c.Term("power.host_w", w.host_w, TermUnit::kWatts).Op('/');
      c.Term("power.psu_efficiency", w.psu_efficiency, TermUnit::kFraction).Op('=');
      c.Term("power.node_w", w.node_w, TermUnit::kWatts);
      break;
    case Figure::kClusterPower:
      c.Term("cluster.nodes", s.cluster.nodes, TermUnit::kCount).Op('*');
      c.Term("power.node_w", w.node_w / 1000, TermUnit::kKilowatts).Op('=');
      c.Term("power.cluster_kw", w.cluster_kw, TermUnit::kKilowatts);
      break;
    case Figure::kFacility:  // PUE = facility / IT power (The Green Grid, WP 49)
      c.Term("power.cluster_kw", w.cluster_kw, TermUnit::kKilowatts).Op('*');
      c.Term("pricing.pue", s.pricing.pue, TermUnit::kCount).Op('=');
      c.Term("power.facility_kw", w.facility_kw, TermUnit::kKilowatts);
      break;
    case Figure::kEnergy:  // power.cpp SetEnergy: the training run, or one hour of serving
      c.Term("power.facility_kw", w.facility_kw, TermUnit::kKilowatts).Op('*');
      if (training) {  // under a cap the report's time is the capped run's (pipeline ApplyPowerLimit)
        c.Term("performance.time_to_train_s", p.time_to_train_s / kSecondsPerHourHere, TermUnit::kHours).Op('=');
      } else {
        c.Term("serving.one_hour", 1, TermUnit::kHours).Op('=');
      }
      c.Term("power.energy_kwh", w.energy_kwh, TermUnit::kKwh);
      break;
  }
  return f;
}

}  // namespace gpucfg
