// Wasm counterpart of bench_evaluate.cpp and bench_plan.cpp (Google Benchmark is native only):
// times N full and N lean EvaluateInto calls of GPT-3 175B on 1024 A100s, then the planner's
// search (scored configurations per second, issue 12: >= 1 M/s in wasm), with std::chrono.
// Built only under Emscripten (bench/CMakeLists.wasm.cmake); run with node:
//   node --no-experimental-fetch build/wasm/bench/gpucfg_wasm_bench.js [evaluations] [plans]
// or in headless Chromium: node bench/wasm_bench_chromium.mjs (the web build of the same file).
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <cstdlib>

#include "bench_scenario.h"
#include "gpucfg.h"

namespace {

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void TimeEvaluation(const char* name, const gpucfg::EvaluateOptions& o, int n) {
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  const gpucfg::Scenario s = gpucfg::bench::Gpt3On1024A100();
  gpucfg::Report report;
  for (int i = 0; i < 1000; ++i) gpucfg::EvaluateInto(s, catalog, o, report);  // warm up the JIT
  double best = 1e300;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) gpucfg::EvaluateInto(s, catalog, o, report);
    const double ns = Seconds(t0) * 1e9 / n;
    best = ns < best ? ns : best;
    std::printf("%s (wasm) repetition %d: %.1f ns/evaluation\n", name, rep, ns);
  }
  std::printf("%s (wasm) best: %.1f ns/evaluation over %d evaluations, mfu=%.6f\n", name, best, n,
              report.performance.mfu);
}

void TimePlan(const char* name, bool training, int plans) {
  const gpucfg::Scenario s = gpucfg::bench::PlanScenario(training);
  gpucfg::Plan(s);  // warm up
  double best = 0;
  long long scored = 0;
  for (int rep = 0; rep < plans; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    const gpucfg::PlanResult p = gpucfg::Plan(s);
    const double rate = p.evaluated / Seconds(t0);
    best = std::max(best, rate);
    scored = p.evaluated;
    std::printf("%s (wasm) repetition %d: %.0f scored/s\n", name, rep, rate);
  }
  std::printf("%s (wasm) best: %.0f scored/s (%lld configurations per plan)\n", name, best, scored);
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200000;
  const int plans = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  TimeEvaluation("BM_EvaluateGpt3On1024A100", gpucfg::kFullEvaluation, n);
  TimeEvaluation("BM_LeanEvaluateGpt3On1024A100", gpucfg::kLeanEvaluation, n);
  TimePlan("BM_PlanTrainingLlama70b", true, plans);
  TimePlan("BM_PlanInferenceLlama70bAllGpus", false, plans);
  return 0;
}
