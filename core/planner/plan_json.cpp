// A plan as text: the contract's JSON document (numbers rounded as every report number is, so the
// best option's figures match `gpucfg evaluate` of its scenario), a table for people, and CSV.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "contract/report_json.h"
#include "contract/scenario_fields.h"
#include "planner/plan.h"

namespace gpucfg {
namespace {

using nlohmann::json;

json OptionJson(const PlanOption& o) {
  json scenario = json::parse(ScenarioToJson(o.scenario, -1), nullptr, false);
  return json{{"scenario", scenario},         {"label", o.label},
              {"time_s", RoundForReport(o.time_s)}, {"cost", RoundForReport(o.cost)},
              {"energy_kwh", RoundForReport(o.energy_kwh)}, {"gpus", o.gpus},
              {"node_kw", RoundForReport(o.node_kw)}, {"why", o.why}};
}

std::string Num(const char* format, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string CsvField(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string PlanToJson(const PlanResult& p, int indent) {
  if (!p.errors.empty()) return ErrorsToJson(p.errors, indent);
  json root = json::object();
  root["schema_version"] = 2;
  root["kind"] = std::string(kWorkloadKindNames[static_cast<int>(p.kind)]);
  root["objective"] = std::string(kPlanObjectiveNames[static_cast<int>(p.objective)]);
  root["currency"] = p.currency;
  // What cost and energy_kwh are per: the training job, 1M output tokens, or 1M samples (networks).
  root["cost_per"] = p.kind == WorkloadKind::kTraining ? "job"
                     : p.tenants > 0                  ? "hour"
                     : p.per_sample                   ? "1M_samples"
                                                      : "1M_output_tokens";
  root["tenants"] = p.tenants;
  root["gpu_types"] = p.skus;
  root["space"] = p.space;
  root["evaluated"] = p.evaluated;
  root["feasible"] = p.feasible;
  root["invalid"] = p.invalid;
  root["unfit"] = p.unfit;
  json pruned = json::array();
  for (int i = 0; i < kPruneRuleCount; ++i) {
    const PruneRuleInfo& info = PruneRuleOf(static_cast<PruneRule>(i));
    pruned.push_back({{"rule", std::string(info.name)}, {"meaning", std::string(info.meaning)}, {"count", p.pruned[i]}});
  }
  root["pruned"] = pruned;
  root["best"] = p.has_best ? OptionJson(p.best) : json(nullptr);
  json pareto = json::array();
  for (const PlanOption& o : p.pareto) pareto.push_back(OptionJson(o));
  root["pareto"] = pareto;
  json by = json::object();
  for (int m = 0; m < 4; ++m) by[std::string(kPlanMetricNames[m])] = p.has_best ? OptionJson(p.best_by[m]) : json(nullptr);
  root["best_by"] = by;
  return root.dump(indent);
}

std::string PlanToTable(const PlanResult& p) {
  const bool training = p.kind == WorkloadKind::kTraining;
  std::string out = "gpucfg plan: " + std::string(kWorkloadKindNames[static_cast<int>(p.kind)]) + ", objective " +
                    std::string(kPlanObjectiveNames[static_cast<int>(p.objective)]) +
                    (p.tenants > 0 ? ", " + std::to_string(p.tenants) + " tenants (one model copy each), cost per hour of the fleet"
                                   : std::string()) + "\n";
  int64_t pruned = 0;
  for (int64_t n : p.pruned) pruned += n;
  out += "  space " + std::to_string(p.space) + " configurations over " + std::to_string(p.skus) +
         " GPU types: " + std::to_string(pruned) + " pruned, " + std::to_string(p.evaluated) + " evaluated (" +
         std::to_string(p.unfit) + " beyond memory), " + std::to_string(p.feasible) + " feasible\n";
  for (int i = 0; i < kPruneRuleCount; ++i)
    if (p.pruned[i] > 0)
      out += "    pruned " + std::to_string(p.pruned[i]) + ": " + std::string(PruneRuleOf(static_cast<PruneRule>(i)).meaning) + "\n";
  if (!p.has_best) return out + "  no feasible option: relax the deadline, budget or limits\n";
  const std::string per = training ? "" : p.tenants > 0 ? "/hour" : p.per_sample ? "/1M samples" : "/1M tokens";
  auto row = [&](const std::string& title, const PlanOption& o) {
    out += "  " + title + ": " + o.label + "\n      " +
           (training ? Num("%.3g days", o.time_s / 86400) : Num(p.per_sample ? "%.3g s/batch" : "%.3g s/request", o.time_s)) + ", " + Num("%.4g ", o.cost) +
           p.currency + per + ", " + Num("%.4g kWh", o.energy_kwh) + per + ", " + std::to_string(o.gpus) + (o.gpus == 1 ? " GPU\n      " : " GPUs\n      ") +
           o.why + "\n";
  };
  row("BEST", p.best);
  out += "best per objective\n";
  for (int m = 0; m < 4; ++m) row(std::string(kPlanMetricNames[m]), p.best_by[m]);
  out += "time-cost Pareto front (" + std::to_string(p.pareto.size()) + ")\n";
  for (const PlanOption& o : p.pareto)
    out += "  " + (training ? Num("%8.3g days", o.time_s / 86400) : Num("%8.3g s", o.time_s)) + "  " +
           Num("%12.4g ", o.cost) + p.currency + "  " + o.label + "\n";
  return out;
}

std::string PlanToCsv(const PlanResult& p) {
  std::string out =
      "role,label,gpu,gpus,nodes,gpus_per_node,tp,pp,micro_batch,zero,recompute,batch,weight_precision,time_s,cost,energy_kwh,node_kw,cp,ep,mig_profile,mig_"
      "instances_per_gpu\n";
  // cp, ep and the MIG layout came after the first release of these columns: appended, so a reader
  // by position keeps working. mig_profile is "" and mig_instances_per_gpu 0 on whole GPUs.
  auto row = [&](const std::string& role, const PlanOption& o) {
    const PlanCandidate& c = o.candidate;
    out += role + "," + CsvField(o.label) + "," + o.scenario.cluster.gpu + "," + std::to_string(o.gpus) + "," +
           std::to_string(c.nodes) + "," + std::to_string(c.gpus_per_node) + "," + std::to_string(c.tp) + "," +
           std::to_string(c.pp) + "," + std::to_string(c.micro_batch) + "," + std::to_string(c.zero) + "," +
           std::string(kRecomputeNames[static_cast<int>(c.recompute)]) + "," + std::to_string(c.batch) + "," +
           std::string(PrecisionName(c.weight_precision)) + "," + Num("%.6g", o.time_s) + "," + Num("%.6g", o.cost) +
           "," + Num("%.6g", o.energy_kwh) + "," + Num("%.6g", o.node_kw) + "," + std::to_string(c.cp) + "," +
           std::to_string(c.ep) + "," + o.scenario.cluster.mig.profile + "," +
           std::to_string(o.scenario.cluster.mig.instances_per_gpu) + "\n";
  };
  if (!p.has_best) return out;
  row("best", p.best);
  for (int m = 0; m < 4; ++m) row(std::string("best_") + std::string(kPlanMetricNames[m]), p.best_by[m]);
  for (const PlanOption& o : p.pareto) row("pareto", o);
  return out;
}

PlanTextResult PlanJson(std::string_view scenario_text, const Catalog& catalog, int indent) {
  ParseResult parsed = ParseScenario(scenario_text, catalog);
  if (!parsed.ok()) return {ErrorsToJson(parsed.errors, indent), false};
  PlanResult plan = Plan(parsed.scenario, catalog);
  if (!plan.errors.empty()) return {ErrorsToJson(plan.errors, indent), false};
  return {PlanToJson(plan, indent), true};
}

}  // namespace gpucfg
