// What one evaluation computes beyond the figures a ranking reads (core v2, issue 8: the staged
// evaluation). kFullEvaluation is what `gpucfg evaluate`, the page and the goldens get; a planner
// scoring millions of configurations asks for kLeanEvaluation and gets the same fits, step time,
// time to train, cost, energy, node power and inference latency/throughput, bit for bit, without
// the bisections, fixes, scaling curve, batch search and warnings around them.
#pragma once

namespace gpucfg {

struct ModelCache;  // models/model_cache.h: memoised layer passes, collectives, power phases

struct EvaluateOptions {
  bool fixes = true;                   // memory.fixes when the job does not fit (re-evaluated fixes)
  bool batch_searches = true;          // memory.max_micro_batch / max_batch / max_context_tokens
  bool scaling_curve = true;           // performance.scaling and scaling_break_gpus
  bool roofline_points = true;         // performance.roofline kept in the report. The power model
                                       // reads them, so they are always computed; false clears them
                                       // after it has (a smaller report, not a faster one)
  bool inference_batch_search = true;  // performance.best_batch and best_batch_*
  bool warnings = true;                // warnings, assumptions, confidence (and the power what-ifs
                                       // some warnings quote)
  bool power_details = true;           // power: PSUs, supply, racks, heat and airflow (a ranking
                                       // reads GPU, node and facility power and energy only)
  bool speed_if_unfit = true;          // a job that does not fit still gets its speed, power and
                                       // cost ("speed_if_it_fit"); false stops after the memory
                                       // stage (those sections left empty): a ranking reads nothing
                                       // else of a configuration it cannot run
  ModelCache* cache = nullptr;         // optional: layer passes, collective times and power phases
                                       // memoised across evaluations (exact keys: the same numbers)
  bool ranking_only = false;           // the report is read by a ranking only (planner/candidate.h
                                       // ScoreFromReport): setup is not written, and a job that
                                       // does not fit (with speed_if_unfit false) leaves the later
                                       // sections as an earlier evaluation wrote them
};

inline constexpr EvaluateOptions kFullEvaluation{};
// Lean keeps the roofline points: power reads them, and clearing them costs more than keeping.
inline constexpr EvaluateOptions kLeanEvaluation{false, false, false, true, false, false, false, false, nullptr};

}  // namespace gpucfg
