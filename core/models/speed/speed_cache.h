// Memoised layer passes for callers that evaluate many configurations of one device (the planner's
// candidate path): the roofline cost of one layer and of the logits depends only on the device
// rates, the precisions, the architecture and the layer's shape (micro-batch, tokens, tp), not on
// pp, ZeRO, recompute or the node count, so the candidates of one shape share a handful of passes.
// Entries are keyed by every input of the pass and compared exactly: a hit returns the very
// numbers LayerForward/LogitsForward would compute. EvaluateOptions::speed_cache points here.
#pragma once

#include <array>

#include "models/speed/roofline.h"

namespace gpucfg {

// Doubles compare with ==: the one pair of different inputs that compare equal, 0.0 and -0.0, does
// not occur among these (shapes, rates and byte counts are positive or zero as built).
struct SpeedCache {
  struct Entry {
    // the key: everything the two passes read
    LayerShape shape;
    TransformerArch arch;
    LayerPrecision lp;
    DeviceRates rates;
    // the value: LayerForward(arch, shape, lp, rates) and LogitsForward(arch, batch x q_tokens, tp,
    // lp, rates, shape.phase)
    LayerCost layer;
    OpCost logits;
  };
  static constexpr int kEntries = 32;
  std::array<Entry, kEntries> entries{};
  int count = 0;
  int next = 0;                    // round-robin replacement once full
  long long hits = 0, misses = 0;  // for the bench and tests

  const Entry* Find(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                    const DeviceRates& d) {
    for (int i = 0; i < count; ++i) {
      const Entry& e = entries[i];
      if (e.shape == s && e.lp == lp && e.rates == d && e.arch == a) return ++hits, &e;
    }
    ++misses;
    return nullptr;
  }
  void Store(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp, const DeviceRates& d,
             const LayerCost& layer, const OpCost& logits) {
    Entry& e = entries[count < kEntries ? count++ : next];
    if (count == kEntries) next = (next + 1) % kEntries;
    e = Entry{s, a, lp, d, layer, logits};
  }
  void Clear() { count = 0, next = 0; }
};

}  // namespace gpucfg
