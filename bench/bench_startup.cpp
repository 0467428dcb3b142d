// What a process pays before its first answer (issue 34, item 6): the built-in catalog read from
// its compiled-in snapshot against parsing its JSON documents, one whole `gpucfg evaluate` process
// on the default scenario (wall time, spawn to exit; target <= 5 ms), and full evaluations of the
// examples a customer opens first (Llama-2 7B training on 8 A100s, target <= 1.5 us; Llama-2 7B
// with Hugging Face generate, target <= 3 us).
#include <benchmark/benchmark.h>

#include <spawn.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "gpucfg.h"

extern char** environ;

namespace {

void BM_CatalogFromSnapshot(benchmark::State& state) {
  for (auto _ : state) {
    gpucfg::Catalog c;
    if (!gpucfg::ReadCatalogSnapshot(gpucfg::BuiltinCatalogSnapshot(), c)) return state.SkipWithError("no snapshot");
    benchmark::DoNotOptimize(c.gpus.data());
  }
}
BENCHMARK(BM_CatalogFromSnapshot)->Unit(benchmark::kMicrosecond);

void BM_CatalogFromDocuments(benchmark::State& state) {
  for (auto _ : state) {
    gpucfg::Catalog c = gpucfg::BuiltinCatalogFromDocuments();
    benchmark::DoNotOptimize(c.gpus.data());
  }
}
BENCHMARK(BM_CatalogFromDocuments)->Unit(benchmark::kMicrosecond);

// One `gpucfg evaluate` (the built-in default scenario, JSON report to /dev/null), spawned and
// waited for: the wall time a script or a shell user sees.
void BM_CliEvaluateProcess(benchmark::State& state) {
  const char* cli = GPUCFG_CLI_PATH;
  char* argv[] = {const_cast<char*>(cli), const_cast<char*>("evaluate"), nullptr};
  posix_spawn_file_actions_t io;
  posix_spawn_file_actions_init(&io);
  posix_spawn_file_actions_addopen(&io, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  for (auto _ : state) {
    pid_t pid = 0;
    if (posix_spawn(&pid, cli, &io, nullptr, argv, environ) != 0) return state.SkipWithError("cannot spawn the CLI");
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return state.SkipWithError("the CLI failed");
  }
  posix_spawn_file_actions_destroy(&io);
}
BENCHMARK(BM_CliEvaluateProcess)->Unit(benchmark::kMillisecond)->UseRealTime();

// A full evaluation (fixes, batch searches, scaling curve, warnings) of one built-in example.
void EvaluateExample(benchmark::State& state, const char* name) {
  gpucfg::Scenario s;
  if (!gpucfg::MakeExample(name, s)) return state.SkipWithError("no such example");
  const gpucfg::Catalog& catalog = gpucfg::BuiltinCatalog();
  gpucfg::Report report;
  gpucfg::EvaluateInto(s, catalog, report);
  for (auto _ : state) {
    gpucfg::EvaluateInto(s, catalog, report);
    benchmark::DoNotOptimize(report.performance.step_time_s);
  }
}
BENCHMARK_CAPTURE(EvaluateExample, default_llama2_7b_training, "default");
BENCHMARK_CAPTURE(EvaluateExample, hf_generate_llama2_7b_inference, "hf-generate");
BENCHMARK_CAPTURE(EvaluateExample, vllm_serving_llama31_8b, "vllm-serving");

}  // namespace
