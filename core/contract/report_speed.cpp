// The names of the collective operations and algorithms, as the report and `gpucfg collective`
// write and read them (nccl-tests' operation names).
#include "contract/report_speed.h"

#include "catalog/catalog.h"  // EqualsIgnoreCase

namespace gpucfg {

std::string_view CollectiveOpName(CollectiveOp op) {
  switch (op) {
    case CollectiveOp::kAllReduce: return "allreduce";
    case CollectiveOp::kAllGather: return "allgather";
    case CollectiveOp::kReduceScatter: return "reducescatter";
    case CollectiveOp::kAllToAll: return "alltoall";
    case CollectiveOp::kSendRecv: return "sendrecv";
  }
  return "allreduce";
}

std::string_view CollectiveAlgoName(CollectiveAlgo a) {
  switch (a) {
    case CollectiveAlgo::kRing: return "ring";
    case CollectiveAlgo::kTree: return "tree";
    case CollectiveAlgo::kNvls: return "nvls";
    case CollectiveAlgo::kDirect: return "direct";
    case CollectiveAlgo::kNvlsTree: return "nvls-tree";
    case CollectiveAlgo::kPat: return "pat";
  }
  return "ring";
}

bool ParseCollectiveOp(std::string_view name, CollectiveOp& out) {
  for (CollectiveOp op : {CollectiveOp::kAllReduce, CollectiveOp::kAllGather, CollectiveOp::kReduceScatter,
                          CollectiveOp::kAllToAll, CollectiveOp::kSendRecv}) {
    if (EqualsIgnoreCase(name, CollectiveOpName(op))) return out = op, true;
  }
  return false;
}

}  // namespace gpucfg
