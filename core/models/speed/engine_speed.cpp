// Engine profiles in the speed model (engine_speed.h); the figures are data/engines.json's.
#include "models/speed/engine_speed.h"

#include <algorithm>

namespace gpucfg {

void ApplyEngineRates(const EngineProfile* e, std::string_view architecture, const SpeedOptions& o,
                      DeviceRates& d, bool& flash) {
  if (!e) return;
  d.norm_traffic = e->norm_traffic;
  d.elementwise_traffic = e->elementwise_traffic;
  const EngineAttention* a = AttentionFor(*e, architecture);
  if (!a) return;
  if (a->kernel == "none" || a->efficiency <= 0) {
    flash = false;  // scores materialised (Keras MultiHeadAttention, no fused kernel on this GPU)
    return;
  }
  if (o.attention_efficiency > 0) return;  // the scenario's override wins
  d.attention_efficiency = a->efficiency;
  // Backward / forward as FlashAttention-2 measures it on A100: 63% vs 73% (Dao 2023 sec. 4.1).
  d.attention_backward_efficiency = a->efficiency * (63.0 / 73.0);
}

double HostPassSeconds(const EngineProfile* e, double layers, bool graph_captured) {
  if (!e) return 0;
  const double launches = graph_captured ? 0.0 : layers * e->kernels_per_layer * e->host_us_per_kernel * 1e-6;
  return launches + e->host_ms_per_step * 1e-3;
}

double EnginePassSeconds(const EngineProfile* e, double gpu_s, double layers, bool graph_captured,
                         int steps_per_call) {
  if (!e) return gpu_s;
  if (!e->host_step_serial) return std::max(gpu_s, HostPassSeconds(e, layers, graph_captured));
  const double launches = HostPassSeconds(e, layers, graph_captured) - e->host_ms_per_step * 1e-3;
  return std::max(gpu_s, launches) + e->host_ms_per_step * 1e-3 / std::max(1, steps_per_call);
}

}  // namespace gpucfg
