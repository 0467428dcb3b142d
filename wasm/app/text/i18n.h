// The page's words in English and Simplified Chinese (简体中文). Every non-ASCII character the UI
// draws lives in i18n.cpp (the few symbols panels draw are listed there too, and in the --unicodes
// of wasm/CMakeLists.txt): the build subsets the UI font from that file's text, so a character
// added elsewhere would render as '?'.
#pragma once

#include <string>
#include <string_view>

#include "gpucfg.h"

namespace gpucfg::app {

enum class Lang { kEn, kZh };

// One id per UI string; i18n.cpp holds the table, in this order.
enum class S : int {
  kTitle, kSubtitle, kExample, kLanguageToggle,
  // inputs
  kCluster, kGpu, kGpusPerNode, kNodes, kIntraNode, kInterNode, kNicsPerNode, kAuto, kNone,
  kWorkload, kKind, kTraining, kInference, kModel, kPrecision, kSeqLen, kOptimizer, kGlobalBatch,
  kMicroBatch, kTrainTokensB, kFlashAttention, kBatch, kPromptTokens, kOutputTokens, kKvPrecision,
  kWeightPrecision,
  kParallelism, kTp, kPp, kDp, kZero, kSequenceParallel, kRecompute, kRecomputeNone,
  kRecomputeSelective, kRecomputeFull, kInterleave, kEp, kCp,
  kExpert, kSustained, kMatmulEff, kHbmEff, kTpOverlap, kDpOverlap, kUsableGib, kFragmentation,
  kTpotTarget, kTtftTarget, kClockFactor,
  kPricing, kCurrency, kPerGpuHour, kElectricity, kPue, kCatalogPrice,
  // memory
  kMemoryPerGpu, kFits, kDoesNotFit, kHeadroom, kOverBy, kCapacity, kWeights, kGradients,
  kOptimizerStates, kActivations, kKvCache, kOverhead, kTotal, kBinding, kFixes, kFixChange,
  kFixSaves, kFixFitsAfter, kMaxMicroBatch, kMaxBatch, kMaxContext, kPlan, kOn, kOff, kBits, kNoFixes,
  // performance, power, cost
  kPerformance, kStepTime, kLowerBound, kStepVsBound, kTokensPerS, kTflopsPerGpu, kMfu,
  kTimeToTrain, kGpuHours, kTtft, kTpot, kOutputTokensPerS,
  kPower, kPerGpu, kPerNode, kClusterPower, kFacility, kEnergy,
  kCost, kClusterPerHour, kJobRental, kElectricityCost, kGpuHourPrice,
  kWarnings, kAssumptions, kErrorsTitle, kResolved, kParameters, kConfidence, kHigh, kMedium, kLow,
  kReplay,
  kSeconds, kMinutes, kHours, kDays, kYears,
  // view tabs
  kTabOverview, kTabBreakdown, kTabRoofline, kTabScaling, kTabCompare,
  // step-time breakdown and inference latency
  kBreakdownTitle, kCompute, kRecomputeTime, kTpComm, kPpComm, kBubble, kDpComm, kZero3Comm, kEpComm, kCpComm,
  kOptimizerTime, kDpCommTotal, kHfu, kCommShare, kBubbleShare, kMicroBatches, kCostPerMTrained,
  kInferenceTitle, kRequestLatency, kDecodeTokensPerS, kBestBatch, kBestBatchNone, kLatencyTargets,
  kCostPerMTokens, kPrefillPart, kDecodePart, kShare,
  // roofline
  kRooflineTitle, kIntensityAxis, kTflopsAxis, kPeakCompute, kAchievableMatmul, kSustainedMatmul, kHbmBandwidth,
  kRidge, kComputeBound, kMemoryBound, kOp, kPhase, kIntensity, kAttainable, kOpTime, kFlops,
  kHbmBytes, kRooflineHint,
  // scaling
  kScalingTitle, kEfficiency, kCommFraction, kGpuCount, kScalingBreak, kScalingNoBreak,
  kScalingTrainingOnly, kStepTimeAt, kParallelLayout,
  // compare
  kPin, kRemove, kLoad, kSlotsFull, kCompareEmpty, kCompareHint, kMemoryFits, kSlot, kCostPerMAny,
  // figures explained on hover (explain.cpp)
  kFormula, kSource, kUncertainty, kUncertHigh, kUncertMedium, kUncertLow,
  kWhatMfu, kWhatTokensPerS, kWhatStepTime, kWhatTflopsPerGpu, kWhatTimeToTrain, kWhatGpuHours,
  kWhatTtft, kWhatTpot, kWhatOutputTokens, kWhatGpuHourPrice, kWhatClusterPerHour, kWhatJobRental,
  kWhatElectricityCost, kWhatGpuPower, kWhatNodePower, kWhatClusterPower, kWhatFacility, kWhatEnergy,
  kWhatMemoryPart, kWhatRooflinePoint,
  kSrcMfu, kSrcSpeed, kSrcInference, kSrcCost, kSrcPower, kSrcMemory, kSrcRoofline,
  kPriceList, kPriceYours, kNoCostNoFit, kTrainTokens, kHoursWord, kPeak, kGpusWord, kWan, kYi, kWanYi,
  kPriceUsed, kApplyFix, kUndoFix, kBatchPerCopy,
  // planner tab (plan-page)
  kTabPlanner, kPlanSection, kPlanObjective, kObjCost, kObjTime, kObjEnergy, kPlanDeadline, kPlanBudget,
  kPlanMaxGpus, kPlanMaxRackKw, kPlanGpus, kPlanGpusHint, kPlanRun, kPlanCancel, kPlanScored, kPlanCancelled,
  kPlanSummary, kPlanNoFeasible, kPlanPareto, kPlanTimeDays, kPlanTimeRequest, kPlanCostAxis, kPlanRanked,
  kPlanOption, kPlanOpen, kPlanBest, kPlanInvalid, kPlanHint, kDecisionTitle, kDecisionHint, kGuideCorrected,
  // workloads, HF import, serving (workload-page)
  kEngine, kEngineDefault, kFinetune, kFinetuneFull, kLoraRank, kLoraTargets, kTargetsQv,
  kTargetsAttention, kTargetsAllLinear, kBasePrecision, kBaseDefault, kGenericNetwork, kGenericParamsM,
  kGenericGflops, kGenericActMb, kBatchSamples, kBatchPerCopyLabel, kSamplesPerS, kBatchLatency,
  kNetworkNote,
  kHfImport, kHfPasteHint, kHfImportButton, kHfOpenFile, kHfImported, kHfNotImported,
  kServing, kServingUsersMode, kServingRpsMode, kServingUsers, kServingRps, kServingAnswer,
  kServingLatency, kServingCost, kServingNo, kServingInvalid, kServingNoFit, kServingLatencyBound,
  kServingApply, kServingNote, kServingOnlyDecoders,
  kFixCostChange, kFixJobCost, kGlobalBatchSamples,
  // power and MIG panels (power-mig-page)
  kTabPower, kPwWhere, kPwGpus, kPwHost, kPwPsuLoss, kPwCooling, kPwTotals, kPwRacks, kPwRackSummary,
  kPwMoreRacks, kPwCap, kPwEdgeMode, kPwCapReset, kPwCapHint, kPwThroughput, kPwEnergy, kPwGpuDraw, kPwCapAxis,
  kPwCapYAxis, kPwAir, kPwLiquid, kPwImmersion,
  kTabMig, kMgLayoutTitle, kMgGpuFacts, kMgPalette, kMgProfileTip, kMgStatus, kMgClear, kMgRefused, kMgClosest,
  kMgUse, kMgRsCount, kMgRsMedia, kMgRsInstances, kMgRsCompute, kMgRsMemory, kMgRsNoSlot, kMgTenants,
  kMgTenantName, kMgBatch, kMgPin, kMgAddTenant, kMgPlan, kMgGpusNeeded, kMgProven, kMgHeuristic, kMgTenantLine,
  kMgSamplesPerS, kMgTokensPerS,
  kShTitle, kShTimeSlicing, kShNote,
  kShCompute, kShComputeMig, kShComputeMps, kShComputeTs, kShMemory, kShMemoryMig, kShMemoryMps, kShMemoryTs,
  kShFault, kShFaultMig, kShFaultMps, kShFaultTs, kShBusy, kShBusyMig, kShBusyMps, kShBusyTs,
  kShP2p, kShP2pMig, kShP2pMps, kShP2pTs, kShReconf, kShReconfMig, kShReconfMps, kShReconfTs,
  kShCuda, kShCudaMig, kShCudaMps, kShCudaTs, kShClients, kShClientsMig, kShClientsMps, kShClientsTs,
  // catalog display names (web14): fine-tune methods by name
  kFinetuneLora, kFinetuneQlora,
  // planner option labels in Chinese (panel_planner.cpp ShownLabel)
  kPlanLabelMb, kPlanLabelRecompute, kPlanLabelBatch, kPlanLabelWeights,
  kPlanWhyEnergy, kPlanWhyNodePeak, kPlanWhyMemory, kPlanWhyComm, kPlanWhyTpot,
  kPlanGpusAll,
  // the training length by optimizer steps (workload.train_steps)
  kTrainSteps, kTrainStepsNetwork, kTrainStepsWord, kWhatTimeToTrainSteps,
  // the planner's MIG layouts and network serving (per sample)
  kPlanLabelMigAs, kPlanLabelPerInstance, kPlanWhyMemoryInstance, kCostPerMSamples,
  kPlanTimeBatch, kPlanTenants, kCostPerHourFleet, kPlanLabelTenantsOn, kPlanLabelInstances, kPlanLabelPerTenant,
  // sequence packing (workload.packed_sample_tokens)
  kPackedSampleTokens,
  // the terms of the core's formulas (core/query/explain.h), in the tooltips
  kTermModelFlops, kTermGpuPower, kTermHostPower, kTermPsuEfficiency, kTermNodePower, kTermClusterPower,
  kTermFacilityPower, kTermEnergy, kTermRequestRate, kTermCapacity, kTermDecodeTokensPerS, kTermRequestLatency,
  kTermOneHour, kTermSamplesPerS, kTermCopies, kTermPrice, kTermRental, kTermElectricity, kTermTimeToTrain,
  kTermGpuHours, kTermClusterPerHour,
  kCount
};

const char* T(S id);
const char* T(S id, Lang lang);

// Display name of a memory fix code from core/models/memory/ ("selective_recompute", "zero_2", ...);
// nullptr for a code added to the core later (the caller then shows the code itself).
const char* FixName(std::string_view code);
// Display names of the roofline's operation and phase codes (core/models/speed/roofline.h kOpNames, "logits";
// "training" | "prefill" | "decode"); nullptr for an unknown code.
const char* OpName(std::string_view code);
const char* PhaseName(std::string_view code);

// A warning or assumption in the page's language: English is core's WarningMessage; Chinese comes
// from i18n.cpp's table, keyed by the same code, with the same {value}/{limit} placeholders. A code
// the table lacks falls back to English (web/tests/browser.test.mjs checks none is missing).
std::string WarningText(const Warning& w);

// A decision-path step (core/planner/decision_path.h) in the page's language: English from the
// core, Chinese from i18n.cpp's kDecisionZh under the same code (English when the table lacks it).
std::string DecisionText(const DecisionStep& step);

// Chinese for text the core gives in English (i18n_data.cpp); nullptr when the table lacks the key
// (the caller then shows the English).
const char* FieldDocZh(std::string_view path);          // "/workload/micro_batch"
const char* ExampleDescriptionZh(std::string_view name);  // "gpt3-175b"
const char* ErrorHeadlineZh(std::string_view code);      // "out_of_range"
// A catalog entry's Chinese display name: kind "engine" (data/engines.json) or "network"
// (data/networks.json), by id.
const char* CatalogNameZh(std::string_view kind, std::string_view id);
int DataStringCount();                                   // i18n_data.cpp's strings, for the font
const char* DataString(int i);

// Every string of every language, plus the symbols panels draw (for the font's glyph ranges).
int UiStringCount();
const char* UiString(int i);

}  // namespace gpucfg::app
