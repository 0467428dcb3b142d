// Google Benchmark of the evaluation hot path: GPT-3 175B on 1024 A100s (128 DGX A100 nodes,
// HDR InfiniBand), one full EvaluateInto per iteration reusing the report's storage.
// Target (issue 4): <= 2 us per evaluation natively, no heap allocation. Run:
//   cmake --build build --target gpucfg_bench && ./build/bench/gpucfg_bench
// The bench counts heap allocations made inside the timed loop (operator new is replaced in this
// binary only) and fails the run when there is any.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include <vector>

#include "bench_scenario.h"
#include "gpucfg.h"

namespace {

std::atomic<long> g_allocations{0};

}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

void BM_EvaluateGpt3On1024A100(benchmark::State& state) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  gpucfg::Scenario s = gpucfg::bench::Gpt3On1024A100();
  gpucfg::Report report;
  gpucfg::EvaluateInto(s, catalog, report);  // warm: sizes the report's storage once
  long allocations = 0;
  for (auto _ : state) {
    const long before = g_allocations.load(std::memory_order_relaxed);
    gpucfg::EvaluateInto(s, catalog, report);
    allocations += g_allocations.load(std::memory_order_relaxed) - before;
    benchmark::DoNotOptimize(report.performance.step_time_s);
  }
  state.counters["mfu"] = report.performance.mfu;
  state.counters["allocs_per_eval"] =
      benchmark::Counter(double(allocations), benchmark::Counter::kAvgIterations);
  if (allocations > 0) state.SkipWithError("heap allocation in the evaluation hot path");
}
BENCHMARK(BM_EvaluateGpt3On1024A100);

// The lean evaluation (kLeanEvaluation: no fixes, bisections, scaling curve, batch search or
// warnings) of the same scenario, resolve included.
void BM_LeanEvaluateGpt3On1024A100(benchmark::State& state) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  gpucfg::Scenario s = gpucfg::bench::Gpt3On1024A100();
  gpucfg::Report report;
  gpucfg::EvaluateInto(s, catalog, gpucfg::kLeanEvaluation, report);
  for (auto _ : state) {
    gpucfg::EvaluateInto(s, catalog, gpucfg::kLeanEvaluation, report);
    benchmark::DoNotOptimize(report.performance.step_time_s);
  }
}
BENCHMARK(BM_LeanEvaluateGpt3On1024A100);

// The lean stages alone on a scenario resolved once (EvaluateResolvedInto): what a caller that
// resolves a shape once and varies it pays per configuration, before any cache (issue 8: <= 300 ns).
void BM_LeanStagesGpt3On1024A100(benchmark::State& state) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  gpucfg::Scenario s = gpucfg::bench::Gpt3On1024A100();
  gpucfg::Resolved r;
  if (!gpucfg::Resolve(s, catalog, r, nullptr)) return state.SkipWithError("does not resolve");
  gpucfg::Report report;
  long allocations = 0;
  for (auto _ : state) {
    const long before = g_allocations.load(std::memory_order_relaxed);
    gpucfg::EvaluateResolvedInto(r, gpucfg::kLeanEvaluation, report);
    allocations += g_allocations.load(std::memory_order_relaxed) - before;
    benchmark::DoNotOptimize(report.performance.step_time_s);
  }
  if (allocations > 0) state.SkipWithError("heap allocation in the lean path");
}
BENCHMARK(BM_LeanStagesGpt3On1024A100);

// Llama-2 70B at 4,096 tokens, global batch 1,024, on 16 nodes of 8 H100: the planner's candidate
// benches' shape, and its cycle of configurations (tp, pp, micro-batch, ZeRO and recompute vary),
// each kept where keep(candidate) says so.
gpucfg::Scenario Llama70bBase() {
  gpucfg::Scenario base = gpucfg::bench::Gpt3On1024A100();
  base.workload.model = "llama2-70b", base.workload.seq_len = 4096, base.workload.global_batch = 1024;
  base.parallelism = {};
  return base;
}

template <typename Keep>
std::vector<gpucfg::PlanCandidate> Llama70bCycleOn128H100(const gpucfg::Catalog& catalog, Keep keep) {
  std::vector<gpucfg::PlanCandidate> cycle;
  gpucfg::PlanCandidate c;
  c.gpu = static_cast<int>(gpucfg::FindGpu(catalog, "H100-SXM5-80GB") - catalog.gpus.data());
  c.gpus_per_node = 8, c.nodes = 16;
  for (int tp : {2, 4, 8})
    for (int pp : {1, 2, 4, 8})
      for (int mb : {1, 2, 4})
        for (int zero : {0, 1, 2, 3})
          for (gpucfg::Recompute rc : gpucfg::kPlanRecompute) {
            c.tp = tp, c.pp = pp, c.micro_batch = mb, c.zero = zero, c.recompute = rc;
            if (keep(c)) cycle.push_back(c);
          }
  return cycle;
}

// Scores the cycle round and round through the candidate path, its caches warm.
void ScoreCycle(benchmark::State& state, const gpucfg::Catalog& catalog, const gpucfg::Scenario& base,
                const std::vector<gpucfg::PlanCandidate>& cycle) {
  gpucfg::CandidateEvaluator eval(catalog);
  gpucfg::CandidateScore score;
  size_t i = 0;
  for (auto _ : state) {
    eval.Evaluate(base, cycle[i], score);
    i = i + 1 == cycle.size() ? 0 : i + 1;
    benchmark::DoNotOptimize(score.time_to_train_s);
  }
  state.counters["scored_per_s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

// The planner's candidate path (planner/candidate.h) over the whole cycle: what one scored
// configuration costs the planner.
void BM_CandidateLlama70bOn128H100(benchmark::State& state) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  const gpucfg::Scenario base = Llama70bBase();
  ScoreCycle(state, catalog, base, Llama70bCycleOn128H100(catalog, [](const gpucfg::PlanCandidate&) { return true; }));
}
BENCHMARK(BM_CandidateLlama70bOn128H100);

// The same cycle restricted to the configurations that fit (a full EvaluateInto says which): every
// one of them runs all the lean stages (memory, speed, power, cost), none stops at the memory stage
// as the cycle above's that do not fit do (kLeanEvaluation, EvaluateOptions::speed_if_unfit).
void BM_CandidateFittingLlama70bOn128H100(benchmark::State& state) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  const gpucfg::Scenario base = Llama70bBase();
  gpucfg::Scenario s;
  gpucfg::Report full;
  const std::vector<gpucfg::PlanCandidate> cycle =
      Llama70bCycleOn128H100(catalog, [&](const gpucfg::PlanCandidate& c) {
        gpucfg::ApplyCandidate(base, catalog, c, s);
        gpucfg::EvaluateInto(s, catalog, full);
        return full.errors.empty() && full.memory.fits;
      });
  state.counters["configurations"] = double(cycle.size());
  ScoreCycle(state, catalog, base, cycle);
}
BENCHMARK(BM_CandidateFittingLlama70bOn128H100);

}  // namespace

BENCHMARK_MAIN();
