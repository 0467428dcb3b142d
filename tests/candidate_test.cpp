// The staged evaluation and the planner's candidate path (core v2, issues 8 and 12): the lean
// evaluation and the candidate path give, bit for bit, the figures the full EvaluateInto gives for
// the same configuration (training and inference, several SKUs, ZeRO stages, recompute, node
// counts, invalid splits, a power cap, an engine, a network, MIG), and the full options are
// today's evaluation.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "contract/json_io.h"
#include "pipeline/evaluate.h"
#include "models/model_cache.h"
#include "planner/candidate.h"
#include "planner/space.h"
#include "resolve/resolve.h"
#include "test_util.h"

namespace gpucfg {
namespace {

// Exact equality of doubles, NaN and signed zero included.
bool Same(double a, double b) { return BitsOf(a) == BitsOf(b); }

std::string Diff(const CandidateScore& a, const CandidateScore& b) {
  std::string out;
  auto d = [&](const char* name, double x, double y) {
    if (!Same(x, y)) out += std::string(name) + " " + std::to_string(x) + " vs " + std::to_string(y) + "; ";
  };
  if (a.valid != b.valid) out += "valid; ";
  if (a.fits != b.fits) out += "fits; ";
  if (a.gpus != b.gpus) out += "gpus; ";
  d("total_gib", a.total_gib, b.total_gib);
  d("capacity_gib", a.capacity_gib, b.capacity_gib);
  d("node_w", a.node_w, b.node_w);
  d("node_peak_w", a.node_peak_w, b.node_peak_w);
  d("facility_kw", a.facility_kw, b.facility_kw);
  d("energy_kwh", a.energy_kwh, b.energy_kwh);
  d("cost_total", a.cost_total, b.cost_total);
  d("electricity_total", a.electricity_total, b.electricity_total);
  d("per_million_tokens", a.per_million_tokens, b.per_million_tokens);
  d("step_time_s", a.step_time_s, b.step_time_s);
  d("time_to_train_s", a.time_to_train_s, b.time_to_train_s);
  d("tokens_per_s", a.tokens_per_s, b.tokens_per_s);
  d("mfu", a.mfu, b.mfu);
  d("comm_fraction", a.comm_fraction, b.comm_fraction);
  d("ttft_s", a.ttft_s, b.ttft_s);
  d("tpot_s", a.tpot_s, b.tpot_s);
  d("request_latency_s", a.request_latency_s, b.request_latency_s);
  d("output_tokens_per_s", a.output_tokens_per_s, b.output_tokens_per_s);
  return out;
}

std::string Label(const PlanCandidate& c) {
  return BuiltinCatalog().gpus[c.gpu].id + " " + std::to_string(c.gpus_per_node) + "x" +
         std::to_string(c.nodes) + " tp" + std::to_string(c.tp) + " pp" + std::to_string(c.pp) + " cp" + std::to_string(c.cp) +
         " ep" + std::to_string(c.ep) + " mb" +
         std::to_string(c.micro_batch) + " z" + std::to_string(c.zero) + " rc" +
         std::to_string(static_cast<int>(c.recompute)) + " b" + std::to_string(c.batch) + " w" +
         std::string(PrecisionName(c.weight_precision));
}

Scenario Parse(const std::string& text) {
  ParseResult p = ParseScenario(text);
  EXPECT_TRUE(p.ok()) << test::Dump(p.errors);
  return p.scenario;
}

int Row(const char* id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  return g ? static_cast<int>(g - BuiltinCatalog().gpus.data()) : 0;
}

// What the lean path gives for a configuration the full path scored as `full`: the same figures,
// or for one that does not fit only its memory figures (kLeanEvaluation stops at the memory stage).
CandidateScore LeanOf(const CandidateScore& full) {
  if (!full.valid || full.fits) return full;
  CandidateScore out;
  out.valid = true, out.gpus = full.gpus;
  out.total_gib = full.total_gib, out.capacity_gib = full.capacity_gib;
  return out;
}

// Every candidate through both paths, in the given order (shapes interleave: the candidate path
// re-resolves and keeps its caches across them). Returns how many were valid.
int ExpectLeanEqualsFull(const Scenario& base, const std::vector<PlanCandidate>& candidates) {
  const Catalog& catalog = BuiltinCatalog();
  CandidateEvaluator lean(catalog);
  Scenario s;
  Report full;
  int valid = 0;
  for (const PlanCandidate& c : candidates) {
    ApplyCandidate(base, catalog, c, s);
    EvaluateInto(s, catalog, full);
    CandidateScore want, got;
    ScoreFromReport(full, c.Gpus(), want);
    lean.Evaluate(base, c, got);
    EXPECT_EQ(Diff(LeanOf(want), got), "") << Label(c);
    valid += want.valid;
  }
  return valid;
}

std::vector<PlanCandidate> TrainingSpace(const std::vector<const char*>& gpus, int max_gpus, int stride) {
  std::vector<PlanCandidate> out;
  int n = 0;
  for (const char* id : gpus) {
    PlanCandidate c;
    c.gpu = Row(id);
    for (int gpn : UsualNodeSizes(BuiltinCatalog().gpus[c.gpu])) {
      c.gpus_per_node = gpn;
      for (int nodes : PlanNodeCounts(gpn, max_gpus)) {
        c.nodes = nodes;
        for (int tp : kPlanTp)
          for (int pp : kPlanPp) {
            if (tp * pp > c.Gpus() * 2) continue;  // a few beyond the GPU count: invalid splits
            c.tp = tp, c.pp = pp;
            for (int mb : kPlanMicroBatch)
              for (int zero : kPlanZero)
                for (Recompute rc : kPlanRecompute) {
                  c.micro_batch = mb, c.zero = zero, c.recompute = rc;
                  if (n++ % stride == 0) out.push_back(c);
                }
          }
      }
    }
  }
  return out;
}

TEST(CandidatePath, TrainingEqualsFullEvaluation) {
  const Scenario base = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-7b", "seq_len": 2048, "global_batch": 64,
                 "train_tokens": 2e9}})");
  const auto space = TrainingSpace({"A100-SXM4-40GB", "A100-SXM4-80GB", "H100-SXM5-80GB", "L40S-48GB", "V100-SXM2-32GB"},
                                   64, 7);
  ASSERT_GT(space.size(), 1000u);
  EXPECT_GT(ExpectLeanEqualsFull(base, space), 500);
}

// A 70B model across many nodes (the network, ZeRO-3 gathers, pipeline bubbles), then the same
// candidates in reverse order (every shape resolved again, the caches warm from other shapes).
TEST(CandidatePath, LargeTrainingAcrossNodesInAnyOrder) {
  const Scenario base = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "H100-SXM5-80GB", "gpus_per_node": 8, "nodes": 4},
    "workload": {"kind": "training", "model": "llama2-70b", "seq_len": 4096, "global_batch": 1024,
                 "train_tokens": 2e12}, "pricing": {"per_gpu_hour": 2.5}})");
  auto space = TrainingSpace({"H100-SXM5-80GB", "H200-SXM-141GB", "A100-SXM4-80GB"}, 256, 23);
  ASSERT_GT(space.size(), 500u);
  ExpectLeanEqualsFull(base, space);
  std::vector<PlanCandidate> reversed(space.rbegin(), space.rend());
  ExpectLeanEqualsFull(base, reversed);
}

// A power cap slows the clocks: the speed model runs again on the capped device (ApplyPowerLimit),
// and an engine with its own kernels and overlap.
// Context and expert parallelism (the planner's cp and ep axes): Mixtral at 16k tokens, every cp
// and ep over a stride of the space, some of them invalid (ep not dividing dp or the experts).
TEST(CandidatePath, ContextAndExpertParallelEqualFullEvaluation) {
  const Scenario base = Parse(R"({"schema_version": 2,
    "cluster": {"gpu": "H100-SXM5-80GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "mixtral-8x7b", "seq_len": 16384, "global_batch": 64,
                 "train_tokens": 1e9}})");
  std::vector<PlanCandidate> space;
  for (PlanCandidate c : TrainingSpace({"H100-SXM5-80GB", "MI300X"}, 32, 11))
    for (int cp : kPlanCp)
      for (int ep : kPlanEp) {
        c.cp = cp, c.ep = ep;
        space.push_back(c);
      }
  ASSERT_GT(space.size(), 1000u);
  EXPECT_GT(ExpectLeanEqualsFull(base, space), 100);
}

TEST(CandidatePath, PowerCapAndEngineEqualFullEvaluation) {
  const Scenario capped = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "H100-SXM5-80GB", "gpus_per_node": 8, "nodes": 2},
    "workload": {"kind": "training", "model": "llama2-13b", "seq_len": 4096, "global_batch": 256,
                 "train_tokens": 1e11},
    "power": {"gpu_cap_w": 450}})");
  auto space = TrainingSpace({"H100-SXM5-80GB"}, 32, 5);
  ExpectLeanEqualsFull(capped, space);
  Scenario engine = test::Example("lora-llama2-7b");
  ExpectLeanEqualsFull(engine, TrainingSpace({"A100-SXM4-80GB", "H100-SXM5-80GB"}, 16, 11));
}

std::vector<PlanCandidate> InferenceSpace(const std::vector<const char*>& gpus) {
  std::vector<PlanCandidate> out;
  for (const char* id : gpus) {
    PlanCandidate c;
    c.gpu = Row(id);
    for (Precision w : {Precision::kBf16, Precision::kFp8, Precision::kInt8, Precision::kInt4}) {
      c.weight_precision = w;
      for (int tp : {1, 2, 3, 4, 8}) {
        c.tp = tp, c.gpus_per_node = tp, c.nodes = 1;
        for (int b : kPlanInferenceBatch) {
          c.batch = b;
          out.push_back(c);
        }
      }
    }
  }
  return out;
}

TEST(CandidatePath, InferenceEqualsFullEvaluation) {
  const Scenario base = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-70b", "prompt_tokens": 1024, "output_tokens": 256}})");
  const auto space = InferenceSpace({"A100-SXM4-80GB", "H100-SXM5-80GB", "L40S-48GB", "A10-24GB"});
  EXPECT_GT(ExpectLeanEqualsFull(base, space), 100);
  // Serving under load reads the largest batch memory holds (searched even in the lean path).
  ExpectLeanEqualsFull(test::Example("vllm-serving"), InferenceSpace({"H100-SXM5-80GB", "L40S-48GB"}));
}

// A deterministic Fisher-Yates shuffle (std::shuffle's draws are the library's own).
template <class T>
void Shuffle(std::vector<T>& v, uint64_t seed) {
  for (size_t i = v.size(); i > 1; --i) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    std::swap(v[i - 1], v[(seed >> 33) % i]);
  }
}

// The caches kept across candidates and shapes (layer passes, the collective memo's fabrics, the
// power phases, the shape values) must never hand one configuration another's numbers: the same
// spaces in a shuffled order, so that almost every candidate changes shape and a stale entry
// (keyed too loosely, or not dropped with its shape) would show up as a difference.
TEST(CandidatePath, ShuffledOrderEqualsFreshEvaluations) {
  const Scenario serve = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-70b", "prompt_tokens": 1024, "output_tokens": 256}})");
  // Five SKUs x four formats x tp 1-8: more fabrics than the collective memo holds at once.
  auto inference = InferenceSpace({"A100-SXM4-80GB", "H100-SXM5-80GB", "L40S-48GB", "A10-24GB", "H200-SXM-141GB"});
  Shuffle(inference, 12);
  EXPECT_GT(ExpectLeanEqualsFull(serve, inference), 100);
  const Scenario train = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "H100-SXM5-80GB", "gpus_per_node": 8, "nodes": 2},
    "workload": {"kind": "training", "model": "llama2-13b", "seq_len": 4096, "global_batch": 256,
                 "train_tokens": 1e11}})");
  auto training = TrainingSpace({"H100-SXM5-80GB", "A100-SXM4-80GB"}, 64, 9);
  Shuffle(training, 34);
  EXPECT_GT(ExpectLeanEqualsFull(train, training), 100);
}

// What the candidate path keeps across shapes (layer passes, power phases, the collective memo,
// the shape's memory states) must stay with its context: SKUs whose memory differs (a V100's CUDA
// context and allocator reserve are not an A100's) and two workloads, interleaved split by split
// so that every candidate changes shape, and several node layouts of each.
TEST(CandidatePath, CachesKeepContextsApart) {
  const Scenario a = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-40GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-13b", "seq_len": 4096, "global_batch": 256,
                 "train_tokens": 1e11}})");
  Scenario b = a;
  b.workload.seq_len = 2048;
  const Catalog& catalog = BuiltinCatalog();
  CandidateEvaluator lean(catalog);
  Scenario s;
  Report full;
  int checked = 0, fit = 0;
  for (int tp : {1, 2, 4, 8})
    for (int pp : {1, 2, 4})
      for (int zero : kPlanZero)
        for (int gpn : {4, 8})
          for (int nodes : {1, 2, 4})
            for (const char* id : {"A100-SXM4-40GB", "V100-SXM2-32GB"})
              for (const Scenario* base : {&a, static_cast<const Scenario*>(&b)}) {
                PlanCandidate c;
                c.gpu = Row(id), c.gpus_per_node = gpn, c.nodes = nodes;
                c.tp = tp, c.pp = pp, c.zero = zero, c.micro_batch = 1, c.recompute = Recompute::kSelective;
                ApplyCandidate(*base, catalog, c, s);
                EvaluateInto(s, catalog, full);
                CandidateScore want, got;
                ScoreFromReport(full, c.Gpus(), want);
                lean.Evaluate(*base, c, got);
                EXPECT_EQ(Diff(LeanOf(want), got), "") << Label(c) << (base == &a ? " seq 4096" : " seq 2048");
                checked += want.valid, fit += want.valid && want.fits;
              }
  EXPECT_GT(checked, 300);
  EXPECT_GT(fit, 50);
}

// The collective memo answers only for the fabric it stored the time under, also after a ninth
// fabric made it start over, and its answers are the computed times.
TEST(CollectiveMemo, KeyedByTheWholeFabric) {
  CollectiveMemo memo;
  Fabric a;
  a.intra_gbps = 150, a.memo = &memo;
  Fabric b = a;
  b.intra_hop_us = 0.7;
  const double t = CollectiveTime(a, CollectiveOp::kAllReduce, 1e8, 8, 8);
  double got = 0;
  EXPECT_TRUE(memo.Find(a, CollectiveOp::kAllReduce, 1e8, 8, 8, got));
  EXPECT_TRUE(Same(got, t));
  EXPECT_FALSE(memo.Find(b, CollectiveOp::kAllReduce, 1e8, 8, 8, got));
  EXPECT_FALSE(memo.Find(a, CollectiveOp::kAllGather, 1e8, 8, 8, got));
  Fabric plain = b;
  plain.memo = nullptr;
  EXPECT_TRUE(Same(CollectiveTime(b, CollectiveOp::kAllReduce, 1e8, 8, 8),
                   CollectiveTime(plain, CollectiveOp::kAllReduce, 1e8, 8, 8)));
  for (int i = 0; i < CollectiveMemo::kFabrics; ++i) {
    Fabric other = a;
    other.intra_gbps = 10.0 + i;
    CollectiveTime(other, CollectiveOp::kAllReduce, 1e8, 8, 8);
  }
  EXPECT_FALSE(memo.Find(a, CollectiveOp::kAllReduce, 1e8, 8, 8, got));  // dropped when full
  EXPECT_TRUE(Same(CollectiveTime(a, CollectiveOp::kAllReduce, 1e8, 8, 8), t));
}

// MIG layouts of the planner's space (every profile of each SKU's table, max_instances of it per
// GPU), several fleets and every weight format and batch; a few with tp = 2, which MIG refuses.
std::vector<PlanCandidate> MigSpace(const std::vector<const char*>& gpus) {
  std::vector<PlanCandidate> out;
  for (const char* id : gpus) {
    PlanCandidate c;
    c.gpu = Row(id);
    const MigTable* t = PlanMigTable(BuiltinCatalog(), BuiltinCatalog().gpus[c.gpu]);
    EXPECT_NE(t, nullptr) << id;
    if (!t) continue;
    for (int k = 0; k < static_cast<int>(t->profiles.size()); ++k) {
      c.mig_profile = k;
      for (Precision w : {Precision::kBf16, Precision::kFp8, Precision::kInt8, Precision::kInt4}) {
        c.weight_precision = w;
        for (auto [gpn, nodes] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{8, 3}}) {
          c.gpus_per_node = gpn, c.nodes = nodes;
          for (int b : kPlanInferenceBatch) {
            c.batch = b;
            c.tp = 1;
            out.push_back(c);
            if (b == 4 && gpn == 2) c.tp = 2, out.push_back(c);
          }
        }
      }
    }
  }
  return out;
}

// Networks go through the whole lean evaluation of the scenario, inference MIG layouts through
// their resolution kept per layout (ResolveMig, the batch per candidate): the same numbers as the
// full evaluation, in walk order and shuffled (a stale instance, boards or cache would show).
TEST(CandidatePath, NetworkAndMigEqualFullEvaluation) {
  ExpectLeanEqualsFull(test::Example("resnet50-training"), TrainingSpace({"A100-SXM4-80GB"}, 16, 3));
  Scenario mig = test::Example("multi-tenant");
  mig.plan = PlanConfig{};
  ExpectLeanEqualsFull(mig, InferenceSpace({"A100-SXM4-80GB"}));
  auto layouts = MigSpace({"A100-SXM4-80GB", "H100-SXM5-80GB", "A30-24GB"});
  EXPECT_GT(ExpectLeanEqualsFull(mig, layouts), 500);
  Shuffle(layouts, 56);
  EXPECT_GT(ExpectLeanEqualsFull(mig, layouts), 500);
  Scenario serve = Parse(R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-7b", "prompt_tokens": 512, "output_tokens": 128}})");
  ExpectLeanEqualsFull(serve, MigSpace({"H200-SXM-141GB"}));
  // A network on MIG slices keeps the whole evaluation per candidate.
  ExpectLeanEqualsFull(Parse(R"({"schema_version": 2, "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1},
    "workload": {"kind": "inference", "model": "resnet50", "batch": 8, "precision": "int8", "weight_precision": "int8"}})"),
                       MigSpace({"A100-SXM4-80GB"}));
}

// The candidate path writes a reused report's memory section without resetting it first
// (ComputeMemoryInto): written over another configuration's full report (its fixes, binding and
// batch limits), it must still end as a fresh report's section, byte for byte.
TEST(CandidatePath, ReusedReportEqualsFresh) {
  const Catalog& catalog = BuiltinCatalog();
  int checked = 0;
  for (const char* name : {"default", "gpt3-175b", "13b-a100-oom", "llama2-70b-serving", "vllm-serving",
                           "qlora-llama2-70b"}) {
    const Scenario s = test::Example(name);
    Resolved r;
    ASSERT_TRUE(Resolve(s, catalog, r, nullptr, nullptr)) << name;
    for (const char* other : {"13b-a100-oom", "llama2-70b-serving", "gpt3-175b"}) {
      Report reused, fresh;
      EvaluateInto(test::Example(other), catalog, kFullEvaluation, reused);
      // What the reused report holds before: fixes, a batch limit, a micro-batch limit.
      const std::string was = other;
      ASSERT_GT(was == "13b-a100-oom" ? reused.memory.fix_count
                : was == "llama2-70b-serving" ? reused.memory.max_batch
                                              : reused.memory.max_micro_batch,
                0) << other;
      for (Report* out : {&reused, &fresh}) {
        auto cache = std::make_unique<ModelCache>();
        cache->UseResolution(&r);
        EvaluateOptions o = kLeanEvaluation;
        o.cache = cache.get();
        EvaluateResolvedInto(r, o, *out);
      }
      Report a, b;
      a.memory = reused.memory, b.memory = fresh.memory;
      EXPECT_EQ(ReportToJson(a), ReportToJson(b)) << name << " over " << other;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 18);
}

// kFullEvaluation is the evaluation as it was: the same JSON through either entry point, and a
// report reused after a lean evaluation ends as a fresh one.
TEST(StagedEvaluation, FullOptionsAreTodaysEvaluation) {
  for (const char* name : {"default", "gpt3-175b", "13b-a100-oom", "llama2-70b-serving", "vllm-serving",
                           "edge-orin", "qlora-llama2-70b", "resnet50-training"}) {
    const Scenario s = test::Example(name);
    const Report fresh = Evaluate(s);
    Report reused;
    EvaluateInto(s, BuiltinCatalog(), kLeanEvaluation, reused);
    EXPECT_TRUE(reused.errors.empty()) << name;
    EXPECT_EQ(reused.memory.fix_count, 0) << name;
    EXPECT_EQ(reused.performance.scaling_count, 0) << name;
    EXPECT_EQ(reused.warnings.count, 0) << name;
    EXPECT_EQ(reused.memory.fits, fresh.memory.fits) << name;
    EXPECT_TRUE(Same(reused.memory.per_gpu.total_gib, fresh.memory.per_gpu.total_gib)) << name;
    // A job that does not fit is decided at the memory stage: nothing after it is filled.
    const bool fits = fresh.memory.fits;
    EXPECT_TRUE(Same(reused.performance.step_time_s, fits ? fresh.performance.step_time_s : 0)) << name;
    EXPECT_TRUE(Same(reused.performance.tpot_s, fits ? fresh.performance.tpot_s : 0)) << name;
    EXPECT_TRUE(Same(reused.power.energy_kwh, fits ? fresh.power.energy_kwh : 0)) << name;
    EXPECT_TRUE(Same(reused.cost.per_million_tokens, fits ? fresh.cost.per_million_tokens : 0)) << name;
    EvaluateInto(s, BuiltinCatalog(), kFullEvaluation, reused);
    EXPECT_EQ(ReportToJson(reused), ReportToJson(fresh)) << name;
  }
}

// The lean path stops at the memory stage for a job that does not fit, and a report reused from a
// job that fitted keeps none of its speed, power or cost figures (a fresh report's zeros).
TEST(StagedEvaluation, LeanStopsAtMemoryWhenTheJobDoesNotFit) {
  const Scenario fits = test::Example("default");
  const Scenario oom = test::Example("13b-a100-oom");
  Report reused;
  EvaluateInto(fits, BuiltinCatalog(), kLeanEvaluation, reused);
  ASSERT_TRUE(reused.memory.fits);
  ASSERT_GT(reused.performance.step_time_s, 0);
  ASSERT_GT(reused.performance.roofline_count, 0);
  EvaluateInto(oom, BuiltinCatalog(), kLeanEvaluation, reused);
  ASSERT_TRUE(reused.errors.empty());
  EXPECT_FALSE(reused.memory.fits);
  const Report full = Evaluate(oom);
  EXPECT_GT(full.performance.step_time_s, 0);  // the full path prices it anyway ("speed_if_it_fit")
  EXPECT_TRUE(Same(reused.memory.per_gpu.total_gib, full.memory.per_gpu.total_gib));
  EXPECT_EQ(reused.performance.step_time_s, 0);
  EXPECT_EQ(reused.performance.roofline_count, 0);
  EXPECT_EQ(reused.performance.roofline[0].flops, 0);
  EXPECT_EQ(reused.power.node_w, 0);
  EXPECT_EQ(reused.cost.total, 0);
  EvaluateOptions priced = kLeanEvaluation;
  priced.speed_if_unfit = true;
  EvaluateInto(oom, BuiltinCatalog(), priced, reused);
  EXPECT_TRUE(Same(reused.performance.step_time_s, full.performance.step_time_s));
}

// The stages after a caller's own Resolve are EvaluateInto's.
TEST(StagedEvaluation, ResolveOnceThenEvaluateStages) {
  const Scenario s = test::Example("gpt3-175b");
  Report want = Evaluate(s);
  Report got;
  Resolved r;
  ASSERT_TRUE(Resolve(s, BuiltinCatalog(), r, &got.errors, &got.warnings));
  EvaluateResolvedInto(r, kFullEvaluation, got);
  EXPECT_EQ(ReportToJson(got), ReportToJson(want));
}

}  // namespace
}  // namespace gpucfg
