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

// What an operation is priced as: a GEMM on the Tensor Core roof, memory-bound streaming
// (elementwise, norms, pooling, softmax), or gathered rows (embedding lookups).
enum class WorkloadOpKind : unsigned char { kGemm, kMemory, kEmbedding };

// One operation of a forward pass, per sample, as FLOPs and the elements it moves: a network's
// layer record (its fields are NetworkLayer's, documented in catalog_fields.h), a transformer's
// GEMM, attention product or memory-bound kernel. The speed models price these on the roofline;
// what a fusion or a split does to them is the models' business.
struct WorkloadOp {
  std::string_view name;
  WorkloadOpKind kind = WorkloadOpKind::kMemory;
  double m = 0, n = 0, k = 0;   // kGemm: C[m x n] = A[m x k] B[k x n], rows per sample per step
  double count = 1, steps = 1;  // identical GEMMs with their own operands; sequential repetitions
  double params = 0;            // weights the op reads (all counts); 0: both GEMM operands are per sample
  double in_elems = 0;          // kGemm: input elements read per sample per step (0 = count x m x k)
  double act_elems = 0;         // elements kept for the backward pass (0 where the split decides)
  double mem_elems = 0;         // elements moved by memory-bound kernels in training (fused norms)
  double eager_elems = 0, eager_backward_elems = 0;  // the same as an eager framework's kernels (0 = as above)
  double fused_elems = 0;       // the same under an inference engine's fusions
  double fused_in_elems = 0, fused_gather_elems = 0;  // kGemm that gathers its rows (NetworkLayer)
  double Flops() const { return kind == WorkloadOpKind::kGemm ? 2.0 * m * n * k * count * steps : 0.0; }
};

// A catalog layer record as an operation (its `op` text: gemm | embedding | memory).
WorkloadOp OpOf(const NetworkLayer& l);

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
  // The forward pass as operations, in execution order: OpCount() of them, Op(i) the i-th (built
  // on demand: no buffer, no allocation). A transformer's ops are one layer's, counted `layers`
  // times, then the logits; a network's are its layer records; the generic object has none.
  virtual int OpCount() const = 0;
  virtual WorkloadOp Op(int i) const = 0;
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
  int OpCount() const override;
  WorkloadOp Op(int i) const override;

 private:
  const TransformerArch* arch_;
  double parameters_, active_;
  int seq_len_;
};

// A catalog network (its layer records, network.layers) or the generic object.
class NetworkModelWorkload final : public Workload {
 public:
  explicit NetworkModelWorkload(const NetworkWorkload& network) : net_(&network) {}
  WorkloadFamily Family() const override {
    return net_->kind == NetworkWorkload::Kind::kGeneric ? WorkloadFamily::kGeneric : WorkloadFamily::kNetwork;
  }
  double Parameters() const override { return net_->generic.params; }
  double ActiveParameters() const override { return net_->generic.params; }
  double ForwardFlopsPerSample() const override { return net_->generic.forward_gflops_per_sample * 1e9; }
  double ActivationBytesPerSample(bool training, double act_bytes) const override;
  double StateElementsPerToken() const override { return 0; }
  int Gemms(std::span<GemmShape> out) const override;
  int OpCount() const override { return int(net_->layers.size()); }
  WorkloadOp Op(int i) const override { return OpOf(net_->layers[i]); }

 private:
  const NetworkWorkload* net_;
};

// Whichever of the two applies, held by value (no allocation): `*WorkloadOf(r)` (resolve.h).
class AnyWorkload {
 public:
  AnyWorkload(const TransformerArch& arch, double parameters, double active, int seq_len,
              const NetworkWorkload& network)
      : transformer_(arch, parameters, active, seq_len), network_(network), is_network_(IsNetwork(network)) {}
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
