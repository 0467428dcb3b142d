// The workload interface: what the models ask of a workload, whatever its shape. A transformer
// (workload/model.h) is the first implementation, a non-transformer network (a catalog network's
// layer records, or the contract's generic object, workload/network.h) the second; the workloads
// to come (DLRM-, RNN-T-shaped ones with their own structure) are more implementations, not `if`s
// in the models. Every figure is per sample (a sequence of `seq_len` tokens for a transformer, an
// input for a network) and independent of the parallel split: what the split does to it is the
// models' business. No allocation, no catalog lookup beyond the pointer it is given.
#pragma once

#include <span>

#include "workload/model.h"
#include "workload/network.h"

namespace gpucfg {

enum class WorkloadFamily { kTransformer, kNetwork, kGeneric };

// One GEMM of a forward pass, per sample: C[m x n] = A[m x k] B[k x n], `count` identical ones
// (layers, groups, heads with their own weights), each repeated `steps` times on shared weights
// (recurrent steps). The shapes the GEMM efficiency model (roofline.h GemmShapeEfficiency) reads.
struct GemmShape {
  std::string_view name;
  double m = 0, n = 0, k = 0;
  double count = 1, steps = 1;
  double Flops() const { return 2.0 * m * n * k * count * steps; }  // multiply-add = 2
};

class Workload {
 public:
  virtual ~Workload() = default;
  virtual WorkloadFamily Family() const = 0;
  // Every weight, and those one token or sample touches (MoE: the routed experts only).
  virtual double Parameters() const = 0;
  virtual double ActiveParameters() const = 0;
  // Forward FLOPs of one sample (multiply-add = 2), attention included for a transformer.
  virtual double ForwardFlopsPerSample() const = 0;
  // Bytes one sample keeps for the backward pass (training) or holds as its working set
  // (inference), `act_bytes` per element; kSplitDependent where only the split can say (a
  // transformer's activations depend on tp, sequence parallelism, cp and recompute: the memory
  // model computes them layer by layer, memory_training.cpp).
  static constexpr double kSplitDependent = -1;
  virtual double ActivationBytesPerSample(bool training, double act_bytes) const = 0;
  // Elements per token kept across decode steps (a transformer's K and V of every layer, before
  // any split; times the cache's bytes per element), 0 where the workload keeps none.
  virtual double StateElementsPerToken() const = 0;
  // The forward GEMMs of one sample, written into `out` (at most out.size()); returns how many
  // the workload has (may exceed out.size(): then only the first ones were written).
  virtual int Gemms(std::span<GemmShape> out) const = 0;
};

// A decoder or encoder transformer at `seq_len` tokens per sample.
class TransformerWorkload final : public Workload {
 public:
  // `parameters`, `active`: ParameterCount / ActiveParameterCount of `arch` (Resolve counts once).
  TransformerWorkload(const TransformerArch& arch, double parameters, double active, int seq_len)
      : arch_(&arch), parameters_(parameters), active_(active), seq_len_(seq_len) {}
  WorkloadFamily Family() const override { return WorkloadFamily::kTransformer; }
  double Parameters() const override { return parameters_; }
  double ActiveParameters() const override { return active_; }
  double ForwardFlopsPerSample() const override;
  double ActivationBytesPerSample(bool, double) const override { return kSplitDependent; }
  double StateElementsPerToken() const override;
  int Gemms(std::span<GemmShape> out) const override;

 private:
  const TransformerArch* arch_;
  double parameters_, active_;
  int seq_len_;
};

// A catalog network (its layer records in catalog->network_layers) or the generic object.
class NetworkModelWorkload final : public Workload {
 public:
  NetworkModelWorkload(const NetworkWorkload& network, const Catalog* catalog) : net_(&network), catalog_(catalog) {}
  WorkloadFamily Family() const override {
    return net_->kind == NetworkWorkload::Kind::kGeneric ? WorkloadFamily::kGeneric : WorkloadFamily::kNetwork;
  }
  double Parameters() const override { return net_->generic.params; }
  double ActiveParameters() const override { return net_->generic.params; }
  double ForwardFlopsPerSample() const override { return net_->generic.forward_gflops_per_sample * 1e9; }
  double ActivationBytesPerSample(bool training, double act_bytes) const override;
  double StateElementsPerToken() const override { return 0; }
  int Gemms(std::span<GemmShape> out) const override;

 private:
  const NetworkWorkload* net_;
  const Catalog* catalog_;
};

// Whichever of the two applies, held by value (no allocation): `*WorkloadOf(r)` (resolve.h).
class AnyWorkload {
 public:
  AnyWorkload(const TransformerArch& arch, double parameters, double active, int seq_len,
              const NetworkWorkload& network, const Catalog* catalog)
      : transformer_(arch, parameters, active, seq_len), network_(network, catalog), is_network_(IsNetwork(network)) {}
  const Workload& operator*() const { return is_network_ ? static_cast<const Workload&>(network_) : transformer_; }
  const Workload* operator->() const { return &**this; }

 private:
  TransformerWorkload transformer_;
  NetworkModelWorkload network_;
  bool is_network_;
};

// Forward FLOPs per token of a transformer attending to `context` keys (performance.cpp's step
// model and the workload interface share it).
double ForwardFlopsPerToken(const TransformerArch& a, double context);

}  // namespace gpucfg
