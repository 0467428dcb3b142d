// Power commands: servers (the server catalog), server ID (one in full), power [FILE|-] (the
// power section of a scenario's report: GPUs under this job, the node at the wall, PSUs, racks,
// cooling, energy and CO2e, with the warnings that concern them).
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "gpucfg.h"
#include "table.h"

namespace gpucfg::cli {
namespace {

std::string W(double w) { return Fixed(w, 0) + " W"; }

void PrintServers(const Catalog& c) {
  std::vector<std::vector<std::string>> rows = {
      {"id", "GPUs", "CPUs", "PSUs", "rated W", "cooling", "U", "name"}};
  for (const ServerSpec& s : c.servers)
    rows.push_back({s.id, std::to_string(s.gpu_count) + " x " + s.gpu_form_factor,
                    std::to_string(s.cpu_count) + " x " + Fixed(s.cpu_w, 0) + " W",
                    std::to_string(s.psu_count) + " x " + Fixed(s.psu_w, 0) + " W (" +
                        std::to_string(s.psu_count - s.psu_spares) + "+" + std::to_string(s.psu_spares) + ")",
                    Fixed(s.rated_w, 0), s.cooling, s.height_u ? std::to_string(s.height_u) : "-", s.name});
  Columns(rows);
  std::cout << "\nHost figures marked as estimates in `gpucfg server ID` are gpucfg judgements; override with --catalog.\n";
}

void PrintServer(const ServerSpec& s) {
  std::cout << s.name << " (" << s.id << ")\n";
  Row("GPUs", std::to_string(s.gpu_count) + " x " + s.gpu_form_factor, s.typical_gpu.empty() ? "" : "ships with " + s.typical_gpu);
  Row("CPUs", std::to_string(s.cpu_count) + " x " + W(s.cpu_w));
  Row("memory / storage / other", W(s.memory_w) + " / " + W(s.storage_w) + " / " + W(s.other_w));
  Row("NICs", std::to_string(s.nic_count) + " x " + W(s.nic_w));
  Row("NVSwitches", std::to_string(s.nvswitch_count) + " x " + W(s.nvswitch_w));
  Row("fans (full speed)", W(s.fans_w));
  Row("power supplies", std::to_string(s.psu_count) + " x " + W(s.psu_w),
      std::to_string(s.psu_count - s.psu_spares) + "+" + std::to_string(s.psu_spares) + " redundancy, " +
          Fixed(s.psu_efficiency * 100, 0) + " % efficient");
  Row("rated input", W(s.rated_w));
  if (s.idle_w > 0) Row("idle input (measured)", W(s.idle_w), "GPUs idle: the host under a job is this less the idle GPUs");
  Row("cooling / max inlet", s.cooling + " / " + Fixed(s.max_inlet_c, 0) + " C", s.height_u ? std::to_string(s.height_u) + "U" : "");
  Title("Sources");
  std::cout << "  " << s.source << "\n  estimated by gpucfg: " << s.estimated << "\n";
}

void PrintPower(const Scenario& s, const Report& r) {
  const PowerReport& p = r.power;
  std::cout << "gpucfg " << Version() << ": power of " << s.workload.model << " on " << s.cluster.nodes << " x "
            << p.server << " (" << s.cluster.gpus_per_node << " x " << s.cluster.gpu << ")\n";
  Title("GPU (one board)");
  Row("average under this job", W(p.gpu_w), "compute " + W(p.gpu_compute_w) + ", memory-bound " + W(p.gpu_memory_bound_w) +
                                                ", waits " + W(p.gpu_comm_w));
  Row("limit / board default", W(p.gpu_limit_w) + " / " + W(p.gpu_board_w), "idle " + W(p.gpu_idle_w));
  Row("transient peak", W(p.gpu_peak_w));
  if (!p.mode.empty()) Row("power mode", std::string(p.mode), Fixed(p.mode_tops, 0) + " INT8 TOPS (GPU, sparse, derived)");
  Row("throughput factor", Fixed(p.throughput_factor, 3), "clock in compute-bound kernels x" + Fixed(p.clock_factor, 3));
  Title("Node (at the wall)");
  Row("average / peak", W(p.node_w) + " / " + W(p.node_peak_w), "host " + W(p.host_w) + " avg, " + W(p.host_peak_w) + " peak (DC)");
  Row("PSUs needed / installed", std::to_string(p.psus_per_node) + " / " + std::to_string(p.psus_installed),
      W(p.psu_w) + " each, supply " + W(p.node_supply_w));
  Row("heat", Fixed(p.heat_btu_per_h, 0) + " BTU/h", Fixed(p.airflow_cfm, 0) + " CFM at a " + Fixed(s.power.outlet_rise_c, 0) + " C rise");
  Title("Facility");
  Row("racks", std::to_string(p.racks) + " x " + std::to_string(p.nodes_per_rack) + " nodes",
      Fixed(p.rack_kw, 1) + " kW peak, " + Fixed(p.rack_heat_kw, 1) + " kW heat per rack (" + std::string(p.cooling) + ")");
  Row("cluster / facility", Fixed(p.cluster_kw, 1) + " kW / " + Fixed(p.facility_kw, 1) + " kW", "PUE " + Fixed(s.pricing.pue, 2));
  Row("energy", Fixed(p.energy_kwh, 0) + " kWh", s.workload.kind == WorkloadKind::kInference ? "one hour of serving" : "the training budget");
  Row("electricity", Fixed(r.cost.electricity_total, 0) + " " + std::string(r.cost.currency));
  Row("CO2e", Fixed(p.co2e_kg, 0) + " kg", Fixed(p.grid_kg_per_kwh, 3) + " kg/kWh");
  if (r.warnings.count > 0) Title("Warnings");
  for (const Warning& w : r.warnings) Row("!", WarningMessage(w));
}

// `gpucfg power --cap-sweep`: the scenario at caps across the GPU's range (query/power_views.h).
void PrintCapSweep(const PowerCapSweep& w, Format format) {
  if (format == Format::kJson) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (int i = 0; i < PowerCapSweep::kPoints; ++i)
      points.push_back({{"cap_w", w.cap_w[i]}, {"throughput_factor", w.throughput_factor[i]},
                        {"energy_kwh", w.energy_kwh[i]}, {"gpu_w", w.gpu_w[i]}});
    nlohmann::ordered_json out = {{"schema_version", kReportSchemaVersion},
                                  {"power_cap_sweep",
                                   {{"min_w", w.range.lo_w}, {"max_w", w.range.hi_w}, {"min_published", w.range.lo_published},
                                    {"board_gpu_w", w.base.power.gpu_w}, {"board_energy_kwh", w.base.power.energy_kwh},
                                    {"points", points}}}};
    std::cout << out.dump(2) << "\n";
    return;
  }
  Title("Power cap sweep (" + Fixed(w.range.lo_w, 0) + " .. " + Fixed(w.range.hi_w, 0) + " W" +
        (w.range.lo_published ? "" : ", lowest cap a judgement: a quarter of the board limit") + ")");
  std::vector<std::vector<std::string>> rows{{"cap W", "throughput", "energy kWh", "vs no cap", "GPU W"}};
  const double ref = w.base.power.energy_kwh;
  for (int i = 0; i < PowerCapSweep::kPoints; ++i)
    rows.push_back({Fixed(w.cap_w[i], 0), Fixed(100 * w.throughput_factor[i], 1) + " %", Fixed(w.energy_kwh[i], 1),
                    ref > 0 ? Fixed(100 * (w.energy_kwh[i] / ref - 1), 1) + " %" : "-", Fixed(w.gpu_w[i], 0)});
  Columns(rows);
}

}  // namespace

void AddPowerCommands(CLI::App& app, Context& ctx) {
  static Format format = Format::kTable;
  auto* servers = app.add_subcommand("servers", "list the server catalog (host power, PSUs, cooling)");
  AddFormatOption(servers, format);
  servers->callback([&] {
    if (format == Format::kJson) return PrintJsonSection(CatalogToJson(ctx.catalog), "servers");
    PrintServers(ctx.catalog);
  });

  static std::string id;
  auto* server = app.add_subcommand("server", "show one server in full, with the sources of its figures");
  server->add_option("id", id, "server catalog id (case-insensitive)")->required();
  AddFormatOption(server, format);
  server->callback([&] {
    const ServerSpec* s = FindServer(ctx.catalog, id);
    if (!s) return FailWith(ctx, {Issue{"unknown_server", "unknown server \"" + id + "\"; gpucfg servers lists the ids", ""}});
    if (format == Format::kJson) return void(std::cout << CatalogEntryToJson(*s) << "\n");
    PrintServer(*s);
  });

  static std::string path;
  static bool cap_sweep = false;
  auto* power = app.add_subcommand("power", "power of a scenario: GPUs under the job, node at the wall, PSUs, racks, cooling, energy");
  power->add_option("scenario", path, "scenario JSON file, or - for standard input");
  power->add_flag("--cap-sweep", cap_sweep,
                  "the scenario at 9 power caps across the GPU's accepted range: throughput, energy and GPU draw (the page's cap chart)");
  AddFormatOption(power, format);
  power->callback([&] {
    Scenario s;
    if (!LoadScenario(ctx, path, s)) return;
    if (cap_sweep) {
      PowerCapSweep w;
      SweepPowerCap(s, ctx.catalog, w);
      if (!w.base.errors.empty()) return FailWith(ctx, w.base.errors);
      if (!w.ok && !w.base.power.mode.empty())
        return FailWith(ctx, {Issue{"no_cap_sweep", "an edge module runs at its power mode (/power/mode: " + std::string(w.base.power.mode) +
                                                        "), not under a cap; gpucfg power shows each mode's figures", "/power/mode"}});
      if (!w.ok)
        return FailWith(ctx, {Issue{"no_cap_sweep", "this GPU accepts no power cap range, or a cap in it does not evaluate", "/power/gpu_cap_w"}});
      return PrintCapSweep(w, format);
    }
    Report r = Evaluate(s, ctx.catalog);
    if (!r.errors.empty()) return FailWith(ctx, r.errors);
    if (format != Format::kJson) return PrintPower(s, r);
    PrintJsonSection(ReportToJson(r), "power");
  });
}

}  // namespace gpucfg::cli
