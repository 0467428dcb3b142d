// The power limits nvidia-smi -pl accepts on a GPU (resolve_power.cpp checks /power/gpu_cap_w
// against them; the page's cap slider spans them). Defined in resolve_power.cpp.
#pragma once

#include "catalog/catalog.h"

namespace gpucfg {

// Its published min..max power limit; without a published minimum, a quarter of the board limit
// (a judgement); without a published maximum, the TDP.
struct PowerCapRange {
  double lo_w = 0, hi_w = 0;
  bool lo_published = false;
};
PowerCapRange CapRangeOf(const GpuSpec& g);

}  // namespace gpucfg
