// The English sentence behind every warning and assumption code. {value} and {limit} are replaced
// by the warning's figures. Models add their codes through the .inc tables they own.
#include "base/warnings.h"

#include <cstdio>

namespace gpucfg {
namespace {

struct Message {
  std::string_view code;
  std::string_view text;
};

constexpr Message kMessages[] = {
    {"global_batch_rounded", "global_batch is not a multiple of micro_batch x dp: {value} sequences per step are modelled instead of {limit}"},
    {"pp_uneven_stages",
     "pipeline stages of unequal size: {value} layers over {a} stages (parallelism.pp), the busiest holding {limit}; it sets the step's pace and the memory "
     "shown (Megatron-LM needs pp to divide the layers unless the first or last stage is set shorter)"},
    {"no_price", "no catalog price for this GPU in this currency: set pricing.per_gpu_hour to get costs"},
    {"inter_node_assumed",
     "cluster.inter_node is \"none\" on {value} nodes: the GPU generation's usual network is assumed ({limit} Gb/s per port, one port per GPU; "
     "setup.inter_node names it); set cluster.inter_node to your fabric"},
    {"memory_overheads_estimated",
     "CUDA context, NCCL buffers and allocator fragmentation are estimates from published measurements, not measured on your stack"},
    {"training_flops_6nd", "training compute counts 6 FLOPs per parameter per token plus attention (Kaplan et al. 2020; Narayanan et al. 2021)"},
    {"gemm_sustained",
     "Tensor Core kernels are taken at {value} of their isolated microbenchmark rate in a running job (judgement checked against published runs; "
     "speed.sustained_efficiency overrides it)"},
    {"speed_if_it_fit", "the job does not fit in memory as configured: speed, time and cost are what it would reach once a memory fix is applied"},
    {"price_from_catalog", "rental price {value} per GPU-hour is the site's list price from data/prices.json"},
    {"generic_network",
     "the generic network is priced as one block from its totals ({value} GFLOPs per sample at the sustained GEMM rate, weights and activations once through "
     "memory): low confidence; a catalog network prices each layer"},
    {"multi_step_scheduling",
     "the engine runs {value} decode steps per scheduler call (workload.scheduler_steps): a request arriving under load joins only between such blocks, so it "
     "waits half a block on average before its prefill"},
    {"network_sample_aggregates",
     "an inference sample here is a query of {value} records on average (MLPerf's DLRM query of user-item pairs, data/networks.json): workload.batch counts "
     "records, samples_per_s counts queries"},
    {"network_layers_roofline",
     "each layer of the network is priced on the roofline from its GEMM shape (convolutions as implicit GEMMs); engine-specific kernel choices are not "
     "modelled"},
#include "base/memory_warnings.inc"
#include "base/speed_warnings.inc"
#include "base/power_warnings.inc"
#include "base/mig_warnings.inc"
};

std::string Format(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

void ReplaceAll(std::string& s, std::string_view key, const std::string& with) {
  for (size_t pos = s.find(key); pos != std::string::npos; pos = s.find(key, pos + with.size()))
    s.replace(pos, key.size(), with);
}

}  // namespace

std::string FillWarningTemplate(std::string_view text, const Warning& w) {
  std::string out(text);
  ReplaceAll(out, "{value}", Format(w.value));
  ReplaceAll(out, "{limit}", Format(w.limit));
  static constexpr std::string_view kArgs[] = {"{a}", "{b}", "{c}", "{d}"};
  for (int i = 0; i < 4; ++i) ReplaceAll(out, kArgs[i], Format(w.args[i]));
  return out;
}

std::string WarningMessage(const Warning& w) {
  for (const Message& m : kMessages)
    if (m.code == w.code) return FillWarningTemplate(m.text, w);
  return std::string(w.code);
}

}  // namespace gpucfg
