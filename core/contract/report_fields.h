// The one list of report fields: every key of the report document with its JSON name, unit and
// meaning, visited by the JSON writer (report_json.cpp), the reset of a reused report (the memory
// and speed models), the docs generator (`gpucfg schema --report`) and DescribeReportField, so
// they can never disagree. Arrays are lists of records, each with its own field list.
// A visitor V provides (R is the record's type, const for the writer and the docs):
//   Field(name, double&, unit, doc)          Field(name, int&, unit, doc)
//   Field(name, bool&, doc)                  Field(name, std::string_view&, doc)
//   Optional(name, std::string_view&, doc)   (the key is left out when the text is empty)
//   Enum(name, E&, name_of, doc)             (written as name_of(value))
//   Derived(name, text_fn, doc)              (text made from other fields; nothing to reset)
//   Hidden(T&)                               (kept in the struct, not in the document)
//   Record(name, doc, R&, fn(R&))            (a JSON object holding one struct)
//   Section(name, doc, fn())                 (a JSON object gathering fields of several structs)
//   Inline(R&, fn(R&))                       (one struct's fields inside the enclosing object)
//   List(name, doc, std::array<R, N>&, int& count, fn(R&))   (an array of records)
// A new report value is one line here (and the model that computes it); the writer, the reset,
// docs/contract.md (bash scripts/gen_contract_doc.sh) and the page's hover text follow.
#pragma once

#include <string_view>

#include "base/record_of.h"
#include "contract/report.h"
#include "contract/report_speed.h"

namespace gpucfg {

// [SECTION] Records ------------------------------------------------------------------------------

template <class V, RecordOf<ResolvedSetup> S>
void VisitSetupFields(V& v, S& s) {
  v.Field("total_gpus", s.total_gpus, "GPUs", "GPUs in the cluster (gpus_per_node x nodes)");
  v.Field("tp", s.tp, "", "tensor-parallel degree used");
  v.Field("pp", s.pp, "", "pipeline-parallel degree used");
  v.Field("dp", s.dp, "", "data-parallel degree used (derived when the scenario gives 0)");
  v.Field("cp", s.cp, "", "context-parallel degree used");
  v.Field("ep", s.ep, "", "expert-parallel degree used");
  v.Field("global_batch", s.global_batch, "sequences",
          "training: sequences (samples) per optimizer step used, micro_batches x micro_batch x dp: the scenario's "
          "global_batch rounded up to whole micro-batches; 0 for inference");
  v.Field("parameters", s.parameters, "parameters", "derived from the architecture (all experts)");
  v.Field("active_parameters", s.active_parameters, "parameters", "parameters each token passes through (MoE: top_k experts)");
  v.Field("intra_node", s.intra_node, "fabric assumed inside a node (the GPU's usual one when the scenario gives \"\")");
  v.Field("inter_node", s.inter_node, "network assumed between nodes (interconnect catalog id, or none)");
  v.Field("device_kind", s.device_kind,
          "the GPU as the job sees it: whole, capped (clock or power below the board's: speed.clock_factor < 1) or mig (a MIG instance)");
}

template <class V, RecordOf<MemoryBreakdown> B>
void VisitMemoryBreakdownFields(V& v, B& b) {
  v.Field("weights_gib", b.weights_gib, "GiB", "model weights on the most loaded GPU (its pipeline stage's share)");
  v.Field("gradients_gib", b.gradients_gib, "GiB", "training: gradients (ZeRO 2/3 shard them)");
  v.Field("optimizer_gib", b.optimizer_gib, "GiB", "training: optimizer states and master weights (ZeRO 1+ shards them)");
  v.Field("activations_gib", b.activations_gib, "GiB", "training: stored activations (Korthikanti 2022); inference: workspace");
  v.Field("kv_cache_gib", b.kv_cache_gib, "GiB", "inference: KV cache of the batch at prompt + output tokens");
  v.Field("overhead_gib", b.overhead_gib, "GiB", "CUDA context + NCCL buffers + allocator fragmentation");
  v.Field("total_gib", b.total_gib, "GiB", "sum of the components: the peak on the most loaded GPU");
  v.Field("cuda_context_gib", b.cuda_context_gib, "GiB", "part of overhead_gib: CUDA context per process (/memory/cuda_context_gib)");
  v.Field("nccl_gib", b.nccl_gib, "GiB", "part of overhead_gib: NCCL buffers of this GPU's communicators");
  v.Field("fragmentation_gib", b.fragmentation_gib, "GiB", "part of overhead_gib: allocator reserve over activations and KV cache");
  v.Field("pipeline_stage", b.stage, "", "pipeline stage the breakdown is for (0 = first)");
}

template <class V, RecordOf<MemoryFix> F>
void VisitMemoryFixFields(V& v, F& f) {
  v.Field("code", f.code, "what the fix does: selective_recompute, zero_2, tp, int8_weights, bigger_gpu, ...");
  v.Field("path", f.path, "JSON pointer of the scenario field the fix changes");
  v.Field("saves_gib", f.saves_gib, "GiB", "reduction of total_gib per GPU (a plan step: that step's own saving)");
  v.Field("from", f.from, "field's unit", "the field's value now (enumerations by index, precisions in bits)");
  v.Field("to", f.to, "field's unit", "the field's value after the fix");
  v.Field("fits_after", f.fits_after, "the job fits after this fix (a plan step: after steps 1..k)");
  v.Field("plan_step", f.plan_step, "", "0 = a fix on its own; k > 0 = k-th step of a combined plan");
  v.Optional("target", f.target, "bigger_gpu: the catalog id proposed (absent for other fixes)");
}

template <class V, RecordOf<StepBreakdown> B>
void VisitStepBreakdownFields(V& v, B& b) {
  v.Field("compute_s", b.compute_s, "s", "forward + backward of every micro-batch on the busiest stage");
  v.Field("recompute_s", b.recompute_s, "s", "forward work redone by activation recomputation");
  v.Field("tp_comm_s", b.tp_comm_s, "s", "tensor-parallel communication left exposed");
  v.Field("pp_comm_s", b.pp_comm_s, "s", "pipeline sends between stages");
  v.Field("bubble_s", b.bubble_s, "s", "pipeline fill and drain");
  v.Field("dp_comm_s", b.dp_comm_s, "s", "gradient reduction left after overlap with backward");
  v.Field("dp_comm_total_s", b.dp_comm_total_s, "s", "gradient reduction before overlap");
  v.Field("zero3_comm_s", b.zero3_comm_s, "s", "ZeRO-3 parameter gathers left after prefetch overlap");
  v.Field("ep_comm_s", b.ep_comm_s, "s",
          "expert-parallel all-to-all (MoE dispatch and combine; a network's embedding rows and their gradients, DLRM), exposed");
  v.Field("cp_comm_s", b.cp_comm_s, "s", "context-parallel ring-attention K/V passing left after overlap");
  v.Field("optimizer_s", b.optimizer_s, "s", "optimizer update (memory-bound)");
}

template <class V, RecordOf<ScalingPoint> P>
void VisitScalingPointFields(V& v, P& x) {
  v.Field("gpus", x.gpus, "GPUs", "cluster size of this point (powers of two up to the scenario's)");
  v.Field("tp", x.tp, "", "tensor-parallel degree at this size");
  v.Field("pp", x.pp, "", "pipeline-parallel degree at this size");
  v.Field("dp", x.dp, "", "data-parallel degree at this size");
  v.Field("step_time_s", x.step_time_s, "s", "one optimizer step (per-replica batch fixed: weak scaling)");
  v.Field("tokens_per_s", x.tokens_per_s, "tokens/s", "training throughput of the whole cluster");
  v.Field("efficiency", x.efficiency, "fraction", "tokens/s / (GPUs x one GPU's compute-only tokens/s)");
  v.Field("comm_fraction", x.comm_fraction, "fraction", "exposed communication / step time");
  v.Field("mfu", x.mfu, "fraction", "model FLOPs utilisation at this size");
}

template <class V, RecordOf<RooflineCeiling> C>
void VisitRooflineCeilingFields(V& v, C& c) {
  v.Enum("precision", c.precision, PrecisionName, "precision of this ceiling (the workload's compute precision)");
  v.Field("peak_tflops", c.peak_tflops, "TFLOP/s", "datasheet peak, dense (2:4 sparse with /options/sparse)");
  v.Field("achievable_tflops", c.achievable_tflops, "TFLOP/s", "best dense GEMM in a microbenchmark (peak x matmul_efficiency)");
  v.Field("sustained_tflops", c.sustained_tflops, "TFLOP/s", "what GEMMs are priced at in a running job: achievable x sustained_efficiency");
  v.Field("hbm_gbps", c.hbm_gbps, "GB/s", "datasheet memory bandwidth");
  v.Field("achievable_hbm_gbps", c.achievable_hbm_gbps, "GB/s", "what STREAM-like kernels reach (hbm_gbps x hbm_efficiency)");
  v.Field("ridge_flops_per_byte", c.ridge_flops_per_byte, "FLOP/byte", "achievable_tflops / achievable_hbm_gbps: below it an op is memory-bound");
  v.Field("peak_ridge_flops_per_byte", c.peak_ridge_flops_per_byte, "FLOP/byte", "the same at datasheet peaks");
  v.Field("matmul_efficiency", c.matmul_efficiency, "fraction", "best GEMM / dense peak (/speed/matmul_efficiency)");
  v.Field("hbm_efficiency", c.hbm_efficiency, "fraction", "achievable / datasheet bandwidth (/speed/hbm_efficiency)");
  v.Field("sustained_efficiency", c.sustained_efficiency, "fraction", "running job / microbenchmark (/speed/sustained_efficiency, default 0.85)");
}

template <class V, RecordOf<RooflinePoint> P>
void VisitRooflinePointFields(V& v, P& x) {
  v.Field("op", x.op, "operation: qkv, attn_score, softmax, attn_context, out_proj, mlp_up, mlp_down, norm, elementwise, logits");
  v.Field("phase", x.phase, "training | prefill | decode");
  v.Field("flops", x.flops, "FLOP", "forward FLOPs of the op on one GPU (one layer)");
  v.Field("bytes", x.bytes, "bytes", "forward HBM traffic of the op on one GPU");
  v.Field("intensity", x.intensity, "FLOP/byte", "arithmetic intensity: flops / bytes");
  v.Field("attainable_tflops", x.attainable_tflops, "TFLOP/s", "roofline rate at this intensity");
  v.Field("time_s", x.time_s, "s", "time of the op at the attainable rate");
  v.Field("compute_bound", x.compute_bound, "true: above the ridge point (compute-bound); false: memory-bound");
}

template <class V, RecordOf<Warning> W>
void VisitWarningFields(V& v, W& w) {
  v.Field("code", w.code, "stable snake_case code (the page translates by it)");
  v.Derived("message", [&w] { return WarningMessage(w); }, "English sentence with the figures filled in");
  v.Field("path", w.path, "JSON pointer of the scenario field it is about (\"\" = the whole scenario)");
  v.Hidden(w.value);
  v.Hidden(w.limit);
  v.Hidden(w.args);
}

// One NCCL collective (`gpucfg collective`; not part of the report).
template <class V, RecordOf<CollectiveResult> C>
void VisitCollectiveFields(V& v, C& c) {
  v.Field("time_s", c.time_s, "s", "time of the collective (nccl-tests' time)");
  v.Field("algbw_gbps", c.algbw_gbps, "GB/s", "bytes / time (nccl-tests' algbw)");
  v.Field("busbw_gbps", c.busbw_gbps, "GB/s", "algbw x the op's bus factor (nccl-tests' busbw)");
  v.Enum("algorithm", c.algo, CollectiveAlgoName, "NCCL algorithm assumed: ring | tree | nvls | direct");
  v.Field("protocol", c.protocol, "NCCL protocol assumed: ll | ll128 | simple");
}

// [SECTION] Sections -----------------------------------------------------------------------------

template <class V, RecordOf<MemoryReport> M>
void VisitMemoryFields(V& v, M& m) {
  v.Record("per_gpu", "GiB per GPU, on the most loaded GPU (the largest pipeline stage)", m.per_gpu,
           [&v](auto& b) { VisitMemoryBreakdownFields(v, b); });
  v.Field("capacity_gib", m.capacity_gib, "GiB", "usable memory per GPU as nvidia-smi reports it (/memory/usable_gib)");
  v.Field("marketed_gb", m.marketed_gb, "GB", "the catalog's marketed size (10^9 bytes), for comparison");
  v.Field("host_gib_per_node", m.host_gib_per_node, "GiB", "host RAM the processes of one node pin or hold (estimate)");
  v.Field("headroom_gib", m.headroom_gib, "GiB", "capacity - total; negative when it does not fit");
  v.Field("fits", m.fits, "total_gib <= capacity_gib");
  v.Field("binding", m.binding, "the component to attack first when it does not fit (\"activations_gib\"); \"\" when it fits");
  v.Field("max_micro_batch", m.max_micro_batch, "sequences", "training: largest micro-batch that fits (0 = none)");
  v.Field("max_batch", m.max_batch, "sequences", "inference: largest batch that fits at the scenario's context");
  v.Field("max_context_tokens", m.max_context_tokens, "tokens", "inference: longest prompt + output that fits at the scenario's batch");
  v.List("fixes", "ranked changes when it does not fit, each re-evaluated", m.fixes, m.fix_count,
         [&v](auto& f) { VisitMemoryFixFields(v, f); });
  v.Hidden(m.parameters);
}

template <class V, RecordOf<PerformanceReport> P>
void VisitPerformanceFields(V& v, P& p) {
  v.Field("model_flops_per_step", p.model_flops_per_step, "FLOP", "training: 3 x forward matmul + attention FLOPs per step (Narayanan 2021)");
  v.Field("hardware_flops_per_step", p.hardware_flops_per_step, "FLOP", "training: model FLOPs + recomputed forward FLOPs");
  v.Field("step_time_lower_bound_s", p.step_time_lower_bound_s, "s", "training: all GPUs at dense peak, no communication: no configuration beats it");
  v.Field("step_time_s", p.step_time_s, "s", "training: one optimizer step");
  v.Field("tokens_per_s", p.tokens_per_s, "tokens/s", "training: tokens trained per second, whole cluster");
  v.Field("tokens_per_s_per_gpu", p.tokens_per_s_per_gpu, "tokens/s", "training: tokens_per_s / GPUs");
  v.Field("tflops_per_gpu", p.tflops_per_gpu, "TFLOP/s", "training: model FLOPs / step time / GPUs");
  v.Field("mfu", p.mfu, "fraction", "model FLOPs per second / (GPUs x dense peak of the precision), PaLM's definition");
  v.Field("hfu", p.hfu, "fraction", "hardware FLOPs utilisation (counts recomputed FLOPs)");
  v.Field("comm_fraction", p.comm_fraction, "fraction", "exposed communication / step time");
  v.Field("bubble_fraction", p.bubble_fraction, "fraction", "pipeline bubble / step time");
  v.Field("micro_batches", p.micro_batches, "micro-batches", "per data-parallel replica per step");
  v.Record("breakdown", "where one training step's time goes (exposed parts sum to step_time_s)", p.breakdown,
           [&v](auto& b) { VisitStepBreakdownFields(v, b); });
  v.Field("time_to_train_s", p.time_to_train_s, "s", "training: /workload/train_tokens / tokens_per_s; 0 = no token budget");
  v.Field("gpu_hours", p.gpu_hours, "GPU-h", "training: GPUs x time to train");
  v.List("scaling", "training: weak-scaling curve from 1 GPU to the cluster", p.scaling, p.scaling_count,
         [&v](auto& x) { VisitScalingPointFields(v, x); });
  v.Field("scaling_break_gpus", p.scaling_break_gpus, "GPUs", "first size whose exposed communication is >= half the step; 0 = none");
  v.Section("roofline", "the workload precision's roofline on this GPU and one layer's operations on it", [&] {
    v.Inline(p.ceiling, [&v](auto& c) { VisitRooflineCeilingFields(v, c); });
    v.List("points", "one layer's forward operations (and the logits) on the chart", p.roofline, p.roofline_count,
           [&v](auto& x) { VisitRooflinePointFields(v, x); });
  });
  v.Field("ttft_s", p.ttft_s, "s", "inference: time to first token (prefill of the whole batch + first token)");
  v.Field("tpot_s", p.tpot_s, "s", "inference: time per output token (one decode step at mid-generation context)");
  v.Field("output_tokens_per_s", p.output_tokens_per_s, "tokens/s", "inference: whole cluster, batch x output / (TTFT + rest of decode)");
  v.Field("output_tokens_per_s_per_gpu", p.output_tokens_per_s_per_gpu, "tokens/s", "inference: output_tokens_per_s / GPUs");
  v.Field("decode_tokens_per_s", p.decode_tokens_per_s, "tokens/s", "inference: whole cluster, steady decode only (batch / TPOT)");
  v.Field("request_latency_s", p.request_latency_s, "s", "inference: TTFT + (output - 1) x TPOT");
  v.Field("best_batch", p.best_batch, "sequences", "inference: batch maximising throughput within the latency targets (/speed/tpot_target_ms, ttft_target_ms)");
  v.Field("best_batch_output_tokens_per_s", p.best_batch_output_tokens_per_s, "tokens/s", "inference: output_tokens_per_s at best_batch");
  v.Field("best_batch_tpot_s", p.best_batch_tpot_s, "s", "inference: tpot_s at best_batch");
  v.Field("best_batch_ttft_s", p.best_batch_ttft_s, "s", "inference: ttft_s at best_batch");
  v.Field(
      "load_ttft_s", p.load_ttft_s, "s",
      "inference under /workload/request_rate: mean arrival-to-first-token (queueing + prefill + host; ttft_s then equals it, tpot_s load_itl_s); 0 = no load");
  v.Field("load_ttft_p90_s", p.load_ttft_p90_s, "s", "inference under load: 90th-percentile TTFT");
  v.Field("load_itl_s", p.load_itl_s, "s", "inference under load: mean inter-token latency (decode steps stretched by prefills)");
  v.Field("load_itl_p90_s", p.load_itl_p90_s, "s", "inference under load: 90th-percentile inter-token latency");
  v.Field("load_concurrency", p.load_concurrency, "sequences", "inference under load: sequences decoding at once per replica (Little's law)");
  v.Field("samples_per_s", p.samples_per_s, "samples/s",
          "networks and encoder-only transformers: samples per second, whole cluster (training: trained; inference: served)");
  v.Field("latency_s", p.latency_s, "s", "networks and encoder-only transformers, inference: mean time of one batch at steady state, no queueing");
}

template <class V, RecordOf<PowerReport> P>
void VisitPowerFields(V& v, P& p) {
  // contract v2
  v.Field("gpu_w", p.gpu_w, "W",
          "average board power of one GPU under this workload, phase by phase (contract v2; gpu_compute_w, gpu_memory_bound_w, gpu_comm_w per phase)");
  v.Field("gpu_peak_w", p.gpu_peak_w, "W", "what one GPU may draw in transients: the enforced limit (gpu_limit_w) x /power/transient_factor");
  v.Field("node_w", p.node_w, "W", "average AC wall power of one node, host included (contract v2)");
  v.Field("node_peak_w", p.node_peak_w, "W", "one node at the wall with every part at its peak, held to the server's rated input");
  v.Field("cluster_kw", p.cluster_kw, "kW", "all nodes at the wall (network switches outside the nodes not counted)");
  v.Field("facility_kw", p.facility_kw, "kW", "cluster_kw x /pricing/pue");
  v.Field("energy_kwh", p.energy_kwh, "kWh",
          "facility energy of the training budget (time stretched by throughput_factor), or of one hour of serving; 0 without a budget");
  v.Field("throughput_factor", p.throughput_factor, "fraction",
          "speed under the cap, power mode and thermal throttle / at the board default (1 = none); performance already includes it");
  v.Field("heat_btu_per_h", p.heat_btu_per_h, "BTU/h", "one node's average heat (1 W = 3.412 BTU/h)");
  v.Field("airflow_cfm", p.airflow_cfm, "CFM", "air one node needs with its GPUs at their limit, at /power/outlet_rise_c (CFM = 3.16 x W / dT[F])");
  v.Field("nodes_per_rack", p.nodes_per_rack, "nodes", "packed against /power/rack_kw at node peak, the air ceiling (/power/air_rack_kw) and 42U of space");
  v.Field("racks", p.racks, "racks", "racks the cluster needs at nodes_per_rack");
  v.Field("psus_per_node", p.psus_per_node, "PSUs", "supplies the node needs at its peak with /power/psu_redundancy");
  // gpucfg extensions
  v.Field("server", p.server, "server catalog id used (/cluster/server, or the generic one for the GPU)");
  v.Field("cooling", p.cooling, "air | liquid | immersion (/power/cooling, or the server's)");
  v.Field("mode", p.mode, "edge module power mode in force (\"\" = none)");
  v.Field("gpu_idle_w", p.gpu_idle_w, "W", "idle draw (catalog, or 12 % of the board limit: a judgement)");
  v.Field("gpu_limit_w", p.gpu_limit_w, "W", "the limit each GPU runs under: cap, mode budget, server limit or thermal throttle");
  v.Field("gpu_board_w", p.gpu_board_w, "W", "the board's default limit (the uncapped reference)");
  v.Field("gpu_compute_w", p.gpu_compute_w, "W", "average draw in the compute phase (forward/backward, or prefill)");
  v.Field("gpu_memory_bound_w", p.gpu_memory_bound_w, "W", "average draw in memory-bound phases (optimizer step, or decode)");
  v.Field("gpu_comm_w", p.gpu_comm_w, "W", "draw during exposed communication");
  v.Field("clock_factor", p.clock_factor, "fraction", "SM clock in compute-bound kernels under the limit / at the board default");
  v.Field("host_w", p.host_w, "W", "one node's host (CPUs, memory, NICs, NVSwitches, fans, storage), DC, average");
  v.Field("host_peak_w", p.host_peak_w, "W", "the host with every part at its TDP and fans at full speed, DC");
  v.Field("psu_efficiency", p.psu_efficiency, "fraction", "AC to DC efficiency of the node's supplies");
  v.Field("node_supply_w", p.node_supply_w, "W", "what the supplies deliver (/power/node_supply_w, or installed less spares)");
  v.Field("psus_installed", p.psus_installed, "PSUs", "supplies the server has");
  v.Field("psu_w", p.psu_w, "W", "rating of one supply");
  v.Field("rack_kw", p.rack_kw, "kW", "peak power of one full rack");
  v.Field("rack_heat_kw", p.rack_heat_kw, "kW", "heat of one full rack with its GPUs at their limit (what cooling must carry)");
  v.Field("mode_tops", p.mode_tops, "TOPS", "edge module: INT8 sparse TOPS the mode allows (GPU + DLAs, derived from its clocks)");
  v.Field("gpu_energy_kwh", p.gpu_energy_kwh, "kWh", "energy of the GPU boards alone");
  v.Field("it_energy_kwh", p.it_energy_kwh, "kWh", "energy of the nodes at the wall, before PUE");
  v.Field("grid_kg_per_kwh", p.grid_kg_per_kwh, "kg CO2e/kWh", "grid carbon intensity (/power/grid preset or /power/grid_kg_per_kwh)");
  v.Field("co2e_kg", p.co2e_kg, "kg", "energy_kwh x grid_kg_per_kwh");
}

template <class V, RecordOf<CostReport> C>
void VisitCostFields(V& v, C& c) {
  v.Field("currency", c.currency, "ISO 4217 code of every amount below (/pricing/currency)");
  v.Field("per_gpu_hour", c.per_gpu_hour, "currency/GPU-h", "rental price used (/pricing/per_gpu_hour or the catalog's)");
  v.Field("per_hour", c.per_hour, "currency/h", "rental of the whole cluster");
  v.Field("total", c.total, "currency", "rental for /workload/train_tokens (0 without a budget)");
  v.Field("electricity_total", c.electricity_total, "currency", "facility energy cost of the job (owner's view)");
  v.Field("gpu_hours", c.gpu_hours, "GPU-h", "training: GPUs x time to train");
  v.Field("days", c.days, "days", "training: time to train");
  v.Field("per_million_tokens", c.per_million_tokens, "currency/Mtoken", "inference: per 1M output tokens; training: per 1M trained tokens");
}

template <class V, RecordOf<MigPlacementEntry> E>
void VisitMigPlacementFields(V& v, E& e) {
  v.Field("profile", e.profile, "GPU-instance profile of this instance");
  v.Field("start", e.start, "slot", "first memory slot it occupies (NVML placement start)");
}

template <class V, RecordOf<MigSection> M>
void VisitMigFields(V& v, M& m) {
  v.Hidden(m.present);
  v.Field("profile", m.profile, "the profile every GPU is split into (/cluster/mig/profile)");
  v.Field("instances_per_gpu", m.instances_per_gpu, "instances", "instances per GPU, one copy of the workload on each");
  v.Field("instances", m.instances, "instances", "instances in the whole cluster (GPUs x instances_per_gpu)");
  v.List("placement", "one entry per instance of a GPU: its profile and start slot", m.placement, m.placement_count,
         [&v](auto& e) { VisitMigPlacementFields(v, e); });
  v.Record("instance", "what one instance is, as a device", m.instance, [&v](auto& i) {
    v.Field("sms", i.sms, "SMs", "the profile's SMs");
    v.Field("memory_gib", i.memory_gib, "GiB", "usable memory (nvidia-smi mig -lgip)");
    v.Field("hbm_gbps", i.hbm_gbps, "GB/s", "its memory slices' share of the bandwidth (MIG User Guide: a memory slice holds its controllers)");
    v.Field("l2_mib", i.l2_mib, "MiB", "its share of the L2 cache");
    v.Field("fraction_of_gpu", i.fraction_of_gpu, "fraction", "compute slices / the GPU's compute slices");
  });
}

// [SECTION] The report ---------------------------------------------------------------------------

template <class V, RecordOf<Report> R>
void VisitReportFields(V& v, R& r) {
  v.Field("schema_version", r.schema_version, "", "contract version of the report (2: power.gpu_w and node_w are the draw under the workload)");
  v.Record("setup", "what the evaluation used after defaults (dp derived, fabric chosen)", r.setup,
           [&v](auto& s) { VisitSetupFields(v, s); });
  v.Record("memory", "memory per GPU: whether it fits and what to change", r.memory,
           [&v](auto& m) { VisitMemoryFields(v, m); });
  v.Record("performance", "speed: training step or inference latency and throughput", r.performance,
           [&v, &r](auto& p) {
             VisitPerformanceFields(v, p);
             v.Record("per_instance", "cluster.mig: the same figures for one MIG instance (written only with cluster.mig)",
                      r.per_instance, [&v](auto& q) { VisitPerformanceFields(v, q.performance); });
           });
  v.Record("power", "power under this workload: GPUs, node at the wall, PSUs, racks, cooling, energy, CO2e", r.power,
           [&v](auto& p) { VisitPowerFields(v, p); });
  v.Record("cost", "rental and electricity, in /pricing/currency", r.cost, [&v](auto& c) { VisitCostFields(v, c); });
  v.List("warnings", "things to act on", r.warnings.items, r.warnings.count,
         [&v](auto& w) { VisitWarningFields(v, w); });
  v.List("assumptions", "what the models took for granted; read them before trusting a figure",
         r.assumptions.items, r.assumptions.count, [&v](auto& w) { VisitWarningFields(v, w); });
  v.Enum("confidence", r.confidence, ConfidenceName, "high | medium | low: how far the figures can be trusted");
  v.Record("mig", "cluster.mig: the MIG slice each copy of the workload runs on (written only with cluster.mig)", r.mig,
           [&v](auto& m) { VisitMigFields(v, m); });
}

// [SECTION] The reset of a reused report ---------------------------------------------------------

// Sets every field a visit reaches to its fresh value: scalars to zero, records to `{}` (their
// own defaults). Lists get count 0; their items are cleared too when `clear_items` (the speed
// model instead clears, after computing, only the stale items above the new count).
// The names, units and docs are taken as whatever the list passes (string literals) and never
// turned into std::string_view: built for a -Oz wasm module, each conversion was a strlen of a doc
// sentence, hundreds per reset and a quarter of a planner candidate's time there.
struct ReportResetter {
  bool clear_items = true;
  template <class N, class T, class U, class D> void Field(const N&, T& x, const U&, const D&) { x = T{}; }
  template <class N, class T, class D> void Field(const N&, T& x, const D&) { x = T{}; }
  template <class N, class D> void Optional(const N&, std::string_view& x, const D&) { x = {}; }
  template <class N, class E, class Fn, class D> void Enum(const N&, E& x, Fn&&, const D&) { x = E{}; }
  template <class N, class Fn, class D> void Derived(const N&, Fn&&, const D&) {}
  template <class T> void Hidden(T& x) { x = T{}; }
  template <class N, class D, class T, class Fn> void Record(const N&, const D&, T& x, Fn&&) { x = T{}; }
  template <class T, class Fn> void Inline(T& x, Fn&&) { x = T{}; }
  template <class N, class D, class Fn> void Section(const N&, const D&, Fn&& fn) { fn(); }
  template <class N, class D, class A, class Fn> void List(const N&, const D&, A& items, int& count, Fn&&) {
    if (clear_items)
      for (int i = 0; i < count; ++i) items[i] = {};
    count = 0;
  }
};

// A reused section back to a fresh one's state (what `MemoryReport{}` would be), without touching
// list items beyond those an earlier evaluation wrote.
inline void ResetMemoryReport(MemoryReport& m) {
  ReportResetter reset{true};
  VisitMemoryFields(reset, m);
}
// Every field but the list items (the caller clears the stale ones after computing).
inline void ResetPerformanceScalars(PerformanceReport& p) {
  ReportResetter reset{false};
  VisitPerformanceFields(reset, p);
}

}  // namespace gpucfg
