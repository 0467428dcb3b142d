// The words of a plan: each option's label and what binds it (constraints within 10 % of their
// limit), and for the winners why they win against the others.
#include <cstdio>
#include <string>

#include "planner/plan_internal.h"
#include "contract/scenario_fields.h"

namespace gpucfg {
namespace {

std::string Fmt(const char* format, double a, double b = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, format, a, b);
  return buf;
}

std::string Days(double s) { return Fmt("%.3g days", s / 86400.0); }

void Append(std::string& out, const std::string& part) {
  if (!out.empty()) out += "; ";
  out += part;
}

}  // namespace

PlanOption MakeOption(const Scenario& base, const Catalog& catalog, const PlanCandidate& c, const PlanScore& s,
                      const PlanLimits& limits) {
  PlanOption o;
  ApplyCandidate(base, catalog, c, o.scenario);
  o.candidate = c;
  o.time_s = s.time_s, o.cost = s.cost, o.energy_kwh = s.energy_kwh, o.gpus = s.gpus, o.node_kw = s.node_kw;
  o.total_gib = s.total_gib, o.capacity_gib = s.capacity_gib, o.mfu = s.mfu, o.comm_fraction = s.comm_fraction;
  o.tpot_s = s.tpot_s;
  const std::string& id = catalog.gpus[c.gpu].id;
  if (base.workload.kind == WorkloadKind::kTraining) {
    const int dp = c.Gpus() / (c.tp * c.pp * c.cp);
    // cp and ep are named only where the space searched them past 1 (a dense, short job's label
    // reads as before).
    const std::string extra = (c.cp > 1 ? " cp " + std::to_string(c.cp) : std::string()) +
                              (c.ep > 1 ? " ep " + std::to_string(c.ep) : std::string());
    o.label = std::to_string(c.Gpus()) + " x " + id + " (" + std::to_string(c.nodes) + " x " +
              std::to_string(c.gpus_per_node) + "), tp " + std::to_string(c.tp) + " pp " + std::to_string(c.pp) +
              extra + " dp " + std::to_string(dp) + ", mb " + std::to_string(c.micro_batch) + ", zero " +
              std::to_string(c.zero) + ", recompute " + std::string(kRecomputeNames[static_cast<int>(c.recompute)]);
  } else if (c.tenants > 0) {
    const std::string each = ", batch " + std::to_string(c.batch) + " each, weights " + std::string(PrecisionName(c.weight_precision));
    const std::string fleet = std::to_string(c.tenants) + " tenants on " + std::to_string(c.Gpus()) + " x " + id + " (" +
                              std::to_string(c.nodes) + " x " + std::to_string(c.gpus_per_node) + ")";
    const MigConfig& mig = o.scenario.cluster.mig;
    o.label = c.mig_profile >= 0 ? fleet + " as MIG " + std::to_string(mig.instances_per_gpu) + " x " + mig.profile + " (" +
                                       std::to_string(c.Gpus() * mig.instances_per_gpu) + " instances)" + each
                                 : fleet + ", tp " + std::to_string(c.tp) + each;
  } else if (c.mig_profile >= 0) {
    const MigConfig& mig = o.scenario.cluster.mig;
    o.label = "1 x " + id + " as MIG " + std::to_string(mig.instances_per_gpu) + " x " + mig.profile + ", batch " +
              std::to_string(c.batch) + " per instance, weights " + std::string(PrecisionName(c.weight_precision));
  } else {
    o.label = std::to_string(c.tp) + " x " + id + ", tp " + std::to_string(c.tp) + ", batch " +
              std::to_string(c.batch) + ", weights " + std::string(PrecisionName(c.weight_precision));
  }
  std::string binds;
  if (s.capacity_gib > 0 && s.total_gib > 0.9 * s.capacity_gib)
    Append(binds, "memory " + Fmt(c.mig_profile >= 0 ? "%.1f of %.1f GiB per MIG instance" : "%.1f of %.1f GiB per GPU",
                                  s.total_gib, s.capacity_gib));
  if (limits.deadline_s > 0 && s.time_s > 0.9 * limits.deadline_s)
    Append(binds, "deadline " + Days(s.time_s) + " of " + Days(limits.deadline_s));
  if (limits.budget > 0 && s.cost > 0.9 * limits.budget)
    Append(binds, "budget " + Fmt("%.4g of %.4g", s.cost, limits.budget));
  if (limits.max_node_kw > 0 && s.node_kw > 0.9 * limits.max_node_kw)
    Append(binds, "rack power " + Fmt("%.3g of %.3g kW per node", s.node_kw, limits.max_node_kw));
  if (s.gpus > 0.9 * limits.max_gpus) Append(binds, "max_gpus " + Fmt("%.0f of %.0f", s.gpus, limits.max_gpus));
  const double tpot_target = base.speed.tpot_target_ms / 1000.0;
  if (base.workload.kind == WorkloadKind::kInference && tpot_target > 0 && s.tpot_s > 0.9 * tpot_target)
    Append(binds, "latency " + Fmt("%.3g of %.3g ms per output token", s.tpot_s * 1000, tpot_target * 1000));
  o.why = binds.empty() ? "binds: nothing (no limit within 10 %)" : "binds: " + binds;
  if (base.workload.kind == WorkloadKind::kTraining)
    o.why += Fmt("; MFU %.0f %%, exposed communication %.0f %% of the step", s.mfu * 100, s.comm_fraction * 100);
  return o;
}

void ExplainBest(PlanResult& out, PlanMetric objective, size_t front_size) {
  const bool training = out.kind == WorkloadKind::kTraining;
  const char* per = training ? "" : out.tenants > 0 ? " per hour" : out.per_sample ? " per 1M samples" : " per 1M tokens";
  auto cost_text = [&](double v) { return Fmt("%.4g ", v) + out.currency + per; };
  auto time_text = [&](double v) {
    return training ? Days(v) : Fmt(out.per_sample ? "%.3g s per batch" : "%.3g s per request", v);
  };
  auto energy_text = [&](double v) { return Fmt("%.4g kWh", v) + per; };
  const PlanOption& fastest = out.best_by[static_cast<int>(PlanMetric::kTime)];
  const PlanOption& cheapest = out.best_by[static_cast<int>(PlanMetric::kCost)];
  const PlanOption& thriftiest = out.best_by[static_cast<int>(PlanMetric::kEnergy)];
  const PlanOption& fewest = out.best_by[static_cast<int>(PlanMetric::kGpus)];
  const std::string of = " of " + std::to_string(out.feasible) + " feasible options";
  auto lead = [&](PlanMetric m) -> std::string {
    switch (m) {
      case PlanMetric::kCost:
        return "lowest cost" + of + ": " + cost_text(cheapest.cost) + "; the fastest (" + time_text(fastest.time_s) +
               ") costs " + cost_text(fastest.cost);
      case PlanMetric::kTime:
        return "fastest" + of + ": " + time_text(fastest.time_s) + " for " + cost_text(fastest.cost) +
               "; the cheapest costs " + cost_text(cheapest.cost) + " and takes " + time_text(cheapest.time_s);
      case PlanMetric::kEnergy:
        return "least energy" + of + ": " + energy_text(thriftiest.energy_kwh) + "; the cheapest uses " +
               energy_text(cheapest.energy_kwh);
      case PlanMetric::kGpus:
        return "fewest GPUs" + of + ": " + std::to_string(fewest.gpus) + " (then cheapest)";
    }
    return {};
  };
  for (int m = 0; m < 4; ++m) out.best_by[m].why = lead(static_cast<PlanMetric>(m)) + "; " + out.best_by[m].why;
  out.best = out.best_by[static_cast<int>(objective)];
  for (PlanOption& o : out.pareto)
    o.why = "on the time-cost front (" + std::to_string(front_size) + " options; none is both faster and cheaper); " + o.why;
}

}  // namespace gpucfg
