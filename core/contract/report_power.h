// The report's `power` section (plain data, filled by core/models/power): board, node, rack and
// facility power, PSUs, cooling, energy and CO2e. Names follow contract v2 "power".
#pragma once

#include <string_view>

namespace gpucfg {

struct PowerReport {
  // contract v2
  double gpu_w = 0;              // average board power of one GPU running this workload
  double gpu_peak_w = 0;         // what one GPU may draw in transients (enforced limit x transient factor)
  double node_w = 0;             // average AC wall power of one node, host included
  double node_peak_w = 0;        // at the wall, every part at its peak (within the server's rated input)
  double cluster_kw = 0;         // all nodes, at the wall
  double facility_kw = 0;        // cluster_kw x PUE
  double energy_kwh = 0;         // facility energy of the job (training budget, or one hour of serving)
  double throughput_factor = 1;  // speed under the cap, mode and thermal derate / at the board default
  double heat_btu_per_h = 0;     // one node, average
  double airflow_cfm = 0;        // one node with its GPUs at their limit, at power.outlet_rise_c
  int nodes_per_rack = 0;
  int racks = 0;
  int psus_per_node = 0;         // PSUs the node needs at its peak with the redundancy asked for
  // gpucfg extensions
  std::string_view server;       // server catalog id used
  std::string_view cooling;
  std::string_view mode;         // edge power mode ("" = none)
  double gpu_idle_w = 0;
  double gpu_limit_w = 0;        // the limit each GPU runs under (cap, mode, thermal throttle)
  double gpu_board_w = 0;        // the board's default limit
  double gpu_compute_w = 0;      // average draw in the compute phase (forward/backward or prefill)
  double gpu_memory_bound_w = 0; // average draw in memory-bound phases (optimizer, decode)
  double gpu_comm_w = 0;         // during exposed communication and pipeline bubbles
  double clock_factor = 1;       // SM clock in compute-bound kernels / uncapped
  double host_w = 0;             // one node's host (CPUs, memory, NICs, NVSwitches, fans, storage), DC
  double host_peak_w = 0;
  double psu_efficiency = 0;
  double node_supply_w = 0;      // what the node's supplies deliver (power.node_supply_w, or PSUs less spares)
  int psus_installed = 0;
  double psu_w = 0;
  double rack_kw = 0;            // power per full rack (peak)
  double rack_heat_kw = 0;       // heat per full rack, GPUs at their limit (what cooling must carry)
  double mode_tops = 0;          // edge module: INT8 sparse TOPS (GPU + DLAs) the mode allows, derived from clocks
  double gpu_energy_kwh = 0;     // GPU boards only
  double it_energy_kwh = 0;      // nodes at the wall (before PUE)
  double grid_kg_per_kwh = 0;
  double co2e_kg = 0;            // facility energy x grid intensity
};

}  // namespace gpucfg
