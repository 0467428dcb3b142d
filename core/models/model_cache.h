// Memoised layer passes, collective times and power phases for callers that evaluate many configurations of one device (the planner's
// candidate path): the roofline cost of one layer and of the logits depends only on the device
// rates, the precisions, the architecture and the layer's shape (micro-batch, tokens, tp), not on
// pp, ZeRO, recompute or the node count, so the candidates of one shape share a handful of passes.
// Entries are keyed by every input of the pass and compared exactly: a hit returns the very
// numbers LayerForward/LogitsForward would compute. EvaluateOptions::cache points here.
// The collective times (CollectiveMemo) are those of one fabric: a tensor-parallel all-reduce is
// the same for every pp, ZeRO stage and recompute, a gradient reduction for every micro-batch. A
// training power phase (SerialPhases, power.cpp) is the same for every ZeRO stage and recompute.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "models/memory/memory.h"
#include "models/speed/collectives.h"
#include "models/speed/roofline.h"
#include "workload/model_parts.h"

namespace gpucfg {

// The bits of a double (std::bit_cast is missing from Emscripten 3.1.6's libc++).
inline uint64_t BitsOf(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// CollectiveTime(f, op, bytes, ranks, ranks_per_node) of a few fabrics (Fabric::memo points here).
// Keys are the fabric (compared whole, so a resized copy or another shape's fabric never reads
// another's times), the op, the bytes' bits and the ranks, compared exactly. Several fabrics are
// kept because the inference walk alternates them (tp 2, 4, 8 for each weight format: the same
// all-reduces, format after format), so the memo is kept across shapes (ModelCache::Clear).
struct CollectiveMemo {
  struct Entry {
    uint64_t bytes_bits = 0;
    int op = 0, ranks = 0, rpn = 0, fabric = 0;
    unsigned generation = 0;      // valid when equal to the memo's
    double time_s = 0;
  };
  static constexpr int kSlots = 2048;  // power of two; three quarters full starts over
  static constexpr int kFabrics = 8;   // a ninth fabric starts over
  std::array<Fabric, kFabrics> fabrics{};
  int fabric_count = 0;
  mutable int last = 0;                // the fabric the last lookup matched (tried first)
  unsigned generation = 1;
  int used = 0;
  std::array<Entry, kSlots> slots{};

  static unsigned Slot(int op, uint64_t bits, int ranks, int rpn, int fabric) {
    uint64_t h = bits * 0x9E3779B97F4A7C15ull ^
                 (uint64_t(op) << 48 | uint64_t(fabric) << 40 | uint64_t(ranks) << 16 | uint64_t(rpn));
    h ^= h >> 29;
    return unsigned(h * 0xBF58476D1CE4E5B9ull >> 40) & (kSlots - 1);
  }
  // The index of `f` among the fabrics held, -1 = none. A bound copy (Bind) names it.
  int FabricIndex(const Fabric& f) const {
    if (f.memo_tag.generation == generation && f.memo_tag.fabric >= 0 && f.memo_tag.fabric < fabric_count)
      return f.memo_tag.fabric;
    if (last < fabric_count && fabrics[last] == f) return last;
    for (int i = 0; i < fabric_count; ++i)
      if (i != last && fabrics[i] == f) return last = i;
    return -1;
  }
  bool Find(const Fabric& f, CollectiveOp op, double bytes, int ranks, int rpn, double& time_s) const {
    if (used == 0) return false;
    const int fab = FabricIndex(f);
    if (fab < 0) return false;
    const uint64_t bits = BitsOf(bytes);
    for (unsigned i = Slot(int(op), bits, ranks, rpn, fab);; i = (i + 1) & (kSlots - 1)) {
      const Entry& e = slots[i];
      if (e.generation != generation) return false;
      if (e.bytes_bits == bits && e.op == int(op) && e.ranks == ranks && e.rpn == rpn && e.fabric == fab)
        return time_s = e.time_s, true;
    }
  }
  // Checks `f` (an evaluation's own copy of its fabric) against the fabrics held once, adding it
  // if new, and tags it with its index: its lookups then skip the whole-fabric compare until the
  // memo starts over (a new generation) or the copy is changed (which clears the tag).
  void Bind(Fabric& f) {
    f.memo_tag = {};
    f.memo_tag = {AddFabric(f), generation};
  }
  int AddFabric(const Fabric& f) {
    int fab = FabricIndex(f);
    if (fab < 0) {
      if (fabric_count == kFabrics) Clear();
      fab = fabric_count++;
      fabrics[fab] = f, last = fab;
      fabrics[fab].memo_tag = {};
    }
    return fab;
  }
  void Store(const Fabric& f, CollectiveOp op, double bytes, int ranks, int rpn, double time_s) {
    if (used >= kSlots * 3 / 4) Clear();  // full: start over (kept across shapes, it must not stop storing)
    const int fab = AddFabric(f);
    const uint64_t bits = BitsOf(bytes);
    unsigned i = Slot(int(op), bits, ranks, rpn, fab);
    while (slots[i].generation == generation) i = (i + 1) & (kSlots - 1);
    slots[i] = Entry{bits, int(op), ranks, rpn, fab, generation, time_s};
    ++used;
  }
  void Clear() {
    used = 0, fabric_count = 0, last = 0;
    if (++generation == 0) slots = {}, generation = 1;
  }
};

// One power phase under an operating point (power.cpp): time factor, power at the limit and at the
// reference, clock factor.
struct PowerPhase {
  double time_factor = 1, power_w = 0, ref_power_w = 0, clock = 1;
};

// One kernel class under an operating point (power.cpp KernelOf): board power at the reference and
// under the limit, how much slower it runs there, and the clock factor it sets (1: none).
// No member initialisers: a phase's table is written before it is read, and zeroing one on every
// inference candidate's phase (two per candidate, uncached) would cost more than the kernels.
struct PowerKernel {
  double ref_power_w, power_w, time_factor, clock;
};
// The kernels of one phase (a layer pass's ops and its logits) in order: a phase at any number of
// layers per stage weighs these (power.cpp PhaseOfKernels).
struct PowerKernels {
  static constexpr int kMaxOps = 2 * (kLayerOpCount + 1);
  struct Op {
    double time_s;
    bool is_logits;
    PowerKernel kernel;
  };
  std::array<Op, kMaxOps> ops;  // [0, count) written by KernelsOf
  int count = 0;
};

// Doubles compare with ==: the one pair of different inputs that compare equal, 0.0 and -0.0, does
// not occur among these (shapes, rates and byte counts are positive or zero as built).
struct ModelCache {
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
    uint64_t serial = 0;           // unique per Store, never reused: names this pass's points
    uint64_t context = 0;          // ShapeValues::context it was stored under (0 = none)
  };
  static constexpr int kEntries = 32;
  std::array<Entry, kEntries> entries{};
  int count = 0;
  int next = 0;                    // round-robin replacement once full
  long long hits = 0, misses = 0;  // for the bench and tests

  // `context` != 0: the caller's architecture, precisions and rates are the registered
  // resolution's shape values (ShapeValues::context), which stay fixed until UseResolution is
  // called again, so an entry stored under the same context matches on its shape alone (the rest of
  // its key is equal by construction). 0: the whole key is compared.
  // The entry the last lookup found is tried first: the planner asks for one pass for every ZeRO
  // stage and recompute mode of a micro-batch in a row.
  const Entry* Find(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp,
                    const DeviceRates& d, uint64_t context = 0) {
    auto same = [&](const Entry& e) {
      return context != 0 ? e.context == context && e.shape == s
                          : e.shape == s && e.lp == lp && e.rates == d && e.arch == a;
    };
    if (last_hit < count && same(entries[last_hit])) return ++hits, &entries[last_hit];
    for (int i = 0; i < count; ++i) {
      if (i != last_hit && same(entries[i])) return ++hits, last_hit = i, &entries[i];
    }
    ++misses;
    return nullptr;
  }
  int last_hit = 0;                // index of the entry the last Find returned (or stored)
  const Entry& Store(const TransformerArch& a, const LayerShape& s, const LayerPrecision& lp, const DeviceRates& d,
                     const LayerCost& layer, const OpCost& logits, uint64_t context = 0) {
    const int slot = count < kEntries ? count++ : next;
    Entry& e = entries[slot];
    last_hit = slot;
    if (count == kEntries) next = (next + 1) % kEntries;
    e = Entry{s, a, lp, d, layer, logits, ++serials, context};
    return e;
  }
  uint64_t serials = 0;            // the last serial handed out (monotonic across Clear)
  // The serial of the pass whose roofline points the last performance evaluation wrote for the
  // training phase (AddRooflinePoints of that entry's layer and logits, nothing else), 0 = none or
  // unknown: the power model then keys its phase by this number instead of by every point.
  uint64_t training_points_serial = 0;
  // That pass itself when the evaluation wrote no points for it (EvaluateOptions::roofline_points
  // false: the planner's candidates): the power model reads its ops in their place, in the same
  // order and with the same filter, on a miss of its phase memo. Valid until the next evaluation.
  const LayerCost* training_layer = nullptr;
  const OpCost* training_logits = nullptr;
  CollectiveMemo collectives;
  // Power phases of passes named by serial (power.cpp): the operating point and ceiling words are
  // compared once against the ones held (a shape keeps them), then a handful of short keys.
  struct SerialPhases {
    static constexpr int kWords = 32, kSlots = 64;  // slots: a power of two; stores stop at 3/4 full
    std::array<uint64_t, kWords> context{};  // the operating point, ceiling and fallback kernel
    int context_len = -1;                    // -1 = nothing held
    struct Entry { uint64_t serial = 0, layers_bits = 0; unsigned generation = 0; PowerPhase value; };
    std::array<Entry, kSlots> slots{};
    unsigned generation = 1;                 // an entry is live when it carries this generation
    int used = 0;
    bool have_optimizer = false;             // the optimizer phase of this context (power.cpp)
    PowerPhase optimizer;
    // The kernels of the last passes (by serial) under this context, whatever their layers per stage.
    static constexpr int kTables = 8;
    struct Table { uint64_t serial = 0; unsigned generation = 0; PowerKernels kernels; };
    std::array<Table, kTables> tables{};
    unsigned table_generation = 1;           // a table is live when it carries this generation
    int tables_next = 0;
    uint64_t context_id = 0;                 // changes whenever the context held does (0: none yet)
    // Drops what is held unless `ctx` is the context held.
    void Use(const uint64_t* ctx, int len) {
      if (len == context_len && std::memcmp(ctx, context.data(), sizeof(uint64_t) * len) == 0) return;
      Drop();
      ++context_id;
      if (++table_generation == 0) tables = {}, table_generation = 1;
      context_len = len;
      std::memcpy(context.data(), ctx, sizeof(uint64_t) * len);
    }
    const PowerKernels* FindKernels(uint64_t serial) const {
      for (const Table& t : tables)
        if (t.generation == table_generation && t.serial == serial) return &t.kernels;
      return nullptr;
    }
    PowerKernels& StoreKernels(uint64_t serial) {
      Table& t = tables[tables_next];
      tables_next = (tables_next + 1) % kTables;
      t.serial = serial, t.generation = table_generation;
      return t.kernels;
    }
    static unsigned Slot(uint64_t serial, uint64_t layers_bits) {
      uint64_t h = (serial * 0x9E3779B97F4A7C15ull) ^ layers_bits;
      h ^= h >> 29;
      return unsigned(h * 0xBF58476D1CE4E5B9ull >> 40) & (kSlots - 1);
    }
    const PowerPhase* Find(uint64_t serial, uint64_t layers_bits) const {
      for (unsigned i = Slot(serial, layers_bits);; i = (i + 1) & (kSlots - 1)) {
        const Entry& e = slots[i];
        if (e.generation != generation) return nullptr;
        if (e.serial == serial && e.layers_bits == layers_bits) return &e.value;
      }
    }
    void Store(uint64_t serial, uint64_t layers_bits, const PowerPhase& v) {
      if (used >= kSlots * 3 / 4) Drop();  // full: start over (the context stays)
      unsigned i = Slot(serial, layers_bits);
      while (slots[i].generation == generation) i = (i + 1) & (kSlots - 1);
      slots[i] = Entry{serial, layers_bits, generation, v};
      ++used;
    }
    void Drop() {
      used = 0, have_optimizer = false;
      if (++generation == 0) slots = {}, generation = 1;
    }
    void Clear() {
      Drop(), context_len = -1, ++context_id;
      if (++table_generation == 0) tables = {}, table_generation = 1;
    }
  } serial_phases;
  // What one resolution's candidates share whatever their split: the training (or inference)
  // precisions and device rates (after the engine's and fine-tuning's changes) and the whole
  // cluster's fabric.
  // Kept for the one Resolved object the owner registers (UseResolution; the candidate path's
  // shape) and read only when the models evaluate that very object: a power-capped copy, another
  // scenario or another shape is another object. The owner calls UseResolution again (or Clear)
  // whenever it re-resolves or changes anything but the split of that object.
  struct ShapeValues {
    const void* resolution = nullptr;
    uint64_t context = 0;  // names this registration (unique, never 0 once registered): Find's key
    bool have_training = false;
    LayerPrecision lp;
    DeviceRates rates;
    bool flash = true;
    bool have_inference = false;  // the same for inference (PrecisionsFor(r, true), its rates)
    LayerPrecision inference_lp;
    DeviceRates inference_rates;
    bool inference_flash = true;
    bool have_fabric = false;
    Fabric fabric;         // bound to `collectives` (Fabric::memo_tag) by the training stage
    double fpt_keys = -1, fpt = 0;  // ForwardFlopsPerToken(arch, fpt_keys) of the training stage
    uint64_t power_context_id = ~uint64_t(0);  // SerialPhases::context_id its operating point was checked in
    bool have_memory = false;
    MemoryInputs memory;   // MakeMemoryInputs of the resolution; its split fields rewritten per use
    bool have_parts = false;
    ParamParts parts;      // ParameterParts(memory.arch): the architecture is the shape's
    // TrainingStates of `memory` per split: besides the shape's fields they read only tp, pp, dp,
    // cp, ep and the ZeRO stage (memory_training.cpp). The planner walks one split (tp, pp, dp,
    // cp, ep) through every micro-batch, ZeRO stage and recompute mode before the next, so the
    // states of the last split are kept, one per ZeRO stage 0-3 (another stage's are not kept).
    struct SplitKey { int tp = 0, pp = 0, dp = 0, cp = 0, ep = 0; };  // compared as bytes (no padding)
    SplitKey states_split;
    std::array<bool, 4> have_states{};
    std::array<StageStates, 4> states{};
    StageStates states_other;
    ActivationTermsMemo terms;  // the last split's layer activation terms (memory_training.cpp)
  } shape;
  void UseResolution(const void* r) { shape = ShapeValues{}, shape.resolution = r, shape.context = ++contexts; }
  // Layer passes keyed by a context name the architecture, precisions and rates they were priced
  // with. Another resolution of the same SKU and workload (another node size or count) has the
  // same three: ShareContext hands it the earlier context, so its candidates find the passes (and
  // the power phases keyed by their serials) already priced. Compared whole once per resolution.
  uint64_t ShareContext(const TransformerArch& a, const LayerPrecision& lp, const DeviceRates& d, uint64_t fresh) {
    if (pass_context.context != 0 && pass_context.arch == a && pass_context.lp == lp && pass_context.rates == d)
      return pass_context.context;
    pass_context = {a, lp, d, fresh};
    return fresh;
  }
  struct PassContext {
    TransformerArch arch;
    LayerPrecision lp;
    DeviceRates rates;
    uint64_t context = 0;  // 0 = none held
  } pass_context;
  uint64_t contexts = 0;  // the last ShapeValues::context handed out (monotonic across Clear)
  // The collectives stay: they are keyed by the whole fabric, so another shape's cannot be read.
  void Clear() {
    pass_context = {};
    count = 0, next = 0, last_hit = 0, training_points_serial = 0, training_layer = nullptr, training_logits = nullptr;
    serial_phases.Clear();
    shape = ShapeValues{};
  }
};

}  // namespace gpucfg
