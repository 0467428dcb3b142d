// The page's entry point: GLFW window on the page's canvas (WebGL2), Dear ImGui set-up (theme,
// fonts from ui/fonts.cpp), and the per-frame layout: header, inputs on the
// left, report on the right. The browser drives Frame() through requestAnimationFrame; frames with
// nothing new are skipped (frame_pacing.cpp).
#include <emscripten.h>
#include <GLFW/glfw3.h>
#include <GLES3/gl3.h>

#include <algorithm>
#include <cfloat>

#include "app.h"
#include "ui/fonts.h"
#include "ui/guest.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "ui/widgets.h"

namespace gpucfg::app {
namespace {

GLFWwindow* g_window = nullptr;

// The canvas's CSS size: the page (or embed.js) sizes the canvas, the app follows it.
EM_JS(int, CanvasCssWidth, (), { return Module["canvas"] ? Module["canvas"].clientWidth | 0 : 0; });
EM_JS(int, CanvasCssHeight, (), { return Module["canvas"] ? Module["canvas"].clientHeight | 0 : 0; });

// HiDPI: the canvas's drawing buffer is CSS size x devicePixelRatio, ImGui works in CSS pixels
// with DisplayFramebufferScale = the ratio, and the font is rasterised at the device size. The
// buffer is sized here rather than by glfwSetWindowSize, whose Browser.setCanvasSize (3.1.6) sizes
// the buffer at CSS size and strips the canvas's inline CSS width/height (embed.js's 100%).
EM_JS(double, DevicePixelRatio, (), {
  var r = window.devicePixelRatio || 1;
  return Math.min(Math.max(r, 1), 4);
});
EM_JS(void, SetCanvasBuffer, (int w, int h), {
  var c = Module["canvas"];
  if (!c) return;
  if (c.width != w) c.width = w;
  if (c.height != h) c.height = h;
});
EM_JS(void, SaveCanvasStyle, (), {
  var c = Module["canvas"];
  if (c) Module["gpucfgCanvasStyle"] = [c.style.width, c.style.height];
});
EM_JS(void, RestoreCanvasStyle, (), {
  var c = Module["canvas"], s = Module["gpucfgCanvasStyle"];
  if (!c || !s) return;
  if (s[0]) c.style.width = s[0];
  if (s[1]) c.style.height = s[1];
});

float g_dpr = 1.0f;  // fixed at start: the font atlas is rasterised for it

// Tells the embedding page whether the app started: embed.js shows its fallback text otherwise.
EM_JS(void, ReportStartup, (const char* error), {
  Module["gpucfgStartError"] = error ? UTF8ToString(error) : "";
});

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

// Touch-sized targets where the page is narrow (a phone) or the pointer is a finger: frames and
// buttons at least 40 CSS px high, more space between rows.
EM_JS(int, CoarsePointer, (), { return window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? 1 : 0; });

void SizeForPointer(bool touch) {
  ImGuiStyle& style = ImGui::GetStyle();
  style.FramePadding = touch ? ImVec2(10, 12) : ImVec2(8, 4);
  style.ItemSpacing = touch ? ImVec2(8, 8) : ImVec2(8, 6);
  style.ScrollbarSize = touch ? 16.0f : 12.0f;
  style.WindowPadding = touch ? ImVec2(10, 10) : ImVec2(16, 12);
}

// Below ~700 CSS px, inputs over results in one column that scrolls as a whole (wheel, swipe);
// wider, inputs on the left and the report on the right, each scrolling on its own.
constexpr float kNarrowBelow = 700.0f;

void DrawLayout() {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  AppState& app = App();
  app.narrow = vp->Size.x < kNarrowBelow;
  static const bool coarse = CoarsePointer() != 0;
  SizeForPointer(app.narrow || coarse);
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  // NoDecoration hides the scrollbar; the narrow column shows one so its length is visible.
  ImGui::Begin("gpucfg", nullptr, app.narrow ? flags & ~ImGuiWindowFlags_NoScrollbar : flags);
  // Text wraps at the edge of its window or table cell instead of running past it (phones, 800 px,
  // Chinese); the wrap position is per window, so each child pushes its own (BeginWrappedChild).
  ImGui::PushTextWrapPos(0.0f);
  DrawHeader();
  ImGui::Spacing();
  if (app.narrow) {
    DrawClusterPanel();
    DrawWorkloadPanel();
    RefreshReport();
    ImGui::Spacing();
    DrawReportPanel();
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float inputs_w = avail_w > 1100 ? 440.0f : std::max(340.0f, avail_w * 0.44f);
  BeginWrappedChild("inputs", ImVec2(inputs_w, 0), true);
  DrawClusterPanel();
  DrawWorkloadPanel();
  EndWrappedChild();
  // Evaluate between the inputs and the report, so a change shows in the same frame.
  RefreshReport();
  ImGui::SameLine();
  BeginWrappedChild("report", ImVec2(0, 0), true);
  DrawReportPanel();
  EndWrappedChild();
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void Frame() {
  const int css_w = std::max(1, CanvasCssWidth()), css_h = std::max(1, CanvasCssHeight());
  static int last_w = 0, last_h = 0;
  const bool resized = css_w != last_w || css_h != last_h;
  last_w = css_w;
  last_h = css_h;
  if (!ShouldDrawFrame(resized)) return;  // idle: the canvas keeps its last picture
  const int fb_w = static_cast<int>(css_w * g_dpr + 0.5f), fb_h = static_cast<int>(css_h * g_dpr + 0.5f);
  SetCanvasBuffer(fb_w, fb_h);
  glfwPollEvents();
  ApplyPendingFonts();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // The backend took sizes from GLFW's window (never resized, see SetCanvasBuffer) and the cursor
  // in buffer pixels (Emscripten scales it by buffer / CSS size): put both in CSS pixels.
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(css_w), static_cast<float>(css_h));
  io.DisplayFramebufferScale = ImVec2(fb_w / io.DisplaySize.x, fb_h / io.DisplaySize.y);
  if (io.MousePos.x > -FLT_MAX) io.MousePos = ImVec2(io.MousePos.x / io.DisplayFramebufferScale.x, io.MousePos.y / io.DisplayFramebufferScale.y);
  ApplyQueuedInput();
  ImGui::NewFrame();
  DrawLayout();
  ImGui::Render();
  PublishInputState();
  NotifyIfLinkChanged();
  NoteFrameDrawn();
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.97f, 0.98f, 0.99f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace
}  // namespace gpucfg::app

int main() {
  using namespace gpucfg::app;
  InstallEarlyListeners();  // before glfwInit: these run before GLFW's listeners (guest.h)
  if (!glfwInit()) {
    ReportStartup("glfw");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  const int w = CanvasCssWidth() > 0 ? CanvasCssWidth() : 1280;
  const int h = CanvasCssHeight() > 0 ? CanvasCssHeight() : 800;
  g_dpr = static_cast<float>(DevicePixelRatio());
  SaveCanvasStyle();
  g_window = glfwCreateWindow(w, h, "gpucfg", nullptr, nullptr);
  RestoreCanvasStyle();
  if (!g_window) {
    ReportStartup("webgl2");  // the page explains; no console error
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no file system; layout is fixed
  ApplyTheme();
  LoadFonts(g_dpr);  // ui/fonts.cpp: the compiled-in subset, more CJK on demand
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  InstallInputRouting(g_window);  // keys on the canvas only, queued; wheel in notches
  ImGui_ImplOpenGL3_Init("#version 300 es");
  LoadExample("default");
  ReportStartup(nullptr);
  emscripten_set_main_loop(Frame, 0, false);
  return 0;
}
