// Wasm counterpart of bench_evaluate.cpp (Google Benchmark is native only): times N full
// EvaluateInto calls of GPT-3 175B on 1024 A100s with std::chrono and prints ns per evaluation.
// Built only under Emscripten (bench/CMakeLists.wasm.cmake); run with node:
//   node --no-experimental-fetch build/wasm/bench/gpucfg_wasm_bench.js [evaluations]
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <cstdlib>

#include "bench_scenario.h"
#include "evaluate.h"

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200000;
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  const gpucfg::Scenario s = gpucfg::bench::Gpt3On1024A100();
  gpucfg::Report report;
  for (int i = 0; i < 1000; ++i) gpucfg::EvaluateInto(s, catalog, report);  // warm up the JIT
  double best = 1e300;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) gpucfg::EvaluateInto(s, catalog, report);
    const auto t1 = std::chrono::steady_clock::now();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / n;
    best = ns < best ? ns : best;
    std::printf("BM_EvaluateGpt3On1024A100 (wasm) repetition %d: %.1f ns/evaluation\n", rep, ns);
  }
  std::printf("BM_EvaluateGpt3On1024A100 (wasm) best: %.1f ns/evaluation over %d evaluations, mfu=%.6f\n",
              best, n, report.performance.mfu);
  return 0;
}
