// The report's speed parts (plain data, filled by core/models/speed): the `performance` section
// (training step and its breakdown, scaling curve, roofline chart, inference and serving figures)
// and the result of one collective (`gpucfg collective`).
#pragma once

#include <array>
#include <string_view>

#include "base/precision.h"

namespace gpucfg {

// Operations of one transformer layer (OpKind, models/speed/roofline.h): the chart has one
// point per operation and phase, plus the logits.
inline constexpr int kLayerOpCount = 9;

// One ceiling of the chart: a precision's compute roof and the HBM slope it meets.
struct RooflineCeiling {
  Precision precision = Precision::kBf16;
  double peak_tflops = 0;            // datasheet, dense (or 2:4 sparse on request)
  double achievable_tflops = 0;      // best real GEMM (peak x matmul efficiency)
  double sustained_tflops = 0;       // what GEMMs reach in a running job (achievable x sustained)
  double hbm_gbps = 0;               // datasheet
  double achievable_hbm_gbps = 0;    // STREAM-like kernels
  double ridge_flops_per_byte = 0;   // achievable_tflops / achievable_hbm_gbps (x 1000)
  double peak_ridge_flops_per_byte = 0;
  double matmul_efficiency = 0;
  double hbm_efficiency = 0;
  double sustained_efficiency = 0;
  bool operator==(const RooflineCeiling&) const = default;  // ModelCache keys (exact inputs)
};

// Every precision the GPU supports (0 peak = unsupported, skipped): what a chart draws.
struct RooflineChart {
  std::array<RooflineCeiling, kPrecisionCount> ceilings{};
  int count = 0;
};

enum class CollectiveOp { kAllReduce, kAllGather, kReduceScatter, kAllToAll, kSendRecv };

enum class CollectiveAlgo { kRing, kTree, kNvls, kDirect, kNvlsTree, kPat };

struct CollectiveResult {
  double time_s = 0;
  double algbw_gbps = 0;        // bytes / time (nccl-tests)
  double busbw_gbps = 0;        // algbw x the op's bus factor (nccl-tests PERFORMANCE.md)
  CollectiveAlgo algo = CollectiveAlgo::kRing;
  std::string_view protocol = "simple";  // ll | ll128 | simple
};

std::string_view CollectiveOpName(CollectiveOp op);
std::string_view CollectiveAlgoName(CollectiveAlgo a);
bool ParseCollectiveOp(std::string_view name, CollectiveOp& out);

// Where one training step's time goes (seconds; exposed parts sum to step_time_s).
struct StepBreakdown {
  double compute_s = 0;          // forward + backward of every micro-batch on the busiest stage
  double recompute_s = 0;        // forward work redone by activation recomputation
  double tp_comm_s = 0;          // tensor-parallel all-reduce / all-gather + reduce-scatter (exposed)
  double pp_comm_s = 0;          // pipeline sends between stages
  double bubble_s = 0;           // pipeline fill and drain
  double dp_comm_s = 0;          // gradient reduction left after overlap with backward
  double dp_comm_total_s = 0;    // gradient reduction before overlap
  double zero3_comm_s = 0;       // ZeRO-3 parameter gathers left after prefetch overlap
  double ep_comm_s = 0;          // expert-parallel all-to-all (MoE dispatch and combine; DLRM embedding rows), exposed
  double cp_comm_s = 0;          // context-parallel ring-attention K/V passing left after overlap
  double optimizer_s = 0;        // optimizer update (memory-bound)
};

struct ScalingPoint {
  int gpus = 0;
  int tp = 1, pp = 1, dp = 1;
  double step_time_s = 0;
  double tokens_per_s = 0;
  double efficiency = 0;         // tokens/s / (gpus x one GPU's compute-only tokens/s)
  double comm_fraction = 0;      // exposed communication / step time
  double mfu = 0;
};

// One operation on the roofline chart (per GPU, one layer's forward pass).
struct RooflinePoint {
  std::string_view op;           // kOpNames entry, or "logits"
  std::string_view phase;        // training | prefill | decode
  double flops = 0, bytes = 0;
  double intensity = 0;          // FLOP/byte
  double attainable_tflops = 0;
  double time_s = 0;
  bool compute_bound = false;
};

struct PerformanceReport {
  // training
  double model_flops_per_step = 0;       // 3 x forward matmul + attention FLOPs (Narayanan 2021)
  double hardware_flops_per_step = 0;    // + recomputed forward FLOPs
  double step_time_lower_bound_s = 0;    // all GPUs at dense peak, no communication
  double step_time_s = 0;
  double tokens_per_s = 0;
  double tokens_per_s_per_gpu = 0;
  double tflops_per_gpu = 0;             // model FLOPs / step time / GPUs
  double mfu = 0;                        // model FLOPs utilisation, 0..1 (PaLM definition)
  double hfu = 0;                        // hardware FLOPs utilisation (counts recompute)
  double comm_fraction = 0;              // exposed communication / step time
  double bubble_fraction = 0;            // pipeline bubble / step time
  int micro_batches = 0;                 // per data-parallel replica per step
  StepBreakdown breakdown;
  double time_to_train_s = 0;            // train_tokens / tokens_per_s; 0 = no token budget
  double gpu_hours = 0;
  // scaling: weak scaling (per-replica batch fixed) from 1 GPU to the cluster, powers of two
  static constexpr int kMaxScaling = 24;
  std::array<ScalingPoint, kMaxScaling> scaling{};
  int scaling_count = 0;
  int scaling_break_gpus = 0;            // first size whose exposed communication is >= half the step; 0 = none
  // roofline
  RooflineCeiling ceiling;               // the workload precision's ceiling on this GPU
  static constexpr int kMaxRooflinePoints = 2 * (kLayerOpCount + 1);
  std::array<RooflinePoint, kMaxRooflinePoints> roofline{};
  int roofline_count = 0;
  // inference
  double ttft_s = 0;                     // prefill of the whole batch + first token
  double tpot_s = 0;                     // one decode step at mid-generation context
  double output_tokens_per_s = 0;        // whole cluster, batch x output / (TTFT + rest of decode)
  double output_tokens_per_s_per_gpu = 0;
  double decode_tokens_per_s = 0;        // whole cluster, steady decode only (batch / TPOT)
  double request_latency_s = 0;          // TTFT + (output - 1) x TPOT
  int best_batch = 0;                    // batch maximising throughput within the latency targets
  double best_batch_output_tokens_per_s = 0;
  double best_batch_tpot_s = 0;
  double best_batch_ttft_s = 0;
  // serving under load (workload.request_rate > 0; serving.h)
  double load_ttft_s = 0, load_ttft_p90_s = 0;   // arrival to first token, mean and 90th percentile
  double load_itl_s = 0, load_itl_p90_s = 0;     // inter-token latency, mean and 90th percentile
  double load_concurrency = 0;                   // sequences decoding at once per replica (mean)
  // networks (non-transformer, and encoder-only transformers: contract v2)
  double samples_per_s = 0;              // whole cluster: training samples trained, inference samples served
  double latency_s = 0;                  // inference: one batch's forward at steady state, no queueing
};

}  // namespace gpucfg
