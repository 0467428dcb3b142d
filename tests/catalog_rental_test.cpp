// The GPUs a Chinese rental site stocks (export-control variants next to workstation, consumer and
// superchip parts): present, with the facts that set them apart from the parts they derive from.
// Figures and their sources are in data/gpus.json; the comments give the arithmetic.
#include <gtest/gtest.h>

#include <string>

#include "catalog/catalog.h"

namespace gpucfg {
namespace {

const GpuSpec& Gpu(std::string_view id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  static const GpuSpec kEmpty;
  return g != nullptr ? *g : kEmpty;
}

double Dense(std::string_view id, Precision p) { return Gpu(id).peak_tflops[static_cast<int>(p)].dense; }
double Sparse(std::string_view id, Precision p) { return Gpu(id).peak_tflops[static_cast<int>(p)].sparse; }

TEST(CatalogRental, ListsTheRentedSkus) {
  for (const char* id : {"A800-SXM4-80GB", "A800-PCIe-80GB", "A800-PCIe-40GB", "H800-SXM5-80GB", "H800-PCIe-80GB",
                         "H20-96GB", "L20-48GB", "RTX-4090D", "RTX-5090", "L40-48GB", "RTX-6000-Ada", "RTX-A6000",
                         "GH200-96GB", "GH200-144GB", "GB200", "MI300X"}) {
    EXPECT_NE(FindGpu(BuiltinCatalog(), id), nullptr) << id;
  }
  EXPECT_GE(BuiltinCatalog().gpus.size(), 36u);
}

// A800 / H800: the A100 / H100 with NVLink cut from 600 / 900 to 400 GB/s (both directions added);
// compute and memory unchanged, so their own fabric entries run 200 GB/s per direction.
TEST(CatalogRental, ExportVariantsHaveReducedNvlink) {
  for (const char* id : {"A800-SXM4-80GB", "A800-PCIe-80GB", "A800-PCIe-40GB", "H800-SXM5-80GB", "H800-PCIe-80GB"}) {
    EXPECT_DOUBLE_EQ(Gpu(id).nvlink_gbps_bidir, 400) << id;
  }
  EXPECT_EQ(Gpu("A800-SXM4-80GB").nvlink_gen, 3);
  EXPECT_EQ(Gpu("A800-SXM4-80GB").nvlink_links, 8);  // 400 / 50 GB/s per NVLink-3 link (A100: 12)
  EXPECT_EQ(Gpu("H800-SXM5-80GB").nvlink_gen, 4);
  EXPECT_EQ(Gpu("H800-SXM5-80GB").nvlink_links, 8);  // 400 / 50 GB/s per NVLink-4 link (H100: 18)
  EXPECT_DOUBLE_EQ(Dense("A800-SXM4-80GB", Precision::kBf16), Dense("A100-SXM4-80GB", Precision::kBf16));
  EXPECT_DOUBLE_EQ(Gpu("A800-SXM4-80GB").hbm_gbps, Gpu("A100-SXM4-80GB").hbm_gbps);
  EXPECT_DOUBLE_EQ(Dense("H800-SXM5-80GB", Precision::kFp8), Dense("H100-SXM5-80GB", Precision::kFp8));
  EXPECT_DOUBLE_EQ(Dense("H800-SXM5-80GB", Precision::kFp64), 1);  // cut from 34
  for (const char* id : {"nvswitch-gen2-a800", "nvswitch-gen3-h800", "nvlink3-bridge-a800", "nvlink4-bridge-h800"}) {
    const InterconnectSpec* ic = FindInterconnect(BuiltinCatalog(), id);
    ASSERT_NE(ic, nullptr) << id;
    EXPECT_DOUBLE_EQ(ic->gbps_per_direction, 200) << id;
  }
}

// H20: Hopper with full NVLink (900 GB/s) and 96 GB HBM3 at 4.0 TB/s, but FP16 Tensor cut to
// 148 TFLOP/s dense (15% of H100's 989.5) and FP8 / INT8 to 296.
TEST(CatalogRental, H20KeepsBandwidthButNotCompute) {
  EXPECT_DOUBLE_EQ(Dense("H20-96GB", Precision::kFp16), 148);
  EXPECT_DOUBLE_EQ(Dense("H20-96GB", Precision::kBf16), 148);
  EXPECT_DOUBLE_EQ(Sparse("H20-96GB", Precision::kBf16), 296);
  EXPECT_DOUBLE_EQ(Dense("H20-96GB", Precision::kFp8), 296);
  EXPECT_DOUBLE_EQ(Gpu("H20-96GB").nvlink_gbps_bidir, 900);
  EXPECT_DOUBLE_EQ(Gpu("H20-96GB").memory_gb, 96);
  EXPECT_DOUBLE_EQ(Gpu("H20-96GB").hbm_gbps, 4000);
  EXPECT_DOUBLE_EQ(Gpu("H20-96GB").tdp_watts, 400);
  EXPECT_LT(Dense("H20-96GB", Precision::kBf16), 0.16 * Dense("H100-SXM5-80GB", Precision::kBf16));
}

// Sparse = 2 x dense on every Tensor-Core row from Ampere on (datasheets print one or the other,
// rounded: the A6000's 309.7 sparse is 154.8 dense, so 0.1% tolerance).
TEST(CatalogRental, SparseIsTwiceDense) {
  for (const char* id : {"A800-SXM4-80GB", "H800-SXM5-80GB", "H20-96GB", "L20-48GB", "L40-48GB", "RTX-6000-Ada",
                         "RTX-A6000", "RTX-4090D", "RTX-5090", "GH200-96GB", "GH200-144GB", "GB200", "MI300X"}) {
    EXPECT_GT(Dense(id, Precision::kBf16), 0) << id;
    EXPECT_NEAR(Sparse(id, Precision::kBf16), 2 * Dense(id, Precision::kBf16), 1e-3 * Sparse(id, Precision::kBf16)) << id;
  }
}

TEST(CatalogRental, DerivedPartsFollowTheirArithmetic) {
  // RTX 4090 D: 114 of the 4090's 128 SMs at the same 2520 MHz: 165.2 x 114/128 = 147.1 TFLOP/s,
  // and its INT8 sparse 1321.2 x 114/128 = 1176.7 reproduces the product page's 1177 AI TOPS.
  EXPECT_NEAR(Dense("RTX-4090D", Precision::kBf16), Dense("RTX-4090", Precision::kBf16) * 114 / 128, 0.1);
  EXPECT_NEAR(Sparse("RTX-4090D", Precision::kInt8), 1177, 1);
  // GB200 per GPU = the NVL72 rack's 360 PF FP16 sparse / 72 = 5 PF, dense 2.5 PF; 13.4 TB / 72 = 186 GB.
  EXPECT_DOUBLE_EQ(Dense("GB200", Precision::kBf16), 2500);
  EXPECT_DOUBLE_EQ(Gpu("GB200").memory_gb, 186);
  EXPECT_DOUBLE_EQ(Gpu("GB200").nvlink_gbps_bidir, 1800);
  // GH200's GPU is an H100 (same peaks), with more and faster memory.
  EXPECT_DOUBLE_EQ(Dense("GH200-144GB", Precision::kBf16), Dense("H100-SXM5-80GB", Precision::kBf16));
  EXPECT_GT(Gpu("GH200-144GB").hbm_gbps, Gpu("H100-SXM5-80GB").hbm_gbps);
  // RTX 5090: FP32 = 21760 cores x 2 x 2.407 GHz = 104.8 TFLOP/s.
  EXPECT_NEAR(Dense("RTX-5090", Precision::kFp32), 21760 * 2 * 2.407e-3, 0.1);
  EXPECT_EQ(Gpu("RTX-5090").memory_type, "GDDR7");
}

TEST(CatalogRental, Mi300xIsAmdWithoutNvlink) {
  EXPECT_EQ(Gpu("MI300X").vendor, "AMD");
  EXPECT_DOUBLE_EQ(Gpu("MI300X").memory_gb, 192);
  EXPECT_DOUBLE_EQ(Dense("MI300X", Precision::kFp16), 1307.4);
  EXPECT_EQ(Gpu("MI300X").nvlink_gen, 0);
  EXPECT_EQ(Gpu("MI300X").default_intra_node, "pcie");
  EXPECT_EQ(Gpu("MI300X").mig_max_instances, 0);
}

TEST(CatalogRental, EveryNewSkuHasUsdAndCnyPrices) {
  const Catalog& c = BuiltinCatalog();
  for (const char* id : {"A800-SXM4-80GB", "H800-SXM5-80GB", "H20-96GB", "L20-48GB", "RTX-4090D", "RTX-5090", "MI300X"}) {
    for (const char* cur : {"USD", "CNY"}) {
      const GpuPrice* p = FindPrice(c, id, cur);
      ASSERT_NE(p, nullptr) << id << " " << cur;
      EXPECT_GT(p->per_gpu_hour, 0);
    }
  }
}

}  // namespace
}  // namespace gpucfg
