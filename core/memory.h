// Memory per GPU: what each tensor class takes, whether it fits the usable capacity, and if not,
// which component binds and what would fix it.
#pragma once

#include <array>
#include <string_view>

#include "resolve.h"
#include "warnings.h"

namespace gpucfg {

struct MemoryBreakdown {           // GiB per GPU (the most loaded GPU: first pipeline stage)
  double weights_gib = 0;
  double gradients_gib = 0;
  double optimizer_gib = 0;
  double activations_gib = 0;
  double kv_cache_gib = 0;
  double overhead_gib = 0;         // CUDA context, NCCL buffers, allocator fragmentation
  double total_gib = 0;
};

struct MemoryFix {
  std::string_view code;           // "selective_recompute", "zero_2", "tp", "int8_weights", "bigger_gpu"...
  std::string_view path;           // scenario field the fix changes
  double saves_gib = 0;            // reduction of total_gib per GPU
  double from = 0, to = 0;         // old and new value of that field, where numeric
  bool fits_after = false;
};

struct MemoryReport {
  MemoryBreakdown per_gpu;
  double capacity_gib = 0;         // usable memory per GPU (GiB as nvidia-smi reports it)
  double headroom_gib = 0;         // capacity - total (negative when it does not fit)
  bool fits = false;
  std::string_view binding;        // largest component when it does not fit ("activations_gib")
  int max_micro_batch = 0;         // training: largest micro-batch that fits (0 = none)
  int max_batch = 0;               // inference: largest batch at the scenario's context
  int max_context_tokens = 0;      // inference: longest prompt+output at the scenario's batch
  static constexpr int kMaxFixes = 8;
  std::array<MemoryFix, kMaxFixes> fixes{};
  int fix_count = 0;
};

MemoryReport ComputeMemory(const Resolved& r, WarningList& warnings);

}  // namespace gpucfg
