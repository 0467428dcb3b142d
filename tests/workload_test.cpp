// The workload interface (core/workload/workload.h): the transformer and the networks answer the
// same questions, each from its own description, and the memory model reads a network through it.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "resolve/resolved_workload.h"
#include "test_util.h"

namespace gpucfg {
namespace {

Resolved ResolvedFor(const char* model, int seq_len = 2048) {
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.model = model;
  s.workload.seq_len = seq_len;
  s.workload.global_batch = 1;
  return test::MustResolve(s);
}

TEST(Workload, TransformerGemmsAreItsWeightsAndCountItsFlops) {
  const Resolved r = ResolvedFor("llama2-7b", 4096);
  const AnyWorkload w = WorkloadOf(r);
  EXPECT_EQ(w->Family(), WorkloadFamily::kTransformer);
  EXPECT_EQ(w->Parameters(), r.parameters);
  std::array<GemmShape, 8> g{};
  ASSERT_EQ(w->Gemms(g), 5);
  // Llama 2 7B: h 4096, 32 heads of 128 (MHA), SwiGLU F 11008, vocab 32000, 32 layers.
  EXPECT_EQ(g[0].name, "qkv");
  EXPECT_EQ(g[0].m, 4096);
  EXPECT_EQ(g[0].n, (32 + 2 * 32) * 128);  // 12288
  EXPECT_EQ(g[0].k, 4096);
  EXPECT_EQ(g[0].count, 32);
  EXPECT_EQ(g[2].n, 2 * 11008);            // gate and up fused
  EXPECT_EQ(g[4].n, 32000);
  // The GEMMs hold every weight but the norms and the embedding table (a lookup, no GEMM):
  // 2 x s x weights; the rest of the forward FLOPs is attention's 4 x s x s x h per layer.
  double gemm_flops = 0, gemm_weights = 0;
  for (int i = 0; i < 5; ++i) gemm_flops += g[i].Flops(), gemm_weights += g[i].n * g[i].k * g[i].count;
  EXPECT_DOUBLE_EQ(gemm_flops, 2.0 * 4096 * gemm_weights);
  EXPECT_DOUBLE_EQ(w->ForwardFlopsPerSample() - gemm_flops, 32 * 4.0 * 4096 * 4096 * 4096);
  EXPECT_DOUBLE_EQ(w->ForwardFlopsPerSample(), ForwardFlopsPerToken(r.arch, 4096) * 4096);
  // 6.74e9 parameters minus 2 x 32000 x 4096 embedding + head = 6.476e9 in the layers; the
  // GEMMs hold the layers' weights and the head: within the norms (0.3 M) of parameters - embedding.
  EXPECT_NEAR(gemm_weights, r.parameters - 32000.0 * 4096, 1e6);
  EXPECT_EQ(w->StateElementsPerToken(), 2.0 * 32 * 32 * 128);  // K and V of every layer
  EXPECT_EQ(w->ActivationBytesPerSample(true, 2), Workload::kSplitDependent);
  EXPECT_EQ(w->Gemms(std::span<GemmShape>(g.data(), 2)), 5) << "a short span still gets the count";
}

TEST(Workload, NetworkGemmsAreItsRecordsAndActivationsItsTotals) {
  const Resolved r = ResolvedFor("resnet50");
  const AnyWorkload w = WorkloadOf(r);
  EXPECT_EQ(w->Family(), WorkloadFamily::kNetwork);
  const NetworkTotals t = TotalsOf(BuiltinCatalog(), "resnet50");
  EXPECT_EQ(w->Parameters(), r.parameters);
  std::array<GemmShape, 256> g{};
  const int n = w->Gemms(g);
  ASSERT_GT(n, 0);
  ASSERT_LE(n, int(g.size()));
  double flops = 0;
  for (int i = 0; i < n; ++i) flops += g[i].Flops();
  EXPECT_DOUBLE_EQ(flops, t.forward_flops);  // only gemm records carry FLOPs
  EXPECT_DOUBLE_EQ(w->ActivationBytesPerSample(true, 2), t.act_elems * 2);
  EXPECT_GT(w->ActivationBytesPerSample(false, 2), 0);
  EXPECT_LT(w->ActivationBytesPerSample(false, 2), w->ActivationBytesPerSample(true, 2))
      << "inference holds one layer's working set, training every kept activation";
  EXPECT_EQ(w->StateElementsPerToken(), 0);
}

TEST(Workload, GenericObjectIsOneBlockOfItsTotals) {
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.generic_inline = true;
  s.workload.model = "generic";
  s.workload.generic = {25.6e6, 8.2, 1.1e8};
  s.workload.global_batch = 1;
  const Resolved r = test::MustResolve(s);
  const AnyWorkload w = WorkloadOf(r);
  EXPECT_EQ(w->Family(), WorkloadFamily::kGeneric);
  EXPECT_EQ(w->Parameters(), 25.6e6);
  EXPECT_DOUBLE_EQ(w->ForwardFlopsPerSample(), 8.2e9);
  EXPECT_EQ(w->ActivationBytesPerSample(true, 2), 1.1e8);
  std::array<GemmShape, 4> g{};
  EXPECT_EQ(w->Gemms(g), 0);
}

TEST(Workload, NetworkMemoryReadsTheInterface) {
  // Activations = per-sample bytes (the interface's) x micro-batch, hand-checked against it.
  Scenario s;
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.model = "resnet50";
  s.workload.micro_batch = 64, s.workload.global_batch = 64;
  const Resolved r = test::MustResolve(s);
  WarningList warnings;
  const MemoryReport m = ComputeMemory(r, warnings);
  const double per_sample = WorkloadOf(r)->ActivationBytesPerSample(true, 2);
  EXPECT_DOUBLE_EQ(m.per_gpu.activations_gib, per_sample / (1024.0 * 1024 * 1024) * 64);
  EXPECT_EQ(m.parameters, WorkloadOf(r)->Parameters());
}

TEST(Workload, TransformerOpsCarryItsForwardFlops) {
  // The per-op list and the closed-form count agree: GEMMs (with attention's two products) hold
  // every forward FLOP; the memory-bound kernels carry none and move elements instead.
  for (const char* model : {"llama2-7b", "gpt3-175b", "mixtral-8x7b"}) {
    const Resolved r = ResolvedFor(model, 4096);
    const AnyWorkload w = WorkloadOf(r);
    ASSERT_EQ(w->OpCount(), 10) << model;
    double flops = 0;
    int memory_ops = 0;
    for (int i = 0; i < w->OpCount(); ++i) {
      const WorkloadOp op = w->Op(i);
      flops += op.Flops();
      if (op.kind == WorkloadOpKind::kMemory) {
        ++memory_ops;
        EXPECT_EQ(op.Flops(), 0) << op.name;
        EXPECT_GT(op.mem_elems, 0) << op.name;
      }
    }
    EXPECT_EQ(memory_ops, 3) << model;  // norm, softmax, elementwise
    EXPECT_NEAR(flops / w->ForwardFlopsPerSample(), 1.0, 1e-9) << model;
  }
  const WorkloadOp softmax = WorkloadOf(ResolvedFor("llama2-7b", 4096))->Op(3);
  EXPECT_EQ(softmax.name, "softmax");
  EXPECT_EQ(softmax.fused_elems, 0) << "fused attention keeps the scores on chip";
  EXPECT_DOUBLE_EQ(softmax.mem_elems, 2.0 * 32 * 4096.0 * 4096 * 32);
}

TEST(Workload, NetworkOpsAreItsRecordsInOrder) {
  const Resolved r = ResolvedFor("resnet50");
  const AnyWorkload w = WorkloadOf(r);
  std::vector<const NetworkLayer*> records;
  for (const NetworkLayer& l : BuiltinCatalog().network_layers)
    if (l.network == "resnet50") records.push_back(&l);
  ASSERT_EQ(w->OpCount(), int(records.size()));
  double flops = 0;
  for (int i = 0; i < w->OpCount(); ++i) {
    const WorkloadOp op = w->Op(i);
    EXPECT_EQ(op.name, records[i]->name);
    EXPECT_EQ(op.kind == WorkloadOpKind::kGemm, records[i]->op == "gemm") << op.name;
    EXPECT_EQ(op.params, records[i]->params) << op.name;
    flops += op.Flops();
  }
  EXPECT_DOUBLE_EQ(flops, TotalsOf(BuiltinCatalog(), "resnet50").forward_flops);
}

TEST(Workload, SiteCatalogLayerJoinsItsNetworksRun) {
  // A second document adding a record to a built-in network: the network's records stay side by
  // side (LayersOf reads one run), so the new layer counts and no other network's moves.
  Catalog c = BuiltinCatalog();
  const NetworkTotals before = TotalsOf(c, "resnet50");
  const NetworkTotals yolo_before = TotalsOf(c, "yolov5s");
  const Issues issues = MergeCatalogJson(R"({"schema_version": 1, "network_layers": [
      {"network": "ResNet50", "name": "extra_fc", "op": "gemm", "m": 1, "n": 1000, "k": 1000,
       "count": 1, "steps": 1, "params": 1000000, "in_elems": 1000, "act_elems": 1000,
       "mem_elems": 0, "fused_elems": 0}]})", c);
  ASSERT_TRUE(issues.empty()) << issues.front().message;
  const NetworkTotals after = TotalsOf(c, "resnet50");
  EXPECT_EQ(after.layers, before.layers + 1);
  EXPECT_DOUBLE_EQ(after.forward_flops - before.forward_flops, 2.0 * 1000 * 1000);
  EXPECT_DOUBLE_EQ(after.params - before.params, 1e6);
  EXPECT_EQ(LayersOf(c, "resnet50").back().name, "extra_fc");
  EXPECT_EQ(TotalsOf(c, "yolov5s").layers, yolo_before.layers);
}

}  // namespace
}  // namespace gpucfg
