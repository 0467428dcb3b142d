// The cluster and pricing inputs: GPU model, node shape, fabrics, prices. Each row edits a field
// of App().scenario in place; the choices come from the built-in catalog.
#include "app.h"
#include "gpucfg.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

Choices GpuChoices() {
  Choices c;
  for (const GpuSpec& g : BuiltinCatalog().gpus) c.emplace_back(g.id, g.id);
  return c;
}

Choices IntraChoices() {
  Choices c{{"", T(S::kAuto)}};
  for (std::string_view n : kIntraNodeNames) c.emplace_back(std::string(n), std::string(n));
  return c;
}

// Networks between nodes: the catalog's InfiniBand, RoCE and Ethernet entries.
Choices InterChoices() {
  Choices c{{"none", T(S::kNone)}};
  for (const InterconnectSpec& ic : BuiltinCatalog().interconnects)
    if (ic.kind == "infiniband" || ic.kind == "roce" || ic.kind == "ethernet")
      c.emplace_back(ic.id, ic.id + "  (" + ic.name + ")");
  return c;
}

Choices CurrencyChoices() {
  Choices c;
  for (const CurrencyPreset& p : BuiltinCatalog().currencies) c.emplace_back(p.code, p.code + " " + p.symbol);
  return c;
}

}  // namespace

void DrawClusterPanel() {
  ClusterConfig& c = App().scenario.cluster;
  SectionTitle(S::kCluster);
  if (BeginForm("cluster")) {
    static const Choices gpus = GpuChoices();
    ChoiceRow(S::kGpu, c.gpu, gpus);
    IntRow(S::kGpusPerNode, c.gpus_per_node, true);
    IntRow(S::kNodes, c.nodes, true);
    ChoiceRow(S::kIntraNode, c.intra_node, IntraChoices());
    ChoiceRow(S::kInterNode, c.inter_node, InterChoices());
    if (c.inter_node != "none") IntRow(S::kNicsPerNode, c.nics_per_node);
    EndForm();
  }

  PricingConfig& p = App().scenario.pricing;
  SectionTitle(S::kPricing);
  if (BeginForm("pricing")) {
    ChoiceRow(S::kCurrency, p.currency, CurrencyChoices());
    DoubleRow(S::kPerGpuHour, p.per_gpu_hour, "%.2f");
    // The price the cost uses: the catalog's list price while the field is 0, so "0.00" never
    // stands next to a cost computed at $1.80.
    const CostReport& used = App().report.cost;
    if (App().report.errors.empty()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
      ImGui::TextWrapped("%s: %s / GPU-h (%s)", T(S::kPriceUsed), FmtMoney(used.per_gpu_hour, used.currency).c_str(),
                         T(p.per_gpu_hour > 0 ? S::kPriceYours : S::kPriceList));
      ImGui::PopStyleColor();
      MarkLastItem("price_used");
    }
    DoubleRow(S::kElectricity, p.electricity_per_kwh, "%.3f");
    DoubleRow(S::kPue, p.pue, "%.2f");
    EndForm();
  }
}

}  // namespace gpucfg::app
