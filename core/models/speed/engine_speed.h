// What an engine profile (catalog/engines.h) changes in the speed model: the fused-attention
// efficiency of its kernel on this GPU generation, the HBM traffic of its unfused norms and
// elementwise ops, and the host time of a pass (kernels x CPU time per kernel + fixed per step),
// which bounds the pass when the GPU finishes first (not graph-captured: a pass takes
// max(GPU time, host time); Horace He, "Making Deep Learning Go Brrrr", overhead-bound regime;
// PyTorch blog "GPT, Fast": eager decode CPU bound). No allocation.
#pragma once

#include <string_view>

#include "catalog/engines.h"
#include "contract/scenario.h"
#include "models/speed/roofline.h"

namespace gpucfg {

// Sets the attention efficiency (unless speed.attention_efficiency overrides it) and the traffic
// factors from the profile; `flash` becomes false where the engine has no fused attention.
void ApplyEngineRates(const EngineProfile* e, std::string_view architecture, const SpeedOptions& o,
                      DeviceRates& d, bool& flash);

// Host time of one forward pass over `layers` layers: each kernel's launch cost unless the pass is
// replayed from a CUDA graph, plus the engine's fixed per-step cost. 0 without a profile.
double HostPassSeconds(const EngineProfile* e, double layers, bool graph_captured);

// One inference pass with the engine's host time: the kernel launches overlap the GPU's work (they
// are queued ahead of it), so the pass takes max(GPU, host). A synchronous engine loop
// (host_step_serial: vLLM's V1 engine core without async scheduling, Hugging Face generate,
// llama.cpp) samples, copies the tokens back and schedules the next step while the GPU idles
// (vLLM RFC #6854: "GPU is often idle, waiting for CPU operations"), so its fixed per-step time is
// added instead, once per scheduler call of `steps_per_call` decode steps (multi-step scheduling,
// vLLM PR #7000). Without a profile, the GPU time.
double EnginePassSeconds(const EngineProfile* e, double gpu_s, double layers, bool graph_captured,
                         int steps_per_call = 1);

}  // namespace gpucfg
