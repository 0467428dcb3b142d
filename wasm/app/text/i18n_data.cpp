// Chinese for text that comes from the core in English: the scenario fields' meanings (the input
// rows' hover text, keyed by JSON pointer), the examples' descriptions (keyed by name), and the
// input errors' headlines (keyed by code; the core's English message stays as the detail). The
// build subsets the UI font from this file too (wasm/CMakeLists.txt), so every character here
// renders. A key missing here falls back to English.
#include <iterator>
#include <span>
#include <string_view>

#include "text/i18n.h"

namespace gpucfg::app {
namespace {

struct Pair {
  const char* key;
  const char* zh;
};

constexpr Pair kFieldDocs[] = {
    {"/cluster/gpu", "GPU 目录编号（`gpucfg gpus` 列出全部），不区分大小写"},
    {"/cluster/gpus_per_node", "每个节点的 GPU 数"},
    {"/cluster/nodes", "集群中的节点数"},
    {"/cluster/intra_node", "节点内互联：pcie | nvlink-bridge | nvlink-mesh | nvswitch；\"\" = 该 GPU 的常用互联"},
    {"/cluster/inter_node", "节点间网络（互联目录编号，如 ib-hdr、roce-400g、eth-100g）"},
    {"/cluster/nics_per_node", "每节点网络端口数；0 = 每 GPU 一个"},
    {"/cluster/oversubscription", "网络核心层超分比（1 = 无阻塞胖树）"},
    {"/cluster/node_ram_gib", "每节点主机内存；0 = 不检查"},
    {"/workload/kind", "训练 | 推理"},
    {"/workload/model", "模型预设编号（`gpucfg models`），或内联的模型结构对象"},
    {"/workload/precision", "权重与激活值的计算/存储精度"},
    {"/workload/seq_len", "训练序列长度（token 数）"},
    {"/workload/optimizer", "训练优化器"},
    {"/workload/global_batch", "每次优化器步骤的序列数"},
    {"/workload/micro_batch", "每个 GPU 每次前向/反向传播的序列数"},
    {"/workload/train_tokens", "训练 token 预算；0 = 不计算训练时长"},
    {"/workload/train_steps", "训练的优化器步数，代替 token 预算（网络模型也适用）；0 = 按 token 预算"},
    {"/workload/flash_attention", "融合注意力（不保存 s x s 分数矩阵）"},
    {"/workload/lm_head_fraction", "训练：词表输出层和 loss 计算的位置占每条序列的比例；1 = 全部位置；NVIDIA BERT 预训练 = max_predictions_per_seq / seq_len；0 = 无词表输出层（微调头）"},
    {"/workload/channels_last", "卷积网络：激活值按 NHWC 存储（Tensor Core 卷积的格式）；false = NCHW（PyTorch 默认）：每个 Tensor Core 卷积都要转置输入和输出"},
    {"/workload/packed_sample_tokens", "序列打包训练：每个打包样本的平均 token 数，样本只在自身内部做注意力（变长 flash attention）；0 = 每条序列一个样本"},
    {"/workload/batch", "推理：每个模型副本同时处理的序列数"},
    {"/workload/prompt_tokens", "推理：每个序列的输入 token 数"},
    {"/workload/output_tokens", "推理：每个序列生成的 token 数"},
    {"/workload/kv_precision", "推理：KV 缓存格式"},
    {"/workload/weight_precision", "推理：权重存储格式（int8/int4 量化）"},
    {"/parallelism/tp", "张量并行度"},
    {"/parallelism/pp", "流水线并行度"},
    {"/parallelism/dp", "数据并行度；0 = GPU 数 / (tp x pp x cp)"},
    {"/parallelism/cp", "上下文并行度"},
    {"/parallelism/ep", "专家并行度（MoE）"},
    {"/parallelism/zero", "ZeRO 阶段（3 = FSDP 完全分片）"},
    {"/parallelism/sequence_parallel", "与张量并行配合的 Megatron 序列并行"},
    {"/parallelism/recompute", "激活重计算"},
    {"/parallelism/interleave", "每个 GPU 上的虚拟流水线阶段数"},
    {"/pricing/currency", "data/prices.json 中价格表的 ISO 4217 货币代码（USD、CNY）"},
    {"/pricing/per_gpu_hour", "租用价格；0 = 目录中此 GPU 的价格"},
    {"/pricing/electricity_per_kwh", "电价；0 = 该货币预设的电价"},
    {"/pricing/pue", "机房的电能使用效率（PUE）"},
    {"/memory/usable_gib", "每 GPU 可用显存；0 = 目录中的 nvidia-smi 数值"},
    {"/memory/fragmentation", "分配器在激活值和 KV 缓存之上的预留比例"},
    {"/speed/matmul_efficiency", "最佳稠密 GEMM / 稠密峰值；0 = 目录值，否则按架构默认"},
    {"/speed/hbm_efficiency", "可达 / 数据手册显存带宽；0 = 目录值，否则 0.90"},
    {"/speed/sustained_efficiency", "实际作业中 Tensor Core 内核 / 同一内核单独微基准；0 = 0.85"},
    {"/speed/tp_comm_overlap", "被计算掩盖的张量并行通信比例"},
    {"/speed/dp_overlap", "梯度归约可被最后一次反向传播掩盖的比例"},
    {"/speed/tpot_target_ms", "推理：每输出 token 的延迟目标（用于最佳批大小搜索）"},
    {"/speed/ttft_target_ms", "推理：首 token 延迟目标"},
    // workloads, HF import, serving (workload-page)
    {"/workload/engine", "运行任务的软件（docs/engines.md）：megatron | deepspeed | fsdp | pytorch | hf | vllm | trt-llm 等；\"\" = 默认模型，无引擎配置"},
    {"/workload/finetune/method", "\"\" = 全参数训练；lora | qlora（4 位 NF4 冻结基座，16 位适配器）"},
    {"/workload/finetune/rank", "LoRA 秩 r"},
    {"/workload/finetune/targets", "加适配器的矩阵：qv | attention（q、k、v、o）| all-linear"},
    {"/workload/finetune/base_precision", "冻结基座的存储格式：bf16 | fp16 | int8 | nf4 | int4；\"\" = LoRA 为 bf16，QLoRA 为 nf4"},
    {"/workload/model/params", "通用网络：参数量"},
    {"/workload/model/forward_gflops_per_sample", "通用网络：每样本前向 GFLOPs（一次乘加 = 2 FLOPs）"},
    {"/workload/model/activation_bytes_per_sample", "通用网络：每样本为反向传播保留的字节数（或工作集）；0 = 未知"},
};

constexpr Pair kExamples[] = {
    {"default", "Llama-2 7B 继续预训练：一台 8x A100-SXM4-80GB NVSwitch 节点，ZeRO-1，200 亿 token"},
    {"gpt3-175b", "GPT-3 175B：1024 块 A100-SXM4-80GB（128 台 DGX 节点，8x HDR），TP8 PP16 DP8"},
    {"13b-a100-oom", "Llama-2 13B + AdamW，单块 A100-SXM4-80GB，微批 16（显存放不下）"},
    {"llama2-70b-serving", "Llama-2 70B 推理服务：8x H100-SXM5-80GB，TP8，批大小 32，2048 token 提示词"},
    {"llama3-8b-l40s", "Llama-3.1 8B 推理：单块 L40S，int8 权重"},
    {"edge-orin", "Llama-2 7B int4 推理：Jetson AGX Orin 64GB"},
};

constexpr Pair kErrors[] = {
    {"wrong_type", "类型错误"},
    {"missing_field", "缺少必填字段"},
    {"out_of_range", "数值超出范围"},
    {"unknown_value", "未知的取值"},
    {"unknown_key", "未知的键"},
    {"unknown_gpu", "未知的 GPU"},
    {"unknown_model", "未知的模型"},
    {"incompatible", "设置相互矛盾"},
    {"missing_network", "多节点需要节点间网络：请在“节点间网络”中选择一种"},
    {"invalid_json", "不是有效的 JSON"},
    {"unknown_example", "未知的示例"},
    // workloads, HF import, serving (workload-page)
    {"missing_key", "缺少必需的键"},
    {"unsupported_key", "模型无法表示此键的效果"},
};

// Chinese display names of catalog entries (data/engines.json, data/networks.json), keyed
// "engine:<id>" / "network:<id>": the product or network name (a proper name, kept) with what it is
// in Chinese, translated from the catalog's English `name`. Display only: ids, reports and the
// catalog are unchanged. An id missing here shows the English name.
constexpr Pair kCatalogNames[] = {
    {"engine:megatron", "Megatron-LM（训练，Transformer Engine 融合算子）"},
    {"engine:deepspeed", "DeepSpeed（训练，ZeRO 分片）"},
    {"engine:fsdp", "PyTorch FSDP（训练，全分片数据并行）"},
    {"engine:pytorch", "PyTorch 原生（DDP 训练；GPT-Fast 式推理）"},
    {"engine:tensorflow", "TensorFlow / Keras（图模式，XLA 编译）"},
    {"engine:paddle", "飞桨 PaddlePaddle（动态图，融合算子）"},
    {"engine:hf", "Hugging Face transformers（即时执行的 PyTorch）"},
    {"engine:vllm", "vLLM（推理，分页注意力 + 连续批处理）"},
    {"engine:sglang", "SGLang（推理，基数树注意力 + 连续批处理）"},
    {"engine:trt-llm", "TensorRT-LLM（推理，C++ 运行时 + 动态批处理）"},
    {"engine:tensorrt", "TensorRT 引擎（推理，静态批次）"},
    {"engine:onnxruntime", "ONNX Runtime（推理，CUDA 执行提供程序）"},
    {"engine:llama.cpp", "llama.cpp（推理，ggml CUDA 后端）"},
    {"network:resnet50", "ResNet-50 v1.5（图像分类）"},
    {"network:retinanet", "RetinaNet ResNeXt50-32x4d FPN（目标检测）"},
    {"network:ssd-resnet34", "SSD-ResNet34（目标检测，MLPerf，1200x1200）"},
    {"network:3d-unet", "3D U-Net（医学影像分割，MLPerf，KiTS19）"},
    {"network:dlrm", "DLRM（推荐模型，MLPerf，Criteo Terabyte）"},
    {"network:rnnt", "RNN-T（语音识别，MLPerf，LibriSpeech）"},
    {"network:yolov5s", "YOLOv5s v6.0（目标检测）"},
    {"network:whisper-large", "Whisper large-v2（语音识别）"},
    {"network:clip-vit-l", "CLIP ViT-L/14（图文多模态）"},
};

const char* Find(std::span<const Pair> table, std::string_view key) {
  for (const Pair& p : table)
    if (key == p.key) return p.zh;
  return nullptr;
}

}  // namespace

const char* FieldDocZh(std::string_view path) { return Find(kFieldDocs, path); }
const char* ExampleDescriptionZh(std::string_view name) { return Find(kExamples, name); }
const char* ErrorHeadlineZh(std::string_view code) { return Find(kErrors, code); }
const char* CatalogNameZh(std::string_view kind, std::string_view id) {
  for (const Pair& p : kCatalogNames) {
    const std::string_view key = p.key;
    if (key.size() == kind.size() + 1 + id.size() && key.substr(0, kind.size()) == kind && key[kind.size()] == ':' &&
        key.substr(kind.size() + 1) == id)
      return p.zh;
  }
  return nullptr;
}

int DataStringCount() {
  return static_cast<int>(std::size(kFieldDocs) + std::size(kExamples) + std::size(kErrors) + std::size(kCatalogNames));
}

const char* DataString(int i) {
  const int a = static_cast<int>(std::size(kFieldDocs)), b = static_cast<int>(std::size(kExamples));
  const int c = static_cast<int>(std::size(kErrors));
  if (i < a) return kFieldDocs[i].zh;
  if (i < a + b) return kExamples[i - a].zh;
  if (i < a + b + c) return kErrors[i - a - b].zh;
  return kCatalogNames[i - a - b - c].zh;
}

}  // namespace gpucfg::app
