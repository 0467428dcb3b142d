// Evaluate: resolve, then run each model front to back, each reading what the earlier ones wrote.
#include "pipeline/evaluate.h"

#include "pipeline/mig_evaluate.h"
#include "resolve/resolve.h"
#include "models/cost/cost.h"
#include "models/memory/memory.h"
#include "models/power/power.h"
#include "models/speed/performance.h"
#include "models/speed/roofline.h"
#include "contract/report_fields.h"

#include <climits>
#include <cmath>

namespace gpucfg {

std::string_view ConfidenceName(Confidence c) {
  switch (c) {
    case Confidence::kHigh: return "high";
    case Confidence::kMedium: return "medium";
    case Confidence::kLow: return "low";
  }
  return "low";
}

std::string_view Version() { return GPUCFG_VERSION; }

namespace {

ResolvedSetup SetupOf(const Resolved& r) {
  ResolvedSetup s;
  s.total_gpus = r.total_gpus;
  s.tp = r.tp, s.pp = r.pp, s.dp = r.dp, s.cp = r.cp, s.ep = r.ep;
  const long long used = static_cast<long long>(r.micro_batches) * r.micro_batch * r.dp;
  s.global_batch = r.training() ? static_cast<int>(std::min<long long>(used, INT_MAX)) : 0;
  s.parameters = r.parameters;
  s.active_parameters = r.active_parameters;
  s.intra_node = IntraKindName(r.intra_kind);
  s.inter_node = r.inter ? std::string_view(r.inter->id) : std::string_view("none");
  s.device_kind = DeviceKindName(r.device.kind);
  return s;
}

// The less the catalog row was verified, and the further the job is from the measured cases,
// the less the figures can be trusted.
Confidence ConfidenceOf(const Resolved& r) {
  if (r.device.verification.find('U') != std::string_view::npos) return Confidence::kLow;
  if (r.arch.experts > 1) return Confidence::kLow;
  if (r.network.kind == NetworkWorkload::Kind::kGeneric) return Confidence::kLow;
  return Confidence::kMedium;
}

void AddAssumptions(const Resolved& r, WarningList& a) {
  a.Add("memory_overheads_estimated", "/cluster/gpu");
  if (r.training() && !IsNetwork(r.network)) a.Add("training_flops_6nd", "/workload");
  if (r.network.kind == NetworkWorkload::Kind::kGeneric)
    a.Add("generic_network", "/workload/model", r.network.generic.forward_gflops_per_sample);
  if (r.network.kind == NetworkWorkload::Kind::kCatalog) a.Add("network_layers_roofline", "/workload/model");
  if (r.network.kind == NetworkWorkload::Kind::kCatalog && r.network.preset->items_per_inference_sample > 1 &&
      !r.training())
    a.Add("network_sample_aggregates", "/workload/batch", r.network.preset->items_per_inference_sample);
  if (!r.training() && r.request_rate > 0 && r.scheduler_steps > 1)
    a.Add("multi_step_scheduling", "/workload/scheduler_steps", r.scheduler_steps);
  a.Add("gemm_sustained", "/speed/sustained_efficiency", SustainedEfficiency(r.speed));
  a.Add("power_from_workload", "/power", std::round(100 * (0.12 + 0.88 * 0.45)) / 100, r.power.transient_factor);
  if (r.server && r.server->idle_w > 0) a.Add("power_host_measured", "/cluster/server", r.server->idle_w);
  else if (r.server) a.Add("power_host_estimated", "/cluster/server");
  if (r.power_mode && r.power_mode_max && r.power_mode_max->gpu_max_mhz > 0 && r.power_mode_max->gpu_tpcs > 0)
    a.Add("power_mode_clocks", "/power/mode", r.power_mode->module_w, 0,
          {std::round(1000 * r.power_mode->gpu_max_mhz * r.power_mode->gpu_tpcs /
                      (r.power_mode_max->gpu_max_mhz * r.power_mode_max->gpu_tpcs)) / 10,
           std::round(1000 * r.power_mode->emc_max_mhz / r.power_mode_max->emc_max_mhz) / 10, 0, 0});
  if (r.price_from_catalog)
    a.Add("price_from_catalog", "/pricing/per_gpu_hour", r.per_gpu_hour);
}

// A power cap, edge power mode or thermal throttle slows the clocks: the device is rebuilt with the
// clock the power model found (core v2's DeviceLimits), speed is evaluated again on it, and
// power.throughput_factor is the ratio of the two speeds. Only then; the default path runs once.
void ApplyPowerLimit(const Resolved& r, const Catalog& catalog, const EvaluateOptions& o, Report& out) {
  if (out.power.clock_factor >= 1 || r.device.catalog_index < 0) return;
  Resolved capped = r;
  capped.device = MakeDevice(catalog.gpus[r.device.catalog_index], PowerDeviceLimits(r, out.power));
  capped.device.catalog_index = r.device.catalog_index;
  static thread_local PerformanceReport perf;
  WarningList scratch;  // the uncapped pass already reported the speed warnings
  ComputePerformanceInto(capped, out.memory, o, scratch, perf);
  const bool inference = !r.training();
  const PerformanceReport& base = out.performance;
  double factor = inference ? (base.output_tokens_per_s > 0 ? perf.output_tokens_per_s / base.output_tokens_per_s : 1)
                            : (perf.step_time_s > 0 ? base.step_time_s / perf.step_time_s : 1);
  out.performance = perf;
  out.setup.device_kind = DeviceKindName(capped.device.kind);
  out.power.throughput_factor = std::min(1.0, factor);
  SetEnergy(r, perf.time_to_train_s, out.power);
  if (!o.warnings) return;
  for (int i = 0; i < out.warnings.count; ++i) {  // the speed model's figure replaces the estimate
    Warning& w = out.warnings.items[i];
    const double pct = std::round((out.power.throughput_factor - 1) * 1000) / 10;
    if (w.code == "power_cap_slows") w.args[0] = pct;
    if (w.code == "inlet_above_spec") w.args[1] = std::round(out.power.throughput_factor * 1000) / 10;
  }
}

// The sections after memory as a fresh report has them (a reused report keeps no stale figures).
void ClearAfterMemory(Report& out) {
  PerformanceReport& p = out.performance;
  for (int i = 0; i < p.scaling_count; ++i) p.scaling[i] = {};
  for (int i = 0; i < p.roofline_count; ++i) p.roofline[i] = {};
  ResetPerformanceScalars(p);  // the counts too
  out.power = {}, out.cost = {};
}

}  // namespace

void EvaluateInto(const Scenario& s, const Catalog& catalog, Report& out) {
  EvaluateInto(s, catalog, kFullEvaluation, out);
}

void EvaluateInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out) {
  out.mig.present = false, out.per_instance.present = false;
  if (UsesMig(s)) return EvaluateMigInto(s, catalog, o, out);  // one copy per MIG instance (core/mig)
  EvaluateModelsInto(s, catalog, o, out);
}

void EvaluateModelsInto(const Scenario& s, const Catalog& catalog, Report& out) {
  EvaluateModelsInto(s, catalog, kFullEvaluation, out);
}

void EvaluateModelsInto(const Scenario& s, const Catalog& catalog, const EvaluateOptions& o, Report& out) {
  out.errors.clear();
  out.warnings.count = 0;
  out.assumptions.count = 0;
  Resolved r;
  if (!Resolve(s, catalog, r, &out.errors, &out.warnings)) {
    out.setup = {}, out.memory = {}, out.performance = {}, out.power = {}, out.cost = {};
    return;
  }
  EvaluateResolvedInto(r, o, out);
}

// The stages, front to back, each reading what the earlier ones wrote: resolve (done by the
// caller) -> device (in `r`; rebuilt below under a power limit) -> memory -> speed -> power -> cost
// -> warnings. The option checks are the only difference between the full and the lean path.
void EvaluateResolvedInto(const Resolved& r, const EvaluateOptions& o, Report& out) {
  out.schema_version = kReportSchemaVersion;
  if (!o.ranking_only) out.setup = SetupOf(r);
  ComputeMemoryInto(r, o, out.warnings, out.memory);
  if (!o.speed_if_unfit && !out.memory.fits) {  // decided: a ranking reads nothing else of it
    if (!o.ranking_only) ClearAfterMemory(out);
    return;
  }
  ComputePerformanceInto(r, out.memory, o, out.warnings, out.performance);
  if (o.warnings && !out.memory.fits) out.warnings.Add("speed_if_it_fit", "/cluster/gpu");
  ComputePowerInto(r, out.performance, o, out.warnings, out.power);
  ApplyPowerLimit(r, *r.catalog, o, out);
  if (!o.roofline_points) {
    PerformanceReport& p = out.performance;
    for (int i = 0; i < p.roofline_count; ++i) p.roofline[i] = {};
    p.roofline_count = 0;
  }
  out.cost = ComputeCost(r, out.performance, out.power);
  if (!o.warnings) return;
  out.confidence = ConfidenceOf(r);
  AddAssumptions(r, out.assumptions);
}

ParseResult ParseScenario(std::string_view text, const Catalog& catalog) {
  ParseResult result = ReadScenario(text);
  if (result.errors.empty()) {
    Resolved resolved;
    Resolve(result.scenario, catalog, resolved, &result.errors);
  }
  return result;
}

JsonResult EvaluateJson(std::string_view scenario_text, const Catalog& catalog, int indent) {
  ParseResult parsed = ReadScenario(scenario_text);
  if (!parsed.ok()) return {ErrorsToJson(parsed.errors, indent), false};
  // A MIG scenario's evaluation resolves one instance, not the scenario as written: check that first.
  if (UsesMig(parsed.scenario)) {
    Resolved resolved;
    if (!Resolve(parsed.scenario, catalog, resolved, &parsed.errors))
      return {ErrorsToJson(parsed.errors, indent), false};
  }
  Report report = Evaluate(parsed.scenario, catalog);  // otherwise its resolution is the check
  if (!report.errors.empty()) return {ErrorsToJson(report.errors, indent), false};
  return {ReportToJson(report, indent), true};
}

Report Evaluate(const Scenario& s, const Catalog& catalog) {
  Report report;
  EvaluateInto(s, catalog, report);
  return report;
}

}  // namespace gpucfg
