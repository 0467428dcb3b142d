// Memory per GPU: what each tensor class takes, whether it fits the usable capacity, and if not,
// which component binds and what would fix it (each fix re-evaluated, not guessed).
// Training follows ZeRO (Rajbhandari 2020) for model states and Korthikanti 2022 for activations;
// inference adds a GQA-aware KV cache. Overheads (CUDA context, NCCL, allocator) are explicit and
// overridable through Scenario::memory. Allocation-free: fixed arrays and string_views of literals.
#pragma once

#include <array>
#include <string_view>

#include "catalog/engines.h"
#include "contract/report_memory.h"
#include "resolve/resolve.h"
#include "workload/finetune.h"
#include "base/evaluate_options.h"
#include "base/warnings.h"

namespace gpucfg {

MemoryReport ComputeMemory(const Resolved& r, WarningList& warnings);
// The same, written in place (a reused report: no temporary to zero and copy).
void ComputeMemoryInto(const Resolved& r, WarningList& warnings, MemoryReport& m);
// The staged form: `o` says whether the searches (max_micro_batch, max_batch, max_context_tokens),
// the fixes and the warnings run. The breakdown, capacity and fits are the same either way.
// (Serving under load reads max_batch, so an inference job with a request rate always searches it.)
void ComputeMemoryInto(const Resolved& r, const EvaluateOptions& o, WarningList& warnings, MemoryReport& m);

// [SECTION] The model's inputs, for tests and the planner -----------------------------------------

// Tensor memory of one pipeline stage on one GPU, in bytes (overheads are added in memory.cpp).
struct StageBytes {
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, kv_cache = 0;
};

// Training model states (weights, gradients, optimizer; no activations) of the stages a breakdown
// compares: `first` is the first stage (the only one when pp = 1), `last` the last. They do not
// depend on the batch or the context, so a search over those computes them once.
struct StageStates {
  StageBytes first, last;
  bool known = false;
};

// One training layer's activation terms in bytes (memory_training.cpp, Korthikanti et al. 2022);
// the recompute mode only decides which of them are kept.
struct ActivationTerms {
  double input = 0;                // the layer's input: all that full recompute keeps
  double replicated = 0;           // not split by TP (split by sequence parallelism)
  double split = 0;                // attention + MLP activations, split by TP
  double scores = 0;               // attention scores (FlashAttention: its log-sum-exp)
  bool scores_recomputed = false;  // selective recompute drops `scores` (not FlashAttention's)
  double t = 1;
};
// The last ActivationTerms of a caller that evaluates many splits of one shape (the planner's
// candidate path, model_cache.h): besides the shape's fields they read only tp, cp, the
// micro-batch and sequence parallelism, the same for every ZeRO stage and recompute mode.
struct ActivationTermsMemo {
  int tp = 0, cp = 0, micro_batch = 0;
  bool sequence_parallel = false;
  ActivationTerms terms;
};

// Everything the memory model reads, as plain copyable numbers (fixes edit a copy of this).
struct MemoryInputs {
  TransformerArch arch;
  bool training = true;
  Precision precision = Precision::kBf16;         // training recipe / activation precision
  Precision weight_precision = Precision::kBf16;  // inference weights
  Precision kv_precision = Precision::kBf16;
  OptimizerKind optimizer = OptimizerKind::kAdam;
  int micro_batch = 1, seq_len = 2048, micro_batches = 1;
  bool flash_attention = true, sequence_parallel = false;
  Recompute recompute = Recompute::kNone;
  int zero = 0, interleave = 1;
  int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
  int batch = 1, prompt_tokens = 512, output_tokens = 128;
  int gpus_per_node = 1, nodes = 1;
  double capacity_gib = 0;                        // the device's usable memory
  double compute_capability = 0;
  bool fp8 = false;                               // the device computes FP8 (the KV-cache fix's choice)
  MemoryOptions options;
  int gpu_index = -1;                             // the device's catalog row, for the bigger-GPU fix
  DeviceLimits limits;                            // the device's, for rebuilding a bigger one
  const Catalog* catalog = nullptr;
  // [engines, issue 9] the engine's memory habits (nullptr = none) and LoRA/QLoRA fine-tuning.
  const EngineProfile* engine = nullptr;
  FinetuneSpec finetune;
};

// The allocator reserve and KV cache copies in force: the scenario's, else the engine's, else
// 0.15 and 1 (memory.cpp cites the defaults, data/engines.json the engines').
double FragmentationOf(const MemoryInputs& in);
double FragmentationOf(const MemoryOptions& options, const EngineProfile* engine);  // the same rule
double KvCacheCopiesOf(const MemoryInputs& in);

MemoryInputs MakeMemoryInputs(const Resolved& r);
// The fields of MemoryInputs a candidate's split changes (the ones ResolveSplit rewrites), from r.
void SetSplitInputs(const Resolved& r, MemoryInputs& in);
MemoryBreakdown ComputeBreakdown(const MemoryInputs& in);  // the most loaded stage
bool Fits(const MemoryInputs& in);

// Training activations of one transformer layer for one micro-batch on one GPU, in bytes
// (Korthikanti et al. 2022, §4, generalised to GQA, GLU MLPs, MoE top-k and 32-bit activations).
double LayerActivationBytes(const MemoryInputs& in, Recompute recompute);

// Bytes per element of inference weights (linear layers) and KV cache, scales included.
double WeightBytesPerParam(const MemoryInputs& in, Precision p);
double KvBytesPerElement(const TransformerArch& a, Precision p);

// Fills report.fixes (single fixes ranked, then a combined plan when none fits alone).
void ComputeFixes(const MemoryInputs& in, MemoryReport& report);

}  // namespace gpucfg
