// Shared pieces of the gpucfg command line: the context every subcommand sees, input reading and
// output helpers. Each group of subcommands lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "gpucfg.h"

namespace gpucfg::cli {

enum class Format { kTable, kJson, kCsv, kSvg };

struct Context {
  Catalog catalog = BuiltinCatalog();  // plus --catalog overrides
  int exit_code = 0;                   // 0 ok, 2 bad input
};

// Reads FILE, or stdin for "-". Returns false (and prints the error) when it cannot.
bool ReadInput(const std::string& path, std::string& text);

// Reads and parses a scenario (built-in default when path is empty); prints the error document on
// stderr and sets ctx.exit_code = 2 on failure.
bool LoadScenario(Context& ctx, const std::string& path, Scenario& out);

// Prints a contract error list on stderr and sets exit code 2.
void FailWith(Context& ctx, const Issues& errors);

// Prints {"schema_version": 2, KEY: document[KEY]} for a contract document given as text (one
// section of a report, one array of the catalog).
void PrintJsonSection(const std::string& document, const char* key);

// Adds `--format` with the allowed values; default table.
void AddFormatOption(CLI::App* cmd, Format& format, bool allow_csv = false, bool allow_svg = false);

// Subcommand groups (one file each).
void AddScenarioCommands(CLI::App& app, Context& ctx);  // evaluate, example, memory  (commands_scenario.cpp)
void AddCatalogCommands(CLI::App& app, Context& ctx);   // gpus, gpu, models            (commands_catalog.cpp)
void AddSpeedCommands(CLI::App& app, Context& ctx);     // roofline, collective, scale, compare (commands_speed.cpp)
void AddPowerCommands(CLI::App& app, Context& ctx);     // servers, server, power         (commands_power.cpp)
void AddMigCommands(CLI::App& app, Context& ctx);       // mig profiles | validate | plan  (commands_mig.cpp)
void AddPlanCommands(CLI::App& app, Context& ctx);      // plan                         (commands_plan.cpp)

}  // namespace gpucfg::cli
