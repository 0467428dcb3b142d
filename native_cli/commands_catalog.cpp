// Catalog commands: gpus (all GPUs), gpu NAME (one in full), models (presets).
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

#include "cli.h"
#include "table.h"

namespace gpucfg::cli {
namespace {

std::string Peak(const GpuSpec& g, Precision p) {
  double dense = g.peak_tflops[static_cast<int>(p)].dense;
  return dense > 0 ? Fixed(dense, 1) : "-";
}

std::string NvLink(const GpuSpec& g) {
  if (g.nvlink_gen == 0) return "-";
  return "NVLink" + std::to_string(g.nvlink_gen) + " " + Fixed(g.nvlink_gbps_bidir, 0);
}

void PrintGpuTable(const Catalog& c) {
  std::vector<std::vector<std::string>> rows = {
      {"id", "arch", "memory GB", "HBM GB/s", "BF16 TFLOP/s", "FP8", "TDP W", "NVLink GB/s (bidir)", "MIG"}};
  for (const GpuSpec& g : c.gpus)
    rows.push_back({g.id, g.architecture, Fixed(g.memory_gb, 0), Fixed(g.hbm_gbps, 0),
                    g.peak_tflops[int(Precision::kBf16)].dense > 0 ? Peak(g, Precision::kBf16) : Peak(g, Precision::kFp16) + " (fp16)",
                    Peak(g, Precision::kFp8), Fixed(g.tdp_watts, 0), NvLink(g),
                    g.mig_max_instances ? std::to_string(g.mig_max_instances) : "-"});
  Columns(rows);
  std::cout << "\nTensor Core peaks are dense (2:4 sparse figures are 2x; gpucfg gpu ID shows both).\n";
}

void PrintGpu(const GpuSpec& g) {
  std::cout << g.name << " (" << g.id << ")\n";
  Row("architecture", g.architecture + " " + g.chip + ", CC " + Fixed(g.compute_capability, 1));
  Row("SMs / boost clock", std::to_string(g.sms) + " / " + Fixed(g.boost_clock_mhz, 0) + " MHz");
  Row("memory", Fixed(g.memory_gb, 0) + " GB " + g.memory_type + ", " + Fixed(g.hbm_gbps, 0) + " GB/s",
      g.memory_usable_gib > 0 ? Fixed(g.memory_usable_gib, 2) + " GiB usable (nvidia-smi)" : "");
  Row("L2 cache", Fixed(g.l2_mib, 0) + " MiB");
  Row("power / form factor", Fixed(g.tdp_watts, 0) + " W, " + g.form_factor + ", PCIe Gen" + std::to_string(g.pcie_gen));
  Row("NVLink", NvLink(g), g.nvlink_gen ? std::to_string(g.nvlink_links) + " links" : "");
  Row("MIG", g.mig_max_instances ? "up to " + std::to_string(g.mig_max_instances) + " instances" : "not supported");
  Title("Peak rates, dense / 2:4 sparse (TFLOP/s; int8 and int4 in TOPS)");
  for (int i = 0; i < kPrecisionCount; ++i) {
    const PeakRate& p = g.peak_tflops[i];
    if (p.dense > 0) Row(std::string(kPrecisionNames[i]), Fixed(p.dense, 1) + " / " + Fixed(p.sparse, 1));
  }
  Title("Source");
  std::cout << "  " << g.source << " (verification: " << g.verification << ")\n";
}

}  // namespace

void AddCatalogCommands(CLI::App& app, Context& ctx) {
  static Format format = Format::kTable;
  auto* gpus = app.add_subcommand("gpus", "list the GPU catalog");
  AddFormatOption(gpus, format);
  gpus->callback([&] {
    if (format == Format::kJson) return PrintJsonSection(CatalogToJson(ctx.catalog), "gpus");
    PrintGpuTable(ctx.catalog);
  });

  static std::string name;
  auto* gpu = app.add_subcommand("gpu", "show one GPU in full, with the sources of its figures");
  gpu->add_option("id", name, "GPU catalog id (case-insensitive)")->required();
  AddFormatOption(gpu, format);
  gpu->callback([&] {
    const GpuSpec* g = FindGpu(ctx.catalog, name);
    if (!g) return FailWith(ctx, {Issue{"unknown_gpu", "unknown GPU \"" + name + "\"; gpucfg gpus lists the ids", ""}});
    if (format != Format::kJson) return PrintGpu(*g);
    // Keys sorted, as `gpucfg gpus --format json` prints them.
    std::cout << nlohmann::json::parse(CatalogEntryToJson(*g), nullptr, false).dump(2) << "\n";
  });

  auto* models = app.add_subcommand("models", "list the model presets");
  AddFormatOption(models, format);
  models->callback([&] {
    if (format == Format::kJson) {
      // The transformer presets, then the networks (contract v2), each as the catalog writes it.
      nlohmann::json full = nlohmann::json::parse(CatalogToJson(ctx.catalog), nullptr, false);
      nlohmann::json out = {{"schema_version", kSchemaVersion}, {"models", full.value("models", nlohmann::json())},
                            {"networks", full.value("networks", nlohmann::json())}};
      std::cout << out.dump(2) << "\n";
      return;
    }
    std::vector<std::vector<std::string>> rows = {
        {"id", "family", "name", "params", "layers", "hidden", "heads", "kv", "ffn", "vocab", "seq", "GLU"}};
    for (const ModelPreset& m : ctx.catalog.models) {
      const TransformerArch& a = m.arch;
      rows.push_back({m.id, a.encoder_only ? "transformer-encoder" : "transformer", m.name, Count(ParameterCount(a)),
                      std::to_string(a.layers), std::to_string(a.hidden), std::to_string(a.heads),
                      std::to_string(KvHeads(a)), std::to_string(FfnHidden(a)), std::to_string(a.vocab),
                      std::to_string(a.max_seq), a.glu ? "yes" : "no"});
    }
    Columns(rows);
    // Networks: their layer records' totals (forward GFLOPs per sample, multiply-add = 2).
    std::vector<std::vector<std::string>> nets = {{"id", "family", "name", "params", "layers", "GFLOP/sample", "input"}};
    for (const NetworkPreset& n : ctx.catalog.networks) {
      const NetworkTotals t = TotalsOf(ctx.catalog, n.id);
      char gflops[32];
      std::snprintf(gflops, sizeof gflops, "%.4g", t.forward_flops / 1e9);
      nets.push_back({n.id, n.family, n.name, Count(t.params), std::to_string(t.layers), gflops, n.input});
    }
    std::cout << "\nnetworks (non-transformer):\n";
    Columns(nets);
  });
}

}  // namespace gpucfg::cli
