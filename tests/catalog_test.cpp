// Tests of core/catalog/catalog.cpp and data/*.json: the compiled-in data parses cleanly, keeps the facts
// the reference insists on (and none of the errors it lists), and operator overrides merge or fail
// with exact JSON pointers, never crashing.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "catalog/catalog.h"

namespace gpucfg {
extern const char* const kBuiltinCatalogDocuments[];
extern const int kBuiltinCatalogDocumentCount;
}  // namespace gpucfg

namespace gpucfg {
namespace {

const PeakRate& Peak(const GpuSpec& g, Precision p) { return g.peak_tflops[static_cast<int>(p)]; }

const GpuSpec& Gpu(std::string_view id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  static const GpuSpec kEmpty;
  return g != nullptr ? *g : kEmpty;
}

bool HasIssue(const Issues& issues, std::string_view code, std::string_view path) {
  for (const Issue& i : issues) {
    if (i.code == code && i.path == path) return true;
  }
  return false;
}

std::string Describe(const Issues& issues) {
  std::string out;
  for (const Issue& i : issues) out += i.code + " " + i.path + ": " + i.message + "\n";
  return out;
}

// Splits "A100-DS, H-BLOG" into its codes.
std::vector<std::string> SourceCodes(const std::string& source) {
  std::vector<std::string> codes;
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t end = source.find(", ", start);
    if (end == std::string::npos) end = source.size();
    codes.push_back(source.substr(start, end - start));
    start = end + 2;
  }
  return codes;
}

void ExpectSourceResolves(const Catalog& c, const std::string& source, const std::string& what) {
  ASSERT_FALSE(source.empty()) << what;
  for (const std::string& code : SourceCodes(source)) {
    EXPECT_NE(FindSource(c, code), nullptr) << what << " cites unknown source code \"" << code << "\"";
  }
}

TEST(Catalog, BuiltinDocumentsParseWithoutIssues) {
  ASSERT_GE(kBuiltinCatalogDocumentCount, 4);
  for (int i = 0; i < kBuiltinCatalogDocumentCount; ++i) {
    Catalog c;
    const Issues issues = MergeCatalogJson(kBuiltinCatalogDocuments[i], c);
    EXPECT_TRUE(issues.empty()) << "document " << i << ":\n" << Describe(issues);
  }
  const Catalog& c = BuiltinCatalog();
  EXPECT_GE(c.gpus.size(), 24u);
  EXPECT_GE(c.interconnects.size(), 22u);
  EXPECT_GE(c.models.size(), 14u);
  EXPECT_EQ(c.currencies.size(), 2u);
}

TEST(Catalog, HasEveryRequiredId) {
  for (const char* id :
       {"V100-PCIe-16GB", "V100-PCIe-32GB", "V100-SXM2-16GB", "V100-SXM2-32GB", "V100S-PCIe-32GB",
        "A100-PCIe-40GB", "A100-PCIe-80GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "A30-24GB", "A10-24GB",
        "A40-48GB", "L4-24GB", "L40S-48GB", "T4-16GB", "RTX-3090", "RTX-4090", "H100-PCIe-80GB",
        "H100-SXM5-80GB", "H100-NVL-94GB", "H200-SXM-141GB", "H200-NVL-141GB", "B200",
        "Jetson-AGX-Orin-64GB"}) {
    EXPECT_NE(FindGpu(BuiltinCatalog(), id), nullptr) << id;
  }
  for (const char* id : {"pcie-gen3", "pcie-gen4", "pcie-gen5", "nvlink2", "nvlink3", "nvlink4", "nvlink5",
                         "nvlink3-bridge-a40", "nvlink3-bridge-a100pcie", "nvlink4-bridge", "nvswitch-gen1",
                         "nvswitch-gen2", "nvswitch-gen3", "nvswitch-gen4", "ib-edr", "ib-hdr", "ib-ndr",
                         "ib-xdr", "roce-100g", "roce-200g", "roce-400g", "eth-25g", "eth-100g"}) {
    EXPECT_NE(FindInterconnect(BuiltinCatalog(), id), nullptr) << id;
  }
  for (const char* id : {"gpt3-175b", "llama2-7b", "llama2-13b", "llama2-70b", "llama3.1-8b", "llama3.1-70b",
                         "llama3.1-405b", "mistral-7b", "qwen-7b", "bert-large", "megatron-22b",
                         "megatron-530b", "megatron-1t", "mpt-7b"}) {
    EXPECT_NE(FindModel(BuiltinCatalog(), id), nullptr) << id;
  }
}

TEST(Catalog, IdsAreUniqueIgnoringCase) {
  const Catalog& c = BuiltinCatalog();
  auto lower = [](std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  };
  std::set<std::string> gpus, ics, models, prices;
  for (const GpuSpec& g : c.gpus) EXPECT_TRUE(gpus.insert(lower(g.id)).second) << g.id;
  for (const InterconnectSpec& i : c.interconnects) EXPECT_TRUE(ics.insert(lower(i.id)).second) << i.id;
  for (const ModelPreset& m : c.models) EXPECT_TRUE(models.insert(lower(m.id)).second) << m.id;
  for (const GpuPrice& p : c.prices) EXPECT_TRUE(prices.insert(lower(p.gpu + "/" + p.currency)).second);
}

TEST(Catalog, EverySourceResolvesToACode) {
  const Catalog& c = BuiltinCatalog();
  for (const GpuSpec& x : c.gpus) ExpectSourceResolves(c, x.source, x.id);
  for (const InterconnectSpec& x : c.interconnects) ExpectSourceResolves(c, x.source, x.id);
  for (const ModelPreset& x : c.models) ExpectSourceResolves(c, x.source, x.id);
  for (const GpuPrice& x : c.prices) ExpectSourceResolves(c, x.source, x.gpu + " " + x.currency);
  for (const CurrencyPreset& x : c.currencies) ExpectSourceResolves(c, x.source, x.code);
  for (const SourceRef& s : c.sources) EXPECT_NE(s.citation.find(" — "), std::string::npos) << s.code;
}

TEST(Catalog, A100HasNvlinkThreeAt600) {
  for (const char* id : {"A100-SXM4-40GB", "A100-SXM4-80GB", "A100-PCIe-40GB", "A100-PCIe-80GB"}) {
    EXPECT_EQ(Gpu(id).nvlink_gen, 3) << id;
    EXPECT_DOUBLE_EQ(Gpu(id).nvlink_gbps_bidir, 600) << id;
  }
  EXPECT_EQ(Gpu("A100-SXM4-80GB").nvlink_links, 12);
  EXPECT_EQ(Gpu("A100-SXM4-80GB").default_intra_node, "nvswitch");
  EXPECT_EQ(Gpu("H100-SXM5-80GB").nvlink_gen, 4);
  EXPECT_DOUBLE_EQ(FindInterconnect(BuiltinCatalog(), "nvlink3")->gbps_per_direction, 300);
  EXPECT_DOUBLE_EQ(FindInterconnect(BuiltinCatalog(), "nvlink4")->gbps_per_direction, 450);
}

TEST(Catalog, NoV100Has48GB) {
  for (const GpuSpec& g : BuiltinCatalog().gpus) {
    if (g.architecture != "Volta") continue;
    EXPECT_TRUE(g.memory_gb == 16 || g.memory_gb == 32) << g.id << " " << g.memory_gb;
  }
  EXPECT_EQ(FindGpu(BuiltinCatalog(), "V100-SXM3-48GB"), nullptr);
}

TEST(Catalog, SparseIsTwiceDenseOnAmpereAndHopperBf16) {
  for (const char* id : {"A100-SXM4-40GB", "A100-SXM4-80GB", "A100-PCIe-40GB", "A100-PCIe-80GB",
                         "H100-SXM5-80GB", "H100-PCIe-80GB", "H100-NVL-94GB", "H200-SXM-141GB"}) {
    const PeakRate& r = Peak(Gpu(id), Precision::kBf16);
    EXPECT_GT(r.dense, 0) << id;
    EXPECT_DOUBLE_EQ(r.sparse, 2 * r.dense) << id;
  }
  EXPECT_DOUBLE_EQ(Peak(Gpu("H100-SXM5-80GB"), Precision::kBf16).dense, 989.5);
  EXPECT_DOUBLE_EQ(Peak(Gpu("H100-SXM5-80GB"), Precision::kBf16).sparse, 1979);
  EXPECT_DOUBLE_EQ(Peak(Gpu("A100-SXM4-80GB"), Precision::kTf32).dense, 156);  // not 624
}

TEST(Catalog, VoltaAndTuringHaveNoSparsityAndV100NoBf16OrInt8) {
  for (const GpuSpec& g : BuiltinCatalog().gpus) {
    for (int p = 0; p < kPrecisionCount; ++p) {
      EXPECT_LE(g.peak_tflops[p].dense, g.peak_tflops[p].sparse) << g.id;
      if (g.architecture == "Volta" || g.architecture == "Turing") {
        EXPECT_EQ(g.peak_tflops[p].dense, g.peak_tflops[p].sparse) << g.id;
      }
    }
    if (g.architecture != "Volta") continue;
    EXPECT_EQ(Peak(g, Precision::kBf16).dense, 0) << g.id;
    EXPECT_EQ(Peak(g, Precision::kInt8).dense, 0) << g.id;
    EXPECT_EQ(Peak(g, Precision::kTf32).dense, 0) << g.id;
  }
  EXPECT_DOUBLE_EQ(Peak(Gpu("V100-SXM2-32GB"), Precision::kFp16).dense, 125);
  EXPECT_DOUBLE_EQ(Peak(Gpu("V100-PCIe-16GB"), Precision::kFp16).dense, 112);
}

TEST(Catalog, MigCapableGpusMatchTheReference) {
  const std::set<std::string> seven = {"A100-SXM4-40GB", "A100-SXM4-80GB", "A100-PCIe-40GB", "A100-PCIe-80GB",
                                       "H100-PCIe-80GB", "H100-SXM5-80GB", "H100-NVL-94GB", "H200-SXM-141GB",
                                       "H200-NVL-141GB", "B200", "A800-SXM4-80GB", "A800-PCIe-80GB",
                                       "A800-PCIe-40GB", "H800-SXM5-80GB", "H800-PCIe-80GB", "H20-96GB",
                                       "GH200-96GB", "GH200-144GB", "GB200"};
  for (const GpuSpec& g : BuiltinCatalog().gpus) {
    const int expected = seven.count(g.id) ? 7 : g.id == "A30-24GB" ? 4 : 0;
    EXPECT_EQ(g.mig_max_instances, expected) << g.id;
  }
}

TEST(Catalog, FieldsStayInTheirDomains) {
  const std::set<std::string> intra = {"pcie", "nvlink-bridge", "nvlink-mesh", "nvswitch"};
  for (const GpuSpec& g : BuiltinCatalog().gpus) {
    EXPECT_TRUE(intra.count(g.default_intra_node)) << g.id;
    EXPECT_LE(g.matmul_efficiency, 1.0) << g.id;
    EXPECT_LE(g.hbm_efficiency, 1.0) << g.id;
    EXPECT_GT(g.memory_gb, 0) << g.id;
    EXPECT_GT(g.hbm_gbps, 0) << g.id;
    EXPECT_GT(g.tdp_watts, 0) << g.id;
    if (g.memory_usable_gib > 0) {  // nvidia-smi GiB sits just under the marketed size (HBM "GB" are GiB)
      EXPECT_LT(g.memory_usable_gib, g.memory_gb) << g.id;
      EXPECT_GT(g.memory_usable_gib, 0.95 * g.memory_gb) << g.id;
    }
    EXPECT_FALSE(g.verification.empty()) << g.id;
  }
  const std::set<std::string> kinds = {"pcie", "nvlink", "nvlink-bridge", "nvswitch", "infiniband", "roce",
                                       "ethernet"};
  for (const InterconnectSpec& i : BuiltinCatalog().interconnects) {
    EXPECT_TRUE(kinds.count(i.kind)) << i.id;
    EXPECT_GT(i.gbps_per_direction, 0) << i.id;
    if (i.gbit_per_direction > 0) {
      EXPECT_DOUBLE_EQ(i.gbps_per_direction, i.gbit_per_direction / 8) << i.id;
    }
  }
  EXPECT_DOUBLE_EQ(FindInterconnect(BuiltinCatalog(), "ib-hdr")->gbit_per_direction, 200);  // Gb/s, not GB/s
}

TEST(Catalog, EveryGpuHasAPriceInEachCurrency) {
  const Catalog& c = BuiltinCatalog();
  for (const GpuSpec& g : c.gpus) {
    for (const CurrencyPreset& cur : c.currencies) {
      const GpuPrice* p = FindPrice(c, g.id, cur.code);
      ASSERT_NE(p, nullptr) << g.id << " " << cur.code;
      EXPECT_GT(p->per_gpu_hour, 0);
    }
  }
  for (const GpuPrice& p : c.prices) EXPECT_NE(FindGpu(c, p.gpu), nullptr) << p.gpu;
  ASSERT_NE(FindCurrency(c, "cny"), nullptr);
  EXPECT_EQ(FindCurrency(c, "CNY")->symbol, "¥");
}

TEST(Catalog, ModelPresetsKeepAuthorsShapes) {
  const ModelPreset* gpt3 = FindModel(BuiltinCatalog(), "GPT3-175B");
  ASSERT_NE(gpt3, nullptr);
  EXPECT_EQ(gpt3->arch.layers, 96);
  EXPECT_EQ(gpt3->arch.hidden, 12288);
  EXPECT_TRUE(gpt3->arch.learned_positions);
  const ModelPreset* l70 = FindModel(BuiltinCatalog(), "llama2-70b");
  ASSERT_NE(l70, nullptr);
  EXPECT_EQ(l70->arch.kv_heads, 8);
  EXPECT_TRUE(l70->arch.glu);
  EXPECT_TRUE(FindModel(BuiltinCatalog(), "bert-large")->arch.encoder_only);
  EXPECT_EQ(FindModel(BuiltinCatalog(), "megatron-1t")->arch.hidden, 25600);
  EXPECT_DOUBLE_EQ(FindModel(BuiltinCatalog(), "llama2-7b")->published_params, 6.74e9);
}

TEST(Catalog, LookupsIgnoreCase) {
  EXPECT_TRUE(EqualsIgnoreCase("A100-SXM4-80GB", "a100-sxm4-80gb"));
  EXPECT_FALSE(EqualsIgnoreCase("A100", "A10"));
  EXPECT_EQ(FindGpu(BuiltinCatalog(), "a100-sxm4-80gb"), FindGpu(BuiltinCatalog(), "A100-SXM4-80GB"));
  EXPECT_EQ(FindGpu(BuiltinCatalog(), "A100"), nullptr);
  EXPECT_NE(FindPrice(BuiltinCatalog(), "h100-sxm5-80gb", "usd"), nullptr);
}

TEST(Catalog, OverrideReplacesPriceAndAddsGpu) {
  Catalog c = BuiltinCatalog();
  const std::size_t gpus_before = c.gpus.size();
  const Issues issues = MergeCatalogJson(R"({
    "schema_version": 1,
    "sources": {"SITE": "Our rate card — https://example.com/rates"},
    "prices": [{"gpu": "a100-sxm4-80gb", "currency": "cny", "per_gpu_hour": 9.5, "source": "SITE"}],
    "gpus": [{"id": "X100-TEST", "memory_gb": 64, "hbm_gbps": 1000, "tdp_watts": 300,
              "peak_tflops": {"bf16": {"dense": 100}}, "source": "SITE"}]
  })", c);
  EXPECT_TRUE(issues.empty()) << Describe(issues);
  EXPECT_DOUBLE_EQ(FindPrice(c, "A100-SXM4-80GB", "CNY")->per_gpu_hour, 9.5);
  EXPECT_EQ(c.prices.size(), BuiltinCatalog().prices.size());  // replaced, not appended
  ASSERT_EQ(c.gpus.size(), gpus_before + 1);
  const GpuSpec* x = FindGpu(c, "x100-test");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->name, "X100-TEST");
  EXPECT_DOUBLE_EQ(Peak(*x, Precision::kBf16).sparse, 100);  // sparse defaults to dense
  EXPECT_NE(FindSource(c, "SITE"), nullptr);
}

TEST(Catalog, BadOverrideReportsExactPathsAndKeepsValidEntries) {
  Catalog c = BuiltinCatalog();
  const Issues issues = MergeCatalogJson(R"({
    "schema_version": 1,
    "gpus": [
      {"id": "GOOD-1", "memory_gb": 24, "source": "S"},
      {"id": "BAD-KEY", "tdp_wats": 300, "source": "S"},
      {"id": "BAD-TYPE", "hbm_gbps": "fast", "source": "S"},
      {"id": "BAD-PEAK", "peak_tflops": {"bf16": {"dense": "lots"}, "fp128": {"dense": 1}}, "source": "S"},
      {"id": "NO-SOURCE"},
      {"id": "NEGATIVE", "tdp_watts": -5, "source": "S"},
      7
    ],
    "prices": [{"gpu": "T4-16GB", "currency": "USD", "per_gpu_hour": 0.2, "source": "S", "note": 1}],
    "models": [{"id": "m", "arch": {"layers": 2, "hidden": 8, "heads": 2, "vocab": 10, "glu": "yes"},
                "source": "S"}],
    "extra": true
  })", c);
  EXPECT_TRUE(HasIssue(issues, "unknown_key", "/gpus/1/tdp_wats")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "wrong_type", "/gpus/2/hbm_gbps")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "wrong_type", "/gpus/3/peak_tflops/bf16/dense")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "unknown_key", "/gpus/3/peak_tflops/fp128")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "missing_field", "/gpus/4/source")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "out_of_range", "/gpus/5/tdp_watts")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "wrong_type", "/gpus/6")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "unknown_key", "/prices/0/note")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "wrong_type", "/models/0/arch/glu")) << Describe(issues);
  EXPECT_TRUE(HasIssue(issues, "unknown_key", "/extra")) << Describe(issues);
  for (const Issue& i : issues) {
    if (i.path == "/gpus/1/tdp_wats") {
      EXPECT_NE(i.message.find("tdp_watts"), std::string::npos) << i.message;  // names what is allowed
    }
    if (i.path == "/gpus/2/hbm_gbps") {
      EXPECT_NE(i.message.find("GB/s"), std::string::npos) << i.message;  // names the unit
    }
  }
  EXPECT_NE(FindGpu(c, "GOOD-1"), nullptr);
  for (const char* bad : {"BAD-KEY", "BAD-TYPE", "BAD-PEAK", "NO-SOURCE", "NEGATIVE"}) {
    EXPECT_EQ(FindGpu(c, bad), nullptr) << bad;
  }
  EXPECT_EQ(FindModel(c, "m"), nullptr);
  EXPECT_EQ(FindPrice(c, "T4-16GB", "USD")->per_gpu_hour,
            FindPrice(BuiltinCatalog(), "T4-16GB", "USD")->per_gpu_hour);  // the bad price was dropped
}

TEST(Catalog, MalformedTextGivesAnIssueAndLeavesTheCatalogAlone) {
  const std::string before = CatalogToJson(BuiltinCatalog());
  Catalog c = BuiltinCatalog();
  for (const char* text : {"", "{", "{\"schema_version\": 1,,}", "\xff\xfe", "null", "[1,2]",
                           "{\"schema_version\": 2, \"gpus\": []}", "{\"schema_version\": \"1\"}",
                           "{\"gpus\": []}", "{\"schema_version\": 1, \"gpus\": {}}",
                           "{\"schema_version\": 1, \"sources\": []}"}) {
    const Issues issues = MergeCatalogJson(text, c);
    EXPECT_FALSE(issues.empty()) << text;
  }
  EXPECT_TRUE(HasIssue(MergeCatalogJson("{", c), "invalid_json", ""));
  EXPECT_TRUE(HasIssue(MergeCatalogJson("{\"schema_version\": 2}", c), "unsupported_version", "/schema_version"));
  EXPECT_TRUE(HasIssue(MergeCatalogJson("{\"gpus\": []}", c), "missing_field", "/schema_version"));
  EXPECT_EQ(CatalogToJson(c), before);
}

TEST(Catalog, JsonRoundTripIsLossless) {
  const std::string text = CatalogToJson(BuiltinCatalog());
  Catalog c;
  const Issues issues = MergeCatalogJson(text, c);
  EXPECT_TRUE(issues.empty()) << Describe(issues);
  EXPECT_EQ(CatalogToJson(c), text);
  EXPECT_EQ(c.gpus.size(), BuiltinCatalog().gpus.size());
  EXPECT_NE(text.find("\"A100-SXM4-80GB\""), std::string::npos);
}

TEST(Catalog, ParsePrecisionIgnoresCase) {
  EXPECT_EQ(ParsePrecision("bf16"), Precision::kBf16);
  EXPECT_EQ(ParsePrecision("BF16"), Precision::kBf16);
  EXPECT_EQ(ParsePrecision("FP64-TC"), Precision::kFp64Tc);
  EXPECT_EQ(ParsePrecision("int4"), Precision::kInt4);
  EXPECT_FALSE(ParsePrecision("fp64tc").has_value());
  EXPECT_FALSE(ParsePrecision("").has_value());
  EXPECT_FALSE(ParsePrecision("bf16 ").has_value());
}

}  // namespace
}  // namespace gpucfg

namespace gpucfg {

// [SECTION] The power catalog (data/servers.json) -------------------------------------------------

TEST(Catalog, EveryServerGridAndPowerModeCitesResolvableSources) {
  const Catalog& c = BuiltinCatalog();
  ASSERT_GE(c.servers.size(), 10u);
  for (const ServerSpec& x : c.servers) ExpectSourceResolves(c, x.source, x.id);
  for (const GridPreset& x : c.grids) ExpectSourceResolves(c, x.source, x.id);
  for (const PowerMode& x : c.power_modes) ExpectSourceResolves(c, x.source, x.gpu + " " + x.id);
}

TEST(Catalog, DgxPowerSuppliesAsTheUserGuidesPublish) {
  // DGX A100: 6 x 3 kW, 3+3, 6.5 kW; DGX H100: 6 x 3.3 kW, 4+2, 10.2 kW; DGX B200: 6 x 3.3 kW, 5+1, 14.3 kW.
  const ServerSpec* a = FindServer(BuiltinCatalog(), "DGX-A100");
  const ServerSpec* h = FindServer(BuiltinCatalog(), "dgx-h100");
  const ServerSpec* b = FindServer(BuiltinCatalog(), "dgx-b200");
  ASSERT_TRUE(a && h && b);
  EXPECT_EQ(a->psu_count, 6); EXPECT_EQ(a->psu_spares, 3); EXPECT_DOUBLE_EQ(a->rated_w, 6500);
  EXPECT_EQ(h->psu_count, 6); EXPECT_EQ(h->psu_spares, 2); EXPECT_DOUBLE_EQ(h->psu_w, 3300); EXPECT_DOUBLE_EQ(h->rated_w, 10200);
  EXPECT_EQ(b->psu_count, 6); EXPECT_EQ(b->psu_spares, 1); EXPECT_DOUBLE_EQ(b->rated_w, 14300);
  EXPECT_EQ(FindServer(BuiltinCatalog(), "dgx-z9000"), nullptr);
}

TEST(Catalog, BadServerEntriesAreIssuesWithPointers) {
  Catalog c;
  Issues issues = MergeCatalogJson(
      R"({"schema_version": 1, "servers": [{"id": "x", "psu_w": -3, "fans": 1, "source": "S"}, {"name": "no id"}]})", c);
  auto has = [&](const std::string& code, const std::string& path) {
    for (const Issue& i : issues)
      if (i.code == code && i.path == path) return true;
    return false;
  };
  EXPECT_TRUE(has("out_of_range", "/servers/0/psu_w"));
  EXPECT_TRUE(has("unknown_key", "/servers/0/fans"));
  EXPECT_TRUE(has("missing_field", "/servers/1/id"));
  EXPECT_TRUE(c.servers.empty());
}

}  // namespace gpucfg
