// The members of the three catalog sections outside catalog_fields.h's field lists (engine
// profiles, MIG tables and profiles, sharing facts: nested records, an attention table by GPU
// family), each with its JSON key and meaning, in the data files' order. Read by the one strict
// reader of those sections (section_reader.h), the catalog writer (CatalogToJson), the docs table
// (CatalogFieldsMarkdown: the catalog table of docs/contract.md) and the snapshot
// (catalog_snapshot.cpp). A member missing here is neither read, written nor kept: the round-trip
// tests (catalog_snapshot_test) compare whole catalogs member for member and fail.
// An archive A takes a(key, member, doc) or a(key, member, doc, need) (kNeeded, Need::kKey: the
// reader refuses an entry without it) for text, numbers, integers, flags, integer and text lists
// and record lists; the engine's attention table comes as a(key, EngineAttention(&)[6], doc).
#pragma once

#include "base/record_of.h"
#include "catalog/catalog_fields.h"  // Need
#include "catalog/engines.h"
#include "catalog/mig_catalog.h"
#include "catalog/sharing.h"

// A member's meaning, for the docs table (`gpucfg schema --catalog`). The wasm modules never print
// it: their builds define GPUCFG_NO_CATALOG_DOCS, which keeps ~2 KB gzip of sentences out of the
// API module (its size budget).
#ifdef GPUCFG_NO_CATALOG_DOCS
#define GPUCFG_DOC(text) ""
#else
#define GPUCFG_DOC(text) text
#endif

namespace gpucfg {

constexpr Need kNeeded = Need::kRequired;

// What one entry of each record type is called in messages ("expected an engine profile object").
inline std::string_view SectionEntryName(const EngineAttention*) { return "attention entry"; }
inline std::string_view SectionEntryName(const EngineProfile*) { return "engine profile"; }
inline std::string_view SectionEntryName(const MigProfile*) { return "MIG profile"; }
inline std::string_view SectionEntryName(const MigTable*) { return "MIG table"; }
inline std::string_view SectionEntryName(const SharingFact*) { return "sharing fact"; }

template <class A, RecordOf<EngineAttention> E>
void SectionMembers(A& a, E& e) {
  a("kernel", e.kernel, GPUCFG_DOC("fused attention kernel: fa2 | fa3 | cudnn | fmha | mem-efficient | none"));
  a("efficiency", e.efficiency, GPUCFG_DOC("its forward FLOP rate / dense 16-bit peak (0..1); 0 with kernel none"));
}

template <class A, RecordOf<EngineProfile> E>
void SectionMembers(A& a, E& e) {
  a("id", e.id, GPUCFG_DOC("engine id, the scenario's /workload/engine (case-insensitive)"), Need::kKey);
  a("name", e.name, GPUCFG_DOC("display name"));
  a("kind", e.kind, GPUCFG_DOC("training | inference | both (a serving engine cannot run a training job)"));
  a("kernels_per_layer", e.kernels_per_layer, GPUCFG_DOC("kernels one transformer layer's forward launches; default 14"));
  a("host_us_per_kernel", e.host_us_per_kernel, GPUCFG_DOC("microseconds of CPU time to issue one kernel; default 10"));
  a("host_ms_per_step", e.host_ms_per_step, GPUCFG_DOC("milliseconds of fixed host time per forward pass or decode step"));
  a("host_step_serial", e.host_step_serial, GPUCFG_DOC("that time runs while the GPU idles (a synchronous engine loop)"));
  a("host_ms_per_request", e.host_ms_per_request, GPUCFG_DOC("milliseconds of fixed host time before a request's first token"));
  a("cuda_graphs", e.cuda_graphs, GPUCFG_DOC("decode steps replayed from a CUDA graph (no per-kernel host time)"));
  a("norm_traffic", e.norm_traffic, GPUCFG_DOC("HBM traffic of the norms relative to a fused norm's; default 1"));
  a("elementwise_traffic", e.elementwise_traffic, GPUCFG_DOC("HBM traffic of activation, residual, rotary relative to fused; default 1"));
  a("removes_padding", e.removes_padding, GPUCFG_DOC("encoders: only a sample's real tokens are computed"));
  a("eager_kernels", e.eager_kernels, GPUCFG_DOC("networks in training: each BatchNorm, activation and residual add its own kernels"));
  a("attention", e.attention, GPUCFG_DOC("fused attention per architecture family: {\"Ampere\": {\"kernel\", \"efficiency\"}, ...}"));
  a("gather_per_layer", e.gather_per_layer, GPUCFG_DOC("ZeRO-3/FSDP gathers one layer at a time; default true"));
  a("gather_overlap", e.gather_overlap, GPUCFG_DOC("fraction (0..1) of a layer's gathers hidden under its compute; default 1"));
  a("dp_overlap", e.dp_overlap, GPUCFG_DOC("fraction (0..1) of the backward the gradient reduction may hide under; default 1"));
  a("reduce_every_micro_batch", e.reduce_every_micro_batch, GPUCFG_DOC("ZeRO-2/3 and FSDP reduce-scatter per micro-batch"));
  a("optimizer", e.optimizer, GPUCFG_DOC("fused | foreach"));
  a("allocator_reserve", e.allocator_reserve, GPUCFG_DOC("caching-allocator reserve over activations, KV and buffers (fraction); default 0.15"));
  a("unsharded_layers", e.unsharded_layers, GPUCFG_DOC("ZeRO-3/FSDP: layers of full weights alive (current + prefetch); default 2"));
  a("unsharded_grad_bytes", e.unsharded_grad_bytes, GPUCFG_DOC("ZeRO-3/FSDP: bytes per element of one layer's full gradient"));
  a("gathered_under_pp", e.gathered_under_pp, GPUCFG_DOC("FSDP + PP: a stage's weights stay gathered over a step's micro-batches"));
  a("logits_bytes", e.logits_bytes, GPUCFG_DOC("bytes per logit alive at the loss (fp32 copy, softmax, grad); default 4"));
  a("logits_all_positions", e.logits_all_positions, GPUCFG_DOC("inference: logits for every prompt position, not only the last"));
  a("kv_cache_copies", e.kv_cache_copies, GPUCFG_DOC("KV cache copies alive at the peak (2 = torch.cat growth); default 1"));
  a("activation_checkpoint", e.activation_checkpoint, GPUCFG_DOC("the engine's usual checkpointing default (documentation only)"));
  a("selective_keep", e.selective_keep, GPUCFG_DOC("recompute selective keeps this share (0..1) of a layer's activations; 0 = Megatron's meaning"));
  a("batching", e.batching, GPUCFG_DOC("static | continuous"));
  a("source", e.source, GPUCFG_DOC("source code(s)"), kNeeded);
}

template <class A, RecordOf<MigProfile> P>
void SectionMembers(A& a, P& p) {
  a("name", p.name, GPUCFG_DOC("profile name: 1g.10gb, 1g.10gb+me, ..."), kNeeded);
  a("id", p.id, GPUCFG_DOC("GPU-instance profile id (nvidia-smi mig -lgip)"));
  a("compute_slices", p.compute_slices, GPUCFG_DOC("SM slices (1/7 of the MIG SMs; 1/4 on the A30)"), kNeeded);
  a("memory_slices", p.memory_slices, GPUCFG_DOC("memory slots it occupies (1/8 of the memory; 1/4 on the A30)"), kNeeded);
  a("memory_gib", p.memory_gib, GPUCFG_DOC("GiB usable as nvidia-smi reports it; 0 = not published"));
  a("sms", p.sms, GPUCFG_DOC("SMs of the instance; 0 = not published"));
  a("copy_engines", p.copy_engines, GPUCFG_DOC("copy engines"));
  a("decoders", p.decoders, GPUCFG_DOC("NVDEC units"));
  a("jpeg", p.jpeg, GPUCFG_DOC("NVJPG units"));
  a("ofa", p.ofa, GPUCFG_DOC("optical-flow accelerators"));
  a("l2_fraction", p.l2_fraction, GPUCFG_DOC("share (0..1) of the GPU's L2 (MIG User Guide)"));
  a("max_instances", p.max_instances, GPUCFG_DOC("most instances of this profile alone on one GPU"), kNeeded);
  a("starts", p.starts, GPUCFG_DOC("allowed start slots (memory-slice indices)"), kNeeded);
  a("media_extensions", p.media_extensions, GPUCFG_DOC("a +me profile: at most one per GPU"));
  a("verification", p.verification, GPUCFG_DOC("N / H / D / U codes of shared/reference/mig-profiles.md"));
  a("source", p.source, GPUCFG_DOC("source code(s)"), kNeeded);
  a("note", p.note, GPUCFG_DOC("caveats of the entry"));
}

template <class A, RecordOf<MigTable> T>
void SectionMembers(A& a, T& t) {
  a("table", t.table, GPUCFG_DOC("table name, e.g. A100-80GB"), kNeeded);
  a("gpus", t.gpus, GPUCFG_DOC("GPU catalog ids the table applies to"), kNeeded);
  a("status", t.status, GPUCFG_DOC("published | sibling (a same-die sibling's table) | not_published"), kNeeded);
  a("sibling", t.sibling, GPUCFG_DOC("status sibling: the table it carries over"));
  a("memory_slots", t.memory_slots, GPUCFG_DOC("memory slices of the whole GPU (1..16); default 8"));
  a("compute_slots", t.compute_slots, GPUCFG_DOC("compute slices of the whole GPU; default 7"));
  a("max_instances", t.max_instances, GPUCFG_DOC("GPU instances at most; default 7"));
  a("verification", t.verification, GPUCFG_DOC("N / H / D / U codes of shared/reference/mig-profiles.md"));
  a("source", t.source, GPUCFG_DOC("source code(s)"), kNeeded);
  a("note", t.note, GPUCFG_DOC("caveats of the table"));
  a("profiles", t.profiles, GPUCFG_DOC("its GPU-instance profiles"), kNeeded);
}

template <class A, RecordOf<SharingFact> F>
void SectionMembers(A& a, F& f) {
  a("topic", f.topic,
    GPUCFG_DOC("compute | memory_qos | fault_isolation | busy_neighbour | p2p_nvlink | reconfiguration | cuda_features | max_clients"), Need::kKey);
  a("mig", f.mig, GPUCFG_DOC("what MIG does"), kNeeded);
  a("mps", f.mps, GPUCFG_DOC("what MPS does"), kNeeded);
  a("time_slicing", f.time_slicing, GPUCFG_DOC("what time-slicing does"), kNeeded);
  a("source", f.source, GPUCFG_DOC("source code(s)"), kNeeded);
}

// The three sections of a Catalog with the document keys their readers take.
template <class A, RecordOf<Catalog> C>
void VisitCatalogSections(A& a, C& c) {
  a("engines", c.engines, GPUCFG_DOC("engine profiles (docs/engines.md)"));
  a("mig", c.mig_tables, GPUCFG_DOC("MIG profile tables, one per GPU die"));
  a("sharing", c.sharing, GPUCFG_DOC("MIG vs MPS vs time-slicing, one fact per topic"));
}

}  // namespace gpucfg
