// The page's entry point: GLFW window on the page's canvas (WebGL2), Dear ImGui set-up (theme,
// the subset UI font compiled in by the build), and the per-frame layout: header, inputs on the
// left, report on the right. The browser drives Frame() through requestAnimationFrame.
#include <emscripten.h>
#include <GLFW/glfw3.h>
#include <GLES3/gl3.h>

#include <cstdio>

#include "app.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"

extern const unsigned char kUiFontTtf[];
extern const unsigned int kUiFontTtf_size;

namespace gpucfg::app {
namespace {

GLFWwindow* g_window = nullptr;

// The canvas's CSS size: the page (or embed.js) sizes the canvas, the app follows it.
EM_JS(int, CanvasCssWidth, (), { return Module["canvas"] ? Module["canvas"].clientWidth | 0 : 0; });
EM_JS(int, CanvasCssHeight, (), { return Module["canvas"] ? Module["canvas"].clientHeight | 0 : 0; });

// Emscripten 3.1.6's GLFW hands the browser's raw wheel deltas to the scroll callback (pixels, or
// lines in Firefox, and positive = down), where ImGui expects notches with positive = up: a wheel
// turn scrolled the wrong way and by ~100 notches. A listener notes each event's unit; the
// callback converts to notches (about 100 px or 3 lines each, the browsers' usual step).
EM_JS(void, WatchWheelUnit, (), {
  if (!Module["canvas"]) return;
  Module["gpucfgWheelMode"] = 0;
  Module["canvas"].addEventListener("wheel", function(e) { Module["gpucfgWheelMode"] = e.deltaMode; }, true);
});
EM_JS(int, WheelMode, (), { return Module["gpucfgWheelMode"] | 0; });

void OnScroll(GLFWwindow*, double dx, double dy) {
  const int mode = WheelMode();  // DOM_DELTA_PIXEL 0, LINE 1, PAGE 2
  const double per_notch = mode == 0 ? 100.0 : mode == 1 ? 3.0 : 1.0;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH -= static_cast<float>(dx / per_notch);
  io.MouseWheel -= static_cast<float>(dy / per_notch);
}

void LoadFont() {
  ImGuiIO& io = ImGui::GetIO();
  static ImVector<ImWchar> ranges;
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
  for (int i = 0; i < UiStringCount(); ++i) builder.AddText(UiString(i));
  builder.BuildRanges(&ranges);
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are a static array, not heap memory
  config.OversampleH = 2;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kUiFontTtf), static_cast<int>(kUiFontTtf_size),
                                 16.0f, &config, ranges.Data);
}

void ApplyTheme() {
  ImGui::StyleColorsLight();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowPadding = ImVec2(16, 12);
  style.FramePadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.CellPadding = ImVec2(6, 3);
  style.FrameRounding = style.GrabRounding = style.PopupRounding = 4.0f;
  style.ChildRounding = 6.0f;
  style.WindowBorderSize = 0.0f;
  style.ChildBorderSize = 1.0f;
  style.ScrollbarSize = 12.0f;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.98f, 0.99f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
  c[ImGuiCol_Border] = ImVec4(0.86f, 0.88f, 0.91f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.94f, 0.95f, 0.97f, 1.0f);
  c[ImGuiCol_Text] = ImVec4(0.09f, 0.11f, 0.15f, 1.0f);
}

void DrawLayout() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("gpucfg", nullptr, flags);
  DrawHeader();
  ImGui::Spacing();
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float inputs_w = avail_w > 1100 ? 440.0f : avail_w * 0.42f;
  ImGui::BeginChild("inputs", ImVec2(inputs_w, 0), true);
  DrawClusterPanel();
  DrawWorkloadPanel();
  ImGui::EndChild();
  // Evaluate between the inputs and the report, so a change shows in the same frame.
  RefreshReport();
  ImGui::SameLine();
  ImGui::BeginChild("report", ImVec2(0, 0), true);
  DrawReportPanel();
  ImGui::EndChild();
  ImGui::End();
}

void Frame() {
  const int css_w = CanvasCssWidth(), css_h = CanvasCssHeight();
  int win_w = 0, win_h = 0;
  glfwGetWindowSize(g_window, &win_w, &win_h);
  if (css_w > 0 && css_h > 0 && (css_w != win_w || css_h != win_h)) glfwSetWindowSize(g_window, css_w, css_h);
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  DrawLayout();
  ImGui::Render();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.97f, 0.98f, 0.99f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace
}  // namespace gpucfg::app

int main() {
  using namespace gpucfg::app;
  if (!glfwInit()) {
    std::fprintf(stderr, "gpucfg: glfwInit failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  const int w = CanvasCssWidth() > 0 ? CanvasCssWidth() : 1280;
  const int h = CanvasCssHeight() > 0 ? CanvasCssHeight() : 800;
  g_window = glfwCreateWindow(w, h, "gpucfg", nullptr, nullptr);
  if (!g_window) {
    std::fprintf(stderr, "gpucfg: WebGL2 is not available\n");
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no file system; layout is fixed
  ApplyTheme();
  LoadFont();
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  WatchWheelUnit();
  glfwSetScrollCallback(g_window, OnScroll);  // replaces the backend's (see OnScroll)
  ImGui_ImplOpenGL3_Init("#version 300 es");
  LoadExample("default");
  emscripten_set_main_loop(Frame, 0, false);
  return 0;
}
