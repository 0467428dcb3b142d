// The network a multi-node cluster of this GPU usually has, for a scenario that names none
// (cluster.inter_node "none" with nodes > 1). A judgement, reported as a warning, never silent.
#pragma once

#include <string_view>

#include "catalog/catalog.h"

namespace gpucfg {

// Catalog id of the interconnect. DGX-1 (V100): 4x EDR; DGX A100: 8x HDR; DGX H100/H200: 8x NDR
// (shared/reference/gpu-specs.md Table 6, "typical node networking"). Blackwell and later modules:
// NDR (DGX B200 ships 400 Gb/s ConnectX-7; judgement). PCIe cards: 200G Ethernet with RoCE, the
// L40S/L20 servers' usual network per the industry note cited as L20-CN in data/gpus.json. Modules
// such as Jetson: 25GbE sockets (judgement).
inline std::string_view UsualNetworkId(const GpuSpec& g) {
  if (g.form_factor == "module") return "eth-25g";
  if (g.form_factor == "PCIe") return "roce-200g";
  if (g.architecture == "Volta") return "ib-edr";
  if (g.architecture == "Ampere") return "ib-hdr";
  return "ib-ndr";
}

}  // namespace gpucfg
