// Shared pieces of the memory model's translation units (memory*.cpp); not a public interface.
#pragma once

#include "models/memory/memory.h"
#include "workload/model_parts.h"

namespace gpucfg {

// StageBytes and StageStates live in memory.h (the candidate path's memo holds states).
StageStates TrainingStates(const MemoryInputs& in, const ParamParts& parts);
StageBytes TrainingStageStates(const MemoryInputs& in, const ParamParts& parts, bool first_stage,
                               bool last_stage);

// What every pipeline stage of one breakdown shares, computed once per breakdown (not per stage).
struct StageShared {
  const ParamParts* parts = nullptr;  // the caller's (a breakdown lives shorter than them)
  double layer_activations = 0;    // training: one layer's stored activations under the recompute
  double layer_working_set = 0;    // training: one layer without recompute (backward working set)
  const StageStates* states = nullptr;  // training: model states already known (else computed)
  // Training: what every stage's activations read: layers per stage, max(1, tp), and s x b x h of
  // one micro-batch (the sequence split by CP).
  double stage_layers = 0, t = 1, sbh = 0;
};
// `parts` of in.arch; `states`, when given, of `in` (TrainingStates).
// `memo`: the caller's last activation terms of this shape (ActivationTermsMemo), checked and
// updated here.
StageShared SharedOf(const MemoryInputs& in, const ParamParts& parts,
                     const StageStates* states = nullptr, ActivationTermsMemo* memo = nullptr);

// ComputeBreakdown with the parameter parts of in.arch already computed (searches reuse them),
// and the training model states when known.
MemoryBreakdown BreakdownWith(const MemoryInputs& in, const ParamParts& parts,
                              const StageStates* states = nullptr);
// The same, written into `out` (every field).
void BreakdownWith(const MemoryInputs& in, const ParamParts& parts, const StageStates* states,
                   MemoryBreakdown& out, ActivationTermsMemo* memo = nullptr);

StageBytes TrainingStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                              bool last_stage);
// TrainingStageBytes of the first stage (the only one when pp = 1) and, when pp > 1, of the last
// (`last` is left as it is when pp = 1).
void TrainingStagesBytes(const MemoryInputs& in, const StageShared& sh, StageBytes& first, StageBytes& last);
StageBytes InferenceStageBytes(const MemoryInputs& in, const StageShared& sh, bool first_stage,
                               bool last_stage);

// Largest value of `field` in [1, hi] for which the job fits (memory is monotone in it); 0 = none.
// `total_at_one`: the total GiB at field = 1 when the caller already has it (negative: unknown).
int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi, double total_at_one = -1);

// What a search over a batch or a length leaves unchanged: the parameter parts and the training
// model states of `in`; computed once and shared by the breakdown and the searches.
struct SearchBase {
  ParamParts parts;
  StageStates states;
};
SearchBase SearchBaseOf(const MemoryInputs& in);
// `slope_at_one` > 0 (with `total_at_one`): the GiB per unit of the field at field = 1, which lets
// the search skip the breakdown at 2 it would take to estimate it.
int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi, double total_at_one,
                   const SearchBase& base, double slope_at_one = -1);

inline int CeilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : a; }

}  // namespace gpucfg
