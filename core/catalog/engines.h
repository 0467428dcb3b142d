// Engine profiles: what the software that runs a job (Megatron, FSDP, Hugging Face, vLLM, ...)
// does differently from the project's default model: kernels per layer and host time per kernel,
// CUDA graphs, fused-attention efficiency per GPU generation, how communication overlaps, memory
// habits and batching. Read into the one Catalog from data/engines.json and site catalogs; every figure names its
// source there and docs/engines.md explains each field. workload.engine "" = no profile (the
// default model, unchanged).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"

namespace gpucfg {

struct EngineAttention {
  std::string kernel;          // fa2 | fa3 | cudnn | fmha | mem-efficient | none ...
  double efficiency = 0;       // forward FLOP rate / dense 16-bit peak; 0 with kernel "none"
  bool operator==(const EngineAttention&) const = default;
};

struct EngineProfile {
  std::string id, name, kind;  // kind: training | inference | both
  double kernels_per_layer = 14;    // kernels one transformer layer's forward launches
  double host_us_per_kernel = 10;   // CPU time to issue one kernel (Python, dispatcher, launch)
  double host_ms_per_step = 0;      // fixed host time per forward pass or decode step
  bool host_step_serial = false;    // that time runs while the GPU idles (a synchronous engine loop:
                                    // sample, copy the tokens back, schedule, prepare the next step)
  double host_ms_per_request = 0;   // fixed host time before a request's first token
  bool cuda_graphs = false;         // decode steps replayed from a CUDA graph (no per-kernel host time)
  double norm_traffic = 1;          // HBM traffic of the norms / a fused norm's
  double elementwise_traffic = 1;   // HBM traffic of activation, residual, rotary / fused ones'
  bool removes_padding = false;     // encoders: only a sample's real tokens computed (varseqlen)
  bool eager_kernels = false;       // networks in training: each BatchNorm, activation and residual add
                                    // its own kernels (eager PyTorch), the layers' eager_elems
  // Fused attention per architecture family (Volta, Turing, Ampere, Ada, Hopper, Blackwell).
  EngineAttention attention[6];
  bool gather_per_layer = true;     // ZeRO-3/FSDP gathers one layer (unit) at a time
  double gather_overlap = 1;        // fraction of a layer's gathers hidden under its compute
  double dp_overlap = 1;            // fraction of the backward the gradient reduction may hide under
  bool reduce_every_micro_batch = false;  // ZeRO-2/3 and FSDP reduce-scatter per micro-batch
  std::string optimizer;            // fused | foreach
  double allocator_reserve = 0.15;  // caching-allocator reserve over activations, KV and buffers
  double unsharded_layers = 2;      // ZeRO-3/FSDP: layers of full weights alive (current + prefetch)
  double unsharded_grad_bytes = 0;  // ZeRO-3/FSDP: bytes per element of one layer's full gradient
  bool gathered_under_pp = false;   // FSDP + PP: a stage's weights stay gathered and its full
                                    // gradients accumulate over the micro-batches of a step
  double logits_bytes = 4;          // bytes per logit alive at the loss (fp32 copy, softmax, grad)
  bool logits_all_positions = false;  // inference: logits for every prompt position, not the last
  double kv_cache_copies = 1;       // KV cache copies alive at the peak (2 = torch.cat growth)
  std::string activation_checkpoint;  // the engine's usual default (documentation only)
  double selective_keep = 0;        // parallelism.recompute "selective" keeps this share of a layer's
                                    // activations and recomputes the rest (0 = Megatron's meaning)
  std::string batching;             // static | continuous
  std::string source;
  bool operator==(const EngineProfile&) const = default;
};

inline constexpr std::string_view kEngineArchFamilies[6] = {"Volta", "Turing", "Ampere", "Ada",
                                                             "Hopper", "Blackwell"};

struct Catalog;  // catalog.h: its `engines` are these profiles

// Merges the `engines` section of one catalog document into `into` (errors with JSON pointers;
// a profile with an error is left out, one with an existing id replaces it).
Issues MergeEnginesJson(std::string_view text, std::vector<EngineProfile>& into);
// Case-insensitive, in the catalog given; nullptr for "" or an unknown id.
const EngineProfile* FindEngine(const Catalog& c, std::string_view id);
// The attention entry for a GPU architecture name ("Ampere", "Ada Lovelace", "Hopper", ...);
// nullptr where the profile has none for it.
const EngineAttention* AttentionFor(const EngineProfile& e, std::string_view architecture);
// The ids, " | "-separated as the scenario reader lists names, for error messages.
std::string EngineIdList(const Catalog& c);

}  // namespace gpucfg
