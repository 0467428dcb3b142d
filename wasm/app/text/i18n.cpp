// The string table behind i18n.h. This file is also the text the build subsets the UI font from
// (wasm/CMakeLists.txt): keep every non-ASCII character the page draws here, and nowhere else.
// Extra symbols drawn by panels: — • … → ≤ ≥ ✓ € ■ · × ¥
#include "text/i18n.h"

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
    // planner tab (plan-page)
    {S::kTabPlanner, "Planner", "规划"},
    {S::kPlanSection, "Plan: the best cluster on this site", "规划：本站最合适的集群"},
    {S::kPlanObjective, "Objective", "优化目标"},
    {S::kObjCost, "lowest cost", "成本最低"},
    {S::kObjTime, "shortest time", "时间最短"},
    {S::kObjEnergy, "least energy", "能耗最低"},
    {S::kPlanDeadline, "Deadline (days, 0 = none)", "期限（天，0 = 无）"},
    {S::kPlanBudget, "Budget (0 = none)", "预算（0 = 无）"},
    {S::kPlanMaxGpus, "Max GPUs (0 = 1024)", "最多 GPU 数（0 = 1024）"},
    {S::kPlanMaxRackKw, "Max power per node (kW, 0 = none)", "每节点功耗上限（kW，0 = 无）"},
    {S::kPlanGpus, "Allowed GPUs", "可选 GPU"},
    {S::kPlanGpusHint, "none ticked = every GPU with a price", "不勾选 = 所有有价格的 GPU"},
    {S::kPlanRun, "Plan", "开始规划"},
    {S::kPlanCancel, "Cancel", "取消"},
    {S::kPlanScored, "%s configurations scored", "已评估 %s 个配置"},
    {S::kPlanCancelled, "Cancelled: no result", "已取消：无结果"},
    {S::kPlanSummary, "%s configurations in the space, %s pruned by rule, %s evaluated, %s feasible", "搜索空间 %s 个配置，按规则剪枝 %s 个，评估 %s 个，可行 %s 个"},
    {S::kPlanNoFeasible, "No feasible option: relax the deadline, budget or limits", "没有可行方案：请放宽期限、预算或限制"},
    {S::kPlanPareto, "Time against cost: the Pareto front (none is both faster and cheaper)", "时间与成本：帕累托前沿（没有既更快又更便宜的方案）"},
    {S::kPlanTimeDays, "time to train (days)", "训练时间（天）"},
    {S::kPlanTimeRequest, "request latency (s)", "请求延迟（秒）"},
    {S::kPlanCostAxis, "cost", "成本"},
    {S::kPlanRanked, "Options, best first", "方案（最优在前）"},
    {S::kPlanOption, "Option", "方案"},
    {S::kPlanOpen, "Open", "打开"},
    {S::kPlanBest, "best", "最优"},
    {S::kPlanInvalid, "Fix the scenario's errors before planning", "请先修正场景中的错误再规划"},
    {S::kPlanHint, "Searches every GPU, layout and setting of this site for the model and token budget on the left; open an option to load it into the configurator.", "为左侧的模型和 token 预算搜索本站所有 GPU、布局和设置；打开一个方案即可把它载入配置器。"},
    {S::kDecisionTitle, "Decision path: the guide's tree with this scenario's numbers", "决策路径：指南的决策树，配上本场景的数字"},
    {S::kDecisionHint, "Each figure comes from the models; a marked step is where the guide's rule of thumb is wrong.", "每个数字都来自模型；带标记的步骤是指南的经验法则出错之处。"},
    {S::kGuideCorrected, "guide corrected", "纠正指南"},
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
    // power and MIG panels (power-mig-page)
    {S::kTabPower, "Power", "功耗"},
    {S::kPwWhere, "Where the power goes: the whole cluster at the facility", "功耗去向：整个集群（含机房）"},
    {S::kPwGpus, "GPUs", "GPU"},
    {S::kPwHost, "Host (CPUs, memory, NICs, fans)", "主机（CPU、内存、网卡、风扇）"},
    {S::kPwPsuLoss, "Power-supply losses", "电源转换损耗"},
    {S::kPwCooling, "Cooling and facility (PUE)", "制冷与机房（PUE）"},
    {S::kPwTotals, "node %.2f kW average, %.2f kW peak · facility %.3g kW · PSUs %d needed of %d · %.0f BTU/h, %.0f CFM per node", "每节点平均 %.2f kW，峰值 %.2f kW · 机房 %.3g kW · 电源需 %d 个，共 %d 个 · 每节点 %.0f BTU/h、%.0f CFM"},
    {S::kPwRacks, "Racks", "机柜"},
    {S::kPwRackSummary, "%d rack(s) of up to %d nodes · %.1f kW peak per full rack against a %.1f kW budget · %s cooling", "需 %d 个机柜，每柜最多 %d 个节点 · 满柜峰值 %.1f kW，预算 %.1f kW · 冷却方式：%s"},
    {S::kPwMoreRacks, "and %d more racks like these", "另有 %d 个相同的机柜"},
    {S::kPwCap, "Power cap per GPU (nvidia-smi -pl)", "每 GPU 功率上限（nvidia-smi -pl）"},
    {S::kPwEdgeMode, "An edge module: its power is set by its power mode (%s), not a cap.", "边缘模块：功耗由功耗模式（%s）决定，而非功率上限。"},
    {S::kPwCapReset, "Board default", "板卡默认"},
    {S::kPwCapHint, "Drag the cap: throughput and energy per job move together (the core's power model).", "拖动上限：吞吐量与每个作业的能耗一同变化（核心功耗模型）。"},
    {S::kPwThroughput, "Throughput vs uncapped", "吞吐量（相对不限功率）"},
    {S::kPwEnergy, "Energy of the job", "作业能耗"},
    {S::kPwGpuDraw, "GPU draw", "GPU 平均功耗"},
    {S::kPwCapAxis, "power cap per GPU (W)", "每 GPU 功率上限（W）"},
    {S::kPwCapYAxis, "% of uncapped", "相对不限功率 %"},
    {S::kPwAir, "air", "风冷"},
    {S::kPwLiquid, "liquid", "液冷"},
    {S::kPwImmersion, "immersion", "浸没式液冷"},
    {S::kTabMig, "MIG", "MIG 切分"},
    {S::kMgLayoutTitle, "MIG layout of one GPU", "单卡 MIG 布局"},
    {S::kMgGpuFacts, "%d memory slots, %d compute slices, up to %d instances (table %s)", "%d 个显存槽，%d 个计算切片，最多 %d 个实例（表 %s）"},
    {S::kMgPalette, "Add a profile: click it, or drag it onto the GPU. Click an instance to remove it.", "添加配置：点击，或拖到 GPU 上。点击实例可将其移除。"},
    {S::kMgProfileTip, "%d/%d compute slices, %d/%d memory slots, %.2f GiB, %d SMs, at most %d per GPU", "计算切片 %d/%d，显存槽 %d/%d，%.2f GiB，%d 个 SM，每卡最多 %d 个"},
    {S::kMgStatus, "valid layout: %d/%d compute slices, %d/%d instances", "有效布局：计算切片 %d/%d，实例 %d/%d"},
    {S::kMgClear, "Clear", "清空"},
    {S::kMgRefused, "Refused %s: %s", "已拒绝 %s：%s"},
    {S::kMgClosest, "Closest valid layouts:", "最接近的有效布局："},
    {S::kMgUse, "Use", "采用"},
    {S::kMgRsCount, "too many of this profile", "该配置数量超限"},
    {S::kMgRsMedia, "only one media-extension (+me) instance per GPU", "每卡只能有一个媒体扩展（+me）实例"},
    {S::kMgRsInstances, "too many instances", "实例过多"},
    {S::kMgRsCompute, "not enough compute slices", "计算切片不足"},
    {S::kMgRsMemory, "not enough memory slots", "显存槽不足"},
    {S::kMgRsNoSlot, "no start slot left for it", "没有可用的起始槽位"},
    {S::kMgTenants, "Tenants (edit: the plan follows as you type)", "租户（编辑后方案即时更新）"},
    {S::kMgTenantName, "Tenant", "租户"},
    {S::kMgBatch, "Batch", "批大小"},
    {S::kMgPin, "Profile", "配置"},
    {S::kMgAddTenant, "Add tenant", "添加租户"},
    {S::kMgPlan, "Pack plan (gpucfg mig plan)", "装箱方案（gpucfg mig plan）"},
    {S::kMgGpusNeeded, "%d GPU(s) needed, lower bound %d (%s)", "需要 %d 张 GPU，下界 %d（%s）"},
    {S::kMgProven, "proven minimal", "已证明最少"},
    {S::kMgHeuristic, "heuristic", "启发式"},
    {S::kMgTenantLine, "%s: %s, %.2f of %.2f GiB, %.1f %s", "%s：%s，%.2f / %.2f GiB，%.1f %s"},
    {S::kMgSamplesPerS, "samples/s", "样本/秒"},
    {S::kMgTokensPerS, "output tokens/s", "输出 token/秒"},
    {S::kShTitle, "MIG vs MPS vs time-slicing (documented behaviour; hover a topic for its sources)", "MIG、MPS 与时间片共享对比（官方文档所述；悬停查看来源）"},
    {S::kShTimeSlicing, "time-slicing", "时间片"},
    {S::kShNote, "The busy-neighbour row is qualitative: gpucfg has no measurement behind it.", "“繁忙邻居”一行为定性描述：gpucfg 尚无实测数据支撑。"},
    {S::kShCompute, "Compute", "计算资源"},
    {S::kShComputeMig, "own SM slices per instance (hardware partition)", "每个实例独占 SM 切片（硬件分区）"},
    {S::kShComputeMps, "SMs shared; a cap per client (active thread %), not a reservation", "共享 SM；可按客户端设上限（活动线程百分比），但不是预留"},
    {S::kShComputeTs, "whole GPU to one process at a time, in turns", "整卡轮流分给各进程，同一时刻只有一个"},
    {S::kShMemory, "Memory QoS", "显存 QoS"},
    {S::kShMemoryMig, "own memory slices: capacity, controllers, L2 and bandwidth", "独占显存切片：容量、内存控制器、L2 与带宽"},
    {S::kShMemoryMps, "optional allocation cap per client; bandwidth and L2 shared", "可按客户端限制分配量；带宽与 L2 共享"},
    {S::kShMemoryTs, "none: every replica sees all memory, one can take it all", "无：每个副本都能看到全部显存，一个即可占满"},
    {S::kShFault, "Fault isolation", "故障隔离"},
    {S::kShFaultMig, "a fault stays in its instance", "故障限于所在实例"},
    {S::kShFaultMps, "a fatal fault reaches every client of the GPU; new clients wait", "致命错误会波及该卡所有客户端；新客户端须等待"},
    {S::kShFaultTs, "none between replicas (GPU Operator docs)", "副本之间无隔离（GPU Operator 文档）"},
    {S::kShBusy, "Latency under a busy neighbour", "繁忙邻居下的延迟"},
    {S::kShBusyMig, "latency spread small: no SMs, L2 or bandwidth taken (qualitative)", "延迟波动小：SM、L2、带宽不被占用（定性）"},
    {S::kShBusyMps, "latency rises with the neighbours' load on SMs, L2, bandwidth (qualitative)", "延迟随邻居对 SM、L2、带宽的负载上升（定性）"},
    {S::kShBusyTs, "requests wait out the neighbours' slices: spread grows with busy replicas (qualitative)", "请求需等待邻居的时间片：繁忙副本越多波动越大（定性）"},
    {S::kShP2p, "P2P / NVLink", "P2P / NVLink"},
    {S::kShP2pMig, "no P2P or NVLink to other GPUs; NCCL not supported", "不能与其他 GPU 进行 P2P 或 NVLink 通信；不支持 NCCL"},
    {S::kShP2pMps, "kept (a client sees whole GPUs)", "保留（客户端看到的是整卡）"},
    {S::kShP2pTs, "kept", "保留"},
    {S::kShReconf, "Reconfiguration", "重新配置"},
    {S::kShReconfMig, "new layout needs the GPU idle (no processes on it)", "更改布局须 GPU 空闲（其上无进程）"},
    {S::kShReconfMps, "limits set per client at launch; restart the daemon to change the server", "限额在客户端启动时设定；更改服务端需重启守护进程"},
    {S::kShReconfTs, "device plugin config; no GPU reset", "修改设备插件配置；无需重置 GPU"},
    {S::kShCuda, "CUDA features kept", "保留的 CUDA 功能"},
    {S::kShCudaMig, "CUDA compute only: no graphics APIs, no CUDA IPC across instances, no profiling of shared units", "仅 CUDA 计算：无图形 API，实例间无 CUDA IPC，共享单元不可分析"},
    {S::kShCudaMps, "CUDA compute; one Linux user per server unless multi-user mode", "CUDA 计算；除非多用户模式，每个服务端只服务一个 Linux 用户"},
    {S::kShCudaTs, "everything the GPU supports, a context per process", "GPU 支持的全部功能，每个进程一个上下文"},
    {S::kShClients, "Most clients per GPU", "每卡最多客户端"},
    {S::kShClientsMig, "7 instances (A30: 4); MPS may run inside an instance", "7 个实例（A30：4 个）；实例内可再运行 MPS"},
    {S::kShClientsMps, "48 clients per GPU", "每卡 48 个客户端"},
    {S::kShClientsTs, "as many replicas as configured (no hardware limit)", "按配置的副本数（无硬件上限）"},
    // catalog display names (web14): fine-tune methods by name
    {S::kFinetuneLora, "LoRA (low-rank adapters, 16-bit frozen base)", "LoRA（低秩适配器，16 位冻结基座）"},
    {S::kFinetuneQlora, "QLoRA (adapters on a 4-bit NF4 frozen base)", "QLoRA（4 位 NF4 冻结基座上的适配器）"},
    // planner option labels in Chinese (panel_planner.cpp ShownLabel)
    {S::kPlanLabelMb, "mb", "微批"},
    {S::kPlanLabelRecompute, "recompute", "重计算"},
    {S::kPlanLabelBatch, "batch", "批"},
    {S::kPlanLabelWeights, "weights", "权重"},
    {S::kPlanWhyEnergy, "energy", "能耗"},
    {S::kPlanWhyNodePeak, "node peak", "单节点峰值功耗"},
    {S::kPlanWhyMemory, "memory per GPU", "每 GPU 显存"},
    {S::kPlanWhyComm, "exposed communication", "暴露的通信占步长"},
    {S::kPlanWhyTpot, "time per output token", "每输出 token 时延"},
    {S::kPlanGpusAll, "all with a price", "全部有价格的"},
    // the training length by optimizer steps (workload.train_steps)
    {S::kTrainSteps, "Training steps (0 = by tokens)", "训练步数（0 = 按 token 数）"},
    {S::kTrainStepsNetwork, "Training steps (0 = no time to train)", "训练步数（0 = 不计算训练时长）"},
    {S::kTrainStepsWord, "optimizer steps", "优化器步数"},
    {S::kWhatTimeToTrainSteps, "Wall-clock time to run the given optimizer steps at this step time.",
     "按此单步时间跑完给定优化器步数所需的时间。"},
    // the planner's MIG layouts and network serving (per sample)
    {S::kPlanLabelMigAs, "as MIG", "切分为 MIG"},
    {S::kPlanLabelPerInstance, "per instance", "每实例"},
    {S::kPlanWhyMemoryInstance, "memory per MIG instance", "每 MIG 实例显存"},
    {S::kCostPerMSamples, "Cost per 1M samples", "每百万样本成本"},
    {S::kPlanTimeBatch, "batch latency (s)", "单批延迟（秒）"},
    {S::kPlanTenants, "Tenants, one copy each (0 = one service)", "租户数，每户一份副本（0 = 单一服务）"},
    {S::kCostPerHourFleet, "Cost per hour (all tenants)", "每小时成本（全部租户）"},
    {S::kPlanLabelTenantsOn, "tenants on", "个租户："},
    {S::kPlanLabelInstances, "instances", "个实例"},
    {S::kPlanLabelPerTenant, "each", "每租户"},
    // sequence packing (workload.packed_sample_tokens)
    {S::kPackedSampleTokens, "Packed sample tokens (0 = no packing)", "打包样本 token 数（0 = 不打包）"},
    // the terms of the core's formulas (core/query/explain.h), in the tooltips
    {S::kTermModelFlops, "model FLOPs per step", "每步模型 FLOP"},
    {S::kTermGpuPower, "GPU power", "GPU 功耗"},
    {S::kTermHostPower, "host", "主机功耗"},
    {S::kTermPsuEfficiency, "PSU efficiency", "电源效率"},
    {S::kTermNodePower, "node at the wall", "节点墙插功耗"},
    {S::kTermClusterPower, "cluster", "集群功耗"},
    {S::kTermFacilityPower, "facility", "机房功耗"},
    {S::kTermEnergy, "energy", "能耗"},
    {S::kTermRequestRate, "requests/s", "请求/秒"},
    {S::kTermCapacity, "capacity (requests/s)", "服务能力（请求/秒）"},
    {S::kTermDecodeTokensPerS, "decode tokens/s", "解码 token/秒"},
    {S::kTermRequestLatency, "request latency", "请求延迟"},
    {S::kTermOneHour, "one hour", "一小时"},
    {S::kTermSamplesPerS, "samples/s", "样本/秒"},
    {S::kTermCopies, "copies", "副本数"},
    {S::kTermPrice, "price", "单价"},
    {S::kTermRental, "rental", "租金"},
    {S::kTermElectricity, "electricity", "电费"},
    {S::kTermTimeToTrain, "time to train", "训练时长"},
    {S::kTermGpuHours, "GPU-hours", "GPU 小时"},
    {S::kTermClusterPerHour, "cluster per hour", "集群每小时"},
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

// Operation and phase names of the roofline (core/models/speed/roofline.h kOpNames, plus "logits").
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
    {"pp_uneven_stages", nullptr, "流水线各级层数不等：{value} 层分到 {a} 级（parallelism.pp），最忙的一级有 {limit} 层，它决定每步的节奏和所示的显存（Megatron-LM 要求 pp 整除层数，除非把首级或末级设得更短）"},
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
    {"power_host_measured", nullptr, "主机功耗取服务器实测的空闲输入功率（墙上 {value} W，data/servers.json）扣除空闲 GPU 后的值，再加上风扇随发热增加的功耗；节点外的网络交换机未计入"},
    {"power_mode_clocks", nullptr, "功耗模式设定模组预算（{value} W）和时钟：GPU 为 MAXN 时钟 × TPC 的 {a} %，内存为 {b} %；TOPS 由时钟推算，NVIDIA 只公布 MAXN 的数值"},
    // networks and MIG (core/base/warnings.cpp, core/base/mig_warnings.inc)
    {"generic_network", nullptr, "通用网络按其总量作为一个整体计价（每样本 {value} GFLOPs，按持续 GEMM 速率；权重和激活各读写一次）：可信度低；目录中的网络按逐层计价"},
    {"multi_step_scheduling", nullptr, "引擎每次调度运行 {value} 个解码步（workload.scheduler_steps）：负载下新到的请求只能在两个这样的块之间加入，因此在预填充前平均等待半个块"},
    {"network_sample_aggregates", nullptr, "此处一个推理样本平均是 {value} 条记录组成的一次查询（MLPerf DLRM 的用户-物品对查询，见 data/networks.json）：workload.batch 按记录计，samples_per_s 按查询计"},
    {"network_layers_roofline", nullptr, "网络的每一层按其 GEMM 形状放在屋顶线上计价（卷积按隐式 GEMM）；未建模各引擎对核函数的选择"},
    {"mig_replicated", nullptr, "cluster.mig：工作负载以 {value} 个独立副本运行，每个 MIG 实例一个；集群吞吐为单个实例的 {value} 倍，延迟为单个实例的"},
    {"mig_slice_owns", nullptr, "MIG 实例独占其 SM、内存切片（容量和带宽）及 L2 份额：繁忙的邻居拿不走（MIG 用户指南：每个 GPU 实例的内存 QoS）；到主机的 PCIe 和板卡功耗上限仍共享"},
    {"mig_no_p2p", nullptr, "MIG 实例之间没有 NVLink、GPU 间 P2P 或 NCCL（MIG 用户指南：部署注意事项）：每个副本在一个实例上以 tp = pp = 1 运行"},
    {"mig_power_whole_board", nullptr, "功耗和价格按整块板卡及其服务器计（{value} 个 GPU），每个实例都在忙：板卡功耗为忙碌切片之和（空切片只计空闲功耗）；空闲切片不退款"},
    {"mig_slot_unused", nullptr, "此布局在每个 GPU 上留下 {value} 个（共 {limit} 个）计算切片未用"},
    {"serving_overloaded", nullptr, "请求以每秒 {value} 个到达，但这些副本在此提示和输出长度下每秒只能服务约 {limit} 个：队列将无限增长；请增加副本、降低请求率或缩短请求"},
};

// planner tab (plan-page): decision-path steps (core/planner/decision_steps.inc), same codes and
// placeholders ({subject} and {unit} are ids, left as they are).
constexpr CodeName kDecisionZh[] = {
    {"edge_compute_rule", nullptr, "指南第 1 步：所需 INT8 算力 = 模型 FLOPs ÷ (目标延迟 × 2) × 2 = {a} TOPS（每 token {b} GFLOPs，目标 {limit} ms）；{subject} 在此功耗模式下有 {c} TOPS。按此法则算力绰绰有余，但模型给出每个输出 token {value} ms：解码一个 token 的快慢取决于它要读取的权重和核函数在此精度下实际达到的速率，而不是峰值 TOPS（见屋顶线）"},
    {"edge_tops_per_watt", nullptr, "指南第 2 步：比较每瓦 INT8 TOPS（指南称 Orin 2.1、A100 1.56）。按目录中的稀疏 INT8 峰值：{subject} 在 {a} W 模组预算下为 {value} TOPS/W，A100 PCIe 在 {b} W 板卡功耗下为 {limit} TOPS/W。决定结果的不是峰值能效，而是每个输出 token 的能耗（见后续步骤）"},
    {"edge_device_within", nullptr, "{subject}：每个输出 token {value} ms（目标 {limit} ms），峰值墙上功耗 {a} W，在 {b} W 预算内；每 1M 输出 token {c} kWh"},
    {"edge_device_over", nullptr, "{subject}：每个输出 token {value} ms（目标 {limit} ms），但峰值墙上功耗 {a} W，超出 {b} W 预算：无论多快都出局；每 1M 输出 token {c} kWh"},
    {"edge_mode_meets", nullptr, "{a} W 模组预算的功耗模式：每个输出 token {value} ms，满足 {limit} ms 目标；每 1M 输出 token {b} kWh，{c} INT8 TOPS"},
    {"edge_mode_misses", nullptr, "{a} W 模组预算的功耗模式：每个输出 token {value} ms，达不到 {limit} ms 目标；每 1M 输出 token {b} kWh，{c} INT8 TOPS"},
    {"mid_memory_rule", nullptr, "指南第 1 步：显存 = 参数 × (2 权重 + 2 梯度 + 4 优化器) 字节 = {value} GiB（{a} B 参数）。混合精度 AdamW 还保留 FP32 主权重和两个 FP32 矩：显存模型按每参数 {b} 字节计，激活之前的模型状态就有 {limit} GiB（单 GPU 合计 {c} GiB）"},
    {"mid_no_single_gpu", nullptr, "指南第 2 步：需求超过单卡显存 × 0.8 时选大显存卡。单 GPU 需要 {value} GiB，超过 0.8 × 80 GB A100（{limit} GiB）和 40 GB A100（{a} GiB）：没有一张卡装得下，模型状态必须分到多个 GPU 上（ZeRO、TP、PP）"},
    {"mid_layout_fits", nullptr, "{a} × {subject}，ZeRO-{b}：每 GPU {value} / {limit} GiB，装得下；{c} 天，{d} {unit}"},
    {"mid_layout_oom", nullptr, "{a} × {subject}，ZeRO-{b}：每 GPU {value} GiB，超过 {limit} GiB：装不下"},
    {"mid_fewer_bigger_wrong", nullptr, "指南认为更少、更大的 GPU 训练更快（2 × 80 GB 胜过 4 × 40 GB）。这里 {a} × 40 GB 需 {value} 天，{b} × 80 GB 需 {limit} 天：两者都装得下时，同样的显存分在两倍的 GPU 上就是两倍的算力，ZeRO 多出的通信走 NVLink（步骤中暴露 {c} %）"},
    {"mid_fewer_bigger_holds", nullptr, "指南认为更少、更大的 GPU 训练更快：这里 {b} × 80 GB 需 {limit} 天，{a} × 40 GB 需 {value} 天（40 GB 布局的步骤中暴露通信 {c} %）"},
    {"mid_zero_fits", nullptr, "ZeRO-{a}，{b} × {subject}：每 GPU {value} / {limit} GiB，装得下；每步 {c} 秒"},
    {"mid_zero_oom", nullptr, "ZeRO-{a}，{b} × {subject}：每 GPU {value} GiB，超过 {limit} GiB：装不下"},
    {"mid_nvlink", nullptr, "指南第 3 步（NVLink）：{a} 个 GPU 上，NVSwitch（SXM）使步骤中暴露通信 {value} %，PCIe 为 {limit} %：训练 {b} 天对 {c} 天"},
    {"large_node_size", nullptr, "指南第 1 步：HGX A100 节点可放 16 个 GPU。HGX A100 基板只有 4 或 8 个（16 个的是 V100 的 HGX-2）：规划器搜索每节点最多 {value} 个 GPU 的 {subject} 节点"},
    {"large_allreduce", nullptr, "指南第 2 步：节点间通信量 = 梯度大小 × 节点数 ÷ 2 = 每步 {limit} GiB（{a} 个节点）。环形 all-reduce 发送每个 GPU 所持梯度的 2 × (dp - 1) / dp，与节点数无关：dp {b} 时每 GPU 每步 {value} GiB；重叠前每步 {c} 秒，步骤中仍暴露 {d} %"},
    {"large_network", nullptr, "节点间用 {subject}：每步 {value} 秒，其中暴露通信 {a} %，训练 {b} 天，{c} {unit}"},
    {"large_network_rule", nullptr, "指南第 3 步：通信量超过节点 NVLink 带宽 × 0.7 时用 InfiniBand。多节点任务都要跨网络；关键是暴露多少：较快网络为步骤的 {value} %，较慢网络为 {limit} %"},
    {"large_pcie_vs_sxm", nullptr, "指南：每服务器 4 × PCIe 扩展效率 31 %，8 × SXM 为 79 %。{a} 个 GPU、tp {b} 时：每节点 4 × A100 PCIe 的 MFU 为 {value} %（暴露通信 {c} %），每节点 8 × A100 SXM 为 {limit} %（{d} %）"},
    {"tenant_quick_rule", nullptr, "指南第 2 步：最小实例 = max(模型显存 × 1.2, 5 GB) = {value} GiB（权重 {a} GiB）。它漏掉了 KV 缓存（{b} 个序列，每个 {c} token）和 CUDA 上下文：显存模型在一个 {subject} 实例上需要 {limit} GiB"},
    {"tenant_smallest_profile", nullptr, "指南：最小的 MIG 实例有 5 GB。{subject} 上最小的实例有 {value} GiB，每 GPU 最多 {a} 个"},
    {"tenant_profile", nullptr, "{subject}：装得下租户的最小实例，{value} / {limit} GiB；每 GPU {a} 个，{c} 个租户需 {b} 个 GPU；每 1M 输出 token {d} {unit}"},
    {"tenant_profile_none", nullptr, "{subject}：没有 MIG 实例装得下该租户（至少需要 {value} GiB）"},
    {"tenant_whole_gpu", nullptr, "{subject} 不支持 MIG：每 GPU 一个租户，{c} 个租户需 {c} 个 GPU；已用 {value} / {limit} GiB；每 1M 输出 token {d} {unit}"},
    {"plan_pick_training", nullptr, "规划器在 {d} 个可行方案中的选择：{subject}：{a} 天，{b} {unit}，{c} kWh"},
    {"plan_pick_tenants", nullptr, "规划器在 {d} 个可行集群中为 {value} 个租户（每租户一份模型副本）的选择：{subject}：每请求 {a} 秒，全部 {c} 个 GPU 每小时 {b} {unit}"},
    {"plan_pick_inference", nullptr, "规划器在 {d} 个可行方案中的选择：{subject}：每请求 {a} 秒，每 1M 输出 token {b} {unit}，{c} kWh"},
    {"plan_pick_none", nullptr, "规划器在 {value} 个配置中没有找到可行方案：请放宽期限、预算或限制"},
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

std::string DecisionText(const DecisionStep& step) {
  if (App().lang == Lang::kZh)
    for (const CodeName& c : kDecisionZh)
      if (c.code == step.figures.code) return FillDecisionTemplate(c.zh, step);
  return DecisionStepText(step);
}

int UiStringCount() {
  return static_cast<int>(std::size(kStrings) * 2 + std::size(kFixes) * 2 + std::size(kOps) * 2 +
                          std::size(kPhases) * 2 + std::size(kWarningsZh) + std::size(kDecisionZh) + 1);
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
  i -= w;
  if (i < static_cast<int>(std::size(kDecisionZh))) return kDecisionZh[i].zh;
  return "—•…→≤≥✓€■·×¥";
}

}  // namespace gpucfg::app
