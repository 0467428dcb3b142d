// gpucfg: the configurator's command line. Same core and JSON contract as the browser page.
//   gpucfg evaluate [FILE|-]   gpucfg example [NAME]   gpucfg memory [FILE|-]
//   gpucfg gpus | gpu NAME | models    gpucfg roofline | collective | scale | compare
//   gpucfg servers | server ID | power [FILE|-]
//   gpucfg plan [FILE|-]
// Exit codes: 0 success, 1 usage error, 2 bad input (the error list is printed on stderr).
#include <iostream>

#include "cli.h"
#include "gpucfg.h"

int main(int argc, char** argv) {
  gpucfg::cli::Context ctx;
  CLI::App app{"gpucfg: GPU cluster configurator (memory, speed, scaling, power, cost)", "gpucfg"};
  app.set_version_flag("--version", std::string(gpucfg::Version()));
  app.require_subcommand(1);
  std::string catalog_path;
  app.add_option("--catalog", catalog_path,
                 "extra catalog JSON merged over the built-in one (more GPUs, site prices)")
      ->check(CLI::ExistingFile);
  app.parse_complete_callback([&] {
    if (catalog_path.empty()) return;
    std::string text;
    if (!gpucfg::cli::ReadInput(catalog_path, text)) throw CLI::RuntimeError(2);
    gpucfg::Issues issues = gpucfg::MergeCatalogJson(text, ctx.catalog);
    if (!issues.empty()) {
      gpucfg::cli::FailWith(ctx, issues);
      throw CLI::RuntimeError(2);
    }
  });
  gpucfg::cli::AddScenarioCommands(app, ctx);
  gpucfg::cli::AddCatalogCommands(app, ctx);
  gpucfg::cli::AddSpeedCommands(app, ctx);
  gpucfg::cli::AddPowerCommands(app, ctx);
  gpucfg::cli::AddMigCommands(app, ctx);
  gpucfg::cli::AddPlanCommands(app, ctx);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return ctx.exit_code;
}
