// Every headline figure explained on hover: what it is, the formula in words with this scenario's
// numbers (the core's FormulaOf: the page computes nothing, it labels and formats),
// where the model comes from, and how far to trust it (the report's confidence and the calibration
// the README states). Strings live in i18n.cpp (en / zh-CN).
#pragma once

#include <string>

#include "text/i18n.h"

namespace gpucfg::app {

// Figure: core/query/explain.h's, whose FormulaOf gives each one's formula.

// When the last item is hovered, shows the figure's explanation as a tooltip. `name` is the test
// hook the item is marked with (widgetRect), e.g. "figure:mfu".
void ExplainLastItem(Figure figure, const char* name);
// The "Source" and "Uncertainty" lines, for panels that draw their own tooltip (memory, roofline).
void ExplainFooter(S source);

// Test hook: the text of the explanation tooltip shown in the last drawn frame ("" if none), so the
// browser test can read what the canvas shows. Panels with their own tooltips add theirs too.
void NoteTooltip(const std::string& text);
std::string LastTooltip();

}  // namespace gpucfg::app
