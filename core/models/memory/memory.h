// Memory per GPU: what each tensor class takes, whether it fits the usable capacity, and if not,
// which component binds and what would fix it (each fix re-evaluated, not guessed).
// Training follows ZeRO (Rajbhandari 2020) for model states and Korthikanti 2022 for activations;
// inference adds a GQA-aware KV cache. Overheads (CUDA context, NCCL, allocator) are explicit and
// overridable through Scenario::memory. Allocation-free: fixed arrays and string_views of literals.
#pragma once

#include <array>
#include <string_view>

#include "catalog/engines.h"
#include "resolve/resolve.h"
#include "workload/finetune.h"
#include "base/evaluate_options.h"
#include "base/warnings.h"

namespace gpucfg {

struct MemoryBreakdown {           // GiB per GPU (the most loaded GPU: the largest pipeline stage)
  double weights_gib = 0;
  double gradients_gib = 0;
  double optimizer_gib = 0;        // optimizer states + master weights
  double activations_gib = 0;      // training: stored activations; inference: workspace
  double kv_cache_gib = 0;
  double overhead_gib = 0;         // CUDA context, NCCL buffers, allocator fragmentation
  double total_gib = 0;
  // The parts of overhead_gib ("ghosts"), each with its default and source in memory.cpp.
  double cuda_context_gib = 0;
  double nccl_gib = 0;
  double fragmentation_gib = 0;
  int stage = 0;                   // pipeline stage this breakdown is for (0 = first)
};

struct MemoryFix {
  std::string_view code;           // "selective_recompute", "zero_2", "tp", "int8_weights", "bigger_gpu"...
  std::string_view path;           // scenario field the fix changes
  double saves_gib = 0;            // reduction of total_gib per GPU
  double from = 0, to = 0;         // old and new value of that field, where numeric
  bool fits_after = false;
  std::string_view target;         // bigger_gpu: the catalog id proposed; "" otherwise
  int plan_step = 0;               // 0 = a fix on its own; k > 0 = k-th step of a combined plan,
                                   // applied on top of steps 1..k-1 (saves_gib is that step's own)
};

struct MemoryReport {
  MemoryBreakdown per_gpu;
  double capacity_gib = 0;         // usable memory per GPU (GiB as nvidia-smi reports it)
  double marketed_gb = 0;          // the catalog's marketed size (10^9 bytes), for comparison
  double headroom_gib = 0;         // capacity - total (negative when it does not fit)
  bool fits = false;
  std::string_view binding;        // largest component when it does not fit ("activations_gib")
  int max_micro_batch = 0;         // training: largest micro-batch that fits (0 = none)
  int max_batch = 0;               // inference: largest batch at the scenario's context
  int max_context_tokens = 0;      // inference: longest prompt+output at the scenario's batch
  double parameters = 0;           // total parameter count used
  double host_gib_per_node = 0;    // host RAM the processes of one node pin or hold (estimate)
  static constexpr int kMaxFixes = 12;
  std::array<MemoryFix, kMaxFixes> fixes{};
  int fix_count = 0;
};

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
