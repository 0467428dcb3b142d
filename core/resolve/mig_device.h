// A MIG instance as a device: the limits (resolve/device.h DeviceLimits) that make MakeDevice turn
// the whole GPU into one GPU-instance profile, so the unchanged memory and speed models price one
// slice. What a slice owns and what it shares:
//   - SMs: its own (the profile's SMs; Tensor Core peaks scale with them at the same clock) — MIG-UG concepts;
//   - memory and its bandwidth: its own memory slices, each 1/8 of capacity, controllers and
//     bandwidth (1/4 on the A30), so a busy neighbour does not take its bandwidth — MIG-UG concepts;
//   - L2: its own share (MIG-UG profile tables);
//   - no NVLink or GPU-to-GPU P2P, no NCCL between instances — MIG-UG deployment considerations.
#pragma once

#include "catalog/catalog.h"
#include "contract/scenario.h"
#include "catalog/mig_catalog.h"
#include "resolve/device.h"

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

// The limits of one instance of `p` (fractions, usable GiB, mig_instance).
DeviceLimits MigDeviceLimits(const GpuSpec& gpu, const MigTable& t, const MigProfile& p);

// cluster.mig on `gpu`: sets the instance's limits into `limits` (a usable_gib override already
// there is kept) and returns true; false, leaving them, when there is no MIG or the profile is not
// one of the GPU's (evaluation then reports the error with its path).
bool MigDeviceLimitsFor(const MigConfig& mig, const Catalog& catalog, const GpuSpec& gpu, DeviceLimits& limits);

}  // namespace gpucfg
