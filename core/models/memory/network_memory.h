// Memory per GPU of a non-transformer network (workload/network.h): weights, gradients, optimizer
// states and activations per sample x micro-batch (training), or weights and the largest layer's
// working set x batch (inference). Called by ComputeMemoryInto when the workload is a network.
#pragma once

#include <algorithm>

#include "models/memory/memory.h"
#include "workload/workload.h"

namespace gpucfg {

void ComputeNetworkMemory(const Resolved& r, const Workload& workload, WarningList& warnings, MemoryReport& m);

// The embedding tables of a recommender network (DLRM; a catalog network of family "recommender":
// the token embeddings of speech and vision-language models stay dense and data-parallel, as
// PyTorch DDP trains them): trained hybrid-parallel (Naumov et al. 2019, DLRM,
// arXiv 1906.00091 sec. 4: "model parallelism for the embeddings, data parallelism for the MLPs";
// NVIDIA DeepLearningExamples DLRM: tables distributed across the GPUs, an all-to-all between
// them), and updated sparsely: a step touches only the rows it looked up.
struct NetworkEmbeddings {
  double params = 0;      // elements of every table
  double largest = 0;     // elements of the largest table (a table is not split across GPUs)
  double gathered = 0;    // elements looked up per sample (every table's rows x their width)
  // Elements of the tables one GPU of `ranks` holds: the even share or the largest table, whichever
  // is more (a lower bound of the best placement's busiest GPU).
  double PerGpu(int ranks) const { return ranks <= 1 ? params : std::max(params / ranks, largest); }
};
NetworkEmbeddings EmbeddingsOf(const Resolved& r, const Workload& workload);

// Bytes per parameter of optimizer states for a network's training (PyTorch AMP: fp32 weights and
// gradients; Adam's two moments in fp32, SGD's momentum, Lion's one moment, 8-bit Adam's two bytes).
double NetworkOptimizerBytesPerParam(OptimizerKind optimizer);

}  // namespace gpucfg
