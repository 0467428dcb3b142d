// Input reading and error printing shared by every subcommand.
#include "cli.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace gpucfg::cli {

bool ReadInput(const std::string& path, std::string& text) {
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "gpucfg: cannot read " << path << "\n";
    return false;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  text = buf.str();
  return true;
}

void FailWith(Context& ctx, const Issues& errors) {
  std::cerr << ErrorsToJson(errors) << "\n";
  ctx.exit_code = 2;
}

bool LoadScenario(Context& ctx, const std::string& path, Scenario& out) {
  if (path.empty()) {
    MakeExample("default", out);
    return true;
  }
  std::string text;
  if (!ReadInput(path, text)) {
    ctx.exit_code = 2;
    return false;
  }
  ParseResult parsed = ParseScenario(text, ctx.catalog);
  if (!parsed.ok()) {
    FailWith(ctx, parsed.errors);
    return false;
  }
  out = parsed.scenario;
  return true;
}

void PrintJsonSection(const std::string& document, const char* key) {
  nlohmann::json full = nlohmann::json::parse(document, nullptr, false);
  nlohmann::json section = full.is_object() && full.contains(key) ? full[key] : nlohmann::json();
  nlohmann::json out = {{"schema_version", kReportSchemaVersion}, {key, section}};
  std::cout << out.dump(2) << "\n";
}

void AddFormatOption(CLI::App* cmd, Format& format, bool allow_csv, bool allow_svg) {
  std::map<std::string, Format> names{{"table", Format::kTable}, {"json", Format::kJson}};
  if (allow_csv) names["csv"] = Format::kCsv;
  if (allow_svg) names["svg"] = Format::kSvg;
  std::string help = "output format: table | json";
  if (allow_csv) help += " | csv";
  if (allow_svg) help += " | svg";
  cmd->add_option("--format", format, help)->transform(CLI::CheckedTransformer(names, CLI::ignore_case));
}

}  // namespace gpucfg::cli
