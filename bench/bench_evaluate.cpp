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

#include "bench_scenario.h"
#include "evaluate.h"

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

}  // namespace

BENCHMARK_MAIN();
