// Scenario commands: evaluate (the whole report), memory (its memory section), example, schema.
#include <iostream>

#include "cli.h"
#include "gpucfg.h"
#include "table.h"

namespace gpucfg::cli {
namespace {

void PrintHeader(const Scenario& s, const Report& r) {
  const WorkloadConfig& w = s.workload;
  std::cout << "gpucfg " << Version() << ": " << w.model << " "
            << (w.kind == WorkloadKind::kTraining ? "training" : "inference") << " on "
            << r.setup.total_gpus << " x " << s.cluster.gpu << " (" << s.cluster.nodes << " node"
            << (s.cluster.nodes > 1 ? "s" : "") << ", " << r.setup.intra_node << ", " << r.setup.inter_node
            << ")\n";
  Row("parameters", Count(r.setup.parameters));
  Row("parallelism", "tp " + std::to_string(r.setup.tp) + "  pp " + std::to_string(r.setup.pp) +
                         "  dp " + std::to_string(r.setup.dp) + "  zero " +
                         std::to_string(s.parallelism.zero));
}

// A fix's old or new value as a person reads it: enumerations by name, precisions in bits.
std::string FixValue(std::string_view path, double v) {
  if (path == "/parallelism/recompute") return v == 0 ? "none" : v == 1 ? "selective" : "full";
  if (path == "/workload/optimizer") return v == 0 ? "adamw" : "adam-8bit";
  if (path == "/workload/flash_attention" || path == "/parallelism/sequence_parallel") return v ? "on" : "off";
  if (path == "/workload/weight_precision" || path == "/workload/kv_precision") return Fixed(v, 0) + "-bit";
  return Fixed(v, 0);
}

void PrintMemory(const Report& r) {
  const MemoryReport& m = r.memory;
  const MemoryBreakdown& b = m.per_gpu;
  Title("Memory per GPU (GiB = 2^30 bytes)");
  Row("weights", Fixed(b.weights_gib));
  Row("gradients", Fixed(b.gradients_gib));
  Row("optimizer states", Fixed(b.optimizer_gib));
  Row("activations", Fixed(b.activations_gib));
  Row("KV cache", Fixed(b.kv_cache_gib));
  Row("overhead", Fixed(b.overhead_gib),
      "CUDA context " + Fixed(b.cuda_context_gib) + ", NCCL " + Fixed(b.nccl_gib) + ", fragmentation " +
          Fixed(b.fragmentation_gib));
  Row("total", Fixed(b.total_gib) + " of " + Fixed(m.capacity_gib) + " usable (" + Fixed(m.marketed_gb, 0) + " GB marketed)",
      m.fits ? "FITS, headroom " + Fixed(m.headroom_gib) : "DOES NOT FIT, short by " + Fixed(-m.headroom_gib));
  if (!m.fits && !m.binding.empty()) Row("binding component", std::string(m.binding));
  if (m.max_micro_batch > 0) Row("largest micro-batch", std::to_string(m.max_micro_batch));
  if (m.max_batch > 0) Row("largest batch", std::to_string(m.max_batch));
  if (m.max_context_tokens > 0) Row("longest context", std::to_string(m.max_context_tokens) + " tokens");
  for (int i = 0; i < m.fix_count; ++i) {
    const MemoryFix& f = m.fixes[i];
    std::string what = std::string(f.code) + " " + std::string(f.path) + " " +
                       (f.target.empty() ? FixValue(f.path, f.from) + " -> " + FixValue(f.path, f.to) : std::string(f.target));
    std::string label = f.plan_step > 0 ? "plan step " + std::to_string(f.plan_step) : (i == 0 ? "fixes" : "");
    Row(label, what, "-" + Fixed(f.saves_gib, 1) + " GiB" + (f.fits_after ? ", then fits" : ""));
  }
}

void PrintPerformance(const Scenario& s, const Report& r) {
  const PerformanceReport& p = r.performance;
  Title("Performance");
  if (s.workload.kind == WorkloadKind::kTraining) {
    Row("step time", Duration(p.step_time_s), "lower bound at peak " + Duration(p.step_time_lower_bound_s));
    Row("tokens/s", Count(p.tokens_per_s));
    Row("TFLOP/s per GPU", Fixed(p.tflops_per_gpu, 1));
    Row("MFU", Fixed(p.mfu * 100, 1) + " %");
    if (p.time_to_train_s > 0) Row("time to train", Duration(p.time_to_train_s), Count(p.gpu_hours) + " GPU-hours");
  } else {
    Row("time to first token", Duration(p.ttft_s));
    Row("time per output token", Duration(p.tpot_s));
    Row("output tokens/s", Count(p.output_tokens_per_s));
  }
}

void PrintPowerCost(const Report& r) {
  Title("Power (under this workload; gpucfg power shows it all)");
  Row("per GPU", Fixed(r.power.gpu_w, 0) + " W", "limit " + Fixed(r.power.gpu_limit_w, 0) + " W, transients " + Fixed(r.power.gpu_peak_w, 0) + " W");
  Row("per node (at the wall)", Fixed(r.power.node_w, 0) + " W", "peak " + Fixed(r.power.node_peak_w, 0) + " W");
  Row("cluster", Fixed(r.power.cluster_kw, 1) + " kW", "facility " + Fixed(r.power.facility_kw, 1) + " kW");
  Title("Cost (" + std::string(r.cost.currency) + ")");
  Row("per hour", Fixed(r.cost.per_hour), Fixed(r.cost.per_gpu_hour) + " per GPU-hour");
  if (r.cost.total > 0) Row("job total", Fixed(r.cost.total, 0));
}

void PrintNotes(const Report& r) {
  if (r.warnings.count > 0) Title("Warnings");
  for (const Warning& w : r.warnings) Row("!", WarningMessage(w));
  Title("Assumptions (confidence: " + std::string(ConfidenceName(r.confidence)) + ")");
  for (const Warning& w : r.assumptions) Row("-", WarningMessage(w));
}

// Runs the scenario; prints errors (exit 2) or hands the report to `print`.
template <class Print>
void RunScenario(Context& ctx, const std::string& path, Format format, const char* section, Print print) {
  Scenario s;
  if (!LoadScenario(ctx, path, s)) return;
  Report r = Evaluate(s, ctx.catalog);
  if (!r.errors.empty()) return FailWith(ctx, r.errors);
  if (format != Format::kJson) return print(s, r);
  std::string text = ReportToJson(r);
  if (section) return PrintJsonSection(text, section);
  std::cout << text << "\n";
}

}  // namespace

void AddScenarioCommands(CLI::App& app, Context& ctx) {
  static std::string path;
  static Format format = Format::kTable;

  auto* evaluate = app.add_subcommand("evaluate", "evaluate a scenario (FILE, - for stdin, none: the built-in default)");
  evaluate->add_option("scenario", path, "scenario JSON file, or - for standard input");
  AddFormatOption(evaluate, format);
  evaluate->callback([&] {
    RunScenario(ctx, path, format, nullptr, [](const Scenario& s, const Report& r) {
      PrintHeader(s, r);
      PrintMemory(r);
      PrintPerformance(s, r);
      PrintPowerCost(r);
      PrintNotes(r);
    });
  });

  static int apply_fix = -1;
  auto* memory = app.add_subcommand("memory", "memory per GPU of a scenario: fits or not, and what to change");
  memory->add_option("scenario", path, "scenario JSON file, or - for standard input");
  AddFormatOption(memory, format);
  memory->add_option("--apply-fix", apply_fix,
                     "print the scenario with fix N of the report's /memory/fixes applied (0 = the first; a plan "
                     "step applies the plan up to it), as a scenario JSON document");
  memory->callback([&ctx, memory] {  // `memory` by value: this function's locals are gone by then
    if (memory->count("--apply-fix") > 0) {
      if (memory->count("--format") > 0 && format != Format::kJson)
        return FailWith(ctx, {{"incompatible", "--apply-fix prints a scenario JSON document: drop --format or give --format json", "/format"}});
      Scenario s;
      if (!LoadScenario(ctx, path, s)) return;
      const Report r = Evaluate(s, ctx.catalog);
      if (!r.errors.empty()) return FailWith(ctx, r.errors);
      Scenario fixed;
      Issues errors;
      if (!ApplyFix(s, r.memory, apply_fix, ctx.catalog, fixed, &errors)) return FailWith(ctx, errors);
      std::cout << ScenarioToJson(fixed) << "\n";
      return;
    }
    RunScenario(ctx, path, format, "memory", [](const Scenario& s, const Report& r) {
      PrintHeader(s, r);
      PrintMemory(r);
      PrintNotes(r);
    });
  });

  static bool report_fields = false, collective_fields = false;
  auto* schema = app.add_subcommand("schema", "print every scenario field with its type, range, default and meaning (markdown)");
  schema->add_flag("--report", report_fields, "print every report field instead (JSON pointer, type, unit, meaning)");
  schema->add_flag("--collective", collective_fields, "print the fields of `gpucfg collective --format json` instead");
  static bool catalog_fields = false, contract_features = false;
  schema->add_flag("--catalog", catalog_fields, "print every key a catalog document (--catalog FILE, data/*.json) may hold");
  schema->add_flag("--contract", contract_features, "print the contract-v2 parts this build implements (gpucfg contract)");
  schema->callback([] {
    std::cout << (report_fields       ? ReportFieldsMarkdown()
                  : collective_fields ? CollectiveFieldsMarkdown()
                  : catalog_fields    ? CatalogFieldsMarkdown()
                  : contract_features ? ContractFeaturesMarkdown()
                                      : ScenarioFieldsMarkdown());
  });

  // contract-v2 "What a build supports": scripts ask instead of probing (core/contract/features.h).
  static Format contract_format = Format::kTable;
  auto* contract = app.add_subcommand("contract", "the scenario versions this build reads and the contract-v2 parts it implements");
  AddFormatOption(contract, contract_format);
  contract->callback([] {
    if (contract_format == Format::kJson) return void(std::cout << ContractToJson() << "\n");
    std::string versions;
    for (int v : kScenarioVersions) versions += (versions.empty() ? "" : ", ") + std::to_string(v);
    Title("Contract");
    Row("scenario versions read", versions);
    Row("report version written", std::to_string(kReportSchemaVersion));
    Title("Version-2 parts implemented");
    for (const ContractFeature& f : kContractFeatures) Row(std::string(f.name), std::string(f.meaning));
  });

  static std::string hf_path;
  auto* import = app.add_subcommand("import-hf",
                                    "turn a Hugging Face config.json into a scenario with that architecture inline");
  import->add_option("config", hf_path, "config.json file, or - for standard input")->required();
  import->callback([&] {
    std::string text;
    if (!ReadInput(hf_path, text)) return void(ctx.exit_code = 2);
    Scenario base;
    MakeExample("default", base);
    JsonResult result = ScenarioFromHfConfig(text, base);
    if (!result.ok) {
      std::cerr << result.text << "\n";
      return void(ctx.exit_code = 2);
    }
    std::cout << result.text << "\n";
  });

  static std::string name = "default";
  auto* example = app.add_subcommand("example", "print a complete scenario JSON to start from");
  example->add_option("name", name, "example name (see --list); default: default");
  static bool list = false;
  example->add_flag("--list", list, "list the example names");
  static bool decision = false;
  static Format decision_format = Format::kTable;
  example->add_flag("--decision", decision,
                    "the guide's decision path for edge | mid-training | large-cluster | multi-tenant, with this "
                    "scenario's numbers (plans it too)");
  AddFormatOption(example, decision_format);
  example->callback([&] {
    Scenario s;
    if (list) {
      for (const auto& e : ExampleNames()) std::cout << e.name << "\t" << e.description << "\n";
      return;
    }
    if (!MakeExample(name, s)) {
      FailWith(ctx, {Issue{"unknown_example", "unknown example \"" + name + "\"; see gpucfg example --list", ""}});
      return;
    }
    if (decision) {
      if (!HasDecisionPath(name)) {
        FailWith(ctx, {Issue{"no_decision_path", "'" + name + "' has no decision path: edge, mid-training, "
                             "large-cluster and multi-tenant have one", ""}});
        return;
      }
      const PlanResult plan = Plan(s, ctx.catalog);
      const DecisionPath path = MakeDecisionPath(name, s, &plan, ctx.catalog);
      if (decision_format == Format::kJson) std::cout << DecisionPathToJson(path) << "\n";
      else std::cout << DecisionPathToTable(path);
      return;
    }
    std::cout << ScenarioToJson(s) << "\n";
  });
}

}  // namespace gpucfg::cli
