// Power calibration against shared/calibration/cases.json (category "power") and published figures
// found for issue 10: GPU draw against arithmetic intensity, capped vs uncapped MLPerf throughput
// (MaxQ vs MaxP), DGX power supplies and rated input, node wall power in training, and the
// accounting arithmetic of a published carbon footprint. The model's judgements (memory and
// compute shares of dynamic power, DVFS exponent 2.5, idle 12 % of the board, transients 1.15x)
// are the same for every case, not fitted per case. Each case states its tolerance and why and
// prints its error for the closing note.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "models/power/physics.h"
#include "test_util.h"

namespace gpucfg {
namespace {

double RelErr(double model, double measured) { return (model - measured) / measured; }

void Print(const char* id, double model, double measured) {
  std::printf("[calibration] %-52s model %10.4g measured %10.4g error %+6.1f%%\n", id, model, measured,
              100 * RelErr(model, measured));
}

const GpuSpec& Gpu(const char* id) {
  const GpuSpec* g = FindGpu(BuiltinCatalog(), id);
  EXPECT_NE(g, nullptr) << id;
  return *g;
}

}  // namespace

// power-v100-pcie-roofline-example (te42kyfo/gpu-benches cuda-roofline, 4x V100 PCIe at 1380 MHz):
// board power at three arithmetic intensities, against the middle of the four GPUs' spread.
// u_comp = GFLOP/s / 14 TFLOP/s (FP32 peak), u_mem = GB/s / 900 GB/s. Tolerance 15 %: the
// memory/compute shares are judgements shared by every GPU and the GPUs themselves spread 10-20 W.
// Errors: -2.9 % (0.125 FLOP/B), -7.5 % (1.125), -6.5 % (8.125).
TEST(CalibrationPower, V100PowerAgainstArithmeticIntensity) {
  const GpuSpec& g = Gpu("V100-PCIe-16GB");
  power::KernelPowerModel m{.board_w = g.tdp_watts, .idle_w = power::kIdleShareOfBoard * g.tdp_watts};
  struct Point { const char* id; double gflops, gbps, w_lo, w_hi; };
  const Point points[] = {{"power-v100-pcie-roofline-example @0.125 FLOP/B", 109, 869, 124, 138},
                          {"power-v100-pcie-roofline-example @1.125 FLOP/B", 968, 861, 142, 159},
                          {"power-v100-pcie-roofline-example @8.125 FLOP/B", 6595, 812, 223, 243}};
  for (const Point& p : points) {
    const double model = std::min(g.tdp_watts, power::KernelDemandW(m, p.gflops / 14000, p.gbps / 900));
    const double measured = (p.w_lo + p.w_hi) / 2;
    Print(p.id, model, measured);
    EXPECT_NEAR(RelErr(model, measured), 0, 0.15) << p.id;
  }
}

// MLPerf Inference v4.1, closed, Sustainable Metal Cloud H100-SXM-80GBx8 (NVIDIA's harness):
// configs/resnet50/Server/custom.py MaxP 73000 x 8 QPS at the 700 W default vs MaxQ 50000 x 8 at
// power_limit 300 W (0.685); configs/retinanet/Server/custom.py 1610 x 8 vs 1100 x 8 at 350 W
// (0.683) — github.com/mlcommons/inference_results_v4.1. These are the tuned target QPS the
// submitter's harness runs at (the logged results sit within a few % of them). Model: a
// compute-bound CNN at the limit (u_comp 1) with modest HBM traffic (u_mem 0.2, a judgement),
// speed ~ SM clock. Tolerance 15 %: MaxQ submissions also tune batch and memory clocks, and the
// voltage floor makes deep caps cheaper than the f^2.5 law says. Errors: -11.5 % (300 W), -1.2 % (350 W).
TEST(CalibrationPower, MlperfMaxQAgainstMaxP) {
  const GpuSpec& g = Gpu("H100-SXM5-80GB");
  power::KernelPowerModel m{.board_w = g.tdp_watts, .idle_w = power::kIdleShareOfBoard * g.tdp_watts};
  auto speed = [&](double cap) { return power::ClockFactorUnderLimit(m, 1.0, 0.2, cap); };
  struct Case { const char* id; double cap, measured; };
  const Case cases[] = {{"mlperf-inf41-h100x8-resnet50-server maxq300/maxp", 300, 50000.0 / 73000},
                        {"mlperf-inf41-h100x8-retinanet-server maxq350/maxp", 350, 1100.0 / 1610}};
  for (const Case& c : cases) {
    const double model = speed(c.cap) / speed(g.tdp_watts);
    Print(c.id, model, c.measured);
    EXPECT_NEAR(RelErr(model, c.measured), 0, 0.15) << c.id;
  }
}

// NVIDIA DGX user guides: PSUs needed at the rated input with the vendor's redundancy (exact), and
// the model's all-at-peak input (GPUs at 1.15x their limit, host at TDPs and full fans, 94 %
// PSUs) against the rated input. The host figures are partly gpucfg estimates chosen to be
// consistent with these ratings (data/servers.json GPUCFG-EST), so this is a consistency check,
// not an independent validation; tolerance 10 %. Errors: DGX A100 +5.2 %, DGX H100 +3.0 %,
// DGX B200 -2.6 %.
TEST(CalibrationPower, DgxPowerSuppliesAndRatedInput) {
  struct Case { const char* id; const char* server; const char* gpu; int psus; };
  const Case cases[] = {{"dgx-a100 rated input (DGXA100-UG)", "dgx-a100", "A100-SXM4-80GB", 6},
                        {"dgx-h100 rated input (DGXH100-UG)", "dgx-h100", "H100-SXM5-80GB", 6},
                        {"dgx-b200 rated input (DGXB200-UG)", "dgx-b200", "B200", 6}};
  for (const Case& c : cases) {
    const ServerSpec& s = *FindServer(BuiltinCatalog(), c.server);
    EXPECT_EQ(power::PsusNeeded(s.rated_w, s.psu_w, s.psu_spares), c.psus) << c.id;
    Scenario sc = test::Example("default");
    sc.cluster.gpu = c.gpu, sc.cluster.server = c.server;
    Report r = Evaluate(sc);
    ASSERT_TRUE(r.errors.empty()) << c.id << test::Dump(r.errors);
    const double raw = (8 * r.power.gpu_peak_w + r.power.host_peak_w) / r.power.psu_efficiency;
    Print(c.id, raw, s.rated_w);
    EXPECT_NEAR(RelErr(raw, s.rated_w), 0, 0.10) << c.id;
    EXPECT_EQ(r.power.psus_per_node, c.psus) << c.id;  // at the (held) peak with the vendor's spares
  }
}

// DGX H100 wall power while training: "typically 6.5 to 8.5 kW depending on the workload"
// (supercluster.blog "AI Supercluster: NVIDIA DGX Power, Cooling, and Efficiency", citing NVIDIA's
// DGX H100 material; a secondary source, low confidence). GPT-3 175B, 16 DGX H100, TP8 PP8 with
// selective recompute. Tolerance: inside the range, or within 10 % of its nearer end.
// Result: 7.08 kW, inside (0 % outside the range).
TEST(CalibrationPower, DgxH100NodeWallPowerInTraining) {
  Scenario s = test::Example("gpt3-175b");
  s.cluster.gpu = "H100-SXM5-80GB", s.cluster.server = "dgx-h100", s.cluster.inter_node = "ib-ndr";
  s.cluster.nodes = 16;
  s.parallelism.pp = 8, s.parallelism.dp = 0;
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  ASSERT_TRUE(r.memory.fits);
  const double kw = r.power.node_w / 1000;
  const double nearer = kw < 6.5 ? 6.5 : kw > 8.5 ? 8.5 : kw;
  Print("dgx-h100 node wall power, GPT-3 training (kW)", kw, nearer);
  EXPECT_NEAR(RelErr(kw, nearer), 0, 0.10);
  EXPECT_GT(r.power.gpu_w, 0.6 * 700);  // LLM training keeps H100s well above half their limit
}

// power-llama2-pretraining-accounting (Llama 2 MODEL_CARD.md): 3,311,616 GPU-hours at 400 W =
// 1,324.6 MWh (the card's own accounting, exact), and 539 tCO2e. At gpucfg's US grid preset
// (eGRID2022, 0.373 kg/kWh) the same energy gives 494 t. Tolerance 20 %: Meta's location factors
// and year differ from the national average. Error -8.3 %.
TEST(CalibrationPower, Llama2CarbonAccounting) {
  const double mwh = 3311616 * 0.4 / 1000;
  EXPECT_NEAR(mwh, 1324.6, 0.1);
  const GridPreset* us = FindGrid(BuiltinCatalog(), "us");
  ASSERT_NE(us, nullptr);
  const double tco2 = mwh * us->kg_per_kwh;  // MWh x kg/kWh = t
  Print("power-llama2-pretraining-accounting tCO2e", tco2, 539);
  EXPECT_NEAR(RelErr(tco2, 539), 0, 0.20);
}

// Jetson AGX Orin 64GB modes (Jetson Linux Developer Guide power-mode table): every mode's modelled
// module draw stays within its budget and the MAXN figure is NVIDIA's 275 TOPS; lower modes lose
// throughput in order. (No published per-mode throughput was found; this checks consistency.)
TEST(CalibrationPower, JetsonModesStayInTheirBudgets) {
  Scenario s = test::Example("edge-orin");
  for (const PowerMode& m : BuiltinCatalog().power_modes) {
    s.power.mode = m.id;
    Report r = Evaluate(s);
    ASSERT_TRUE(r.errors.empty()) << m.id << test::Dump(r.errors);
    EXPECT_LE(r.power.gpu_w, m.module_w + 1e-9) << m.id;
    std::printf("[calibration] jetson-agx-orin-64gb %-5s budget %4.0f W model %5.1f W speed x%.3f %6.1f TOPS\n",
                m.id.c_str(), m.module_w, r.power.gpu_w, r.power.throughput_factor, r.power.mode_tops);
  }
}

}  // namespace gpucfg
