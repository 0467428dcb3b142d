// The string table behind i18n.h. This file is also the text the build subsets the UI font from
// (wasm/CMakeLists.txt): keep every non-ASCII character the page draws here, and nowhere else.
// Extra symbols drawn by panels: — • … → ≤ ≥ ✓ € ■ · × ¥
#include "i18n.h"

#include <cassert>
#include <cstdio>
#include <iterator>
#include <span>
#include <string>

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
    {S::kEp, "Expert parallel (EP)", "专家并行（EP）"},
    {S::kCp, "Context parallel (CP)", "上下文并行（CP）"},
    {S::kExpert, "Expert settings", "高级设置"},
    {S::kSustained, "Sustained share in a job (0 = 0.85)", "作业中持续效率（0 = 0.85）"},
    {S::kMatmulEff, "Best GEMM / peak (0 = measured)", "最佳矩阵乘 / 峰值（0 = 实测）"},
    {S::kHbmEff, "HBM / datasheet (0 = measured)", "HBM / 标称带宽（0 = 实测）"},
    {S::kTpOverlap, "TP communication hidden", "张量并行通信被隐藏的比例"},
    {S::kDpOverlap, "Gradient reduction overlap", "梯度归约重叠比例"},
    {S::kUsableGib, "Usable GiB per GPU (0 = catalog)", "每 GPU 可用 GiB（0 = 目录值）"},
    {S::kFragmentation, "Allocator reserve (fraction)", "分配器预留（比例）"},
    {S::kTpotTarget, "TPOT target (ms)", "每 token 时延目标（毫秒）"},
    {S::kTtftTarget, "TTFT target (ms)", "首 token 时延目标（毫秒）"},
    {S::kClockFactor, "Clock / boost clock (derate)", "时钟 / 加速时钟（降频）"},
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
    {S::kReplay, "Replay with the CLI: the toolbar's \"Copy as gpucfg command\" gives the shell line that prints this report.", "用命令行复现：工具栏的“复制为 gpucfg 命令”给出打印此报告的命令。"},
    {S::kSeconds, "s", "秒"},
    {S::kMinutes, "min", "分钟"},
    {S::kHours, "h", "小时"},
    {S::kDays, "days", "天"},
    {S::kYears, "years", "年"},
    // view tabs
    {S::kTabOverview, "Overview", "概览"},
    {S::kTabBreakdown, "Step time", "时间构成"},
    {S::kTabRoofline, "Roofline", "屋顶线"},
    {S::kTabScaling, "Scaling", "扩展性"},
    {S::kTabCompare, "Compare", "方案对比"},
    // step-time breakdown and inference latency
    {S::kBreakdownTitle, "Where one training step's time goes (exposed parts add up to the step)", "单个训练步的时间构成（未被掩盖的部分之和即单步时间）"},
    {S::kCompute, "Compute", "计算"},
    {S::kRecomputeTime, "Recompute", "重计算"},
    {S::kTpComm, "TP comm", "TP 通信"},
    {S::kPpComm, "PP comm", "PP 通信"},
    {S::kBubble, "Pipeline bubble", "流水线气泡"},
    {S::kDpComm, "Exposed DP comm", "未掩盖的 DP 通信"},
    {S::kZero3Comm, "ZeRO-3 gathers", "ZeRO-3 参数收集"},
    {S::kEpComm, "Expert all-to-all (MoE)", "专家并行 all-to-all（MoE）"},
    {S::kCpComm, "Context-parallel K/V ring", "上下文并行 K/V 环形传递"},
    {S::kOptimizerTime, "Optimizer", "优化器更新"},
    {S::kDpCommTotal, "DP gradient reduction before overlap", "重叠前的 DP 梯度归约"},
    {S::kHfu, "HFU", "HFU（硬件算力利用率）"},
    {S::kCommShare, "Exposed communication", "未掩盖的通信占比"},
    {S::kBubbleShare, "Bubble share", "气泡占比"},
    {S::kMicroBatches, "Micro-batches per step", "每步微批数"},
    {S::kCostPerMTrained, "Cost per 1M trained tokens", "每百万训练 token 成本"},
    {S::kInferenceTitle, "Inference latency and throughput", "推理延迟与吞吐"},
    {S::kRequestLatency, "Request latency", "请求延迟"},
    {S::kDecodeTokensPerS, "Steady decode tokens / s", "稳定解码 token / 秒"},
    {S::kBestBatch, "Best batch within the latency targets", "满足延迟目标的最佳批大小"},
    {S::kBestBatchNone, "No batch meets the latency targets", "没有批大小能满足延迟目标"},
    {S::kLatencyTargets, "targets", "目标"},
    {S::kCostPerMTokens, "Cost per 1M output tokens", "每百万输出 token 成本"},
    {S::kPrefillPart, "First token (prefill)", "首 token（预填充）"},
    {S::kDecodePart, "Remaining decode", "其余解码"},
    {S::kShare, "share", "占比"},
    // roofline
    {S::kRooflineTitle, "Roofline of one GPU", "单 GPU 屋顶线模型"},
    {S::kIntensityAxis, "Arithmetic intensity (FLOP/byte)", "算术强度（FLOP/字节）"},
    {S::kTflopsAxis, "Attainable TFLOP/s", "可达 TFLOP/s"},
    {S::kPeakCompute, "peak", "峰值"},
    {S::kAchievableMatmul, "achievable matmul", "矩阵乘可达"},
    {S::kSustainedMatmul, "sustained in a job", "作业中持续"},
    {S::kHbmBandwidth, "HBM bandwidth", "HBM 带宽"},
    {S::kRidge, "ridge", "拐点"},
    {S::kComputeBound, "compute-bound", "计算受限"},
    {S::kMemoryBound, "memory-bound", "访存受限"},
    {S::kOp, "Operation", "算子"},
    {S::kPhase, "Phase", "阶段"},
    {S::kIntensity, "Intensity", "算术强度"},
    {S::kAttainable, "Attainable", "可达"},
    {S::kOpTime, "Time", "时间"},
    {S::kFlops, "FLOPs", "浮点运算量"},
    {S::kHbmBytes, "HBM bytes", "HBM 字节数"},
    {S::kRooflineHint, "Per GPU, one layer's forward pass; hover a point for its figures", "每 GPU、单层前向计算；鼠标悬停在点上可查看数值"},
    // scaling
    {S::kScalingTitle, "Weak scaling from 1 GPU to the cluster (batch per replica fixed)", "从 1 个 GPU 到整个集群的弱扩展（每副本批大小不变）"},
    {S::kEfficiency, "Scaling efficiency", "扩展效率"},
    {S::kCommFraction, "Communication share of the step", "通信占单步时间比例"},
    {S::kGpuCount, "GPUs", "GPU 数量"},
    {S::kScalingBreak, "communication takes half the step or more from this size up", "从该规模起通信占单步时间的一半以上"},
    {S::kScalingNoBreak, "Communication stays under half the step up to the full cluster.", "直到整个集群，通信都少于单步时间的一半。"},
    {S::kScalingTrainingOnly, "The scaling curve is computed for training workloads.", "扩展曲线仅针对训练负载计算。"},
    {S::kStepTimeAt, "Step time", "单步时间"},
    {S::kParallelLayout, "Layout", "并行布局"},
    // compare
    {S::kPin, "Pin current scenario", "固定当前方案"},
    {S::kRemove, "Remove", "移除"},
    {S::kLoad, "Load", "载入"},
    {S::kSlotsFull, "All 4 slots are used: remove one to pin another.", "4 个槽位已满：请先移除一个再固定。"},
    {S::kCompareEmpty, "Pin 2 to 4 scenarios to compare them side by side: pin this one, change the inputs, pin again.", "固定 2 至 4 个方案即可并排对比：先固定当前方案，修改输入后再次固定。"},
    {S::kCompareHint, "Best value of each row in green.", "每行最佳值以绿色显示。"},
    {S::kMemoryFits, "Memory per GPU", "每 GPU 显存"},
    {S::kSlot, "Slot", "槽位"},
    {S::kCostPerMAny, "Cost / 1M tokens (train / serve)", "每百万 token 成本（训练 / 输出）"},
    // figures explained on hover (explain.cpp)
    {S::kFormula, "Formula", "公式"},
    {S::kSource, "Source", "来源"},
    {S::kUncertainty, "Uncertainty", "不确定度"},
    {S::kUncertHigh, "high confidence: close to the published runs the models are checked against.",
     "可信度高：与用于校验模型的公开实测接近。"},
    {S::kUncertMedium, "medium confidence: against published training runs the step time lands within -7 % ... +7 % (tests/calibration_speed_test.cpp), inference throughput +9 %; memory overheads are estimated.",
     "可信度中：与公开训练实测相比，单步时间误差在 -7 % … +7 % 之内（tests/calibration_speed_test.cpp），推理吞吐 +9 %；显存开销为估算值。"},
    {S::kUncertLow, "low confidence: the GPU's catalog figures are not verified, or the model is a mixture of experts; expect errors well beyond 7 %.",
     "可信度低：该 GPU 的目录数据未经核实，或模型为混合专家（MoE）；误差可能远超 7 %。"},
    {S::kWhatMfu, "Model FLOPs utilisation: the share of the GPUs' dense peak that does the model's own math (recomputation not counted).",
     "模型算力利用率：GPU 稠密峰值算力中用于模型本身计算的比例（不计重计算）。"},
    {S::kWhatTokensPerS, "Tokens trained per second by the whole cluster.", "整个集群每秒训练的 token 数。"},
    {S::kWhatStepTime, "One optimizer step: the compute, plus the communication and pipeline bubble that are not hidden behind it.",
     "一次优化器步骤的时间：计算，加上未被计算掩盖的通信与流水线气泡。"},
    {S::kWhatTflopsPerGpu, "Model FLOPs per second that one GPU achieves.", "单个 GPU 实际达到的每秒模型浮点运算量。"},
    {S::kWhatTimeToTrain, "Wall-clock time to train the token budget at this throughput.", "按此吞吐训练完 token 预算所需的时间。"},
    {S::kWhatGpuHours, "GPU time the run consumes: GPUs x hours.", "本次训练消耗的 GPU 时间：GPU 数 x 小时数。"},
    {S::kWhatTtft, "Time to first token: prefill of the whole batch, then the first output token.",
     "首 token 延迟：整批提示词的预填充，再生成第一个输出 token。"},
    {S::kWhatTpot, "Time per output token: one decode step at mid-generation context.", "每输出 token 时间：生成过程中段上下文长度下的一次解码。"},
    {S::kWhatOutputTokens, "Output tokens per second of the whole cluster, prefill included.", "整个集群每秒输出的 token 数（含预填充时间）。"},
    {S::kWhatGpuHourPrice, "Rental price of one GPU for one hour: every cost on this page uses it.",
     "单个 GPU 每小时的租用价格：本页所有费用都按此计算。"},
    {S::kWhatClusterPerHour, "Rental of the whole cluster for one hour.", "整个集群每小时的租用费用。"},
    {S::kWhatJobRental, "Rental for the whole training run.", "整个训练任务的租用费用。"},
    {S::kWhatElectricityCost, "Electricity of the run at the facility (owner's view, not included in the rental).",
     "任务在机房的电费（自有机房视角，不含在租金内）。"},
    {S::kWhatGpuPower, "Board power limit (TDP) of one GPU: its draw at full load, an upper bound.",
     "单个 GPU 的板卡功耗上限（TDP）：满载功耗，为上界。"},
    {S::kWhatNodePower, "The GPUs of one node at their limit (CPUs, fans and NICs not included).",
     "一个节点内所有 GPU 的功耗上限（不含 CPU、风扇和网卡）。"},
    {S::kWhatClusterPower, "All GPUs of the cluster at their limit.", "集群全部 GPU 的功耗上限。"},
    {S::kWhatFacility, "Cluster power times the facility's PUE (cooling, power conversion).", "集群功耗乘以机房 PUE（制冷、供电损耗）。"},
    {S::kWhatEnergy, "Facility energy of the whole run.", "整个任务在机房消耗的电能。"},
    {S::kWhatMemoryPart, "Memory of one GPU taken by this part; the parts add up to the total that is compared with the usable capacity.",
     "此部分在单个 GPU 上占用的显存；各部分之和与可用容量比较。"},
    {S::kWhatRooflinePoint, "One operation of a layer: its arithmetic intensity decides whether compute or HBM bandwidth limits it.",
     "层内的一个运算：其算术强度决定受算力还是显存带宽限制。"},
    {S::kSrcMfu, "PaLM (Chowdhery et al. 2022, appendix B); model FLOPs as Narayanan et al. 2021", "PaLM（Chowdhery 等 2022，附录 B）；模型 FLOPs 按 Narayanan 等 2021"},
    {S::kSrcSpeed, "gpucfg speed model: GEMMs priced from matmul microbenchmarks, NCCL ring/tree collectives (Megatron-LM, NCCL docs)",
     "gpucfg 速度模型：GEMM 按矩阵乘微基准定价，NCCL 环形/树形集合通信（Megatron-LM、NCCL 文档）"},
    {S::kSrcInference, "gpucfg inference model: prefill compute-bound, decode bound by weights + KV cache reads (roofline)",
     "gpucfg 推理模型：预填充受算力限制，解码受权重与 KV 缓存读取限制（屋顶线）"},
    {S::kSrcCost, "the catalog's rental prices (gpucfg gpu ID prints their sources), or your price", "目录中的租用价格（gpucfg gpu ID 可查看来源），或您填写的价格"},
    {S::kSrcPower, "the GPU's datasheet TDP (catalog)", "GPU 数据手册中的 TDP（目录）"},
    {S::kSrcMemory, "ZeRO (Rajbhandari et al. 2020); activations: Korthikanti et al. 2022", "ZeRO（Rajbhandari 等 2020）；激活值：Korthikanti 等 2022"},
    {S::kSrcRoofline, "roofline model (Williams, Waterman, Patterson 2009); datasheet peak and HBM bandwidth", "屋顶线模型（Williams、Waterman、Patterson 2009）；数据手册峰值与显存带宽"},
    {S::kPriceList, "catalog list price", "目录标价"},
    {S::kPriceYours, "your price", "您的价格"},
    {S::kNoCostNoFit, "Does not fit in memory: this setup cannot run, so it has no cost.", "显存放不下：此配置无法运行，因此没有费用。"},
    {S::kTrainTokens, "training tokens", "训练 token 数"},
    {S::kHoursWord, "h", "小时"},
    {S::kPeak, "dense peak", "稠密峰值"},
    {S::kGpusWord, "GPUs", "GPU 数"},
    {S::kWan, "x 10^4", "万"},
    {S::kYi, "x 10^8", "亿"},
    {S::kWanYi, "x 10^12", "万亿"},
    {S::kPriceUsed, "used", "实际使用"},
    {S::kApplyFix, "Apply", "应用"},
    {S::kUndoFix, "Undo", "撤销"},
    {S::kBatchPerCopy, "per model copy: %d copies serve %d sequences at once", "按每个模型副本计：%d 个副本共同时处理 %d 个序列"},
    // workloads, HF import, serving (workload-page)
    {S::kEngine, "Engine (software)", "运行引擎（软件）"},
    {S::kEngineDefault, "default model (no engine profile)", "默认模型（无引擎配置）"},
    {S::kFinetune, "Fine-tuning", "微调"},
    {S::kFinetuneFull, "full (every weight)", "全参数（训练所有权重）"},
    {S::kLoraRank, "LoRA rank", "LoRA 秩"},
    {S::kLoraTargets, "Adapted matrices", "加适配器的矩阵"},
    {S::kTargetsQv, "q, v", "q、v"},
    {S::kTargetsAttention, "attention (q, k, v, o)", "注意力（q、k、v、o）"},
    {S::kTargetsAllLinear, "all linear layers", "所有线性层"},
    {S::kBasePrecision, "Frozen base format", "冻结基座的存储格式"},
    {S::kBaseDefault, "default (LoRA bf16, QLoRA nf4)", "默认（LoRA 为 bf16，QLoRA 为 nf4）"},
    {S::kGenericNetwork, "generic network (your own totals)", "通用网络（自填总量）"},
    {S::kGenericParamsM, "Parameters (millions)", "参数量（百万）"},
    {S::kGenericGflops, "Forward GFLOPs per sample", "每样本前向 GFLOPs"},
    {S::kGenericActMb, "Activation MB per sample", "每样本激活（MB）"},
    {S::kBatchSamples, "Samples per batch, per model copy", "每批样本数（每个模型副本）"},
    {S::kBatchPerCopyLabel, "Batch per model copy (concurrent sequences)", "每个模型副本的批大小（并发序列）"},
    {S::kSamplesPerS, "Samples/s", "样本/秒"},
    {S::kBatchLatency, "Batch latency", "单批延迟"},
    {S::kNetworkNote, "Networks run data-parallel: one copy per GPU, TP = PP = 1.",
     "网络以数据并行运行：每个 GPU 一个副本，TP = PP = 1。"},
    {S::kHfImport, "Import a Hugging Face config.json", "导入 Hugging Face 的 config.json"},
    {S::kHfPasteHint, "Paste the model's config.json here, or open the file:", "在此粘贴模型的 config.json，或打开文件："},
    {S::kHfImportButton, "Import", "导入"},
    {S::kHfOpenFile, "Open file…", "打开文件…"},
    {S::kHfImported, "Imported %s (%s parameters): it is now the scenario's model.", "已导入 %s（%s 参数）：它现在是场景的模型。"},
    {S::kHfNotImported, "Not imported:", "未导入："},
    {S::kServing, "Serving: how many GPUs?", "服务：需要多少 GPU？"},
    {S::kServingUsersMode, "users at once", "同时在线用户"},
    {S::kServingRpsMode, "requests per second", "每秒请求数"},
    {S::kServingUsers, "Users generating at once", "同时生成的用户数"},
    {S::kServingRps, "Requests per second", "每秒请求数"},
    {S::kServingAnswer, "%d GPUs (%d nodes): %d copies × TP %d, %d sequences per copy",
     "%d 个 GPU（%d 个节点）：%d 个副本 × TP %d，每副本 %d 个序列"},
    {S::kServingLatency, "at that batch: %s per token, first token in %s", "该批大小下：每词元 %s，首词元 %s"},
    {S::kServingCost, "rental %s per hour", "租金每小时 %s"},
    {S::kServingNo, "No copy of this model on this GPU meets the targets:", "此 GPU 上该模型的副本都达不到目标："},
    {S::kServingInvalid, "no TP 1, 2, 4 or 8 within one node is a valid configuration",
     "一个节点内 TP 1、2、4、8 都不是有效配置"},
    {S::kServingNoFit, "the model does not fit one node of this GPU", "模型放不进此 GPU 的一个节点"},
    {S::kServingLatencyBound, "even batch 1 misses the TPOT or TTFT target", "即使批大小为 1 也达不到 TPOT 或 TTFT 目标"},
    {S::kServingApply, "Use this setup", "采用此配置"},
    {S::kServingNote,
     "Copies serve independently (no network between them). Requests/s become users by Little's law "
     "at the request latency; no queueing (set /workload/request_rate for that).",
     "各副本独立服务（彼此之间无需网络）。每秒请求数按利特尔定律乘以请求延迟换算为并发用户；"
     "未计排队（排队请设置 /workload/request_rate）。"},
    {S::kServingOnlyDecoders, "Serving is sized per generated token: pick a transformer decoder model.",
     "服务按生成的词元计算规模：请选择 Transformer 解码器模型。"},
    {S::kFixCostChange, "%d → %d GPUs: %s → %s per hour", "%d → %d 个 GPU：每小时 %s → %s"},
    {S::kFixJobCost, "job: %s → %s", "整个任务：%s → %s"},
    {S::kGlobalBatchSamples, "Global batch (samples)", "全局批大小（样本）"},
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

// Operation and phase names of the roofline (core/roofline.h kOpNames, plus "logits").
struct CodeName {
  std::string_view code;
  const char* en;
  const char* zh;
};

constexpr CodeName kOps[] = {
    {"qkv", "QKV projection", "QKV 投影"},
    {"attn_score", "Attention scores (QK^T)", "注意力分数（QK^T）"},
    {"softmax", "Softmax", "Softmax"},
    {"attn_context", "Attention x V", "注意力加权（x V）"},
    {"out_proj", "Output projection", "输出投影"},
    {"mlp_up", "MLP up", "MLP 升维"},
    {"mlp_down", "MLP down", "MLP 降维"},
    {"norm", "Norm", "归一化"},
    {"elementwise", "Elementwise", "逐元素运算"},
    {"logits", "Logits", "输出 logits"},
};

constexpr CodeName kPhases[] = {
    {"training", "training", "训练"},
    {"prefill", "prefill", "预填充"},
    {"decode", "decode", "解码"},
};

// Chinese for every warning and assumption code of core/base/warnings.cpp and its .inc tables (memory, speed, power),
// with the same {value}/{limit} (and {a}..{d}) placeholders.
constexpr CodeName kWarningsZh[] = {
    {"global_batch_rounded", nullptr, "global_batch 不是 micro_batch × dp 的整数倍：按每步 {value} 条序列建模，而非 {limit} 条"},
    {"no_price", nullptr, "目录中没有该 GPU 在此货币下的价格：请设置 pricing.per_gpu_hour 以计算成本"},
    {"inter_node_assumed", nullptr, "{value} 个节点的 cluster.inter_node 为 \"none\"：按该 GPU 代际常用的网络估算（每端口 {limit} Gb/s，每 GPU 一个端口；setup.inter_node 给出其名称）；请把 cluster.inter_node 设为实际网络"},
    {"memory_overheads_estimated", nullptr, "CUDA 上下文、NCCL 缓冲区和分配器碎片是根据公开测量值估算的，并非在您的软件栈上实测"},
    {"gemm_sustained", nullptr, "Tensor Core 计算按其单独微基准速率的 {value} 计入（实际作业中的持续效率，依据已发表的训练结果判断；可用 speed.sustained_efficiency 覆盖）"},
    {"training_flops_6nd", nullptr, "训练计算量按每参数每 token 6 次浮点运算，另加注意力计算（Kaplan 等 2020；Narayanan 等 2021）"},
    {"speed_if_it_fit", nullptr, "按当前配置，任务放不下显存：速度、时长和成本是应用某项显存修复后可达到的数值"},
    {"price_from_catalog", nullptr, "每 GPU 小时 {value} 的租用价格是站点目录价（data/prices.json）"},
    {"memory_exceeds_capacity", nullptr, "每 GPU 需要 {value} GiB，但只有 {limit} GiB 可用；memory.fixes 列出了可行的解决办法"},
    {"memory_headroom_low", nullptr, "每 GPU 可用的 {limit} GiB 中只剩 {value} GiB 空闲；分配器的峰值仍可能导致显存不足"},
    {"host_memory_exceeds", nullptr, "单个节点的进程约需 {value} GiB 主机内存（锁页缓冲区、数据加载进程），但节点只有 {limit} GiB"},
    {"kv_heads_replicated", nullptr, "张量并行度 {value} 超过模型的 {limit} 个 KV 头：每个 GPU 仍保留一个完整的 KV 头，KV 缓存的缩减小于 TP 的倍数"},
    {"zero_without_data_parallel", nullptr, "ZeRO 阶段 {value} 没有切分任何内容：数据并行组只有 {limit} 个 GPU"},
    {"context_exceeds_model", nullptr, "{value} 个 token 超过了模型训练时的 {limit} 个"},
    {"tp_across_nodes", nullptr, "张量并行度 {value} 跨越了每节点 {limit} 个 GPU 的节点：每层的 all-reduce 要经过网络；请把 tp 限制在节点内"},
    {"tp_over_pcie", nullptr, "张量并行度 {value} 通过 PCIe 通信：每层的 all-reduce 将成为主要开销；请使用 NVLink GPU 或设 tp = 1"},
    {"comm_bound", nullptr, "未掩盖的通信占每步的 {value}%（超过 {limit}%）：再增加 GPU 几乎不会提速"},
    {"pipeline_bubble", nullptr, "流水线气泡占每步的 {value}%（超过 {limit}%）：请增大 global_batch、减小 pp 或使用交错调度"},
    {"scaling_breaks", nullptr, "从 {value} 个 GPU 起，通信至少占每步的 {limit}%"},
    {"precision_unsupported", nullptr, "该 GPU 没有所选精度的 Tensor Core 算力：速度模型回退到 FP16（或 FP32）"},
    {"gemm_misaligned", nullptr, "某个 GEMM 维度在每个张量并行 rank 上不是 8 的倍数（词表 {value}，应为 {limit} 的倍数）：请补齐以获得完整的 Tensor Core 速度"},
    {"tpot_over_target", nullptr, "一次解码耗时 {value} ms，超过 {limit} ms 的目标：请减小批大小、增大 tp 或量化权重"},
    // power (core/base/power_warnings.inc)
    {"power_supply_short", nullptr, "节点峰值 {value} W 超过其 {limit} W 的供电：{a} 个 GPU × {b} W（瞬态）+ {c} W 主机 = {d} W 直流，再按电源效率折算；请增加电源或换更大的电源、给 GPU 设功耗上限（power.gpu_cap_w），或减少每节点 GPU 数"},
    {"power_supply_cap_fix", nullptr, "把每个 GPU 的功耗上限设为 {value} W 可使节点适配 {limit} W 的供电：吞吐 {a} %，每个任务的能耗 {b} %"},
    {"power_supply_gpus_fix", nullptr, "即使用板卡的最低功耗上限供电仍不足；{limit} W 内每节点可放 {value} 个 GPU"},
    {"psu_count_short", nullptr, "节点需要 {value} 个电源（{a} 个承担 {c} W 峰值、每个 {d} W，另加冗余），但只有 {limit} 个：请增加电源，或放宽 power.psu_redundancy"},
    {"rack_node_over_budget", nullptr, "单个节点峰值 {value} kW，超过机柜 {limit} kW 的预算：请提高 power.rack_kw（更大功率的机柜供电）或给 GPU 设功耗上限"},
    {"rack_air_ceiling", nullptr, "{a} 个节点 × {b} kW（GPU 满功耗）= {value} kW 的热量放在一个风冷机柜里，超过风冷每柜约 {limit} kW 的能力（经验值，power.air_rack_kw）：请拆成 {c} 个机柜（每柜 {d} 个节点）或改用液冷"},
    {"rack_power_split", nullptr, "{a} 个节点 × {b} kW 峰值 = {value} kW，超过机柜 {limit} kW 的预算：请拆成 {c} 个机柜（每柜 {d} 个节点）或提高 power.rack_kw"},
    {"rack_liquid_fits", nullptr, "或改用液冷：冷板带走大部分热量后风扇负载大减，节点峰值降到 {value} kW，{limit} kW 内可放 {a} 个节点"},
    {"inlet_above_spec", nullptr, "进风温度 {value} °C 高于服务器 {limit} °C 的上限：风冷 GPU 会降频到约 {a} W（吞吐 {b} %）；请降低进风温度或改用液冷"},
    {"power_cap_slows", nullptr, "{value} W 的功耗上限（板卡默认 {limit} W）使吞吐变化 {a} %、每个任务的能耗变化 {b} %（计算密集阶段 GPU 时钟为 {c} %）"},
    {"power_from_workload", nullptr, "GPU 功耗按任务各阶段计算：计算密集的核函数接近板卡上限，访存密集的约为其 {value}（power.* 可覆盖这些判断值），通信等待更低（依据 V100 功耗-算术强度扫描检验的判断值）；瞬态为上限的 {limit} 倍"},
    {"power_host_estimated", nullptr, "主机功耗（CPU、内存、网卡、NVSwitch、风扇、存储）在有公开 TDP 时采用公开值，否则为 gpucfg 估算（gpucfg server ID 列出哪些是估算）；节点外的网络交换机未计入"},
    {"power_mode_clocks", nullptr, "功耗模式设定模组预算（{value} W）和时钟：GPU 为 MAXN 时钟 × TPC 的 {a} %，内存为 {b} %；TOPS 由时钟推算，NVIDIA 只公布 MAXN 的数值"},
    // networks and MIG (core/base/warnings.cpp, core/base/mig_warnings.inc)
    {"generic_network", nullptr, "通用网络按其总量作为一个整体计价（每样本 {value} GFLOPs，按持续 GEMM 速率；权重和激活各读写一次）：可信度低；目录中的网络按逐层计价"},
    {"network_layers_roofline", nullptr, "网络的每一层按其 GEMM 形状放在屋顶线上计价（卷积按隐式 GEMM）；未建模各引擎对核函数的选择"},
    {"mig_replicated", nullptr, "cluster.mig：工作负载以 {value} 个独立副本运行，每个 MIG 实例一个；集群吞吐为单个实例的 {value} 倍，延迟为单个实例的"},
    {"mig_slice_owns", nullptr, "MIG 实例独占其 SM、内存切片（容量和带宽）及 L2 份额：繁忙的邻居拿不走（MIG 用户指南：每个 GPU 实例的内存 QoS）；到主机的 PCIe 和板卡功耗上限仍共享"},
    {"mig_no_p2p", nullptr, "MIG 实例之间没有 NVLink、GPU 间 P2P 或 NCCL（MIG 用户指南：部署注意事项）：每个副本在一个实例上以 tp = pp = 1 运行"},
    {"mig_power_whole_board", nullptr, "功耗和价格按整块板卡计（{value} 个 GPU），每个实例都在忙；空闲切片不退款"},
    {"mig_slot_unused", nullptr, "此布局在每个 GPU 上留下 {value} 个（共 {limit} 个）计算切片未用"},
    {"serving_overloaded", nullptr, "请求以每秒 {value} 个到达，但这些副本在此提示和输出长度下每秒只能服务约 {limit} 个：队列将无限增长；请增加副本、降低请求率或缩短请求"},
};

const char* FindName(std::span<const CodeName> table, std::string_view code) {
  for (const CodeName& c : table)
    if (c.code == code) return App().lang == Lang::kZh ? c.zh : c.en;
  return nullptr;
}

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

const char* OpName(std::string_view code) { return FindName(kOps, code); }
const char* PhaseName(std::string_view code) { return FindName(kPhases, code); }

std::string WarningText(const Warning& w) {
  if (App().lang != Lang::kZh) return WarningMessage(w);
  const char* zh = nullptr;
  for (const CodeName& c : kWarningsZh)
    if (c.code == w.code) zh = c.zh;
  if (!zh) return WarningMessage(w);
  return FillWarningTemplate(zh, w);
}

int UiStringCount() {
  return static_cast<int>(std::size(kStrings) * 2 + std::size(kFixes) * 2 + std::size(kOps) * 2 +
                          std::size(kPhases) * 2 + std::size(kWarningsZh) + 1);
}

const char* UiString(int i) {
  const int n = static_cast<int>(std::size(kStrings));
  const int f = static_cast<int>(std::size(kFixes));
  const int o = static_cast<int>(std::size(kOps)), p = static_cast<int>(std::size(kPhases));
  const int w = static_cast<int>(std::size(kWarningsZh));
  if (i < 2 * n) return i % 2 ? kStrings[i / 2].zh : kStrings[i / 2].en;
  i -= 2 * n;
  if (i < 2 * f) return i % 2 ? kFixes[i / 2].zh : kFixes[i / 2].en;
  i -= 2 * f;
  if (i < 2 * o) return i % 2 ? kOps[i / 2].zh : kOps[i / 2].en;
  i -= 2 * o;
  if (i < 2 * p) return i % 2 ? kPhases[i / 2].zh : kPhases[i / 2].en;
  i -= 2 * p;
  if (i < w) return kWarningsZh[i].zh;
  return "—•…→≤≥✓€■·×¥";
}

}  // namespace gpucfg::app
