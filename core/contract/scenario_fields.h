// The one list of scenario fields: each section's fields, their JSON names, ranges, units and
// meaning, visited by the JSON reader, the JSON writer and the docs generator alike, so the three
// can never disagree. A visitor V provides:
//   Field(name, int&, lo, hi, doc)        Field(name, double&, lo, hi, unit, doc)
//   Field(name, bool&, doc)               Field(name, std::string&, doc)
//   Enum(name, E&, names, doc)            Section(name, [&]{ ...fields... })
//   Model(name, WorkloadConfig&, doc)     (catalog id or inline architecture)
//   Field(name, std::vector<std::string>&, doc)   (an array of strings: plan.gpus)
#pragma once

#include <array>
#include <string_view>

#include "base/fabric_kind.h"
#include "contract/scenario.h"
#include "workload/model_fields.h"  // VisitArch: an inline /workload/model

namespace gpucfg {

inline constexpr std::array<std::string_view, 2> kWorkloadKindNames = {"training", "inference"};
inline constexpr std::array<std::string_view, 3> kRecomputeNames = {"none", "selective", "full"};
inline constexpr const auto& kIntraNodeNames = kIntraKindNames;  // base/fabric_kind.h (the enum's)
// Storage formats a workload may use (fp64 and fp64-tc are roofline-only).
inline constexpr std::array<std::string_view, 7> kWorkloadPrecisionNames = {
    "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4"};
inline constexpr std::array<std::string_view, 5> kOptimizerNames = {"adamw", "adam", "sgd",
                                                                    "adam-8bit", "lion"};
// A name list a site catalog may extend (engine ids): the reader writes a listed name in its
// listed case and keeps any other string as given, for Resolve to look up in the catalog it is
// given (an id neither lists is an error there, naming the catalog's ids).
template <size_t N>
struct CatalogNames {
  std::array<std::string_view, N> builtin;
};
// [engines, issue 9] contract-v2.md Workloads; "" = no engine profile / no fine-tuning. The built-in
// profiles' ids (data/engines.json); a site catalog's `engines` may add more.
inline constexpr CatalogNames<14> kEngineNames = {{
    "", "megatron", "deepspeed", "fsdp", "pytorch", "tensorflow", "paddle", "hf", "vllm", "sglang",
    "trt-llm", "tensorrt", "onnxruntime", "llama.cpp"}};
inline constexpr std::array<std::string_view, 3> kFinetuneMethodNames = {"", "lora", "qlora"};
inline constexpr std::array<std::string_view, 3> kLoraTargetNames = {"qv", "attention", "all-linear"};
inline constexpr std::array<std::string_view, 6> kBasePrecisionNames = {"", "bf16", "fp16", "int8", "nf4", "int4"};
inline constexpr std::array<std::string_view, 6> kCollectiveAlgorithmNames = {"auto", "ring", "tree", "nvls",
                                                                              "nvls-tree", "pat"};

template <class V>
void VisitCluster(V& v, ClusterConfig& c) {
  v.Field("gpu", c.gpu, "GPU catalog id (`gpucfg gpus` lists them), case-insensitive");
  v.Field("gpus_per_node", c.gpus_per_node, 1, 72, "GPUs in one node");
  v.Field("nodes", c.nodes, 1, 100000, "nodes in the cluster");
  v.Field("intra_node", c.intra_node,
          "fabric inside a node: pcie | nvlink-bridge | nvlink-mesh | nvswitch; \"\" = the GPU's usual one");
  v.Field("inter_node", c.inter_node,
          "network between nodes: none | ib-edr | ib-hdr | ib-ndr | ib-xdr | roce-100g | roce-200g | "
          "roce-400g | eth-25g | eth-100g (interconnect catalog id)");
  v.Field("nics_per_node", c.nics_per_node, 0, 64, "network ports per node; 0 = one per GPU");
  v.Field("oversubscription", c.oversubscription, 1.0, 64.0, "ratio",
          "network core oversubscription (1 = non-blocking fat tree)");
  v.Field("node_ram_gib", c.node_ram_gib, 0.0, 65536.0, "GiB", "host memory per node; 0 = not checked");
  v.Field("server", c.server,
          "server catalog id (`gpucfg servers` lists them): host CPUs, memory, NICs, fans, PSUs; \"\" = a generic "
          "server for the GPU's form factor");
  v.Section("mig", [&] {
    v.Field("profile", c.mig.profile,
            "MIG GPU-instance profile every GPU is split into (`gpucfg mig profiles GPU`); \"\" = whole GPUs");
    v.Field("instances_per_gpu", c.mig.instances_per_gpu, 0, 8,
            "MIG instances of that profile per GPU (a valid layout), one copy of the workload on each; 0 = whole GPUs");
  });
}

template <class V>
void VisitWorkload(V& v, WorkloadConfig& w) {
  v.Enum("kind", w.kind, kWorkloadKindNames, "training | inference");
  v.Model("model", w, "model preset id (`gpucfg models`), or an inline architecture object");
  v.Enum("precision", w.precision, kWorkloadPrecisionNames,
         "compute/storage precision of weights and activations");
  v.Field("seq_len", w.seq_len, 1, 10000000, "training sequence length in tokens");
  v.Enum("optimizer", w.optimizer, kOptimizerNames, "training optimizer");
  v.Field("global_batch", w.global_batch, 1, 100000000, "sequences per optimizer step");
  v.Field("micro_batch", w.micro_batch, 1, 65536, "sequences per GPU per forward/backward pass");
  v.Field("train_tokens", w.train_tokens, 0.0, 1e16, "tokens", "token budget; 0 = no time-to-train");
  v.Field("train_steps", w.train_steps, 0, 1000000000,
          "optimizer steps to train, instead of train_tokens (also for networks); 0 = by train_tokens");
  v.Field("flash_attention", w.flash_attention, "fused attention (no s x s score matrix kept)");
  v.Field("lm_head_fraction", w.lm_head_fraction, 0.0, 1.0, "fraction",
          "training: share of positions the vocabulary head and loss compute (BERT pretraining: masked positions; 0 = no vocabulary head)");
  v.Field("channels_last", w.channels_last,
          "convolutional networks: NHWC activations; false = NCHW, each Tensor Core convolution transposes its inputs and outputs");
  v.Field("packed_sample_tokens", w.packed_sample_tokens, 0, 10000000,
          "training with sequence packing: mean tokens per packed sample, each attending only within itself (variable-length flash attention); 0 = one sample "
          "per sequence");
  v.Field("batch", w.batch, 1, 1000000, "inference: concurrent sequences");
  v.Field("prompt_tokens", w.prompt_tokens, 0, 10000000, "inference: input tokens per sequence");
  v.Field("output_tokens", w.output_tokens, 0, 10000000, "inference: generated tokens per sequence");
  v.Enum("kv_precision", w.kv_precision, kWorkloadPrecisionNames, "inference: KV cache format");
  v.Enum("weight_precision", w.weight_precision, kWorkloadPrecisionNames,
         "inference: stored weight format (int8/int4 quantised)");
  // [engines, issue 9]
  v.Enum("engine", w.engine, kEngineNames,
         "what runs the job (docs/engines.md): megatron | deepspeed | fsdp | pytorch | tensorflow | paddle | hf | "
         "vllm | sglang | trt-llm | tensorrt | onnxruntime | llama.cpp; \"\" = the default model, no engine profile");
  v.Section("finetune", [&] {
    v.Enum("method", w.finetune.method, kFinetuneMethodNames,
           "\"\" = full training; lora | qlora (4-bit NF4 frozen base, 16-bit adapters)");
    v.Field("rank", w.finetune.rank, 1, 4096, "LoRA rank r");
    v.Enum("targets", w.finetune.targets, kLoraTargetNames, "adapted matrices: qv | attention (q, k, v, o) | all-linear");
    v.Enum("base_precision", w.finetune.base_precision, kBasePrecisionNames,
           "frozen base storage: bf16 | fp16 | int8 | nf4 | int4; \"\" = bf16 for lora, nf4 for qlora");
    v.Field("bnb_keeps_inputs", w.finetune.bnb_keeps_inputs,
            "nf4 on bitsandbytes < 0.43.2: its matmul keeps each linear's input for backward");
  });
  v.Field("request_rate", w.request_rate, 0.0, 1e7, "requests/s",
          "inference: arrival rate of the whole cluster, spread evenly over the dp replicas (docs/engines.md), for the serving-under-load model; 0 = none");
  v.Field("scheduler_steps", w.scheduler_steps, 1, 1024,
          "inference under load: decode steps per scheduler call (vLLM --num-scheduler-steps, multi-step "
          "scheduling); a newly arrived request joins only between such blocks; 1 = every step");
}

template <class V>
void VisitParallelism(V& v, ParallelismConfig& p) {
  v.Field("tp", p.tp, 1, 1024, "tensor-parallel degree");
  v.Field("pp", p.pp, 1, 1024, "pipeline-parallel degree");
  v.Field("dp", p.dp, 0, 1000000, "data-parallel degree; 0 = GPUs / (tp * pp * cp)");
  v.Field("cp", p.cp, 1, 1024, "context-parallel degree");
  v.Field("ep", p.ep, 1, 1024, "expert-parallel degree (MoE)");
  v.Field("zero", p.zero, 0, 3, "ZeRO stage (3 = FSDP full shard)");
  v.Field("sequence_parallel", p.sequence_parallel, "Megatron sequence parallelism with tp");
  v.Enum("recompute", p.recompute, kRecomputeNames, "activation recomputation");
  v.Field("interleave", p.interleave, 1, 64, "virtual pipeline stages per GPU");
}

template <class V>
void VisitPricing(V& v, PricingConfig& p) {
  v.Field("currency", p.currency, "ISO 4217 code of a price list in data/prices.json (USD, CNY)");
  v.Field("per_gpu_hour", p.per_gpu_hour, 0.0, 1e6, "currency/GPU-hour",
          "rental price; 0 = the catalog price for this GPU");
  v.Field("electricity_per_kwh", p.electricity_per_kwh, 0.0, 1e3, "currency/kWh",
          "0 = the currency preset's price");
  v.Field("pue", p.pue, 1.0, 5.0, "ratio", "power usage effectiveness of the facility");
}

template <class V>
void VisitOptions(V& v, OptionsConfig& o) {
  v.Field("sparse", o.sparse, "use 2:4 structured-sparse Tensor Core peaks");
}

template <class V>
void VisitMemoryOptions(V& v, MemoryOptions& m) {
  v.Field("usable_gib", m.usable_gib, 0.0, 100000.0, "GiB", "usable memory per GPU; 0 = the catalog's nvidia-smi figure");
  v.Field("cuda_context_gib", m.cuda_context_gib, -1.0, 64.0, "GiB",
          "CUDA context per process; -1 = by architecture (1.3 before Ampere, 0.5 from Ampere)");
  v.Field("nccl_gib_per_group", m.nccl_gib_per_group, 0.0, 64.0, "GiB", "NCCL buffers per communicator of more than one GPU");
  v.Field("fragmentation", m.fragmentation, -1.0, 1.0, "fraction", "allocator reserve over activations and KV cache; -1 = the engine's (0.15 without one)");
  v.Field("grad_bytes", m.grad_bytes, 0, 8, "bytes per gradient element; 0 = the precision recipe's (4 = fp32 main grads)");
  v.Field("int4_group_size", m.int4_group_size, 1, 1048576, "int4 weights: elements per quantisation group (fp16 scale + zero)");
  v.Field("kv_cache_copies", m.kv_cache_copies, 0.0, 4.0, "copies",
          "KV cache copies alive at the peak (2 = Hugging Face tuple cache); 0 = the engine's (1 without one)");
  v.Field("host_pinned_gib_per_gpu", m.host_pinned_gib_per_gpu, 0.0, 1024.0, "GiB", "pinned host staging per GPU process");
  v.Field("dataloader_workers_per_gpu", m.dataloader_workers_per_gpu, 0, 256, "data-loader worker processes per GPU");
  v.Field("dataloader_worker_gib", m.dataloader_worker_gib, 0.0, 1024.0, "GiB", "host memory per data-loader worker");
}

template <class V>
void VisitSpeedOptions(V& v, SpeedOptions& o) {
  v.Field("matmul_efficiency", o.matmul_efficiency, 0.0, 1.0, "fraction", "best dense GEMM / dense peak; 0 = catalog, then architecture default");
  v.Field("hbm_efficiency", o.hbm_efficiency, 0.0, 1.0, "fraction", "achievable / datasheet HBM bandwidth; 0 = catalog, then 0.90");
  v.Field("attention_efficiency", o.attention_efficiency, 0.0, 1.0, "fraction",
          "fused attention FLOP rate / dense peak at 2,048 keys; 0 = 0.60 (FlashAttention-2)");
  v.Field("sustained_efficiency", o.sustained_efficiency, 0.0, 1.0, "fraction",
          "Tensor Core kernels in a running job / the same kernels alone in a microbenchmark; 0 = 0.85");
  v.Field("kernel_overhead_us", o.kernel_overhead_us, 0.0, 10000.0, "us", "per kernel launch and tail");
  v.Field("tp_comm_overlap", o.tp_comm_overlap, 0.0, 1.0, "fraction", "tensor-parallel communication hidden under compute");
  v.Field("dp_overlap", o.dp_overlap, 0.0, 1.0, "fraction", "share of the last backward pass the gradient reduction may hide under");
  v.Field("bucket_mb", o.bucket_mb, 0.0, 100000.0, "MB", "gradient bucket size (10^6 bytes); the last bucket is exposed");
  v.Field("grad_reduce_bytes", o.grad_reduce_bytes, 0.0, 8.0, "bytes", "bytes per reduced gradient element; 0 = 2 (16-bit) or 4 (fp32/tf32)");
  v.Field("pcie_switch", o.pcie_switch, "PCIe peer-to-peer through a PCIe switch instead of the CPU root complex");
  v.Field("nvls", o.nvls, "NVLink SHARP all-reduce where the NVSwitch supports it");
  v.Field("nodes_per_leaf", o.nodes_per_leaf, 1, 100000, "nodes under one leaf switch; oversubscription applies beyond");
  v.Field("tpot_target_ms", o.tpot_target_ms, 0.0, 1e6, "ms", "inference: latency target per output token (best batch search)");
  v.Field("ttft_target_ms", o.ttft_target_ms, 0.0, 1e7, "ms",
          "inference: latency target for the first token (networks: for a batch's result, performance.latency_s; the planner checks it)");
  v.Field("clock_factor", o.clock_factor, 0.01, 1.0, "ratio", "clock relative to boost: every peak rate scales (a thermal or power derate)");
  v.Enum("algorithm", o.algorithm, kCollectiveAlgorithmNames, "collectives: auto (NCCL's choice) | ring | tree | nvls | nvls-tree | pat");
}

inline constexpr std::array<std::string_view, 3> kPlanObjectiveNames = {"cost", "time", "energy"};

// Contract v2 "plan" (core/planner/): the goal and the limits of `gpucfg plan`.
template <class V>
void VisitPlan(V& v, PlanConfig& p) {
  v.Enum("objective", p.objective, kPlanObjectiveNames,
         "what the planner minimises: cost (rental + electricity) | time (to train; inference: request latency) | energy");
  v.Field("deadline_days", p.deadline_days, 0.0, 36500.0, "days", "training must finish within this; 0 = no deadline");
  v.Field("budget", p.budget, 0.0, 1e12, "currency",
          "job cost (rental + electricity) at most this; inference: per 1M output tokens (with tenants: per hour of the fleet); 0 = none");
  v.Field("max_gpus", p.max_gpus, 0, 100000, "GPUs the plan may use at most; 0 = 1024");
  v.Field("max_rack_kw", p.max_rack_kw, 0.0, 10000.0, "kW", "power of one node (one node per rack at most this); 0 = no limit");
  v.Field("tenants", p.tenants, 0, 100000,
          "inference: isolated tenants, each with its own copy of the model on a MIG instance or on whole GPUs, each "
          "running workload.batch sequences at once; the plan sizes the fleet for all of them and ranks by its cost per "
          "hour; 0 = one service, ranked per 1M output tokens");
  v.Field("gpus", p.gpus, "allowed GPU catalog ids; [] = every GPU with a price in the scenario's currency");
}

template <class V>
void VisitPower(V& v, PowerConfig& p) {
  v.Field("gpu_cap_w", p.gpu_cap_w, 0.0, 5000.0, "W",
          "per-GPU power limit (nvidia-smi -pl), within the board's min..max limit; 0 = the board's default");
  v.Field("mode", p.mode, "edge module power mode (Jetson AGX Orin: maxn | 50w | 30w | 15w); \"\" = the highest");
  v.Field("inlet_c", p.inlet_c, -20.0, 70.0, "C", "server inlet air temperature; above the server's limit air-cooled GPUs throttle");
  v.Field("cooling", p.cooling, "air | liquid | immersion; \"\" = the server's own");
  v.Field("rack_kw", p.rack_kw, 0.1, 10000.0, "kW", "power budget of one rack (nodes are packed against their peak)");
  v.Field("node_supply_w", p.node_supply_w, 0.0, 1e6, "W", "what the node's power supplies deliver; 0 = the server's PSUs less redundancy");
  v.Field("psu_redundancy", p.psu_redundancy, "none | n+1 | n+n; \"\" = the server's own scheme (DGX H100: 4+2)");
  v.Field("grid", p.grid, "CO2e intensity preset: cn | us | eu | fr | world; \"\" = by currency (CNY: cn, else us)");
  v.Field("grid_kg_per_kwh", p.grid_kg_per_kwh, 0.0, 5.0, "kg CO2e/kWh", "grid carbon intensity; 0 = the preset's");
  v.Field("air_rack_kw", p.air_rack_kw, 1.0, 1000.0, "kW",
          "heat one air-cooled rack can shed: a rule of thumb (about 30 kW with hot/cold aisle containment), not a measurement");
  v.Field("outlet_rise_c", p.outlet_rise_c, 1.0, 50.0, "C", "air temperature rise through a node, for the airflow figure (about 20 F is typical)");
  v.Field("transient_factor", p.transient_factor, 1.0, 3.0, "ratio",
          "millisecond power excursions over the enforced limit (judgement: 1.15, cf. an A100 SXM4 near 450 W on a 400 W limit)");
}

template <class V>
void VisitScenario(V& v, Scenario& s) {
  v.Section("cluster", [&] { VisitCluster(v, s.cluster); });
  v.Section("workload", [&] { VisitWorkload(v, s.workload); });
  v.Section("parallelism", [&] { VisitParallelism(v, s.parallelism); });
  v.Section("pricing", [&] { VisitPricing(v, s.pricing); });
  v.Section("options", [&] { VisitOptions(v, s.options); });
  v.Section("memory", [&] { VisitMemoryOptions(v, s.memory); });
  v.Section("speed", [&] { VisitSpeedOptions(v, s.speed); });
  v.Section("power", [&] { VisitPower(v, s.power); });
  v.Section("plan", [&] { VisitPlan(v, s.plan); });
}

}  // namespace gpucfg
