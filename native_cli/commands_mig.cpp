// MIG commands: `mig profiles GPU` (the profile table and its maximal layouts), `mig validate GPU
// PROFILE...` (a placement or the failing rule and the closest valid layouts; exit 0 either way),
// `mig plan FILE|-` (tenants sized and packed onto the fewest GPUs), `mig compare` (MIG vs MPS vs
// time-slicing, sourced facts). JSON from core/planner/mig_json.h.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "gpucfg.h"
#include "table.h"

namespace gpucfg::cli {

namespace {

using Json = nlohmann::json;

std::string JoinNames(const Json& a) {
  std::string s;
  for (size_t i = 0; i < a.size(); ++i) s += (i ? " + " : "") + a[i].get<std::string>();
  return s;
}

void Header(const Json& o) {
  std::cout << o["gpu"].get<std::string>() << " (MIG table " << o["table"].get<std::string>() << ", "
            << o["status"].get<std::string>();
  if (o.contains("sibling")) std::cout << " of " << o["sibling"].get<std::string>();
  std::cout << ")\n";
  if (o.contains("note")) std::cout << "  note: " << o["note"].get<std::string>() << "\n";
}

void PrintProfiles(const Json& o) {
  Header(o);
  std::vector<std::vector<std::string>> rows = {
      {"profile", "id", "compute", "memory", "GiB", "SMs", "GB/s", "CE", "dec/jpg/ofa", "max", "starts", "verif."}};
  for (const Json& p : o["profiles"]) {
    std::string starts;
    for (const Json& s : p["starts"]) starts += (starts.empty() ? "" : ",") + std::to_string(s.get<int>());
    rows.push_back({p["name"].get<std::string>(), std::to_string(p["id"].get<int>()),
                    std::to_string(p["compute_slices"].get<int>()) + "/" + std::to_string(o["compute_slots"].get<int>()),
                    std::to_string(p["memory_slices"].get<int>()) + "/" + std::to_string(o["memory_slots"].get<int>()),
                    p["memory_gib"].get<double>() > 0 ? Fixed(p["memory_gib"].get<double>(), 2) : "n/p",
                    p["sms"].get<int>() > 0 ? std::to_string(p["sms"].get<int>()) : "n/p",
                    p.contains("hbm_gbps") ? Fixed(p["hbm_gbps"].get<double>(), 0) : "-",
                    std::to_string(p["copy_engines"].get<int>()),
                    std::to_string(p["decoders"].get<int>()) + "/" + std::to_string(p["jpeg"].get<int>()) + "/" +
                        std::to_string(p["ofa"].get<int>()),
                    std::to_string(p["max_instances"].get<int>()), "{" + starts + "}",
                    p["verification"].get<std::string>()});
  }
  if (o["profiles"].empty()) {
    std::cout << "  no profiles published\n";
    return;
  }
  Columns(rows);
  Title("Layouts: " + std::to_string(o["layouts"]["valid"].get<int>()) + " valid, " +
        std::to_string(o["layouts"]["maximal"].size()) + " maximal (no instance can be added)");
  for (const Json& m : o["layouts"]["maximal"]) std::cout << "  " << JoinNames(m) << "\n";
}

void PrintValidate(const Json& o) {
  Header(o);
  if (o["valid"].get<bool>()) {
    std::cout << "valid layout, slot map " << o["slot_map"].get<std::string>() << "\n";
    for (const Json& p : o["placement"])
      Row(p["profile"].get<std::string>(), "start slot " + std::to_string(p["start"].get<int>()));
    return;
  }
  std::cout << "invalid layout: " << o["reason"].get<std::string>() << "\n";
  std::cout << "  (" << Fixed(o["memory_gib"].get<double>(), 2)
            << " GiB asked in all: adding up gigabytes does not decide it, the slots do)\n";
  Title("Closest valid layouts (fewest changes)");
  for (const Json& c : o["closest"]) std::cout << "  " << JoinNames(c) << "\n";
}

void PrintPlan(const Json& o) {
  std::cout << o["gpu"].get<std::string>() << ": " << o["gpus_needed"].get<int>() << " GPU(s) needed, lower bound "
            << o["lower_bound_gpus"].get<int>() << " ("
            << (o["proven_optimal"].get<bool>() ? "proven minimal" : "heuristic, gap up to " + std::to_string(o["optimality_gap_gpus"].get<int>()) + " GPU(s)")
            << ", " << o["method"].get<std::string>() << ")\n";
  Title("Tenants");
  std::vector<std::vector<std::string>> rows = {{"tenant", "profile", "memory GiB", "of GiB", "fits", "throughput", "quick rule"}};
  for (const Json& t : o["tenants"]) {
    const std::string thr = t.contains("samples_per_s") ? Fixed(t["samples_per_s"].get<double>(), 1) + " samples/s"
                                                        : Fixed(t["output_tokens_per_s"].get<double>(), 1) + " tok/s";
    rows.push_back({t["name"].get<std::string>(), t["profile"].get<std::string>() + (t["pinned"].get<bool>() ? " (pinned)" : ""),
                    Fixed(t["memory_gib"].get<double>(), 2), Fixed(t["capacity_gib"].get<double>(), 2),
                    t["fits"].get<bool>() ? (t["meets_need"].get<bool>() ? "yes" : "yes, need unmet") : "NO", thr,
                    Fixed(t["quick_rule_gib"].get<double>(), 1) + " GiB -> " + t["quick_rule_profile"].get<std::string>()});
  }
  Columns(rows);
  Title("GPUs");
  int k = 0;
  for (const Json& g : o["gpus"]) {
    std::cout << "  GPU " << k++ << "  " << g["slot_map"].get<std::string>() << "  ";
    bool first = true;
    for (const Json& p : g["placement"]) {
      std::cout << (first ? "" : ", ") << p["tenant"].get<std::string>() << "=" << p["profile"].get<std::string>() << "@"
                << p["start"].get<int>();
      first = false;
    }
    for (const Json& p : g["spare"])
      std::cout << "  (free: " << p["profile"].get<std::string>() << "@" << p["start"].get<int>() << ")";
    std::cout << "\n";
  }
}

void PrintCompare(const Json& o) {
  for (const Json& f : o["facts"]) {
    Title(f["topic"].get<std::string>() + "  [" + f["source"].get<std::string>() + "]");
    Row("MIG", f["mig"].get<std::string>());
    Row("MPS", f["mps"].get<std::string>());
    Row("time-slicing", f["time_slicing"].get<std::string>());
  }
  Title("Sources");
  for (auto it = o["sources"].begin(); it != o["sources"].end(); ++it)
    std::cout << "  " << it.key() << ": " << it.value().get<std::string>() << "\n";
  std::cout << "\nnote: " << o["note"].get<std::string>() << "\n";
}

void Emit(Context& ctx, const MigJsonResult& r, Format format, void (*table)(const Json&)) {
  if (!r.errors.empty()) return FailWith(ctx, r.errors);
  if (format == Format::kJson) {
    std::cout << r.text << "\n";
    return;
  }
  table(Json::parse(r.text, nullptr, false));
}

}  // namespace

void AddMigCommands(CLI::App& app, Context& ctx) {
  static Format format = Format::kTable;
  static std::string gpu, path;
  static std::vector<std::string> profiles;
  auto* mig = app.add_subcommand("mig", "Multi-Instance GPU: profiles, layout validation, tenant planning");
  mig->require_subcommand(1);

  auto* prof = mig->add_subcommand("profiles", "a MIG GPU's instance profiles and its maximal layouts");
  prof->add_option("gpu", gpu, "GPU catalog id")->required();
  AddFormatOption(prof, format);
  prof->callback([&] { Emit(ctx, MigProfilesJson(gpu, ctx.catalog), format, PrintProfiles); });

  auto* val = mig->add_subcommand("validate", "is this set of profiles a valid layout of one GPU (by slot placement)?");
  val->add_option("gpu", gpu, "GPU catalog id")->required();
  val->add_option("profiles", profiles, "profile names, repeated as often as wanted (1g.10gb 1g.10gb 3g.40gb)");
  AddFormatOption(val, format);
  val->callback([&] { Emit(ctx, MigValidateJson(gpu, profiles, ctx.catalog), format, PrintValidate); });

  auto* cmp = mig->add_subcommand("compare", "MIG vs MPS vs time-slicing: isolation, memory QoS, faults, features lost, with sources");
  AddFormatOption(cmp, format);
  cmp->callback([&] { Emit(ctx, MigCompareJson(ctx.catalog), format, PrintCompare); });

  auto* plan = mig->add_subcommand("plan", "size tenants onto MIG instances and pack them onto the fewest GPUs");
  plan->add_option("file", path, "plan JSON ({\"schema_version\": 2, \"mig_plan\": {...}}), or - for stdin")->required();
  AddFormatOption(plan, format);
  plan->callback([&] {
    std::string text;
    if (!ReadInput(path, text)) {
      ctx.exit_code = 2;
      return;
    }
    Emit(ctx, MigPlanJson(text, ctx.catalog), format, PrintPlan);
  });
}

}  // namespace gpucfg::cli
