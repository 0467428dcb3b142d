// NCCL's own cost model for picking an algorithm and protocol (NVIDIA NCCL 2.30.7,
// src/graph/tuning.cc, ncclTopoTuneModel and ncclTopoGetAlgoTime): a base latency per algorithm
// and protocol, a latency per hop by link class (NVLink, PCIe, network), bandwidth caps per
// protocol and GPU generation, the tree's mid-size correction and the ring's plateau. The
// constants are NCCL's; the link bandwidths are the fabric's (collectives.cpp). Pure arithmetic.
#pragma once

#include <string_view>

namespace gpucfg {

enum class NcclAlgo { kTree, kRing, kNvls, kNvlsTree, kPat, kCount };
enum class NcclProto { kLl, kLl128, kSimple, kCount };
enum class NcclColl { kAllReduce, kAllGather, kReduceScatter };

// The group as NCCL sees it: ranks, nodes, ranks per node, whether the GPUs of a node talk over
// NVLink (else PCIe), the generation (0 Volta, 1 Ampere, 2 Hopper, 3 Blackwell) and the bandwidths
// the fabric gives one rank (busbw of a ring, GB/s) and NVLS (algbw, 0 = none).
struct NcclGroup {
  int ranks = 8, nodes = 1, ppn = 8;
  bool nvlink = true;
  int generation = 2;
  double ring_busbw_gbps = 0;   // the slower of the rank's NVLink/PCIe hop and its NIC share
  double nvls_algbw_gbps = 0;   // NVLink SHARP all-reduce inside a node (0 = unsupported)
  double nvls_base_us = 0;      // measured NVLS pipeline fill (collectives.cpp); 0 = NCCL's 25 us
};

struct NcclCost {
  double time_s = 1e30;         // 1e30 = this algorithm/protocol does not apply
  NcclAlgo algo = NcclAlgo::kRing;
  NcclProto proto = NcclProto::kSimple;
};

// Time of one (algorithm, protocol) for `bytes` (nccl-tests' size); time_s = 1e30 where NCCL would
// not run it (LL128 without NVLink, NVLS across nodes, PAT above one rank per node, ...).
NcclCost NcclTime(NcclColl c, NcclAlgo a, NcclProto p, double bytes, const NcclGroup& g);
// The fastest protocol of one algorithm (or of every algorithm with kCount), as NCCL's tuner picks.
NcclCost NcclBest(NcclColl c, NcclAlgo a, double bytes, const NcclGroup& g);

std::string_view NcclProtoName(NcclProto p);
// NVLS efficiency per generation (tuning.cc nvlsEfficiency): Hopper 0.85, Blackwell 0.74.
double NvlsEfficiency(int generation);
// The generation index from a CUDA compute capability (tuning.cc compCapIndex).
int NcclGeneration(double compute_capability);

}  // namespace gpucfg
