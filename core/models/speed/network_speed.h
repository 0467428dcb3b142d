// Speed of non-transformer networks (workload/network.h) and the per-sample figures of
// encoder-only transformers (BERT): samples/s, step time (training), latency of one batch
// (inference). Called by ComputePerformanceInto.
#pragma once

#include "models/speed/performance.h"

namespace gpucfg {

// A network's training step or inference batch: fills step_time_s / latency_s, samples_per_s.
void ComputeNetworkPerformance(const Resolved& r, WarningList& warnings, PerformanceReport& out);

// Encoder-only transformers (arch.encoder_only): samples_per_s and latency_s next to the token
// figures (one forward of seq_len tokens per sample at inference; tokens_per_s / seq_len training).
void AddEncoderSampleFigures(const Resolved& r, PerformanceReport& out);

// One sample-batch's forward (and, training, backward) time of a catalog network's layers on one
// GPU at `batch` samples (for tests): the sum over layers on the roofline.
struct NetworkPassTime {
  double forward_s = 0, backward_s = 0, forward_flops = 0;
};
NetworkPassTime NetworkPass(const Resolved& r, const DeviceRates& d, double batch, bool training);

}  // namespace gpucfg
