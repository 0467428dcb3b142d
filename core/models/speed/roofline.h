// The roofline of one GPU and the per-operation cost of a transformer layer on it.
// Ceilings come from the catalog's datasheet peaks, derated to what real kernels reach (published
// matmul and STREAM microbenchmarks, shared/calibration); each op gets its FLOPs, HBM bytes,
// arithmetic intensity, attainable rate and time (Williams, Waterman & Patterson 2009, CACM 52(4)).
// Not here: communication (collectives.h) and how ops add up to a step (performance.h).
// No allocation, no I/O: plain structs and fixed arrays.
#pragma once

#include <array>
#include <string_view>

#include "contract/report_speed.h"
#include "resolve/device.h"
#include "workload/model.h"
#include "base/precision.h"
#include "contract/scenario.h"

namespace gpucfg {

// Efficiency that real kernels reach (fractions of the datasheet figure).
double MatmulEfficiency(const EffectiveDevice& device, Precision p, const SpeedOptions& o);
double HbmEfficiency(const EffectiveDevice& device, const SpeedOptions& o);
double SustainedEfficiency(const SpeedOptions& o);

RooflineCeiling Ceiling(const EffectiveDevice& device, Precision p, bool sparse, const SpeedOptions& o = {});

RooflineChart ChartFor(const EffectiveDevice& device, bool sparse, const SpeedOptions& o = {});

// Attainable TFLOP/s at an arithmetic intensity (FLOP/byte) under one ceiling.
double AttainableTflops(const RooflineCeiling& c, double flops_per_byte);

// Fraction of the best GEMM rate a (batch x) m x n x k GEMM reaches: tile and wave quantisation
// over the SMs, a short-K penalty, and a penalty for dimensions not multiples of 16 bytes.
double GemmShapeEfficiency(double m, double n, double k, double batch, int sms, Precision p);
// The same for a weight gradient (output m x n, reduction k over the batch's rows): an output of
// fewer tiles than SMs splits its long reduction over CTAs (split-K), each slice ending in an fp32
// partial sum.
double WgradShapeEfficiency(double m, double n, double k, double batch, int sms, Precision p);

// [SECTION] Per-op layer costs -------------------------------------------------------------------

enum class Phase { kTraining, kPrefill, kDecode };

enum class OpKind : int {
  kQkv, kAttnScore, kSoftmax, kAttnContext, kOutProj, kMlpUp, kMlpDown, kNorm, kElementwise
};
inline constexpr std::array<std::string_view, kLayerOpCount> kOpNames = {
    "qkv", "attn_score", "softmax", "attn_context", "out_proj", "mlp_up", "mlp_down", "norm",
    "elementwise"};

struct OpCost {
  double flops = 0;                  // forward FLOPs on one GPU
  double bytes = 0;                  // forward HBM traffic on one GPU
  double intensity = 0;              // FLOP / byte
  double attainable_tflops = 0;      // min(compute roof with shape efficiency, intensity x HBM)
  double time_s = 0;                 // forward time on one GPU, incl. launch overhead
  bool compute_bound = false;
  double backward_time_s = 0;        // training only: this op's backward on one GPU (dgrad + wgrad,
                                     // FlashAttention backward, norm/activation backward), incl.
                                     // launch overhead; 0 when the shape's phase is not training
};

// One layer's forward pass on one GPU of a tensor-parallel group.
struct LayerCost {
  std::array<OpCost, kLayerOpCount> ops{};
  double flops = 0;                  // sum of ops (executed: causal flash halves attention)
  double time_s = 0;                 // sum of op times
  double attention_time_s = 0;       // score + softmax + context (what selective recompute redoes)
  double backward_time_s = 0;        // training: sum of op backward times (0 otherwise)
};

struct LayerShape {
  double batch = 1;                  // sequences in flight on this GPU
  double q_tokens = 1;               // new tokens per sequence (seq_len; 1 when decoding)
  double context = 1;                // keys attended per query token
  int tp = 1;
  bool sequence_parallel = false;    // norms/elementwise split over tp (Korthikanti 2022)
  bool flash = true;
  bool causal = true;
  bool key_tiled = true;              // the attention kernel loops over key tiles (FlashAttention
                                      // family), its rate rising with the keys (roofline.cpp); false:
                                      // a fused kernel built for the whole sequence (TensorRT BERT)
  bool dropout = false;               // training with dropout adds a masked stream per residual
  Phase phase = Phase::kTraining;     // training also fills the backward times
  // [engines, issue 9] LoRA adapters beside the layer's linear layers (0 = none): their two small
  // GEMMs, dropout, scale and add per adapted matrix, priced into the elementwise op.
  int lora_rank = 0;
  int lora_targets = 1;               // 0 qv, 1 attention (q, k, v, o), 2 all-linear
  double lm_head_fraction = 1;        // training: share of positions the vocabulary head computes
                                      // (keys the pass's logits, cached with the layer)
  bool operator==(const LayerShape&) const = default;  // ModelCache keys (exact inputs)
};

// Precisions: `gemm` for the linear layers, `act` for activations/attention (FP8 recipes keep
// attention in 16-bit: Transformer Engine), `weight_bytes`/`kv_bytes` for storage.
struct LayerPrecision {
  Precision gemm = Precision::kBf16;
  Precision attn = Precision::kBf16;
  double act_bytes = 2, weight_bytes = 2, kv_bytes = 2;
  bool operator==(const LayerPrecision&) const = default;  // ModelCache keys (exact inputs)
};

struct DeviceRates {                 // the ceilings a layer sees, resolved once per evaluation
  RooflineCeiling gemm, attn;
  double vector_tflops = 0;          // non-Tensor-Core rate for softmax/norms (FP32 peak)
  double attention_efficiency = 0.6;
  double attention_backward_efficiency = 0.52;  // FlashAttention-2 backward (see RatesFor)
  double kernel_overhead_s = 2e-6;
  int sms = 108;
  // [engines, issue 9] an engine's habits and LoRA/QLoRA (1 / false / 0 = the default model).
  double norm_traffic = 1.0;         // HBM traffic of the norms / a fused norm's (eager fp32 RMSNorm: 9)
  double elementwise_traffic = 1.0;  // activation, residual, rotary traffic / fused kernels'
  bool frozen_weights = false;       // LoRA/QLoRA: GEMM backward is dgrad only (no weight gradient)
  double dequant_bytes = 0;          // QLoRA: bytes per weight to dequantise before each GEMM pass
  bool operator==(const DeviceRates&) const = default;  // ModelCache keys (exact inputs)
};
DeviceRates RatesFor(const EffectiveDevice& device, const LayerPrecision& lp, bool sparse, const SpeedOptions& o);

// The tile x wave utilisation of the tokens x hidden GEMM output (batch 1): out_proj's forward and
// the dgrad of qkv, mlp_up and the logits have it at every tensor-parallel degree, so layer passes
// over the same tokens, hidden size and device (and the logits) can compute it once. util < 0:
// not yet computed; a pass over other tokens or hidden size resets it.
struct TokensHiddenUtil {
  long long tokens = -1, hidden = -1;
  double util = -1;
};

LayerCost LayerForward(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                       const DeviceRates& d);
// The same, sharing `shared` with other passes on the same device rates (nullptr: none).
LayerCost LayerForward(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                       const DeviceRates& d, TokensHiddenUtil* shared);

// The vocabulary projection (logits GEMM) for `tokens` tokens, split over tp. Training adds the
// vocab-parallel cross-entropy (fp32 softmax over the logits) and fills backward_time_s.
// `shared`: as for LayerForward, with the same device rates.
OpCost LogitsForward(const TransformerArch& a, double tokens, int tp, const LayerPrecision& lp,
                     const DeviceRates& d, Phase phase = Phase::kTraining,
                     TokensHiddenUtil* shared = nullptr);

}  // namespace gpucfg
