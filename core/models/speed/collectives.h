// Collective communication cost on a cluster's fabric: the alpha-beta model of ring, tree and
// NVLink-SHARP (NVLS) algorithms under NCCL's three protocols, hierarchical across nodes, and the
// algbw/busbw figures exactly as nccl-tests defines them (nccl-tests doc/PERFORMANCE.md).
// Not here: which collectives a training step issues (performance.cpp). No allocation, no I/O.
#pragma once

#include <string_view>

#include "base/fabric_kind.h"
#include "contract/report_speed.h"
#include "resolve/device.h"
#include "contract/scenario.h"

namespace gpucfg {

std::string_view CollectiveOpName(CollectiveOp op);
std::string_view CollectiveAlgoName(CollectiveAlgo a);
bool ParseCollectiveOp(std::string_view name, CollectiveOp& out);

// The fabric, resolved once: effective bandwidths after protocol overheads, hop latencies.
struct Fabric {
  IntraKind intra_kind = IntraKind::kNvswitch;
  int gpus_per_node = 8;
  int nodes = 1;
  double intra_gbps = 0;        // effective ring bandwidth per GPU per direction inside a node
  double intra_pair_gbps = 0;   // nvlink-bridge: inside a bridged pair (else = intra_gbps)
  double intra_hop_us = 0.6;    // per ring step inside a node (LL protocol)
  double nvls_algbw_gbps = 0;   // NVSwitch with SHARP all-reduce (0 = none)
  double net_gbps_per_node = 0; // effective network bandwidth out of one node, all NICs
  double net_hop_us = 3.0;      // per step across the network (LL protocol)
  bool has_network = false;
  double net_gbps_per_node_leaf = 0;  // before core oversubscription
  double oversubscription = 1.0;
  int nodes_per_leaf = 20;
  // [engines, issue 9] what NCCL's tuner reads (nccl_model.h): GPU generation (0 Volta .. 3
  // Blackwell), NVLink inside the node, and an algorithm forced by speed.algorithm (-1 = auto).
  int nccl_generation = 2;
  bool nvlink_intra = true;
  int forced_algo = -1;
  // Optional memo of collective times on this fabric (model_cache.h; the planner's candidate path).
  // Copies of the fabric carry it; a lookup checks the whole fabric, so a resized copy never reads
  // another fabric's times.
  struct CollectiveMemo* memo = nullptr;
  // Which of the memo's fabrics this very object was checked equal to (CollectiveMemo::Bind), so
  // that its lookups skip the whole-fabric compare. Not part of the fabric's value (always equal);
  // code that changes a bound copy clears it (ResizeFabricInto, the context-parallel hop).
  struct MemoTag {
    int fabric = -1;
    unsigned generation = 0;
    bool operator==(const MemoTag&) const { return true; }
  } memo_tag;
  bool operator==(const Fabric&) const = default;
};

// Builds the fabric from the GPU, the intra-node kind and spec, and the network.
Fabric MakeFabric(const EffectiveDevice& device, IntraKind intra_kind, const InterconnectSpec* intra,
                  const InterconnectSpec* inter, int gpus_per_node, int nodes, int nics_per_node,
                  double oversubscription, const SpeedOptions& o = {});

// The same fabric as a job of `gpus` GPUs of it sees it (fewer GPUs: fewer nodes, maybe one
// leaf switch). Cheap: no catalog or string work (the scaling curve calls it per point).
Fabric ResizeFabric(const Fabric& full, int full_gpus_per_node, int gpus);
// The same into `f`, a copy of `full` (or of an earlier resize of it): only the fields a resize
// changes are written (gpus_per_node, nodes, has_network, net_gbps_per_node).
void ResizeFabricInto(const Fabric& full, int full_gpus_per_node, int gpus, Fabric& f);

// Effective efficiencies (fractions of line rate) the fabric uses; exposed for tests and docs.
double NvlinkRingEfficiency(int nvlink_gen);
double NetworkEfficiency(std::string_view kind);
double PcieEfficiency(bool through_switch);

// One collective over `ranks` GPUs, `ranks_per_node` of them in each node (the group's layout);
// `bytes` is nccl-tests' size: the full buffer (all-gather: the gathered output). All groups of
// this kind run at once, so a node's NICs are shared by gpus_per_node / ranks_per_node groups.
CollectiveResult Collective(const Fabric& f, CollectiveOp op, double bytes, int ranks,
                            int ranks_per_node);
// Collective(...).time_s alone, without the bandwidth figures (the step model's hot path).
double CollectiveTime(const Fabric& f, CollectiveOp op, double bytes, int ranks, int ranks_per_node);

// nccl-tests bus-bandwidth factor: 2(n-1)/n all-reduce, (n-1)/n all-gather/reduce-scatter/all-to-all, 1 send/recv.
double BusFactor(CollectiveOp op, int ranks);

}  // namespace gpucfg
