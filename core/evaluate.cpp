// Evaluate: resolve, then run each model front to back, each reading what the earlier ones wrote.
#include "evaluate.h"

#include "resolve/resolve.h"
#include "models/speed/roofline.h"

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
  s.parameters = r.parameters;
  s.active_parameters = r.active_parameters;
  s.intra_node = r.intra_node;
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
  if (r.scenario->workload.kind == WorkloadKind::kTraining && !IsNetwork(r.network)) a.Add("training_flops_6nd", "/workload");
  if (r.network.kind == NetworkWorkload::Kind::kGeneric)
    a.Add("generic_network", "/workload/model", r.network.generic.forward_gflops_per_sample);
  if (r.network.kind == NetworkWorkload::Kind::kCatalog) a.Add("network_layers_roofline", "/workload/model");
  a.Add("gemm_sustained", "/speed/sustained_efficiency", SustainedEfficiency(r.scenario->speed));
  a.Add("power_board_tdp", "/cluster/gpu", r.device.tdp_w);
  if (r.per_gpu_hour > 0 && r.scenario->pricing.per_gpu_hour <= 0)
    a.Add("price_from_catalog", "/pricing/per_gpu_hour", r.per_gpu_hour);
}

}  // namespace

void EvaluateInto(const Scenario& s, const Catalog& catalog, Report& out) {
  out.errors.clear();
  out.warnings.count = 0;
  out.assumptions.count = 0;
  Resolved r;
  if (!Resolve(s, catalog, r, &out.errors, &out.warnings)) {
    out.setup = {}, out.memory = {}, out.performance = {}, out.power = {}, out.cost = {};
    return;
  }
  out.schema_version = kSchemaVersion;
  out.setup = SetupOf(r);
  ComputeMemoryInto(r, out.warnings, out.memory);
  ComputePerformanceInto(r, out.memory, out.warnings, out.performance);
  if (!out.memory.fits) out.warnings.Add("speed_if_it_fit", "/cluster/gpu");
  out.power = ComputePower(r, out.performance);
  out.cost = ComputeCost(r, out.performance, out.power);
  out.confidence = ConfidenceOf(r);
  AddAssumptions(r, out.assumptions);
}

Report Evaluate(const Scenario& s, const Catalog& catalog) {
  Report report;
  EvaluateInto(s, catalog, report);
  return report;
}

}  // namespace gpucfg
