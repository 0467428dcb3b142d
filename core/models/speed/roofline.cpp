// Roofline ceilings per GPU and precision, GEMM shape efficiency, and the per-op cost of one
// transformer layer (Williams, Waterman & Patterson 2009; per-op accounting as in LLM-Viewer,
// Yuan et al. 2024 arXiv 2402.16363, and llm-analysis). Constants that are judgements say so.
#include "models/speed/roofline.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "base/units.h"

namespace gpucfg {
namespace {

// Best dense 16-bit GEMM / peak when the catalog has no measurement. Measured rows (Bekman, ML
// Engineering "MAMF" table): A100 0.869, H100 0.803, B200 0.776. Volta: Jia et al. 2018
// (arXiv 1804.06826) measure cuBLAS HGEMM at roughly three quarters of the 125 TFLOP/s peak.
// Turing/Ada: judgement (clock-throttled PCIe boards land lower than SXM parts).
double ArchMatmulDefault(std::string_view arch) {
  if (arch.starts_with("Volta")) return 0.75;
  if (arch.starts_with("Turing")) return 0.70;
  if (arch.starts_with("Ampere")) return 0.85;
  if (arch.starts_with("Ada")) return 0.75;
  if (arch.starts_with("Hopper")) return 0.80;
  if (arch.starts_with("Blackwell")) return 0.776;
  return 0.75;
}

// Relative to the 16-bit figure. FP8: H100 MAMF 1402.6/1979 = 0.709 vs BF16 0.803 -> 0.88
// (Bekman MAMF table). TF32: judgement 0.9. FP32/FP64 SIMT and FP64 Tensor Core: cuBLAS
// SGEMM/DGEMM reach ~90% of peak (NVIDIA cuBLAS performance pages), absolute.
double PrecisionFactor(Precision p, double base16) {
  switch (p) {
    case Precision::kFp8:
    case Precision::kInt8:
    case Precision::kInt4: return base16 * 0.88;
    case Precision::kTf32: return base16 * 0.90;
    case Precision::kFp32:
    case Precision::kFp64:
    case Precision::kFp64Tc: return 0.90;
    default: return base16;
  }
}

// Tile shapes cuBLAS/CUTLASS pick among, with their relative per-SM throughput (smaller tiles
// re-read operands more often). Judgement, after NVIDIA's "Matrix Multiplication Background"
// guide (tile and wave quantisation). The last, 16 rows, is the smallest a Tensor Core MMA pads a
// skinny (decode, m < 64) GEMM to: mma.sync m16n8k16 (PTX ISA, Warp-level matrix shapes), as
// CUTLASS's and tinygemm's small-M kernels tile it; its speed 0.45 (J: operand reuse per tile
// 16x128/(16+128) = 14 vs 32 for 64x64, so well below 64x64's 0.70).
struct Tile { double m, n, speed; };
constexpr Tile kTiles[] = {{256, 128, 1.0}, {128, 128, 0.95}, {128, 64, 0.85}, {64, 64, 0.70}, {16, 128, 0.45}};

double TimeOf(double flops, double bytes, double tflops, double gbps) {
  double tc = tflops > 0 ? flops / (tflops * kFlopsPerTflop) : 0;
  double tm = gbps > 0 ? bytes / (gbps * kBytesPerGB) : 0;
  return std::max(tc, tm);
}

// Fills one op from its FLOPs, bytes and the compute rate it can reach.
OpCost MakeOp(double flops, double bytes, double rate_tflops, const DeviceRates& d, int kernels) {
  OpCost op;
  op.flops = flops;
  op.bytes = bytes;
  op.intensity = bytes > 0 ? flops / bytes : 0;
  double roof_c = rate_tflops, roof_m = op.intensity * d.gemm.achievable_hbm_gbps / 1000.0;
  op.compute_bound = bytes <= 0 || roof_c <= roof_m;
  op.attainable_tflops = bytes > 0 ? std::min(roof_c, roof_m) : roof_c;
  op.time_s = TimeOf(flops, bytes, rate_tflops, d.gemm.achievable_hbm_gbps) +
              (flops + bytes > 0 ? kernels * d.kernel_overhead_s : 0);
  return op;
}

// 16-bit activations between kernels: FP8 recipes cast only GEMM inputs to 8 bits and keep
// norms, activation functions, residuals and attention I/O in BF16 (Transformer Engine docs,
// "Using FP8 with Transformer Engine"; TensorRT-LLM FP8 likewise quantizes GEMM inputs only).
double StreamBytes(const LayerPrecision& lp) { return std::max(2.0, lp.act_bytes); }

// [SECTION] GEMM shape efficiency (hot path: a few dozen per evaluation) --------------------------

using i64 = long long;

// One GEMM dimension as the tile arithmetic reads it, converted once per GEMM (its forward, dgrad
// and wgrad passes permute the same three).
struct Dim {
  double v;
  i64 i;        // nearest integer
  bool exact;   // v is that integer
};
Dim DimOf(double v) {
  const i64 i = i64(v + 0.5);
  return {v, i, double(i) == v};
}

// What every pass of a GEMM shares: batch count, SMs, and the alignment mask of the precision.
struct ShapeCommon {
  i64 batch, sms, align_mask;
};
ShapeCommon CommonOf(double batch, int sms, Precision p) {
  // Tensor Cores want rows of 16 bytes (NVIDIA Deep Learning Performance Guide, "Tensor Core
  // requirements"). align is a power of two (16 bytes over 0.5-8 byte elements): a mask tests it.
  const i64 align = BytesPerElement(p) >= 1 ? i64(16 / BytesPerElement(p)) : 32;
  return {batch > 1 ? i64(batch + 0.5) : 1, sms > 0 ? sms : 108, align - 1};
}

// One tile of the search below, its sizes compile-time constants (the ceiling divisions become
// shifts). Returns false where the search stops: with whole m and n no utilisation exceeds 1, so a
// tile no faster than the best found so far cannot beat it (exact: rounding is monotone).
template <i64 TM, i64 TN>
bool TryTile(const Dim& m, const Dim& n, double mn, double speed, bool whole, const ShapeCommon& c,
             double& best) {
  if (whole && speed <= best) return false;
  const i64 tm = (m.i + TM - 1) / TM, tn = (n.i + TN - 1) / TN;
  const double tile_util = mn / (double(tm) * double(TM) * double(tn) * double(TN));
  // wave_util <= 1 bounds this tile by tile_util x speed (exact: rounding is monotone), so a
  // tile that cannot beat the best even with full waves skips the wave division.
  if (tile_util * speed <= best) return true;
  const i64 tiles = tm * tn * c.batch, waves = (tiles + c.sms - 1) / c.sms;
  const double wave_util = double(tiles) / double(waves * c.sms);
  best = std::max(best, tile_util * wave_util * speed);
  return true;
}

// Best tile x wave utilisation of an m x n output (tile and wave quantisation), over kTiles in order.
double TileWaveUtil(const Dim& m, const Dim& n, const ShapeCommon& c) {
  const double mn = m.v * n.v;
  const bool whole = m.exact && n.exact && mn < 0x1p53;
  double best = 0;
  constexpr Tile t0 = kTiles[0], t1 = kTiles[1], t2 = kTiles[2], t3 = kTiles[3], t4 = kTiles[4];
  static_assert(std::size(kTiles) == 5, "TileWaveUtil tries each tile of kTiles");
  TryTile<i64(t0.m), i64(t0.n)>(m, n, mn, t0.speed, whole, c, best) &&
      TryTile<i64(t1.m), i64(t1.n)>(m, n, mn, t1.speed, whole, c, best) &&
      TryTile<i64(t2.m), i64(t2.n)>(m, n, mn, t2.speed, whole, c, best) &&
      TryTile<i64(t3.m), i64(t3.n)>(m, n, mn, t3.speed, whole, c, best) &&
      TryTile<i64(t4.m), i64(t4.n)>(m, n, mn, t4.speed, whole, c, best);
  return best;
}

// The tile x wave utilisation of one whole m x n output at batch 1 that several GEMMs share
// (TokensHiddenUtil, roofline.h): tokens x hidden is out_proj's forward and the dgrad of qkv,
// mlp_up and the logits (and of out_proj without tensor parallelism). The first fills it.
using SharedUtil = TokensHiddenUtil;

// Fraction of the best GEMM rate an m x n x k GEMM reaches (m, n, k > 0). `epilogue`: the fixed
// per-tile cost of writing C, in K-steps (32 for a 16-bit C).
double ShapeEff(const Dim& m, const Dim& n, const Dim& k, const ShapeCommon& c, double epilogue,
                SharedUtil* shared = nullptr) {
  double best;
  if (shared && m.exact && n.exact && m.i == shared->tokens && n.i == shared->hidden && c.batch == 1) {
    if (shared->util < 0) shared->util = TileWaveUtil(m, n, c);
    best = shared->util;
  } else {
    best = TileWaveUtil(m, n, c);
  }
  // Short K: the epilogue (writing C) is a fixed cost per tile worth ~32 K-steps (judgement).
  double k_ramp = k.v / (k.v + epilogue);
  // Misaligned n or k falls back to slower kernels (judgement: 0.6).
  bool aligned = ((n.i | k.i) & c.align_mask) == 0;
  return best * k_ramp * (aligned ? 1.0 : 0.6);
}

double ShapeEff(double m, double n, double k, double batch, int sms, Precision p, double epilogue) {
  if (m <= 0 || n <= 0 || k <= 0) return 1.0;
  return ShapeEff(DimOf(m), DimOf(n), DimOf(k), CommonOf(batch, sms, p), epilogue);
}

// A weight gradient reduces over the batch's rows (tokens; N x P x Q for a convolution) into a
// small output: few tiles, a long K. Its kernels split that sum over CTAs: cuDNN's backward-filter
// algorithms 0 and 3 compute "a sum of matrix products ... done using the atomic add" (NVIDIA
// cuDNN API reference, cudnnConvolutionBwdFilterAlgo_t), CUTLASS's implicit-GEMM wgrad takes
// split_k_slices (CUTLASS media/docs/implicit_gemm_convolution.md). An output of fewer tiles than
// SMs runs s slices: s times the tiles over the SMs, each slice K / s long and ending in an fp32
// partial sum (a 4-byte C: 128 K-steps, as Gemm's accumulating wgrad below). s is taken where the
// slices fill 1-4 whole waves (the library's heuristic picks among such splits); the unsplit shape,
// with its own `epilogue`, stays a candidate.
constexpr int kSplitKWaves = 4;
constexpr double kSplitKEpilogue = 128.0;

double SplitKShapeEff(const Dim& m, const Dim& n, const Dim& k, const ShapeCommon& c, double epilogue) {
  double best = ShapeEff(m, n, k, c, epilogue);
  const bool aligned = ((n.i | k.i) & c.align_mask) == 0;
  for (const Tile& t : kTiles) {
    const i64 tm = (m.i + i64(t.m) - 1) / i64(t.m), tn = (n.i + i64(t.n) - 1) / i64(t.n);
    const i64 tiles = tm * tn * c.batch;
    if (tiles >= c.sms) continue;  // a whole wave already: nothing to split for
    const double tile_util = m.v * n.v / (double(tm) * t.m * double(tn) * t.n);
    for (int waves = 1; waves <= kSplitKWaves; ++waves) {
      const i64 slices = waves * c.sms / tiles;  // the most slices that fit `waves` waves
      if (slices < 2) continue;
      const double slice_k = k.v / double(slices);
      const double wave_util = double(tiles * slices) / double(waves * c.sms);
      const double k_ramp = slice_k / (slice_k + kSplitKEpilogue);
      best = std::max(best, tile_util * wave_util * t.speed * k_ramp * (aligned ? 1.0 : 0.6));
    }
  }
  return best;
}

// The shape efficiencies of a GEMM's forward, dgrad and wgrad passes (the last two with backward).
struct GemmEffs { double fwd = 0, dgrad = 0, wgrad = 0; };

// Forward m x n x k, dgrad m x k x n, wgrad k x n x m: the dimensions are converted once.
GemmEffs EffsOf(double m, double n, double k, double batch, Precision p, int sms, bool backward,
                SharedUtil* shared = nullptr) {
  GemmEffs e;
  if (m <= 0 || n <= 0 || k <= 0) {
    e.fwd = 1.0;
    if (backward) e.dgrad = e.wgrad = 1.0;
    return e;
  }
  const Dim dm = DimOf(m), dn = DimOf(n), dk = DimOf(k);
  const ShapeCommon c = CommonOf(batch, sms, p);
  e.fwd = ShapeEff(dm, dn, dk, c, 32.0, shared);
  if (backward) {
    e.dgrad = ShapeEff(dm, dk, dn, c, 32.0, shared);
    e.wgrad = SplitKShapeEff(dk, dn, dm, c, 128.0);
  }
  return e;
}

// Time of an op whose roofline point is not reported (a backward pass): MakeOp's time alone.
double OpTime(double flops, double bytes, double rate_tflops, const DeviceRates& d, int kernels) {
  return TimeOf(flops, bytes, rate_tflops, d.gemm.achievable_hbm_gbps) +
         (flops + bytes > 0 ? kernels * d.kernel_overhead_s : 0);
}

// A dense GEMM (m x k) * (k x n), batched, weights or second operand of `b_bytes` per element.
// With `backward`, also its backward: dX = dY W^T (m x k, reduction over n) and dW = X^T dY
// (k x n, reduction over m) at their own shapes (the tp-split per-GPU shapes the caller passes).
// Megatron accumulates dW into fp32 main grads inside the wgrad GEMM (gradient_accumulation_fusion,
// Megatron-LM core/tensor_parallel/layers.py): its epilogue reads and writes 4-byte C, 4x the
// bytes of a 16-bit C write, so its fixed per-tile epilogue is taken as 4x (128 K-steps).
OpCost Gemm(double m, double n, double k, double batch, double act_b, double b_bytes,
            const RooflineCeiling& c, const DeviceRates& d, bool backward, const GemmEffs& eff) {
  double flops = 2.0 * m * n * k * batch;
  double bytes = batch * (m * k * act_b + k * n * b_bytes + m * n * act_b);
  OpCost op = MakeOp(flops, bytes, c.sustained_tflops * eff.fwd, d, 1);
  if (d.dequant_bytes > 0) {
    // QLoRA: bitsandbytes dequantises the 4-bit weight to a 16-bit copy before every GEMM pass (read
    // the packed weight and constants, write 16 bits: Dettmers et al. 2023 sec. 3), one kernel.
    const double dq = OpTime(0, batch * k * n * d.dequant_bytes, c.sustained_tflops, d, 1);
    op.time_s += dq;
    if (backward) op.backward_time_s += dq;
  }
  if (backward) {
    double wgrad_bytes = batch * (m * k * act_b + m * n * act_b + 8.0 * k * n);
    op.backward_time_s += OpTime(flops, bytes, c.sustained_tflops * eff.dgrad, d, 1);
    // A frozen weight (LoRA/QLoRA base) takes no weight gradient: dgrad only (Hu et al. 2021).
    if (!d.frozen_weights) op.backward_time_s += OpTime(flops, wgrad_bytes, c.sustained_tflops * eff.wgrad, d, 1);
  }
  return op;
}

OpCost Gemm(double m, double n, double k, double batch, double act_b, double b_bytes,
            const RooflineCeiling& c, const DeviceRates& d, bool backward = false,
            SharedUtil* shared = nullptr) {
  return Gemm(m, n, k, batch, act_b, b_bytes, c, d, backward,
              EffsOf(m, n, k, batch, c.precision, d.sms, backward, shared));
}

// An efficiency override below 1% is read as 1%: no real kernel is slower, and the floor keeps
// step times finite for any value the scenario's [0, 1] range lets through.
double Floored(double efficiency) { return std::max(efficiency, 0.01); }

}  // namespace

double MatmulEfficiency(const EffectiveDevice& device, Precision p, const SpeedOptions& o) {
  double base = o.matmul_efficiency > 0   ? Floored(o.matmul_efficiency)
                : device.matmul_efficiency > 0 ? device.matmul_efficiency
                                            : ArchMatmulDefault(device.architecture);
  return PrecisionFactor(p, base);
}

// STREAM-like kernels reach 0.86-0.97 of datasheet HBM bandwidth (te42kyfo/gpu-benches: V100
// triad 814/900, A100-80 1759/2039, H100 PCIe 1832/2000); 0.90 where the catalog has none.
double HbmEfficiency(const EffectiveDevice& device, const SpeedOptions& o) {
  if (o.hbm_efficiency > 0) return Floored(o.hbm_efficiency);
  return device.hbm_efficiency > 0 ? device.hbm_efficiency : 0.90;
}

// Tensor Core kernels in a running job reach less than the same kernel looped alone, which is what
// the matmul efficiency above measures (MAMF is the best of a shape sweep, warm caches, one kernel
// at a time). In a job NCCL kernels take SMs and HBM while they overlap compute (compute runs
// 18.9% slower on average while overlapped: Lee et al. 2025, arXiv 2507.03114) and boards hold
// their power limit for hours. Default 0.85 is a judgement checked, not fitted per case, against
// the published training and inference runs in shared/calibration (modelled / measured time with
// 1.0 here: median 0.85, range 0.77-0.91 over nine compute-bound end-to-end cases).
double SustainedEfficiency(const SpeedOptions& o) {
  return o.sustained_efficiency > 0 ? Floored(o.sustained_efficiency) : 0.85;
}

RooflineCeiling Ceiling(const EffectiveDevice& device, Precision p, bool sparse, const SpeedOptions& o) {
  RooflineCeiling c;
  c.precision = p;
  const PeakRate& rate = device.peak_tflops[static_cast<int>(p)];
  c.peak_tflops = sparse && rate.sparse > 0 ? rate.sparse : rate.dense;
  c.matmul_efficiency = MatmulEfficiency(device, p, o);
  c.hbm_efficiency = HbmEfficiency(device, o);
  c.achievable_tflops = c.peak_tflops * c.matmul_efficiency;
  c.sustained_efficiency = SustainedEfficiency(o);
  c.sustained_tflops = c.achievable_tflops * c.sustained_efficiency;
  c.hbm_gbps = device.hbm_gbps;
  c.achievable_hbm_gbps = device.hbm_gbps * c.hbm_efficiency;
  // Ridge point: FLOP/byte where the compute roof meets the bandwidth slope (Williams 2009).
  if (c.achievable_hbm_gbps > 0) c.ridge_flops_per_byte = c.achievable_tflops * 1000.0 / c.achievable_hbm_gbps;
  if (c.hbm_gbps > 0) c.peak_ridge_flops_per_byte = c.peak_tflops * 1000.0 / c.hbm_gbps;
  return c;
}

RooflineChart ChartFor(const EffectiveDevice& device, bool sparse, const SpeedOptions& o) {
  RooflineChart chart;
  for (int i = 0; i < kPrecisionCount; ++i) {
    if (device.peak_tflops[i].dense <= 0) continue;
    chart.ceilings[chart.count++] = Ceiling(device, static_cast<Precision>(i), sparse, o);
  }
  return chart;
}

// Attainable = min(compute roof, intensity x bandwidth) (Williams 2009).
double AttainableTflops(const RooflineCeiling& c, double flops_per_byte) {
  return std::min(c.achievable_tflops, flops_per_byte * c.achievable_hbm_gbps / 1000.0);
}

double GemmShapeEfficiency(double m, double n, double k, double batch, int sms, Precision p) {
  return ShapeEff(m, n, k, batch, sms, p, 32.0);
}

double WgradShapeEfficiency(double m, double n, double k, double batch, int sms, Precision p) {
  if (m <= 0 || n <= 0 || k <= 0) return 1.0;
  return SplitKShapeEff(DimOf(m), DimOf(n), DimOf(k), CommonOf(batch, sms, p), 32.0);
}


DeviceRates RatesFor(const EffectiveDevice& device, const LayerPrecision& lp, bool sparse, const SpeedOptions& o) {
  DeviceRates d;
  d.gemm = Ceiling(device, lp.gemm, sparse, o);
  d.attn = Ceiling(device, lp.attn, false, o);
  if (d.attn.peak_tflops <= 0) d.attn = Ceiling(device, Precision::kFp16, false, o);
  if (d.attn.peak_tflops <= 0) d.attn = Ceiling(device, Precision::kFp32, false, o);
  d.vector_tflops = device.peak_tflops[static_cast<int>(Precision::kFp32)].dense;
  // FlashAttention-2 reaches 50-73% of A100 peak forward (Dao 2023, arXiv 2307.08691);
  // FlashAttention-3 ~75% on H100 (Shah et al. 2024, arXiv 2407.08608). Default 0.60.
  d.attention_efficiency = o.attention_efficiency > 0 ? Floored(o.attention_efficiency) : 0.60;
  // Backward runs at a lower fraction of peak: "up to 73% ... forward, up to 63% backward" on A100
  // (Dao 2023, sec. 4.1), so backward efficiency = forward x 63/73 (0.52 at the default 0.60); an
  // attention_efficiency override scales both.
  d.attention_backward_efficiency = d.attention_efficiency * (63.0 / 73.0);
  d.kernel_overhead_s = o.kernel_overhead_us * 1e-6;
  d.sms = device.sms > 0 ? device.sms : 132;
  return d;
}

namespace {

// The architecture's derived widths (model.cpp, out of line), read once per layer.
struct Widths { int head_dim, kv_heads, ffn; };

// A fused (flash) kernel's rate against the key length it runs over, relative to the 2,048 keys
// its efficiency figure is quoted at. Each query tile's fixed work (loading Q, rescaling and
// writing O) is amortised over the keys it visits: rate ~ ctx / (ctx + 230). That form matches the
// measured forward rates of FlashAttention-3 and Triton FlashAttention-2 on H100 (head dim 128,
// 512 to 16,384 keys at 16 K tokens per batch) within 1.5 % (pytorch/benchmark ff65cb67, D60117034).
// A causal kernel also computes its diagonal tiles whole: n (n + 1) / 2 of 128 x 128 tiles for the
// n^2 / 2 it is credited with, n = keys / 128 (FlashAttention's block skipping, Dao 2023 sec. 3.1).
double FlashKeyLengthFactor(double ctx, bool causal) {
  constexpr double kTileKeys = 230.0, kRefKeys = 2048.0, kTile = 128.0;
  double f = (ctx / (ctx + kTileKeys)) / (kRefKeys / (kRefKeys + kTileKeys));
  if (causal) {
    const double n = std::max(1.0, ctx / kTile), n_ref = kRefKeys / kTile;
    f *= (n / (n + 1.0)) / (n_ref / (n_ref + 1.0));
  }
  return f;
}

// Attention score, softmax and context for one GPU's heads.
void AttentionOps(const TransformerArch& a, const Widths& w, const LayerShape& s, const LayerPrecision& lp,
                  const DeviceRates& d, LayerCost& out) {
  const bool train = s.phase == Phase::kTraining;
  double heads = double(a.heads) / s.tp, kv = std::max(1.0, double(w.kv_heads) / s.tp);
  double hd = w.head_dim, q = s.q_tokens, ctx = s.context, B = s.batch, act = StreamBytes(lp);
  // Causal flash kernels skip masked blocks: about half the s x s work when prefilling.
  double causal = (s.flash && s.causal && q > 1) ? 0.5 : 1.0;
  double mm = 2.0 * B * heads * q * ctx * hd * causal;
  double qo_bytes = B * q * heads * hd * act, kv_bytes = B * ctx * kv * hd * (train ? act : lp.kv_bytes);
  double scores = B * heads * q * ctx * act;
  OpCost& score = out.ops[int(OpKind::kAttnScore)];
  OpCost& softmax = out.ops[int(OpKind::kSoftmax)];
  OpCost& context = out.ops[int(OpKind::kAttnContext)];
  if (s.flash) {
    // One fused kernel; its FLOP rate is FlashAttention's, split evenly over the two GEMMs. Its
    // efficiency moves with the keys a query tile visits when queries come in tiles (prefill,
    // training); a decode step's single query is bandwidth-bound and keeps the quoted figure.
    const double keys = q > 1 && s.key_tiled ? FlashKeyLengthFactor(ctx, s.causal) : 1.0;
    double rate = d.attn.peak_tflops * d.attention_efficiency * d.attn.sustained_efficiency * keys;
    score = MakeOp(mm, qo_bytes + kv_bytes, rate, d, 1);
    softmax = MakeOp(0, 0, d.vector_tflops, d, 0);
    context = MakeOp(mm, qo_bytes + kv_bytes, rate, d, 0);
    if (train) {
      // Backward recomputes S = QK^T, then dV, dP, dQ, dK: 5 GEMMs for the forward's 2, i.e. 2.5x
      // the forward FLOPs (Dao 2023 sec. 3.1.2; the flash-attn benchmarks count bwd = 2.5 x fwd),
      // at the backward efficiency. Reads Q, K, V, O, dO and writes dQ, dK, dV. Three kernels
      // (dot(dO, O) preprocess, main loop, dQ fp32 -> 16-bit convert: flash-attn flash_bwd_*).
      double rate_b = d.attn.peak_tflops * d.attention_backward_efficiency * d.attn.sustained_efficiency * keys;
      OpCost bwd = MakeOp(2.5 * 2.0 * mm, 4.0 * (qo_bytes + kv_bytes), rate_b, d, 3);
      score.backward_time_s = context.backward_time_s = 0.5 * bwd.time_s;
    }
    return;
  }
  double eff = GemmShapeEfficiency(q, ctx, hd, B * heads, d.sms, d.attn.precision);
  score = MakeOp(mm, qo_bytes + kv_bytes + scores, d.attn.sustained_tflops * eff, d, 1);
  // ~5 FLOPs per score (max, subtract, exp, sum, divide), read and written once.
  softmax = MakeOp(5.0 * B * heads * q * ctx, 2.0 * scores, d.vector_tflops, d, 1);
  double eff2 = GemmShapeEfficiency(q, hd, ctx, B * heads, d.sms, d.attn.precision);
  context = MakeOp(mm, scores + kv_bytes + qo_bytes, d.attn.sustained_tflops * eff2, d, 1);
  if (train) {
    // Materialised attention backward: two batched GEMMs per forward GEMM (dQ, dK from dS; dP, dV
    // from dO) at the same sizes; softmax backward dx = y * (dy - sum(y * dy)) reads y and dy and
    // writes dx: 3 streams of scores for the forward's 2 (Megatron fused scale-mask-softmax).
    score.backward_time_s = 2.0 * score.time_s;
    context.backward_time_s = 2.0 * context.time_s;
    softmax.backward_time_s = MakeOp(3.0 * B * heads * q * ctx, 3.0 * scores, d.vector_tflops, d, 1).time_s;
  }
}

// Norms, activation function, residual adds, rotary embedding, FP8 casts and (training) dropout:
// memory-bound streams. Backward: each op's gradient kernel (Korthikanti 2022 sec. 4 lists the
// tensors these read back).
void StreamOps(const TransformerArch& a, const Widths& w, const LayerShape& s, const LayerPrecision& lp,
               const DeviceRates& d, bool dropout, LayerCost& out) {
  const bool train = s.phase == Phase::kTraining;
  double T = s.batch * s.q_tokens, h = a.hidden, sb = StreamBytes(lp), hd = w.head_dim;
  double f = double(w.ffn) * std::max(1, a.top_k) / s.tp;
  double split = s.sequence_parallel ? s.tp : 1.0;  // Korthikanti 2022: SP splits these over tp
  // Two norms: read x, write y (and ~5 FLOPs per element). Backward reads x and dy and writes dx
  // (3 streams; rstd is saved), plus a per-CTA dgamma partial sum finished by a second small kernel
  // (Apex/Transformer Engine layer-norm backward).
  OpCost& norm = out.ops[int(OpKind::kNorm)];
  // d.norm_traffic: an engine's unfused norm (eager fp32 RMSNorm, HF-LLAMA) streams that many times more.
  const double nt = d.norm_traffic, et = d.elementwise_traffic;
  norm = MakeOp(2 * 5.0 * T * h / split, nt * (2 * 2.0 * T * h * sb / split), d.vector_tflops, d, 2);
  if (train) norm.backward_time_s = MakeOp(2 * 8.0 * T * h / split, nt * (2 * 3.0 * T * h * sb / split), d.vector_tflops, d, 4).time_s;
  // Activation function: GLU reads gate and up and writes out (backward reads gate, up, dy and
  // writes dgate, dup); GeLU reads x and writes y (backward reads x, dy, writes dx).
  double act_fn = (a.glu ? 3.0 : 2.0) * T * f * sb, act_fn_b = (a.glu ? 5.0 : 3.0) * T * f * sb;
  // Two residual adds: read 2, write 1. Backward: the residual gradient is summed with the
  // branch's (read 2, write 1) at each add.
  double residual = 2 * 3.0 * T * h * sb / split;
  double drop = dropout ? 2 * 2.5 * T * h * sb / split : 0;   // read, write, 1-byte mask (both ways)
  // Rotary embedding on q and k (read, write; backward rotates the gradients the same way), for
  // decoders without a learned position table that use gated MLPs (Llama/Mistral/Qwen families;
  // judgement: the architecture record has no rotary flag, and ALiBi models like BLOOM/MPT use GeLU).
  bool rotary = a.glu && !a.learned_positions && !a.encoder_only;
  double rope = rotary ? 2.0 * T * (a.heads + w.kv_heads) * hd / s.tp * sb : 0;
  // FP8 GEMMs: the inputs not produced by a fused norm (attention output into out_proj, activation
  // output into mlp_down) are cast to 8 bits: read 2, write 1 (+1 transposed copy for the wgrad
  // GEMM when training: Transformer Engine cast_transpose). Backward casts every GEMM's output
  // gradient the same way (4 GEMMs).
  double fp8 = 0, fp8_b = 0;
  int fp8_k = 0;
  if (BytesPerElement(lp.gemm) < 2) {
    double qkv_n = (a.heads + 2.0 * w.kv_heads) * hd / s.tp, up = a.glu ? 2.0 * f : f;
    fp8 = (train ? 4.0 : 3.0) * T * (a.heads * hd / s.tp + f);
    fp8_b = 4.0 * T * (qkv_n + h + up + h);
    fp8_k = 2;
  }
  int kernels = 3 + (dropout ? 2 : 0) + (rotary ? 2 : 0) + fp8_k;
  OpCost& elt = out.ops[int(OpKind::kElementwise)];
  elt = MakeOp(8.0 * T * f + 2.0 * T * h / split, et * (act_fn + residual + drop + rope + fp8), d.vector_tflops, d, kernels);
  if (train)
    elt.backward_time_s = MakeOp(16.0 * T * f + 2.0 * T * h / split, et * (act_fn_b + residual + drop + rope + fp8_b),
                                 d.vector_tflops, d, kernels + (fp8_k ? 2 : 0)).time_s;
}

// LoRA adapters (Hu et al. 2021, arXiv 2106.09685; PEFT's LoraLayer): beside each adapted d_in x
// d_out matrix, dropout(x) -> A (d_in x r) -> B (r x d_out) -> x scaling, added to the base output.
// Forward: 2 T r (d_in + d_out) FLOPs; streams x twice (dropout read + write), then writes,
// scales and adds a T x d_out tensor (4 streams); 5 kernels. Backward: dgrad and wgrad of both
// small GEMMs (twice the FLOPs), the same streams, 6 kernels. Priced into the elementwise op.
void AdapterOps(const TransformerArch& a, const Widths& w, const LayerShape& s, const LayerPrecision& lp,
                const DeviceRates& d, LayerCost& out) {
  const double T = s.batch * s.q_tokens, h = a.hidden, r = s.lora_rank, sb = StreamBytes(lp);
  const double qh = double(a.heads) * w.head_dim / s.tp, kvh = double(w.kv_heads) * w.head_dim / s.tp;
  const double f = double(w.ffn) / s.tp;
  double dims_in[7], dims_out[7];
  int n = 0;
  auto add = [&](double din, double dout) { dims_in[n] = din, dims_out[n] = dout, ++n; };
  add(h, qh), add(h, kvh);                                    // q, v
  if (s.lora_targets >= 1) add(h, kvh), add(qh, h);           // k, o
  if (s.lora_targets >= 2) {
    add(h, f), add(f, h);                                     // up, down
    if (a.glu) add(h, f);                                     // gate
  }
  double flops = 0, bytes = 0;
  for (int i = 0; i < n; ++i) {
    flops += 2.0 * T * r * (dims_in[i] + dims_out[i]);
    bytes += T * (2.0 * dims_in[i] + 4.0 * dims_out[i]) * sb;
  }
  OpCost& elt = out.ops[int(OpKind::kElementwise)];
  elt.time_s += OpTime(flops, bytes, d.gemm.sustained_tflops, d, 5 * n);
  if (s.phase == Phase::kTraining) elt.backward_time_s += OpTime(2.0 * flops, bytes, d.gemm.sustained_tflops, d, 6 * n);
}

}  // namespace

LayerCost LayerForward(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                       const DeviceRates& d) {
  return LayerForward(a, s, lp, d, nullptr);
}

LayerCost LayerForward(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                       const DeviceRates& d, TokensHiddenUtil* shared) {
  LayerCost out;
  const bool train = s.phase == Phase::kTraining;
  const Widths w{HeadDim(a), KvHeads(a), FfnHidden(a)};
  double T = s.batch * s.q_tokens, h = a.hidden, hd = w.head_dim, t = s.tp;
  double qkv_n = (a.heads + 2.0 * w.kv_heads) * hd / t;
  double f = w.ffn / t, up = a.glu ? 2.0 * f : f;
  double k = std::max(1, a.top_k), experts_read = a.experts > 1 ? std::min<double>(a.experts, T * k) : 1.0;
  double act = lp.act_bytes, wb = lp.weight_bytes;
  SharedUtil own;
  SharedUtil& tokens_x_hidden = shared ? *shared : own;
  if (tokens_x_hidden.tokens != DimOf(T).i || tokens_x_hidden.hidden != DimOf(h).i)
    tokens_x_hidden = {DimOf(T).i, DimOf(h).i, -1.0};
  out.ops[int(OpKind::kQkv)] = Gemm(T, qkv_n, h, 1, act, wb, d.gemm, d, train, &tokens_x_hidden);
  AttentionOps(a, w, s, lp, d, out);
  out.ops[int(OpKind::kOutProj)] = Gemm(T, h, a.heads * hd / t, 1, act, wb, d.gemm, d, train, &tokens_x_hidden);
  // MoE: each token visits top_k experts; the weights of every expert hit are read.
  if (experts_read <= 1) {
    const Precision p = d.gemm.precision;
    GemmEffs up_eff = EffsOf(T * k, up, h, 1, p, d.sms, train, &tokens_x_hidden), down_eff;
    if (train && up == f) {
      // No GLU: mlp_down (T x f -> h) is mlp_up's transpose, so each one's forward shape is the
      // other's dgrad shape; only its wgrad shape is new.
      down_eff = {up_eff.dgrad, up_eff.fwd, SplitKShapeEff(DimOf(f), DimOf(h), DimOf(T * k), CommonOf(1, d.sms, p), 128.0)};
    } else {
      down_eff = EffsOf(T * k, h, f, 1, p, d.sms, train);
    }
    out.ops[int(OpKind::kMlpUp)] = Gemm(T * k, up, h, 1, act, wb, d.gemm, d, train, up_eff);
    out.ops[int(OpKind::kMlpDown)] = Gemm(T * k, h, f, 1, act, wb, d.gemm, d, train, down_eff);
  } else {
    // Grouped expert GEMMs: only the dense GEMMs' FLOPs and bytes are kept, so no backward here.
    OpCost mlp_up = Gemm(T * k, up, h, 1, act, wb, d.gemm, d);
    OpCost mlp_down = Gemm(T * k, h, f, 1, act, wb, d.gemm, d);
    mlp_up = MakeOp(mlp_up.flops, mlp_up.bytes + (experts_read - 1) * up * h * wb,
                    d.gemm.sustained_tflops * GemmShapeEfficiency(T * k / experts_read, up, h, experts_read, d.sms, d.gemm.precision), d, 1);
    mlp_down = MakeOp(mlp_down.flops, mlp_down.bytes + (experts_read - 1) * f * h * wb,
                      d.gemm.sustained_tflops * GemmShapeEfficiency(T * k / experts_read, h, f, experts_read, d.sms, d.gemm.precision), d, 1);
    // Expert backward: dgrad + wgrad at the forward's grouped shapes (2 x forward).
    if (train) mlp_up.backward_time_s = 2.0 * mlp_up.time_s, mlp_down.backward_time_s = 2.0 * mlp_down.time_s;
    out.ops[int(OpKind::kMlpUp)] = mlp_up;
    out.ops[int(OpKind::kMlpDown)] = mlp_down;
  }
  StreamOps(a, w, s, lp, d, s.dropout, out);
  if (s.lora_rank > 0) AdapterOps(a, w, s, lp, d, out);
  for (const OpCost& op : out.ops)
    out.flops += op.flops, out.time_s += op.time_s, out.backward_time_s += op.backward_time_s;
  out.attention_time_s = out.ops[int(OpKind::kAttnScore)].time_s +
                         out.ops[int(OpKind::kSoftmax)].time_s +
                         out.ops[int(OpKind::kAttnContext)].time_s;
  return out;
}

OpCost LogitsForward(const TransformerArch& a, double tokens, int tp, const LayerPrecision& lp,
                     const DeviceRates& d, Phase phase, TokensHiddenUtil* shared) {
  if (tokens <= 0 || a.vocab <= 0) return {};
  if (d.dequant_bytes > 0) {  // QLoRA leaves the LM head in 16 bits: no dequantisation there
    DeviceRates head = d;
    head.dequant_bytes = 0;
    return LogitsForward(a, tokens, tp, lp, head, phase, shared);
  }
  const bool train = phase == Phase::kTraining;
  // FP8 training runs the LM head in 16 bits: Megatron-Core's output layer is a plain
  // ColumnParallelLinear, not a Transformer Engine module under fp8_autocast; torchtitan's Float8
  // conversion skips it (torchtitan/float8.py @9dec370: module_filter_fn fqn != "output").
  if (train && BytesPerElement(lp.gemm) < 2 && d.attn.peak_tflops > 0) {
    LayerPrecision head_lp = lp;
    head_lp.gemm = lp.attn;
    head_lp.act_bytes = head_lp.weight_bytes = std::max(2.0, BytesPerElement(lp.attn));
    DeviceRates head = d;
    head.gemm = d.attn;
    return LogitsForward(a, tokens, tp, head_lp, head, phase, nullptr);
  }
  double v = double(a.vocab) / tp;
  // The shared utilisation only if it is this GEMM's tokens x hidden (its dgrad's output).
  if (shared && (shared->tokens != DimOf(tokens).i || shared->hidden != DimOf(a.hidden).i)) shared = nullptr;
  OpCost op = Gemm(tokens, v, a.hidden, 1, lp.act_bytes, lp.weight_bytes, d.gemm, d, train, shared);
  if (train) {
    // Vocab-parallel cross-entropy in fp32 (Megatron-LM core/tensor_parallel/cross_entropy.py):
    // forward casts the logits to fp32 (read 2, write 4), takes the max (read 4), subtracts it
    // (read 4, write 4), exponentiates in place (read 4, write 4), sums (read 4) and normalises
    // the saved softmax (read 4, write 4): ~38 bytes per logit, 6 kernels. Backward subtracts the
    // one-hot and scales by the loss gradient (read 4, write 4) and casts to 16-bit for the
    // logits dgrad (read 4, write 2): 14 bytes, 3 kernels. The two max/sum all-reduces over tp
    // are a few bytes per token and left out.
    double elems = tokens * v;
    OpCost ce = MakeOp(6.0 * elems, 38.0 * elems, d.vector_tflops, d, 6);
    op.time_s += ce.time_s;  // the roofline point stays the GEMM's; its time includes the loss
    op.backward_time_s += MakeOp(3.0 * elems, 14.0 * elems, d.vector_tflops, d, 3).time_s;
  }
  return op;
}

}  // namespace gpucfg
