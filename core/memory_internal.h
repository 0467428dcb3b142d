// Shared pieces of the memory model's translation units (memory*.cpp); not a public interface.
#pragma once

#include "memory.h"
#include "model_parts.h"

namespace gpucfg {

// Tensor memory of one pipeline stage on one GPU, in bytes (overheads are added in memory.cpp).
struct StageBytes {
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, kv_cache = 0;
};

StageBytes TrainingStageBytes(const MemoryInputs& in, bool first_stage, bool last_stage);
StageBytes InferenceStageBytes(const MemoryInputs& in, bool first_stage, bool last_stage);

// Largest value of `field` in [1, hi] for which the job fits (memory is monotone in it); 0 = none.
int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi);

inline int CeilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : a; }

}  // namespace gpucfg
