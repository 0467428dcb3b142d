// The font atlas (see fonts.h): the compiled-in UI subset, plus glyphs merged from the on-demand
// CJK subset for characters that data (not the string table) brings in.
#include "ui/fonts.h"

#include <emscripten.h>
#include <emscripten/bind.h>

#include <cstdlib>
#include <iterator>
#include <set>

#include "ui/guest.h"
#include "text/i18n.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"

extern const unsigned char kUiFontTtf[];
extern const unsigned int kUiFontTtf_size;

namespace gpucfg::app {
namespace {

float g_dpr = 1.0f;
std::set<ImWchar> g_missing;         // characters the atlas lacks
unsigned char* g_cjk = nullptr;      // the CJK subset's bytes (malloc'd by the page's fetch)
int g_cjk_size = 0;
bool g_requested = false, g_rebuild = false;

// Fetches ui_font_cjk.ttf (next to the .wasm), copies it into the heap and hands it over.
EM_JS(void, FetchCjkFontJs, (), {
  var url = Module["locateFile"] ? Module["locateFile"]("ui_font_cjk.ttf", "") : "ui_font_cjk.ttf";
  fetch(url).then(function(r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.arrayBuffer();
  }).then(function(buf) {
    var bytes = new Uint8Array(buf);
    var ptr = _malloc(bytes.length);
    HEAPU8.set(bytes, ptr);
    Module["cjkFontLoaded"](ptr, bytes.length);
  }).catch(function(e) { console.warn("gpucfg: no CJK font (" + url + "): " + e); });
});

void Build() {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static ImVector<ImWchar> ranges;
  ranges.clear();
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
  for (int i = 0; i < UiStringCount(); ++i) builder.AddText(UiString(i));
  for (int i = 0; i < DataStringCount(); ++i) builder.AddText(DataString(i));
  builder.BuildRanges(&ranges);
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the bytes are a static array, not heap memory
  config.OversampleH = 2;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kUiFontTtf), static_cast<int>(kUiFontTtf_size),
                                 16.0f * g_dpr, &config, ranges.Data);
  if (g_cjk && !g_missing.empty()) {
    static ImVector<ImWchar> extra;
    extra.clear();
    for (ImWchar c : g_missing) {
      extra.push_back(c);
      extra.push_back(c);
    }
    extra.push_back(0);
    ImFontConfig merge;
    merge.MergeMode = true;
    merge.FontDataOwnedByAtlas = false;  // kept in g_cjk for later rebuilds
    merge.OversampleH = 2;
    io.Fonts->AddFontFromMemoryTTF(g_cjk, g_cjk_size, 16.0f * g_dpr, &merge, extra.Data);
  }
  io.Fonts->Build();
  io.FontGlobalScale = 1.0f / g_dpr;  // laid out at 16 CSS px, drawn from device-pixel glyphs
  // Characters now drawn leave the missing set.
  ImFont* font = io.Fonts->Fonts[0];
  for (auto it = g_missing.begin(); it != g_missing.end();) it = font->FindGlyphNoFallback(*it) ? g_missing.erase(it) : std::next(it);
}

}  // namespace

void LoadFonts(float dpr) {
  g_dpr = dpr;
  Build();
}

void CheckGlyphs(std::string_view text) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.Fonts->Fonts.empty()) return;
  ImFont* font = io.Fonts->Fonts[0];
  const char* p = text.data();
  const char* end = p + text.size();
  bool added = false;
  while (p < end) {
    unsigned int c = 0;
    const int n = ImTextCharFromUtf8(&c, p, end);
    if (n <= 0) break;
    p += n;
    if (c < 0x2E80 || c > 0xFFFF || font->FindGlyphNoFallback(static_cast<ImWchar>(c))) continue;
    added |= g_missing.insert(static_cast<ImWchar>(c)).second;
  }
  if (!added) return;
  if (g_cjk) g_rebuild = true;
  else if (!g_requested) {
    g_requested = true;
    FetchCjkFontJs();
  }
}

void ApplyPendingFonts() {
  if (!g_rebuild) return;
  g_rebuild = false;
  Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

int MissingGlyphCount() { return static_cast<int>(g_missing.size()); }

// Called by FetchCjkFontJs with the font's bytes in the heap (ownership passes here).
void CjkFontLoaded(int ptr, int size) {
  g_cjk = reinterpret_cast<unsigned char*>(ptr);
  g_cjk_size = size;
  g_rebuild = true;
  RequestFrames();
}

}  // namespace gpucfg::app

EMSCRIPTEN_BINDINGS(gpucfg_fonts) {
  emscripten::function("cjkFontLoaded", &gpucfg::app::CjkFontLoaded);
  emscripten::function("missingGlyphs", &gpucfg::app::MissingGlyphCount);
}
