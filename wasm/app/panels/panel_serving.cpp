// Serving phrased as users think: "how many GPUs for 50 users at 50 ms per token?" The load (users
// at once, or requests per second) is the page's question; the latency targets are the scenario's
// own (/speed/tpot_target_ms, /speed/ttft_target_ms). The answer is core's SizeServing
// (core/planner/serving_size.h, also `gpucfg serve-size`), recomputed when either changes; "Use
// this setup" loads the scenario it sized. The load is part of the page's link (`serving=users:50`,
// web/link_state.js). No model logic here.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app.h"
#include "gpucfg.h"
#include "ui/guest.h"
#include "imgui.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

// The load's limits, as the panel clamps them and a link is checked against: at least one user or
// one request per 1000 s, at most ten million.
constexpr double kMinUsers = 1, kMinRps = 0.001, kMaxLoad = 1e7;

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
  value = value < lo ? lo : (value > kMaxLoad ? kMaxLoad : value);
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
    WrapTextF("%s %s", T(S::kServingNo), T(why));
    ImGui::PopStyleColor();
    MarkLastItem("serving:answer");
    return;
  }
  std::snprintf(buf, sizeof buf, T(S::kServingAnswer), a.gpus, a.nodes, a.copies, a.tp, a.batch_per_copy);
  ImGui::PushStyleColor(ImGuiCol_Text, kColorAccent);
  WrapText(buf);
  ImGui::PopStyleColor();
  MarkLastItem("serving:answer");
  std::snprintf(buf, sizeof buf, T(S::kServingLatency), FmtDuration(a.tpot_s).c_str(), FmtDuration(a.ttft_s).c_str());
  WrapText(buf);
  std::snprintf(buf, sizeof buf, T(S::kServingCost), FmtMoney(a.per_hour, a.currency).c_str());
  WrapText(buf);
  if (ImGui::SmallButton(T(S::kServingApply))) {
    LoadScenarioJson(ScenarioToJson(a.scenario, -1));  // read back through the parser, as a link is
    RequestFrames();
  }
  MarkLastItem("serving:apply");
}

}  // namespace

std::string ServingLinkValue() {
  const ServingState& s = State();
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s:%.6g", s.by_rate ? "rps" : "users", s.by_rate ? s.requests_per_s : s.users);
  return buf;
}

std::string SetServingLink(std::string_view value) {
  const size_t colon = value.find(':');
  const std::string_view mode = value.substr(0, colon);
  const bool users = mode == "users", rate = mode == "rps";
  if (colon == std::string_view::npos || (!users && !rate))
    return ErrorsToJson(Issues{Issue{"invalid_serving", "expected users:<count> or rps:<requests per second>", ""}});
  const std::string number(value.substr(colon + 1));
  char* end = nullptr;
  const double v = number.empty() ? 0 : std::strtod(number.c_str(), &end);
  const double lo = users ? kMinUsers : kMinRps;
  const std::string path = users ? "/users" : "/requests_per_s";
  if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(v))
    return ErrorsToJson(Issues{Issue{"wrong_type", "expected a number, found \"" + number + "\"", path}});
  if (v < lo || v > kMaxLoad) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "expected %g to %g, found %g", lo, kMaxLoad, v);
    return ErrorsToJson(Issues{Issue{"out_of_range", buf, path}});
  }
  ServingState& s = State();
  s.by_rate = rate;
  (rate ? s.requests_per_s : s.users) = v;
  RequestFrames();
  return "";
}

std::string ServingStateJson() {
  const ServingState& s = State();
  char buf[128];
  std::snprintf(buf, sizeof buf, "{\"by\":\"%s\",\"users\":%.17g,\"requests_per_s\":%.17g}", s.by_rate ? "rps" : "users",
                s.users, s.requests_per_s);
  return buf;
}

void DrawServingPanel() {
  ServingState& s = State();
  SectionTitle(S::kServing);
  if (ImGui::RadioButton(T(S::kServingUsersMode), !s.by_rate)) s.by_rate = false;
  MarkLastItem("serving:mode:users");
  ImGui::SameLine();
  if (ImGui::RadioButton(T(S::kServingRpsMode), s.by_rate)) s.by_rate = true;
  MarkLastItem("serving:mode:rps");
  if (BeginForm("serving")) {
    if (s.by_rate) LoadRow(S::kServingRps, s.requests_per_s, kMinRps);
    else LoadRow(S::kServingUsers, s.users, kMinUsers);
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
