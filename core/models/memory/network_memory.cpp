// Memory of non-transformer networks, read through the workload interface (workload/workload.h:
// parameters, activation bytes per sample). Training follows PyTorch automatic mixed precision, the way
// vision and speech networks are trained (PyTorch AMP docs, torch.cuda.amp: fp32 weights,
// gradients and optimizer states; activations in the autocast dtype), with ZeRO sharding by dp
// where asked (Rajbhandari et al. 2020); inference holds the weights at the workload precision and
// the working set of the largest layer (its input and output) for the whole batch.
// Overheads (CUDA context, NCCL, allocator reserve) as for transformers (memory.cpp, same options).
#include "models/memory/network_memory.h"

#include <algorithm>

#include "base/units.h"
#include "models/memory/memory.h"

namespace gpucfg {
namespace {

double CudaContextGib(const Resolved& r) {  // same rule and source as memory.cpp's
  const MemoryOptions& o = r.memory;
  if (o.cuda_context_gib >= 0) return o.cuda_context_gib;
  return (r.device.compute_capability > 0 && r.device.compute_capability < 8.0) ? 1.3 : 0.5;
}

}  // namespace

double NetworkOptimizerBytesPerParam(OptimizerKind optimizer) {
  if (optimizer == OptimizerKind::kSgd || optimizer == OptimizerKind::kLion) return 4;
  if (optimizer == OptimizerKind::kAdam8bit) return 2;
  return 8;  // adam, adamw
}

NetworkEmbeddings EmbeddingsOf(const Resolved& r, const Workload& workload) {
  NetworkEmbeddings e;
  if (!r.network.preset || r.network.preset->family != "recommender") return e;
  for (int i = 0, n = workload.OpCount(); i < n; ++i) {
    const WorkloadOp op = workload.Op(i);
    if (op.kind != WorkloadOpKind::kEmbedding) continue;
    e.params += op.params, e.largest = std::max(e.largest, op.params), e.gathered += op.mem_elems;
  }
  return e;
}

void ComputeNetworkMemory(const Resolved& r, const Workload& workload, WarningList& warnings, MemoryReport& m) {
  const bool training = r.training();
  const double params = workload.Parameters();
  const double act_bytes = std::max(1.0, BytesPerElement(r.precision));
  MemoryBreakdown& b = m.per_gpu;
  const double dp = std::max(1, r.dp);
  int samples = 0;
  if (training) {
    const int zero = r.zero;
    // Embedding tables (EmbeddingsOf): each GPU holds its share of the tables with their optimizer
    // states, and gradients only for the rows its step looked up (sparse); the rest is replicated
    // (or ZeRO-sharded) data-parallel as usual.
    const NetworkEmbeddings emb = EmbeddingsOf(r, workload);
    const double dense = params - emb.params, tables = emb.PerGpu(r.dp);
    const double touched = std::min(tables, double(r.micro_batch) * std::max(1, r.dp) * emb.gathered / dp);
    const double state = NetworkOptimizerBytesPerParam(r.optimizer);
    b.weights_gib = BytesToGiB(dense * 4) / (zero >= 3 ? dp : 1.0) + BytesToGiB(tables * 4);
    b.gradients_gib = BytesToGiB(dense * 4) / (zero >= 2 ? dp : 1.0) + BytesToGiB(touched * 4);
    b.optimizer_gib = BytesToGiB(dense * state) / (zero >= 1 ? dp : 1.0) + BytesToGiB(tables * state);
    samples = r.micro_batch;
  } else {
    b.weights_gib = BytesToGiB(params * BytesPerElement(r.precision));  // int8 engines: int8 weights
    samples = r.batch;
  }
  const double per_sample_gib = BytesToGiB(workload.ActivationBytesPerSample(training, act_bytes));
  b.activations_gib = per_sample_gib * samples;
  b.cuda_context_gib = CudaContextGib(r);
  b.nccl_gib = training && r.dp > 1 ? r.memory.nccl_gib_per_group : 0;
  // The scenario's reserve, else the engine's, else 0.15 (FragmentationOf: -1 means "not set").
  const double reserve = FragmentationOf(r.memory, r.engine);
  b.fragmentation_gib = reserve * b.activations_gib;
  b.overhead_gib = b.cuda_context_gib + b.nccl_gib + b.fragmentation_gib;
  b.total_gib = b.weights_gib + b.gradients_gib + b.optimizer_gib + b.activations_gib + b.overhead_gib;
  m.capacity_gib = r.device.usable_gib;
  m.marketed_gb = r.device.marketed_gb;
  m.headroom_gib = m.capacity_gib - b.total_gib;
  m.fits = m.headroom_gib >= 0;
  m.parameters = params;
  // What grows with the batch is the activations and their allocator reserve.
  const double fixed = b.total_gib - b.activations_gib - b.fragmentation_gib;
  const double slope = per_sample_gib * (1 + reserve);
  const double room = m.capacity_gib - fixed;
  const int largest = room <= 0 ? 0 : slope <= 0 ? (1 << 16) : int(std::min(double(1 << 16), room / slope));
  (training ? m.max_micro_batch : m.max_batch) = largest;
  if (!m.fits) {
    const std::pair<const char*, double> parts[] = {
        {"weights_gib", b.weights_gib}, {"gradients_gib", b.gradients_gib}, {"optimizer_gib", b.optimizer_gib},
        {"activations_gib", b.activations_gib}, {"overhead_gib", b.overhead_gib}};
    double most = -1;
    for (const auto& [name, gib] : parts)
      if (gib > most) most = gib, m.binding = name;
  }
}

}  // namespace gpucfg
