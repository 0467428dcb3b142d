// BM_Plan: the planner's search rate, configurations scored by the models per second (pruned ones
// not counted), single-threaded. Issue 12's targets: >= 5 M/s natively, >= 1 M/s in wasm; measured
// here, never asserted. Run: ./build/native/bench/gpucfg_bench --benchmark_filter=BM_Plan
#include <benchmark/benchmark.h>

#include "bench_scenario.h"
#include "gpucfg.h"

namespace {

void RunPlan(benchmark::State& state, const gpucfg::Scenario& s) {
  int64_t evaluated = 0, space = 0;
  for (auto _ : state) {
    gpucfg::PlanResult plan = gpucfg::Plan(s);
    benchmark::DoNotOptimize(plan.best.cost);
    evaluated += plan.evaluated;
    space += plan.space;
  }
  state.counters["scored_per_s"] = benchmark::Counter(double(evaluated), benchmark::Counter::kIsRate);
  state.counters["space_per_s"] = benchmark::Counter(double(space), benchmark::Counter::kIsRate);
  state.counters["scored_per_plan"] = benchmark::Counter(double(evaluated), benchmark::Counter::kAvgIterations);
}

void BM_PlanTrainingLlama70b(benchmark::State& state) { RunPlan(state, gpucfg::bench::PlanScenario(true)); }
void BM_PlanInferenceLlama70bAllGpus(benchmark::State& state) { RunPlan(state, gpucfg::bench::PlanScenario(false)); }
BENCHMARK(BM_PlanTrainingLlama70b)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanInferenceLlama70bAllGpus)->Unit(benchmark::kMillisecond);

// The multi-tenant preset: 10 tenants of Llama-3.1 8B on MIG layouts and whole GPUs. A MIG layout
// is resolved once per layout (its boards and its instance, ResolveMig), but with tenants the batch
// is fixed, so each layout is its own shape and pays both resolutions: slower per configuration
// than the whole-GPU candidate path.
void BM_PlanMultiTenantMig(benchmark::State& state) {
  gpucfg::Scenario s;
  gpucfg::MakeExample("multi-tenant", s);
  RunPlan(state, s);
}
BENCHMARK(BM_PlanMultiTenantMig)->Unit(benchmark::kMillisecond);

}  // namespace
