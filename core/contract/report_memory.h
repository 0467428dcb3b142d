// The report's `memory` section (plain data, filled by core/models/memory): what each tensor class
// takes per GPU, whether it fits, what binds and the fixes, each re-evaluated by the model.
#pragma once

#include <array>
#include <string_view>

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

}  // namespace gpucfg
