// Servers, electricity grids and edge power modes: the catalog entities the power model reads
// (data/servers.json). A server carries its host's power (CPUs, memory, NICs, NVSwitches, fans,
// storage), its power supplies and their redundancy, its rated input and its cooling; a grid its
// carbon intensity; an edge power mode (Jetson nvpmodel) its module budget and clocks. Read and
// written through the catalog's field lists (catalog/catalog_fields.h) like every other entity.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"

namespace gpucfg {

struct Catalog;

struct ServerSpec {
  std::string id;                  // "dgx-h100"
  std::string name;
  std::string vendor;
  std::string typical_gpu;         // the GPU it ships with (informational; may be absent from the catalog)
  std::string gpu_form_factor;     // "SXM5", "PCIe", "module"
  int gpu_count = 8;
  int cpu_count = 2;
  double cpu_w = 0;                // one CPU's TDP
  double memory_w = 0;             // all DIMMs at load
  int nic_count = 0;
  double nic_w = 0;                // one adapter
  int nvswitch_count = 0;
  double nvswitch_w = 0;           // one NVSwitch chip
  double fans_w = 0;               // all fans at full speed
  double storage_w = 0;            // all drives at load
  double other_w = 0;              // BMC, boards, PCIe switches, retimers
  int psu_count = 0;               // installed supplies
  double psu_w = 0;                // rating of one supply (input side, at 200-240 V)
  int psu_spares = 0;              // redundant supplies in the vendor's configuration (4+2: 2)
  double psu_efficiency = 0.94;    // AC to DC at typical load
  double rated_w = 0;              // rated maximum input of the whole node
  double idle_w = 0;               // measured input at the wall, GPUs idle before a job holds them (0 = none)
  double gpu_power_limit_w = 0;    // the server's own GPU power limit; 0 = the board's
  std::string cooling = "air";     // air | liquid | immersion
  double max_inlet_c = 35;         // highest supported inlet air temperature
  int height_u = 0;                // rack units (0 = not rack-mounted)
  std::string estimated;           // which figures are gpucfg estimates rather than published
  std::string source;
  bool operator==(const ServerSpec&) const = default;
};

struct GridPreset {
  std::string id;                  // "cn"
  std::string name;
  double kg_per_kwh = 0;           // CO2e per kWh consumed
  std::string source;
  bool operator==(const GridPreset&) const = default;
};

struct PowerMode {
  std::string gpu;                 // GPU catalog id the mode belongs to
  std::string id;                  // "maxn", "50w", ...
  int nvpmodel_id = 0;
  double module_w = 0;             // the mode's module power budget
  int cpu_cores = 0;
  double cpu_max_mhz = 0;
  int gpu_tpcs = 0;
  double gpu_max_mhz = 0;
  double dla_max_mhz = 0;
  double emc_max_mhz = 0;          // memory controller clock (bandwidth scales with it)
  double tops = 0;                 // INT8 sparse TOPS the mode allows (GPU + DLAs, derived from clocks)
  std::string verification;
  std::string source;
  bool operator==(const PowerMode&) const = default;
};

const ServerSpec* FindServer(const Catalog& c, std::string_view id);
const GridPreset* FindGrid(const Catalog& c, std::string_view id);
const PowerMode* FindPowerMode(const Catalog& c, std::string_view gpu, std::string_view mode);
bool HasPowerModes(const Catalog& c, std::string_view gpu);

}  // namespace gpucfg
