// `mig plan`: tenants (a model served at a precision, batch and context, an optional profile pin
// and throughput need) sized onto MIG instances by the unchanged memory and speed models (each
// instance priced as a device, mig_device.h), then packed onto the fewest GPUs (packing.h).
// The guide's quick rule max(model weights x 1.2, smallest profile) is shown beside each size.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "contract/scenario.h"
#include "mig/packing.h"

namespace gpucfg {

struct MigTenant {
  std::string name;
  std::string profile;               // pinned profile name; "" = the smallest that fits the need
  double min_samples_per_s = 0;      // need (encoder models), 0 = none
  double min_output_tokens_per_s = 0;  // need (generating models), 0 = none
  Scenario scenario;                 // the tenant's workload served on one device
};

struct MigTenantSize {
  int profile = -1;                  // chosen profile (index into the table)
  bool pinned = false;
  bool fits = false;                 // its memory fits the instance
  bool meets_need = true;            // its throughput need is met on the instance
  bool encoder = false;              // throughput is samples/s (true) or output tokens/s
  double memory_gib = 0;             // memory model's total on the instance
  double capacity_gib = 0;           // the instance's usable GiB
  double weights_gib = 0;
  double quick_rule_gib = 0;         // max(weights x 1.2, smallest profile's GiB) (the guide's rule)
  int quick_rule_profile = -1;       // smallest profile holding quick_rule_gib; -1 = none
  double samples_per_s = 0;
  double output_tokens_per_s = 0;
};

struct MigPlanSlot {
  int profile = -1;
  int start = -1;
  int tenant = -1;                   // index into tenants
};

struct MigPlan {
  std::string gpu;                   // catalog id
  const MigTable* table = nullptr;
  std::vector<MigTenant> tenants;
  std::vector<MigTenantSize> sizes;
  MigPacking packing;
  std::vector<std::vector<MigPlanSlot>> gpus;  // placement of each GPU (tenant -1: a spare instance
                                               // of the GPU's maximal layout, left free)
  Issues errors;                     // bad input: paths into the plan document
};

// Parses {"schema_version": 2, "mig_plan": {"gpu", "tenants": [...], "state_limit"?}} and plans.
// Tenant keys: name, profile?, min_samples_per_s?, min_output_tokens_per_s?, and the inference
// workload's own keys (model, precision, batch, prompt_tokens, output_tokens, kv_precision,
// weight_precision).
MigPlan PlanMig(std::string_view text, const Catalog& catalog = BuiltinCatalog());

// Sizes one tenant on one instance of `profile` (cluster.mig with one instance on one GPU).
MigTenantSize SizeTenantOn(const MigTenant& t, const GpuSpec& gpu, const MigTable& table, int profile,
                           const Catalog& catalog);

}  // namespace gpucfg
