// The page's fonts. The UI font is a subset of WenQuanYi Micro Hei cut at build time to the
// characters of i18n.cpp and compiled in. Text the page did not write (an imported model's Chinese
// name, a pasted scenario) may hold other CJK characters: those are looked up when the scenario
// changes, and if any is missing, the larger CJK subset the build also cuts (ui_font_cjk.ttf,
// served next to the .wasm, fetched once and only then) is merged in for just those characters.
#pragma once

#include <string_view>

namespace gpucfg::app {

// Builds the atlas at start (dpr: the device pixel ratio the glyphs are rasterised for).
void LoadFonts(float dpr);
// Notes the characters of `text` the atlas lacks; asks the page for the CJK font if needed.
void CheckGlyphs(std::string_view text);
// At a frame's start (outside NewFrame/Render): rebuilds the atlas when new glyphs can be drawn.
void ApplyPendingFonts();
int MissingGlyphCount();  // characters still drawn as '?' (test hook)

}  // namespace gpucfg::app
