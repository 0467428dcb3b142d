// Shared pieces of the memory model's translation units (memory*.cpp); not a public interface.
#pragma once

#include "memory.h"
#include "model_parts.h"

namespace gpucfg {

// Tensor memory of one pipeline stage on one GPU, in bytes (overheads are added in memory.cpp).
struct StageBytes {
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, kv_cache = 0;
};

// What every pipeline stage of one breakdown shares, computed once per breakdown (not per stage).
struct StageShared {
  ParamParts parts;
  double layer_activations = 0;    // training: one layer's stored activations under the recompute
  double layer_working_set = 0;    // training: one layer without recompute (backward working set)
};
StageShared SharedOf(const MemoryInputs& in, const ParamParts& parts);  // parts of in.arch

// ComputeBreakdown with the parameter parts of in.arch already computed (searches reuse them).
MemoryBreakdown BreakdownWith(const MemoryInputs& in, const ParamParts& parts);

StageBytes TrainingStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                              bool last_stage);
StageBytes InferenceStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                               bool last_stage);

// Largest value of `field` in [1, hi] for which the job fits (memory is monotone in it); 0 = none.
// `total_at_one`: the total GiB at field = 1 when the caller already has it (negative: unknown).
int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi, double total_at_one = -1);

inline int CeilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : a; }

}  // namespace gpucfg
