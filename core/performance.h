// Speed: step time (training) or latency and throughput (inference) per the scenario.
#pragma once

#include "memory.h"
#include "resolve.h"
#include "warnings.h"

namespace gpucfg {

struct PerformanceReport {
  // training
  double model_flops_per_step = 0;       // 6 * N * tokens (+ attention), Kaplan/Narayanan
  double step_time_lower_bound_s = 0;    // all GPUs at dense peak, no communication
  double step_time_s = 0;
  double tokens_per_s = 0;
  double tflops_per_gpu = 0;             // model FLOPs / step time / GPUs
  double mfu = 0;                        // model FLOPs utilisation, 0..1 (PaLM definition)
  double time_to_train_s = 0;            // train_tokens / tokens_per_s; 0 = no token budget
  double gpu_hours = 0;
  // inference
  double ttft_s = 0;
  double tpot_s = 0;
  double output_tokens_per_s = 0;
};

PerformanceReport ComputePerformance(const Resolved& r, const MemoryReport& memory,
                                     WarningList& warnings);

}  // namespace gpucfg
