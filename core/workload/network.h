// Non-transformer networks (ResNet, detectors, 3D U-Net, DLRM, RNN-T, Whisper, CLIP): a catalog
// network is a list of layer records (data/networks.json, written by scripts/gen_networks.py),
// each a per-sample GEMM shape, parameters, kept activations and memory-bound traffic; the
// contract's `generic` object is one block given by its totals. Shared by resolve and the models;
// no catalog lookup, no JSON here.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "base/issues.h"

namespace gpucfg {


// One network of the catalog (its layers are the NetworkLayer records naming it).
struct NetworkPreset {
  std::string id;               // "resnet50"
  std::string name;
  std::string family;           // cnn | detector | segmentation | recommender | speech | vision-language
  std::string input;            // what one sample is ("224x224x3 image")
  double published_params = 0;  // parameters its authors state (0 = none found)
  double published_gflops = 0;  // forward GFLOPs per sample they state (multiply-add = 2)
  double items_per_inference_sample = 1;  // records one inference sample aggregates (MLPerf DLRM query: 270)
  std::string note;
  std::string source;
  bool operator==(const NetworkPreset&) const = default;
};

// One layer (or identical repeated layers) of a network, per sample.
struct NetworkLayer {
  std::string network;          // NetworkPreset id
  std::string name;
  std::string op;               // gemm | memory | embedding
  double m = 0, n = 0, k = 0;   // gemm: rows per sample (per step), output width, reduction
  double count = 1;             // identical GEMMs (groups, heads, repeated layers with own weights)
  double steps = 1;             // sequential repetitions sharing the weights (LSTM steps, tokens)
  double params = 0;            // parameters of the record (all counts)
  double in_elems = 0;          // gemm: input elements really read per sample per step (all counts)
  double act_elems = 0;         // elements kept for the backward pass, per sample
  double mem_elems = 0;         // elementwise / pooling / gathered elements moved, per sample (training, fused norms)
  // The same as an eager framework's separate kernels move it (a BatchNorm's statistics pass, an
  // in-place activation, PyTorch's kernels), forward and backward; 0 = mem_elems and twice it.
  double eager_elems = 0, eager_backward_elems = 0;
  double fused_elems = 0;       // the same with an inference engine's fusions (epilogues, fused softmax)
  // gemm under an inference engine that fuses gathers into it (DLRM's interactions plugin): the
  // elements it moves through HBM per sample besides the rows it gathers, its other input and its
  // output (0 = in_elems and operands as eager), and the embedding-row elements it gathers.
  double fused_in_elems = 0, fused_gather_elems = 0;
  bool operator==(const NetworkLayer&) const = default;
};

// The contract's {"family": "generic", ...} object.
struct GenericNetwork {
  double params = 0;
  double forward_gflops_per_sample = 0;   // multiply-add = 2 FLOPs
  double activation_bytes_per_sample = 0; // kept for backward (training) or working set; 0 = unknown
};

// What Resolve found when the workload is a network (kind kNone: a transformer).
struct NetworkWorkload {
  enum class Kind { kNone, kCatalog, kGeneric } kind = Kind::kNone;
  const NetworkPreset* preset = nullptr;
  GenericNetwork generic;       // kGeneric: the scenario's; kCatalog: the totals of the layers
  double act_elems_per_sample = 0;  // kCatalog: sum of the layers' act_elems
  std::span<const NetworkLayer> layers;  // kCatalog: its records (side by side in the catalog: LayersOf)
};

inline bool IsNetwork(const NetworkWorkload& n) { return n.kind != NetworkWorkload::Kind::kNone; }

double LayerForwardFlops(const NetworkLayer& l);  // per sample: 2 m n k count steps (gemm only)

}  // namespace gpucfg
