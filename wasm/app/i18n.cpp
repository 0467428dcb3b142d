// The string table behind i18n.h. This file is also the text the build subsets the UI font from
// (wasm/CMakeLists.txt): keep every non-ASCII character the page draws here, and nowhere else.
// Extra symbols drawn by panels: — • … → ≤ ≥ ✓ € ■ · × ¥
#include "i18n.h"

#include <cassert>
#include <iterator>

#include "app.h"

namespace gpucfg::app {
namespace {

struct Entry {
  S id;
  const char* en;
  const char* zh;
};

constexpr Entry kStrings[] = {
    {S::kTitle, "gpucfg", "gpucfg"},
    {S::kSubtitle, "GPU cluster configurator", "GPU 集群配置器"},
    {S::kExample, "Example", "示例"},
    {S::kLanguageToggle, "中文", "English"},
    // inputs
    {S::kCluster, "Cluster", "集群"},
    {S::kGpu, "GPU", "GPU 型号"},
    {S::kGpusPerNode, "GPUs per node", "每节点 GPU 数"},
    {S::kNodes, "Nodes", "节点数"},
    {S::kIntraNode, "Intra-node fabric", "节点内互联"},
    {S::kInterNode, "Inter-node network", "节点间网络"},
    {S::kNicsPerNode, "NICs per node (0 = 1/GPU)", "每节点网卡数（0 = 每 GPU 一个）"},
    {S::kAuto, "auto", "自动"},
    {S::kNone, "none", "无"},
    {S::kWorkload, "Workload", "工作负载"},
    {S::kKind, "Kind", "类型"},
    {S::kTraining, "Training", "训练"},
    {S::kInference, "Inference", "推理"},
    {S::kModel, "Model", "模型"},
    {S::kPrecision, "Precision", "计算精度"},
    {S::kSeqLen, "Sequence length", "序列长度"},
    {S::kOptimizer, "Optimizer", "优化器"},
    {S::kGlobalBatch, "Global batch (sequences)", "全局批大小（序列）"},
    {S::kMicroBatch, "Micro batch", "微批大小"},
    {S::kTrainTokensB, "Training tokens (billions)", "训练 token 数（十亿）"},
    {S::kFlashAttention, "Flash attention", "Flash 注意力"},
    {S::kBatch, "Batch (concurrent sequences)", "批大小（并发序列）"},
    {S::kPromptTokens, "Prompt tokens", "输入 token 数"},
    {S::kOutputTokens, "Output tokens", "输出 token 数"},
    {S::kKvPrecision, "KV cache precision", "KV 缓存精度"},
    {S::kWeightPrecision, "Weight precision", "权重精度"},
    {S::kParallelism, "Parallelism", "并行策略"},
    {S::kTp, "Tensor parallel (TP)", "张量并行（TP）"},
    {S::kPp, "Pipeline parallel (PP)", "流水线并行（PP）"},
    {S::kDp, "Data parallel (DP, 0 = auto)", "数据并行（DP，0 = 自动）"},
    {S::kZero, "ZeRO stage", "ZeRO 阶段"},
    {S::kSequenceParallel, "Sequence parallel", "序列并行"},
    {S::kRecompute, "Activation recompute", "激活重计算"},
    {S::kRecomputeNone, "none", "不重算"},
    {S::kRecomputeSelective, "selective", "选择性"},
    {S::kRecomputeFull, "full", "完全"},
    {S::kInterleave, "Interleave (virtual stages)", "交错（虚拟阶段）"},
    {S::kPricing, "Pricing", "价格"},
    {S::kCurrency, "Currency", "货币"},
    {S::kPerGpuHour, "Price per GPU-hour (0 = list)", "每 GPU 小时价格（0 = 目录价）"},
    {S::kElectricity, "Electricity per kWh (0 = preset)", "每度电价（0 = 预设）"},
    {S::kPue, "PUE", "PUE（电能使用效率）"},
    {S::kCatalogPrice, "list price", "目录价"},
    // memory
    {S::kMemoryPerGpu, "Memory per GPU", "每 GPU 显存"},
    {S::kFits, "Fits", "放得下"},
    {S::kDoesNotFit, "Does not fit", "放不下"},
    {S::kHeadroom, "headroom", "余量"},
    {S::kOverBy, "over by", "超出"},
    {S::kCapacity, "capacity", "容量"},
    {S::kWeights, "Weights", "权重"},
    {S::kGradients, "Gradients", "梯度"},
    {S::kOptimizerStates, "Optimizer states", "优化器状态"},
    {S::kActivations, "Activations", "激活值"},
    {S::kKvCache, "KV cache", "KV 缓存"},
    {S::kOverhead, "Overhead", "其他开销"},
    {S::kTotal, "Total", "合计"},
    {S::kBinding, "Largest component", "占用最大的部分"},
    {S::kFixes, "What would make it fit", "可行的解决办法"},
    {S::kFixChange, "Change", "修改"},
    {S::kFixSaves, "Saves", "节省"},
    {S::kFixFitsAfter, "Fits after", "修改后放得下"},
    {S::kMaxMicroBatch, "Largest micro batch that fits", "可放下的最大微批"},
    {S::kMaxBatch, "Largest batch that fits", "可放下的最大批大小"},
    {S::kMaxContext, "Longest context that fits", "可放下的最长上下文"},
    {S::kPlan, "Combined plan, step by step", "组合方案（逐步应用）"},
    {S::kOn, "on", "开"},
    {S::kOff, "off", "关"},
    {S::kBits, "bit", "位"},
    {S::kNoFixes, "No single change found; try a bigger GPU or more GPUs.", "未找到单项修改方案；请换更大显存的 GPU 或增加 GPU 数量。"},
    // performance, power, cost
    {S::kPerformance, "Speed", "速度"},
    {S::kStepTime, "Step time", "单步时间"},
    {S::kLowerBound, "lower bound", "理论下限"},
    {S::kStepVsBound, "Step time vs. lower bound (peak compute, no communication)", "单步时间与理论下限（峰值算力、无通信）"},
    {S::kTokensPerS, "Tokens / s", "token / 秒"},
    {S::kTflopsPerGpu, "TFLOP/s per GPU", "每 GPU TFLOP/s"},
    {S::kMfu, "MFU", "MFU（算力利用率）"},
    {S::kTimeToTrain, "Time to train", "训练时长"},
    {S::kGpuHours, "GPU-hours", "GPU 小时"},
    {S::kTtft, "Time to first token", "首 token 延迟"},
    {S::kTpot, "Time per output token", "每输出 token 时间"},
    {S::kOutputTokensPerS, "Output tokens / s", "输出 token / 秒"},
    {S::kPower, "Power", "功耗"},
    {S::kPerGpu, "Per GPU", "每 GPU"},
    {S::kPerNode, "Per node (GPUs)", "每节点（GPU）"},
    {S::kClusterPower, "Cluster (GPUs)", "集群（GPU）"},
    {S::kFacility, "Facility (x PUE)", "机房（乘 PUE）"},
    {S::kEnergy, "Job energy", "任务能耗"},
    {S::kCost, "Cost", "成本"},
    {S::kClusterPerHour, "Cluster per hour", "集群每小时"},
    {S::kJobRental, "Job rental", "任务租用费用"},
    {S::kElectricityCost, "Job electricity", "任务电费"},
    {S::kGpuHourPrice, "Per GPU-hour", "每 GPU 小时"},
    {S::kWarnings, "Warnings", "警告"},
    {S::kAssumptions, "Assumptions", "假设"},
    {S::kErrorsTitle, "The scenario cannot be evaluated", "该方案无法评估"},
    {S::kResolved, "Resolved", "实际配置"},
    {S::kParameters, "parameters", "参数"},
    {S::kConfidence, "Confidence", "可信度"},
    {S::kHigh, "high", "高"},
    {S::kMedium, "medium", "中"},
    {S::kLow, "low", "低"},
    {S::kReplay, "Replay with the CLI: copy the URL's #scenario= part into a file, then gpucfg evaluate FILE", "用命令行重现：把网址中 #scenario= 之后的内容存为文件，再运行 gpucfg evaluate 文件"},
    {S::kSeconds, "s", "秒"},
    {S::kMinutes, "min", "分钟"},
    {S::kHours, "h", "小时"},
    {S::kDays, "days", "天"},
    {S::kYears, "years", "年"},
};
static_assert(std::size(kStrings) == static_cast<size_t>(S::kCount), "one entry per S id, in order");

struct FixEntry {
  std::string_view code;
  const char* en;
  const char* zh;
};

constexpr FixEntry kFixes[] = {
    {"selective_recompute", "Selective recompute", "选择性重计算"},
    {"full_recompute", "Full recompute", "完全重计算"},
    {"sequence_parallel", "Sequence parallelism", "序列并行"},
    {"flash_attention", "Flash attention", "Flash 注意力"},
    {"zero_1", "ZeRO-1 (shard optimizer)", "ZeRO-1（切分优化器）"},
    {"zero_2", "ZeRO-2 (shard gradients)", "ZeRO-2（切分梯度）"},
    {"zero_3", "ZeRO-3 (shard weights)", "ZeRO-3（切分权重）"},
    {"tp", "More tensor parallelism", "增大张量并行"},
    {"pp", "More pipeline stages", "增加流水线阶段"},
    {"micro_batch", "Smaller micro batch", "减小微批"},
    {"batch", "Smaller batch", "减小批大小"},
    {"prompt_tokens", "Shorter prompts", "缩短输入"},
    {"adam_8bit", "8-bit Adam optimizer", "8 位 Adam 优化器"},
    {"int8_weights", "int8 weights", "int8 权重"},
    {"int4_weights", "int4 weights", "int4 权重"},
    {"kv_fp8", "fp8 KV cache", "fp8 KV 缓存"},
    {"kv_int8", "int8 KV cache", "int8 KV 缓存"},
    {"bigger_gpu", "Bigger GPU", "更大显存的 GPU"},
    {"more_gpus", "More GPUs", "更多 GPU"},
    {"more_gpus_zero_3", "More GPUs with ZeRO-3", "更多 GPU 并使用 ZeRO-3"},
};

}  // namespace

const char* T(S id, Lang lang) {
  const Entry& e = kStrings[static_cast<int>(id)];
  assert(e.id == id && "kStrings must list the S ids in declaration order");
  return lang == Lang::kZh ? e.zh : e.en;
}

const char* T(S id) { return T(id, App().lang); }

const char* FixName(std::string_view code) {
  for (const FixEntry& f : kFixes)
    if (f.code == code) return App().lang == Lang::kZh ? f.zh : f.en;
  return nullptr;
}

int UiStringCount() { return static_cast<int>(std::size(kStrings) * 2 + std::size(kFixes) * 2 + 1); }

const char* UiString(int i) {
  const int n = static_cast<int>(std::size(kStrings));
  const int f = static_cast<int>(std::size(kFixes));
  if (i < 2 * n) return i % 2 ? kStrings[i / 2].zh : kStrings[i / 2].en;
  i -= 2 * n;
  if (i < 2 * f) return i % 2 ? kFixes[i / 2].zh : kFixes[i / 2].en;
  return "—•…→≤≥✓€■·×¥";
}

}  // namespace gpucfg::app
