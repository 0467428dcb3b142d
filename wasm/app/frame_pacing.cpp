// When the page draws (see guest.h). The browser calls the main loop on every animation frame; a
// frame is drawn only when something could have changed what it shows: an input event on the canvas
// (Module.gpucfgWake, set by ui/guest_input.cpp's listeners), queued keys or taps, a changed scenario
// or report, a new canvas size, a held mouse button or a text field being edited (its cursor
// blinks). After each such cause a few more frames are drawn so ImGui's layout and hover state
// settle. Otherwise the canvas keeps its last picture and the main loop pauses: an idle widget
// costs no animation-frame callbacks at all, until an event (or a call from the page) resumes it.
#include <emscripten.h>

#include "app.h"
#include "ui/guest.h"
#include "imgui.h"

namespace gpucfg::app {
namespace {

EM_JS(int, TakeWakeJs, (), {
  var w = Module["gpucfgWake"] | 0;
  Module["gpucfgWake"] = 0;
  return w;
});
// The page's wake-up listeners (ui/guest_input.cpp) resume a paused loop.
EM_JS(void, NotePausedJs, (), { Module["gpucfgPaused"] = 1; });
EM_JS(void, ResumeJs, (), {
  if (!Module["gpucfgPaused"]) return;
  Module["gpucfgPaused"] = 0;
  Module["resumeMainLoop"]();
});
EM_JS(void, NoteFirstFrameJs, (), {
  if (Module["gpucfgFirstFrameMs"] === undefined) Module["gpucfgFirstFrameMs"] = performance.now();
});

int g_frames_left = 4;  // the first frames are drawn unconditionally
int g_frames_drawn = 0;

}  // namespace

void RequestFrames(int frames) {
  g_frames_left = frames > g_frames_left ? frames : g_frames_left;
  ResumeJs();
}

bool ShouldDrawFrame(bool size_changed) {
  const ImGuiIO& io = ImGui::GetIO();
  bool busy = TakeWakeJs() != 0 || size_changed || App().dirty || InputPending() || io.WantTextInput;
  for (bool down : io.MouseDown) busy |= down;
  if (busy) g_frames_left = g_frames_left > 4 ? g_frames_left : 4;
  if (g_frames_left <= 0) {
    NotePausedJs();
    emscripten_pause_main_loop();
    return false;
  }
  --g_frames_left;
  return true;
}

void NoteFrameDrawn() {
  if (g_frames_drawn++ == 0) NoteFirstFrameJs();
}

int FramesDrawn() { return g_frames_drawn; }

}  // namespace gpucfg::app
