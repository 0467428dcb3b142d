// The workload and parallelism inputs: model preset, training or inference settings, and how the
// model is split over the GPUs. Rows bind to App().scenario fields (see widgets.h).
#include "app.h"
#include "catalog/catalog.h"
#include "imgui.h"
#include "contract/scenario_fields.h"
#include "widgets.h"

namespace gpucfg::app {
namespace {

Choices ModelChoices() {
  Choices c;
  for (const ModelPreset& m : BuiltinCatalog().models) c.emplace_back(m.id, m.name);
  return c;
}

constexpr S kKindLabels[] = {S::kTraining, S::kInference};
constexpr S kRecomputeLabels[] = {S::kRecomputeNone, S::kRecomputeSelective, S::kRecomputeFull};

void DrawTrainingRows(WorkloadConfig& w) {
  IntRow(S::kSeqLen, w.seq_len, true);
  EnumRow(S::kOptimizer, w.optimizer, kOptimizerNames);
  IntRow(S::kGlobalBatch, w.global_batch, true);
  IntRow(S::kMicroBatch, w.micro_batch, true);
  DoubleRow(S::kTrainTokensB, w.train_tokens, "%.4g", 1e9);
  BoolRow(S::kFlashAttention, w.flash_attention);
}

void DrawInferenceRows(WorkloadConfig& w) {
  IntRow(S::kBatch, w.batch, true);
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
  if (BeginForm("workload")) {
    static const Choices models = ModelChoices();
    if (ChoiceRow(S::kModel, w.model, models)) w.arch_inline = false;
    EnumRow(S::kKind, w.kind, kWorkloadKindNames, kKindLabels);
    EnumRow(S::kPrecision, w.precision, kWorkloadPrecisionNames);
    if (w.kind == WorkloadKind::kTraining) DrawTrainingRows(w);
    else DrawInferenceRows(w);
    EndForm();
  }

  ParallelismConfig& p = App().scenario.parallelism;
  SectionTitle(S::kParallelism);
  if (BeginForm("parallelism")) {
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
  DrawExpertRows(w.kind);
}

}  // namespace gpucfg::app
