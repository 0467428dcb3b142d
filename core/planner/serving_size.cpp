// SizeServing (serving_size.h): one copy of the model evaluated at each tp and batch, the load
// divided over as many copies as it takes. Users: copies = ceil(users / batch). Requests per
// second: concurrency = rate x request latency (Little's law, Little 1961), then as for users.
#include "planner/serving_size.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "pipeline/evaluate.h"
#include "contract/json_io.h"
#include "base/json_text.h"
#include "contract/report_json.h"

namespace gpucfg {
namespace {

constexpr std::array<int, 4> kServingTp = {1, 2, 4, 8};
constexpr int kMaxBatchPerCopy = 1024;
constexpr int kMaxCopies = 100000;

struct CopyResult {
  bool ok = false;            // valid, fits, within the targets
  bool valid = false;
  bool fits = false;
  double tpot_s = 0, ttft_s = 0, latency_s = 0;
};

// One model copy of `tp` GPUs at `batch` sequences, on one node.
Scenario CopyScenario(const Scenario& base, int tp, int batch) {
  Scenario s = base;
  s.plan = PlanConfig{};
  s.cluster.gpus_per_node = tp;
  s.cluster.nodes = 1;
  s.cluster.inter_node = "none";
  s.parallelism.tp = tp, s.parallelism.pp = 1, s.parallelism.dp = 0;
  s.parallelism.cp = 1, s.parallelism.ep = 1;
  s.workload.batch = batch;
  s.workload.request_rate = 0;  // a full batch of `batch`: the latency the targets are about
  return s;
}

CopyResult EvaluateCopy(const Scenario& s, const Catalog& catalog, Report& report) {
  EvaluateInto(s, catalog, report);
  CopyResult c;
  c.valid = report.errors.empty() && report.performance.tpot_s > 0;
  if (!c.valid) return c;
  c.fits = report.memory.fits;
  const PerformanceReport& p = report.performance;
  c.tpot_s = p.tpot_s, c.ttft_s = p.ttft_s, c.latency_s = p.request_latency_s;
  const SpeedOptions& o = s.speed;
  const bool in_targets = (o.tpot_target_ms <= 0 || c.tpot_s * 1e3 <= o.tpot_target_ms) &&
                          (o.ttft_target_ms <= 0 || c.ttft_s * 1e3 <= o.ttft_target_ms);
  c.ok = c.fits && in_targets;
  return c;
}

// Concurrent sequences the load means for a copy whose request takes `latency_s`.
double Concurrency(const ServingNeed& need, double latency_s) {
  return need.users > 0 ? need.users : need.requests_per_s * latency_s;
}

bool IsNetworkModel(const Scenario& s, const Catalog& catalog) {
  if (s.workload.generic_inline) return true;
  for (const NetworkPreset& n : catalog.networks)
    if (EqualsIgnoreCase(n.id, s.workload.model)) return true;
  return false;
}

void CheckInput(const Scenario& base, const ServingNeed& need, const Catalog& catalog, Issues& errors) {
  if (base.workload.kind != WorkloadKind::kInference)
    errors.push_back({"incompatible", "sizing serving needs workload.kind \"inference\"", "/workload/kind"});
  if (IsNetworkModel(base, catalog))
    errors.push_back({"incompatible", "serving is sized per generated token: a transformer decoder, not a network",
                      "/workload/model"});
  const bool users = need.users > 0, rate = need.requests_per_s > 0;
  if (users == rate || !std::isfinite(need.users) || !std::isfinite(need.requests_per_s) || need.users > 1e7 ||
      need.requests_per_s > 1e7)
    errors.push_back({"out_of_range", "give either users (1..1e7 concurrent sequences) or requests_per_s (> 0, "
                      "at most 1e7), not both", users ? "/need/users" : "/need/requests_per_s"});
}

}  // namespace

ServingSize SizeServing(const Scenario& base, const ServingNeed& need, const Catalog& catalog) {
  ServingSize out;
  CheckInput(base, need, catalog, out.errors);
  if (!out.errors.empty()) return out;
  Report report;
  bool any_valid = false, any_fit = false;
  int best_gpus = 0;
  for (int tp : kServingTp) {
    if (tp > base.cluster.gpus_per_node) break;
    // The largest batch per copy within the targets (latency grows with the batch); then the copies.
    // Batches: powers of two, and for a number of users that number itself (as BestBatch does).
    const int cap = need.users > 0 ? std::clamp(static_cast<int>(std::ceil(need.users)), 1, kMaxBatchPerCopy)
                                   : kMaxBatchPerCopy;
    for (int b = 1, last = 0; b <= cap && last != b; last = b, b = std::min(b * 2, cap)) {
      const CopyResult c = EvaluateCopy(CopyScenario(base, tp, b), catalog, report);
      ++out.evaluated;
      any_valid |= c.valid;
      any_fit |= c.fits;
      if (!c.ok) break;
      const double concurrency = Concurrency(need, c.latency_s);
      const double copies_d = std::ceil(concurrency / b - 1e-9);
      if (copies_d > kMaxCopies) continue;
      const int copies = std::max(1, static_cast<int>(copies_d));
      const int gpus = copies * tp;
      if (best_gpus == 0 || gpus < best_gpus || (gpus == best_gpus && c.tpot_s < out.tpot_s)) {
        best_gpus = gpus;
        out.feasible = true;
        out.tp = tp, out.copies = copies, out.batch_per_copy = b, out.concurrency = concurrency;
        out.tpot_s = c.tpot_s, out.ttft_s = c.ttft_s, out.request_latency_s = c.latency_s;
      }
      if (concurrency <= b) break;  // one copy holds the whole load: a bigger batch only adds latency
    }
  }
  if (!out.feasible) {
    out.why_code = !any_valid ? "invalid" : !any_fit ? "no_fit" : "latency";
    out.why = !any_valid ? "no copy of tp 1, 2, 4 or 8 within one node is a valid configuration of this model"
              : !any_fit ? "the model does not fit one node of this GPU at batch 1"
                         : "no copy meets the latency targets at batch 1 (TPOT and TTFT targets in /speed)";
    return out;
  }
  out.why_code = out.copies == 1 ? "one_copy" : "batch_bound";
  out.why = out.copies == 1 ? "one copy holds the whole load within the latency targets"
                            : "the batch per copy is the largest within the latency targets and memory; copies carry the rest";
  // The service: copies side by side, whole nodes past the first (a node is rented whole).
  const int node_gpus = base.cluster.gpus_per_node;
  const int need_gpus = out.copies * out.tp;
  const int nodes = need_gpus <= node_gpus ? 1 : (need_gpus + node_gpus - 1) / node_gpus;
  if (nodes > 1) out.copies = nodes * node_gpus / out.tp;
  // Users: spread the load evenly over the copies (fewer sequences each: lower latency).
  if (need.users > 0) {
    out.batch_per_copy = static_cast<int>(std::ceil(out.concurrency / out.copies - 1e-9));
    const CopyResult c = EvaluateCopy(CopyScenario(base, out.tp, out.batch_per_copy), catalog, report);
    ++out.evaluated;
    if (c.ok) out.tpot_s = c.tpot_s, out.ttft_s = c.ttft_s, out.request_latency_s = c.latency_s;
  }
  Scenario& s = out.scenario;
  s = CopyScenario(base, out.tp, out.batch_per_copy);
  s.cluster.gpus_per_node = nodes > 1 ? node_gpus : need_gpus;
  s.cluster.nodes = nodes;
  if (nodes > 1) s.cluster.inter_node = base.cluster.inter_node;
  out.gpus = s.TotalGpus();
  out.nodes = s.cluster.nodes;
  EvaluateInto(s, catalog, report);
  ++out.evaluated;
  out.currency = std::string(report.cost.currency);
  out.per_hour = report.cost.per_hour;
  out.per_million_tokens = report.cost.per_million_tokens;
  return out;
}

std::string ServingSizeToJson(const ServingSize& s, int indent) {
  if (!s.errors.empty()) return ErrorsToJson(s.errors, indent);
  using nlohmann::json;
  json root = json::object();
  root["schema_version"] = 2;
  root["feasible"] = s.feasible;
  root["why"] = s.why;
  root["why_code"] = std::string(s.why_code);
  root["evaluated"] = s.evaluated;
  if (s.feasible) {
    root["gpus"] = s.gpus;
    root["nodes"] = s.nodes;
    root["copies"] = s.copies;
    root["tp"] = s.tp;
    root["batch_per_copy"] = s.batch_per_copy;
    root["concurrency"] = RoundForReport(s.concurrency);
    root["tpot_s"] = RoundForReport(s.tpot_s);
    root["ttft_s"] = RoundForReport(s.ttft_s);
    root["request_latency_s"] = RoundForReport(s.request_latency_s);
    root["currency"] = s.currency;
    root["per_hour"] = RoundForReport(s.per_hour);
    root["per_million_tokens"] = RoundForReport(s.per_million_tokens);
    root["scenario"] = json::parse(ScenarioToJson(s.scenario, -1), nullptr, false);
  }
  return root.dump(indent);
}

JsonResult ServingSizeJson(std::string_view scenario_text, std::string_view need_text, const Catalog& catalog,
                           int indent) {
  ParseResult parsed = ParseScenario(scenario_text, catalog);
  if (!parsed.ok()) return {ErrorsToJson(parsed.errors, indent), false};
  // The need is its own document: its errors' pointers start at /need (invalid JSON says where, a
  // key given twice is an error, as for every reader of user text: json_text.h).
  nlohmann::json doc;
  Issues need_errors;
  if (!ParseJsonText(need_text, "the need", /*reject_duplicates=*/true, doc, need_errors)) {
    for (Issue& e : need_errors) e.path = "/need" + e.path;
    return {ErrorsToJson(need_errors, indent), false};
  }
  if (!doc.is_object())
    return {ErrorsToJson({{"invalid_json", "expected a JSON object {\"users\": N} or {\"requests_per_s\": R}", "/need"}},
                         indent), false};
  ServingNeed need;
  Issues errors;
  Scenario& s = parsed.scenario;
  for (const auto& [key, value] : doc.items()) {
    double* field = key == "users" ? &need.users : key == "requests_per_s" ? &need.requests_per_s
                  : key == "tpot_ms" ? &s.speed.tpot_target_ms : key == "ttft_ms" ? &s.speed.ttft_target_ms : nullptr;
    if (!field) errors.push_back({"unknown_key", "expected users | requests_per_s | tpot_ms | ttft_ms, found \"" + key + "\"", "/need/" + key});
    else if (!value.is_number() || value.get<double>() < 0)
      errors.push_back({"wrong_type", "expected a number >= 0", "/need/" + key});
    else *field = value.get<double>();
  }
  if (!errors.empty()) return {ErrorsToJson(errors, indent), false};
  const ServingSize size = SizeServing(s, need, catalog);
  return {ServingSizeToJson(size, indent), size.errors.empty()};
}

}  // namespace gpucfg
