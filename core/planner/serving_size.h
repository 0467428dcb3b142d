// Serving sized the way users ask: "how many GPUs for 50 users at 50 ms per token?" From a
// transformer inference scenario (its GPU, model, prompt and output lengths, engine, precision) and
// a load (concurrent users, or requests per second), finds the smallest set of independent model
// copies that meets the scenario's latency targets (speed.tpot_target_ms, speed.ttft_target_ms):
// the GPUs per copy (tp), the sequences each copy batches, and how many copies. Every latency comes
// from Evaluate of one copy; nothing is modelled here. Not a replacement for the planner (one GPU
// type, no quantisation search) and no queueing: requests per second become concurrent users by
// Little's law at the copy's request latency (workload.request_rate gives the queueing model).
#pragma once

#include <string>
#include <string_view>

#include "base/issues.h"
#include "catalog/catalog.h"
#include "contract/json_io.h"
#include "contract/scenario.h"

namespace gpucfg {

struct ServingNeed {
  double users = 0;           // sequences generating at once (whole service); or
  double requests_per_s = 0;  // arrivals per second (whole service), when users is 0
};

struct ServingSize {
  Issues errors;              // bad input (paths into the scenario or /need)
  bool feasible = false;      // false: no copy meets the targets on this GPU (why says which)
  int tp = 1;                 // GPUs per model copy
  int batch_per_copy = 0;     // sequences one copy runs at once
  int copies = 0;             // independent copies needed for the load
  int gpus = 0;               // GPUs rented: copies x tp, rounded up to whole nodes past one node
  int nodes = 0;
  double concurrency = 0;     // concurrent sequences of the whole service (users, or rate x latency)
  double tpot_s = 0, ttft_s = 0, request_latency_s = 0;  // one copy at batch_per_copy
  double per_hour = 0;        // rental of those GPUs, scenario currency
  double per_million_tokens = 0;
  std::string currency;
  int evaluated = 0;          // copies evaluated in the search
  std::string why;            // what bound the batch per copy (latency target, memory, load)
  std::string_view why_code;  // the same as a code: invalid | no_fit | latency (infeasible);
                              // one_copy | batch_bound (feasible)
  Scenario scenario;          // evaluate this to get the figures (all copies, dp = copies)
};

// Searches tp in 1, 2, 4, 8 (within a node) and batch per copy in powers of two (and the load
// itself); picks the fewest GPUs, then the lowest TPOT.
ServingSize SizeServing(const Scenario& base, const ServingNeed& need, const Catalog& catalog = BuiltinCatalog());

// The answer as JSON ({"feasible", "gpus", "copies", "tp", "batch_per_copy", ... "scenario"}), or
// the errors document.
std::string ServingSizeToJson(const ServingSize& s, int indent = 2);

// Parse + size + write: a scenario document and a need document {"users": N} or
// {"requests_per_s": R}, optionally with "tpot_ms" / "ttft_ms" (override /speed's targets). What the
// wasm API's serveSize() returns; errors (paths /need/...) as the errors document.
JsonResult ServingSizeJson(std::string_view scenario_text, std::string_view need_text,
                           const Catalog& catalog = BuiltinCatalog(), int indent = 2);

}  // namespace gpucfg
