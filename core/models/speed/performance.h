// Speed: training step time and its breakdown, MFU/HFU, a scaling curve from 1 GPU to the
// cluster, time to train (performance.cpp); inference TTFT, TPOT and throughput (inference.cpp).
// Built on the per-op roofline (roofline.h) and the collective costs (collectives.h).
// Definitions: MFU = model FLOPs (no recompute) per second / (GPUs x dense peak of the precision
// used) (Chowdhery et al. 2022, PaLM, arXiv 2204.02311 App. B); HFU counts recomputed FLOPs too.
// Allocation-free: fixed arrays and string_view literals only.
#pragma once

#include <array>
#include <string_view>

#include "contract/report_speed.h"
#include "models/speed/collectives.h"
#include "models/memory/memory.h"
#include "resolve/resolve.h"
#include "models/speed/roofline.h"
#include "base/evaluate_options.h"
#include "base/warnings.h"
#include "workload/workload.h"

namespace gpucfg {

PerformanceReport ComputePerformance(const Resolved& r, const MemoryReport& memory,
                                     WarningList& warnings);
// The same, written in place (a reused report: no ~3 KB temporary to zero and copy).
void ComputePerformanceInto(const Resolved& r, const MemoryReport& memory, WarningList& warnings,
                            PerformanceReport& out);
// The staged form: `o` says whether the scaling curve, the inference batch search and the warnings
// run (o.cache, when set, memoises layer passes). Step time, time to train, MFU, TTFT, TPOT and
// throughput are the same numbers either way; the roofline points are always written (power reads them).
void ComputePerformanceInto(const Resolved& r, const MemoryReport& memory, const EvaluateOptions& o,
                            WarningList& warnings, PerformanceReport& out);

// [SECTION] Pieces shared by training and inference (used by tests and the CLI) ------------------

// The precisions a workload computes and stores in, falling back to what the GPU supports.
LayerPrecision PrecisionsFor(const Resolved& r, bool inference);

// ForwardFlopsPerToken (forward FLOPs per token at a context length) lives with the transformer's
// workload interface, workload/workload.h.

// The cluster's fabric as `gpus` GPUs of it see it (fewer GPUs: fewer nodes).
Fabric FabricFor(const Resolved& r, int gpus);

// Appends one layer's operations and the logits, for `phase`, to out.roofline (the chart's points).
void AddRooflinePoints(const LayerCost& layer, const OpCost& logits, std::string_view phase,
                       PerformanceReport& out);

// Inference (inference.cpp): fills the inference fields of `out`.
void ComputeInference(const Resolved& r, const MemoryReport& memory, const EvaluateOptions& o,
                      WarningList& warnings, PerformanceReport& out);

}  // namespace gpucfg
