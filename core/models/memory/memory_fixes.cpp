// Fixes for a job that does not fit: each candidate edits a copy of the memory inputs the way the
// named scenario field would, and is re-evaluated in full (no rule-of-thumb savings). Single fixes
// are ranked by whether they fit, then (among those that fit) by needing no other hardware, then
// by GiB saved; when none fits alone, a greedy plan stacks the largest savers until it fits. Allocation-free: fixed arrays, string_view literals.
#include <algorithm>

#include "models/memory/memory_internal.h"

namespace gpucfg {

namespace {

enum class FixKind {
  kSelectiveRecompute, kFullRecompute, kSequenceParallel, kFlashAttention, kZero1, kZero2, kZero3,
  kTp, kPp, kMicroBatch, kAdam8bit, kInt8Weights, kInt4Weights, kKv8bit, kBatch, kContext,
  kBiggerGpu, kMoreGpus, kCount
};

MemoryFix MakeFix(std::string_view code, std::string_view path, double from = 0, double to = 0) {
  MemoryFix f;
  f.code = code, f.path = path, f.from = from, f.to = to;
  return f;
}

int Bits(Precision p) { return int(BytesPerElement(p) * 8.0); }

int TotalGpus(const MemoryInputs& x) { return x.gpus_per_node * x.nodes; }

// Re-derives dp after tp/pp/GPU-count changes; false when the GPUs do not divide evenly.
bool Regrid(MemoryInputs& x) {
  const int model_parallel = x.tp * x.pp * x.cp;
  if (model_parallel <= 0 || TotalGpus(x) % model_parallel != 0) return false;
  x.dp = TotalGpus(x) / model_parallel;
  return true;
}

// The catalog row of the device, when it came from one (the only file under core/models/ that
// reads the catalog's GPU entries: core_layers allows it, since this fix searches the catalog).
const GpuSpec* CatalogGpu(const MemoryInputs& x) {
  if (!x.catalog || x.gpu_index < 0 || x.gpu_index >= int(x.catalog->gpus.size())) return nullptr;
  return &x.catalog->gpus[x.gpu_index];
}

// The smallest GPU with more memory, same chip and form factor first, then same chip, then same
// architecture ("use the 80 GB SKU").
const GpuSpec* BiggerGpu(const MemoryInputs& x) {
  const GpuSpec* gpu = CatalogGpu(x);
  if (!gpu) return nullptr;
  for (int level = 0; level < 3; ++level) {
    const GpuSpec* best = nullptr;
    for (const GpuSpec& g : x.catalog->gpus) {
      const bool same = level == 0   ? g.chip == gpu->chip && g.form_factor == gpu->form_factor
                        : level == 1 ? g.chip == gpu->chip
                                     : g.architecture == gpu->architecture;
      if (same && g.memory_gb > gpu->memory_gb && (!best || g.memory_gb < best->memory_gb)) best = &g;
    }
    if (best) return best;
  }
  return nullptr;
}

// More GPUs of the same kind: training shards model states with ZeRO-3 over the larger data
// parallel group; inference splits the model with a wider TP. Smallest count that fits, up to 8x.
bool MoreGpus(MemoryInputs& x, MemoryFix& f) {
  const bool grow_node = x.nodes == 1 && x.gpus_per_node < 8;
  f.code = x.training && x.zero < 3 ? "more_gpus_zero_3" : "more_gpus";
  f.path = grow_node ? "/cluster/gpus_per_node" : "/cluster/nodes";
  f.from = grow_node ? x.gpus_per_node : x.nodes;
  const MemoryInputs base = x;
  bool any = false;
  for (int factor = 2; factor <= 8; factor *= 2) {
    MemoryInputs y = base;
    (grow_node ? y.gpus_per_node : y.nodes) *= factor;
    if (grow_node && y.gpus_per_node > 8) break;
    if (y.training) y.zero = 3;
    else if (y.arch.heads % (y.tp * factor) == 0) y.tp *= factor;
    else break;
    if (!Regrid(y)) break;
    x = y, f.to = f.from * factor, any = true;
    if (Fits(y)) break;
  }
  return any;
}

bool SetPrecisionFix(MemoryInputs& x, MemoryFix& f, Precision to, std::string_view code) {
  if (x.training || BytesPerElement(x.weight_precision) <= BytesPerElement(to)) return false;
  f = MakeFix(code, "/workload/weight_precision", double(Bits(x.weight_precision)), double(Bits(to)));
  x.weight_precision = to;
  return true;
}

bool ApplyTrainingFix(FixKind k, MemoryInputs& x, MemoryFix& f) {
  switch (k) {
    case FixKind::kSelectiveRecompute:
      if (x.recompute != Recompute::kNone) return false;
      f = MakeFix("selective_recompute", "/parallelism/recompute", 0, 1);
      x.recompute = Recompute::kSelective;
      return true;
    case FixKind::kFullRecompute:
      if (x.recompute == Recompute::kFull) return false;
      f = MakeFix("full_recompute", "/parallelism/recompute", double(int(x.recompute)), 2);
      x.recompute = Recompute::kFull;
      return true;
    case FixKind::kSequenceParallel:
      if (x.tp <= 1 || x.sequence_parallel) return false;
      f = MakeFix("sequence_parallel", "/parallelism/sequence_parallel", 0, 1);
      x.sequence_parallel = true;
      return true;
    case FixKind::kZero1:
    case FixKind::kZero2:
    case FixKind::kZero3: {
      const int stage = 1 + int(k) - int(FixKind::kZero1);
      if (x.zero >= stage || x.dp * x.cp <= 1) return false;
      constexpr std::string_view kCodes[] = {"zero_1", "zero_2", "zero_3"};
      f = MakeFix(kCodes[stage - 1], "/parallelism/zero", double(x.zero), double(stage));
      x.zero = stage;
      return true;
    }
    case FixKind::kMicroBatch:
      if (x.micro_batch <= 1) return false;
      f = MakeFix("micro_batch", "/workload/micro_batch", double(x.micro_batch));
      x.micro_batch = std::max(1, LargestFitting(x, &MemoryInputs::micro_batch, x.micro_batch - 1));
      f.to = x.micro_batch;
      return true;
    case FixKind::kAdam8bit:
      if (x.optimizer != OptimizerKind::kAdam) return false;
      f = MakeFix("adam_8bit", "/workload/optimizer");
      f.target = "adam-8bit";  // the value to set; from/to carry no number for an optimizer
      x.optimizer = OptimizerKind::kAdam8bit;
      return true;
    default: return false;
  }
}

bool ApplyInferenceFix(FixKind k, MemoryInputs& x, MemoryFix& f) {
  switch (k) {
    case FixKind::kInt8Weights: return SetPrecisionFix(x, f, Precision::kInt8, "int8_weights");
    case FixKind::kInt4Weights: return SetPrecisionFix(x, f, Precision::kInt4, "int4_weights");
    case FixKind::kKv8bit: {
      if (BytesPerElement(x.kv_precision) <= 1.0) return false;
      const bool fp8 = x.fp8;
      const Precision to = fp8 ? Precision::kFp8 : Precision::kInt8;
      f = MakeFix(fp8 ? "kv_fp8" : "kv_int8", "/workload/kv_precision", double(Bits(x.kv_precision)), 8);
      x.kv_precision = to;
      return true;
    }
    case FixKind::kBatch:
      if (x.batch <= 1) return false;
      f = MakeFix("batch", "/workload/batch", double(x.batch));
      x.batch = std::max(1, LargestFitting(x, &MemoryInputs::batch, x.batch - 1));
      f.to = x.batch;
      return true;
    case FixKind::kContext: {
      if (x.prompt_tokens <= 1) return false;
      f = MakeFix("prompt_tokens", "/workload/prompt_tokens", double(x.prompt_tokens));
      x.prompt_tokens = std::max(1, LargestFitting(x, &MemoryInputs::prompt_tokens, x.prompt_tokens - 1));
      f.to = x.prompt_tokens;
      return true;
    }
    default: return false;
  }
}

// Fixes that apply to both kinds of workload.
bool ApplyCommonFix(FixKind k, MemoryInputs& x, MemoryFix& f) {
  switch (k) {
    case FixKind::kFlashAttention:
      if (x.flash_attention) return false;
      f = MakeFix("flash_attention", "/workload/flash_attention", 0, 1);
      x.flash_attention = true;
      return true;
    case FixKind::kTp:  // within the GPUs the scenario has; heads must split evenly
      if (x.tp * 2 > x.gpus_per_node || x.arch.heads % (x.tp * 2) != 0) return false;
      f = MakeFix("tp", "/parallelism/tp", double(x.tp), double(x.tp * 2));
      x.tp *= 2;
      return Regrid(x);
    case FixKind::kPp:
      if (x.pp * 2 > x.arch.layers) return false;
      f = MakeFix("pp", "/parallelism/pp", double(x.pp), double(x.pp * 2));
      x.pp *= 2;
      return Regrid(x);
    case FixKind::kBiggerGpu: {
      const GpuSpec* g = BiggerGpu(x);
      if (!g) return false;
      f = MakeFix("bigger_gpu", "/cluster/gpu", CatalogGpu(x)->memory_gb, g->memory_gb), f.target = g->id;
      // The bigger GPU under the same limits, built where every device is.
      const EffectiveDevice d = MakeDevice(*g, x.limits);
      x.gpu_index = int(g - x.catalog->gpus.data());
      x.capacity_gib = d.usable_gib;
      x.compute_capability = d.compute_capability;
      x.fp8 = d.Supports(Precision::kFp8);
      return true;
    }
    case FixKind::kMoreGpus: return MoreGpus(x, f);
    default: return x.training ? ApplyTrainingFix(k, x, f) : ApplyInferenceFix(k, x, f);
  }
}

bool AddsHardware(const MemoryFix& f) { return f.path.substr(0, 9) == "/cluster/"; }

// Fits first; among fixes that fit, those that need no other hardware; then the larger saving.
bool Better(const MemoryFix& a, const MemoryFix& b) {
  if (a.fits_after != b.fits_after) return a.fits_after;
  if (a.fits_after && AddsHardware(a) != AddsHardware(b)) return !AddsHardware(a);
  return a.saves_gib > b.saves_gib;
}

// Every applicable fix on top of `base`, re-evaluated; returns how many went into `out`.
int Candidates(const MemoryInputs& base, std::array<MemoryFix, int(FixKind::kCount)>& out,
               std::array<MemoryInputs, int(FixKind::kCount)>* states) {
  const double before = ComputeBreakdown(base).total_gib;
  int n = 0;
  for (int k = 0; k < int(FixKind::kCount); ++k) {
    MemoryInputs x = base;
    MemoryFix f;
    if (!ApplyCommonFix(FixKind(k), x, f)) continue;
    const double after = ComputeBreakdown(x).total_gib;
    f.saves_gib = before - after;
    f.fits_after = after <= x.capacity_gib;
    if (f.saves_gib < 0.005 && !f.fits_after) continue;  // changes nothing worth reporting
    if (states) (*states)[n] = x;
    out[n++] = f;
  }
  return n;
}

}  // namespace

void ComputeFixes(const MemoryInputs& in, MemoryReport& report) {
  std::array<MemoryFix, int(FixKind::kCount)> fixes{};
  std::array<MemoryInputs, int(FixKind::kCount)> states{};
  int n = Candidates(in, fixes, nullptr);
  std::sort(fixes.begin(), fixes.begin() + n, Better);
  report.fix_count = 0;
  const int singles = std::min(n, MemoryReport::kMaxFixes - 4);
  for (int i = 0; i < singles; ++i) report.fixes[report.fix_count++] = fixes[i];
  if (n > 0 && fixes[0].fits_after) return;
  // Greedy plan: stack the largest saver until the job fits (at most 4 steps).
  MemoryInputs state = in;
  for (int step = 1; step <= 4; ++step) {
    n = Candidates(state, fixes, &states);
    if (n == 0) return;
    int best = 0;
    for (int i = 1; i < n; ++i) if (Better(fixes[i], fixes[best])) best = i;
    if (fixes[best].saves_gib <= 0 && !fixes[best].fits_after) return;
    fixes[best].plan_step = step;
    report.fixes[report.fix_count++] = fixes[best];
    if (fixes[best].fits_after) return;
    state = states[best];
  }
}

}  // namespace gpucfg
