// `gpucfg plan [FILE|-] [--format table|json|csv]`: the planner (core/planner/) over the scenario's
// "plan" section. A progress bar goes to stderr only when stdout is a terminal and the search has
// run for more than a second; stdout carries nothing but the document.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli.h"
#include "planner/plan.h"

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
}

}  // namespace gpucfg::cli
