// Serving under load: requests arrive at `request_rate` per second (Poisson) and a continuous-
// batching engine runs every active sequence's decode step together, stalling (or stretching) those
// steps while a newcomer's prompt is prefilled (iteration-level scheduling: Yu et al. 2022, Orca,
// OSDI; prefill/decode interference: Agrawal et al. 2024, Sarathi-Serve, arXiv 2403.02310).
// Queueing of prompts ahead of their prefill is M/D/1 (Pollaczek-Khinchine mean wait), its 90th
// percentile from Kingman's heavy-traffic exponential tail (Kingman 1961). The decode batch is
// found by Little's law (concurrency = arrival rate x time in decode). Pure arithmetic; the step
// times come from the caller (inference.cpp), so the model here is testable on its own.
#pragma once

#include <algorithm>
#include <cmath>

namespace gpucfg {

struct LoadInputs {
  double request_rate = 0;      // requests per second (whole replica)
  double output_tokens = 128;   // tokens generated per request
  double prefill_s = 0;         // GPU time of one request's prefill (batch 1)
  double host_per_request_s = 0;  // fixed host time before the first token (tokenise, schedule)
  int max_batch = 1 << 20;      // sequences the KV cache holds (memory model)
  bool continuous = true;       // false: static batches (a request waits for the batch ahead)
  int scheduler_steps = 1;      // decode steps per scheduler call: a newcomer joins between blocks
};

struct LoadResult {
  double ttft_s = 0, ttft_p90_s = 0;    // arrival to first token, mean and 90th percentile
  double itl_s = 0, itl_p90_s = 0;      // inter-token latency, mean and 90th percentile
  double concurrency = 0;               // sequences in decode at once (mean)
  double utilisation = 0;               // request rate / the rate the replica sustains (1 = saturated)
  double capacity_rps = 0;              // requests per second the replica sustains (KV cache full)
  bool overloaded = false;              // arrivals outpace what the replica can serve
};

// The 90th percentile of an M/D/1 wait with mean `mean` and server utilisation rho: the wait is
// 0 with probability 1 - rho and otherwise roughly exponential (Kingman 1961), so
// P(W > t) = rho exp(-rho t / mean).
inline double WaitP90(double mean, double rho) {
  if (rho <= 0.1 || mean <= 0) return 0;
  return mean / rho * std::log(10.0 * rho);
}

// `decode_at(n)`: the time of one decode step with n sequences in the batch (seconds).
template <class DecodeAt>
LoadResult SolveLoad(const LoadInputs& in, DecodeAt decode_at) {
  LoadResult r;
  const double lambda = std::max(0.0, in.request_rate), sp = std::max(0.0, in.prefill_s);
  const double decode_tokens = std::max(0.0, in.output_tokens - 1);
  const double cap = double(std::max(1, std::min(in.max_batch, 1 << 16)));
  // Share of wall time the GPU spends prefilling newcomers; decode steps run in the rest.
  const double rho_p = std::min(0.99, lambda * sp);
  if (lambda * sp >= 1.0) r.overloaded = true;
  const double free = 1.0 - rho_p;
  // Little's law for the decode batch: n = lambda x decode tokens x ITL(n), ITL(n) = step(n) / free.
  // ITL grows with n, so iterate from one sequence (monotone; where it would pass what the KV
  // cache holds, the load is not sustainable).
  double n = 1, itl = decode_at(1.0) / free;
  bool converged = false;
  for (int i = 0; i < 80 && !converged; ++i) {
    const double next = std::max(1.0, lambda * decode_tokens * itl);
    const double capped = std::min(next, cap);
    if (capped < next) r.overloaded = true;
    converged = std::fabs(capped - n) <= 1e-3 * n || capped == cap;
    n = capped, itl = decode_at(n) / free;
  }
  if (!converged) r.overloaded = true;
  // The rate the replica sustains with the batch at the KV cache's limit (n = cap in the same law):
  // cap = lambda (D step(cap) + cap S), so lambda_max = cap / (D step(cap) + cap S).
  const double capacity = cap / (decode_tokens * decode_at(cap) + cap * sp);
  r.utilisation = capacity > 0 ? lambda / capacity : 0;
  r.capacity_rps = capacity;
  // Overloaded, the replica admits only what it serves: the batch stays full and newcomers are
  // prefilled at the capacity rate, not the arrival rate (the rest wait in the queue), so a decode
  // step is stretched by capacity x S of prefills: ITL = step(cap) + cap S / D.
  if (r.overloaded && capacity > 0 && capacity < lambda) {
    n = cap;
    itl = decode_at(cap) / std::max(1e-9, 1.0 - capacity * sp);
  }
  const double step = decode_at(n);
  // A newcomer waits for the running iteration (mean residual: half a step) and for the prefills
  // queued ahead of it: M/D/1 mean wait rho S / (2 (1 - rho)) (Pollaczek-Khinchine). Static batching
  // waits for the batch ahead to finish instead: half of its prefill and decode on average.
  // Multi-step scheduling runs k decode steps per scheduler call and admits prompts only between
  // such blocks (vLLM RFC #6854, PR #7000, #7528), so the running iteration is k steps long.
  const double block = std::max(1, in.scheduler_steps) * step;
  const double queue = rho_p * sp / (2.0 * free);
  const double residual = in.continuous ? 0.5 * block : 0.5 * (sp + decode_tokens * step);
  r.ttft_s = in.host_per_request_s + residual + queue + sp;
  r.ttft_p90_s = in.host_per_request_s + (in.continuous ? block : 2.0 * residual) + WaitP90(queue, rho_p) + sp;
  r.itl_s = itl;
  // Iterations that carry a prefill take step + prefill; they are the tail once they are more than
  // one iteration in ten (an arrival lands in a given step with probability lambda x step).
  const double with_prefill = std::min(1.0, lambda * step);
  r.itl_p90_s = std::max(with_prefill >= 0.1 ? step + sp : step, r.itl_s);
  r.concurrency = n;
  return r;
}

}  // namespace gpucfg
