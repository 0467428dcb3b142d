// The page's words in English and Simplified Chinese (简体中文). Every non-ASCII character the UI
// draws lives in i18n.cpp (the few symbols panels draw are listed there too, and in the --unicodes
// of wasm/CMakeLists.txt): the build subsets the UI font from that file's text, so a character
// added elsewhere would render as '?'.
#pragma once

#include <string_view>

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
  kRecomputeSelective, kRecomputeFull, kInterleave,
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
  kCount
};

const char* T(S id);
const char* T(S id, Lang lang);

// Display name of a memory fix code from core/memory.h ("selective_recompute", "zero_2", ...);
// nullptr for a code added to the core later (the caller then shows the code itself).
const char* FixName(std::string_view code);

// Every string of every language, plus the symbols panels draw (for the font's glyph ranges).
int UiStringCount();
const char* UiString(int i);

}  // namespace gpucfg::app
