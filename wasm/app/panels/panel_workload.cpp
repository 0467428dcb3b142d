// The workload and parallelism inputs: model preset, training or inference settings, and how the
// model is split over the GPUs. Rows bind to App().scenario fields (see widgets.h).
#include <algorithm>

#include "app.h"
#include "gpucfg.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

// Transformer presets, then the catalog's networks, then the generic network object ("generic").
// Transformer names are proper names (the same in both languages); a network's Chinese name says
// what it does (i18n_data.cpp's catalog names).
Choices ModelChoices(Lang lang) {
  Choices c;
  for (const ModelPreset& m : BuiltinCatalog().models) c.emplace_back(m.id, m.name);
  for (const NetworkPreset& n : BuiltinCatalog().networks) {
    const char* zh = lang == Lang::kZh ? CatalogNameZh("network", n.id) : nullptr;
    c.emplace_back(n.id, zh ? zh : n.name);
  }
  return c;
}

bool IsCatalogNetwork(const std::string& id) {
  for (const NetworkPreset& n : BuiltinCatalog().networks)
    if (EqualsIgnoreCase(n.id, id)) return true;
  return false;
}

// "" = the default model (no engine profile), then every catalog engine: its id and its name. In
// English the product's name (the catalog name up to its English description: "vLLM", "PyTorch
// FSDP"); in Chinese the product with what it is, in Chinese (i18n_data.cpp's catalog names).
Choices EngineChoices(Lang lang) {
  Choices c;
  c.emplace_back("", "");
  for (const EngineProfile& e : BuiltinCatalog().engines) {
    const char* zh = lang == Lang::kZh ? CatalogNameZh("engine", e.id) : nullptr;
    const std::string product = zh ? zh : e.name.substr(0, std::min(e.name.find(" ("), e.name.find(':')));
    c.emplace_back(e.id, e.id + "  \xc2\xb7  " + product);
  }
  return c;
}

// The model combo: a catalog id, or the generic network object (its totals start at the
// contract's example, ResNet-50 at 224 x 224: 25.6 M parameters, 8.2 GFLOPs, 110 MB).
void ModelRow(WorkloadConfig& w) {
  static Choices by_lang[2];  // English, Chinese: built once each
  Choices& models = by_lang[App().lang == Lang::kZh ? 1 : 0];
  if (models.empty()) {
    models = ModelChoices(App().lang);
    models.emplace_back("generic", T(S::kGenericNetwork));
  }
  if (!ChoiceRow(S::kModel, w.model, models)) return;
  w.arch_inline = false;
  w.generic_inline = w.model == "generic";
  if (w.generic_inline && w.generic.params <= 0) w.generic = GenericNetwork{25.6e6, 8.2, 1.1e8};
  // Networks run data-parallel only (Resolve refuses tp, pp, cp, ep > 1), and their rows are hidden.
  if (w.generic_inline || IsCatalogNetwork(w.model)) {
    ParallelismConfig& p = App().scenario.parallelism;
    p.tp = p.pp = p.cp = p.ep = 1;
    w.finetune = FinetuneConfig{};
  }
}

void DrawGenericRows(GenericNetwork& g) {
  DoubleRow(S::kGenericParamsM, g.params, "%.4g", 1e6);
  DoubleRow(S::kGenericGflops, g.forward_gflops_per_sample, "%.4g");
  DoubleRow(S::kGenericActMb, g.activation_bytes_per_sample, "%.4g", 1e6);
}

constexpr S kFinetuneLabels[] = {S::kFinetuneFull, S::kFinetuneLora, S::kFinetuneQlora};  // "", lora, qlora
constexpr S kTargetLabels[] = {S::kTargetsQv, S::kTargetsAttention, S::kTargetsAllLinear};
constexpr S kBaseLabels[] = {S::kBaseDefault};        // "" = by method; bf16, ... by name

// LoRA / QLoRA of a transformer (contract v2 workload.finetune).
void DrawFinetuneRows(FinetuneConfig& f) {
  EnumRow(S::kFinetune, f.method, kFinetuneMethodNames, kFinetuneLabels);
  if (f.method.empty()) return;
  IntRow(S::kLoraRank, f.rank, true);
  EnumRow(S::kLoraTargets, f.targets, kLoraTargetNames, kTargetLabels);
  EnumRow(S::kBasePrecision, f.base_precision, kBasePrecisionNames, kBaseLabels);
}

constexpr S kKindLabels[] = {S::kTraining, S::kInference};
constexpr S kRecomputeLabels[] = {S::kRecomputeNone, S::kRecomputeSelective, S::kRecomputeFull};

// Networks (catalog or generic) count samples: no sequence length, prompt or output tokens, and no
// fine-tuning (LoRA adapts a transformer's matrices).
void DrawTrainingRows(WorkloadConfig& w, bool network) {
  if (!network) IntRow(S::kSeqLen, w.seq_len, true);
  EnumRow(S::kOptimizer, w.optimizer, kOptimizerNames);
  IntRow(network ? S::kGlobalBatchSamples : S::kGlobalBatch, w.global_batch, true);
  IntRow(S::kMicroBatch, w.micro_batch, true);
  // The job's length: a token budget or a step count, never both (Resolve refuses both), so
  // setting one clears the other. Networks count samples, so only steps apply to them.
  if (network) {
    IntRow(S::kTrainStepsNetwork, w.train_steps);
    return;
  }
  if (DoubleRow(S::kTrainTokensB, w.train_tokens, "%.4g", 1e9) && w.train_tokens > 0) w.train_steps = 0;
  if (IntRow(S::kTrainSteps, w.train_steps) && w.train_steps > 0) w.train_tokens = 0;
  BoolRow(S::kFlashAttention, w.flash_attention);
  IntRow(S::kPackedSampleTokens, w.packed_sample_tokens);
  DrawFinetuneRows(w.finetune);
}

void DrawInferenceRows(WorkloadConfig& w, bool network) {
  IntRow(network ? S::kBatchSamples : S::kBatchPerCopyLabel, w.batch, true);
  // The batch is per model copy: say how many copies the GPUs hold and what that serves in all.
  const ResolvedSetup& setup = App().report.setup;
  if (App().report.errors.empty() && setup.dp > 0) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
    ImGui::TextWrapped(T(S::kBatchPerCopy), setup.dp, setup.dp * w.batch);
    ImGui::PopStyleColor();
    MarkLastItem("batch_per_copy");
  }
  if (network) return;
  IntRow(S::kPromptTokens, w.prompt_tokens, true);
  IntRow(S::kOutputTokens, w.output_tokens, true);
  EnumRow(S::kWeightPrecision, w.weight_precision, kWorkloadPrecisionNames);
  EnumRow(S::kKvPrecision, w.kv_precision, kWorkloadPrecisionNames);
}

// The model's overridable judgements (/speed, /memory), folded away by default: engineers checking
// a figure against their own measurement set them; customers never need to.
void DrawExpertRows(WorkloadKind kind) {
  ImGui::Spacing();
  const bool open = ImGui::CollapsingHeader(T(S::kExpert));
  MarkLastItem("expert");
  if (!open || !BeginForm("expert")) return;
  SpeedOptions& o = App().scenario.speed;
  MemoryOptions& m = App().scenario.memory;
  if (kind == WorkloadKind::kInference) {
    DoubleRow(S::kTpotTarget, o.tpot_target_ms, "%.0f");
    DoubleRow(S::kTtftTarget, o.ttft_target_ms, "%.0f");
  }
  DoubleRow(S::kSustained, o.sustained_efficiency, "%.2f");
  DoubleRow(S::kMatmulEff, o.matmul_efficiency, "%.2f");
  DoubleRow(S::kHbmEff, o.hbm_efficiency, "%.2f");
  if (kind == WorkloadKind::kTraining) {
    DoubleRow(S::kTpOverlap, o.tp_comm_overlap, "%.2f");
    DoubleRow(S::kDpOverlap, o.dp_overlap, "%.2f");
    DoubleRow(S::kFragmentation, m.fragmentation, "%.2f");
  }
  DoubleRow(S::kUsableGib, m.usable_gib, "%.1f");
  DoubleRow(S::kClockFactor, o.clock_factor, "%.2f");
  EndForm();
}

}  // namespace

void DrawWorkloadPanel() {
  WorkloadConfig& w = App().scenario.workload;
  SectionTitle(S::kWorkload);
  const bool network = w.generic_inline || IsCatalogNetwork(w.model);
  if (BeginForm("workload")) {
    ModelRow(w);
    if (w.generic_inline) DrawGenericRows(w.generic);
    EnumRow(S::kKind, w.kind, kWorkloadKindNames, kKindLabels);
    static Choices engines_by_lang[2];  // English, Chinese: built once each
    Choices& engines = engines_by_lang[App().lang == Lang::kZh ? 1 : 0];
    if (engines.empty()) {
      engines = EngineChoices(App().lang);
      engines.front().second = T(S::kEngineDefault);
    }
    ChoiceRow(S::kEngine, w.engine, engines);
    EnumRow(S::kPrecision, w.precision, kWorkloadPrecisionNames);
    if (w.kind == WorkloadKind::kTraining) DrawTrainingRows(w, network);
    else DrawInferenceRows(w, network);
    EndForm();
  }
  DrawImportPanel();

  ParallelismConfig& p = App().scenario.parallelism;
  SectionTitle(S::kParallelism);
  if (network) {
    ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
    ImGui::TextWrapped("%s", T(S::kNetworkNote));
    ImGui::PopStyleColor();
  } else if (BeginForm("parallelism")) {
    IntRow(S::kTp, p.tp, true);
    IntRow(S::kPp, p.pp, true);
    IntRow(S::kDp, p.dp, true);
    if (w.kind == WorkloadKind::kTraining) {
      IntRow(S::kZero, p.zero);
      BoolRow(S::kSequenceParallel, p.sequence_parallel);
      EnumRow(S::kRecompute, p.recompute, kRecomputeNames, kRecomputeLabels);
      if (p.pp > 1) IntRow(S::kInterleave, p.interleave);
      IntRow(S::kCp, p.cp, true);
      // Only mixture-of-experts models (imported or inline; the presets are dense) have experts to split.
      if (w.arch_inline && w.arch.experts > 1) IntRow(S::kEp, p.ep, true);
    }
    EndForm();
  }
  if (w.kind == WorkloadKind::kInference) DrawServingPanel();
  DrawExpertRows(w.kind);
}

}  // namespace gpucfg::app
