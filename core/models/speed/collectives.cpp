// Alpha-beta cost of NCCL collectives. Ring all-reduce moves 2(n-1)/n of the buffer per rank in
// 2(n-1) steps (Patarasuk & Yuan 2009, JPDC 69(2)); all-gather and reduce-scatter half of that;
// the double binary tree pays log2(nodes) steps (Sanders, Speck & Traeff 2009; NCCL 2.4);
// NVLS lets the NVSwitch reduce (NVIDIA Hopper whitepaper, "NVLink SHARP"). Each algorithm is
// priced under NCCL's LL, LL128 and Simple protocols and the cheapest wins, as NCCL's tuner does.
// Efficiencies come from nccl-tests measurements in shared/calibration (cited where used).
#include "models/speed/collectives.h"
#include "models/model_cache.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "base/units.h"
#include "models/speed/nccl_model.h"

namespace gpucfg {
namespace {

// NCCL protocols: fixed launch cost, multiplier on the per-step hop latency, fraction of the
// link bandwidth carried as payload. LL sends a 4-byte flag with every 4 bytes of data (0.5);
// LL128 one 8-byte flag per 128 bytes (120/128 = 0.94, rounded down for its lower pipelining);
// Simple carries full payload behind the largest latency (NCCL docs, "NCCL_PROTO").
// Launch costs and multipliers: fitted to the small-size end of the DGX H100 nccl-tests curve
// (13.7 us at 8 B, dgxc-benchmarking nccl/README.md) - a microbenchmark, not an end-to-end case.
struct Protocol { std::string_view name; double base_us, hop_mult, bw_frac; };
constexpr std::array<Protocol, 3> kProtocols = {{
    {"ll", 4.0, 1.0, 0.50}, {"ll128", 10.0, 1.5, 0.92}, {"simple", 8.0, 3.0, 1.00}}};

// NVLS pipeline fill: all-reduce time minus size/275 GB/s on the DGX H100 curve is 60-125 us
// from 16 MiB up (dgxc-benchmarking nccl/README.md); 60 us keeps mid sizes honest.
constexpr double kNvlsBaseUs = 60.0;
// NVLS all-reduce algbw ~275 GB/s on 450 GB/s NVLink4 (nccl-tests issue #212, NCCL maintainer).
constexpr double kNvlsAlgbwFraction = 275.0 / 450.0;
// Bridged pairs: 116 GB/s all-reduce busbw on a 300 GB/s-per-direction H100 PCIe NVLink bridge
// (nccl issue #1161 / nccl-tests #194). One published measurement: low confidence.
constexpr double kBridgeEfficiency = 116.0 / 300.0;

double PcieGbpsPerDirection(int gen) {  // x16, after 128b/130b encoding (PCI-SIG; gpu-specs T5)
  switch (gen) {
    case 3: return 15.75;
    case 4: return 31.5;
    case 5: return 63.0;
    case 6: return 121.0;
    default: return 15.75;
  }
}

struct GroupBw { double link = 0; double hop_us = 0; int nodes = 1; int per_node = 1; };

// The bandwidth a ring over this group sees: the slower of its NVLink/PCIe hops and its share of
// the node's NICs (every group of the same kind communicates at the same time).
GroupBw GroupBandwidth(const Fabric& f, int ranks, int ranks_per_node) {
  GroupBw g;
  g.per_node = std::clamp(ranks_per_node, 1, std::max(1, ranks));
  g.nodes = std::max(1, (ranks + g.per_node - 1) / g.per_node);
  double intra = g.per_node <= 2 && f.intra_pair_gbps > 0 ? f.intra_pair_gbps : f.intra_gbps;
  g.link = g.per_node > 1 ? intra : 1e30;
  g.hop_us = f.intra_hop_us;
  if (g.nodes > 1) {
    double groups_per_node = std::max(1.0, double(f.gpus_per_node) / g.per_node);
    g.link = std::min(g.link, f.net_gbps_per_node / groups_per_node);
    g.hop_us = f.net_hop_us;
  }
  return g;
}

// Best protocol for `steps` latency steps moving `traffic` bytes per rank at `gbps`.
CollectiveResult BestProtocol(double steps, double hop_us, double traffic, double gbps,
                              CollectiveAlgo algo, double bw_scale = 1.0) {
  CollectiveResult best;
  best.time_s = 1e30;
  double wire_s = traffic / (gbps * bw_scale * kBytesPerGB), lat_us = steps * hop_us;
  for (const Protocol& p : kProtocols) {
    double t = (p.base_us + lat_us * p.hop_mult) * 1e-6 + wire_s / p.bw_frac;
    if (t < best.time_s) best.time_s = t, best.protocol = p.name, best.algo = algo;
  }
  return best;
}


CollectiveResult AllToAll(const Fabric& f, double bytes, int n, const GroupBw& g) {
  // Each rank sends bytes/n to every other rank: (r-1)/n of it over NVLink/PCIe, (n-r)/n over
  // its share of the NICs. Pairwise exchanges run concurrently: ~log2(n) latency rounds (judgement).
  double intra_t = g.per_node > 1 ? bytes * (g.per_node - 1) / n / (f.intra_gbps * kBytesPerGB) : 0;
  double net_t = 0;
  if (g.nodes > 1) {
    double share = f.net_gbps_per_node / std::max(1, f.gpus_per_node);
    net_t = bytes * double(n - g.per_node) / n / (share * kBytesPerGB);
  }
  CollectiveResult r;
  const Protocol& p = kProtocols[2];
  r.time_s = (p.base_us + std::ceil(std::log2(double(n))) * g.hop_us * p.hop_mult) * 1e-6 +
             std::max(intra_t, net_t);
  r.algo = CollectiveAlgo::kDirect;
  r.protocol = p.name;
  return r;
}

}  // namespace

// Ring busbw over line rate: A100 NVSwitch 232.5-235 of 300 GB/s (nccl-tests #175; Bekman ML
// Engineering) -> 0.78; H100 ~370 of 450 GB/s (nccl-tests #212, maintainer) -> 0.82.
double NvlinkRingEfficiency(int nvlink_gen) { return nvlink_gen >= 4 ? 0.82 : 0.78; }

// Network busbw over NIC line rate: 86 of 100 GB/s on two A100 nodes with 4x HDR (nccl-tests
// #175); NCCL over RDMA commonly reaches ~90%: 0.88 for InfiniBand. RoCE: 0.85 (judgement, same
// verbs, lossy-fabric congestion control). TCP sockets without RDMA: 0.60 (judgement).
double NetworkEfficiency(std::string_view kind) {
  if (kind == "infiniband") return 0.88;
  if (kind == "roce") return 0.85;
  return 0.60;
}

// PCIe P2P: through a PCIe switch ~80% of the x16 rate, through the CPU root complex (and often
// the inter-socket link) ~65% (judgement from typical nccl-tests PCIe Gen3 rings of 10-12 GB/s).
double PcieEfficiency(bool through_switch) { return through_switch ? 0.80 : 0.65; }

Fabric MakeFabric(const EffectiveDevice& device, IntraKind intra_kind, const InterconnectSpec* intra,
                  const InterconnectSpec* inter, int gpus_per_node, int nodes, int nics_per_node,
                  double oversubscription, const SpeedOptions& o) {
  Fabric f;
  f.intra_kind = intra_kind;
  f.gpus_per_node = std::max(1, gpus_per_node);
  f.nodes = std::max(1, nodes);
  double pcie = PcieGbpsPerDirection(device.pcie_gen) * PcieEfficiency(o.pcie_switch);
  double line = intra ? intra->gbps_per_direction : 0;
  if (NvlinkInside(intra_kind)) {
    if (line <= 0) line = device.nvlink_gbps_bidir / 2;
    f.intra_gbps = line * NvlinkRingEfficiency(device.nvlink_gen);
    if (intra_kind == IntraKind::kNvswitch && o.nvls && device.nvlink_gen >= 4) f.nvls_algbw_gbps = line * kNvlsAlgbwFraction;
  } else if (intra_kind == IntraKind::kNvlinkBridge) {
    if (line <= 0) line = device.nvlink_gbps_bidir / 2;
    f.intra_pair_gbps = line * kBridgeEfficiency;
    f.intra_gbps = pcie;  // pairs talk to each other through PCIe
    f.intra_hop_us = 1.0;
  } else {
    f.intra_gbps = intra && intra->kind == "pcie" ? intra->gbps_per_direction * PcieEfficiency(o.pcie_switch) : pcie;
    f.intra_hop_us = 1.5;  // PCIe P2P round trips cost more than NVLink's (judgement)
  }
  if (inter && f.nodes > 1) {
    int nics = nics_per_node > 0 ? nics_per_node : f.gpus_per_node;
    f.net_gbps_per_node_leaf = nics * inter->gbps_per_direction * NetworkEfficiency(inter->kind);
    f.oversubscription = std::max(1.0, oversubscription), f.nodes_per_leaf = o.nodes_per_leaf;
    // Beyond one leaf switch, traffic crosses an oversubscribed core.
    f.net_gbps_per_node = f.net_gbps_per_node_leaf / (f.nodes > o.nodes_per_leaf ? f.oversubscription : 1.0);
    // The catalog's latency is the Simple-protocol step cost; LL pays about a third of it.
    f.net_hop_us = (inter->latency_us > 0 ? inter->latency_us : 5.0) / 3.0;
    f.has_network = true;
  }
  f.nccl_generation = NcclGeneration(device.compute_capability);
  f.nvlink_intra = NvlinkInside(intra_kind);
  for (int a = 0; a < 5; ++a) {
    static constexpr std::string_view kForced[5] = {"tree", "ring", "nvls", "nvls-tree", "pat"};  // NcclAlgo order
    if (o.algorithm == kForced[a]) f.forced_algo = a;
  }
  return f;
}

Fabric ResizeFabric(const Fabric& full, int full_gpus_per_node, int gpus) {
  Fabric f = full;
  ResizeFabricInto(full, full_gpus_per_node, gpus, f);
  return f;
}

void ResizeFabricInto(const Fabric& full, int full_gpus_per_node, int gpus, Fabric& f) {
  f.memo_tag = {};  // another fabric now: its lookups compare it whole
  int gpn = std::max(1, full_gpus_per_node);
  f.gpus_per_node = std::min(gpn, std::max(1, gpus));
  f.nodes = (std::max(1, gpus) + gpn - 1) / gpn;
  f.has_network = full.net_gbps_per_node_leaf > 0 && f.nodes > 1;
  f.net_gbps_per_node = f.has_network ? full.net_gbps_per_node_leaf / (f.nodes > f.nodes_per_leaf ? f.oversubscription : 1.0) : 0;
}

// nccl-tests doc/PERFORMANCE.md: busbw = algbw x factor.
double BusFactor(CollectiveOp op, int ranks) {
  double n = std::max(1, ranks);
  switch (op) {
    case CollectiveOp::kAllReduce: return 2.0 * (n - 1) / n;
    case CollectiveOp::kAllGather:
    case CollectiveOp::kReduceScatter:
    case CollectiveOp::kAllToAll: return (n - 1) / n;
    case CollectiveOp::kSendRecv: return 1.0;
  }
  return 1.0;
}

namespace {

// The time, algorithm and protocol of one collective (the bandwidth figures are left 0).
CollectiveResult Timed(const Fabric& f, CollectiveOp op, double bytes, int ranks, int ranks_per_node) {
  CollectiveResult r;
  GroupBw g = GroupBandwidth(f, ranks, ranks_per_node);
  if (op == CollectiveOp::kAllToAll) {
    r = AllToAll(f, bytes, ranks, g);
  } else if (op == CollectiveOp::kSendRecv) {
    r = BestProtocol(1, g.hop_us, bytes, g.link, CollectiveAlgo::kDirect);
  } else {
    // NCCL's own tuning model (nccl_model.h, NCCL-TUNE): ring, tree, NVLS, NVLS-tree and PAT under
    // LL, LL128 and Simple with NCCL's latencies and protocol bandwidth caps; the link bandwidths
    // are this fabric's. NVLS keeps its measured pipeline fill (kNvlsBaseUs) and algbw, derated
    // per generation by NCCL's NVLS efficiency (Blackwell 0.74 vs Hopper 0.85).
    NcclGroup ng;
    ng.ranks = ranks, ng.nodes = g.nodes, ng.ppn = g.per_node;
    ng.nvlink = f.nvlink_intra || (f.intra_pair_gbps > 0 && g.per_node <= 2);
    ng.generation = f.nccl_generation;
    ng.ring_busbw_gbps = g.link < 1e29 ? g.link : f.net_gbps_per_node / std::max(1, f.gpus_per_node);
    ng.nvls_algbw_gbps = ranks > 2 ? f.nvls_algbw_gbps : 0;
    ng.nvls_base_us = kNvlsBaseUs + 2 * f.intra_hop_us;
    const NcclColl c = op == CollectiveOp::kAllReduce ? NcclColl::kAllReduce
                       : op == CollectiveOp::kAllGather ? NcclColl::kAllGather : NcclColl::kReduceScatter;
    NcclCost best = NcclBest(c, f.forced_algo >= 0 ? NcclAlgo(f.forced_algo) : NcclAlgo::kCount, bytes, ng);
    if (best.time_s >= 1e29) best = NcclBest(c, NcclAlgo::kCount, bytes, ng);  // forced one does not apply
    static constexpr CollectiveAlgo kAlgo[5] = {CollectiveAlgo::kTree, CollectiveAlgo::kRing, CollectiveAlgo::kNvls,
                                                CollectiveAlgo::kNvlsTree, CollectiveAlgo::kPat};
    r.time_s = best.time_s, r.algo = kAlgo[int(best.algo)], r.protocol = NcclProtoName(best.proto);
  }
  return r;
}

}  // namespace

CollectiveResult Collective(const Fabric& f, CollectiveOp op, double bytes, int ranks,
                            int ranks_per_node) {
  if (ranks <= 1 || bytes <= 0) return {};
  CollectiveResult r = Timed(f, op, bytes, ranks, ranks_per_node);
  r.algbw_gbps = bytes / r.time_s / kBytesPerGB;
  r.busbw_gbps = r.algbw_gbps * BusFactor(op, ranks);
  return r;
}

double CollectiveTime(const Fabric& f, CollectiveOp op, double bytes, int ranks, int ranks_per_node) {
  if (ranks <= 1 || bytes <= 0) return 0.0;
  if (f.memo) {  // the same collective on the same fabric in another configuration (model_cache.h)
    double t;
    if (f.memo->Find(f, op, bytes, ranks, ranks_per_node, t)) return t;
    t = Timed(f, op, bytes, ranks, ranks_per_node).time_s;
    f.memo->Store(f, op, bytes, ranks, ranks_per_node, t);
    return t;
  }
  return Timed(f, op, bytes, ranks, ranks_per_node).time_s;
}

}  // namespace gpucfg
