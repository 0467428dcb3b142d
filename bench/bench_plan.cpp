// BM_Plan: the planner's search rate, configurations scored by the models per second (pruned ones
// not counted), single-threaded. Issue 12's targets: >= 5 M/s natively, >= 1 M/s in wasm; measured
// here, never asserted. Run: ./build/native/bench/gpucfg_bench --benchmark_filter=BM_Plan
#include <benchmark/benchmark.h>

#include "contract/json_io.h"
#include "planner/plan.h"

namespace {

gpucfg::Scenario PlanScenario(const char* kind) {
  const std::string training = R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-70b", "seq_len": 4096, "global_batch": 1024,
                 "train_tokens": 2e12},
    "plan": {"objective": "cost", "max_gpus": 256,
             "gpus": ["A100-SXM4-80GB", "H100-SXM5-80GB", "H200-SXM-141GB", "L40S-48GB"]}})";
  const std::string inference = R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-70b", "prompt_tokens": 1024, "output_tokens": 256},
    "plan": {"objective": "cost"}})";
  return gpucfg::ParseScenario(std::string(kind) == "training" ? training : inference).scenario;
}

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

void BM_PlanTrainingLlama70b(benchmark::State& state) { RunPlan(state, PlanScenario("training")); }
void BM_PlanInferenceLlama70bAllGpus(benchmark::State& state) { RunPlan(state, PlanScenario("inference")); }
BENCHMARK(BM_PlanTrainingLlama70b)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlanInferenceLlama70bAllGpus)->Unit(benchmark::kMillisecond);

}  // namespace
