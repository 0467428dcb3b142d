// Named example scenarios: `gpucfg example NAME` prints them, the page offers them as presets.
// Each is a realistic starting point a customer would recognise, not a test fixture.
#include <array>

#include "contract/json_io.h"

namespace gpucfg {
namespace {

constexpr std::array<ExampleScenario, 8> kExamples = {{
    {"default", "Llama-2 7B continued pre-training on one 8x A100-SXM4-80GB NVSwitch node, ZeRO-1, 20B tokens"},
    {"gpt3-175b", "GPT-3 175B on 1024 A100-SXM4-80GB (128 DGX nodes, 8x HDR), TP8 PP16 DP8"},
    {"13b-a100-oom", "Llama-2 13B with AdamW on one A100-SXM4-80GB at micro-batch 16 (does not fit)"},
    {"llama2-70b-serving", "Llama-2 70B served on 8x H100-SXM5-80GB, TP8, batch 32, 2048-token prompts"},
    {"llama3-8b-l40s", "Llama-3.1 8B served from one L40S with int8 weights"},
    {"edge-orin", "Llama-2 7B int4 inference on a Jetson AGX Orin 64GB"},
    {"resnet50-training", "ResNet-50 training at 224x224 on one 8x A100-SXM4-80GB DGX node, bf16, batch 256 per GPU, SGD"},
    {"yolov5-orin", "YOLOv5s int8 edge inference at 640x640 on a Jetson AGX Orin 64GB, batch 1"},
}};

void Default(Scenario& s) {
  s.workload.model = "llama2-7b";
  s.workload.global_batch = 512;
  s.workload.train_tokens = 20e9;  // a continued pre-training / domain adaptation budget
  s.parallelism.zero = 1;
}

void Gpt3(Scenario& s) {
  s.cluster = {.gpu = "A100-SXM4-80GB", .gpus_per_node = 8, .nodes = 128, .intra_node = "nvswitch",
               .inter_node = "ib-hdr", .nics_per_node = 8};
  s.workload.model = "gpt3-175b";
  s.workload.global_batch = 1536;
  s.workload.train_tokens = 300e9;  // GPT-3's budget (Brown et al. 2020)
  s.parallelism = {.tp = 8, .pp = 16, .dp = 8, .zero = 1, .sequence_parallel = true,
                   .recompute = Recompute::kSelective, .interleave = 1};
}

void Oom13b(Scenario& s) {
  s.cluster.gpus_per_node = 1;
  s.workload.model = "llama2-13b";
  s.workload.micro_batch = 16;
  s.workload.global_batch = 16;
}

void Serving70b(Scenario& s) {
  s.cluster.gpu = "H100-SXM5-80GB";
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-70b";
  s.workload.batch = 32;
  s.workload.prompt_tokens = 2048;
  s.workload.output_tokens = 256;
  s.parallelism.tp = 8;
}

void L40s(Scenario& s) {
  s.cluster.gpu = "L40S-48GB";
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama3.1-8b";
  s.workload.weight_precision = Precision::kInt8;
  s.workload.batch = 16;
  s.workload.prompt_tokens = 1024;
  s.workload.output_tokens = 256;
}

void Orin(Scenario& s) {
  s.cluster.gpu = "Jetson-AGX-Orin-64GB";
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-7b";
  s.workload.precision = Precision::kFp16;
  s.workload.weight_precision = Precision::kInt4;
  s.workload.kv_precision = Precision::kFp16;
  s.workload.prompt_tokens = 256;
  s.workload.output_tokens = 128;
}

// MLPerf Training's ResNet-50 shape (DGX A100: 8 GPUs, NVSwitch), plain momentum SGD.
void Resnet50Training(Scenario& s) {
  s.cluster.gpu = "A100-SXM4-80GB";
  s.cluster.intra_node = "nvswitch";
  s.workload.model = "resnet50";
  s.workload.optimizer = "sgd";
  s.workload.micro_batch = 256;
  s.workload.global_batch = 2048;
}

// A camera pipeline: one 640x640 frame at a time through a TensorRT int8 YOLOv5s.
void Yolov5Orin(Scenario& s) {
  s.cluster.gpu = "Jetson-AGX-Orin-64GB";
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "yolov5s";
  s.workload.precision = Precision::kInt8;
  s.workload.batch = 1;
}

}  // namespace

std::span<const ExampleScenario> ExampleNames() { return kExamples; }

bool MakeExample(std::string_view name, Scenario& out) {
  using Fill = void (*)(Scenario&);
  constexpr std::array<Fill, kExamples.size()> fills = {Default, Gpt3, Oom13b, Serving70b, L40s, Orin,
                                                         Resnet50Training, Yolov5Orin};
  for (size_t i = 0; i < kExamples.size(); ++i) {
    if (!EqualsIgnoreCase(kExamples[i].name, name)) continue;
    out = Scenario{};
    fills[i](out);
    return true;
  }
  return false;
}

}  // namespace gpucfg
