// Speed subcommands: roofline (ceilings of a GPU, optionally a scenario's ops), collective (one
// NCCL collective or an nccl-tests-style size sweep), scale (the scaling curve as table, CSV or
// SVG) and compare (scenarios side by side). All numbers come from the core; this file formats.
// Their JSON goes through the report's writer (contract/report_json.h): the report's field names,
// its records and its 6-significant-digit rounding, so `roofline` and `evaluate` agree byte for byte.
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "gpucfg.h"
#include "table.h"

namespace gpucfg::cli {
namespace {

using nlohmann::json;

// The keys of a report `compare` puts side by side, at their report pointers.
constexpr const char* kCompareKeys[] = {
    "/setup/total_gpus", "/setup/tp", "/setup/pp", "/setup/dp", "/memory/per_gpu/total_gib",
    "/memory/capacity_gib", "/memory/fits", "/performance/step_time_s", "/performance/tokens_per_s",
    "/performance/tflops_per_gpu", "/performance/mfu", "/performance/comm_fraction",
    "/performance/scaling_break_gpus", "/performance/time_to_train_s", "/cost/currency", "/cost/total",
    "/cost/days", "/cost/gpu_hours", "/power/cluster_kw", "/power/energy_kwh"};

// [SECTION] SVG ----------------------------------------------------------------------------------

struct Plot {
  double x0, x1, y0, y1;  // data range (log10 when log)
  bool logx, logy;
  double X(double v) const { double t = logx ? std::log10(v) : v; return 60 + 560 * (t - x0) / (x1 - x0); }
  double Y(double v) const { double t = logy ? std::log10(v) : v; return 380 - 340 * (t - y0) / (y1 - y0); }
};

std::string SvgOpen(const std::string& title, const std::string& xl, const std::string& yl) {
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"660\" height=\"430\" font-family=\"sans-serif\" font-size=\"11\">\n"
    << "<rect width=\"660\" height=\"430\" fill=\"white\"/>\n"
    << "<text x=\"330\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">" << title << "</text>\n"
    << "<line x1=\"60\" y1=\"380\" x2=\"620\" y2=\"380\" stroke=\"black\"/><line x1=\"60\" y1=\"40\" x2=\"60\" y2=\"380\" stroke=\"black\"/>\n"
    << "<text x=\"340\" y=\"415\" text-anchor=\"middle\">" << xl << "</text>\n"
    << "<text x=\"15\" y=\"210\" transform=\"rotate(-90 15 210)\" text-anchor=\"middle\">" << yl << "</text>\n";
  return o.str();
}

void RooflineSvg(const RooflineChart& chart, const PerformanceReport* p, const std::string& gpu) {
  Plot pl{-1, 4, 0, 4.5, true, true};
  std::cout << SvgOpen("Roofline: " + gpu, "arithmetic intensity (FLOP/byte)", "TFLOP/s");
  const char* colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"};
  for (int i = 0; i < chart.count; ++i) {
    const RooflineCeiling& c = chart.ceilings[i];
    double lo = 0.1, ridge = c.ridge_flops_per_byte, hi = 10000;
    std::printf("<polyline fill=\"none\" stroke=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n", colors[i % 9],
                pl.X(lo), pl.Y(std::max(1.0, AttainableTflops(c, lo))), pl.X(ridge), pl.Y(c.achievable_tflops),
                pl.X(hi), pl.Y(c.achievable_tflops));
    std::printf("<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s %.0f</text>\n", pl.X(hi) - 90, pl.Y(c.achievable_tflops) - 3,
                colors[i % 9], std::string(PrecisionName(c.precision)).c_str(), c.achievable_tflops);
  }
  for (int i = 0; p && i < p->roofline_count; ++i) {
    const RooflinePoint& r = p->roofline[i];
    if (r.intensity <= 0 || r.attainable_tflops <= 0) continue;
    std::printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s %s</title></circle>\n",
                pl.X(std::clamp(r.intensity, 0.1, 9999.0)), pl.Y(std::max(1.0, r.attainable_tflops)),
                r.compute_bound ? "black" : "red", std::string(r.phase).c_str(), std::string(r.op).c_str());
  }
  std::cout << "</svg>\n";
}

void ScaleSvg(const PerformanceReport& p, const std::string& title) {
  int n = p.scaling[p.scaling_count - 1].gpus;
  Plot pl{0, std::max(1.0, std::log2(double(n))), 0, 1.05, false, false};
  std::cout << SvgOpen(title, "GPUs (log2)", "percent");
  for (int pct = 0; pct <= 100; pct += 25) {  // y grid and ticks
    double y = pl.Y(pct / 100.0);
    std::printf("<line x1=\"60\" y1=\"%.1f\" x2=\"620\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                "<text x=\"54\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", y, y, y + 4, pct);
  }
  if (p.scaling_break_gpus > 0) {  // where exposed communication reaches half the step
    double x = pl.X(std::log2(double(p.scaling_break_gpus)));
    std::printf("<line x1=\"%.1f\" y1=\"40\" x2=\"%.1f\" y2=\"380\" stroke=\"#d62728\" stroke-dasharray=\"4 3\"/>\n", x, x);
  }
  std::string eff, comm;
  for (int i = 0; i < p.scaling_count; ++i) {
    const ScalingPoint& s = p.scaling[i];
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f,%.1f ", pl.X(std::log2(double(s.gpus))), pl.Y(std::min(1.05, s.efficiency)));
    eff += buf;
    std::snprintf(buf, sizeof buf, "%.1f,%.1f ", pl.X(std::log2(double(s.gpus))), pl.Y(s.comm_fraction));
    comm += buf;
    std::printf("<text x=\"%.1f\" y=\"395\" text-anchor=\"middle\">%d</text>\n", pl.X(std::log2(double(s.gpus))), s.gpus);
  }
  std::printf("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"%s\"/>\n", eff.c_str());
  std::printf("<polyline fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\" points=\"%s\"/>\n", comm.c_str());
  std::cout << "<text x=\"620\" y=\"290\" text-anchor=\"end\" fill=\"#1f77b4\">scaling efficiency</text>"
               "<text x=\"620\" y=\"305\" text-anchor=\"end\" fill=\"#d62728\">exposed communication / step</text>\n</svg>\n";
}

// [SECTION] roofline -----------------------------------------------------------------------------

void RunRoofline(Context& ctx, const std::string& gpu_id, const std::string& prec, bool sparse,
                 const std::string& scenario, Format format) {
  const GpuSpec* gpu = FindGpu(ctx.catalog, gpu_id);
  if (!gpu) return FailWith(ctx, {{"unknown_id", "unknown GPU \"" + gpu_id + "\" (gpucfg gpus lists them)", "/cluster/gpu"}});
  auto p = ParsePrecision(prec);
  if (!p) return FailWith(ctx, {{"unknown_value", "unknown precision \"" + prec + "\"", "/workload/precision"}});
  const RooflineOfGpu roof = RooflineOf(*gpu, *p, sparse);
  const RooflineCeiling& c = roof.ceiling;
  if (c.peak_tflops <= 0) return FailWith(ctx, {{"unsupported", gpu->id + " has no " + prec + " rate", "/workload/precision"}});
  const RooflineChart& chart = roof.chart;
  Report report;
  bool with_ops = !scenario.empty();
  if (with_ops) {
    Scenario s;
    if (!LoadScenario(ctx, scenario, s)) return;
    report = Evaluate(s, ctx.catalog);
    if (!report.errors.empty()) return FailWith(ctx, report.errors);
  }
  if (format == Format::kSvg) return RooflineSvg(chart, with_ops ? &report.performance : nullptr, gpu->id);
  if (format == Format::kJson) {
    json out = RecordToJson(c);  // the ceiling as the report's /performance/roofline writes it
    out["schema_version"] = kReportSchemaVersion;
    out["gpu"] = gpu->id;
    out["sparse"] = sparse;
    out["ceilings"] = json::array();
    for (int i = 0; i < chart.count; ++i) out["ceilings"].push_back(RecordToJson(chart.ceilings[i]));
    if (with_ops) {  // the scenario's points, as the report's /performance/roofline/points
      out["points"] = json::array();
      const PerformanceReport& pr = report.performance;
      for (int i = 0; i < pr.roofline_count; ++i) out["points"].push_back(RecordToJson(pr.roofline[i]));
    }
    std::cout << out.dump(2) << "\n";
    return;
  }
  Title("Roofline of " + gpu->id + " (" + prec + (sparse ? ", 2:4 sparse" : ", dense") + ")");
  Row("peak", Fixed(c.peak_tflops, 1) + " TFLOP/s");
  Row("achievable (best GEMM)", Fixed(c.achievable_tflops, 1) + " TFLOP/s", Fixed(100 * c.matmul_efficiency, 1) + " % of peak");
  Row("HBM", Fixed(c.hbm_gbps, 0) + " GB/s", "achievable " + Fixed(c.achievable_hbm_gbps, 0) + " GB/s");
  Row("ridge point", Fixed(c.ridge_flops_per_byte, 1) + " FLOP/byte", "at peaks: " + Fixed(c.peak_ridge_flops_per_byte, 1));
  std::vector<std::vector<std::string>> rows{{"precision", "peak", "achievable", "ridge FLOP/B"}};
  for (int i = 0; i < chart.count; ++i) {
    const RooflineCeiling& x = chart.ceilings[i];
    rows.push_back({std::string(PrecisionName(x.precision)), Fixed(x.peak_tflops, 1), Fixed(x.achievable_tflops, 1), Fixed(x.ridge_flops_per_byte, 1)});
  }
  Title("All ceilings (TFLOP/s)");
  Columns(rows);
  if (!with_ops) return;
  Title("Operations of one layer (per GPU)");
  std::vector<std::vector<std::string>> ops{{"phase", "op", "GFLOP", "MB", "FLOP/B", "TFLOP/s", "time", "bound"}};
  const PerformanceReport& pr = report.performance;
  for (int i = 0; i < pr.roofline_count; ++i) {
    const RooflinePoint& o = pr.roofline[i];
    ops.push_back({std::string(o.phase), std::string(o.op), Fixed(o.flops / 1e9, 2), Fixed(o.bytes / 1e6, 2),
                   Fixed(o.intensity, 1), Fixed(o.attainable_tflops, 1), Duration(o.time_s), o.compute_bound ? "compute" : "memory"});
  }
  Columns(ops);
}

// [SECTION] collective ---------------------------------------------------------------------------

struct CollectiveArgs {
  std::string op = "allreduce", gpu = "A100-SXM4-80GB", intra, inter = "none", algorithm = "auto";
  double bytes = 0;
  int gpus_per_node = 8, nodes = 1, nics = 0;
};

void RunCollective(Context& ctx, const CollectiveArgs& a, Format format) {
  CollectiveOp op;
  if (!ParseCollectiveOp(a.op, op))
    return FailWith(ctx, {{"unknown_value", "expected allreduce | allgather | reducescatter | alltoall | sendrecv, found \"" + a.op + "\"", "/op"}});
  Scenario s;
  s.cluster.gpu = a.gpu, s.cluster.gpus_per_node = a.gpus_per_node, s.cluster.nodes = a.nodes;
  s.cluster.intra_node = a.intra, s.cluster.inter_node = a.inter, s.cluster.nics_per_node = a.nics;
  bool known_algorithm = false;
  for (std::string_view n : kCollectiveAlgorithmNames) known_algorithm = known_algorithm || n == a.algorithm;
  if (!known_algorithm)
    return FailWith(ctx, {{"unknown_value", "expected auto | ring | tree | nvls | nvls-tree | pat, found \"" + a.algorithm + "\"", "/algorithm"}});
  s.speed.algorithm = a.algorithm;
  std::vector<double> sizes;
  if (a.bytes > 0) sizes.push_back(a.bytes);
  else for (double b = 8; b <= 17179869184.0; b *= 4) sizes.push_back(b);  // nccl-tests style sweep
  std::vector<CollectiveResult> results;
  CollectiveCluster cluster;
  Issues errors;
  if (!CollectiveOn(s, ctx.catalog, op, sizes, a.gpus_per_node, results, cluster, errors))
    return FailWith(ctx, errors);
  const int n = cluster.ranks;
  json arr = json::array();
  std::vector<std::vector<std::string>> rows{{"size (B)", "time (us)", "algbw (GB/s)", "busbw (GB/s)", "algorithm", "protocol"}};
  for (size_t i = 0; i < sizes.size(); ++i) {
    const double b = sizes[i];
    const CollectiveResult& c = results[i];
    json record = RecordToJson(c);
    record["bytes"] = b;
    arr.push_back(std::move(record));
    rows.push_back({Fixed(b, 0), Fixed(c.time_s * 1e6, 2), Fixed(c.algbw_gbps, 2), Fixed(c.busbw_gbps, 2),
                    std::string(CollectiveAlgoName(c.algo)), std::string(c.protocol)});
  }
  if (format == Format::kJson) {
    json out = sizes.size() == 1 ? arr[0] : json{{"sweep", arr}};
    out["schema_version"] = kReportSchemaVersion;
    out["op"] = CollectiveOpName(op), out["ranks"] = n, out["gpu"] = cluster.gpu;
    out["intra_node"] = cluster.intra_node, out["inter_node"] = cluster.inter_node.empty() ? std::string_view(a.inter) : cluster.inter_node;
    std::cout << out.dump(2) << "\n";
    return;
  }
  if (format == Format::kCsv) {
    for (const auto& row : rows) {
      for (size_t i = 0; i < row.size(); ++i) std::cout << (i ? "," : "") << row[i];
      std::cout << "\n";
    }
    return;
  }
  Title(std::string(CollectiveOpName(op)) + " over " + std::to_string(n) + " x " + std::string(cluster.gpu) + " (" + std::string(cluster.intra_node) +
        (a.nodes > 1 && !cluster.inter_node.empty() ? ", " + std::string(cluster.inter_node) : "") + ")  [busbw as nccl-tests defines it]");
  Columns(rows);
}

// [SECTION] scale and compare --------------------------------------------------------------------

void RunScale(Context& ctx, const std::string& path, Format format) {
  Scenario s;
  if (!LoadScenario(ctx, path, s)) return;
  Report r = Evaluate(s, ctx.catalog);
  if (!r.errors.empty()) return FailWith(ctx, r.errors);
  const PerformanceReport& p = r.performance;
  if (p.scaling_count == 0) return FailWith(ctx, {{"not_training", "the scaling curve needs a training workload", "/workload/kind"}});
  if (format == Format::kSvg) return ScaleSvg(p, "Scaling of " + s.workload.model + " on " + s.cluster.gpu);
  std::vector<std::vector<std::string>> rows{{"gpus", "tp", "pp", "dp", "step_time_s", "tokens_per_s", "efficiency", "comm_fraction", "mfu"}};
  json arr = json::array();
  for (int i = 0; i < p.scaling_count; ++i) {
    const ScalingPoint& x = p.scaling[i];
    rows.push_back({std::to_string(x.gpus), std::to_string(x.tp), std::to_string(x.pp), std::to_string(x.dp),
                    Fixed(x.step_time_s, 4), Fixed(x.tokens_per_s, 0), Fixed(x.efficiency, 3), Fixed(x.comm_fraction, 3), Fixed(x.mfu, 3)});
    arr.push_back(RecordToJson(x));
  }
  if (format == Format::kJson) {
    std::cout << json{{"schema_version", kReportSchemaVersion}, {"scaling", arr}, {"scaling_break_gpus", p.scaling_break_gpus}}.dump(2) << "\n";
  } else if (format == Format::kCsv) {
    for (const auto& row : rows) {
      for (size_t i = 0; i < row.size(); ++i) std::cout << (i ? "," : "") << row[i];
      std::cout << "\n";
    }
  } else {
    Title("Weak scaling (per-replica batch fixed; efficiency = tokens/s / (GPUs x one GPU compute-only))");
    Columns(rows);
    Row("communication >= half the step", p.scaling_break_gpus ? "from " + std::to_string(p.scaling_break_gpus) + " GPUs" : "never");
  }
}

void RunCompare(Context& ctx, const std::vector<std::string>& paths, Format format) {
  std::vector<std::vector<std::string>> rows{{"", }};
  std::vector<std::string> labels = {"GPU", "GPUs (tp x pp x dp)", "memory/GPU (GiB)", "fits", "step time",
                                     "tokens/s", "TFLOP/s per GPU", "MFU", "communication", "comm >= 50% from",
                                     "time to train", "GPU-hours", "cost", "cluster power (kW)", "energy (MWh)"};
  for (auto& l : labels) rows.push_back({l});
  json arr = json::array();
  for (const std::string& path : paths) {
    Scenario s;
    if (!LoadScenario(ctx, path, s)) return;
    Report r = Evaluate(s, ctx.catalog);
    if (!r.errors.empty()) return FailWith(ctx, r.errors);
    const PerformanceReport& p = r.performance;
    const ResolvedSetup& u = r.setup;
    std::vector<std::string> col = {
        s.cluster.gpu, std::to_string(u.total_gpus) + " (" + std::to_string(u.tp) + "x" + std::to_string(u.pp) + "x" + std::to_string(u.dp) + ")",
        Fixed(r.memory.per_gpu.total_gib, 1) + " / " + Fixed(r.memory.capacity_gib, 1), r.memory.fits ? "yes" : "NO",
        Duration(p.step_time_s), Count(p.tokens_per_s), Fixed(p.tflops_per_gpu, 1), Fixed(100 * p.mfu, 1) + " %",
        Fixed(100 * p.comm_fraction, 1) + " %", p.scaling_break_gpus ? std::to_string(p.scaling_break_gpus) + " GPUs" : "never",
        Duration(p.time_to_train_s), Count(r.cost.gpu_hours), Count(r.cost.total) + " " + std::string(r.cost.currency),
        Fixed(r.power.cluster_kw, 1), Fixed(r.power.energy_kwh / 1000, 1)};
    rows[0].push_back(path);
    for (size_t i = 0; i < col.size(); ++i) rows[i + 1].push_back(col[i]);
    // The report's own keys, written by its writer, at the same pointers as in `evaluate`.
    const json full = json::parse(ReportToJson(r), nullptr, false);
    json entry = {{"scenario", path}, {"gpu", s.cluster.gpu}};
    for (const char* key : kCompareKeys) {
      const json::json_pointer at(key);
      if (full.contains(at)) entry[at] = full[at];
    }
    arr.push_back(std::move(entry));
  }
  if (format == Format::kJson) {
    std::cout << json{{"schema_version", kReportSchemaVersion}, {"compare", arr}}.dump(2) << "\n";
    return;
  }
  Title("Side by side");
  Columns(rows);
}

}  // namespace

void AddSpeedCommands(CLI::App& app, Context& ctx) {
  static std::string gpu = "A100-SXM4-80GB", prec = "bf16", scenario;
  static bool sparse = false;
  static Format rformat = Format::kTable;
  auto* roof = app.add_subcommand("roofline", "roofline ceilings of a GPU (and a scenario's per-op points)");
  roof->add_option("--gpu", gpu, "GPU catalog id");
  roof->add_option("--precision", prec, "fp64 | fp64-tc | fp32 | tf32 | fp16 | bf16 | fp8 | int8 | int4");
  roof->add_flag("--sparse", sparse, "2:4 structured-sparse peaks");
  roof->add_option("--scenario", scenario, "scenario JSON: add its layer's operations as points");
  AddFormatOption(roof, rformat, false, true);
  roof->callback([&] { RunRoofline(ctx, gpu, prec, sparse, scenario, rformat); });

  static CollectiveArgs ca;
  static Format cformat = Format::kTable;
  auto* coll = app.add_subcommand("collective", "time, algbw and busbw of one NCCL collective (no --bytes: a size sweep)");
  coll->add_option("--op", ca.op, "allreduce | allgather | reducescatter | alltoall | sendrecv");
  coll->add_option("--bytes", ca.bytes, "message size in bytes (nccl-tests' size); 0 = sweep 8 B .. 16 GiB");
  coll->add_option("--gpu", ca.gpu, "GPU catalog id");
  coll->add_option("--gpus-per-node", ca.gpus_per_node, "GPUs per node");
  coll->add_option("--nodes", ca.nodes, "nodes");
  coll->add_option("--intra-node", ca.intra, "pcie | nvlink-bridge | nvlink-mesh | nvswitch (default: the GPU's)");
  coll->add_option("--inter-node", ca.inter, "none | ib-hdr | ib-ndr | roce-200g | ...");
  coll->add_option("--nics-per-node", ca.nics, "NICs per node (0 = one per GPU)");
  coll->add_option("--algorithm", ca.algorithm, "auto (NCCL's choice) | ring | tree | nvls | nvls-tree | pat");
  AddFormatOption(coll, cformat, true, false);
  coll->callback([&] { RunCollective(ctx, ca, cformat); });

  static std::string spath;
  static Format sformat = Format::kTable;
  auto* scale = app.add_subcommand("scale", "scaling curve of a training scenario: efficiency vs GPU count");
  scale->add_option("scenario", spath, "scenario JSON file, or - for standard input");
  AddFormatOption(scale, sformat, true, true);
  scale->callback([&] { RunScale(ctx, spath, sformat); });

  static std::vector<std::string> paths;
  static Format mformat = Format::kTable;
  auto* compare = app.add_subcommand("compare", "scenarios side by side: memory, step time, MFU, time to train, cost, power");
  compare->add_option("scenarios", paths, "two or more scenario JSON files")->required()->expected(2, 64);
  AddFormatOption(compare, mformat);
  compare->callback([&] { RunCompare(ctx, paths, mformat); });
}

}  // namespace gpucfg::cli
