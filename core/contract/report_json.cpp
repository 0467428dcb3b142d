// Writes a Report as contract v1 JSON. Numbers are rounded to 6 significant digits: enough for
// any figure the models can defend, and it hides last-bit differences between platforms' libm, so
// the native CLI and the wasm module print byte-identical text.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "contract/json_io.h"
#include "contract/report_json.h"

namespace gpucfg {

double RoundForReport(double x) {
  if (!std::isfinite(x) || x == 0.0) return std::isfinite(x) ? 0.0 : x;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return std::strtod(buf, nullptr);
}

namespace {

using nlohmann::json;

json Num(double x) {
  if (!std::isfinite(x)) return nullptr;  // never expected; null keeps the document valid
  return RoundForReport(x);
}

json MemoryJson(const MemoryReport& m) {
  const MemoryBreakdown& b = m.per_gpu;
  json fixes = json::array();
  for (int i = 0; i < m.fix_count; ++i) {
    const MemoryFix& f = m.fixes[i];
    json fix = {{"code", f.code}, {"path", f.path}, {"saves_gib", Num(f.saves_gib)}, {"from", Num(f.from)},
                {"to", Num(f.to)}, {"fits_after", f.fits_after}, {"plan_step", f.plan_step}};
    if (!f.target.empty()) fix["target"] = f.target;
    fixes.push_back(std::move(fix));
  }
  return {{"per_gpu",
           {{"weights_gib", Num(b.weights_gib)}, {"gradients_gib", Num(b.gradients_gib)},
            {"optimizer_gib", Num(b.optimizer_gib)}, {"activations_gib", Num(b.activations_gib)},
            {"kv_cache_gib", Num(b.kv_cache_gib)}, {"overhead_gib", Num(b.overhead_gib)},
            {"total_gib", Num(b.total_gib)}, {"cuda_context_gib", Num(b.cuda_context_gib)},
            {"nccl_gib", Num(b.nccl_gib)}, {"fragmentation_gib", Num(b.fragmentation_gib)},
            {"pipeline_stage", b.stage}}},
          {"capacity_gib", Num(m.capacity_gib)},
          {"marketed_gb", Num(m.marketed_gb)},
          {"host_gib_per_node", Num(m.host_gib_per_node)},
          {"headroom_gib", Num(m.headroom_gib)},
          {"fits", m.fits},
          {"binding", m.binding},
          {"max_micro_batch", m.max_micro_batch},
          {"max_batch", m.max_batch},
          {"max_context_tokens", m.max_context_tokens},
          {"fixes", fixes}};
}

json BreakdownJson(const StepBreakdown& b) {
  return {{"compute_s", Num(b.compute_s)}, {"recompute_s", Num(b.recompute_s)}, {"tp_comm_s", Num(b.tp_comm_s)},
          {"pp_comm_s", Num(b.pp_comm_s)}, {"bubble_s", Num(b.bubble_s)}, {"dp_comm_s", Num(b.dp_comm_s)},
          {"dp_comm_total_s", Num(b.dp_comm_total_s)}, {"zero3_comm_s", Num(b.zero3_comm_s)}, {"ep_comm_s", Num(b.ep_comm_s)},
          {"cp_comm_s", Num(b.cp_comm_s)},
          {"optimizer_s", Num(b.optimizer_s)}};
}

json ScalingJson(const PerformanceReport& p) {
  json out = json::array();
  for (int i = 0; i < p.scaling_count; ++i) {
    const ScalingPoint& x = p.scaling[i];
    out.push_back({{"gpus", x.gpus}, {"tp", x.tp}, {"pp", x.pp}, {"dp", x.dp}, {"step_time_s", Num(x.step_time_s)},
                   {"tokens_per_s", Num(x.tokens_per_s)}, {"efficiency", Num(x.efficiency)},
                   {"comm_fraction", Num(x.comm_fraction)}, {"mfu", Num(x.mfu)}});
  }
  return out;
}

json RooflineJson(const PerformanceReport& p) {
  const RooflineCeiling& c = p.ceiling;
  json points = json::array();
  for (int i = 0; i < p.roofline_count; ++i) {
    const RooflinePoint& x = p.roofline[i];
    points.push_back({{"op", x.op}, {"phase", x.phase}, {"flops", Num(x.flops)}, {"bytes", Num(x.bytes)},
                      {"intensity", Num(x.intensity)}, {"attainable_tflops", Num(x.attainable_tflops)},
                      {"time_s", Num(x.time_s)}, {"compute_bound", x.compute_bound}});
  }
  return {{"precision", PrecisionName(c.precision)}, {"peak_tflops", Num(c.peak_tflops)},
          {"achievable_tflops", Num(c.achievable_tflops)}, {"sustained_tflops", Num(c.sustained_tflops)},
          {"hbm_gbps", Num(c.hbm_gbps)},
          {"achievable_hbm_gbps", Num(c.achievable_hbm_gbps)},
          {"ridge_flops_per_byte", Num(c.ridge_flops_per_byte)},
          {"peak_ridge_flops_per_byte", Num(c.peak_ridge_flops_per_byte)},
          {"matmul_efficiency", Num(c.matmul_efficiency)}, {"hbm_efficiency", Num(c.hbm_efficiency)},
          {"sustained_efficiency", Num(c.sustained_efficiency)}, {"points", points}};
}

json PerformanceJson(const PerformanceReport& p) {
  return {{"model_flops_per_step", Num(p.model_flops_per_step)},
          {"hardware_flops_per_step", Num(p.hardware_flops_per_step)},
          {"step_time_lower_bound_s", Num(p.step_time_lower_bound_s)},
          {"step_time_s", Num(p.step_time_s)},
          {"tokens_per_s", Num(p.tokens_per_s)},
          {"tokens_per_s_per_gpu", Num(p.tokens_per_s_per_gpu)},
          {"tflops_per_gpu", Num(p.tflops_per_gpu)},
          {"mfu", Num(p.mfu)},
          {"hfu", Num(p.hfu)},
          {"comm_fraction", Num(p.comm_fraction)},
          {"bubble_fraction", Num(p.bubble_fraction)},
          {"micro_batches", p.micro_batches},
          {"breakdown", BreakdownJson(p.breakdown)},
          {"time_to_train_s", Num(p.time_to_train_s)},
          {"gpu_hours", Num(p.gpu_hours)},
          {"scaling", ScalingJson(p)},
          {"scaling_break_gpus", p.scaling_break_gpus},
          {"roofline", RooflineJson(p)},
          {"ttft_s", Num(p.ttft_s)},
          {"tpot_s", Num(p.tpot_s)},
          {"output_tokens_per_s", Num(p.output_tokens_per_s)},
          {"output_tokens_per_s_per_gpu", Num(p.output_tokens_per_s_per_gpu)},
          {"decode_tokens_per_s", Num(p.decode_tokens_per_s)},
          {"request_latency_s", Num(p.request_latency_s)},
          {"best_batch", p.best_batch},
          {"best_batch_output_tokens_per_s", Num(p.best_batch_output_tokens_per_s)},
          {"best_batch_tpot_s", Num(p.best_batch_tpot_s)},
          {"best_batch_ttft_s", Num(p.best_batch_ttft_s)}};
}

json PowerJson(const PowerReport& p) {
  return {{"gpu_w", Num(p.gpu_w)}, {"gpu_peak_w", Num(p.gpu_peak_w)}, {"node_w", Num(p.node_w)},
          {"node_peak_w", Num(p.node_peak_w)}, {"cluster_kw", Num(p.cluster_kw)},
          {"facility_kw", Num(p.facility_kw)}, {"energy_kwh", Num(p.energy_kwh)},
          {"throughput_factor", Num(p.throughput_factor)}, {"heat_btu_per_h", Num(p.heat_btu_per_h)},
          {"airflow_cfm", Num(p.airflow_cfm)}, {"nodes_per_rack", p.nodes_per_rack}, {"racks", p.racks},
          {"psus_per_node", p.psus_per_node},
          // gpucfg extensions (docs/contract.md)
          {"server", p.server}, {"cooling", p.cooling}, {"mode", p.mode}, {"gpu_idle_w", Num(p.gpu_idle_w)},
          {"gpu_limit_w", Num(p.gpu_limit_w)}, {"gpu_board_w", Num(p.gpu_board_w)},
          {"gpu_compute_w", Num(p.gpu_compute_w)}, {"gpu_memory_bound_w", Num(p.gpu_memory_bound_w)},
          {"gpu_comm_w", Num(p.gpu_comm_w)}, {"clock_factor", Num(p.clock_factor)}, {"host_w", Num(p.host_w)},
          {"host_peak_w", Num(p.host_peak_w)}, {"psu_efficiency", Num(p.psu_efficiency)},
          {"node_supply_w", Num(p.node_supply_w)}, {"psus_installed", p.psus_installed}, {"psu_w", Num(p.psu_w)},
          {"rack_kw", Num(p.rack_kw)}, {"rack_heat_kw", Num(p.rack_heat_kw)}, {"mode_tops", Num(p.mode_tops)},
          {"gpu_energy_kwh", Num(p.gpu_energy_kwh)}, {"it_energy_kwh", Num(p.it_energy_kwh)},
          {"grid_kg_per_kwh", Num(p.grid_kg_per_kwh)}, {"co2e_kg", Num(p.co2e_kg)}};
}

json CostJson(const CostReport& c) {
  return {{"currency", c.currency}, {"per_gpu_hour", Num(c.per_gpu_hour)},
          {"per_hour", Num(c.per_hour)}, {"total", Num(c.total)},
          {"electricity_total", Num(c.electricity_total)}, {"gpu_hours", Num(c.gpu_hours)},
          {"days", Num(c.days)}, {"per_million_tokens", Num(c.per_million_tokens)}};
}

json SetupJson(const ResolvedSetup& s) {
  return {{"total_gpus", s.total_gpus}, {"tp", s.tp}, {"pp", s.pp}, {"dp", s.dp}, {"cp", s.cp},
          {"ep", s.ep}, {"parameters", Num(s.parameters)},
          {"active_parameters", Num(s.active_parameters)}, {"intra_node", s.intra_node},
          {"inter_node", s.inter_node}};
}

json WarningsJson(const WarningList& list) {
  json out = json::array();
  for (const Warning& w : list)
    out.push_back({{"code", w.code}, {"message", WarningMessage(w)}, {"path", w.path}});
  return out;
}

}  // namespace

std::string ReportToJson(const Report& r, int indent) {
  json root = json::object();
  root["schema_version"] = r.schema_version;
  root["setup"] = SetupJson(r.setup);
  root["memory"] = MemoryJson(r.memory);
  root["performance"] = PerformanceJson(r.performance);
  root["power"] = PowerJson(r.power);
  root["cost"] = CostJson(r.cost);
  root["warnings"] = WarningsJson(r.warnings);
  root["assumptions"] = WarningsJson(r.assumptions);
  root["confidence"] = ConfidenceName(r.confidence);
  return root.dump(indent);
}

}  // namespace gpucfg
