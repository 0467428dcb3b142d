// Named example scenarios: `gpucfg example NAME` prints them, the page offers them as presets.
// Each is a realistic starting point a customer would recognise, not a test fixture.
#include <array>

#include "contract/json_io.h"

namespace gpucfg {
namespace {

constexpr std::array<ExampleScenario, 16> kExamples = {{
    {"default", "Llama-2 7B continued pre-training on one 8x A100-SXM4-80GB NVSwitch node, ZeRO-1, 20B tokens"},
    {"gpt3-175b", "GPT-3 175B on 1024 A100-SXM4-80GB (128 DGX nodes, 8x HDR), TP8 PP16 DP8"},
    {"13b-a100-oom", "Llama-2 13B with AdamW on one A100-SXM4-80GB at micro-batch 16 (does not fit)"},
    {"llama2-70b-serving", "Llama-2 70B served on 8x H100-SXM5-80GB, TP8, batch 32, 2048-token prompts"},
    {"llama3-8b-l40s", "Llama-3.1 8B served from one L40S with int8 weights"},
    {"edge-orin", "Llama-2 7B int4 inference on a Jetson AGX Orin 64GB"},
    {"lora-llama2-7b", "LoRA (rank 16, q/k/v/o) of Llama-2 7B with Hugging Face PEFT on one A100-SXM4-80GB"},
    {"qlora-llama2-70b", "QLoRA (NF4 base, rank 64, all linear layers) of Llama-2 70B on one H100-SXM5-80GB"},
    {"vllm-serving", "Llama-3.1 8B served by vLLM on one H100-SXM5-80GB at 4 requests/s"},
    {"hf-generate", "Llama-2 7B with Hugging Face generate, batch 1, on one A100-SXM4-80GB"},
    // The guide's four scenarios, each with a "plan" section for `gpucfg plan` (core/planner/).
    {"edge", "plan: real-time Llama-2 7B on a 300 W budget, Jetson AGX Orin against A100, least energy"},
    {"mid-training", "plan: Llama-2 13B training on up to 8 GPUs, 4 x 40 GB vs 2 x 80 GB and ZeRO, cheapest in 30 days"},
    {"large-cluster", "plan: GPT-3 175B on up to 1024 A100/H100 (SXM vs PCIe), 300B tokens in 60 days"},
    {"multi-tenant", "plan: Llama-3.1 8B for 10 tenants, one copy each, on MIG slices (A30, A100, H100) or whole GPUs (and L40S), cheapest fleet per hour"},
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
  s.cluster = ClusterConfig{};  // the rest (server, MIG, ...) at their defaults
  s.cluster.gpu = "A100-SXM4-80GB", s.cluster.gpus_per_node = 8, s.cluster.nodes = 128;
  s.cluster.intra_node = "nvswitch", s.cluster.inter_node = "ib-hdr", s.cluster.nics_per_node = 8;
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

// [engines, issue 9] fine-tuning and engine examples.
void Lora7b(Scenario& s) {
  s.cluster.gpus_per_node = 1;
  s.workload.model = "llama2-7b";
  s.workload.engine = "hf";
  s.workload.finetune = {.method = "lora", .rank = 16, .targets = "attention", .base_precision = "bf16"};
  s.workload.seq_len = 2048;
  s.workload.micro_batch = 4;
  s.workload.global_batch = 32;
  s.workload.train_tokens = 100e6;  // a few epochs of an instruction set
  s.parallelism.recompute = Recompute::kFull;  // PEFT recipes turn on gradient checkpointing
}

void Qlora70b(Scenario& s) {
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.model = "llama2-70b";
  s.workload.engine = "hf";
  // QLoRA's recipe: NF4 base, adapters on every linear layer, r = 64 (Dettmers et al. 2023 sec. 4).
  s.workload.finetune = {.method = "qlora", .rank = 64, .targets = "all-linear", .base_precision = "nf4"};
  s.workload.seq_len = 512;
  s.workload.micro_batch = 1;
  s.workload.global_batch = 16;
  s.workload.train_tokens = 20e6;
  s.parallelism.recompute = Recompute::kFull;
}

void VllmServing(Scenario& s) {
  s.cluster.gpu = "H100-SXM5-80GB";
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama3.1-8b";
  s.workload.engine = "vllm";
  s.workload.batch = 64;
  s.workload.prompt_tokens = 1024;
  s.workload.output_tokens = 256;
  s.workload.request_rate = 4;
}

void HfGenerate(Scenario& s) {
  s.cluster.gpus_per_node = 1;
  s.workload.kind = WorkloadKind::kInference;
  s.workload.model = "llama2-7b";
  s.workload.engine = "hf";
  s.workload.batch = 1;
  s.workload.prompt_tokens = 512;
  s.workload.output_tokens = 256;
}

// [SECTION] The guide's four scenarios (plan presets) ---------------------------------------------

void Edge(Scenario& s) {
  Orin(s);
  s.speed.tpot_target_ms = 400;  // an interactive assistant on the device, 2.5 tokens/s (a judgement)
  s.plan.objective = PlanObjective::kEnergy;
  s.plan.max_rack_kw = 0.3;      // the device's whole power budget
  s.plan.gpus = {"Jetson-AGX-Orin-64GB", "A100-PCIe-80GB"};
}

void MidTraining(Scenario& s) {
  s.workload.model = "llama2-13b";
  s.workload.global_batch = 256;
  s.workload.train_tokens = 10e9;
  s.plan.objective = PlanObjective::kCost;
  s.plan.deadline_days = 30;
  s.plan.max_gpus = 8;
  s.plan.gpus = {"A100-SXM4-40GB", "A100-SXM4-80GB", "A100-PCIe-40GB", "A100-PCIe-80GB"};
}

void LargeCluster(Scenario& s) {
  Gpt3(s);
  s.cluster.inter_node = "none";  // each SKU's usual network (reported as an assumption)
  s.cluster.nics_per_node = 0;    // one per GPU
  s.cluster.intra_node = "";
  s.plan.objective = PlanObjective::kCost;
  s.plan.deadline_days = 60;
  s.plan.max_gpus = 1024;
  s.plan.gpus = {"A100-SXM4-80GB", "H100-SXM5-80GB", "H100-PCIe-80GB"};
}

void MultiTenant(Scenario& s) {
  L40s(s);
  s.workload.weight_precision = Precision::kBf16;
  s.plan.objective = PlanObjective::kCost;
  s.plan.gpus = {"A30-24GB", "A100-SXM4-80GB", "H100-SXM5-80GB", "L40S-48GB"};
  s.workload.batch = 4;  // a small tenant: 4 conversations at once
  s.plan.tenants = 10;   // the guide's customer-service platform: 10 tenants, one model copy each
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
                                                         Lora7b, Qlora70b, VllmServing, HfGenerate,
                                                         Edge, MidTraining, LargeCluster, MultiTenant,
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
