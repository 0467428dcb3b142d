// Memory per GPU of a non-transformer network (workload/network.h): weights, gradients, optimizer
// states and activations per sample x micro-batch (training), or weights and the largest layer's
// working set x batch (inference). Called by ComputeMemoryInto when the workload is a network.
#pragma once

#include "models/memory/memory.h"
#include "workload/workload.h"

namespace gpucfg {

void ComputeNetworkMemory(const Resolved& r, const Workload& workload, WarningList& warnings, MemoryReport& m);

// Bytes per parameter of optimizer states for a network's training (PyTorch AMP: fp32 weights and
// gradients; Adam's two moments in fp32, SGD's momentum, Lion's one moment, 8-bit Adam's two bytes).
double NetworkOptimizerBytesPerParam(OptimizerKind optimizer);

}  // namespace gpucfg
