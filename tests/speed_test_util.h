// Helpers for the speed-model tests (issue 4): scenarios built in code, relative error.
#pragma once

#include <cmath>
#include <string>

#include "pipeline/evaluate.h"
#include "contract/scenario.h"

namespace gpucfg::speedtest {

inline double RelErr(double model, double measured) { return (model - measured) / measured; }

// A GPT-style architecture given inline (vocab padded as Megatron pads it).
inline TransformerArch Gpt(int layers, int hidden, int heads, int vocab, int ffn = 0) {
  TransformerArch a;
  a.layers = layers, a.hidden = hidden, a.heads = heads, a.kv_heads = heads;
  a.ffn_hidden = ffn > 0 ? ffn : 4 * hidden, a.vocab = vocab, a.max_seq = 2048;
  a.tied_embeddings = true, a.learned_positions = true;
  return a;
}

struct TrainSpec {
  std::string gpu = "A100-SXM4-80GB";
  int gpus_per_node = 8, nodes = 1, nics = 0;
  std::string intra, inter = "none";
  int tp = 1, pp = 1, dp = 0, vp = 1, zero = 0;
  int global_batch = 64, micro_batch = 1, seq = 2048;
  Recompute recompute = Recompute::kNone;
  bool sp = false, flash = true;
  Precision precision = Precision::kBf16;
};

inline Scenario TrainScenario(const TrainSpec& t, const TransformerArch& a) {
  Scenario s;
  s.cluster.gpu = t.gpu, s.cluster.gpus_per_node = t.gpus_per_node, s.cluster.nodes = t.nodes;
  s.cluster.intra_node = t.intra, s.cluster.inter_node = t.inter, s.cluster.nics_per_node = t.nics;
  s.workload.model = "custom", s.workload.arch = a, s.workload.arch_inline = true;
  s.workload.precision = t.precision, s.workload.seq_len = t.seq;
  s.workload.global_batch = t.global_batch, s.workload.micro_batch = t.micro_batch;
  s.workload.flash_attention = t.flash, s.workload.train_tokens = 0;
  s.parallelism.tp = t.tp, s.parallelism.pp = t.pp, s.parallelism.dp = t.dp;
  s.parallelism.interleave = t.vp, s.parallelism.zero = t.zero;
  s.parallelism.recompute = t.recompute, s.parallelism.sequence_parallel = t.sp;
  return s;
}

inline Scenario InferScenario(const std::string& gpu, const std::string& model, int batch, int in,
                              int out, Precision p, int tp = 1) {
  Scenario s;
  s.cluster.gpu = gpu, s.cluster.gpus_per_node = tp, s.cluster.nodes = 1;
  s.workload.kind = WorkloadKind::kInference, s.workload.model = model;
  s.workload.batch = batch, s.workload.prompt_tokens = in, s.workload.output_tokens = out;
  s.workload.precision = p, s.workload.weight_precision = p, s.workload.kv_precision = p;
  s.parallelism.tp = tp;
  return s;
}

}  // namespace gpucfg::speedtest
