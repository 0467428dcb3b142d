// Serving phrased as users think: "how many GPUs for 50 users at 50 ms per token?" The load (users
// at once, or requests per second) is the page's question; the latency targets are the scenario's
// own (/speed/tpot_target_ms, /speed/ttft_target_ms). The answer is core's SizeServing
// (core/planner/serving_size.h, also `gpucfg serve-size`), recomputed when either changes; "Use
// this setup" loads the scenario it sized. No model logic here.
#include <emscripten/bind.h>

#include <cstdio>
#include <string>

#include "app.h"
#include "contract/json_io.h"
#include "guest.h"
#include "imgui.h"
#include "planner/serving_size.h"
#include "widgets.h"

namespace gpucfg::app {
namespace {

struct ServingState {
  bool by_rate = false;
  double users = 50, requests_per_s = 5;
  int serial = -1;           // scenario evaluation the answer is for
  double asked = -1;         // the load it is for
  bool asked_by_rate = false;
  ServingSize answer;
};

ServingState& State() {
  static ServingState s;
  return s;
}

ServingNeed Need(const ServingState& s) {
  ServingNeed n;
  if (s.by_rate) n.requests_per_s = s.requests_per_s;
  else n.users = s.users;
  return n;
}

const ServingSize& Answer() {
  ServingState& s = State();
  const double asked = s.by_rate ? s.requests_per_s : s.users;
  if (s.serial != App().scenario_serial || s.asked != asked || s.asked_by_rate != s.by_rate) {
    s.answer = SizeServing(App().scenario, Need(s));
    s.serial = App().scenario_serial, s.asked = asked, s.asked_by_rate = s.by_rate;
  }
  return s.answer;
}

// A load row: the number, with halve / double steppers (hooks serving:load, serving:load-/+).
void LoadRow(S label, double& value, double lo) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::AlignTextToFramePadding();
  ImGui::TextWrapped("%s", T(label));
  ImGui::TableNextColumn();
  const float button = ImGui::GetFrameHeight(), spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 2 * (button + spacing));
  ImGui::InputDouble("##load", &value, 0, 0, "%.4g");
  MarkLastItem("serving:load");
  ImGui::SameLine(0, spacing);
  if (ImGui::Button("-##load", ImVec2(button, button))) value /= 2;
  MarkLastItem("serving:load-");
  ImGui::SameLine(0, spacing);
  if (ImGui::Button("+##load", ImVec2(button, button))) value *= 2;
  MarkLastItem("serving:load+");
  value = value < lo ? lo : (value > 1e7 ? 1e7 : value);
}

void DrawAnswer(const ServingSize& a) {
  char buf[256];
  if (!a.errors.empty()) {
    const bool model = a.errors.front().path == "/workload/model";
    ImGui::TextColored(ImColor(kColorMuted), "%s", model ? T(S::kServingOnlyDecoders) : a.errors.front().message.c_str());
    return;
  }
  if (!a.feasible) {
    const S why = a.why_code == "invalid" ? S::kServingInvalid : a.why_code == "no_fit" ? S::kServingNoFit
                                                                                          : S::kServingLatencyBound;
    ImGui::PushStyleColor(ImGuiCol_Text, kColorBad);
    ImGui::TextWrapped("%s %s", T(S::kServingNo), T(why));
    ImGui::PopStyleColor();
    MarkLastItem("serving:answer");
    return;
  }
  std::snprintf(buf, sizeof buf, T(S::kServingAnswer), a.gpus, a.nodes, a.copies, a.tp, a.batch_per_copy);
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  ImGui::TextWrapped("%s", buf);
  ImGui::PopStyleColor();
  MarkLastItem("serving:answer");
  std::snprintf(buf, sizeof buf, T(S::kServingLatency), FmtDuration(a.tpot_s).c_str(), FmtDuration(a.ttft_s).c_str());
  ImGui::TextWrapped("%s", buf);
  std::snprintf(buf, sizeof buf, T(S::kServingCost), FmtMoney(a.per_hour, a.currency).c_str());
  ImGui::TextWrapped("%s", buf);
  if (ImGui::SmallButton(T(S::kServingApply))) {
    LoadScenarioJson(ScenarioToJson(a.scenario, -1));  // read back through the parser, as a link is
    RequestFrames();
  }
  MarkLastItem("serving:apply");
}

}  // namespace

void DrawServingPanel() {
  ServingState& s = State();
  SectionTitle(S::kServing);
  if (ImGui::RadioButton(T(S::kServingUsersMode), !s.by_rate)) s.by_rate = false;
  MarkLastItem("serving:mode:users");
  ImGui::SameLine();
  if (ImGui::RadioButton(T(S::kServingRpsMode), s.by_rate)) s.by_rate = true;
  MarkLastItem("serving:mode:rps");
  if (BeginForm("serving")) {
    if (s.by_rate) LoadRow(S::kServingRps, s.requests_per_s, 0.001);
    else LoadRow(S::kServingUsers, s.users, 1);
    SpeedOptions& o = App().scenario.speed;
    DoubleRow(S::kTpotTarget, o.tpot_target_ms, "%.0f");
    DoubleRow(S::kTtftTarget, o.ttft_target_ms, "%.0f");
    EndForm();
  }
  DrawAnswer(Answer());
  ImGui::PushStyleColor(ImGuiCol_Text, kColorMuted);
  ImGui::TextWrapped("%s", T(S::kServingNote));
  ImGui::PopStyleColor();
}

}  // namespace gpucfg::app

namespace {

// servingSize(): the panel's answer as `gpucfg serve-size --format json` prints it.
std::string ServingSizeJson() { return gpucfg::ServingSizeToJson(gpucfg::app::Answer(), -1); }

}  // namespace

EMSCRIPTEN_BINDINGS(gpucfg_serving) { emscripten::function("servingSize", &ServingSizeJson); }
