// Input routing for a widget that lives on someone else's page (see guest.h). Emscripten 3.1.6's
// GLFW listens for keys on the whole window (and swallows Backspace and Tab), always cancels the
// wheel, and maps touches to clicks without a position. Here: keys are listened for on the canvas
// only (it takes focus when clicked or tapped); a wheel turn or a swipe that the widget cannot
// scroll further in its direction never reaches GLFW, so the browser scrolls the host page; taps
// become clicks at the finger; and key/char events are queued, because ImGui 1.86's GLFW backend
// writes io.KeysDown straight from the callback, so a key pressed and released between two frames
// (always, once idle frames are skipped) was never seen and Enter did not end a text edit.
#include <emscripten.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <deque>
#include <vector>

#include "ui/guest.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_internal.h"

namespace gpucfg::app {
namespace {

// [SECTION] Page-level listeners (JavaScript) -------------------------------------------------------
// Module.gpucfgScroll = [up, down, left, right]: what the window under the pointer can still scroll,
// written after every drawn frame (PublishInputState). Module.gpucfgWake: an event since the last
// animation frame (frame_pacing.cpp). Module.gpucfgTouch: the finger, its swipe and its taps.
EM_JS(void, InstallEarlyListenersJs, (), {
  var c = Module["canvas"];
  if (!c) return;
  var M = Module;
  M["gpucfgWake"] = 1;
  M["gpucfgWheelMode"] = 0;
  M["gpucfgScroll"] = [0, 0, 0, 0];
  M["gpucfgText"] = 0;
  var touch = M["gpucfgTouch"] = {on: 0, x: 0, y: 0, x0: 0, y0: 0, swipe: 0, page: 0, dx: 0, dy: 0, taps: [], used: 0};
  var wake = function() {
    M["gpucfgWake"] = 1;
    if (M["gpucfgPaused"]) { M["gpucfgPaused"] = 0; M["resumeMainLoop"](); }
  };
  if (window.ResizeObserver) new ResizeObserver(wake).observe(c);
  window.addEventListener("resize", wake);
  ["mousemove", "mousedown", "mouseup", "mouseenter", "mouseleave", "focus", "blur", "keydown", "keyup",
   "keypress"].forEach(function(t) { c.addEventListener(t, wake, true); });
  c.addEventListener("mousemove", function() { touch.used = 0; }, true);
  var can = function(dx, dy) {
    var s = M["gpucfgScroll"];
    if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? s[0] : dy > 0 ? s[1] : 0;
    return dx < 0 ? s[2] : s[3];
  };
  c.addEventListener("wheel", function(e) {
    if (!can(e.deltaX, e.deltaY)) { e.stopImmediatePropagation(); return; }
    M["gpucfgWheelMode"] = e.deltaMode;
    wake();
  }, true);
  var at = function(t) { var r = c.getBoundingClientRect(); return [t.clientX - r.left, t.clientY - r.top]; };
  c.addEventListener("touchstart", function(e) {
    e.stopImmediatePropagation();
    var p = at(e.changedTouches[0]);
    touch.on = 1; touch.used = 1; touch.swipe = 0; touch.page = 0;
    touch.x = touch.x0 = p[0]; touch.y = touch.y0 = p[1];
    wake();
  }, {capture: true, passive: true});
  c.addEventListener("touchmove", function(e) {
    e.stopImmediatePropagation();
    if (touch.page || !touch.on) return;
    var p = at(e.changedTouches[0]);
    if (!touch.swipe) {
      var mx = p[0] - touch.x0, my = p[1] - touch.y0;
      if (Math.abs(mx) < 6 && Math.abs(my) < 6) return;
      touch.swipe = 1;
      if (!can(-mx, -my)) { touch.page = 1; return; }
    }
    e.preventDefault();
    touch.dx += p[0] - touch.x; touch.dy += p[1] - touch.y;
    touch.x = p[0]; touch.y = p[1];
    wake();
  }, {capture: true, passive: false});
  var end = function(e) {
    e.stopImmediatePropagation();
    if (touch.on && !touch.swipe && e.type == "touchend") {
      e.preventDefault();
      c.focus({preventScroll: true});
      touch.taps.push(touch.x0, touch.y0);
    }
    touch.on = 0;
    wake();
  };
  c.addEventListener("touchend", end, {capture: true, passive: false});
  c.addEventListener("touchcancel", end, {capture: true, passive: false});
});

// GLFW's key listeners move from the window to the canvas. Backspace is still kept from the
// browser inside the widget; Tab and the scrolling keys only while a text field is being edited, so
// Tab can leave the widget and the host page keeps its keyboard.
EM_JS(void, RouteKeysToCanvasJs, (), {
  var c = Module["canvas"];
  if (!c || typeof GLFW == "undefined") return;
  var M = Module;
  window.removeEventListener("keydown", GLFW.onKeydown, true);
  window.removeEventListener("keypress", GLFW.onKeyPress, true);
  window.removeEventListener("keyup", GLFW.onKeyup, true);
  window.removeEventListener("blur", GLFW.onBlur, true);
  c.addEventListener("keydown", function(e) {
    GLFW.onKeyChanged(e.keyCode, 1);
    var k = e.keyCode;
    if (k == 8 || (M["gpucfgText"] && (k == 9 || (k >= 33 && k <= 40)))) e.preventDefault();
  }, true);
  c.addEventListener("keypress", GLFW.onKeyPress, true);
  c.addEventListener("keyup", GLFW.onKeyup, true);
  c.addEventListener("blur", GLFW.onBlur, true);
});

EM_JS(int, WheelModeJs, (), { return Module["gpucfgWheelMode"] | 0; });
EM_JS(void, PublishJs, (int up, int down, int left, int right, int text), {
  Module["gpucfgScroll"] = [up, down, left, right];
  Module["gpucfgText"] = text;
});
// Touch since the last frame: [used, on, x, y, dx, dy, tap x, tap y, ...]; the swipe and taps are
// consumed.
EM_JS(int, TakeTouchJs, (float* out, int cap), {
  var t = Module["gpucfgTouch"];
  if (!t) return 0;
  if (!t.used) { HEAPF32[out >> 2] = 0; return 1; }
  var v = [t.used, t.on, t.x, t.y, t.dx, t.dy].concat(t.taps.splice(0, Math.max(0, cap - 6) & ~1));
  t.dx = 0; t.dy = 0;
  for (var i = 0; i < v.length; ++i) HEAPF32[(out >> 2) + i] = v[i];
  return v.length;
});

// [SECTION] Queued keys and characters --------------------------------------------------------------
struct KeyEvent {
  int key = 0, scancode = 0, action = 0, mods = 0;
  unsigned int ch = 0;  // a character event when non-zero
};

std::deque<KeyEvent>& Queue() {
  static std::deque<KeyEvent> queue;
  return queue;
}

GLFWwindow* g_window = nullptr;

void QueueKey(GLFWwindow*, int key, int scancode, int action, int mods) {
  Queue().push_back(KeyEvent{key, scancode, action, mods, 0});
}
void QueueChar(GLFWwindow*, unsigned int c) { Queue().push_back(KeyEvent{0, 0, 0, 0, c}); }

// Emscripten 3.1.6's GLFW passes raw wheel deltas (pixels, or lines in Firefox; positive = down)
// where ImGui expects notches with positive = up: convert, about 100 px or 3 lines a notch.
void OnScroll(GLFWwindow*, double dx, double dy) {
  const int mode = WheelModeJs();  // DOM_DELTA_PIXEL 0, LINE 1, PAGE 2
  const double per_notch = mode == 0 ? 100.0 : mode == 1 ? 3.0 : 1.0;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH -= static_cast<float>(dx / per_notch);
  io.MouseWheel -= static_cast<float>(dy / per_notch);
}

// Applies queued events in order, stopping before the release of a key pressed in this frame, so
// the press is seen for a whole frame and the release in the next.
void ApplyKeys() {
  std::vector<int> pressed;
  auto& queue = Queue();
  while (!queue.empty()) {
    const KeyEvent e = queue.front();
    if (e.ch == 0 && e.action == GLFW_RELEASE && std::find(pressed.begin(), pressed.end(), e.key) != pressed.end()) break;
    queue.pop_front();
    if (e.ch != 0) {
      ImGui_ImplGlfw_CharCallback(g_window, e.ch);
    } else {
      ImGui_ImplGlfw_KeyCallback(g_window, e.key, e.scancode, e.action, e.mods);
      if (e.action == GLFW_PRESS) pressed.push_back(e.key);
    }
  }
}

// [SECTION] Touch ---------------------------------------------------------------------------------
struct TouchState {
  bool active = false;   // the last pointer was a finger: its position replaces GLFW's cursor
  ImVec2 pos{-FLT_MAX, -FLT_MAX};
  std::vector<ImVec2> taps;  // each becomes a press for one frame, then a release
  bool releasing = false;
};
TouchState g_touch;

// The window a wheel (or swipe) over the pointer scrolls: ImGui 1.86's UpdateMouseWheel walks up
// from the hovered window past children that cannot scroll.
ImGuiWindow* ScrollTarget(bool vertical) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* w = g.HoveredWindow;
  while (w && (w->Flags & ImGuiWindowFlags_ChildWindow) && w->ParentWindow &&
         ((vertical ? w->ScrollMax.y : w->ScrollMax.x) == 0.0f || (w->Flags & ImGuiWindowFlags_NoScrollWithMouse)))
    w = w->ParentWindow;
  if (w && (w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return nullptr;
  return w;
}

void ApplyTouch() {
  float v[38];
  const int n = TakeTouchJs(v, 38);
  ImGuiIO& io = ImGui::GetIO();
  if (n >= 1) g_touch.active = v[0] != 0;
  if (n >= 6) {
    if (v[1] != 0) g_touch.pos = ImVec2(v[2], v[3]);
    for (int i = 6; i + 1 < n; i += 2) g_touch.taps.push_back(ImVec2(v[i], v[i + 1]));
    // A swipe scrolls the window under the finger by the finger's travel.
    if (v[4] != 0 || v[5] != 0) {
      if (ImGuiWindow* w = ScrollTarget(true); w && v[5] != 0) ImGui::SetScrollY(w, w->Scroll.y - v[5]);
      if (ImGuiWindow* w = ScrollTarget(false); w && v[4] != 0) ImGui::SetScrollX(w, w->Scroll.x - v[4]);
    }
  }
  if (!g_touch.active) return;
  io.MouseDown[0] = false;
  if (g_touch.releasing) {
    g_touch.releasing = false;  // this frame sees the release at the tap
  } else if (!g_touch.taps.empty()) {
    g_touch.pos = g_touch.taps.front();
    g_touch.taps.erase(g_touch.taps.begin());
    io.MouseDown[0] = true;
    g_touch.releasing = true;
  }
  io.MousePos = g_touch.pos;
}

}  // namespace

void InstallEarlyListeners() { InstallEarlyListenersJs(); }

void InstallInputRouting(GLFWwindow* window) {
  g_window = window;
  RouteKeysToCanvasJs();
  glfwSetKeyCallback(window, QueueKey);
  glfwSetCharCallback(window, QueueChar);
  glfwSetScrollCallback(window, OnScroll);  // replaces the backend's (see OnScroll)
}

void ApplyQueuedInput() {
  ApplyKeys();
  ApplyTouch();
}

void PublishInputState() {
  auto can = [](bool vertical, bool forward) {
    const ImGuiWindow* w = ScrollTarget(vertical);
    if (!w) return 0;
    const float s = vertical ? w->Scroll.y : w->Scroll.x, max = vertical ? w->ScrollMax.y : w->ScrollMax.x;
    return (forward ? s < max - 0.5f : s > 0.5f) ? 1 : 0;
  };
  PublishJs(can(true, false), can(true, true), can(false, false), can(false, true),
            ImGui::GetIO().WantTextInput ? 1 : 0);
}

bool InputPending() { return !Queue().empty() || !g_touch.taps.empty() || g_touch.releasing; }

}  // namespace gpucfg::app
