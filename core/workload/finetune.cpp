// LoRA / QLoRA parameter and storage arithmetic (finetune.h has the sources).
#include "workload/finetune.h"

#include <algorithm>

#include "workload/model_parts.h"

namespace gpucfg {

double AdapterParamsPerLayer(const TransformerArch& a, const FinetuneSpec& f) {
  if (!f.active()) return 0;
  const double h = a.hidden, qh = double(a.heads) * HeadDim(a), kvh = double(KvHeads(a)) * HeadDim(a);
  const double ff = FfnHidden(a), r = std::max(1, f.rank);
  double dims = (h + qh) + (h + kvh);                         // q and v
  if (f.targets != LoraTargets::kQv) dims += (h + kvh) + (qh + h);  // k and o
  if (f.targets == LoraTargets::kAllLinear) {
    const double mlp = (a.glu ? 2.0 : 1.0) * (h + ff) + (ff + h);   // gate, up, down (or up, down)
    dims += mlp * (a.experts > 1 ? a.experts : 1);
  }
  return r * dims;
}

int AdaptedMatricesPerLayer(const TransformerArch& a, const FinetuneSpec& f) {
  if (!f.active()) return 0;
  int n = f.targets == LoraTargets::kQv ? 2 : 4;
  if (f.targets == LoraTargets::kAllLinear) n += (a.glu ? 3 : 2) * (a.experts > 1 ? a.top_k : 1);
  return n;
}

double BaseBytesPerParam(BaseFormat b, int hidden, int int4_group) {
  switch (b) {
    case BaseFormat::kBf16:
    case BaseFormat::kFp16: return 2.0;
    case BaseFormat::kInt8: return 1.0 + 2.0 / std::max(1, hidden);
    case BaseFormat::kNf4: return (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;
    case BaseFormat::kInt4: return 0.5 + 2.5 / std::max(1, int4_group);
  }
  return 2.0;
}

std::string_view BaseFormatName(BaseFormat b) {
  switch (b) {
    case BaseFormat::kBf16: return "bf16";
    case BaseFormat::kFp16: return "fp16";
    case BaseFormat::kInt8: return "int8";
    case BaseFormat::kNf4: return "nf4";
    case BaseFormat::kInt4: return "int4";
  }
  return "bf16";
}

}  // namespace gpucfg
