// The roofline and collective queries: the speed model's own functions on a device or fabric built
// the way Evaluate builds them (resolve/device.h, models/speed/performance.h's FabricFor).
#include "query/queries.h"

#include "models/speed/collectives.h"
#include "models/speed/performance.h"
#include "models/speed/roofline.h"
#include "resolve/device.h"
#include "resolve/resolve.h"

namespace gpucfg {

RooflineOfGpu RooflineOf(const GpuSpec& gpu, Precision precision, bool sparse) {
  const EffectiveDevice device = MakeDevice(gpu);
  return {Ceiling(device, precision, sparse), ChartFor(device, sparse)};
}

bool CollectiveOn(const Scenario& s, const Catalog& catalog, CollectiveOp op, std::span<const double> bytes,
                  int ranks_per_node, std::vector<CollectiveResult>& out, CollectiveCluster& cluster,
                  Issues& errors) {
  Resolved r;
  if (!Resolve(s, catalog, r, &errors, nullptr)) return false;
  const Fabric f = FabricFor(r, r.total_gpus);
  cluster = {r.total_gpus, r.device.id, IntraKindName(r.intra_kind),
             r.inter ? std::string_view(r.inter->id) : std::string_view()};
  out.clear();
  for (double b : bytes) out.push_back(Collective(f, op, b, r.total_gpus, ranks_per_node));
  return true;
}

}  // namespace gpucfg
