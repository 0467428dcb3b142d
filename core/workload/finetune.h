// Parameter-efficient fine-tuning (LoRA, QLoRA): which matrices carry adapters, how many adapter
// parameters that makes, and what the frozen base weighs in its storage format. LoRA adds
// B (d_out x r) A (r x d_in) beside each adapted matrix (Hu et al. 2021, arXiv 2106.09685);
// QLoRA stores the frozen base in 4-bit NormalFloat with double quantisation and trains 16-bit
// adapters with a paged optimizer (Dettmers et al. 2023, arXiv 2305.14314). Pure arithmetic.
#pragma once

#include <string_view>

#include "base/precision.h"
#include "workload/model.h"

namespace gpucfg {

enum class FinetuneMethod { kNone, kLora, kQlora };
enum class LoraTargets { kQv, kAttention, kAllLinear };
// Storage of the frozen base: nf4 is not a compute precision, so it has its own enum.
enum class BaseFormat { kBf16, kFp16, kInt8, kNf4, kInt4 };

struct FinetuneSpec {
  FinetuneMethod method = FinetuneMethod::kNone;
  int rank = 16;
  LoraTargets targets = LoraTargets::kAttention;
  BaseFormat base = BaseFormat::kBf16;
  bool active() const { return method != FinetuneMethod::kNone; }
};

// Adapter parameters of one layer: r x (d_in + d_out) per adapted matrix (Hu et al. 2021 sec. 4).
// MoE layers with all-linear targets adapt every expert's MLP.
double AdapterParamsPerLayer(const TransformerArch& a, const FinetuneSpec& f);
// Adapted matrices per layer (each adds two small GEMMs forward and four backward).
int AdaptedMatricesPerLayer(const TransformerArch& a, const FinetuneSpec& f);
// Bytes per frozen base parameter of the blocks' linear layers, quantisation constants included:
// nf4: 4 bits + double-quantised constants, 8/64 + 32/(64 x 256) = 0.127 bits (Dettmers 2023
// sec. 3, blocks of 64 weights, 256 constants per second-level block); int8: one fp16 scale per
// row (LLM.int8(), Dettmers 2022); int4: an fp16 scale + 4-bit zero per `int4_group` weights.
double BaseBytesPerParam(BaseFormat b, int hidden, int int4_group);
std::string_view BaseFormatName(BaseFormat b);

}  // namespace gpucfg
