// Resolution of a Scenario against the catalog: lookups, dependent defaults and cross-field checks.
// Runs on every evaluation, so the success path allocates nothing; error messages are built only
// when something is wrong.
#include "resolve/resolve.h"
#include "resolve/resolve_network.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string>

#include "contract/features.h"
#include "contract/scenario_fields.h"
#include "resolve/mig_device.h"
#include "resolve/usual_network.h"

namespace gpucfg {
namespace {

struct Checker {
  Issues* errors;
  bool ok = true;
  void Fail(const char* code, const char* path, std::string message) {
    ok = false;
    if (errors) errors->push_back(Issue{code, std::move(message), path});
  }
};

template <class List, class Id>
std::string ListIds(const List& list, Id id) {
  std::string out;
  for (const auto& e : list) out += (out.empty() ? "" : ", ") + id(e);
  return out;
}

// Which catalog fabric a GPU uses for a given kind of node topology (NVSwitch generation n
// switches NVLink generation n+1: DGX-2 V100 gen1, A100 gen2, H100/H200 gen3, B200 gen4).
const InterconnectSpec* IntraFabric(const Catalog& c, const GpuSpec& g, std::string_view kind) {
  // "<prefix><n>" in a stack buffer (snprintf costs more than the lookup itself).
  auto find = [&c](std::string_view prefix, int n) {
    char id[32];
    const std::size_t len = std::min(prefix.size(), sizeof id - 12);
    std::memcpy(id, prefix.data(), len);
    const auto end = std::to_chars(id + len, id + sizeof id, n).ptr;
    return FindInterconnect(c, std::string_view(id, std::size_t(end - id)));
  };
  if (kind == "pcie") return find("pcie-gen", g.pcie_gen > 0 ? g.pcie_gen : 4);
  if (kind == "nvlink-mesh") return find("nvlink", g.nvlink_gen);
  // NVSwitch or bridge of this generation; where several exist, the one whose per-direction rate is
  // half the GPU's NVLink figure (A800/H800 run NVLink at 400 GB/s, the A40 bridge at 112.5).
  const InterconnectSpec* fabric = kind == "nvswitch" ? find("nvswitch-gen", g.nvlink_gen - 1) : nullptr;
  const double rate = g.nvlink_gbps_bidir / 2;
  if (fabric && (rate <= 0 || fabric->gbps_per_direction == rate)) return fabric;
  const int generation = kind == "nvswitch" ? g.nvlink_gen - 1 : g.nvlink_gen;
  for (const auto& ic : c.interconnects) {
    if (ic.kind != kind || ic.generation != generation) continue;
    if (ic.gbps_per_direction == rate) return &ic;
    if (!fabric) fabric = &ic;
  }
  return fabric;
}

// The device this job sees: the catalog row under the scenario's limits (clock factor, usable
// memory override), built once here for every model.
void ResolveDevice(const Scenario& s, const Catalog& c, const GpuSpec& gpu, Resolved& r) {
  DeviceLimits limits;
  limits.clock_factor = s.speed.clock_factor;
  limits.usable_gib = s.memory.usable_gib;
  MigDeviceLimitsFor(s.cluster.mig, c, gpu, limits);  // cluster.mig: the device is one instance
  r.device = MakeDevice(gpu, limits);
  r.device.catalog_index = int(&gpu - c.gpus.data());
}

void ResolveCluster(const Scenario& s, const Catalog& c, Resolved& r, Checker& chk) {
  const ClusterConfig& cl = s.cluster;
  const GpuSpec* gpu = FindGpu(c, cl.gpu);
  if (!gpu)
    return chk.Fail("unknown_gpu", "/cluster/gpu",
                    "expected a GPU catalog id (one of: " +
                        ListIds(c.gpus, [](const GpuSpec& g) { return g.id; }) + "), found \"" + cl.gpu + "\"");
  ResolveDevice(s, c, *gpu, r);
  r.total_gpus = cl.gpus_per_node * cl.nodes;
  r.gpus_per_node = cl.gpus_per_node, r.nodes = cl.nodes;
  r.oversubscription = cl.oversubscription, r.node_ram_gib = cl.node_ram_gib;
  const std::string_view intra_name = cl.intra_node.empty() ? std::string_view(gpu->default_intra_node) : std::string_view(cl.intra_node);
  if (!ParseIntraKind(intra_name, r.intra_kind))
    return chk.Fail("unknown_value", "/cluster/intra_node",
                    "expected pcie | nvlink-bridge | nvlink-mesh | nvswitch, found \"" + cl.intra_node + "\"");
  if (r.intra_kind != IntraKind::kPcie && gpu->nvlink_gen == 0)
    return chk.Fail("incompatible", "/cluster/intra_node",
                    gpu->id + " has no NVLink; expected \"pcie\", found \"" + std::string(intra_name) + "\"");
  if (r.intra_kind == IntraKind::kNvlinkBridge && cl.gpus_per_node > 8)
    chk.Fail("incompatible", "/cluster/gpus_per_node", "NVLink bridges join at most 8 GPUs in a node");
  r.intra = IntraFabric(c, *gpu, intra_name);
  if (!r.intra && cl.gpus_per_node > 1)
    chk.Fail("incompatible", "/cluster/intra_node",
             "the catalog has no " + std::string(intra_name) + " fabric for " + gpu->id);
  if (cl.inter_node == "none") {
    // Several nodes and no network named: the GPU generation's usual one (Resolve warns).
    if (cl.nodes > 1) r.inter = FindInterconnect(c, UsualNetworkId(*gpu));
  } else {
    r.inter = FindInterconnect(c, cl.inter_node);
    bool network = r.inter && (r.inter->kind == "infiniband" || r.inter->kind == "roce" || r.inter->kind == "ethernet");
    if (!network)
      chk.Fail("unknown_value", "/cluster/inter_node",
               "expected none | ib-edr | ib-hdr | ib-ndr | ib-xdr | roce-100g | roce-200g | roce-400g | eth-25g | "
               "eth-100g, found \"" + cl.inter_node + "\"");
  }
  r.nics_per_node = cl.nics_per_node > 0 ? cl.nics_per_node : (r.inter ? cl.gpus_per_node : 0);
}

void ResolveModel(const Scenario& s, const Catalog& c, Resolved& r, Checker& chk) {
  const WorkloadConfig& w = s.workload;
  if (ResolveNetworkModel(s, c, r, chk.errors, chk.ok)) return;  // catalog network or generic object
  if (w.arch_inline) {
    r.arch = w.arch;
    if (r.arch.max_seq <= 0) r.arch.max_seq = w.seq_len;
  } else {
    r.preset = FindModel(c, w.model);
    if (!r.preset)
      return chk.Fail("unknown_model", "/workload/model",
                      "expected a model preset id (one of: " +
                          ListIds(c.models, [](const ModelPreset& m) { return m.id; }) + "; networks: " +
                          ListIds(c.networks, [](const NetworkPreset& m) { return m.id; }) +
                          ") or an architecture object, found \"" + w.model + "\"");
    r.arch = r.preset->arch;
  }
  const TransformerArch& a = r.arch;
  if (a.layers <= 0 || a.hidden <= 0 || a.heads <= 0 || a.vocab <= 0)
    return chk.Fail("missing_field", "/workload/model", "layers, hidden, heads and vocab must all be positive");
  if (a.hidden % a.heads != 0)
    chk.Fail("incompatible", "/workload/model/hidden",
             "expected hidden to be a multiple of heads (" + std::to_string(a.heads) + "), found " + std::to_string(a.hidden));
  if (KvHeads(a) <= 0 || a.heads % KvHeads(a) != 0)
    chk.Fail("incompatible", "/workload/model/kv_heads",
             "expected kv_heads to divide heads (" + std::to_string(a.heads) + "), found " + std::to_string(a.kv_heads));
  if (a.top_k > a.experts)
    chk.Fail("incompatible", "/workload/model/top_k", "expected top_k <= experts (" + std::to_string(a.experts) + ")");
}

void ResolveParallelism(const Scenario& s, Resolved& r, Checker& chk) {
  const ParallelismConfig& p = s.parallelism;
  r.tp = p.tp, r.pp = p.pp, r.cp = p.cp, r.ep = p.ep;
  const int model_split = p.tp * p.pp * p.cp;
  if (r.total_gpus % model_split != 0) {
    // The field at fault: the first factor, taken in the order tp, pp, cp, whose product with the
    // ones before it stops dividing the GPUs (pp = 3 on 8 GPUs points at pp, not at tp = 1).
    const char* at = r.total_gpus % p.tp != 0 ? "/parallelism/tp"
                     : r.total_gpus % (p.tp * p.pp) != 0 ? "/parallelism/pp" : "/parallelism/cp";
    return chk.Fail("incompatible", at,
                    "expected tp * pp * cp (" + std::to_string(model_split) + ") to divide the " +
                        std::to_string(r.total_gpus) + " GPUs");
  }
  r.dp = p.dp > 0 ? p.dp : r.total_gpus / model_split;
  if (r.dp * model_split != r.total_gpus)
    chk.Fail("incompatible", "/parallelism/dp",
             "expected tp * pp * cp * dp = " + std::to_string(r.total_gpus) + " GPUs (so dp = " +
                 std::to_string(r.total_gpus / model_split) + "), found dp = " + std::to_string(p.dp));
  if (p.tp > r.arch.heads || r.arch.heads % p.tp != 0)
    chk.Fail("incompatible", "/parallelism/tp",
             "expected tp to divide the model's " + std::to_string(r.arch.heads) + " attention heads, found " + std::to_string(p.tp));
  if (p.pp > r.arch.layers)
    chk.Fail("incompatible", "/parallelism/pp",
             "expected pp <= the model's " + std::to_string(r.arch.layers) + " layers, found " + std::to_string(p.pp));
  if (r.arch.experts % p.ep != 0 || r.dp % p.ep != 0)
    chk.Fail("incompatible", "/parallelism/ep", "expected ep to divide both the experts and dp");
  if (p.interleave > 1 && p.pp == 1)
    chk.Fail("incompatible", "/parallelism/interleave", "expected interleave = 1 without pipeline parallelism (pp = 1)");
}

// Micro-batches per pipeline per step: ceil(global_batch / (micro_batch * dp)).
int MicroBatchesOf(const WorkloadConfig& w, int dp) {
  const long long per_micro = static_cast<long long>(w.micro_batch) * dp;
  return static_cast<int>((w.global_batch + per_micro - 1) / per_micro);
}

void ResolveBatchAndPrice(const Scenario& s, const Catalog& c, Resolved& r, Checker& chk, WarningList* warnings) {
  const WorkloadConfig& w = s.workload;
  const long long per_micro = static_cast<long long>(w.micro_batch) * r.dp;
  r.micro_batches = MicroBatchesOf(w, r.dp);
  if (w.kind == WorkloadKind::kTraining && warnings && r.micro_batches * per_micro != w.global_batch)
    warnings->Add("global_batch_rounded", "/workload/global_batch", double(r.micro_batches * per_micro), double(w.global_batch));
  if (w.train_steps > 0 && w.train_tokens > 0)
    chk.Fail("incompatible", "/workload/train_steps", "expected train_tokens or train_steps, not both (train_tokens = " +
                                                          std::to_string(w.train_tokens) + ")");
  const CurrencyPreset* cur = FindCurrency(c, s.pricing.currency);
  if (!cur) return chk.Fail("unknown_value", "/pricing/currency",
                            "expected a currency of data/prices.json (" +
                                ListIds(c.currencies, [](const CurrencyPreset& x) { return x.code; }) +
                                "), found \"" + s.pricing.currency + "\"");
  r.currency = cur->code;
  r.electricity_per_kwh = s.pricing.electricity_per_kwh > 0 ? s.pricing.electricity_per_kwh : cur->electricity_per_kwh;
  r.per_gpu_hour = s.pricing.per_gpu_hour;
  r.pue = s.pricing.pue;
  if (r.per_gpu_hour <= 0 && !r.device.id.empty()) {
    const GpuPrice* price = FindPrice(c, r.device.id, cur->code);
    r.per_gpu_hour = price ? price->per_gpu_hour : 0;
    r.price_from_catalog = r.per_gpu_hour > 0;
    if (!price && warnings) warnings->Add("no_price", "/pricing/per_gpu_hour");
  }
}

// [SECTION] Catalog entries the models can use (hardening) ----------------------------------------
// A site catalog (--catalog, evaluateWithCatalog) may replace a built-in GPU or fabric with an
// entry that lacks what every model divides by; such an entry is an error at the field that chose
// it, not a report of infinities.
void CheckGpuUsable(const Scenario& s, const Catalog& c, Checker& chk) {
  const GpuSpec* g = FindGpu(c, s.cluster.gpu);
  if (!g) return;
  bool peak = false;
  for (const PeakRate& p : g->peak_tflops) peak = peak || p.dense > 0;
  std::string missing;
  if (g->memory_gb <= 0 && g->memory_usable_gib <= 0) missing += " memory_gb";
  if (g->hbm_gbps <= 0) missing += " hbm_gbps";
  if (g->tdp_watts <= 0) missing += " tdp_watts";
  if (!peak) missing += " peak_tflops";
  if (!missing.empty())
    return chk.Fail("incompatible", "/cluster/gpu",
                    "the catalog entry for " + g->id + " has no usable" + missing +
                        " (a site catalog replaced it?); expected positive values");
}

void CheckFabricsUsable(const Scenario& s, const Resolved& r, Checker& chk) {
  if (r.intra && s.cluster.gpus_per_node > 1 && !(r.intra->gbps_per_direction > 0))
    chk.Fail("incompatible", "/cluster/intra_node", "the catalog's " + r.intra->id + " has no gbps_per_direction");
  if (r.inter && s.cluster.nodes > 1 && !(r.inter->gbps_per_direction > 0))
    chk.Fail("incompatible", "/cluster/inter_node", "the catalog's " + r.inter->id + " has no gbps_per_direction");
}

// The scenario values the models read, copied or parsed once (Resolved's typed section).
void ResolveWorkload(const Scenario& s, Resolved& r) {
  const WorkloadConfig& w = s.workload;
  r.kind = w.kind;
  r.precision = w.precision, r.weight_precision = w.weight_precision, r.kv_precision = w.kv_precision;
  r.optimizer = ParseOptimizer(w.optimizer);
  r.seq_len = w.seq_len, r.global_batch = w.global_batch, r.micro_batch = w.micro_batch;
  r.packed_sample_tokens = w.packed_sample_tokens;
  r.batch = w.batch, r.prompt_tokens = w.prompt_tokens, r.output_tokens = w.output_tokens;
  r.train_tokens = w.train_tokens, r.train_steps = w.train_steps, r.request_rate = w.request_rate;
  r.scheduler_steps = w.scheduler_steps;
  r.flash_attention = w.flash_attention, r.lm_head_fraction = w.lm_head_fraction;
  r.channels_last = w.channels_last;
  const ParallelismConfig& p = s.parallelism;
  r.zero = p.zero, r.interleave = p.interleave;
  r.sequence_parallel = p.sequence_parallel, r.recompute = p.recompute;
  r.sparse = s.options.sparse;
  r.speed = s.speed, r.memory = s.memory, r.power = s.power;
}

}  // namespace

OptimizerKind ParseOptimizer(std::string_view name) {
  if (name == "sgd") return OptimizerKind::kSgd;
  if (name == "adam-8bit" || name == "adamw-8bit" || name == "adam8bit") return OptimizerKind::kAdam8bit;
  if (name == "lion") return OptimizerKind::kLion;
  return OptimizerKind::kAdam;  // adam, adamw
}

// [engines, issue 9] workload.engine and workload.finetune (names already checked by the reader).
static void ResolveEngine(const Scenario& s, const Catalog& c, Resolved& r, Checker& chk) {
  const WorkloadConfig& w = s.workload;
  if (!w.engine.empty()) {
    r.engine = FindEngine(c, w.engine);
    if (!r.engine)
      return chk.Fail("unknown_value", "/workload/engine", "expected one of " + EngineIdList(c) + ", found \"" + w.engine + "\"");
    // A serving engine has no training profile (its allocator reserve, gathers and loss are the
    // serving ones): training with it would price a job it cannot run (data/engines.json "kind").
    if (w.kind == WorkloadKind::kTraining && r.engine->kind == "inference") {
      std::string trainers;
      for (const EngineProfile& e : c.engines)
        if (e.kind != "inference") trainers += (trainers.empty() ? "" : " | ") + e.id;
      return chk.Fail("incompatible", "/workload/engine",
                      r.engine->id + " serves inference only; a training job needs " + trainers +
                          ", or \"\" for the default model");
    }
  }
  const FinetuneConfig& f = w.finetune;
  if (f.method.empty()) return;
  if (w.kind != WorkloadKind::kTraining)
    return chk.Fail("incompatible", "/workload/finetune/method", "expected workload.kind \"training\" for fine-tuning, found inference");
  FinetuneSpec& out = r.finetune;
  out.method = f.method == "qlora" ? FinetuneMethod::kQlora : FinetuneMethod::kLora;
  out.rank = std::max(1, f.rank);
  out.targets = f.targets == "qv" ? LoraTargets::kQv : f.targets == "all-linear" ? LoraTargets::kAllLinear : LoraTargets::kAttention;
  const std::string& b = f.base_precision;
  out.base = b == "fp16" ? BaseFormat::kFp16 : b == "int8" ? BaseFormat::kInt8 : b == "nf4" ? BaseFormat::kNf4
           : b == "int4" ? BaseFormat::kInt4 : b == "bf16" ? BaseFormat::kBf16
           : out.method == FinetuneMethod::kQlora ? BaseFormat::kNf4 : BaseFormat::kBf16;
  out.bnb_keeps_inputs = f.bnb_keeps_inputs;
}

// Whether the job sends anything between nodes, so that the network it runs over matters. Training
// always does (the gradient all-reduce spans the data-parallel copies). Inference copies are
// independent: only a copy's own split (tp * pp * cp GPUs, times ep when the experts are spread over
// copies) talks, so copies that each fit inside one node send nothing over the network (issue 14:
// multi-node serving with independent copies is not warned to "set a real network"). Ranks are laid
// out split-innermost, so a copy fits in a node when its GPU count divides gpus_per_node.
static bool TrafficCrossesNodes(const Scenario& s, int per_node) {
  if (s.workload.kind == WorkloadKind::kTraining) return true;
  const ParallelismConfig& p = s.parallelism;
  const long long copy_gpus = 1LL * std::max(1, p.tp) * std::max(1, p.pp) * std::max(1, p.cp) * std::max(1, p.ep);
  return per_node <= 0 || copy_gpus > per_node || per_node % copy_gpus != 0;
}

bool Resolve(const Scenario& s, const Catalog& catalog, Resolved& out, Issues* errors, WarningList* warnings) {
  out = Resolved{};
  out.catalog = &catalog;
  ResolveWorkload(s, out);
  Checker chk{errors};
  if (s.schema_version < kMinScenarioVersion || s.schema_version > kMaxScenarioVersion)
    chk.Fail("unsupported_version", "/schema_version", "expected schema_version 1 or 2, found " + std::to_string(s.schema_version));
  CheckGpuUsable(s, catalog, chk);
  ResolveCluster(s, catalog, out, chk);
  if (warnings && out.inter && s.cluster.inter_node == "none" && TrafficCrossesNodes(s, out.gpus_per_node))
    warnings->Add("inter_node_assumed", "/cluster/inter_node", s.cluster.nodes, out.inter->gbit_per_direction);
  if (chk.ok) CheckFabricsUsable(s, out, chk);
  ResolveModel(s, catalog, out, chk);
  const bool network = IsNetwork(out.network);
  out.parameters = network ? out.network.generic.params : ParameterCount(out.arch);
  out.active_parameters = network ? out.parameters : ActiveParameterCount(out.arch);
  if (!chk.ok) return false;
  if (network)
    ResolveNetworkParallelism(s, out, chk.errors, chk.ok);
  else
    ResolveParallelism(s, out, chk);
  if (!chk.ok) return false;
  // Uneven pipeline stages are modelled (the busiest stage, CeilDiv in the memory and speed models)
  // but Megatron-LM refuses them unless told how to split: say so (Llama 3 405B's 126 layers ran on
  // 16 stages with one layer fewer on the first and the last, Dubey et al. 2024, arXiv 2407.21783 §3.3.2).
  if (warnings && !network && out.pp > 1 && out.arch.layers % out.pp != 0)
    warnings->Add("pp_uneven_stages", "/parallelism/pp", out.arch.layers, (out.arch.layers + out.pp - 1) / out.pp,
                  {double(out.pp), 0, 0, 0});
  ResolveBatchAndPrice(s, catalog, out, chk, warnings);
  if (chk.ok && !ResolvePower(s, catalog, out, errors)) chk.ok = false;
  ResolveEngine(s, catalog, out, chk);
  return chk.ok;
}

bool ResolveSplit(const Scenario& s, Resolved& out, Issues* errors) {
  Checker chk{errors};
  ResolveParallelism(s, out, chk);
  if (!chk.ok) return false;
  // The typed copies of what a split may change (ResolveWorkload's), so no model reads a stale one.
  const WorkloadConfig& w = s.workload;
  const ParallelismConfig& p = s.parallelism;
  out.global_batch = w.global_batch, out.micro_batch = w.micro_batch, out.batch = w.batch;
  out.zero = p.zero, out.interleave = p.interleave;
  out.sequence_parallel = p.sequence_parallel, out.recompute = p.recompute;
  out.micro_batches = MicroBatchesOf(w, out.dp);
  return true;
}

}  // namespace gpucfg
