// What this build of the contract supports (contract-v2 "What a build supports"): the scenario
// versions its reader accepts, the version its reports say, and the version-2 parts it implements.
// The one list: `gpucfg contract`, the wasm API's contract() and docs/contract.md all read it, so
// a script can ask instead of probing. A part goes in only when every name of it works end to end.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace gpucfg {

// Scenario documents the reader accepts (a version-1 scenario may carry version-2 names).
inline constexpr int kMinScenarioVersion = 1;
inline constexpr int kMaxScenarioVersion = 2;
inline constexpr std::array<int, 2> kScenarioVersions = {kMinScenarioVersion, kMaxScenarioVersion};
// What every report, and the errors document that stands in for one, says.
inline constexpr int kReportSchemaVersion = 2;

struct ContractFeature {
  std::string_view name;     // the stable id scripts test for
  std::string_view meaning;  // what it covers, with the contract names it brings
};

inline constexpr std::array<ContractFeature, 13> kContractFeatures = {{
    {"engine", "workload.engine: the framework or serving engine's profile (data/engines.json)"},
    {"finetune", "workload.finetune: LoRA / QLoRA (method, rank, targets, base_precision)"},
    {"flash_attention", "workload.flash_attention: fused attention, no s x s score matrix kept"},
    {"networks", "non-transformer catalog networks (gpucfg models); performance.samples_per_s, latency_s"},
    {"generic_model", "workload.model as {\"family\": \"generic\", \"params\", \"forward_gflops_per_sample\", ...}"},
    {"moe", "experts and top_k in the transformer object; the catalog holds mixtral-8x7b"},
    {"context_parallel", "parallelism.cp"},
    {"expert_parallel", "parallelism.ep"},
    {"server", "cluster.server; gpucfg servers, gpucfg server ID"},
    {"power", "the power section (caps, modes, inlet, cooling, racks, PSUs) and the report's power under the workload"},
    {"mig", "cluster.mig, the report's mig and performance.per_instance; gpucfg mig profiles, gpucfg mig validate"},
    {"mig_plan", "gpucfg mig plan: tenants packed onto MIG slices"},
    {"plan", "the plan section; gpucfg plan and the wasm plan()"},
}};

// {"schema_versions": [1, 2], "report_schema_version": 2, "features": [...]}.
std::string ContractToJson(int indent = 2);

// The feature table of docs/contract.md (`gpucfg schema --contract`).
std::string ContractFeaturesMarkdown();

}  // namespace gpucfg
