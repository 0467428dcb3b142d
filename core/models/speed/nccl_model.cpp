// NCCL's tuning model (nccl_model.h); every constant below is NCCL 2.30.7's, src/graph/tuning.cc,
// named after the table it comes from there.
#include "models/speed/nccl_model.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "base/units.h"

namespace gpucfg {
namespace {

constexpr int kAlgos = int(NcclAlgo::kCount), kProtos = int(NcclProto::kCount);

// baseLatencies (us): Tree, Ring, NVLS, NVLSTree, PAT x LL, LL128, Simple.
constexpr double kBaseLat[kAlgos][kProtos] = {
    {6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}, {0, 0, 0}, {0, 0, 0}, {8.0, 8.0, 8.0}};
// hwLatencies (us per hop): NVLink, PCIe, network.
constexpr double kHwLat[3][kAlgos][kProtos] = {
    {{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}, {0, 0, 25}, {0, 0, 25}, {0, 0, 4.0}},
    {{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}, {0, 0, 0}, {0, 0, 0}, {0, 0, 4.0}},
    {{5.0, 8.5, 14}, {2.7, 4.0, 14.0}, {0, 0, 18}, {0, 0, 20.9}, {0, 0, 14}}};
// llMaxBws (GB/s): single node by generation; across nodes by CPU (Intel x86 row: 2 nodes, 4+).
constexpr double kLlMaxBwOneNode[4] = {39.0, 87.7, 141.0, 2 * 141.0};
constexpr double kLlMaxBwTwoNodes = 39.0, kLlMaxBwManyNodes = 20.4;
// treeCorrectionFactor: LL, LL128, Simple x log2(bytes / 64) for 64 B .. 256 MiB.
constexpr double kTreeCorrection[kProtos][24] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9}};
// getNetOverhead: 1 us on Intel x86 (the default), x3 for Simple; rings across nodes pay it per step.
constexpr double kNetOverheadUs = 1.0;
// NVLS efficiency per generation (nvlsEfficiency): Volta, Ampere, Hopper, Blackwell.
constexpr double kNvlsEff[4] = {0.0, 0.0, 0.85, 0.74};
// Channels assumed for the ring plateau test (nBytes / (nChannels x nRanks) >= 64): 16.
constexpr double kChannels = 16;

int Log2i(double v) { return v >= 1 ? int(std::bit_width((unsigned long long)(v))) - 1 : -1; }

double Steps(NcclColl c, int n) { return c == NcclColl::kAllReduce ? 2.0 * (n - 1) : n - 1.0; }

}  // namespace

int NcclGeneration(double cc) { return cc >= 10.0 ? 3 : cc >= 9.0 ? 2 : cc >= 8.0 ? 1 : 0; }

double NvlsEfficiency(int generation) { return kNvlsEff[std::clamp(generation, 0, 3)]; }

std::string_view NcclProtoName(NcclProto p) {
  switch (p) {
    case NcclProto::kLl: return "ll";
    case NcclProto::kLl128: return "ll128";
    case NcclProto::kSimple: return "simple";
    default: return "simple";
  }
}

NcclCost NcclTime(NcclColl c, NcclAlgo a, NcclProto p, double bytes, const NcclGroup& g) {
  NcclCost out;
  out.algo = a, out.proto = p;
  const int n = std::max(2, g.ranks), nodes = std::max(1, g.nodes), ppn = std::max(1, g.ppn);
  const int gen = std::clamp(g.generation, 0, 3), ai = int(a), pi = int(p);
  const bool allreduce = c == NcclColl::kAllReduce;
  // Which algorithms run which collectives (ncclTopoTuneModel's skips).
  if ((a == NcclAlgo::kTree || a == NcclAlgo::kNvls || a == NcclAlgo::kNvlsTree) && !allreduce) return out;
  if (a == NcclAlgo::kPat && (allreduce || ppn != 1 || nodes != n)) return out;  // PAT: one GPU per node
  if ((a == NcclAlgo::kNvls || a == NcclAlgo::kNvlsTree || a == NcclAlgo::kPat) && p != NcclProto::kSimple) return out;
  if (a == NcclAlgo::kNvls && (nodes > 1 || g.nvls_algbw_gbps <= 0)) return out;   // NVLS across nodes needs CollNet
  if (a == NcclAlgo::kNvlsTree && (nodes == 1 || g.nvls_algbw_gbps <= 0)) return out;
  if (p == NcclProto::kLl128 && !g.nvlink) return out;   // LL128 only over NVLink inside a node
  const double bw = std::max(1e-9, g.ring_busbw_gbps);
  const double ll_max = nodes == 1 ? kLlMaxBwOneNode[gen] : nodes == 2 ? kLlMaxBwTwoNodes : kLlMaxBwManyNodes;
  const int intra_hw = g.nvlink ? 0 : 1;
  double intra_lat = kHwLat[intra_hw][ai][pi];
  double inter_lat = ppn == 1 ? kHwLat[2][int(NcclAlgo::kTree)][pi] : kHwLat[2][ai][pi];
  double lat = kBaseLat[ai][pi], busbw = bw, algbw_ratio = 1;
  const double steps = Steps(c, n);
  switch (a) {
    case NcclAlgo::kRing: {
      if (p == NcclProto::kLl) busbw = std::min(ll_max, bw * 0.5);
      if (p == NcclProto::kLl128) busbw = bw * 0.92;
      if (nodes > 1) intra_lat = std::max(intra_lat, kNetOverheadUs * (p == NcclProto::kSimple ? 3.0 : 1.0));
      const double inter_steps = nodes == 1 ? 0 : allreduce ? 2.0 * (nodes - 1) : nodes - 1.0;
      lat += (steps - inter_steps) * intra_lat + inter_steps * inter_lat;
      if (p == NcclProto::kSimple && nodes > 1 && allreduce && bytes / (kChannels * n) >= 64)
        lat *= gen >= 1 ? 1.4 : 1.9;  // plateau effect of ring
      algbw_ratio = n / steps;
      break;
    }
    case NcclAlgo::kTree: {
      busbw = bw * 0.92;
      if (p == NcclProto::kLl) busbw = std::min(busbw / 3.8, ll_max);
      if (p == NcclProto::kLl128) busbw *= nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0;
      lat += 2.0 * ((ppn - 1) * intra_lat + Log2i(nodes) * inter_lat);
      algbw_ratio = 0.5;
      const int log_size = Log2i(bytes / 64);
      if (log_size >= 0 && log_size < 23) busbw *= kTreeCorrection[pi][log_size];
      break;
    }
    case NcclAlgo::kNvls: {
      // The measured NVLS algbw (H100) scaled by NCCL's per-generation efficiency.
      const double algbw = g.nvls_algbw_gbps * kNvlsEff[gen] / kNvlsEff[2];
      lat = g.nvls_base_us > 0 ? g.nvls_base_us : intra_lat;
      out.time_s = lat * 1e-6 + bytes / (algbw * kBytesPerGB);
      return out;
    }
    case NcclAlgo::kNvlsTree: {
      const double nvls_busbw = g.nvls_algbw_gbps * kNvlsEff[gen] / kNvlsEff[2] * steps / n;
      busbw = std::min(nvls_busbw, bw * (nodes <= 2 ? 2.0 : 1.0));
      lat = intra_lat + 2.0 * Log2i(nodes) * inter_lat;
      algbw_ratio = n / steps;
      const int log_size = Log2i(bytes / 64);
      if (gen >= 3 && log_size >= 0 && log_size < 24) busbw *= kTreeCorrection[pi][log_size];
      break;
    }
    case NcclAlgo::kPat: {
      busbw = bw * 0.75;
      lat += Log2i(nodes) * (inter_lat / 3.5) + n * 2.8;
      algbw_ratio = 1;  // NCCL converts no bus bandwidth for PAT
      break;
    }
    default: return out;
  }
  out.time_s = lat * 1e-6 + bytes / (busbw * algbw_ratio * kBytesPerGB);
  return out;
}

NcclCost NcclBest(NcclColl c, NcclAlgo a, double bytes, const NcclGroup& g) {
  NcclCost best;
  for (int ai = 0; ai < kAlgos; ++ai) {
    if (a != NcclAlgo::kCount && ai != int(a)) continue;
    for (int pi = 0; pi < kProtos; ++pi) {
      const NcclCost t = NcclTime(c, NcclAlgo(ai), NcclProto(pi), bytes, g);
      if (t.time_s < best.time_s) best = t;
    }
  }
  return best;
}

}  // namespace gpucfg
