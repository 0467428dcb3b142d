// The power model: its physics on hand-worked numbers, the issue's facility cases (a PCIe box on a
// 2000 W supply, a DGX A100 in a 30 kW rack, four DGX H100 in a 40 kW air rack), caps, edge power
// modes, thermal throttling and the validation of the power section.
#include <cmath>

#include "models/power/physics.h"
#include "test_util.h"

namespace gpucfg {
namespace {

bool HasWarning(const Report& r, std::string_view code) {
  for (const Warning& w : r.warnings)
    if (w.code == code) return true;
  return false;
}

std::string Message(const Report& r, std::string_view code) {
  for (const Warning& w : r.warnings)
    if (w.code == code) return WarningMessage(w);
  return "";
}

int PowerWarnings(const Report& r) {
  int n = 0;
  for (const Warning& w : r.warnings)
    n += w.path.substr(0, 7) == "/power/" || w.code.substr(0, 4) == "rack" || w.code.substr(0, 3) == "psu";
  return n;
}

Scenario Dgx(const char* gpu, const char* server, int nodes, double rack_kw) {
  Scenario s = test::Example("default");
  s.cluster.gpu = gpu;
  s.cluster.server = server;
  s.cluster.nodes = nodes;
  s.cluster.inter_node = nodes > 1 ? "ib-ndr" : "none";
  s.power.rack_kw = rack_kw;
  s.power.cooling = "air";
  return s;
}

}  // namespace

// [SECTION] Physics -------------------------------------------------------------------------------

TEST(PowerPhysics, KernelDemandAndClockUnderALimit) {
  // 400 W board, 48 W idle: a pure HBM stream draws 48 + 352 x 0.45 = 206.4 W.
  power::KernelPowerModel m{.board_w = 400, .idle_w = 48};
  EXPECT_NEAR(power::KernelDemandW(m, 0, 1), 206.4, 1e-9);
  // A best-rate GEMM with 10 % HBM: 48 + 352 x (0.045 + 0.95) = 398.24 W, inside the limit.
  EXPECT_NEAR(power::KernelDemandW(m, 1, 0.1), 398.24, 1e-9);
  EXPECT_DOUBLE_EQ(power::ClockFactorUnderLimit(m, 1, 0.1, 400), 1.0);
  // Capped at 300 W: room for compute = 300 - 48 - 15.84 = 236.16 of 334.4 -> f = 0.7062^(1/2.5) = 0.870.
  const double f = power::ClockFactorUnderLimit(m, 1, 0.1, 300);
  EXPECT_NEAR(f, std::pow(236.16 / 334.4, 0.4), 1e-12);
  EXPECT_NEAR(power::KernelPowerAtClock(m, 1, 0.1, f), 300, 1e-9);
  // Memory-bound work keeps its speed until its compute part outgrows the clock.
  EXPECT_DOUBLE_EQ(power::KernelTimeFactor(false, 0.3, 0.87), 1.0);
  EXPECT_NEAR(power::KernelTimeFactor(true, 1, 0.87), 1 / 0.87, 1e-12);
  EXPECT_NEAR(power::KernelTimeFactor(false, 0.5, 0.4), 1.25, 1e-12);
}

TEST(PowerPhysics, PsusHeatAirflowAndThrottle) {
  EXPECT_EQ(power::PsusNeeded(6500, 3000, 3), 6);    // DGX A100: 3 + 3
  EXPECT_EQ(power::PsusNeeded(10200, 3300, 2), 6);   // DGX H100: 4 + 2
  EXPECT_EQ(power::PsusNeeded(6000, 3000, -1), 4);   // n+n: 2 + 2 (exactly 2 carry it)
  EXPECT_EQ(power::PsusNeeded(3990, 2000, 0), 2);
  EXPECT_NEAR(power::BtuPerHour(1000), 3412.142, 1e-9);
  EXPECT_NEAR(power::AirflowCfm(1000, 11), 3.16 / 1.8 * 1000 / 11, 1e-9);  // 159.6 CFM per kW at 11 C
  EXPECT_DOUBLE_EQ(power::ThermalLimitW(700, 25, 30), 700);
  EXPECT_NEAR(power::ThermalLimitW(700, 35, 30), 700 * 50.0 / 55.0, 1e-9);  // (85 - 35) / (85 - 30)
}

// [SECTION] The issue's facility cases ---------------------------------------------------------------

TEST(PowerFacility, EightPcieA100OnA2000WSupplyIsFlaggedWithTheArithmetic) {
  Scenario s = test::Example("default");
  s.cluster.gpu = "A100-PCIe-80GB";
  s.cluster.server = "pcie-8gpu";
  s.power.node_supply_w = 2000;
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  // 8 x 300 W x 1.15 = 2760 W of GPU transients + 1450 W host (CPUs 540, DIMMs 200, NICs 40,
  // fans 400, drives 150, boards 120) = 4210 W DC; at 94 % that is 4479 W at the wall.
  ASSERT_TRUE(HasWarning(r, "power_supply_short"));
  const std::string m = Message(r, "power_supply_short");
  EXPECT_NE(m.find("2000 W supply"), std::string::npos) << m;
  EXPECT_NE(m.find("8 GPUs x 345 W"), std::string::npos) << m;
  EXPECT_NE(m.find("1450 W host = 4210 W DC"), std::string::npos) << m;
  EXPECT_NE(m.find("add a PSU"), std::string::npos) << m;
  // No cap within A100 PCIe's 150-300 W range fits 2000 W, so it says how many GPUs do:
  // (2000 x 0.94 - 1450) / 345 = 1.2 -> 1.
  EXPECT_TRUE(HasWarning(r, "power_supply_gpus_fix"));
  // A 5 kW supply carries it.
  s.power.node_supply_w = 5000;
  EXPECT_FALSE(HasWarning(Evaluate(s), "power_supply_short"));
}

TEST(PowerFacility, ASupplyACapCanFixSaysWhatTheCapCosts) {
  Scenario s = test::Example("default");
  s.cluster.gpu = "A100-PCIe-80GB";
  s.cluster.gpus_per_node = 4;
  s.cluster.server = "pcie-4gpu";
  s.power.node_supply_w = 2300;
  Report r = Evaluate(s);
  // Peak: 4 x 345 + host (540 + 160 + 40 + 250 + 100 + 100 = 1190) = 2570 W DC -> short of 2300 W.
  // A cap fits: (2300 x 0.94 - 1190) / (4 x 1.15) = 211 W -> 210 W (within 150-300 W).
  ASSERT_TRUE(HasWarning(r, "power_supply_short"));
  ASSERT_TRUE(HasWarning(r, "power_supply_cap_fix")) << Message(r, "power_supply_gpus_fix");
  const std::string m = Message(r, "power_supply_cap_fix");
  EXPECT_NE(m.find("at 210 W"), std::string::npos) << m;
  EXPECT_NE(m.find("% throughput"), std::string::npos) << m;
}

TEST(PowerFacility, DgxA100InA30kWAirRackRaisesNoPowerWarning) {
  Report r = Evaluate(Dgx("A100-SXM4-80GB", "dgx-a100", 1, 30));
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  EXPECT_EQ(PowerWarnings(r), 0);
  EXPECT_EQ(r.power.psus_per_node, 6);  // 3 carry 6.5 kW, 3 spares
  EXPECT_EQ(r.power.racks, 1);
  EXPECT_LE(r.power.node_peak_w, 6500);
  EXPECT_GT(r.power.node_w, 8 * r.power.gpu_w);
}

TEST(PowerHost, AMeasuredIdleInputIsTheHostAndFansAddWhatTheHeatNeeds) {
  // dgx-a100 carries a measured idle input (MLPerf v2.1 logs): the host is that input at the
  // supplies' efficiency less eight idle GPUs, plus the fans' rise with the heat; never below it.
  Scenario s = Dgx("A100-SXM4-80GB", "dgx-a100", 1, 30);
  const ServerSpec* dgx = nullptr;
  for (const ServerSpec& v : BuiltinCatalog().servers)
    if (v.id == "dgx-a100") dgx = &v;
  ASSERT_NE(dgx, nullptr);
  ASSERT_GT(dgx->idle_w, 0);
  const Report full = Evaluate(s);
  const double idle_host = dgx->idle_w * dgx->psu_efficiency - 8 * full.power.gpu_idle_w;
  EXPECT_GT(full.power.host_w, idle_host);
  EXPECT_LT(full.power.host_w, idle_host + dgx->fans_w);
  // A cap lowers the GPUs' heat, so the fans (and only they) draw less; the host never drops
  // below its idle draw.
  s.power.gpu_cap_w = 250;
  const Report capped = Evaluate(s);
  EXPECT_LT(capped.power.host_w, full.power.host_w);
  EXPECT_GE(capped.power.host_w, idle_host - 1e-9);
  // Without the measurement the host is its components at their load shares: higher here (the
  // components' TDPs are an upper estimate), with the same fan law.
  Catalog c = BuiltinCatalog();
  for (ServerSpec& v : c.servers)
    if (v.id == "dgx-a100") v.idle_w = 0;
  const Report estimated = Evaluate(s, c);
  EXPECT_GT(estimated.power.host_w, capped.power.host_w);
  EXPECT_DOUBLE_EQ(estimated.power.gpu_w, capped.power.gpu_w) << "the GPUs do not depend on the host";
}

TEST(PowerFacility, FourDgxH100InA40kWAirRackNeedTwoRacksOrLiquid) {
  Scenario s = Dgx("H100-SXM5-80GB", "dgx-h100", 4, 40);
  Report r = Evaluate(s);
  ASSERT_TRUE(r.errors.empty()) << test::Dump(r.errors);
  // Power: 4 x 10.2 kW (the rated input; the modelled all-peak input is higher) = 40.8 kW > 40 kW.
  ASSERT_TRUE(HasWarning(r, "rack_power_split"));
  EXPECT_NE(Message(r, "rack_power_split").find("4 nodes x 10.2 kW peak = 40.8 kW"), std::string::npos)
      << Message(r, "rack_power_split");
  EXPECT_NE(Message(r, "rack_power_split").find("split into 2 racks"), std::string::npos);
  // Heat: four nodes with their GPUs at 700 W exceed the ~30 kW an air-cooled rack sheds.
  ASSERT_TRUE(HasWarning(r, "rack_air_ceiling"));
  EXPECT_NE(Message(r, "rack_air_ceiling").find("use liquid cooling"), std::string::npos);
  EXPECT_EQ(r.power.racks, 2);
  EXPECT_EQ(r.power.nodes_per_rack, 3);
  // With liquid cooling the fans shed most of their load: all four fit in the 40 kW rack.
  s.power.cooling = "liquid";
  Report wet = Evaluate(s);
  EXPECT_FALSE(HasWarning(wet, "rack_air_ceiling"));
  EXPECT_FALSE(HasWarning(wet, "rack_power_split"));
  EXPECT_EQ(wet.power.racks, 1);
}

// [SECTION] Caps, modes, throttling --------------------------------------------------------------

TEST(PowerCap, CapSlowsComputeBoundWorkAndShowsInPerformance) {
  Scenario s = Dgx("A100-SXM4-80GB", "dgx-a100", 1, 30);
  Report base = Evaluate(s);
  s.power.gpu_cap_w = 250;
  Report capped = Evaluate(s);
  ASSERT_TRUE(capped.errors.empty()) << test::Dump(capped.errors);
  EXPECT_LT(capped.power.throughput_factor, 0.98);
  EXPECT_GT(capped.power.throughput_factor, 0.6);
  EXPECT_LT(capped.power.clock_factor, 1.0);
  EXPECT_LE(capped.power.gpu_w, 250 + 1e-9);
  EXPECT_NEAR(capped.power.gpu_peak_w, 250 * 1.15, 1e-9);
  // performance already includes the cap (contract v2).
  EXPECT_NEAR(capped.performance.tokens_per_s, base.performance.tokens_per_s * capped.power.throughput_factor,
              1e-6 * base.performance.tokens_per_s);
  EXPECT_TRUE(HasWarning(capped, "power_cap_slows"));
  // Energy per job falls: the GPUs' saving outweighs the host running longer.
  EXPECT_LT(capped.power.energy_kwh, base.power.energy_kwh);
}

TEST(PowerCap, MemoryBoundDecodingLosesLessThanComputeBoundTraining) {
  Scenario train = Dgx("H100-SXM5-80GB", "dgx-h100", 1, 40);
  Scenario serve = train;
  serve.workload.kind = WorkloadKind::kInference;
  serve.workload.batch = 8;
  serve.workload.prompt_tokens = 128;
  serve.workload.output_tokens = 512;
  train.power.gpu_cap_w = serve.power.gpu_cap_w = 350;
  const double t = Evaluate(train).power.throughput_factor, d = Evaluate(serve).power.throughput_factor;
  EXPECT_LT(t, 0.95);
  EXPECT_GT(d, t);
}

TEST(PowerMode, JetsonModesTradeSpeedForPower) {
  Scenario s = test::Example("edge-orin");
  double last_factor = 2, last_w = 1e9;
  for (const char* mode : {"maxn", "50w", "30w", "15w"}) {
    s.power.mode = mode;
    Report r = Evaluate(s);
    ASSERT_TRUE(r.errors.empty()) << mode << test::Dump(r.errors);
    EXPECT_LT(r.power.throughput_factor, last_factor) << mode;
    EXPECT_LT(r.power.gpu_w, last_w) << mode;
    EXPECT_LE(r.power.gpu_w, r.power.gpu_limit_w + 1e-9) << mode;
    last_factor = r.power.throughput_factor, last_w = r.power.gpu_w;
  }
  s.power.mode = "maxn";
  EXPECT_DOUBLE_EQ(Evaluate(s).power.throughput_factor, 1.0);
  EXPECT_DOUBLE_EQ(Evaluate(s).power.mode_tops, 275);  // NVIDIA's MAXN figure: GPU 170 + DLAs 105
  s.power.mode = "15w";
  EXPECT_NEAR(Evaluate(s).power.mode_tops, 60.9, 0.05);  // 170 x 420.75 x 3 / (1301 x 8) + 105 x 614.4 / 1600
}

TEST(PowerThermal, HotInletThrottlesAirCooledGpusOnly) {
  Scenario s = Dgx("H100-SXM5-80GB", "dgx-h100", 1, 40);
  s.power.inlet_c = 35;  // DGX H100 is rated to 30 C
  Report hot = Evaluate(s);
  EXPECT_TRUE(HasWarning(hot, "inlet_above_spec"));
  EXPECT_NEAR(hot.power.gpu_limit_w, 700 * 50.0 / 55.0, 1e-9);
  EXPECT_LT(hot.power.throughput_factor, 1.0);
  s.power.cooling = "liquid";
  Report wet = Evaluate(s);
  EXPECT_FALSE(HasWarning(wet, "inlet_above_spec"));
  EXPECT_DOUBLE_EQ(wet.power.throughput_factor, 1.0);
}

TEST(PowerEnergy, ServingCountsOneHourAndCo2FollowsTheGrid) {
  Scenario s = Dgx("A100-SXM4-80GB", "dgx-a100", 1, 30);
  s.workload.kind = WorkloadKind::kInference;
  s.power.grid = "cn";
  Report r = Evaluate(s);
  EXPECT_NEAR(r.power.energy_kwh, r.power.facility_kw * 1.0, 1e-9);
  EXPECT_NEAR(r.power.co2e_kg, r.power.energy_kwh * 0.5703, 1e-9);
  s.power.grid_kg_per_kwh = 0.1;
  EXPECT_NEAR(Evaluate(s).power.co2e_kg, Evaluate(s).power.energy_kwh * 0.1, 1e-9);
}

// [SECTION] Validation -----------------------------------------------------------------------------

TEST(PowerValidation, BadPowerFieldsAreErrorsWithPaths) {
  auto errors_of = [](auto edit) {
    Scenario s = test::Example("default");
    edit(s);
    Resolved r;
    Issues errors;
    Resolve(s, BuiltinCatalog(), r, &errors);
    return errors;
  };
  Issues e = errors_of([](Scenario& s) { s.power.gpu_cap_w = 450; });
  ASSERT_TRUE(test::HasError(e, "/power/gpu_cap_w", "out_of_range"));
  EXPECT_NE(e[0].message.find("from 100 to 400"), std::string::npos) << e[0].message;
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.cluster.server = "dgx-z"; }), "/cluster/server", "unknown_server"));
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.power.mode = "15w"; }), "/power/mode", "incompatible"));
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.power.cooling = "oil"; }), "/power/cooling", "unknown_value"));
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.power.psu_redundancy = "2n+1"; }), "/power/psu_redundancy"));
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.power.grid = "mars"; }), "/power/grid"));
  EXPECT_TRUE(test::HasError(errors_of([](Scenario& s) { s.cluster.server = "pcie-4gpu"; }), "/cluster/gpus_per_node"));
  Scenario orin = test::Example("edge-orin");
  orin.power.mode = "10w";
  Issues eo;
  Resolved ro;
  Resolve(orin, BuiltinCatalog(), ro, &eo);
  EXPECT_TRUE(test::HasError(eo, "/power/mode", "unknown_value"));
}

TEST(PowerValidation, ScenarioJsonReadsThePowerSection) {
  ParseResult p = ParseScenario(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB", "server": "dgx-h100"},
      "workload": {"model": "llama2-7b"}, "power": {"gpu_cap_w": 500, "rack_kw": 40, "psu_redundancy": "n+n"}})");
  ASSERT_TRUE(p.ok()) << test::Dump(p.errors);
  EXPECT_EQ(p.scenario.power.gpu_cap_w, 500);
  // Under the 500 W cap: (8 x 575 + 3440) / 0.94 = 8553 W peak -> 3 PSUs of 3.3 kW, n+n -> 6.
  EXPECT_EQ(Evaluate(p.scenario).power.psus_per_node, 6);
  ParseResult bad = ParseScenario(R"({"schema_version": 1, "cluster": {"gpu": "H100-SXM5-80GB"},
      "workload": {"model": "llama2-7b"}, "power": {"gpu_cap_w": 100, "colour": 1}})");
  EXPECT_TRUE(test::HasError(bad.errors, "/power/colour", "unknown_key"));
}

}  // namespace gpucfg
