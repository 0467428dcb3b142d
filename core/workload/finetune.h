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
  bool bnb_keeps_inputs = false;  // bitsandbytes < 0.43.2 (BaseKeepsLinearInputs)
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

// Whether the frozen base's matmul keeps each quantised linear's 16-bit input for backward although
// the weight is frozen: bitsandbytes' own autograd functions store it on ctx (autograd/_functions.py:
// MatMul4Bit `ctx.tensors = (A, B)` up to 0.43.1, `(None, B)` from 0.43.2, PR #1270 "delete useless
// buffered activation": `bnb_keeps_inputs`; MatMul8bitLt keeps A in every release, and before 0.45
// also its int8 copy CAt, a byte per element, not counted). A frozen torch Linear keeps no input:
// PyTorch's autograd codegen saves a tensor only for the gradients that are needed
// (tools/autograd/gen_variable_type.py, guard_for); neither do GPTQ kernels, which dequantise the
// weight in torch ops on buffers (AutoGPTQ qlinear_cuda_old.py), nor torchao's LinearNF4.
inline bool BaseKeepsLinearInputs(const FinetuneSpec& f) {  // inline: the memory model asks per candidate
  return f.active() && ((f.base == BaseFormat::kNf4 && f.bnb_keeps_inputs) || f.base == BaseFormat::kInt8);
}
// Whether the frozen base is stored quantised, so each GEMM first dequantises a weight to 16 bits
// (bitsandbytes dequantize_4bit / MatMul8bitLt's backward, torchao NF4Tensor.to, GPTQ kernels).
inline bool BaseIsQuantized(const FinetuneSpec& f) {
  return f.active() && (f.base == BaseFormat::kNf4 || f.base == BaseFormat::kInt8 || f.base == BaseFormat::kInt4);
}

}  // namespace gpucfg
