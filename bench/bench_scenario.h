// The scenario every evaluation bench times (native Google Benchmark and the wasm/node bench):
// GPT-3 175B on 1024 A100-SXM4-80GB, 128 DGX A100 nodes with 8 x HDR, TP 8 x PP 16 x DP 8,
// selective recompute, sequence parallel, 2 virtual stages.
#pragma once

#include <string>

#include "gpucfg.h"

namespace gpucfg::bench {

inline Scenario Gpt3On1024A100() {
  Scenario s;
  s.cluster.gpu = "A100-SXM4-80GB";
  s.cluster.gpus_per_node = 8, s.cluster.nodes = 128;
  s.cluster.intra_node = "nvswitch", s.cluster.inter_node = "ib-hdr", s.cluster.nics_per_node = 8;
  s.workload.model = "gpt3-175b";
  s.workload.seq_len = 2048, s.workload.global_batch = 1536, s.workload.micro_batch = 1;
  s.workload.train_tokens = 300e9;
  s.parallelism.tp = 8, s.parallelism.pp = 16, s.parallelism.zero = 1;
  s.parallelism.sequence_parallel = true;
  s.parallelism.recompute = Recompute::kSelective;
  s.parallelism.interleave = 2;
  return s;
}

// The planner benches' scenarios (native bench_plan.cpp and wasm_bench.cpp): Llama-2 70B training
// for 2T tokens on up to 256 GPUs of four SKUs, and Llama-2 70B serving over every priced GPU.
inline Scenario PlanScenario(bool training) {
  const std::string train = R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 8, "nodes": 1},
    "workload": {"kind": "training", "model": "llama2-70b", "seq_len": 4096, "global_batch": 1024,
                 "train_tokens": 2e12},
    "plan": {"objective": "cost", "max_gpus": 256,
             "gpus": ["A100-SXM4-80GB", "H100-SXM5-80GB", "H200-SXM-141GB", "L40S-48GB"]}})";
  const std::string serve = R"({"schema_version": 1,
    "cluster": {"gpu": "A100-SXM4-80GB", "gpus_per_node": 1, "nodes": 1},
    "workload": {"kind": "inference", "model": "llama2-70b", "prompt_tokens": 1024, "output_tokens": 256},
    "plan": {"objective": "cost"}})";
  return ParseScenario(training ? train : serve).scenario;
}

}  // namespace gpucfg::bench
