// `gpucfg plan [FILE|-] [--format table|json|csv]`: the planner (core/planner/) over the scenario's
// "plan" section. `gpucfg serve-size [FILE|-] --users N | --rps R [--tpot-ms T] [--ttft-ms T]`:
// GPUs and copies for a serving load (core/planner/serving_size.h). A progress bar goes to stderr only when stdout is a terminal and the search has
// run for more than a second; stdout carries nothing but the document.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "gpucfg.h"

namespace gpucfg::cli {
namespace {

struct Progress {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  bool shown = false;
};

void ShowProgress(void* ctx, double fraction) {
  auto* p = static_cast<Progress*>(ctx);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - p->start).count();
  if (elapsed < 1.0) return;
  p->shown = true;
  const int width = 30, done = static_cast<int>(fraction * width);
  std::fprintf(stderr, "\rplanning [%.*s%*s] %3.0f %%", done, "##############################", width - done, "",
               fraction * 100);
}

void AddServeSizeCommand(CLI::App& app, Context& ctx) {
  static std::string path;
  static Format format = Format::kTable;
  static ServingNeed need;
  static double tpot_ms = -1, ttft_ms = -1;
  auto* cmd = app.add_subcommand("serve-size", "GPUs and model copies for N concurrent users or R requests/s "
                                               "within the scenario's latency targets (inference)");
  cmd->add_option("scenario", path, "inference scenario JSON file, or - for standard input");
  cmd->add_option("--users", need.users, "concurrent users (sequences generating at once)");
  cmd->add_option("--rps", need.requests_per_s, "requests per second (instead of --users)");
  cmd->add_option("--tpot-ms", tpot_ms, "target ms per output token (default: the scenario's speed.tpot_target_ms)");
  cmd->add_option("--ttft-ms", ttft_ms, "target time to first token, ms (default: speed.ttft_target_ms)");
  AddFormatOption(cmd, format);
  cmd->callback([&] {
    Scenario s;
    if (!LoadScenario(ctx, path, s)) return;
    if (tpot_ms >= 0) s.speed.tpot_target_ms = tpot_ms;
    if (ttft_ms >= 0) s.speed.ttft_target_ms = ttft_ms;
    const ServingSize size = SizeServing(s, need, ctx.catalog);
    if (!size.errors.empty()) return FailWith(ctx, size.errors);
    if (format == Format::kJson) {
      std::cout << ServingSizeToJson(size) << "\n";
    } else if (!size.feasible) {
      std::cout << "not feasible: " << size.why << "\n";
    } else {
      std::printf("%d GPUs (%d node%s): %d copies x tp %d, %d sequences per copy\n", size.gpus, size.nodes,
                  size.nodes == 1 ? "" : "s", size.copies, size.tp, size.batch_per_copy);
      std::printf("TPOT %.1f ms, TTFT %.0f ms, %.4g %s per hour\n", size.tpot_s * 1e3, size.ttft_s * 1e3,
                  size.per_hour, size.currency.c_str());
      std::cout << size.why << "\n";
    }
  });
}

}  // namespace

void AddPlanCommands(CLI::App& app, Context& ctx) {
  static std::string path;
  static Format format = Format::kTable;
  auto* plan = app.add_subcommand("plan", "search this site's GPUs and layouts for the best cluster (the scenario's \"plan\" section)");
  plan->add_option("scenario", path, "scenario JSON file with a \"plan\" section, or - for standard input");
  AddFormatOption(plan, format, /*allow_csv=*/true);
  plan->callback([&] {
    Scenario s;
    if (!LoadScenario(ctx, path, s)) return;
    Progress progress;
    PlanSettings settings;
    if (isatty(STDOUT_FILENO) && isatty(STDERR_FILENO)) {
      settings.progress = ShowProgress;
      settings.progress_ctx = &progress;
    }
    PlanResult result = Plan(s, ctx.catalog, settings);
    if (progress.shown) std::fprintf(stderr, "\r%60s\r", "");
    if (!result.errors.empty()) return FailWith(ctx, result.errors);
    if (format == Format::kJson) std::cout << PlanToJson(result) << "\n";
    else if (format == Format::kCsv) std::cout << PlanToCsv(result);
    else std::cout << PlanToTable(result);
  });
  AddServeSizeCommand(app, ctx);
}

}  // namespace gpucfg::cli
