// The kinds of fabric inside a node, as an enum: resolve parses cluster.intra_node once and every
// model branches on this, never on the string. The names are the contract's (contract-v1
// cluster.intra_node) and the catalog's interconnect `kind`s for the same fabrics.
#pragma once

#include <array>
#include <string_view>

namespace gpucfg {

enum class IntraKind { kPcie, kNvlinkBridge, kNvlinkMesh, kNvswitch };
inline constexpr std::array<std::string_view, 4> kIntraKindNames = {"pcie", "nvlink-bridge", "nvlink-mesh",
                                                                    "nvswitch"};

constexpr std::string_view IntraKindName(IntraKind k) { return kIntraKindNames[static_cast<int>(k)]; }

// False (and `out` untouched) for a name outside kIntraKindNames.
constexpr bool ParseIntraKind(std::string_view name, IntraKind& out) {
  for (int i = 0; i < int(kIntraKindNames.size()); ++i)
    if (kIntraKindNames[i] == name) return out = static_cast<IntraKind>(i), true;
  return false;
}

// NVLink joins the node's GPUs directly (NVSwitch or a mesh): ring all-reduces run on NVLink.
constexpr bool NvlinkInside(IntraKind k) { return k == IntraKind::kNvswitch || k == IntraKind::kNvlinkMesh; }

}  // namespace gpucfg
