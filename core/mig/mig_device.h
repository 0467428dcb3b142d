// A MIG instance as a device: the whole GPU's spec scaled to one GPU-instance profile, so the
// unchanged memory and speed models price one slice. What a slice owns and what it shares:
//   - SMs: its own (profile SMs; Tensor Core peaks scale with them, same clock) — MIG-UG concepts;
//   - memory and its bandwidth: its own memory slices, each 1/8 of capacity, controllers and
//     bandwidth (1/4 on the A30), so a busy neighbour does not take its bandwidth — MIG-UG concepts;
//   - L2: its own share (MIG-UG profile tables);
//   - no NVLink or GPU-to-GPU P2P, no NCCL between instances — MIG-UG deployment considerations.
#pragma once

#include <string>

#include "catalog/catalog.h"
#include "mig/mig_catalog.h"

namespace gpucfg {

struct MigInstanceShare {
  double sm_fraction = 0;         // instance SMs / GPU SMs (A100 1g: 14 / 108; MIG uses 98 of 108)
  double memory_fraction = 0;     // memory slices / memory slots
  double bandwidth_fraction = 0;  // = memory_fraction (MIG-UG: a memory slice holds its controllers)
  double l2_fraction = 0;
  double fraction_of_gpu = 0;     // compute slices / compute slots (the slice's nominal share)
  int sms = 0;                    // the profile's SMs (derived from the fraction where unpublished)
  double memory_gib = 0;          // usable GiB (derived where unpublished)
};

MigInstanceShare MigShare(const GpuSpec& gpu, const MigTable& t, const MigProfile& p);

// The catalog id of an instance device: "A100-SXM4-80GB/1g.10gb".
std::string MigInstanceId(const GpuSpec& gpu, const MigProfile& p);

// The instance as a GpuSpec (peaks, bandwidth, L2, memory, power scaled; no NVLink, no MIG).
GpuSpec MigInstanceGpu(const GpuSpec& gpu, const MigTable& t, const MigProfile& p);

// A copy of `base` with one instance device per profile of `gpu`'s table added.
Catalog CatalogWithMigInstances(const Catalog& base, const GpuSpec& gpu, const MigTable& t);

}  // namespace gpucfg
