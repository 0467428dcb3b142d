// How the page behaves as a guest on someone else's page (embed.js puts it into a marketing page's
// <div>): keys reach the widget only while its canvas has focus, the wheel and a swipe scroll the
// host page when the widget has nothing to scroll there, taps work on phones, key presses shorter
// than a frame are never lost, and idle frames are skipped (drawn only on input, a changed report
// or a resize). guest_input.cpp routes the events, frame_pacing.cpp decides when to draw.
#pragma once

struct GLFWwindow;

namespace gpucfg::app {

// [SECTION] Input routing (guest_input.cpp) --------------------------------------------------------
// Before glfwInit (so these listeners run before GLFW's on the same canvas): the wheel filter, touch
// handling and the wake-up listeners.
void InstallEarlyListeners();
// After ImGui_ImplGlfw_InitForOpenGL: moves GLFW's window-wide key listeners onto the canvas and
// installs the queueing key/char/scroll callbacks.
void InstallInputRouting(GLFWwindow* window);
// Each frame between the backend's NewFrame and ImGui::NewFrame (io in CSS pixels): applies queued
// keys and characters (every press lasts at least one frame) and touch taps and swipes.
void ApplyQueuedInput();
// Each frame after the layout: tells the page's listeners what the widget can scroll under the
// pointer and whether it is editing text (they decide at event time, before the next frame).
void PublishInputState();
bool InputPending();  // queued keys, characters or taps not applied yet

// [SECTION] Frame pacing (frame_pacing.cpp) ----------------------------------------------------------
// Asks for the next `frames` frames to be drawn (a changed report, a language switch, a new link).
void RequestFrames(int frames = 4);
// Whether this animation frame must be drawn; false lets the canvas keep its last picture.
bool ShouldDrawFrame(bool size_changed);
void NoteFrameDrawn();
int FramesDrawn();  // frames drawn since start (the browser test counts idle frames with it)

}  // namespace gpucfg::app
