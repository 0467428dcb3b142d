// The memory model's entry point: turns a Resolved scenario into plain inputs, adds the overheads a
// practitioner meets ("ghosts") to the tensor memory of the most loaded pipeline stage, decides
// whether it fits, searches the largest batch that does, and raises warnings. Tensor accounting
// lives in memory_training.cpp / memory_inference.cpp, fixes in memory_fixes.cpp.
#include "models/memory/memory.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "contract/report_fields.h"
#include "models/memory/memory_internal.h"
#include "models/memory/network_memory.h"
#include "models/model_cache.h"
#include "resolve/resolved_workload.h"
#include "base/units.h"

namespace gpucfg {

void SetSplitInputs(const Resolved& r, MemoryInputs& in) {
  in.micro_batch = std::max(1, r.micro_batch);
  in.micro_batches = std::max(1, r.micro_batches);
  in.sequence_parallel = r.sequence_parallel && r.tp > 1;
  in.recompute = r.recompute;
  in.zero = r.zero;
  in.interleave = std::max(1, r.interleave);
  in.tp = r.tp, in.pp = r.pp, in.dp = r.dp, in.cp = r.cp, in.ep = r.ep;
  in.batch = std::max(1, r.batch);
}

MemoryInputs MakeMemoryInputs(const Resolved& r) {
  MemoryInputs in;
  in.arch = r.arch;
  in.training = r.training();
  in.precision = r.precision;
  in.weight_precision = r.weight_precision;
  in.kv_precision = r.kv_precision;
  in.optimizer = r.optimizer;
  in.seq_len = std::max(1, r.seq_len);
  in.flash_attention = r.flash_attention;
  SetSplitInputs(r, in);
  in.prompt_tokens = std::max(0, r.prompt_tokens);
  in.output_tokens = std::max(0, r.output_tokens);
  in.gpus_per_node = r.gpus_per_node;
  in.nodes = r.nodes;
  in.options = r.memory;
  in.catalog = r.catalog;
  in.engine = r.engine;
  in.finetune = r.finetune;
  // The device's usable memory (MakeDevice: the memory.usable_gib override, else the catalog's).
  in.capacity_gib = r.device.usable_gib;
  in.compute_capability = r.device.compute_capability;
  in.fp8 = r.device.Supports(Precision::kFp8);
  in.gpu_index = r.device.catalog_index;
  in.limits = r.device.limits;
  return in;
}

double FragmentationOf(const MemoryOptions& options, const EngineProfile* engine) {
  if (options.fragmentation >= 0) return options.fragmentation;
  return engine ? engine->allocator_reserve : 0.15;
}

double FragmentationOf(const MemoryInputs& in) { return FragmentationOf(in.options, in.engine); }

double KvCacheCopiesOf(const MemoryInputs& in) {
  if (in.options.kv_cache_copies > 0) return in.options.kv_cache_copies;
  return in.engine ? in.engine->kv_cache_copies : 1.0;
}

namespace {

// CUDA context per process: 1343 MB measured with PyTorch on a V100 (HF "Model training anatomy",
// shared/calibration mem-hf-bert-large-v100; eager module loading); CUDA >= 11.7 lazy loading
// (default since CUDA 12.2) brings it near 0.5 GiB on Ampere and later (NVIDIA CUDA C++
// Programming Guide, "Lazy Loading"; low confidence, override with memory.cuda_context_gib).
double CudaContextGib(const MemoryInputs& in) {
  if (in.options.cuda_context_gib >= 0) return in.options.cuda_context_gib;
  return (in.compute_capability > 0 && in.compute_capability < 8.0) ? 1.3 : 0.5;
}

// NCCL buffers: NCCL_BUFFSIZE 4 MiB per channel per peer and protocol (NCCL docs, Environment
// Variables), up to 32 channels: ~0.25 GiB per communicator (low confidence). One communicator per
// parallel group larger than one.
double NcclGib(const MemoryInputs& in) {
  const int groups = (in.tp > 1) + (in.pp > 1) + (in.cp > 1) + (in.training && in.dp > 1) + (in.ep > 1);
  return groups * in.options.nccl_gib_per_group;
}

// The overheads every stage of one breakdown shares.
struct Overheads {
  double cuda_context_gib = 0, nccl_gib = 0;
  double fragmentation = 0;  // FragmentationOf(in): the share of activations and KV cache
};

void ToBreakdown(const Overheads& o, const StageBytes& b, int stage, MemoryBreakdown& m) {
  m.weights_gib = BytesToGiB(b.weights);
  m.gradients_gib = BytesToGiB(b.gradients);
  m.optimizer_gib = BytesToGiB(b.optimizer);
  m.activations_gib = BytesToGiB(b.activations);
  m.kv_cache_gib = BytesToGiB(b.kv_cache);
  m.cuda_context_gib = o.cuda_context_gib;
  m.nccl_gib = o.nccl_gib;
  // PyTorch's caching allocator reserves more than it hands out for short-lived tensors of varying
  // size (activations, a growing KV cache); 15% matches the HF BERT-large V100 case (low confidence).
  m.fragmentation_gib = o.fragmentation * (m.activations_gib + m.kv_cache_gib);
  m.overhead_gib = m.cuda_context_gib + m.nccl_gib + m.fragmentation_gib;
  m.total_gib = m.weights_gib + m.gradients_gib + m.optimizer_gib + m.activations_gib +
                m.kv_cache_gib + m.overhead_gib;
  m.stage = stage;
}

// ToBreakdown(o, b, ...).total_gib without filling a breakdown: its sums, in its order.
double TotalGib(const Overheads& o, const StageBytes& b) {
  const double activations = BytesToGiB(b.activations), kv_cache = BytesToGiB(b.kv_cache);
  const double fragmentation = o.fragmentation * (activations + kv_cache);
  const double overhead = o.cuda_context_gib + o.nccl_gib + fragmentation;
  return BytesToGiB(b.weights) + BytesToGiB(b.gradients) + BytesToGiB(b.optimizer) + activations +
         kv_cache + overhead;
}

StageBytes StageBytesOf(const MemoryInputs& in, const StageShared& sh, bool first, bool last) {
  return in.training ? TrainingStageBytes(in, sh, first, last) : InferenceStageBytes(in, sh, first, last);
}

}  // namespace

// The most loaded GPU: the first pipeline stage (embedding, most in-flight micro-batches) or the
// last (LM head, logits), whichever totals more (the first on a tie). Only that stage's breakdown
// is filled: the two are compared by their totals.
void BreakdownWith(const MemoryInputs& in, const ParamParts& parts, const StageStates* states,
                   MemoryBreakdown& out, ActivationTermsMemo* memo) {
  const StageShared sh = SharedOf(in, parts, states, memo);
  const Overheads o{CudaContextGib(in), NcclGib(in), FragmentationOf(in)};
  StageBytes first, last;
  if (in.training) {
    TrainingStagesBytes(in, sh, first, last);
  } else {
    first = InferenceStageBytes(in, sh, true, in.pp <= 1);
    if (in.pp > 1) last = InferenceStageBytes(in, sh, false, true);
  }
  if (in.pp > 1 && TotalGib(o, last) > TotalGib(o, first)) return ToBreakdown(o, last, in.pp - 1, out);
  ToBreakdown(o, first, 0, out);
}

MemoryBreakdown BreakdownWith(const MemoryInputs& in, const ParamParts& parts, const StageStates* states) {
  MemoryBreakdown m;
  BreakdownWith(in, parts, states, m);
  return m;
}

namespace {

// BreakdownWith(...).total_gib without filling the breakdowns (a search's probes read only the
// total): the same stage comparison.
double TotalWith(const MemoryInputs& in, const ParamParts& parts, const StageStates* states) {
  const StageShared sh = SharedOf(in, parts, states);
  const Overheads o{CudaContextGib(in), NcclGib(in), FragmentationOf(in)};
  if (in.pp <= 1) return TotalGib(o, StageBytesOf(in, sh, true, true));
  const double first = TotalGib(o, StageBytesOf(in, sh, true, false));
  const double last = TotalGib(o, StageBytesOf(in, sh, false, true));
  return last > first ? last : first;
}

}  // namespace

MemoryBreakdown ComputeBreakdown(const MemoryInputs& in) { return BreakdownWith(in, ParameterParts(in.arch)); }

bool Fits(const MemoryInputs& in) { return ComputeBreakdown(in).total_gib <= in.capacity_gib; }

// Largest value of `field` in [1, hi] for which the job fits; 0 = none. Memory is monotone in the
// field (sums and products of non-negative terms, so rounding keeps it monotone too), and for
// micro_batch and batch it is linear (activations, KV cache and workspace scale with it): the
// secant through the totals at 1 and 2 lands on or next to the answer. Each probe narrows the
// bracket [lo, hi] (lo fits, nothing above hi does), so the bisection that finishes the search
// returns exactly what a plain bisection would, also where memory is not linear (prompt length
// without FlashAttention, or a different stage binding at larger values).
SearchBase SearchBaseOf(const MemoryInputs& in) {
  SearchBase b;
  b.parts = ParameterParts(in.arch);
  if (in.training) b.states = TrainingStates(in, b.parts);
  return b;
}

int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi, double total_at_one) {
  return LargestFitting(in, field, hi, total_at_one, SearchBaseOf(in));
}

int LargestFitting(MemoryInputs in, int MemoryInputs::*field, int hi, double total_at_one,
                   const SearchBase& base, double slope_at_one) {
  auto total = [&](int v) { in.*field = v; return TotalWith(in, base.parts, &base.states); };
  const double t1 = total_at_one >= 0 ? total_at_one : total(1);
  if (!(t1 <= in.capacity_gib)) return 0;
  if (hi <= 1) return 1;
  int lo = 1;
  auto probe = [&](int v) {
    if (v <= lo || v > hi) return;
    if (total(v) <= in.capacity_gib) lo = v;
    else hi = v - 1;
  };
  if (total_at_one >= 0 && slope_at_one > 0) {
    // The caller knows how much of the total at 1 scales with the field: the secant guess needs no
    // breakdown at 2. The probes only narrow [lo, hi], so the answer is the bisection's exactly.
    const double guess = 1.0 + std::floor((in.capacity_gib - t1) / slope_at_one);
    const int g = guess >= hi ? hi : int(guess);
    probe(g);
    probe(lo == g ? g + 1 : g - 1);
    while (lo < hi) probe(lo + (hi - lo + 1) / 2);
    return lo;
  }
  const double t2 = total(2);
  if (!(t2 <= in.capacity_gib)) return 1;
  lo = 2;
  if (t2 > t1) {
    const double guess = 2.0 + std::floor((in.capacity_gib - t2) / (t2 - t1));
    const int g = guess >= hi ? hi : int(guess);
    probe(g);
    probe(lo == g ? g + 1 : g - 1);
  }
  while (lo < hi) probe(lo + (hi - lo + 1) / 2);
  return lo;
}

namespace {

std::string_view BindingComponent(const MemoryBreakdown& m) {
  const std::pair<double, std::string_view> parts[] = {
      {m.weights_gib, "weights_gib"},         {m.gradients_gib, "gradients_gib"},
      {m.optimizer_gib, "optimizer_gib"},     {m.activations_gib, "activations_gib"},
      {m.kv_cache_gib, "kv_cache_gib"},       {m.overhead_gib, "overhead_gib"}};
  const auto* best = std::max_element(std::begin(parts), std::end(parts),
                                      [](const auto& a, const auto& b) { return a.first < b.first; });
  return best->second;
}

// Host side: pinned staging buffers and data-loader worker processes per GPU, against node RAM
// (PyTorch DataLoader docs: each worker is a process holding its own copy of the dataset object).
double HostGibPerNode(const MemoryInputs& in) {
  const MemoryOptions& o = in.options;
  const double workers = in.training ? o.dataloader_workers_per_gpu * o.dataloader_worker_gib : 0.0;
  return in.gpus_per_node * (o.host_pinned_gib_per_gpu + workers);
}

void AddWarnings(const Resolved& r, const MemoryInputs& in, const MemoryReport& m, WarningList& w) {
  if (!m.fits) w.Add("memory_exceeds_capacity", "/cluster/gpu", m.per_gpu.total_gib, m.capacity_gib);
  else if (m.headroom_gib < 0.05 * m.capacity_gib)
    w.Add("memory_headroom_low", "/cluster/gpu", m.headroom_gib, m.capacity_gib);
  const double ram = r.node_ram_gib;
  if (ram > 0 && m.host_gib_per_node > ram)
    w.Add("host_memory_exceeds", "/cluster/node_ram_gib", m.host_gib_per_node, ram);
  if (in.tp > KvHeads(in.arch))
    w.Add("kv_heads_replicated", "/parallelism/tp", in.tp, KvHeads(in.arch));
  if (in.training && in.zero > 0 && in.dp * in.cp <= 1)
    w.Add("zero_without_data_parallel", "/parallelism/zero", in.zero, in.dp * in.cp);
  const double context = in.training ? in.seq_len : double(in.prompt_tokens) + in.output_tokens;
  if (in.arch.max_seq > 0 && context > in.arch.max_seq)
    w.Add("context_exceeds_model", in.training ? "/workload/seq_len" : "/workload/prompt_tokens",
          context, in.arch.max_seq);
}

}  // namespace

MemoryReport ComputeMemory(const Resolved& r, WarningList& warnings) {
  MemoryReport m;
  ComputeMemoryInto(r, warnings, m);
  return m;
}

namespace {

// A fresh report's state without re-initialising the fixes array: only the fixes an earlier
// evaluation of this reused report wrote are cleared. The field list (report_fields.h) says what
// there is to reset, so a new MemoryReport field is reset as soon as it is listed there.
void Reset(MemoryReport& m) { ResetMemoryReport(m); }

}  // namespace

void ComputeMemoryInto(const Resolved& r, WarningList& warnings, MemoryReport& m) {
  ComputeMemoryInto(r, kFullEvaluation, warnings, m);
}

namespace {

void ComputeTransformerMemory(const Resolved& r, const MemoryInputs& in, const Workload& workload,
                              const EvaluateOptions& o, WarningList& warnings, MemoryReport& m,
                              ModelCache::ShapeValues* shape = nullptr);

// The parameter parts and model states of `in` for the candidate path's resolution, in place in
// the shape's memo (no copy per candidate): the states of the last split, per ZeRO stage, come from
// ModelCache::ShapeValues::states (the planner asks for them again at every micro-batch and
// recompute mode of the split).
void ShapeBaseOf(const MemoryInputs& in, ModelCache::ShapeValues& shape, const ParamParts*& parts,
                 const StageStates*& states) {
  if (!shape.have_parts) shape.parts = ParameterParts(in.arch), shape.have_parts = true;
  parts = &shape.parts;
  states = nullptr;
  if (!in.training) return;
  const ModelCache::ShapeValues::SplitKey split{in.tp, in.pp, in.dp, in.cp, in.ep};
  static_assert(sizeof split == 5 * sizeof(int));
  if (std::memcmp(&split, &shape.states_split, sizeof split) != 0) shape.states_split = split, shape.have_states = {};
  if (in.zero < 0 || in.zero >= static_cast<int>(shape.states.size())) {
    shape.states_other = TrainingStates(in, shape.parts);
    states = &shape.states_other;
    return;
  }
  if (!shape.have_states[in.zero]) shape.states[in.zero] = TrainingStates(in, shape.parts), shape.have_states[in.zero] = true;
  states = &shape.states[in.zero];
}

}  // namespace

void ComputeMemoryInto(const Resolved& r, const EvaluateOptions& o, WarningList& warnings, MemoryReport& m) {
  const bool resolved = !r.device.id.empty();  // else: nothing to report
  const AnyWorkload workload = WorkloadOf(r);  // the workload interface (workload/workload.h)
  const bool transformer = resolved && workload->Family() == WorkloadFamily::kTransformer;
  // The candidate path's resolution keeps its inputs: only the split fields are written again.
  if (transformer && o.cache && o.cache->shape.resolution == &r) {
    // No reset first (once per candidate): FillTransformerMemory writes the breakdown and every
    // scalar; what it writes only sometimes is reset here. CandidatePath.ReusedReportEqualsFresh
    // holds it to a fresh report's bytes.
    m.binding = {};
    m.max_micro_batch = m.max_batch = m.max_context_tokens = 0;
    for (int i = 0; i < m.fix_count; ++i) m.fixes[i] = {};
    m.fix_count = 0;
    ModelCache::ShapeValues& shape = o.cache->shape;
    if (!shape.have_memory) shape.memory = MakeMemoryInputs(r), shape.have_memory = true;
    else SetSplitInputs(r, shape.memory);
    return ComputeTransformerMemory(r, shape.memory, *workload, o, warnings, m, &shape);
  }
  Reset(m);
  if (!resolved) return;
  if (!transformer) return ComputeNetworkMemory(r, *workload, warnings, m);
  ComputeTransformerMemory(r, MakeMemoryInputs(r), *workload, o, warnings, m);
}

namespace {

// The largest batch, micro-batch and context that fit (the batch searches), around the breakdown
// of `in` already in `m`. `own`: the caller's parts and states when it made them, else copied here
// from the shape's memo (the searches change the batch fields of their own copy of `in`).
void SearchLargestFitting(const Resolved& r, const MemoryInputs& in, const EvaluateOptions& o,
                          const ParamParts& parts, const StageStates* states, const SearchBase* own,
                          MemoryReport& m) {
  std::optional<SearchBase> copy;
  auto base = [&]() -> const SearchBase& {
    if (own) return *own;
    if (!copy) copy = SearchBase{parts, states ? *states : StageStates{}};
    return *copy;
  };
  if (!o.batch_searches) {
    if (!in.training && r.request_rate > 0) {  // ServeUnderLoad caps by it
      const double at_one = in.batch == 1 ? m.per_gpu.total_gib : -1.0;
      m.max_batch = LargestFitting(in, &MemoryInputs::batch, 1 << 16, at_one, base());
    }
  } else if (in.training) {
    const double at_one = in.micro_batch == 1 ? m.per_gpu.total_gib : -1.0;
    // Activations (and the fragmentation on them) are what grows with the micro-batch.
    const double slope = m.per_gpu.activations_gib + m.per_gpu.fragmentation_gib;
    m.max_micro_batch = LargestFitting(in, &MemoryInputs::micro_batch, 4096, at_one, base(), slope);
  } else {
    const double at_one = in.batch == 1 ? m.per_gpu.total_gib : -1.0;
    m.max_batch = LargestFitting(in, &MemoryInputs::batch, 1 << 16, at_one, base());
    const int prompt = LargestFitting(in, &MemoryInputs::prompt_tokens, 1 << 22, -1, base());
    m.max_context_tokens = prompt > 0 ? prompt + in.output_tokens : 0;
  }
}

// The memory report of `in` on the parameter parts and training states given (`own`: the
// uncached path's, which the searches then reuse).
void FillTransformerMemory(const Resolved& r, const MemoryInputs& in, const Workload& workload,
                           const EvaluateOptions& o, WarningList& warnings, MemoryReport& m,
                           const ParamParts& parts, const StageStates* states, const SearchBase* own,
                           ActivationTermsMemo* terms) {
  BreakdownWith(in, parts, states, m.per_gpu, terms);
  m.capacity_gib = in.capacity_gib;
  m.marketed_gb = r.device.marketed_gb;
  m.headroom_gib = m.capacity_gib - m.per_gpu.total_gib;
  m.fits = m.headroom_gib >= 0;
  m.parameters = workload.Parameters();  // ParameterCount(in.arch): in.arch is r.arch
  m.host_gib_per_node = HostGibPerNode(in);
  if (!m.fits) m.binding = BindingComponent(m.per_gpu);
  if (o.batch_searches || (!in.training && r.request_rate > 0))
    SearchLargestFitting(r, in, o, parts, states, own, m);
  if (!m.fits && o.fixes) ComputeFixes(in, m);
  if (o.warnings) AddWarnings(r, in, m, warnings);
}

// The candidate path's parts and states come from the shape's memo; the uncached path makes its
// own, once for the breakdown and the searches.
void ComputeTransformerMemory(const Resolved& r, const MemoryInputs& in, const Workload& workload,
                              const EvaluateOptions& o, WarningList& warnings, MemoryReport& m,
                              ModelCache::ShapeValues* shape) {
  if (shape) {
    const ParamParts* parts;
    const StageStates* states;
    ShapeBaseOf(in, *shape, parts, states);
    return FillTransformerMemory(r, in, workload, o, warnings, m, *parts, states, nullptr, &shape->terms);
  }
  const SearchBase own = SearchBaseOf(in);
  FillTransformerMemory(r, in, workload, o, warnings, m, own.parts, &own.states, &own, nullptr);
}

}  // namespace

}  // namespace gpucfg
